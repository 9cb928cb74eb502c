//! The position ([`Board`]) and its queries.

// Slots are below `MAX_SLOTS` (256) on a validated pitch, so a slot fits in
// a byte. The slot accessors are the innermost step of every hot path and
// are forced inline (measured by `benches/benches/paper_soccer.rs`).
#![allow(clippy::cast_possible_truncation, clippy::inline_always)]

use crate::dir::{Dir, DirSet, Point};
use crate::pitch::{Goal, Pitch, slots};
use game_core::PlayerId;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Number of board slots of the standard 8x10 pitch (see [`slots`]).
pub const STANDARD_SLOTS: usize = slots(8, 10);

/// A Paper Soccer position on the standard 8x10 pitch: 128 bytes, `Copy`.
pub type PaperSoccer = Board<STANDARD_SLOTS>;

/// A Paper Soccer position on a pitch with `N` board slots (`N` is
/// [`slots`]`(width, height)`; [`PaperSoccer`] is the standard 8x10).
///
/// The position is the set of drawn lines (kept as one byte per point: the
/// directions still free there), the ball, and the player to move. It is
/// `Copy`; the standard board is 128 bytes. While the game runs,
/// [`to_act`](game_core::Game::to_act) names the player who must make the next step,
/// which stays the same after a bounce. Once it is over, the player stored
/// is the one who made the last step.
///
/// Equality compares everything the rules depend on: pitch, lines, ball,
/// player (and the hash derived from them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board<const N: usize> {
    /// Per slot, the directions of links that exist and are not drawn yet;
    /// 0 for goal points (entering a goal ends the game) and non-points.
    pub(crate) free: [u8; N],
    /// The ball's slot.
    pub(crate) ball: u8,
    /// The player to move; once the game is over, the last mover.
    pub(crate) to_move: u8,
    pub(crate) width: u8,
    pub(crate) height: u8,
    /// The Zobrist hash, kept up to date by every step.
    pub(crate) hash: u64,
}

/// A drawn line: from a point in a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Line {
    /// One end.
    pub from: Point,
    /// Direction to the other end.
    pub dir: Dir,
}

impl<const N: usize> Board<N> {
    /// The pitch size.
    #[inline]
    #[must_use]
    pub fn pitch(&self) -> Pitch {
        Pitch { width: self.width, height: self.height }
    }

    /// Where the ball is.
    #[inline]
    #[must_use]
    pub fn ball(&self) -> Point {
        self.pitch().point_of_slot(usize::from(self.ball))
    }

    /// The player who must make the next step, `None` once the game is
    /// over. The result of a finished game is read from
    /// [`outcome`](game_core::Game::outcome) (`outcome().value_for(p)` in
    /// search code) or [`winner`](Board::winner); the player who made the
    /// last step is [`last_mover`](Board::last_mover).
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Option<PlayerId> {
        (!self.is_over()).then_some(PlayerId(self.to_move))
    }

    /// The player who made the last step, once the game is over (`None`
    /// while it runs). It tells a goal from an own goal.
    #[inline]
    #[must_use]
    pub fn last_mover(&self) -> Option<PlayerId> {
        self.is_over().then_some(PlayerId(self.to_move))
    }

    /// The goal `player` attacks: player 0 the top goal, player 1 the
    /// bottom; `None` for a seat that does not exist (2 and up).
    #[inline]
    #[must_use]
    pub fn goal_attacked(player: PlayerId) -> Option<Goal> {
        match player.0 {
            0 => Some(Goal::Top),
            1 => Some(Goal::Bottom),
            _ => None,
        }
    }

    /// The goal `player` defends (entering it loses for `player`); `None`
    /// for a seat that does not exist (2 and up).
    #[inline]
    #[must_use]
    pub fn goal_defended(player: PlayerId) -> Option<Goal> {
        match player.0 {
            0 => Some(Goal::Bottom),
            1 => Some(Goal::Top),
            _ => None,
        }
    }

    /// Whether the game is over (ball in a goal or blocked).
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.free_mask(self.ball) == 0
    }

    #[inline(always)]
    pub(crate) fn free_mask(&self, slot: u8) -> u8 {
        self.free.get(usize::from(slot)).copied().unwrap_or(0)
    }

    /// The directions in which the ball may step now (empty once the game
    /// is over).
    #[inline]
    #[must_use]
    pub fn legal_dirs(&self) -> DirSet {
        DirSet(self.free_mask(self.ball))
    }

    /// The directions of the links at `p` that are not drawn yet (empty for
    /// goal points and non-points).
    #[must_use]
    pub fn free_dirs(&self, p: Point) -> DirSet {
        // A goal point's mask is 0 from the start, and a step only clears bits.
        match self.pitch().slot(p) {
            Some(i) => DirSet(self.free_mask(i as u8)),
            None => DirSet::EMPTY,
        }
    }

    /// Whether the line from `p` in direction `d` is drawn (pre-drawn lines
    /// included); `None` if that link does not exist.
    #[must_use]
    pub fn is_line_drawn(&self, p: Point, d: Dir) -> Option<bool> {
        let pitch = self.pitch();
        if !pitch.link_exists(p, d) {
            return None;
        }
        if pitch.is_predrawn(p, d) {
            return Some(true);
        }
        // A drawable link has at least one end on the pitch proper, which
        // keeps its state.
        if pitch.goal_at(p).is_none() {
            Some(!self.free_dirs(p).contains(d))
        } else {
            let q = p.step(d)?;
            Some(!self.free_dirs(q).contains(d.opposite()))
        }
    }

    /// Whether the ball arriving at `p` now would bounce: `p` touches a drawn
    /// line (every border point, post and corner does from the start), or
    /// it is a goal point. `false` for points off the pitch.
    #[must_use]
    pub fn is_bounce_point(&self, p: Point) -> bool {
        let pitch = self.pitch();
        match pitch.slot(p) {
            Some(i) => pitch.goal_at(p).is_some() || self.free_mask(i as u8) != pitch.links_at(p).0,
            None => false,
        }
    }

    /// The drawable lines drawn so far, each once, in pitch order (from
    /// the end that comes first row by row from the top goal, in direction
    /// E, SE, S or SW).
    pub fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        let pitch = self.pitch();
        let mut out = Vec::new();
        self.for_each_line(|a, _, d| out.push(Line { from: pitch.point_of_slot(a), dir: d }));
        out.into_iter()
    }

    /// Calls `f(a, b, d)` for every drawn drawable line, in pitch order: the
    /// slot of its first end, of its other end, and the direction from the
    /// first (E, SE, S or SW). A line is kept at its pitch ends only (a goal
    /// point keeps nothing), so a line from the top goal is read at its
    /// other end.
    pub(crate) fn for_each_line(&self, mut f: impl FnMut(usize, usize, Dir)) {
        let pitch = self.pitch();
        let drawable: [u8; N] = pitch.initial_free();
        let drawn = |slot: usize, d: Dir| drawable.get(slot).is_some_and(|m| m & !self.free[slot] & d.bit() != 0);
        for a in 0..N {
            for d in [Dir::E, Dir::SE, Dir::S, Dir::SW] {
                let Some(b) = a.checked_add_signed(pitch.offset(d)) else { continue };
                if drawn(a, d) || drawn(b, d.opposite()) {
                    f(a, b, d);
                }
            }
        }
    }

    /// Number of drawable lines drawn so far (the steps played in a game
    /// from the start).
    #[must_use]
    pub fn lines_drawn(&self) -> usize {
        self.lines().count()
    }

    /// The goal the ball is in, if any.
    #[must_use]
    pub fn ball_goal(&self) -> Option<Goal> {
        self.pitch().goal_at(self.ball())
    }

    /// The winner once the game is over: the attacker of the goal the ball
    /// is in, or the opponent of the player who blocked the ball.
    #[must_use]
    pub fn winner(&self) -> Option<PlayerId> {
        if !self.is_over() {
            return None;
        }
        Some(match self.ball_goal() {
            Some(goal) => Pitch::attacker(goal),
            None => PlayerId(self.to_move).opponent(),
        })
    }

    #[inline(always)]
    pub(crate) fn ball_slot(&self) -> usize {
        usize::from(self.ball)
    }
}
