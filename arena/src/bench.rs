//! `arena bench`: uniformly random playouts, timed.

use crate::games::Adapter;
use game_core::rng::seeded;
use game_core::{PlayoutError, PlayoutStats, random_playouts};
use std::time::Instant;

/// Plays `games` uniformly random games (each decision uniform over the
/// decider's legal moves, chance drawn from the same generator) from the
/// adapter's start with `seed`. Returns the statistics and the seconds taken.
///
/// # Errors
/// [`PlayoutError`] when the game breaks its own contract during a playout.
pub fn bench<A: Adapter>(a: &A, games: u64, seed: u64) -> Result<(PlayoutStats, f64), PlayoutError> {
    let start = a.start();
    let t0 = Instant::now();
    let stats = random_playouts(&start, games, &mut seeded(seed))?;
    Ok((stats, t0.elapsed().as_secs_f64()))
}

/// The report `arena bench` prints.
pub fn report(name: &str, games: u64, seed: u64, stats: &PlayoutStats, secs: f64) -> String {
    let secs = secs.max(1e-9);
    format!(
        "{name}: {games} random games (seed {seed}) in {secs:.3} s\n  games/s: {:.1}\n  plies/s: {:.0}\n  mean length: {:.3} plies\n  wins by seat: {:?}, shared or none: {}\n",
        stats.games as f64 / secs,
        stats.plies as f64 / secs,
        stats.mean_length(),
        stats.wins,
        stats.shared
    )
}
