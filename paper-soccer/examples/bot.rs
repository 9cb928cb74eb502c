//! A Paper Soccer bot speaking the protocol on stdin/stdout: among the
//! distinct whole turns, it scores when it can, never ends the game against
//! itself when it can avoid it, and otherwise moves the ball as far as it
//! can toward the goal it attacks (player 0 attacks the top goal, player 1
//! the bottom one). Given player 0's first message, or playing the arena's
//! random bot:
//!
//! ```text
//! cargo build --release -p paper-soccer --example paper-soccer-bot
//! printf '0\n1\n-\n' | target/release/examples/paper-soccer-bot
//! cargo run --release -p arena -- play paper-soccer --bot cmd:target/release/examples/paper-soccer-bot --bot random
//! ```

use paper_soccer::game_core::PlayerId;
use paper_soccer::protocol::run_bot;
use paper_soccer::{Dir, PaperSoccer};
use std::ops::ControlFlow;
use std::time::Duration;

/// Higher is better: a win, then how far the ball went toward the goal
/// `me` attacks; a lost game (own goal, blocked) is worst.
fn score(after: &PaperSoccer, me: PlayerId) -> i32 {
    match after.winner() {
        Some(w) if w == me => i32::MAX,
        Some(_) => i32::MIN,
        None if me == PlayerId(0) => -i32::from(after.ball().y),
        None => i32::from(after.ball().y),
    }
}

fn best_turn(game: &PaperSoccer, me: PlayerId, _time_left: Duration) -> Vec<Dir> {
    let mut best: (i32, Vec<Dir>) = (i32::MIN, Vec::new());
    // Capped: dense positions can have very many distinct turns.
    game.for_each_turn(20_000, |steps, after| {
        let s = score(after, me);
        if best.1.is_empty() || s > best.0 {
            best = (s, steps.to_vec());
        }
        if s == i32::MAX { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    best.1
}

fn main() {
    if let Err(e) = run_bot(std::io::stdin().lock(), std::io::stdout().lock(), best_turn) {
        eprintln!("bot: {e}");
        std::process::exit(1);
    }
}
