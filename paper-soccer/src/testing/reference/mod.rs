//! The plain reference model: the rules of [`crate::rules`] written a
//! second time, deliberately naively (coordinates, a table of the lines at
//! each point, every step order tried), and the one-call differential check of the fast
//! implementation against it.
//!
//! * [`check`]: on one position, for both seats (and a seat that does not
//!   exist), the step-level rules (legal steps, [`Game::check_move`],
//!   [`Game::random_legal_move`], each successor, outcome) and the
//!   whole-turn generator ([`Board::for_each_turn`]) agree with the model.
//! * [`perft`] and [`turn_perft`]: perft counted with the model's own move
//!   lists, at step level and at whole-turn level.
//! * [`Naive`]: the model itself, for a test of your own.
//!
//! Nothing here is fast: it is the yardstick, not the thing measured.

use crate::dir::{Dir, Point};
use crate::state::Board;
use game_core::testing::Violation;
use game_core::{Game, PlayerId, ToAct};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;

mod check;
pub use check::{TURN_BUDGET, TURN_CAP, TurnStats, agrees, check, perft, turn_perft, turn_stats};

/// A point `(x, y)`, `y` growing southwards (towards the bottom goal).
pub type P = (i32, i32);
/// A segment between two neighbouring points, ends sorted.
pub type Seg = (P, P);

/// Direction digits as `(dx, dy)`: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
pub const DELTA: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// The segment between `a` and `b`, ends sorted.
#[must_use]
pub fn seg(a: P, b: P) -> Seg {
    if a <= b { (a, b) } else { (b, a) }
}

/// The pitch as the rules describe it, built link by link.
///
/// The sets are the rules' own words; the model looks them up through a
/// plain table (`point × direction`) filled from them once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaivePitch {
    /// Width in cells (even).
    pub w: i32,
    /// Height in cells (even).
    pub h: i32,
    /// Every point: the lattice and the three points of each goal.
    pub points: HashSet<P>,
    /// Every link between neighbouring points, pre-drawn ones included.
    pub links: HashSet<Seg>,
    /// The lines drawn before the game starts (side lines, end lines
    /// outside the mouths, goal walls and backs).
    pub predrawn: HashSet<Seg>,
    /// For each point of the box `0..=w × -1..=h+1` and each direction:
    /// [`NO_LINK`], [`LINK`] or [`PREDRAWN`], from `links` and `predrawn`.
    table: Vec<u8>,
}

/// No link from a point that way.
const NO_LINK: u8 = 0;
/// A link that is free at the start.
const LINK: u8 = 1;
/// A line drawn before the game starts.
const PREDRAWN: u8 = 2;

/// The direction digit from `a` to its neighbour `b` (the index of
/// `b - a` in [`DELTA`]).
fn dir_between(a: P, b: P) -> Option<usize> {
    const BY_DELTA: [[u8; 3]; 3] = [[7, 6, 5], [0, 8, 4], [1, 2, 3]];
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if dx.abs() > 1 || dy.abs() > 1 {
        return None;
    }
    let d = BY_DELTA[(dx + 1) as usize][(dy + 1) as usize];
    (d < 8).then_some(usize::from(d))
}

impl NaivePitch {
    /// The pitch of `w` by `h` cells.
    #[must_use]
    pub fn new(w: i32, h: i32) -> NaivePitch {
        let m = w / 2;
        let mut points = HashSet::new();
        for x in 0..=w {
            for y in 0..=h {
                points.insert((x, y));
            }
        }
        for x in m - 1..=m + 1 {
            points.insert((x, -1));
            points.insert((x, h + 1));
        }
        let mut links = HashSet::new();
        // The lattice: every point to its eight neighbours.
        for x in 0..=w {
            for y in 0..=h {
                for (dx, dy) in DELTA {
                    let (a, b) = (x + dx, y + dy);
                    if (0..=w).contains(&a) && (0..=h).contains(&b) {
                        links.insert(seg((x, y), (a, b)));
                    }
                }
            }
        }
        let mut predrawn = HashSet::new();
        for (gy, ey) in [(-1, 0), (h + 1, h)] {
            // The goal's back and walls.
            predrawn.insert(seg((m - 1, gy), (m, gy)));
            predrawn.insert(seg((m, gy), (m + 1, gy)));
            predrawn.insert(seg((m - 1, gy), (m - 1, ey)));
            predrawn.insert(seg((m + 1, gy), (m + 1, ey)));
            // The five ways in.
            links.insert(seg((m, ey), (m - 1, gy)));
            links.insert(seg((m, ey), (m, gy)));
            links.insert(seg((m, ey), (m + 1, gy)));
            links.insert(seg((m - 1, ey), (m, gy)));
            links.insert(seg((m + 1, ey), (m, gy)));
        }
        for y in 0..h {
            predrawn.insert(seg((0, y), (0, y + 1)));
            predrawn.insert(seg((w, y), (w, y + 1)));
        }
        for x in 0..w {
            if x != m - 1 && x != m {
                predrawn.insert(seg((x, 0), (x + 1, 0)));
                predrawn.insert(seg((x, h), (x + 1, h)));
            }
        }
        links.extend(predrawn.iter().copied());
        let mut pitch = NaivePitch { w, h, points, links, predrawn, table: Vec::new() };
        pitch.table = vec![NO_LINK; pitch.slots() * 8];
        for (set, kind) in [(&pitch.links, LINK), (&pitch.predrawn, PREDRAWN)] {
            for &(a, b) in set {
                for (from, to) in [(a, b), (b, a)] {
                    if let (Some(i), Some(d)) = (pitch.slot(from), dir_between(from, to)) {
                        pitch.table[i * 8 + d] = kind;
                    }
                }
            }
        }
        pitch
    }

    /// The pitch of `w` by `h` cells, built once per thread and size.
    fn shared(w: i32, h: i32) -> Arc<NaivePitch> {
        thread_local! {
            static PITCHES: RefCell<Vec<Arc<NaivePitch>>> = const { RefCell::new(Vec::new()) };
        }
        PITCHES.with_borrow_mut(|pitches| {
            if let Some(p) = pitches.iter().find(|p| p.w == w && p.h == h) {
                return Arc::clone(p);
            }
            let p = Arc::new(NaivePitch::new(w, h));
            pitches.push(Arc::clone(&p));
            p
        })
    }

    /// Points in the box `0..=w × -1..=h+1`.
    fn slots(&self) -> usize {
        ((self.w + 1) * (self.h + 3)) as usize
    }

    /// The index of `p` in the box `0..=w × -1..=h+1`, `None` outside it.
    fn slot(&self, p: P) -> Option<usize> {
        ((0..=self.w).contains(&p.0) && (-1..=self.h + 1).contains(&p.1))
            .then(|| ((p.1 + 1) * (self.w + 1) + p.0) as usize)
    }

    /// The table entry of the link from `p` in direction `d` and its index.
    fn entry_at(&self, p: P, d: usize) -> (u8, usize) {
        match self.slot(p) {
            Some(i) if d < 8 => (self.table[i * 8 + d], i * 8 + d),
            _ => (NO_LINK, 0),
        }
    }

    /// The table entry of the segment `s` ([`NO_LINK`] for anything that
    /// is not a segment between neighbours in the box) and its index.
    fn entry(&self, s: &Seg) -> (u8, usize) {
        match (self.slot(s.0), dir_between(s.0, s.1)) {
            (Some(i), Some(d)) => (self.table[i * 8 + d], i * 8 + d),
            _ => (NO_LINK, 0),
        }
    }

    /// The player who wins when the ball enters the goal `p` is in: 0 for
    /// the top goal, 1 for the bottom one; `None` off the goals.
    #[must_use]
    pub fn goal_attacker(&self, p: P) -> Option<u8> {
        if p.1 == -1 {
            Some(0)
        } else if p.1 == self.h + 1 {
            Some(1)
        } else {
            None
        }
    }
}

/// Why the model refuses a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveErr {
    /// The game is over.
    Over,
    /// There is no link that way.
    NoPoint,
    /// The line is drawn already.
    Drawn,
}

/// The identity of a position in the model: ball, drawn lines, player to
/// move (the last mover once over), winner.
pub type NaiveKey = (P, Vec<Seg>, u8, Option<u8>);

/// A position of the model: the pitch, a flag per point and direction for
/// the lines drawn during the game (each line flagged at both its ends),
/// the ball, the player to move and the winner.
#[derive(Clone, PartialEq, Eq)]
pub struct Naive {
    /// The pitch.
    pub pitch: Arc<NaivePitch>,
    /// Drawn during the game, per point and direction (see
    /// [`Naive::drawn`] for the lines as a set).
    lines: Vec<bool>,
    /// How many lines are drawn during the game.
    count: usize,
    /// The ball.
    pub ball: P,
    /// The player to move; once the game is over, the last mover.
    pub player: u8,
    /// The winner, once the game is over.
    pub winner: Option<u8>,
}

impl std::fmt::Debug for Naive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Naive")
            .field("pitch", &(self.pitch.w, self.pitch.h))
            .field("drawn", &self.drawn())
            .field("ball", &self.ball)
            .field("player", &self.player)
            .field("winner", &self.winner)
            .finish()
    }
}

/// What [`Naive::step`] changed, for [`Naive::undo`].
#[derive(Clone, Copy, Debug)]
struct Undo {
    from: P,
    player: u8,
    winner: Option<u8>,
}

impl Naive {
    /// The start of a game on `w` by `h` cells.
    #[must_use]
    pub fn new(w: i32, h: i32) -> Naive {
        let pitch = NaivePitch::shared(w, h);
        Naive { lines: vec![false; pitch.slots() * 8], count: 0, pitch, ball: (w / 2, h / 2), player: 0, winner: None }
    }

    /// The model of `b`, rebuilt from its drawn lines, ball and player.
    #[must_use]
    pub fn from_board<const N: usize>(b: &Board<N>) -> Naive {
        let pitch = b.pitch();
        let mut n = Naive::new(i32::from(pitch.width), i32::from(pitch.height));
        for l in b.lines() {
            n.mark(&seg_of(l.from, l.dir), true);
        }
        n.ball = p_of(b.ball());
        n.player = b.to_move().or(b.last_mover()).map_or(0, |p| p.0);
        n.winner = b.winner().map(|w| w.0);
        n
    }

    /// The model after the step digits `steps` from the start on `w` by `h`.
    ///
    /// # Errors
    /// The first refused step.
    pub fn after(w: i32, h: i32, steps: &str) -> Result<Naive, NaiveErr> {
        let mut n = Naive::new(w, h);
        for c in steps.bytes() {
            n.step(c.wrapping_sub(b'0'))?;
        }
        Ok(n)
    }

    /// Flags (or clears) the line `s` as drawn during the game, at both
    /// its ends; `s` must be a link of the pitch.
    fn mark(&mut self, s: &Seg, on: bool) {
        if let Some(d) = dir_between(s.0, s.1) {
            self.mark_at(s.0, d, on);
        }
    }

    /// [`Naive::mark`] for the line from `p` in direction `d`.
    fn mark_at(&mut self, p: P, d: usize, on: bool) {
        let (dx, dy) = DELTA[d];
        let (kind, i) = self.pitch.entry_at(p, d);
        let (_, j) = self.pitch.entry_at((p.0 + dx, p.1 + dy), (d + 4) % 8);
        if kind != NO_LINK && self.lines[i] != on {
            self.lines[i] = on;
            self.lines[j] = on;
            self.count = if on { self.count + 1 } else { self.count - 1 };
        }
    }

    /// The lines drawn during the game (pre-drawn ones not included).
    #[must_use]
    pub fn drawn(&self) -> BTreeSet<Seg> {
        let mut out = BTreeSet::new();
        for x in 0..=self.pitch.w {
            for y in -1..=self.pitch.h + 1 {
                for (dx, dy) in DELTA {
                    let s = seg((x, y), (x + dx, y + dy));
                    if self.is_drawn_in_game(&s) {
                        out.insert(s);
                    }
                }
            }
        }
        out
    }

    /// How many lines are drawn during the game.
    #[must_use]
    pub fn lines_drawn(&self) -> usize {
        self.count
    }

    /// Whether `s` was drawn during the game (pre-drawn lines not included).
    #[must_use]
    pub fn is_drawn_in_game(&self, s: &Seg) -> bool {
        let (kind, i) = self.pitch.entry(s);
        kind != NO_LINK && self.lines[i]
    }

    /// Whether `s` is drawn (pre-drawn lines included).
    #[must_use]
    pub fn is_drawn(&self, s: &Seg) -> bool {
        let (kind, i) = self.pitch.entry(s);
        kind == PREDRAWN || (kind == LINK && self.lines[i])
    }

    /// Whether a drawn line touches `p`: one of the eight segments from `p`
    /// to its neighbours is drawn.
    #[must_use]
    pub fn touches(&self, p: P) -> bool {
        (0..8).any(|d| self.drawn_at(p, d))
    }

    /// The directions the ball may step in now, ascending.
    #[must_use]
    pub fn free_dirs(&self) -> Vec<u8> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..8u8).filter(|&d| self.free_at(self.ball, usize::from(d))).collect()
    }

    /// Whether the line from `p` in direction `d` is drawn (pre-drawn
    /// lines included).
    fn drawn_at(&self, p: P, d: usize) -> bool {
        let (kind, i) = self.pitch.entry_at(p, d);
        kind == PREDRAWN || (kind == LINK && self.lines[i])
    }

    /// Whether there is a link from `p` in direction `d` and it is free.
    fn free_at(&self, p: P, d: usize) -> bool {
        let (kind, i) = self.pitch.entry_at(p, d);
        kind == LINK && !self.lines[i]
    }

    /// One step in direction `d`; `Ok(true)` when the same player goes on.
    ///
    /// # Errors
    /// Why the step is refused.
    pub fn step(&mut self, d: u8) -> Result<bool, NaiveErr> {
        self.step_undoable(d).map(|(goes_on, _)| goes_on)
    }

    /// [`Naive::step`], also returning what [`Naive::undo`] needs.
    fn step_undoable(&mut self, d: u8) -> Result<(bool, Undo), NaiveErr> {
        if self.winner.is_some() {
            return Err(NaiveErr::Over);
        }
        let Some(&(dx, dy)) = DELTA.get(usize::from(d)) else { return Err(NaiveErr::NoPoint) };
        let to = (self.ball.0 + dx, self.ball.1 + dy);
        let s = seg(self.ball, to);
        if self.pitch.entry(&s).0 == NO_LINK {
            return Err(NaiveErr::NoPoint);
        }
        if self.is_drawn(&s) {
            return Err(NaiveErr::Drawn);
        }
        let undo = Undo { from: self.ball, player: self.player, winner: self.winner };
        let bounce = self.touches(to);
        self.mark_at(self.ball, usize::from(d), true);
        self.ball = to;
        if let Some(attacker) = self.pitch.goal_attacker(to) {
            self.winner = Some(attacker);
            return Ok((false, undo));
        }
        if !(0..8).any(|d| self.free_at(to, d)) {
            self.winner = Some(1 - self.player);
            return Ok((false, undo));
        }
        if bounce {
            Ok((true, undo))
        } else {
            self.player = 1 - self.player;
            Ok((false, undo))
        }
    }

    /// Takes back the step that returned `u`.
    fn undo(&mut self, u: Undo) {
        if let Some(d) = dir_between(u.from, self.ball) {
            self.mark_at(u.from, d, false);
        }
        self.ball = u.from;
        self.player = u.player;
        self.winner = u.winner;
    }

    /// The identity of this position.
    #[must_use]
    pub fn key(&self) -> NaiveKey {
        (self.ball, self.drawn().into_iter().collect(), self.player, self.winner)
    }

    /// Every complete turn, found by trying every step order, as (step
    /// digits, position after), keeping the first string of each distinct
    /// result; stops (returning `None`) past `budget` steps tried.
    #[must_use]
    pub fn turns(&self, budget: u64) -> Option<Vec<(String, Naive)>> {
        let mut out = Vec::new();
        let mut work = self.clone();
        let complete = work.each_turn(budget, &mut |path, after, _| {
            out.push((path.iter().map(|&d| char::from(b'0' + d)).collect(), after.clone()));
        });
        complete.then_some(out)
    }

    /// Calls `visit(steps, after, key)` once per distinct result of a
    /// complete turn (the first step order found), trying every step order
    /// depth first; an intermediate position met again (the same lines in
    /// another order) is not expanded twice. Positions are told apart by
    /// their [`TurnKey`]: the same start, so the same lines before the turn.
    /// Whether every turn was listed within `budget` steps tried. Leaves
    /// `self` as it was.
    fn each_turn(&mut self, budget: u64, visit: &mut dyn FnMut(&[u8], &Naive, &TurnKey)) -> bool {
        let mut walk = TurnWalk {
            seen: TurnKeys::with_capacity_and_hasher(256, BuildHasherDefault::default()),
            expanded: TurnKeys::with_capacity_and_hasher(256, BuildHasherDefault::default()),
            path: Vec::new(),
            segs: Vec::new(),
            left: budget,
        };
        walk.run(self, visit)
    }

    /// Step-level perft: sequences of `depth` steps (0 for a game that
    /// ends sooner).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.free_dirs()
            .into_iter()
            .filter_map(|d| {
                let mut c = self.clone();
                c.step(d).ok().map(|_| c.perft(depth - 1))
            })
            .sum()
    }

    /// Whole-turn perft: sequences of `depth` turns, a position's turns
    /// being its distinct results (0 for a game that ends sooner).
    #[must_use]
    pub fn turn_perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.winner.is_some() {
            return 0;
        }
        self.turns(u64::MAX).unwrap_or_default().into_iter().map(|(_, c)| c.turn_perft(depth - 1)).sum()
    }
}

/// A position within one turn's search, told apart from the others of
/// the same search: ball, the lines drawn so far in the turn (sorted),
/// player to move, winner.
type TurnKey = (P, Vec<Seg>, u8, Option<u8>);

/// A plain multiply-and-rotate hash for the model's sets of [`TurnKey`]s
/// (the standard hash is slow, most of all under a fuzzer's coverage
/// instrumentation; nothing here needs it to resist collisions chosen by
/// an adversary).
#[derive(Default)]
struct PlainHasher(u64);

impl PlainHasher {
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for PlainHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.add(u64::from(x));
    }
    fn write_u32(&mut self, x: u32) {
        self.add(u64::from(x));
    }
    fn write_i32(&mut self, x: i32) {
        self.add(u64::from(u32::from_ne_bytes(x.to_ne_bytes())));
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
    fn write_isize(&mut self, x: isize) {
        self.add(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A set of [`TurnKey`]s.
type TurnKeys = HashSet<TurnKey, BuildHasherDefault<PlainHasher>>;

/// The state of one search of [`Naive::each_turn`].
struct TurnWalk {
    seen: TurnKeys,
    expanded: TurnKeys,
    path: Vec<u8>,
    segs: Vec<Seg>,
    left: u64,
}

impl TurnWalk {
    fn key(&self, n: &Naive) -> TurnKey {
        (n.ball, self.segs.clone(), n.player, n.winner)
    }

    /// Depth first from `n` (left as it was); false once out of budget.
    fn run(&mut self, n: &mut Naive, visit: &mut dyn FnMut(&[u8], &Naive, &TurnKey)) -> bool {
        for d in n.free_dirs() {
            if self.left == 0 {
                return false;
            }
            self.left -= 1;
            let from = n.ball;
            let Ok((goes_on, undo)) = n.step_undoable(d) else { continue };
            self.path.push(d);
            // The turn's lines, kept sorted.
            let s = seg(from, n.ball);
            let at = self.segs.partition_point(|&x| x < s);
            self.segs.insert(at, s);
            let key = self.key(n);
            let go_on = if goes_on {
                !self.expanded.insert(key) || self.run(n, visit)
            } else {
                if !self.seen.contains(&key) {
                    visit(&self.path, n, &key);
                    self.seen.insert(key);
                }
                true
            };
            self.path.pop();
            self.segs.remove(at);
            n.undo(undo);
            if !go_on {
                return false;
            }
        }
        true
    }
}

fn p_of(p: Point) -> P {
    (i32::from(p.x), i32::from(p.y))
}

fn seg_of(from: Point, dir: Dir) -> Seg {
    let (dx, dy) = dir.delta();
    let a = p_of(from);
    seg(a, (a.0 + i32::from(dx), a.1 + i32::from(dy)))
}
