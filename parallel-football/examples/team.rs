//! A Parallel Football team program speaking the arena protocol on
//! stdin/stdout, built on a reference team.
//!
//! ```text
//! cargo run -p parallel-football --example team -- greedy
//! cargo run -p parallel-football --example team -- random 42
//! ```

use parallel_football::{GreedyTeam, RandomTeam, Team, protocol};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut team: Box<dyn Team> = match args.first().map(String::as_str) {
        Some("random") => Box::new(RandomTeam::new(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0))),
        Some("greedy") | None => Box::new(GreedyTeam::new()),
        Some(other) => {
            eprintln!("unknown team {other:?}: use `greedy` or `random [SEED]`");
            std::process::exit(2);
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = protocol::run_team(team.as_mut(), &mut stdin.lock(), &mut stdout.lock()) {
        eprintln!("team program stopped: {e}");
        std::process::exit(1);
    }
}
