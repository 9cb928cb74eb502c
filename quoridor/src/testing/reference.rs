//! The plain reference model of the rules ([`crate::rules`]), written
//! straight from the rules text with coordinates, sets and breadth-first
//! searches: no bit sets, no filters. Its one shortcut: a candidate wall
//! that crosses no pawn's shortest path (found once per position) leaves
//! every pawn a path, so only the walls that cross one are searched again.
//! It is slow on purpose; the fast generator is checked against it by
//! [`check`].
//!
//! ```
//! use quoridor::testing::reference::{Reference, check, perft};
//! use quoridor::{Config, Quoridor};
//!
//! let start = Quoridor::new(Config { tick_limit: None, ..Config::new(5, 2).unwrap() }).unwrap();
//! check(&start).unwrap();
//! assert_eq!(perft(&start, 2), quoridor::game_core::perft(&start, 2));
//! assert_eq!(Reference::from_state(&start).moves().len(), 3 + 32);
//! ```

// Coordinates are below 11 and players below 4, so the casts are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_possible_wrap)]

use crate::{Cell, Move, Quoridor, Wall};
use game_core::testing::MoveUniverse;
use game_core::testing::Violation;
use game_core::{Game, PlayerId};
use std::collections::{BTreeSet, VecDeque};

/// A wall as `(x, y, vertical)`.
pub type RefWall = (i32, i32, bool);

/// A position of the reference model: plain vectors and sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Board side.
    pub m: i32,
    /// Number of players (2 or 4).
    pub players: usize,
    /// Each seat's pawn, `None` once removed.
    pub pawns: Vec<Option<(i32, i32)>>,
    /// Walls left per seat.
    pub left: Vec<u8>,
    /// Walls on the board.
    pub walls: BTreeSet<RefWall>,
    /// The seat to move (or that moved last, once the game is over).
    pub to_move: usize,
    /// Turns counted so far.
    pub tick: u32,
    /// The tick limit, if any.
    pub tick_limit: Option<u32>,
    /// Why the game ended (`"goal"`, `"tick-limit"`, `"all-removed"`), if it did.
    pub over: Option<&'static str>,
}

/// A step of a path: from a cell, in a direction.
type Step = ((i32, i32), (i32, i32));

const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Reference {
    /// The model of a position of the fast implementation.
    #[must_use]
    pub fn from_state(s: &Quoridor) -> Reference {
        let n = s.players();
        let setup = s.to_setup();
        Reference {
            m: i32::from(s.size()),
            players: n,
            pawns: (0..n).map(|p| s.pawn(PlayerId(p as u8)).map(|c| (i32::from(c.x), i32::from(c.y)))).collect(),
            left: (0..n).map(|p| s.walls_left(PlayerId(p as u8))).collect(),
            walls: s.walls().map(|w| (i32::from(w.x), i32::from(w.y), w.vertical)).collect(),
            to_move: setup.to_move.index(),
            tick: s.tick(),
            tick_limit: s.tick_limit(),
            over: s.end_reason(),
        }
    }

    fn on_board(&self, (x, y): (i32, i32)) -> bool {
        x >= 0 && y >= 0 && x < self.m && y < self.m
    }

    /// Whether a wall of `walls` or the edge stops a step from `c` by `d`.
    #[must_use]
    pub fn blocked_with(&self, walls: &BTreeSet<RefWall>, c: (i32, i32), d: (i32, i32)) -> bool {
        self.blocked_by(|w| walls.contains(&w), c, d)
    }

    /// Whether a wall (`has` says which walls stand) or the edge stops a
    /// step from `c` by `d`: the one place that says which walls stop
    /// which steps.
    fn blocked_by(&self, has: impl Fn(RefWall) -> bool, c: (i32, i32), d: (i32, i32)) -> bool {
        let (x, y) = c;
        if !self.on_board((x + d.0, y + d.1)) {
            return true;
        }
        match d {
            // East: a vertical wall right of (x, y): anchors (x, y) or (x, y-1).
            (1, 0) => has((x, y, true)) || has((x, y - 1, true)),
            (-1, 0) => has((x - 1, y, true)) || has((x - 1, y - 1, true)),
            // South: a horizontal wall below (x, y): anchors (x, y) or (x-1, y).
            (0, 1) => has((x, y, false)) || has((x - 1, y, false)),
            _ => has((x, y - 1, false)) || has((x - 1, y - 1, false)),
        }
    }

    fn blocked(&self, c: (i32, i32), d: (i32, i32)) -> bool {
        self.blocked_with(&self.walls, c, d)
    }

    /// Whether `(x, y)` is on player `p`'s goal line.
    #[must_use]
    pub fn is_goal(&self, p: usize, (x, y): (i32, i32)) -> bool {
        let last = self.m - 1;
        match (self.players, p) {
            (_, 0) => y == last,
            (2, _) | (_, 2) => y == 0,
            (_, 1) => x == 0,
            _ => x == last,
        }
    }

    fn pawn_at(&self, c: (i32, i32)) -> bool {
        self.pawns.contains(&Some(c))
    }

    /// The landing cells of player `p`'s pawn, straight from the rules text.
    #[must_use]
    pub fn pawn_moves(&self, p: usize) -> BTreeSet<(i32, i32)> {
        let mut out = BTreeSet::new();
        let Some(&Some(me)) = self.pawns.get(p) else { return out };
        for d in DIRS {
            if self.blocked(me, d) {
                continue; // a wall or the board edge in the way
            }
            let n = (me.0 + d.0, me.1 + d.1);
            if !self.pawn_at(n) {
                out.insert(n); // the neighbouring cell is empty: step
                continue;
            }
            if !self.blocked(n, d) {
                let b = (n.0 + d.0, n.1 + d.1);
                if !self.pawn_at(b) {
                    out.insert(b); // jump straight over
                }
                continue; // a pawn behind: no move at all that way
            }
            for s in [(d.1, d.0), (-d.1, -d.0)] {
                // a wall or the edge behind the jumped pawn: side-steps
                if !self.blocked(n, s) {
                    let t = (n.0 + s.0, n.1 + s.1);
                    if !self.pawn_at(t) {
                        out.insert(t);
                    }
                }
            }
        }
        out
    }

    /// Breadth-first search: the length of a shortest path of `p` to its
    /// goal through `walls` (pawns ignored), `None` without one.
    #[must_use]
    pub fn distance_with(&self, walls: &BTreeSet<RefWall>, p: usize) -> Option<u32> {
        self.distance_by(&|w| walls.contains(&w), p)
    }

    /// [`Reference::distance_with`] with the walls given by `has`.
    fn distance_by(&self, has: &impl Fn(RefWall) -> bool, p: usize) -> Option<u32> {
        let start = (*self.pawns.get(p)?)?;
        let index = |(x, y): (i32, i32)| (y * self.m + x) as usize;
        let mut seen = vec![false; (self.m * self.m) as usize];
        seen[index(start)] = true;
        let mut queue = VecDeque::from([(start, 0u32)]);
        while let Some((c, d)) = queue.pop_front() {
            if self.is_goal(p, c) {
                return Some(d);
            }
            for dir in DIRS {
                if !self.blocked_by(has, c, dir) {
                    let t = (c.0 + dir.0, c.1 + dir.1);
                    if !seen[index(t)] {
                        seen[index(t)] = true;
                        queue.push_back((t, d + 1));
                    }
                }
            }
        }
        None
    }

    /// Whether the wall may be placed (walls left not considered): on the
    /// board, no overlap, no crossing, and a path for every pawn afterwards.
    #[must_use]
    pub fn wall_ok(&self, w: RefWall) -> bool {
        self.wall_ok_in(&mut WallTable::of(self), &[], w)
    }

    /// [`Reference::wall_ok`] with the board's walls in `table` (left as
    /// it was). The path check searches breadth first for each pawn through
    /// the walls and `w`, unless `paths` holds a path of that pawn through
    /// the board's walls that `w` does not cross: adding a wall only takes
    /// steps away, so that path is still there.
    fn wall_ok_in(&self, table: &mut WallTable, paths: &[Option<Vec<Step>>], (x, y, v): RefWall) -> bool {
        if x < 0 || y < 0 || x > self.m - 2 || y > self.m - 2 {
            return false;
        }
        let along = if v { [(x, y), (x, y - 1), (x, y + 1)] } else { [(x, y), (x - 1, y), (x + 1, y)] };
        if along.iter().any(|&(a, b)| self.walls.contains(&(a, b, v))) || self.walls.contains(&(x, y, !v)) {
            return false;
        }
        let crosses = |path: &Vec<Step>| path.iter().any(|&(c, d)| self.blocked_by(|o| o == (x, y, v), c, d));
        table.set((x, y, v), true);
        let has = |w| table.has(w);
        let ok = (0..self.players).all(|p| {
            self.pawns[p].is_none()
                || paths.get(p).and_then(Option::as_ref).is_some_and(|path| !crosses(path))
                || self.distance_by(&has, p).is_some()
        });
        table.set((x, y, v), false);
        ok
    }

    /// A shortest path of `p` to its goal through the board's walls (pawns
    /// ignored), as its steps, by breadth-first search; `None` without one.
    fn path(&self, p: usize) -> Option<Vec<Step>> {
        let start = (*self.pawns.get(p)?)?;
        let index = |(x, y): (i32, i32)| (y * self.m + x) as usize;
        let mut came: Vec<Option<Step>> = vec![None; (self.m * self.m) as usize];
        let mut seen = vec![false; (self.m * self.m) as usize];
        seen[index(start)] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            if self.is_goal(p, c) {
                let mut steps = Vec::new();
                let mut at = c;
                while let Some((from, d)) = came[index(at)] {
                    steps.push((from, d));
                    at = from;
                }
                return Some(steps);
            }
            for dir in DIRS {
                if !self.blocked(c, dir) {
                    let t = (c.0 + dir.0, c.1 + dir.1);
                    if !seen[index(t)] {
                        seen[index(t)] = true;
                        came[index(t)] = Some((c, dir));
                        queue.push_back(t);
                    }
                }
            }
        }
        None
    }

    /// Every legal wall (walls left not considered).
    #[must_use]
    pub fn legal_walls(&self) -> BTreeSet<RefWall> {
        let mut out = BTreeSet::new();
        let mut table = WallTable::of(self);
        let paths: Vec<Option<Vec<Step>>> = (0..self.players).map(|p| self.path(p)).collect();
        for v in [false, true] {
            for y in 0..self.m - 1 {
                for x in 0..self.m - 1 {
                    if self.wall_ok_in(&mut table, &paths, (x, y, v)) {
                        out.insert((x, y, v));
                    }
                }
            }
        }
        out
    }

    /// Every legal move of seat `p`, as the crate's moves.
    #[must_use]
    pub fn moves_of(&self, p: usize) -> BTreeSet<Move> {
        let mut out: BTreeSet<Move> =
            self.pawn_moves(p).into_iter().map(|(x, y)| Move::Pawn(Cell::new(x as u8, y as u8))).collect();
        if self.left.get(p).is_some_and(|&l| l > 0) {
            out.extend(
                self.legal_walls()
                    .into_iter()
                    .map(|(x, y, v)| Move::Wall(Wall { x: x as u8, y: y as u8, vertical: v })),
            );
        }
        out
    }

    /// Every legal move of the player to move (none once the game is over).
    #[must_use]
    pub fn moves(&self) -> BTreeSet<Move> {
        if self.over.is_some() { BTreeSet::new() } else { self.moves_of(self.to_move) }
    }

    fn has_move(&self, p: usize) -> bool {
        !self.pawn_moves(p).is_empty() || (self.left[p] > 0 && !self.legal_walls().is_empty())
    }

    /// Counts a turn; true when it reached the tick limit (the game is then over).
    fn count_tick(&mut self) -> bool {
        self.tick += 1;
        if self.tick_limit.is_some_and(|l| self.tick >= l) {
            self.over = Some("tick-limit");
        }
        self.over.is_some()
    }

    /// Plays a legal move of the player to move: a pawn on its goal ends
    /// the game; otherwise the turn counts a tick and passes to the next
    /// player still in the game, and a four-player seat with no move at all
    /// is removed (its turn counting a tick) and skipped.
    pub fn play(&mut self, mv: Move) {
        let p = self.to_move;
        match mv {
            Move::Pawn(c) => {
                let t = (i32::from(c.x), i32::from(c.y));
                self.pawns[p] = Some(t);
                if self.is_goal(p, t) {
                    self.tick += 1;
                    self.over = Some("goal");
                    return;
                }
            }
            Move::Wall(w) => {
                self.walls.insert((i32::from(w.x), i32::from(w.y), w.vertical));
                self.left[p] = self.left[p].saturating_sub(1);
            }
        }
        if self.count_tick() {
            return;
        }
        loop {
            let Some(q) =
                (1..=self.players).map(|k| (self.to_move + k) % self.players).find(|&q| self.pawns[q].is_some())
            else {
                self.over = Some("all-removed");
                return;
            };
            self.to_move = q;
            if self.players == 2 || self.has_move(q) {
                return;
            }
            self.pawns[q] = None;
            if self.count_tick() {
                return;
            }
        }
    }

    /// The players sharing the win once the game is over: the pawn on its
    /// goal, or at the tick limit the players still in the game with the
    /// shortest path; nobody after all were removed.
    #[must_use]
    pub fn winners(&self) -> BTreeSet<usize> {
        match self.over {
            Some("goal") => (0..self.players).filter(|&p| self.pawns[p].is_some_and(|c| self.is_goal(p, c))).collect(),
            Some("tick-limit") => {
                let d: Vec<(usize, u32)> =
                    (0..self.players).filter_map(|p| self.distance_with(&self.walls, p).map(|d| (p, d))).collect();
                let best = d.iter().map(|&(_, d)| d).min();
                d.iter().filter(|&&(_, x)| Some(x) == best).map(|&(p, _)| p).collect()
            }
            _ => BTreeSet::new(),
        }
    }
}

/// The walls of a position as a plain table of flags, one per anchor and
/// orientation: the same walls as [`Reference::walls`], looked up by index
/// (the searches of [`Reference::legal_walls`] ask it thousands of times).
struct WallTable {
    m: i32,
    flags: Vec<bool>,
}

impl WallTable {
    fn of(r: &Reference) -> WallTable {
        let mut t = WallTable { m: r.m, flags: vec![false; (2 * r.m * r.m) as usize] };
        for &w in &r.walls {
            t.set(w, true);
        }
        t
    }

    fn index(&self, (x, y, v): RefWall) -> Option<usize> {
        ((0..self.m).contains(&x) && (0..self.m).contains(&y)).then(|| ((y * self.m + x) * 2 + i32::from(v)) as usize)
    }

    fn has(&self, w: RefWall) -> bool {
        self.index(w).is_some_and(|i| self.flags[i])
    }

    fn set(&mut self, w: RefWall, on: bool) {
        if let Some(i) = self.index(w) {
            self.flags[i] = on;
        }
    }
}

/// Perft counted with the reference model's own move lists and play (a
/// finished game before `depth` counts 0), to compare with
/// [`game_core::perft`].
#[must_use]
pub fn perft(state: &Quoridor, depth: u32) -> u64 {
    perft_ref(&Reference::from_state(state), depth)
}

fn perft_ref(r: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return u64::from(r.over.is_none());
    }
    let moves = r.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut c = r.clone();
            c.play(mv);
            perft_ref(&c, depth - 1)
        })
        .sum()
}

fn violation(check: &'static str, detail: String) -> Violation {
    Violation { check, detail, at: None }
}

fn fast_winners(s: &Quoridor) -> BTreeSet<usize> {
    s.outcome().map(|o| (0..s.players()).filter(|&p| o.scores()[p] > 0).collect()).unwrap_or_default()
}

/// Checks the fast implementation against the reference model on `state`:
/// for every seat its pawn moves, its distance to goal and, for every wall
/// of the board, `check_wall`; the legal walls; the legal moves of the
/// player to move (no duplicates); the successor of every legal move (pawns,
/// walls, walls left, ticks, the player to move, removals, the end of the
/// game); and the winners of a finished game.
///
/// # Errors
/// The first disagreement, as a [`Violation`] whose `check` starts with
/// `reference-`.
pub fn check(state: &Quoridor) -> Result<(), Violation> {
    let r = Reference::from_state(state);
    for p in 0..r.players {
        let pid = PlayerId(p as u8);
        let fast: BTreeSet<(i32, i32)> = state.pawn_targets(pid).map(|c| (i32::from(c.x), i32::from(c.y))).collect();
        let slow = r.pawn_moves(p);
        if fast != slow {
            return Err(violation("reference-pawn-moves", format!("player {p}: fast {fast:?}, reference {slow:?}")));
        }
        let (fd, rd) = (state.distance_to_goal(pid), r.distance_with(&r.walls, p));
        if fd != rd {
            return Err(violation("reference-distance", format!("player {p}: fast {fd:?}, reference {rd:?}")));
        }
    }
    let ref_walls = r.legal_walls();
    let fast_walls: BTreeSet<RefWall> =
        state.legal_walls().map(|w| (i32::from(w.x), i32::from(w.y), w.vertical)).collect();
    if fast_walls != ref_walls {
        let extra: Vec<_> = fast_walls.difference(&ref_walls).collect();
        let missing: Vec<_> = ref_walls.difference(&fast_walls).collect();
        return Err(violation("reference-legal-walls", format!("fast only {extra:?}, reference only {missing:?}")));
    }
    let mut bad = None;
    state.for_each_possible_move(&mut |mv| {
        if let (Move::Wall(w), None) = (mv, &bad) {
            for p in 0..r.players {
                let ok = r.left[p] > 0 && ref_walls.contains(&(i32::from(w.x), i32::from(w.y), w.vertical));
                if state.is_wall_legal(PlayerId(p as u8), w) != ok {
                    bad = Some(format!("player {p}, {w:?}: reference says {ok}"));
                }
            }
        }
    });
    if let Some(detail) = bad {
        return Err(violation("reference-check-wall", detail));
    }
    if state.is_over() {
        let (fw, rw) = (fast_winners(state), r.winners());
        return if fw == rw {
            Ok(())
        } else {
            Err(violation("reference-winners", format!("fast {fw:?}, reference {rw:?}")))
        };
    }
    let mut moves = Vec::new();
    state.legal_moves(PlayerId(r.to_move as u8), &mut moves);
    let fast: BTreeSet<Move> = moves.iter().copied().collect();
    if fast.len() != moves.len() {
        return Err(violation("reference-duplicate-move", format!("{moves:?}")));
    }
    // The reference's moves of the player to move, with the walls found above.
    let mut slow: BTreeSet<Move> =
        r.pawn_moves(r.to_move).into_iter().map(|(x, y)| Move::Pawn(Cell::new(x as u8, y as u8))).collect();
    if r.left[r.to_move] > 0 {
        slow.extend(ref_walls.iter().map(|&(x, y, v)| Move::Wall(Wall { x: x as u8, y: y as u8, vertical: v })));
    }
    if fast != slow {
        let extra: Vec<_> = fast.difference(&slow).collect();
        let missing: Vec<_> = slow.difference(&fast).collect();
        return Err(violation("reference-legal-moves", format!("fast only {extra:?}, reference only {missing:?}")));
    }
    for mv in moves {
        let mut child = *state;
        child.play_unchecked(PlayerId(r.to_move as u8), mv);
        let mut expected = r.clone();
        expected.play(mv);
        let got = Reference::from_state(&child);
        // A finished game's seat to move is whoever moved last: not compared.
        let same = if expected.over.is_some() {
            Reference { to_move: expected.to_move, ..got.clone() } == expected
        } else {
            got == expected
        };
        if !same {
            return Err(violation(
                "reference-successor",
                format!("after {mv:?}: fast {got:?}, reference {expected:?}"),
            ));
        }
    }
    Ok(())
}
