//! Shared test helpers: a plain array-based reference implementation of the rules, written from
//! the rules only ([doc/rules.md](../../doc/rules.md)) (no bitboards, no tables of the crate), and small game builders.
#![allow(dead_code)]

use game_core::{Game, PlayerId};
use yavalath::{Cell, End, Yavalath};

/// The rules' board: `(x, y)` is on the board iff `0 <= y <= 8` and `0 <= x <= 8 - |y - 4|`.
pub fn on_board(x: i32, y: i32) -> bool {
    (0..=8).contains(&y) && x >= 0 && x <= 8 - (y - 4).abs()
}

/// Every cell `(x, y)` in reading order.
pub fn all_xy() -> Vec<(i32, i32)> {
    let mut v = Vec::new();
    for y in 0..9 {
        for x in 0..9 {
            if on_board(x, y) {
                v.push((x, y));
            }
        }
    }
    v
}

/// The rules' internal model: `a = x + max(0, y - 4)`.
pub fn to_ay(x: i32, y: i32) -> (i32, i32) {
    (x + (y - 4).max(0), y)
}

pub fn from_ay(a: i32, y: i32) -> Option<(i32, i32)> {
    let x = a - (y - 4).max(0);
    on_board(x, y).then_some((x, y))
}

/// A naive reference game: a 9x9 array of stones in `(x, y)`, runs counted by walking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naive {
    /// `stones[y][x]`: 0 empty, 1 first player, 2 second player.
    pub stones: [[u8; 9]; 9],
    pub plies: u32,
    pub end: Option<End>,
}

impl Naive {
    pub fn new() -> Naive {
        Naive { stones: [[0; 9]; 9], plies: 0, end: None }
    }

    pub fn to_move(&self) -> u8 {
        (self.plies % 2) as u8
    }

    pub fn legal(&self) -> Vec<(i32, i32)> {
        if self.end.is_some() {
            return vec![];
        }
        all_xy().into_iter().filter(|&(x, y)| self.stones[y as usize][x as usize] == 0 || (self.plies == 1)).collect()
    }

    fn run_len(&self, x: i32, y: i32, colour: u8) -> i32 {
        let (a, y0) = to_ay(x, y);
        let mut best = 0;
        for (da, dy) in [(1, 0), (0, 1), (1, 1)] {
            let mut n = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while let Some((cx, cy)) = from_ay(a + sign * k * da, y0 + sign * k * dy) {
                    if self.stones[cy as usize][cx as usize] != colour {
                        break;
                    }
                    n += 1;
                    k += 1;
                }
            }
            best = best.max(n);
        }
        best
    }

    pub fn play(&mut self, x: i32, y: i32) {
        assert!(self.end.is_none() && on_board(x, y));
        let me = self.to_move();
        let cell = &mut self.stones[y as usize][x as usize];
        self.plies += 1;
        if *cell != 0 {
            assert!(self.plies == 2 && *cell == 1, "only the steal plays an occupied cell");
            *cell = 2;
            return;
        }
        *cell = me + 1;
        let run = self.run_len(x, y, me + 1);
        let p = PlayerId(me);
        if run >= 4 {
            self.end = Some(End::Four { winner: p });
        } else if run == 3 {
            self.end = Some(End::Three { loser: p });
        } else if all_xy().iter().all(|&(x, y)| self.stones[y as usize][x as usize] != 0) {
            self.end = Some(End::Full);
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.end.is_some() {
            return 0;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(x, y)| {
                let mut c = self.clone();
                c.play(x, y);
                c.perft(depth - 1)
            })
            .sum()
    }

    /// Whether it shows the same stones, turn and end as `g`.
    pub fn agrees_with(&self, g: &Yavalath) -> bool {
        all_xy().into_iter().all(|(x, y)| {
            let c = Cell::from_xy(x.into(), y.into()).unwrap();
            let s = match g.stone_at(c) {
                None => 0,
                Some(p) => p.0 + 1,
            };
            s == self.stones[y as usize][x as usize]
        }) && self.plies == g.plies()
            && self.end == g.end()
    }
}

pub fn cell(x: i64, y: i64) -> Cell {
    Cell::from_xy(x, y).unwrap()
}

pub fn cells(xy: &[(i64, i64)]) -> Vec<Cell> {
    xy.iter().map(|&(x, y)| cell(x, y)).collect()
}

/// Cells far from `avoid` and from each other: an opponent's harmless moves.
pub fn fillers(avoid: &[Cell]) -> Vec<Cell> {
    let mut bad: yavalath::Bitboard = avoid.iter().copied().collect();
    for &c in avoid {
        bad = bad | c.neighbors();
    }
    let mut out = Vec::new();
    for c in Cell::all() {
        if !bad.contains(c) {
            out.push(c);
            bad.insert(c);
            bad = bad | c.neighbors();
        }
    }
    out
}

/// Plays `mine` for `player` in order, the other player answering with harmless fillers, from the
/// start (the first player begins; when `player` is 1, a filler comes first). Each move is checked.
/// Returns the game after the last of `mine`.
pub fn play_for(player: u8, mine: &[Cell]) -> Yavalath {
    let others = fillers(mine);
    let mut g = Yavalath::new();
    let mut k = 0;
    let mut fill = |g: &mut Yavalath| {
        let p = g.to_move().unwrap();
        g.play(p, others[k]).unwrap();
        k += 1;
    };
    if player == 1 {
        fill(&mut g);
    }
    for (i, &c) in mine.iter().enumerate() {
        g.play(PlayerId(player), c).unwrap();
        if i + 1 < mine.len() {
            assert!(g.end().is_none(), "the game ended before the last stone: {g}");
            fill(&mut g);
        }
    }
    g
}

/// The full-board draw pattern: no three in a row for either colour (31 `x`, 30 `o`).
pub const DRAW_ROWS: [&str; 9] =
    ["oxxox", "xooxxo", "ooxxoxx", "oxxooxoo", "xxooxoxxo", "ooxxoxox", "xooxoox", "oxxoxo", "xoxox"];
