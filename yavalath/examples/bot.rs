//! A small Yavalath bot speaking the arena protocol on stdin/stdout: it wins at once when it can,
//! blocks the opponent's immediate win, never makes a three unless forced, and otherwise plays a
//! random legal move (seeded, so it is reproducible).
//!
//! `cargo run -p yavalath --example bot` and type a turn, or use it as an arena opponent:
//! `arena play yavalath --bot cmd:target/debug/examples/bot --bot random`.

use game_core::{Game, rng};
use std::io::Write;
use yavalath::protocol::{format_answer, player_of_id, read_turn};
use yavalath::{Bitboard, Cell};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    let mut me = None;
    let mut r = rng::seeded(2026);
    while let Some(turn) = read_turn(&mut input)? {
        if let Some(id) = turn.my_id {
            me = player_of_id(id);
        }
        let me = me.ok_or("no id line on the first turn")?;
        let g = turn.position(me)?;
        let legal = g.legal();
        let win = g.winning_cells(me) & legal;
        let block = g.winning_cells(me.opponent()) & legal & !g.losing_cells(me);
        let safe = legal & !g.losing_cells(me);
        let pool = [win, block, safe, legal].into_iter().find(|b: &Bitboard| !b.is_empty()).ok_or("no legal move")?;
        let cells: Vec<Cell> = pool.iter().collect();
        let cell = cells[rng::below(&mut r, cells.len())];
        debug_assert!(g.is_legal(me, cell));
        let note = if !win.is_empty() { "winning" } else { "thinking" };
        writeln!(out, "{}", format_answer(cell, Some(note)))?;
        out.flush()?;
    }
    Ok(())
}
