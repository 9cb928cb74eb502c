//! `arena bench`: uniformly random playouts, timed, on one or more threads.
//!
//! The games are cut into batches of [`BATCH`] games, batch `k` played with
//! a generator seeded with [`derive_seed`]`(seed, k)`, and threads take
//! batches in turn. The statistics are sums over games, so they are the same
//! for a seed whatever the number of jobs; only the time changes.

use crate::games::Adapter;
use game_core::rng::{derive_seed, seeded};
use game_core::{PlayoutError, PlayoutStats, random_playouts};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Games per batch: large enough that seeding a generator per batch costs
/// nothing measurable, small enough that threads finish together.
pub const BATCH: u64 = 4096;

/// Games played between two updates of the progress counter: a batch is
/// played in such chunks with its one generator, so the games and the
/// statistics are those of one call for the whole batch.
pub const PROGRESS_EVERY: u64 = 16;

/// Plays `games` uniformly random games (each decision uniform over the
/// decider's legal moves through [`game_core::Game::random_legal_move`],
/// chance drawn from the same generator) from the adapter's start, on
/// `jobs` threads. Returns the statistics and the seconds taken. `done`
/// counts the games played so far, every [`PROGRESS_EVERY`] games (for a
/// progress display in another thread).
///
/// # Errors
/// [`PlayoutError`] when the game breaks its own contract during a playout
/// (the first one a thread met).
pub fn bench<A: Adapter>(
    a: &A,
    games: u64,
    seed: u64,
    jobs: usize,
    done: &AtomicU64,
) -> Result<(PlayoutStats, f64), PlayoutError> {
    let start = a.start();
    let batches = games.div_ceil(BATCH);
    let next = AtomicU64::new(0);
    let total = Mutex::new(Ok(PlayoutStats::default()));
    let t0 = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, usize::try_from(batches).unwrap_or(usize::MAX).max(1)) {
            scope.spawn(|| {
                let mut mine = PlayoutStats::default();
                let result = loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= batches {
                        break Ok(());
                    }
                    let n = BATCH.min(games - k * BATCH);
                    let mut rng = seeded(derive_seed(seed, k));
                    let played = (0..n).step_by(PROGRESS_EVERY as usize).try_for_each(|from| {
                        let chunk = PROGRESS_EVERY.min(n - from);
                        mine += random_playouts(&start, chunk, &mut rng)?;
                        done.fetch_add(chunk, Ordering::Relaxed);
                        Ok(())
                    });
                    if let Err(e) = played {
                        // Stop the other threads at their next batch.
                        next.store(batches, Ordering::Relaxed);
                        break Err(e);
                    }
                };
                let mut total = total.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                match (&mut *total, result) {
                    (Ok(sum), Ok(())) => *sum += mine,
                    (Ok(_), Err(e)) => *total = Err(e),
                    (Err(_), _) => {}
                }
            });
        }
    });
    let secs = t0.elapsed().as_secs_f64();
    let stats = total.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner)?;
    Ok((stats, secs))
}

/// What a bench runs: `quoridor: 1000 random games (seed 1) on 2 threads`.
pub fn what(name: &str, games: u64, seed: u64, jobs: usize) -> String {
    let threads = if jobs == 1 { String::new() } else { format!(" on {jobs} threads") };
    format!("{name}: {games} random games (seed {seed}){threads}")
}

/// The report `arena bench` prints for a game of `seats` seats: its
/// wins by seat, one number per seat.
pub fn report(name: &str, seats: usize, games: u64, seed: u64, jobs: usize, stats: &PlayoutStats, secs: f64) -> String {
    let secs = secs.max(1e-9);
    format!(
        "{} in {secs:.3} s\n  games/s: {:.1}\n  plies/s: {:.0}\n  mean length: {:.3} plies\n  wins by seat: {:?}, shared or none: {}\n",
        what(name, games, seed, jobs),
        stats.games as f64 / secs,
        stats.plies as f64 / secs,
        stats.mean_length(),
        &stats.wins[..seats.min(stats.wins.len())],
        stats.shared
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Contest;
    use ::nim::protocol::Referee as NimReferee;

    #[test]
    fn a_bench_counts_its_games_as_it_goes_and_gives_the_same_statistics_whatever_the_jobs() {
        let a = NimReferee { pile: 21, max_take: 3 };
        let games = BATCH + 3 * PROGRESS_EVERY + 5;
        let done = AtomicU64::new(0);
        let (one, _) = bench(&a, games, 7, 1, &done).unwrap();
        assert_eq!(done.load(Ordering::Relaxed), games);
        let (three, _) = bench(&a, games, 7, 3, &AtomicU64::new(0)).unwrap();
        assert_eq!(one, three);
        // A batch played in chunks is the batch played in one call.
        let whole = random_playouts(&a.start(), BATCH, &mut seeded(derive_seed(7, 0))).unwrap();
        let rest = random_playouts(&a.start(), games - BATCH, &mut seeded(derive_seed(7, 1))).unwrap();
        let mut sum = whole;
        sum += rest;
        assert_eq!(one, sum);
    }
}
