//! The plain reference model: the rules of [`crate::rules`] written a
//! second time, deliberately naively (coordinates, sets of segments, every
//! step order tried), and the one-call differential check of the fast
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
use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;
use std::sync::Arc;

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
        NaivePitch { w, h, points, links, predrawn }
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

/// A position of the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    /// The pitch.
    pub pitch: Arc<NaivePitch>,
    /// The lines drawn during the game.
    pub drawn: BTreeSet<Seg>,
    /// The ball.
    pub ball: P,
    /// The player to move; once the game is over, the last mover.
    pub player: u8,
    /// The winner, once the game is over.
    pub winner: Option<u8>,
}

impl Naive {
    /// The start of a game on `w` by `h` cells.
    #[must_use]
    pub fn new(w: i32, h: i32) -> Naive {
        Naive {
            pitch: Arc::new(NaivePitch::new(w, h)),
            drawn: BTreeSet::new(),
            ball: (w / 2, h / 2),
            player: 0,
            winner: None,
        }
    }

    /// The model of `b`, rebuilt from its drawn lines, ball and player.
    #[must_use]
    pub fn from_board<const N: usize>(b: &Board<N>) -> Naive {
        let pitch = b.pitch();
        let mut n = Naive::new(i32::from(pitch.width), i32::from(pitch.height));
        n.drawn = b.lines().map(|l| seg_of(l.from, l.dir)).collect();
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

    /// Whether `s` is drawn (pre-drawn lines included).
    #[must_use]
    pub fn is_drawn(&self, s: &Seg) -> bool {
        self.pitch.predrawn.contains(s) || self.drawn.contains(s)
    }

    /// Whether a drawn line touches `p`.
    #[must_use]
    pub fn touches(&self, p: P) -> bool {
        self.pitch.predrawn.iter().chain(self.drawn.iter()).any(|&(a, b)| a == p || b == p)
    }

    /// The directions the ball may step in now, ascending.
    #[must_use]
    pub fn free_dirs(&self) -> Vec<u8> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..8u8)
            .filter(|&d| {
                let (dx, dy) = DELTA[usize::from(d)];
                let s = seg(self.ball, (self.ball.0 + dx, self.ball.1 + dy));
                self.pitch.links.contains(&s) && !self.is_drawn(&s)
            })
            .collect()
    }

    /// One step in direction `d`; `Ok(true)` when the same player goes on.
    ///
    /// # Errors
    /// Why the step is refused.
    pub fn step(&mut self, d: u8) -> Result<bool, NaiveErr> {
        if self.winner.is_some() {
            return Err(NaiveErr::Over);
        }
        let Some(&(dx, dy)) = DELTA.get(usize::from(d)) else { return Err(NaiveErr::NoPoint) };
        let to = (self.ball.0 + dx, self.ball.1 + dy);
        let s = seg(self.ball, to);
        if !self.pitch.links.contains(&s) {
            return Err(NaiveErr::NoPoint);
        }
        if self.is_drawn(&s) {
            return Err(NaiveErr::Drawn);
        }
        let bounce = self.touches(to);
        self.drawn.insert(s);
        self.ball = to;
        if let Some(attacker) = self.pitch.goal_attacker(to) {
            self.winner = Some(attacker);
            return Ok(false);
        }
        if self.free_dirs().is_empty() {
            self.winner = Some(1 - self.player);
            return Ok(false);
        }
        if bounce {
            Ok(true)
        } else {
            self.player = 1 - self.player;
            Ok(false)
        }
    }

    /// The identity of this position.
    #[must_use]
    pub fn key(&self) -> NaiveKey {
        (self.ball, self.drawn.iter().copied().collect(), self.player, self.winner)
    }

    /// Every complete turn, found by trying every step order, as (step
    /// digits, position after), keeping the first string of each distinct
    /// result; stops (returning `None`) past `budget` steps tried.
    #[must_use]
    pub fn turns(&self, budget: u64) -> Option<Vec<(String, Naive)>> {
        let mut seen = HashSet::new();
        let mut expanded = HashSet::new();
        let mut out = Vec::new();
        let mut left = budget;
        self.turns_rec(&mut String::new(), &mut seen, &mut expanded, &mut out, &mut left).then_some(out)
    }

    /// Depth first over step orders; an intermediate position met again
    /// (the same lines in another order) is not expanded twice.
    fn turns_rec(
        &self,
        path: &mut String,
        seen: &mut HashSet<NaiveKey>,
        expanded: &mut HashSet<NaiveKey>,
        out: &mut Vec<(String, Naive)>,
        left: &mut u64,
    ) -> bool {
        for d in self.free_dirs() {
            if *left == 0 {
                return false;
            }
            *left -= 1;
            let mut c = self.clone();
            let Ok(goes_on) = c.step(d) else { continue };
            path.push(char::from(b'0' + d));
            if goes_on {
                if expanded.insert(c.key()) && !c.turns_rec(path, seen, expanded, out, left) {
                    return false;
                }
            } else if seen.insert(c.key()) {
                out.push((path.clone(), c));
            }
            path.pop();
        }
        true
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

fn p_of(p: Point) -> P {
    (i32::from(p.x), i32::from(p.y))
}

fn seg_of(from: Point, dir: Dir) -> Seg {
    let (dx, dy) = dir.delta();
    let a = p_of(from);
    seg(a, (a.0 + i32::from(dx), a.1 + i32::from(dy)))
}

fn fail<T>(check: &'static str, detail: String) -> Result<T, Violation> {
    Err(Violation { check, detail, at: None })
}

/// Checks that `b` and the model `n` hold the same position: ball, drawn
/// lines, winner, player to act and legal steps.
///
/// # Errors
/// A [`Violation`] named `reference-<what>` for the first difference.
pub fn agrees<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), Violation> {
    if p_of(b.ball()) != n.ball {
        return fail("reference-ball", format!("ball {} vs {:?}", b.ball(), n.ball));
    }
    let lines: BTreeSet<Seg> = b.lines().map(|l| seg_of(l.from, l.dir)).collect();
    if lines != n.drawn {
        return fail("reference-lines", format!("lines {lines:?} vs {:?}", n.drawn));
    }
    let winner = b.outcome().and_then(|o| o.winner()).map(|p| p.0);
    if winner != n.winner {
        return fail("reference-winner", format!("winner {winner:?} vs {:?}", n.winner));
    }
    if n.winner.is_none() && b.to_act() != ToAct::Player(PlayerId(n.player)) {
        return fail("reference-to-act", format!("to act {:?} vs player {}", b.to_act(), n.player));
    }
    let free: Vec<u8> = b.legal_dirs().iter().map(Dir::index).collect();
    if free != n.free_dirs() {
        return fail("reference-legal-steps", format!("free {free:?} vs {:?}", n.free_dirs()));
    }
    Ok(())
}

/// Turns the model enumerates at most (in steps tried) before [`check`]
/// settles for checking the fast generator's turns one by one.
const TURN_BUDGET: u64 = 5_000;
/// Turns of the fast generator [`check`] replays in the model at most.
const TURN_CAP: u64 = 300;

/// The differential check of the fast implementation against the model on
/// one position:
///
/// * the position agrees with the model rebuilt from its lines ([`agrees`]);
/// * for each seat (0, 1 and 2, which does not exist), over all eight
///   directions, [`Game::legal_moves`] and [`Game::check_move`] say what
///   the model says, [`Game::random_legal_move`] draws a legal step, and
///   every legal step leads to the position the model's step leads to;
/// * every turn of [`Board::for_each_turn`] (the first 300) is a complete
///   turn of the model with the same result, no result comes twice, and
///   when the model can list every turn within its budget (5,000 steps
///   tried) the two lists hold the same results.
///
/// # Errors
/// A [`Violation`] named `reference-<what>` for the first difference.
pub fn check<const N: usize>(b: &Board<N>) -> Result<(), Violation> {
    let n = Naive::from_board(b);
    agrees(b, &n)?;
    check_steps(b, &n)?;
    check_turns(b, &n)
}

fn check_steps<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), Violation> {
    let mut moves = Vec::new();
    let mut rng = game_core::rng::seeded(b.hash);
    for seat in 0..3u8 {
        let player = PlayerId(seat);
        let to_move = n.winner.is_none() && n.player == seat;
        b.legal_moves(player, &mut moves);
        let expected: Vec<u8> = if to_move { n.free_dirs() } else { Vec::new() };
        let got: Vec<u8> = moves.iter().map(|d| d.index()).collect();
        if got != expected {
            return fail("reference-legal-moves", format!("seat {seat}: {got:?} vs {expected:?}"));
        }
        let drawn = b.random_legal_move(player, &mut rng, &mut moves);
        if drawn.map(Dir::index).is_some_and(|d| !expected.contains(&d)) || drawn.is_none() != expected.is_empty() {
            return fail("reference-random-move", format!("seat {seat}: drew {drawn:?}, legal {expected:?}"));
        }
        for d in Dir::ALL {
            let mut m = n.clone();
            let model = if to_move { m.step(d.index()) } else { Err(NaiveErr::Over) };
            let ok = b.check_move(player, d).is_ok();
            if ok != model.is_ok() {
                return fail("reference-check-move", format!("seat {seat} dir {d}: {ok} vs {model:?}"));
            }
            if let Ok(goes_on) = model {
                let mut c = *b;
                let again = c.step(d);
                agrees(&c, &m).map_err(|v| Violation { detail: format!("after step {d}: {}", v.detail), ..v })?;
                if again != goes_on {
                    return fail("reference-bounce", format!("step {d}: goes on {again} vs {goes_on}"));
                }
            }
        }
    }
    Ok(())
}

fn check_turns<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), Violation> {
    let mut fast = HashSet::new();
    let mut err = None;
    let report = b.for_each_turn(TURN_CAP, |steps, after| {
        let mut m = n.clone();
        let mut ended = false;
        for (i, d) in steps.iter().enumerate() {
            match m.step(d.index()) {
                Ok(goes_on) if !ended => ended = !goes_on,
                other => {
                    err = Some(format!("turn {steps:?}: step {i} gives {other:?} (ended {ended})"));
                    return ControlFlow::Break(());
                }
            }
        }
        if !ended {
            err = Some(format!("turn {steps:?} does not end the turn"));
        } else if let Err(v) = agrees(after, &m) {
            err = Some(format!("turn {steps:?}: {}", v.detail));
        } else if !fast.insert(m.key()) {
            err = Some(format!("turn {steps:?} repeats a result"));
        }
        if err.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    if let Some(detail) = err {
        return fail("reference-turn", detail);
    }
    if n.winner.is_some() {
        return if report.turns == 0 { Ok(()) } else { fail("reference-turn", "turns after the end".into()) };
    }
    let Some(model) = n.turns(TURN_BUDGET) else { return Ok(()) };
    if !report.complete {
        // The fast list stopped at its cap; each of its turns is a turn of
        // the model (checked above), so the model has at least as many.
        return if model.len() as u64 >= report.turns {
            Ok(())
        } else {
            fail("reference-turn-count", format!("{} turns vs {} in the model", report.turns, model.len()))
        };
    }
    let model: HashSet<NaiveKey> = model.into_iter().map(|(_, c)| c.key()).collect();
    if model != fast {
        return fail("reference-turn-count", format!("{} turns vs {} in the model", fast.len(), model.len()));
    }
    Ok(())
}

/// Step-level perft of `b`, counted with the model's own step lists.
#[must_use]
pub fn perft<const N: usize>(b: &Board<N>, depth: u32) -> u64 {
    Naive::from_board(b).perft(depth)
}

/// Whole-turn perft of `b` (a position's turns are its distinct results),
/// counted with the model's own turn lists.
#[must_use]
pub fn turn_perft<const N: usize>(b: &Board<N>, depth: u32) -> u64 {
    Naive::from_board(b).turn_perft(depth)
}
