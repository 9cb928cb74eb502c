//! Series of games: the schedule (per-game seeds, seats rotated over the
//! same seed), `--jobs` threads, records written, summaries kept.

use super::game::{PlayOptions, play_game_to};
use super::record::{ErrorEntry, RecordTail, RecordWriter};
use super::seat::check_specs;
use super::spec::BotSpec;
use crate::error::PlayError;
use crate::games::Adapter;
use game_core::rng::derive_seed;
use game_core::{Game, Outcome};

/// The summary of one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// Index of the game in its series.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Entrant (index into the series' bot list) in each seat.
    pub entrants: Vec<usize>,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: String,
    /// Failures per seat.
    pub failures: Vec<u32>,
    /// Problems with answers: the first [`SUMMARY_ERRORS`] (the game's
    /// record has them all).
    pub errors: Vec<ErrorEntry>,
    /// How many problems the game's record lists.
    pub error_count: usize,
    /// The final position as text.
    pub final_position: String,
    /// The command that plays this game again.
    pub replay: String,
}

/// The most problems a [`GameSummary`] keeps: a series keeps every game's
/// summary, and a bot that fails on every turn must not make its memory
/// grow by a turn's worth per game.
pub const SUMMARY_ERRORS: usize = 32;

/// The game of a series with this index: its seed and the entrant in each
/// seat. Seats rotate over the same seed: games `k*n .. k*n+n-1` share seed
/// `derive_seed(series, k)` and entrant `e` sits in seat `(e + r) % n` in
/// rotation `r`.
pub fn schedule(series_seed: u64, index: u64, seats: usize) -> (u64, Vec<usize>) {
    let n = seats.max(1) as u64;
    let seed = derive_seed(series_seed, index / n);
    let r = (index % n) as usize;
    let entrants = (0..seats).map(|seat| (seat + seats - r) % seats).collect();
    (seed, entrants)
}

/// Plays `games` games in `jobs` threads (series seed `seed`, rotated seats;
/// or, with `fixed_seed`, every game with that seed and no rotation).
/// Calls `done` after each game (progress). Results come back in index
/// order; records are written when `opts.record_dir` is set.
///
/// # Errors
/// A bad spec, not one spec per seat, or a record directory or record that
/// cannot be written ([`PlayError`]); the first error stops the series.
#[allow(clippy::too_many_arguments)]
pub fn play_series<A: Adapter>(
    a: &A,
    specs: &[String],
    games: u64,
    jobs: usize,
    seed: u64,
    fixed_seed: Option<u64>,
    opts: &PlayOptions,
    done: &(dyn Fn(&GameSummary) + Sync),
) -> Result<Vec<GameSummary>, PlayError> {
    let parsed = check_specs(a, specs)?;
    let seats = a.start().players();
    if parsed.len() != seats {
        return Err(PlayError::SeatCount { game: a.name(), seats, bots: parsed.len() });
    }
    if let Some(dir) = &opts.record_dir {
        std::fs::create_dir_all(dir).map_err(|source| PlayError::RecordDir { path: dir.clone(), source })?;
    }
    let next = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    let first_error = std::sync::Mutex::new(None::<PlayError>);
    let fail = |e: PlayError| {
        if let Ok(mut fe) = first_error.lock() {
            fe.get_or_insert(e);
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= games || first_error.lock().map(|e| e.is_some()).unwrap_or(true) {
                        return;
                    }
                    let (gseed, entrants) = match fixed_seed {
                        Some(s) => (s, (0..seats).collect()),
                        None => schedule(seed, i, seats),
                    };
                    let seat_specs: Vec<(String, BotSpec)> =
                        entrants.iter().map(|&e| (specs[e].clone(), parsed[e].clone())).collect();
                    match play_one(a, &seat_specs, i, seed, gseed, entrants, opts) {
                        Ok(s) => {
                            done(&s);
                            if let Ok(mut r) = results.lock() {
                                r.push(s);
                            }
                        }
                        Err(e) => fail(e),
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut r = results.into_inner().unwrap_or_default();
    r.sort_by_key(|s| s.index);
    Ok(r)
}

/// Plays game `index` of the series, writes its record when asked, and
/// sums it up.
fn play_one<A: Adapter>(
    a: &A,
    seat_specs: &[(String, BotSpec)],
    index: u64,
    series_seed: u64,
    seed: u64,
    entrants: Vec<usize>,
    opts: &PlayOptions,
) -> Result<GameSummary, PlayError> {
    let mut writer = match &opts.record_dir {
        Some(dir) => Some(RecordWriter::create(dir, &format!("{}-{index:05}.json", a.name()))?),
        None => None,
    };
    let played = play_game_to(a, seat_specs, seed, opts, writer.as_mut())?;
    if let Some(w) = writer {
        w.finish(&RecordTail::of(&played, index, series_seed))?;
    }
    let mut errors = played.errors;
    let error_count = errors.len();
    errors.truncate(SUMMARY_ERRORS);
    errors.shrink_to_fit();
    Ok(GameSummary {
        index,
        seed,
        entrants,
        outcome: played.outcome,
        reason: played.reason,
        failures: played.failures,
        error_count,
        errors,
        final_position: played.final_position,
        replay: played.replay,
    })
}

#[cfg(test)]
mod tests {
    use super::super::game::play_game;
    use super::*;
    use serde_json::Value;

    #[test]
    fn schedule_rotates_seats_on_the_same_seed() {
        let (s0, e0) = schedule(7, 0, 2);
        let (s1, e1) = schedule(7, 1, 2);
        let (s2, _) = schedule(7, 2, 2);
        assert_eq!(s0, s1);
        assert_ne!(s0, s2);
        assert_eq!(e0, [0, 1]);
        assert_eq!(e1, [1, 0]);
        let all: Vec<Vec<usize>> = (0..4).map(|i| schedule(1, i, 4).1).collect();
        for seat in 0..4 {
            let mut col: Vec<usize> = all.iter().map(|e| e[seat]).collect();
            col.sort_unstable();
            assert_eq!(col, [0, 1, 2, 3], "every entrant sits in every seat once");
        }
    }

    #[test]
    fn summaries_keep_the_first_errors_and_records_all_of_them() {
        use crate::games::parallel_football::FootballAdapter;
        // One footballer that answers `dance` (unreadable, `stay`) every turn.
        let garbage = "sh -c 'read s; echo 0 0; while read h; do i=0; while [ $i -lt 4 ]; do read l; \
                       i=$((i+1)); done; read n; i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done; \
                       echo dance; done'";
        let a = FootballAdapter::new(32, 1, 3, 60).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let opts = PlayOptions { time_factor: 5.0, record_dir: Some(dir.path().into()), replay_args: Vec::new() };
        let specs = [format!("cmd:{garbage}"), "random".into(), "random".into(), "random".into()];
        let r = play_series(&a, &specs, 1, 1, 1, None, &opts, &|_| {}).unwrap();
        assert_eq!(r[0].errors.len(), SUMMARY_ERRORS);
        assert!(r[0].error_count > SUMMARY_ERRORS, "{}", r[0].error_count);
        let rec: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("parallel-football-00000.json")).unwrap())
                .unwrap();
        assert_eq!(rec["errors"].as_array().unwrap().len(), r[0].error_count);
    }

    #[test]
    fn wrong_seat_counts_and_unwritable_records_are_typed_errors() {
        use crate::games::nim::NimAdapter;
        let a = NimAdapter { pile: 10, max_take: 3 };
        let opts = PlayOptions { time_factor: 1.0, record_dir: None, replay_args: Vec::new() };
        let one = [("random".to_string(), BotSpec::Random)];
        assert!(matches!(play_game(&a, &one, 1, &opts), Err(PlayError::SeatCount { game: "nim", seats: 2, bots: 1 })));
        let specs = ["random".to_string()];
        assert!(matches!(
            play_series(&a, &specs, 1, 1, 1, None, &opts, &|_| {}),
            Err(PlayError::SeatCount { seats: 2, bots: 1, .. })
        ));
        let file = tempfile::NamedTempFile::new().unwrap();
        let opts = PlayOptions { record_dir: Some(file.path().join("records")), ..opts };
        let specs = ["random".to_string(), "random".into()];
        match play_series(&a, &specs, 1, 1, 1, None, &opts, &|_| {}) {
            Err(e @ PlayError::RecordDir { .. }) => assert!(e.to_string().starts_with("cannot create "), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}
