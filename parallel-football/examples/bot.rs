//! A Parallel Football team program speaking the arena protocol on
//! stdin/stdout, built on a reference team (greedy unless told otherwise).
//!
//! `cargo run -p parallel-football --example parallel-football-bot` plays
//! the greedy team, `... -- random 42` the random one with seed 42; here
//! both against the arena's built-in teams:
//!
//! ```text
//! cargo build --release -p parallel-football --example parallel-football-bot
//! cargo run --release -p arena -- play parallel-football --bot cmd:target/release/examples/parallel-football-bot --bot "cmd:target/release/examples/parallel-football-bot random 42" --bot greedy --bot random
//! ```

use parallel_football::game_core::bot::Bot;
use parallel_football::{GreedyTeam, ParallelFootball, RandomTeam, protocol};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut team: Box<dyn Bot<ParallelFootball>> = match args.first().map(String::as_str) {
        Some("greedy") | None => Box::new(GreedyTeam::new()),
        Some("random") => Box::new(RandomTeam::new(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0))),
        Some(other) => {
            eprintln!("unknown team {other:?}: use `greedy` or `random [SEED]`");
            std::process::exit(2);
        }
    };
    let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
    // The closure gets the game, our team and the time left for this answer.
    if let Err(e) = protocol::run_bot(stdin, stdout, |state, me, _time_left| team.turn(state, me)) {
        eprintln!("team program stopped: {e}");
        std::process::exit(1);
    }
}
