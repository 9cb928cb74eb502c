//! A plain reference implementation of the rules, written straight from the
//! rules ([doc/rules.md](../../doc/rules.md)) with coordinates, sets and breadth-first search: no bit sets, no
//! filters. The fast implementation is checked against it.
#![allow(dead_code)]

use game_core::{Game, PlayerId};
use quoridor::{Cell, Move, Quoridor, Wall};
use std::collections::{BTreeSet, HashSet, VecDeque};

#[derive(Clone, Debug)]
pub struct Reference {
    pub m: i32,
    pub players: usize,
    pub pawns: Vec<Option<(i32, i32)>>,
    pub left: Vec<u8>,
    pub walls: HashSet<(i32, i32, bool)>,
    pub to_move: usize,
}

const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Reference {
    pub fn from_state(s: &Quoridor) -> Reference {
        let n = s.players();
        Reference {
            m: i32::from(s.size()),
            players: n,
            pawns: (0..n).map(|p| s.pawn(PlayerId(p as u8)).map(|c| (i32::from(c.x), i32::from(c.y)))).collect(),
            left: (0..n).map(|p| s.walls_left(PlayerId(p as u8))).collect(),
            walls: s.walls().map(|w| (i32::from(w.x), i32::from(w.y), w.vertical)).collect(),
            to_move: s.to_setup().to_move.index(),
        }
    }

    fn on_board(&self, (x, y): (i32, i32)) -> bool {
        x >= 0 && y >= 0 && x < self.m && y < self.m
    }

    /// Whether a wall (of `walls`) or the edge stops a step from `c` by `d`.
    pub fn blocked_with(&self, walls: &HashSet<(i32, i32, bool)>, c: (i32, i32), d: (i32, i32)) -> bool {
        let (x, y) = c;
        let t = (x + d.0, y + d.1);
        if !self.on_board(t) {
            return true;
        }
        match d {
            // East: a vertical wall right of (x, y): anchors (x, y) or (x, y-1).
            (1, 0) => walls.contains(&(x, y, true)) || walls.contains(&(x, y - 1, true)),
            (-1, 0) => walls.contains(&(x - 1, y, true)) || walls.contains(&(x - 1, y - 1, true)),
            // South: a horizontal wall below (x, y): anchors (x, y) or (x-1, y).
            (0, 1) => walls.contains(&(x, y, false)) || walls.contains(&(x - 1, y, false)),
            _ => walls.contains(&(x, y - 1, false)) || walls.contains(&(x - 1, y - 1, false)),
        }
    }

    pub fn blocked(&self, c: (i32, i32), d: (i32, i32)) -> bool {
        self.blocked_with(&self.walls, c, d)
    }

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
    pub fn pawn_moves(&self, p: usize) -> BTreeSet<(i32, i32)> {
        let mut out = BTreeSet::new();
        let Some(me) = self.pawns[p] else { return out };
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
                // a pawn behind: no move at all that way
                continue;
            }
            // a wall or the edge behind the jumped pawn: side-steps
            for s in [(d.1, d.0), (-d.1, -d.0)] {
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

    /// Breadth-first search: does `p` have a path to its goal through `walls`?
    pub fn has_path(&self, walls: &HashSet<(i32, i32, bool)>, p: usize) -> bool {
        self.distance_with(walls, p).is_some()
    }

    pub fn distance_with(&self, walls: &HashSet<(i32, i32, bool)>, p: usize) -> Option<u32> {
        let start = self.pawns[p]?;
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([(start, 0u32)]);
        while let Some((c, d)) = queue.pop_front() {
            if self.is_goal(p, c) {
                return Some(d);
            }
            for dir in DIRS {
                if !self.blocked_with(walls, c, dir) {
                    let t = (c.0 + dir.0, c.1 + dir.1);
                    if seen.insert(t) {
                        queue.push_back((t, d + 1));
                    }
                }
            }
        }
        None
    }

    /// Whether the wall may be placed (walls left not considered).
    pub fn wall_ok(&self, (x, y, v): (i32, i32, bool)) -> bool {
        if x < 0 || y < 0 || x > self.m - 2 || y > self.m - 2 {
            return false;
        }
        let along = if v { [(x, y), (x, y - 1), (x, y + 1)] } else { [(x, y), (x - 1, y), (x + 1, y)] };
        if along.iter().any(|&(a, b)| self.walls.contains(&(a, b, v))) {
            return false;
        }
        if self.walls.contains(&(x, y, !v)) {
            return false;
        }
        let mut after = self.walls.clone();
        after.insert((x, y, v));
        (0..self.players).all(|p| self.pawns[p].is_none() || self.has_path(&after, p))
    }

    pub fn legal_walls(&self) -> BTreeSet<(i32, i32, bool)> {
        let mut out = BTreeSet::new();
        for v in [false, true] {
            for y in 0..self.m - 1 {
                for x in 0..self.m - 1 {
                    if self.wall_ok((x, y, v)) {
                        out.insert((x, y, v));
                    }
                }
            }
        }
        out
    }

    /// Every legal move of the player to move, as the crate's moves.
    pub fn moves(&self) -> BTreeSet<Move> {
        let p = self.to_move;
        let mut out: BTreeSet<Move> =
            self.pawn_moves(p).into_iter().map(|(x, y)| Move::Pawn(Cell::new(x as u8, y as u8))).collect();
        if self.left[p] > 0 {
            out.extend(
                self.legal_walls()
                    .into_iter()
                    .map(|(x, y, v)| Move::Wall(Wall { x: x as u8, y: y as u8, vertical: v })),
            );
        }
        out
    }

    /// Plays a move (assumed legal) and passes the turn, removing stuck
    /// players; returns true when the mover reached its goal.
    pub fn play(&mut self, mv: Move) -> bool {
        let p = self.to_move;
        match mv {
            Move::Pawn(c) => {
                let t = (i32::from(c.x), i32::from(c.y));
                self.pawns[p] = Some(t);
                if self.is_goal(p, t) {
                    return true;
                }
            }
            Move::Wall(w) => {
                self.walls.insert((i32::from(w.x), i32::from(w.y), w.vertical));
                self.left[p] -= 1;
            }
        }
        for _ in 0..self.players {
            let mut q = (self.to_move + 1) % self.players;
            while self.pawns[q].is_none() {
                q = (q + 1) % self.players;
            }
            self.to_move = q;
            if !self.moves().is_empty() {
                break;
            }
            self.pawns[q] = None;
        }
        false
    }
}

/// Perft with the reference (no tick limit, games ended by a goal count 0).
pub fn reference_perft(r: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = r.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut c = r.clone();
            if c.play(mv) { 0 } else { reference_perft(&c, depth - 1) }
        })
        .sum()
}
