//! Pitch geometry: which points and links exist, which lines are pre-drawn,
//! and how points are laid out in a board's slot array.

// Geometry in `i8`/`isize` coordinates of a validated pitch (at most 256
// slots, so every coordinate and slot fits): the casts cannot truncate or
// wrap. `p`, `q`, `d`, `x`, `y`, `w`, `h` are the names of the rules.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap, clippy::many_single_char_names)]

use crate::dir::{Dir, DirSet, Point};
use game_core::PlayerId;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most slots (array cells) a board may have: ball positions are kept
/// in one byte.
pub const MAX_SLOTS: usize = 256;

/// Number of slots of the board array for a pitch `width` x `height`
/// squares: the rows `-1..=height+1` of `width + 1` columns, trimmed to
/// start at the top goal's left point and end at the bottom goal's right
/// point. 111 for the standard 8x10 pitch.
///
/// Use it to name the board type of another size:
/// `Board<{ paper_soccer::slots(6, 8) }>`.
#[must_use]
pub const fn slots(width: u8, height: u8) -> usize {
    (height as usize + 2) * (width as usize + 1) + 3
}

/// Which end of the pitch a goal is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Goal {
    /// The goal at `y = -1`, attacked by player 0.
    Top,
    /// The goal at `y = height + 1`, attacked by player 1.
    Bottom,
}

/// The drawable links of every slot of the standard pitch (see
/// `Pitch::initial_free`), computed at compile time.
static STANDARD_FREE: [u8; slots(8, 10)] = Pitch::STANDARD.drawable_masks();

/// The size of a pitch in squares. Both even, width at least 4, height at
/// least 2, and at most [`MAX_SLOTS`] slots; goals are 2 squares wide and 1
/// deep, centred. [`Pitch::STANDARD`] is the contest's 8x10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Pitch {
    /// Squares from left to right (even).
    pub width: u8,
    /// Squares from top to bottom (even).
    pub height: u8,
}

impl Default for Pitch {
    fn default() -> Pitch {
        Pitch::STANDARD
    }
}

impl fmt::Display for Pitch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl Pitch {
    /// The contest pitch, 8 squares wide and 10 high.
    pub const STANDARD: Pitch = Pitch { width: 8, height: 10 };

    /// Number of slots of this pitch's board array (see [`slots`]).
    #[inline]
    #[must_use]
    pub const fn slots(self) -> usize {
        slots(self.width, self.height)
    }

    #[inline]
    pub(crate) const fn stride(self) -> isize {
        self.width as isize + 1
    }

    #[inline]
    const fn mid(self) -> i16 {
        (self.width / 2) as i16
    }

    /// The point where the ball starts, the centre.
    #[inline]
    #[must_use]
    pub const fn centre(self) -> Point {
        Point::new((self.width / 2) as i8, (self.height / 2) as i8)
    }

    /// Whether `p` is a point of the pitch (lattice or goal).
    #[must_use]
    pub fn contains(self, p: Point) -> bool {
        let (x, y) = (i16::from(p.x), i16::from(p.y));
        let (w, h) = (i16::from(self.width), i16::from(self.height));
        if (0..=h).contains(&y) { (0..=w).contains(&x) } else { (y == -1 || y == h + 1) && (x - self.mid()).abs() <= 1 }
    }

    /// The goal `p` lies in, if it is a goal point.
    #[must_use]
    pub fn goal_at(self, p: Point) -> Option<Goal> {
        if !self.contains(p) {
            None
        } else if p.y == -1 {
            Some(Goal::Top)
        } else if i16::from(p.y) == i16::from(self.height) + 1 {
            Some(Goal::Bottom)
        } else {
            None
        }
    }

    /// Whether the link from `p` in direction `d` exists (both ends are
    /// points and it is not an outer diagonal into a goal).
    #[must_use]
    pub fn link_exists(self, p: Point, d: Dir) -> bool {
        let Some(q) = p.step(d) else { return false };
        if !self.contains(p) || !self.contains(q) {
            return false;
        }
        let (dx, dy) = d.delta();
        // Read only for a link between the pitch and a goal, which always
        // changes row: it is diagonal when it changes column.
        let diagonal = dx != 0;
        match (self.goal_at(p).is_some(), self.goal_at(q).is_some()) {
            (false, false) => true,
            (true, true) => dy == 0,
            // A diagonal between the pitch and a goal starts inside the mouth.
            (true, false) => !diagonal || (i16::from(q.x) - self.mid()).abs() <= 1,
            (false, true) => !diagonal || (i16::from(p.x) - self.mid()).abs() <= 1,
        }
    }

    /// Whether the link from `p` in direction `d` is a pre-drawn line (side
    /// line, end line outside the goal mouth, goal wall or goal back).
    #[must_use]
    pub fn is_predrawn(self, p: Point, d: Dir) -> bool {
        if !self.link_exists(p, d) {
            return false;
        }
        let Some(q) = p.step(d) else { return false };
        let (w, h) = (i16::from(self.width), i16::from(self.height));
        let (px, py, qx, qy) = (i16::from(p.x), i16::from(p.y), i16::from(q.x), i16::from(q.y));
        let in_goal = self.goal_at(p).is_some() || self.goal_at(q).is_some();
        if in_goal {
            // Goal back (horizontal inside the goal row) or side walls
            // (vertical off the middle column).
            return (py == qy) || (px == qx && px != self.mid());
        }
        if px == qx && (px == 0 || px == w) {
            return true;
        }
        if py == qy && (py == 0 || py == h) {
            let in_mouth = px.min(qx) >= self.mid() - 1 && px.max(qx) <= self.mid() + 1;
            return !in_mouth;
        }
        false
    }

    /// The directions of the links that exist at `p`.
    #[must_use]
    pub fn links_at(self, p: Point) -> DirSet {
        Dir::ALL.into_iter().filter(|&d| self.link_exists(p, d)).collect()
    }

    /// Every point of the pitch, row by row from the top goal.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width as i8, self.height as i8);
        (-1..=h + 1).flat_map(move |y| (0..=w).map(move |x| Point::new(x, y))).filter(move |&p| self.contains(p))
    }

    /// Every link once, as `(point, direction)` from its first end in
    /// [`points`](Pitch::points) order, with whether it is pre-drawn.
    pub fn links(self) -> impl Iterator<Item = (Point, Dir, bool)> {
        self.points().flat_map(move |p| {
            Dir::ALL.into_iter().filter_map(move |d| {
                let q = p.step(d)?;
                let forward = (q.y, q.x) > (p.y, p.x);
                (forward && self.link_exists(p, d)).then(|| (p, d, self.is_predrawn(p, d)))
            })
        })
    }

    /// Number of links that are not pre-drawn: the longest a game can last
    /// in steps (316 on the standard pitch).
    #[must_use]
    pub const fn drawable_links(self) -> usize {
        let (w, h) = (self.width as usize, self.height as usize);
        // Lattice links (horizontal, vertical, diagonal) and 9 per goal,
        // less the side lines, the end lines outside the mouths and the 4
        // walls and backs of each goal.
        w * (h + 1) + (w + 1) * h + 2 * w * h + 18 - 2 * h - 2 * (w - 2) - 8
    }

    /// The slot of `p` in a board array, if `p` is a point.
    #[inline]
    #[must_use]
    pub fn slot(self, p: Point) -> Option<usize> {
        if !self.contains(p) {
            return None;
        }
        let i = (isize::from(p.y) + 1) * self.stride() + isize::from(p.x) - (self.mid() as isize - 1);
        usize::try_from(i).ok()
    }

    /// The point at slot `i` (which may not be a point of the pitch: slots
    /// also cover the columns beside the goals).
    #[inline]
    #[must_use]
    pub fn point_of_slot(self, i: usize) -> Point {
        let t = i as isize + self.mid() as isize - 1;
        Point::new((t % self.stride()) as i8, (t / self.stride() - 1) as i8)
    }

    /// Slot offset of one step in direction `d`.
    #[inline]
    pub(crate) fn offset(self, d: Dir) -> isize {
        let (dx, dy) = d.delta();
        isize::from(dy) * self.stride() + isize::from(dx)
    }

    /// The free-link masks of an empty pitch, one byte per slot: the drawable
    /// links of every pitch point, 0 for goal points and non-points. Straight
    /// arithmetic on the rules' geometry (the same links as
    /// [`link_exists`](Pitch::link_exists) and
    /// [`is_predrawn`](Pitch::is_predrawn), checked against them for every
    /// pitch size by the tests), cheap enough for every hash recomputation.
    pub(crate) fn initial_free<const N: usize>(self) -> [u8; N] {
        #[cfg(feature = "planted-bugs")]
        if let Some(free) = self.planted_free() {
            return free;
        }
        if self.width == Pitch::STANDARD.width && self.height == Pitch::STANDARD.height {
            if let Ok(free) = <[u8; N]>::try_from(&STANDARD_FREE[..]) {
                return free;
            }
        }
        self.drawable_masks()
    }

    /// The planted bugs of the pitch (feature `planted-bugs`):
    /// `paper-soccer-side-line-open` leaves the side lines out of the
    /// pre-drawn lines, `paper-soccer-outer-goal-diagonal` adds the outer
    /// diagonals into each goal, from beside its posts. `None` when neither
    /// is switched on.
    #[cfg(feature = "planted-bugs")]
    fn planted_free<const N: usize>(self) -> Option<[u8; N]> {
        use game_core::planted::is;
        let (side, diagonal) = (is("paper-soccer-side-line-open"), is("paper-soccer-outer-goal-diagonal"));
        if !side && !diagonal {
            return None;
        }
        let mut free: [u8; N] = self.drawable_masks();
        let mut open = |p: Point, d: Dir| {
            if let Some(f) = self.slot(p).and_then(|i| free.get_mut(i)) {
                *f |= d.bit();
            }
        };
        let (w, h, m) = (self.width as i8, self.height as i8, self.mid() as i8);
        if side {
            for y in 0..=h {
                for x in [0, w] {
                    if y > 0 {
                        open(Point::new(x, y), Dir::N);
                    }
                    if y < h {
                        open(Point::new(x, y), Dir::S);
                    }
                }
            }
        }
        if diagonal {
            for (y, [left, right]) in [(0, [Dir::NE, Dir::NW]), (h, [Dir::SE, Dir::SW])] {
                open(Point::new(m - 2, y), left);
                open(Point::new(m + 2, y), right);
            }
        }
        Some(free)
    }

    /// [`initial_free`](Pitch::initial_free) computed (at compile time for
    /// the standard pitch).
    const fn drawable_masks<const N: usize>(self) -> [u8; N] {
        let (w, h, m) = (self.width as i16, self.height as i16, self.mid());
        let mut free = [0u8; N];
        let mut y = 0;
        while y <= h {
            let mut x = 0;
            while x <= w {
                let mut mask = 0u8;
                let mut k = 0;
                while k < 8 {
                    let (dx, dy) = Dir::ALL[k].delta();
                    let (dx, dy) = (dx as i16, dy as i16);
                    let (qx, qy) = (x + dx, y + dy);
                    let drawable = if qx >= 0 && qx <= w && qy >= 0 && qy <= h {
                        let side = dx == 0 && (x == 0 || x == w);
                        let in_mouth = (x - m).abs() <= 1 && (qx - m).abs() <= 1;
                        let end = dy == 0 && (y == 0 || y == h) && !in_mouth;
                        !side && !end
                    } else if qy == -1 || qy == h + 1 {
                        // Into a goal: the three goal points, diagonals only
                        // from inside the mouth, the walls pre-drawn.
                        (qx - m).abs() <= 1 && (dx == 0 || (x - m).abs() <= 1) && !(dx == 0 && x != m)
                    } else {
                        false
                    };
                    if drawable {
                        mask |= 1 << k;
                    }
                    k += 1;
                }
                if let Some(i) = slot_in::<N>((y + 1) * (w + 1) + x - (m - 1)) {
                    free[i] = mask;
                }
                x += 1;
            }
            y += 1;
        }
        free
    }

    /// The player who attacks `goal`: player 0 the top one, player 1 the
    /// bottom one.
    #[must_use]
    pub const fn attacker(goal: Goal) -> PlayerId {
        match goal {
            Goal::Top => PlayerId(0),
            Goal::Bottom => PlayerId(1),
        }
    }
}

/// Slot `i` as an index of a board of `N` slots, when it is one (always,
/// for a board whose `N` is its pitch's slot count, which making the board
/// checks: the guard keeps a wrong `N` from panicking). Not a `&mut` writer:
/// bundled bots build with rustc 1.81, whose `const fn` takes no `&mut`.
const fn slot_in<const N: usize>(i: i16) -> Option<usize> {
    // Checked non-negative first (a const fn cannot use try_from).
    #[allow(clippy::cast_sign_loss)]
    if i >= 0 && (i as usize) < N { Some(i as usize) } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawable_masks_are_the_links_that_exist_and_are_not_predrawn_on_every_size() {
        for width in (4..=16).step_by(2) {
            for height in (2..=20).step_by(2) {
                let Ok(pitch) = Pitch::new(width, height) else { continue };
                let fast: [u8; MAX_SLOTS] = pitch.drawable_masks();
                let mut slow = [0u8; MAX_SLOTS];
                for p in pitch.points().filter(|&p| pitch.goal_at(p).is_none()) {
                    let i = pitch.slot(p).unwrap();
                    slow[i] = Dir::ALL
                        .into_iter()
                        .filter(|&d| pitch.link_exists(p, d) && !pitch.is_predrawn(p, d))
                        .fold(0, |m, d| m | d.bit());
                }
                assert_eq!(fast, slow, "{width}x{height}");
            }
        }
        let standard: [u8; STANDARD_SLOTS_HERE] = Pitch::STANDARD.initial_free();
        assert_eq!(standard, Pitch::STANDARD.drawable_masks::<STANDARD_SLOTS_HERE>());
    }

    const STANDARD_SLOTS_HERE: usize = slots(8, 10);
}
