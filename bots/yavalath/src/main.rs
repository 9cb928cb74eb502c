//! An example Yavalath bot, the fixture the bundling check builds into one
//! source file (see "Submitting to CodinGame" in the repository README).
//!
//! It wins at once when it can ([`Yavalath::winning_cells`]), blocks the
//! opponent's immediate win unless that loses, never makes a three unless
//! forced ([`Yavalath::losing_cells`]), and chooses among what is left by
//! flat Monte Carlo: [`PLAYOUTS`] random playouts per candidate from a
//! seeded [`SplitMix64`], so the same input always gets the same answer.

use std::time::Duration;
use yavalath::game_core::rng::SplitMix64;
use yavalath::game_core::{Game, PlayerId};
use yavalath::protocol::{run_bot, Answer};
use yavalath::{Bitboard, Cell, Yavalath};

/// Random playouts per candidate cell.
const PLAYOUTS: u32 = 24;

/// The cells worth considering, the most urgent kind first.
fn candidates(g: &Yavalath, me: PlayerId) -> Bitboard {
    let legal = g.legal();
    let win = g.winning_cells(me) & legal;
    let safe = legal & !g.losing_cells(me);
    let block = g.winning_cells(me.opponent()) & safe;
    [win, block, safe, legal].into_iter().find(|b| !b.is_empty()).unwrap_or(legal)
}

/// The candidate with the most playout wins for `me` (the first on ties).
fn choose(g: &Yavalath, me: PlayerId, rng: &mut SplitMix64) -> Option<Cell> {
    let pool = candidates(g, me);
    if (pool & g.winning_cells(me)) == pool {
        return pool.iter().next();
    }
    let mut best: Option<(u32, Cell)> = None;
    for cell in pool.iter() {
        let mut after = *g;
        // Every candidate is a legal cell of the player to move.
        after.play_unchecked(me, cell);
        let mut wins = 0;
        for _ in 0..PLAYOUTS {
            let mut p = after;
            p.random_playout(rng);
            wins += u32::from(p.end().and_then(|e| e.winner()) == Some(me));
        }
        if best.map_or(true, |(w, _)| wins > w) {
            best = Some((wins, cell));
        }
    }
    best.map(|(_, c)| c).or_else(|| pool.iter().next())
}

fn main() -> Result<(), yavalath::ProtocolError> {
    let mut rng = SplitMix64::new(2026);
    let bot = |g: &Yavalath, me: PlayerId, _left: Duration| {
        // A position handed to the bot is never over, so a cell is found.
        Answer::from(choose(g, me, &mut rng).unwrap_or(Cell::CENTER))
    };
    run_bot(std::io::stdin().lock(), std::io::stdout().lock(), bot)
}
