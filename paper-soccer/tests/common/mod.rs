//! An independent, deliberately naive model of the rules, written from the
//! rules ([doc/rules.md](../../doc/rules.md)) with coordinates and hash sets, used as the reference the
//! crate's fast implementation is checked against.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashSet};

/// A point `(x, y)`, `y` growing southwards.
pub type P = (i32, i32);
/// A segment, ends sorted.
pub type Seg = (P, P);

/// Direction digits as `(dx, dy)`: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW.
pub const DELTA: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// A normalised segment.
pub fn seg(a: P, b: P) -> Seg {
    if a <= b { (a, b) } else { (b, a) }
}

/// The pitch as the rules describe it, built link by link.
#[derive(Clone, Debug)]
pub struct NaivePitch {
    pub w: i32,
    pub h: i32,
    pub points: HashSet<P>,
    pub links: HashSet<Seg>,
    pub predrawn: HashSet<Seg>,
}

impl NaivePitch {
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
        // Lattice: every point to its 8 neighbours.
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
            // Backs and walls.
            predrawn.insert(seg((m - 1, gy), (m, gy)));
            predrawn.insert(seg((m, gy), (m + 1, gy)));
            predrawn.insert(seg((m - 1, gy), (m - 1, ey)));
            predrawn.insert(seg((m + 1, gy), (m + 1, ey)));
            // The five entries.
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
            let mouth = x == m - 1 || x == m;
            if !mouth {
                predrawn.insert(seg((x, 0), (x + 1, 0)));
                predrawn.insert(seg((x, h), (x + 1, h)));
            }
        }
        links.extend(predrawn.iter().copied());
        NaivePitch { w, h, points, links, predrawn }
    }

    /// Which goal a point is in: 0 for the top one (attacked by player 0).
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

/// Why a naive step fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NaiveErr {
    Over,
    NoPoint,
    Drawn,
}

/// A naive position.
#[derive(Clone, Debug)]
pub struct Naive {
    pub pitch: std::rc::Rc<NaivePitch>,
    pub drawn: BTreeSet<Seg>,
    pub ball: P,
    pub player: u8,
    pub winner: Option<u8>,
}

impl Naive {
    pub fn new(w: i32, h: i32) -> Naive {
        Naive {
            pitch: std::rc::Rc::new(NaivePitch::new(w, h)),
            drawn: BTreeSet::new(),
            ball: (w / 2, h / 2),
            player: 0,
            winner: None,
        }
    }

    pub fn is_drawn(&self, s: &Seg) -> bool {
        self.pitch.predrawn.contains(s) || self.drawn.contains(s)
    }

    pub fn touches(&self, p: P) -> bool {
        self.pitch.predrawn.iter().chain(self.drawn.iter()).any(|&(a, b)| a == p || b == p)
    }

    pub fn free_dirs(&self) -> Vec<u8> {
        if self.winner.is_some() {
            return Vec::new();
        }
        (0..8u8)
            .filter(|&d| {
                let (dx, dy) = DELTA[d as usize];
                let s = seg(self.ball, (self.ball.0 + dx, self.ball.1 + dy));
                self.pitch.links.contains(&s) && !self.is_drawn(&s)
            })
            .collect()
    }

    /// One step; `Ok(true)` when the same player goes on.
    pub fn step(&mut self, d: u8) -> Result<bool, NaiveErr> {
        if self.winner.is_some() {
            return Err(NaiveErr::Over);
        }
        let (dx, dy) = DELTA[d as usize];
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
        if let Some(att) = self.pitch.goal_attacker(to) {
            self.winner = Some(att);
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

    /// The identity of a result: ball, lines, player, winner.
    pub fn key(&self) -> (P, Vec<Seg>, u8, Option<u8>) {
        (self.ball, self.drawn.iter().copied().collect(), self.player, self.winner)
    }

    /// Every complete turn by brute force over all step orders, as
    /// (turn string, resulting position), keeping the first string of each
    /// distinct result.
    pub fn turns(&self) -> Vec<(String, Naive)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let mut path = String::new();
        self.turns_rec(&mut path, &mut seen, &mut out);
        out
    }

    fn turns_rec(
        &self,
        path: &mut String,
        seen: &mut HashSet<(P, Vec<Seg>, u8, Option<u8>)>,
        out: &mut Vec<(String, Naive)>,
    ) {
        for d in self.free_dirs() {
            let mut c = self.clone();
            let goes_on = c.step(d).expect("free direction");
            path.push((b'0' + d) as char);
            if goes_on {
                c.turns_rec(path, seen, out);
            } else if seen.insert(c.key()) {
                out.push((path.clone(), c));
            }
            path.pop();
        }
    }
}

/// Step-level perft of the naive model.
pub fn naive_perft(n: &Naive, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if n.winner.is_some() {
        return 0;
    }
    n.free_dirs()
        .into_iter()
        .map(|d| {
            let mut c = n.clone();
            c.step(d).expect("free");
            naive_perft(&c, depth - 1)
        })
        .sum()
}

/// Whole-turn perft of the naive model (distinct results per position).
pub fn naive_turn_perft(n: &Naive, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if n.winner.is_some() {
        return 0;
    }
    n.turns().into_iter().map(|(_, c)| naive_turn_perft(&c, depth - 1)).sum()
}

/// The naive model after a step string from the start (panics on an
/// illegal step: only for fixtures).
pub fn naive_after(w: i32, h: i32, steps: &str) -> Naive {
    let mut n = Naive::new(w, h);
    for c in steps.bytes() {
        n.step(c - b'0').expect("fixture steps are legal");
    }
    n
}

use game_core::{Game, PlayerId, ToAct};
use paper_soccer::{Board, Dir, Point};

/// Whether the crate's board and the naive model agree on everything.
pub fn agrees<const N: usize>(b: &Board<N>, n: &Naive) -> Result<(), String> {
    let ball = b.ball();
    if (i32::from(ball.x), i32::from(ball.y)) != n.ball {
        return Err(format!("ball {ball} vs {:?}", n.ball));
    }
    let lines: BTreeSet<Seg> = b
        .lines()
        .map(|l| {
            let (dx, dy) = l.dir.delta();
            let a = (i32::from(l.from.x), i32::from(l.from.y));
            seg(a, (a.0 + i32::from(dx), a.1 + i32::from(dy)))
        })
        .collect();
    if lines != n.drawn {
        return Err(format!("lines {lines:?} vs {:?}", n.drawn));
    }
    let winner = b.outcome().and_then(|o| o.winner()).map(|p| p.0);
    if winner != n.winner {
        return Err(format!("winner {winner:?} vs {:?}", n.winner));
    }
    if n.winner.is_none() && b.to_act() != ToAct::Player(PlayerId(n.player)) {
        return Err(format!("to act {:?} vs player {}", b.to_act(), n.player));
    }
    let free: Vec<u8> = b.legal_dirs().iter().map(Dir::index).collect();
    if free != n.free_dirs() {
        return Err(format!("free {free:?} vs {:?}", n.free_dirs()));
    }
    Ok(())
}

/// A step string of up to `max` uniformly random legal steps from the
/// start, stopping before a step that would end the game.
pub fn random_steps<const N: usize>(start: &Board<N>, seed: u64, max: usize) -> String {
    let mut rng = game_core::rng::seeded(seed);
    let mut b = *start;
    let mut s = String::new();
    for _ in 0..max {
        let dirs: Vec<Dir> = b.legal_dirs().iter().collect();
        let safe: Vec<Dir> = dirs
            .into_iter()
            .filter(|&d| {
                let mut c = b;
                c.step(d);
                !c.is_over()
            })
            .collect();
        if safe.is_empty() {
            break;
        }
        let d = safe[game_core::rng::below(&mut rng, safe.len())];
        b.step(d);
        s.push(d.digit());
    }
    s
}

/// The board after a step string from `start`.
pub fn board_after<const N: usize>(start: &Board<N>, steps: &str) -> Board<N> {
    let mut b = *start;
    for c in steps.chars() {
        let d = Dir::from_digit(c).expect("digit");
        b.check_step(d).expect("fixture steps are legal");
        b.step(d);
    }
    b
}

/// Shorthand for a point.
pub fn pt(x: i8, y: i8) -> Point {
    Point::new(x, y)
}

/// The naive model of a standard board (built from its lines).
pub fn naive_from<const N: usize>(b: &Board<N>) -> Naive {
    let pitch = b.pitch();
    let mut n = Naive::new(i32::from(pitch.width), i32::from(pitch.height));
    for l in b.lines() {
        let (dx, dy) = l.dir.delta();
        let a = (i32::from(l.from.x), i32::from(l.from.y));
        n.drawn.insert(seg(a, (a.0 + i32::from(dx), a.1 + i32::from(dy))));
    }
    let ball = b.ball();
    n.ball = (i32::from(ball.x), i32::from(ball.y));
    n.player = b.to_move().or(b.last_mover()).map_or(0, |p| p.0);
    n.winner = b.winner().map(|w| w.0);
    n
}
