//! A small Yavalath bot speaking the arena protocol on stdin/stdout: it wins at once when it can,
//! blocks the opponent's immediate win, never makes a three unless forced, and otherwise plays a
//! random legal move (seeded, so it is reproducible).
//!
//! Given the first player's first message (id `1`, an empty board, no last move: `-1 -1`), or
//! playing the arena's random bot:
//!
//! ```text
//! printf '1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n' | cargo run -q --release -p yavalath --example yavalath-bot
//! cargo build --release -p yavalath --example yavalath-bot
//! cargo run --release -p arena -- play yavalath --bot cmd:target/release/examples/yavalath-bot --bot random
//! ```

use yavalath::game_core::{PlayerId, rng};
use yavalath::protocol::{Answer, run_bot};
use yavalath::{Bitboard, Cell, Yavalath};

fn main() -> Result<(), yavalath::protocol::ProtocolError> {
    let mut r = rng::seeded(2026);
    let bot = move |g: &Yavalath, me: PlayerId, _left| {
        let legal = g.legal();
        let win = g.winning_cells(me) & legal;
        let block = g.winning_cells(me.opponent()) & legal & !g.losing_cells(me);
        let safe = legal & !g.losing_cells(me);
        // A position handed to the bot is never over, so `legal` is never empty.
        let pool = [win, block, safe, legal].into_iter().find(|b: &Bitboard| !b.is_empty()).unwrap_or(legal);
        let cells: Vec<Cell> = pool.iter().collect();
        let cell = cells.get(rng::below(&mut r, cells.len().max(1))).copied().unwrap_or(Cell::CENTER);
        Answer::from(cell).with_message(if win.is_empty() { "thinking" } else { "winning" })
    };
    run_bot(std::io::stdin().lock(), std::io::stdout().lock(), bot)
}
