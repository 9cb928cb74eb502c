//! A Yavalath bot that searches at the contest's clock: alpha-beta with the
//! crate's evaluation, each answer's budget picked by a [`TimeManager`] from
//! the time left that `run_bot` passes (1 s for the first answer, 100 ms
//! after, less a safety margin).
//!
//! ```text
//! cargo build --release -p game-search --example yavalath-clock
//! cargo run --release -p arena -- play yavalath --bot cmd:target/release/examples/yavalath-clock --bot mcts
//! ```

use game_core::bot::Bot;
use game_search::{AlphaBeta, AlphaBetaConfig, EvalFn, TimeManager};
use yavalath::protocol::{Answer, ProtocolError, TIME_CONTROL, run_bot};
use yavalath::{Cell, Yavalath, evaluation};

fn main() -> Result<(), ProtocolError> {
    let clock = TimeManager::new(TIME_CONTROL);
    let mut search = AlphaBeta::new(AlphaBetaConfig::default(), EvalFn(evaluation::score));
    run_bot(std::io::stdin().lock(), std::io::stdout().lock(), |g: &Yavalath, me, time_left| {
        search.set_budget(clock.budget(time_left));
        // A position handed to the bot is never over, so it has a move.
        Answer::from(search.choose(g, me).unwrap_or(Cell::CENTER))
    })
}
