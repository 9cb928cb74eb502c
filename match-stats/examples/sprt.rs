//! A two-engine series summed up as `arena play` prints it: wins, draws
//! and losses, Elo, normalized Elo and LOS game by game and pair by pair,
//! and an SPRT of 0 against 5 normalized Elo.
//!
//! ```text
//! cargo run -p match-stats --example sprt
//! ```

use match_stats::{GameResult, Sprt, SprtError, summarize};

fn main() -> Result<(), SprtError> {
    let names = ["new".to_string(), "old".to_string()];
    // Game `i` seats "new" first when `i` is even; it wins 11 games in 16,
    // draws 3 and loses 2, as the first entrant's half-points say.
    let half_points = [2, 2, 1, 2, 2, 0, 2, 2, 1, 2, 2, 2, 0, 1, 2, 2];
    let games = half_points.iter().zip(0u64..).map(|(&hp, index)| {
        let new_seat = usize::from(index % 2 == 1);
        let mut ranks = vec![0, 0];
        match hp {
            2 => ranks[1 - new_seat] = 1,
            0 => ranks[new_seat] = 1,
            _ => {}
        }
        let scores = ranks.iter().map(|&r| i64::from(r == 0)).collect();
        let entrants = if new_seat == 0 { vec![0, 1] } else { vec![1, 0] };
        GameResult { index, entrants, ranks, scores, failures: vec![0, 0] }
    });
    let sprt: Sprt = "elo0=0,elo1=5".parse()?;
    print!("{}", summarize(&names, 2, games, Some(&sprt)).table());
    Ok(())
}
