//! Shared test helpers: small game builders. The plain reference model of the rules is the
//! crate's own, `yavalath::testing::reference` (re-exported here).
#![allow(dead_code)]

use game_core::{Game, PlayerId};
#[allow(unused_imports)] // each test file uses a part
pub use yavalath::testing::reference::{ArrayBoard, all_xy, from_ay, on_board, to_ay};
use yavalath::{Cell, Yavalath};

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
