//! The position ([`Board`]) and the step-level rules on the game-core
//! [`Game`] trait.

use crate::dir::{Dir, DirSet, Point};
use crate::pitch::{BadPitch, Goal, Pitch, slots};
use game_core::{Game, GameError, MoveNotation, NoChance, Outcome, PlayerId, RngCore, ToAct, Zobrist};
use serde::{Deserialize, Serialize};

/// Number of board slots of the standard 8x10 pitch (see [`slots`]).
pub const STANDARD_SLOTS: usize = slots(8, 10);

/// `NTH_BIT[mask][k]`: the index of the `k`-th set bit of `mask`.
static NTH_BIT: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut b = 0;
        while b < 8 {
            if m & (1 << b) != 0 {
                t[m][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        m += 1;
    }
    t
};

/// A Paper Soccer position on the standard 8x10 pitch: 128 bytes, `Copy`.
pub type PaperSoccer = Board<STANDARD_SLOTS>;

/// A Paper Soccer position on a pitch with `N` board slots (`N` is
/// [`slots`]`(width, height)`; [`PaperSoccer`] is the standard 8x10).
///
/// The position is the set of drawn lines (kept as one byte per point: the
/// directions still free there), the ball, and the player to move. It is
/// `Copy`; the standard board is 128 bytes. While the game runs,
/// [`to_act`](Game::to_act) names the player who must make the next step,
/// which stays the same after a bounce. Once it is over, the player stored
/// is the one who made the last step.
///
/// Equality compares everything the rules depend on: pitch, lines, ball,
/// player (and the hash derived from them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board<const N: usize> {
    /// Per slot, the directions of links that exist and are not drawn yet;
    /// 0 for goal points (entering a goal ends the game) and non-points.
    free: [u8; N],
    ball: u8,
    to_move: u8,
    width: u8,
    height: u8,
    hash: u64,
}

/// Why a step is refused (the [`Game::Error`] of [`Board`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not this player's step.
    #[error("it is player {to_move}'s step, not player {player}'s")]
    NotYourTurn {
        /// Who tried.
        player: PlayerId,
        /// Who must move.
        to_move: PlayerId,
    },
    /// The step leads off the pitch or along an outer diagonal into a goal.
    #[error("no point in direction {dir} from {from}")]
    NoSuchPoint {
        /// The ball.
        from: Point,
        /// The direction tried.
        dir: Dir,
    },
    /// The line is pre-drawn or was drawn before.
    #[error("the line from {from} in direction {dir} is already drawn")]
    LineAlreadyDrawn {
        /// The ball.
        from: Point,
        /// The direction tried.
        dir: Dir,
    },
}

impl GameError for StepError {
    fn kind(&self) -> &'static str {
        match self {
            StepError::GameOver => "game-over",
            StepError::NotYourTurn { .. } => "not-your-turn",
            StepError::NoSuchPoint { .. } => "no-such-point",
            StepError::LineAlreadyDrawn { .. } => "line-already-drawn",
        }
    }
}

/// Why a [`Setup`] (or a position text) is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// An unsupported pitch size.
    #[error(transparent)]
    BadPitch(#[from] BadPitch),
    /// The pitch does not fit this board type's slot count.
    #[error("pitch {pitch} needs {needed} slots but this board type has {have}")]
    WrongBoardType {
        /// The pitch asked for.
        pitch: Pitch,
        /// Slots that pitch needs.
        needed: usize,
        /// Slots of the board type.
        have: usize,
    },
    /// The ball is not on a point.
    #[error("the ball at {0} is not on a point of the pitch")]
    BallOffPitch(Point),
    /// A listed line does not exist.
    #[error("there is no line from {from} in direction {dir}")]
    NoSuchLine {
        /// One end.
        from: Point,
        /// Direction to the other end.
        dir: Dir,
    },
    /// A listed line is pre-drawn (only drawable lines are listed).
    #[error("the line from {from} in direction {dir} is pre-drawn")]
    PreDrawnLine {
        /// One end.
        from: Point,
        /// Direction to the other end.
        dir: Dir,
    },
    /// A line is listed twice.
    #[error("the line from {from} in direction {dir} is listed twice")]
    DuplicateLine {
        /// One end.
        from: Point,
        /// Direction to the other end.
        dir: Dir,
    },
    /// The player is not 0 or 1.
    #[error("player {0} does not exist (0 or 1)")]
    BadPlayer(PlayerId),
    /// The position text cannot be read.
    #[error("bad position text: {0}")]
    Syntax(&'static str),
}

impl GameError for SetupError {
    fn kind(&self) -> &'static str {
        match self {
            SetupError::BadPitch(_) => "bad-pitch",
            SetupError::WrongBoardType { .. } => "wrong-board-type",
            SetupError::BallOffPitch(_) => "ball-off-pitch",
            SetupError::NoSuchLine { .. } => "no-such-line",
            SetupError::PreDrawnLine { .. } => "pre-drawn-line",
            SetupError::DuplicateLine { .. } => "duplicate-line",
            SetupError::BadPlayer(_) => "bad-player",
            SetupError::Syntax(_) => "syntax",
        }
    }
}

/// A drawn line: from a point in a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Line {
    /// One end.
    pub from: Point,
    /// Direction to the other end.
    pub dir: Dir,
}

/// The plain description of a position ([`Game::Setup`]): the pitch, the
/// drawable lines already drawn, the ball and the player to move (once the
/// game is over: the player who made the last step).
///
/// [`Game::from_setup`] checks that the pitch is supported, the ball is on a
/// point, and every line exists, is not pre-drawn and is listed once. It
/// does not check that the position can be reached in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Pitch size.
    pub pitch: Pitch,
    /// The drawn lines that were not pre-drawn, each once (either end).
    pub lines: Vec<Line>,
    /// The ball.
    pub ball: Point,
    /// The player to move (the last mover once the game is over).
    pub to_move: PlayerId,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { pitch: Pitch::STANDARD, lines: Vec::new(), ball: Pitch::STANDARD.centre(), to_move: PlayerId(0) }
    }
}

// --- Zobrist keys: SplitMix64 of (slot, direction), in tables built at
// compile time, valid for every pitch size (slots are below 256). A line is
// keyed from its end with the lower slot, whose direction to the other end
// is E, SE, S or SW. ---

const fn key_table<const K: usize>(salt: u64) -> [u64; K] {
    let mut t = [0u64; K];
    let mut i = 0;
    while i < K {
        t[i] = game_core::rng::splitmix64(game_core::rng::splitmix64(salt) ^ i as u64);
        i += 1;
    }
    t
}

/// Line keys of the Zobrist hash, by `slot * 8 + forward direction`.
static LINE_KEYS: [u64; 2048] = key_table(1);
/// Ball keys of the Zobrist hash, by slot.
static BALL_KEYS: [u64; 256] = key_table(2);
/// Line keys of the second hash of the turn generator.
static LINE_KEYS2: [u64; 2048] = key_table(3);
/// Ball keys of the second hash of the turn generator.
static BALL_KEYS2: [u64; 256] = key_table(4);

#[inline(always)]
fn line_index(p: usize, q: usize, d: Dir) -> usize {
    let d = d.index() as usize;
    // E, SE, S, SW lead to a higher slot.
    (if d.wrapping_sub(2) < 4 { p * 8 + d } else { q * 8 + (d ^ 4) }) & 2047
}

/// Zobrist key of the line from slot `p` in direction `d` to slot `q`.
#[inline(always)]
pub(crate) fn line_key(p: usize, q: usize, d: Dir) -> u64 {
    LINE_KEYS[line_index(p, q, d)]
}

/// Zobrist key of the ball on slot `a`.
#[inline(always)]
pub(crate) fn ball_key(a: usize) -> u64 {
    BALL_KEYS[a & 255]
}

/// Second-hash key of a line (see [`line_key`]).
#[inline(always)]
pub(crate) fn line_key2(p: usize, q: usize, d: Dir) -> u64 {
    LINE_KEYS2[line_index(p, q, d)]
}

/// Second-hash key of the ball on slot `a`.
#[inline(always)]
pub(crate) fn ball_key2(a: usize) -> u64 {
    BALL_KEYS2[a & 255]
}

/// Key of player 1 to move.
pub(crate) const PLAYER_KEY: u64 = game_core::rng::splitmix64(0x2_0000_0000);

impl Default for Board<STANDARD_SLOTS> {
    fn default() -> Self {
        Board::standard()
    }
}

impl Board<STANDARD_SLOTS> {
    /// The start of a game on the standard 8x10 pitch.
    pub fn standard() -> Self {
        match Board::new(Pitch::STANDARD) {
            Ok(b) => b,
            Err(_) => unreachable!("the standard pitch fits the standard board"),
        }
    }
}

impl<const N: usize> Board<N> {
    /// The start of a game on `pitch`: no line drawn but the pre-drawn ones,
    /// the ball at the centre, player 0 to move.
    ///
    /// # Errors
    /// [`SetupError::WrongBoardType`] when `N` is not [`slots`] of the pitch,
    /// [`SetupError::BadPitch`] for an unsupported size.
    pub fn new(pitch: Pitch) -> Result<Self, SetupError> {
        let pitch = Pitch::new(pitch.width, pitch.height)?;
        if pitch.slots() != N {
            return Err(SetupError::WrongBoardType { pitch, needed: pitch.slots(), have: N });
        }
        let ball = pitch.slot(pitch.centre()).unwrap_or(0) as u8;
        let mut b =
            Board { free: pitch.initial_free(), ball, to_move: 0, width: pitch.width, height: pitch.height, hash: 0 };
        b.hash = b.zobrist_from_scratch();
        Ok(b)
    }

    /// The pitch size.
    #[inline]
    pub fn pitch(&self) -> Pitch {
        Pitch { width: self.width, height: self.height }
    }

    /// Where the ball is.
    #[inline]
    pub fn ball(&self) -> Point {
        self.pitch().point_of_slot(usize::from(self.ball))
    }

    /// The player who must make the next step; once the game is over, the
    /// player who made the last one.
    #[inline]
    pub fn to_move(&self) -> PlayerId {
        PlayerId(self.to_move)
    }

    /// The goal `player` attacks: player 0 the top goal, player 1 the bottom.
    #[inline]
    pub fn goal_attacked(player: PlayerId) -> Goal {
        if player.0 == 0 { Goal::Top } else { Goal::Bottom }
    }

    /// The goal `player` defends (entering it loses for `player`).
    #[inline]
    pub fn goal_defended(player: PlayerId) -> Goal {
        Self::goal_attacked(player.opponent())
    }

    /// Whether the game is over (ball in a goal or blocked).
    #[inline]
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
    pub fn legal_dirs(&self) -> DirSet {
        DirSet(self.free_mask(self.ball))
    }

    /// The directions of the links at `p` that are not drawn yet (empty for
    /// goal points and non-points).
    pub fn free_dirs(&self, p: Point) -> DirSet {
        let pitch = self.pitch();
        match pitch.slot(p) {
            Some(i) if pitch.goal_at(p).is_none() => DirSet(self.free_mask(i as u8)),
            _ => DirSet::EMPTY,
        }
    }

    /// Whether the line from `p` in direction `d` is drawn (pre-drawn lines
    /// included); `None` if that link does not exist.
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
    pub fn is_bounce_point(&self, p: Point) -> bool {
        let pitch = self.pitch();
        match pitch.slot(p) {
            Some(i) => pitch.goal_at(p).is_some() || self.free_mask(i as u8) != pitch.links_at(p).0,
            None => false,
        }
    }

    /// The drawable lines drawn so far, each once, in pitch order.
    pub fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        self.pitch()
            .links()
            .filter(|&(p, d, pre)| !pre && self.is_line_drawn(p, d) == Some(true))
            .map(|(from, dir, _)| Line { from, dir })
    }

    /// Number of drawable lines drawn so far (the steps played in a game
    /// from the start).
    pub fn lines_drawn(&self) -> usize {
        self.lines().count()
    }

    /// The goal the ball is in, if any.
    pub fn ball_goal(&self) -> Option<Goal> {
        self.pitch().goal_at(self.ball())
    }

    /// The winner once the game is over: the attacker of the goal the ball
    /// is in, or the opponent of the player who blocked the ball.
    pub fn winner(&self) -> Option<PlayerId> {
        if !self.is_over() {
            return None;
        }
        Some(match self.ball_goal() {
            Some(goal) => PlayerId(Pitch::attacker(goal)),
            None => PlayerId(self.to_move).opponent(),
        })
    }

    #[inline(always)]
    fn target(&self, d: Dir) -> usize {
        (self.ball as isize + self.pitch().offset(d)) as usize
    }

    /// Plays one step that must be legal (a direction of
    /// [`legal_dirs`](Board::legal_dirs)); does nothing otherwise. Returns
    /// whether the same player must step again (a bounce on a point where
    /// the game goes on).
    #[inline]
    pub fn step(&mut self, d: Dir) -> bool {
        let p = usize::from(self.ball);
        let bit = d.bit();
        if self.free_mask(self.ball) & bit == 0 {
            return false;
        }
        let q = self.target(d);
        let Some(&fq) = self.free.get(q) else { return false };
        let fresh = fq == 0xFF;
        self.free[p] &= !bit;
        self.free[q] = fq & !d.opposite().bit();
        self.ball = q as u8;
        self.hash ^= line_key(p, q, d) ^ ball_key(p) ^ ball_key(q);
        if fresh {
            self.to_move ^= 1;
            self.hash ^= PLAYER_KEY;
            false
        } else {
            self.free[q] != 0
        }
    }

    /// Checks one step for the player to move.
    ///
    /// # Errors
    /// [`StepError::GameOver`], [`StepError::NoSuchPoint`] or
    /// [`StepError::LineAlreadyDrawn`].
    pub fn check_step(&self, d: Dir) -> Result<(), StepError> {
        let free = self.free_mask(self.ball);
        if free == 0 {
            return Err(StepError::GameOver);
        }
        if free & d.bit() != 0 {
            return Ok(());
        }
        let from = self.ball();
        if self.pitch().link_exists(from, d) {
            Err(StepError::LineAlreadyDrawn { from, dir: d })
        } else {
            Err(StepError::NoSuchPoint { from, dir: d })
        }
    }

    #[inline(always)]
    pub(crate) fn ball_slot(&self) -> usize {
        usize::from(self.ball)
    }

    /// The slot the ball would reach by a step in direction `d`.
    #[inline(always)]
    pub(crate) fn target_slot(&self, d: Dir) -> usize {
        self.target(d)
    }

    /// Plays uniformly random steps (each uniform over the legal steps) to
    /// the end of the game and returns the number of steps. The fast path
    /// for playouts: no move list, two random choices per `u64` drawn.
    pub fn random_playout<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut steps = 0;
        let mut bits = 0u64;
        let mut left = 0u32;
        loop {
            let free = self.free_mask(self.ball);
            if free == 0 {
                return steps;
            }
            let n = free.count_ones();
            let k = if n == 1 {
                0
            } else {
                // Lemire's multiply-and-reject on 32-bit chunks: exactly
                // uniform, and the division only runs in the rare case
                // where a rejection is possible.
                loop {
                    if left == 0 {
                        bits = rng.next_u64();
                        left = 2;
                    }
                    let r = bits as u32;
                    bits >>= 32;
                    left -= 1;
                    let m = u64::from(r) * u64::from(n);
                    if (m as u32) >= n || (m as u32) >= n.wrapping_neg() % n {
                        break (m >> 32) as usize;
                    }
                }
            };
            let d = Dir::ALL[usize::from(NTH_BIT[usize::from(free)][k & 7])];
            self.step(d);
            steps += 1;
        }
    }

    fn from_setup_inner(setup: &Setup) -> Result<Self, SetupError> {
        let mut b = Board::new(setup.pitch)?;
        let pitch = b.pitch();
        if setup.to_move.0 > 1 {
            return Err(SetupError::BadPlayer(setup.to_move));
        }
        let ball = pitch.slot(setup.ball).ok_or(SetupError::BallOffPitch(setup.ball))?;
        for &Line { from, dir } in &setup.lines {
            if !pitch.link_exists(from, dir) {
                return Err(SetupError::NoSuchLine { from, dir });
            }
            if pitch.is_predrawn(from, dir) {
                return Err(SetupError::PreDrawnLine { from, dir });
            }
            if b.is_line_drawn(from, dir) == Some(true) {
                return Err(SetupError::DuplicateLine { from, dir });
            }
            let (Some(a), Some(c)) = (pitch.slot(from), from.step(dir).and_then(|q| pitch.slot(q))) else {
                return Err(SetupError::NoSuchLine { from, dir });
            };
            b.free[a] &= !dir.bit();
            b.free[c] &= !dir.opposite().bit();
        }
        b.ball = ball as u8;
        b.to_move = setup.to_move.0;
        b.hash = b.zobrist_from_scratch();
        Ok(b)
    }
}

impl<const N: usize> Game for Board<N> {
    type Move = Dir;
    type Chance = NoChance;
    type Error = StepError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "paper-soccer";

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        if self.is_over() { ToAct::Over } else { ToAct::Player(PlayerId(self.to_move)) }
    }

    #[inline]
    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Dir>) {
        out.clear();
        if player.0 == self.to_move {
            out.extend(self.legal_dirs());
        }
    }

    fn check_move(&self, player: PlayerId, mv: Dir) -> Result<(), StepError> {
        if self.is_over() {
            return Err(StepError::GameOver);
        }
        if player.0 != self.to_move {
            return Err(StepError::NotYourTurn { player, to_move: PlayerId(self.to_move) });
        }
        self.check_step(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, _player: PlayerId, mv: Dir) {
        self.step(mv);
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), StepError> {
        match *chance {}
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner().map(|w| Outcome::win_for(2, w))
    }

    fn end_reason(&self) -> Option<&'static str> {
        if !self.is_over() {
            return None;
        }
        Some(match self.ball_goal() {
            Some(goal) if Pitch::attacker(goal) == self.to_move => "goal",
            Some(_) => "own-goal",
            None => "blocked",
        })
    }

    fn max_plies(&self) -> Option<u64> {
        Some(self.pitch().drawable_links() as u64)
    }

    fn to_setup(&self) -> Setup {
        Setup { pitch: self.pitch(), lines: self.lines().collect(), ball: self.ball(), to_move: self.to_move() }
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        Self::from_setup_inner(&setup)
    }
}

impl<const N: usize> Zobrist for Board<N> {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let pitch = self.pitch();
        let mut h = ball_key(usize::from(self.ball));
        if self.to_move == 1 {
            h ^= PLAYER_KEY;
        }
        for Line { from, dir } in self.lines() {
            if let (Some(a), Some(b)) = (pitch.slot(from), from.step(dir).and_then(|q| pitch.slot(q))) {
                h ^= line_key(a, b, dir);
            }
        }
        h
    }
}

/// A step text that is not one direction digit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a step is one digit 0..=7, not {0:?}")]
pub struct StepParseError(pub String);

impl GameError for StepParseError {
    fn kind(&self) -> &'static str {
        "bad-step"
    }
}

impl<const N: usize> MoveNotation for Board<N> {
    type ParseError = StepParseError;

    /// One step as its protocol digit.
    fn format_move(&self, mv: Dir) -> String {
        mv.digit().to_string()
    }

    /// Exactly one digit `0..=7`, nothing around it.
    fn parse_move(&self, text: &str) -> Result<Dir, StepParseError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Dir::from_digit), chars.next()) {
            (Some(d), None) => Ok(d),
            _ => Err(StepParseError(text.chars().take(32).collect())),
        }
    }
}

#[cfg(feature = "testing")]
impl<const N: usize> game_core::testing::MoveUniverse for Board<N> {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Dir)) {
        Dir::ALL.into_iter().for_each(f);
    }
}
