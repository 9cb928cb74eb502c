//! Series of games: the schedule (per-game seeds, seats rotated over the
//! same seed), the [`Plan`] of which games a run plays (a [`Shard`], games
//! already recorded left out), `--jobs` threads, a clean stop on signals,
//! records written, summaries kept.

use super::game::{PlayOptions, play_game_to};
use super::journal::Failures;
use super::record::{ErrorEntry, RecordTail, RecordWriter};
use super::seat::check_specs;
use super::spec::BotSpec;
use crate::error::PlayError;
use crate::games::Adapter;
use game_core::rng::derive_seed;
use game_core::{Game, Outcome, PlayerId};

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
    /// Failed answers per seat, by kind.
    pub failures: Vec<Failures>,
    /// Problems with answers: the first [`SUMMARY_ERRORS`] (the game's
    /// record has them all).
    pub errors: Vec<ErrorEntry>,
    /// How many problems the game's record lists.
    pub error_count: usize,
    /// The final position as text.
    pub final_position: String,
    /// The command that plays this game again.
    pub replay: String,
    /// Per seat: the last lines (at most [`STDERR_SHOWN_LINES`]) an
    /// external bot that failed wrote to stderr, each cut to
    /// [`STDERR_SHOWN_CHARS`] characters with its control characters
    /// escaped, for the terminal (the record keeps its whole stderr, up to
    /// [`STDERR_HEAD`](bot_process::STDERR_HEAD) +
    /// [`STDERR_TAIL`](bot_process::STDERR_TAIL) bytes). Empty for
    /// a seat that did not fail and for a built-in bot.
    pub stderr_last: Vec<Vec<String>>,
}

impl GameSummary {
    /// The game as the statistics read it ([`match_stats::summarize`]):
    /// placements, scores and failed answers per seat.
    #[must_use]
    pub fn result(&self) -> match_stats::GameResult {
        let seat_ids = (0..self.entrants.len()).map(|s| PlayerId(u8::try_from(s).unwrap_or(u8::MAX)));
        match_stats::GameResult {
            index: self.index,
            entrants: self.entrants.clone(),
            ranks: seat_ids.clone().map(|p| self.outcome.rank(p)).collect(),
            scores: seat_ids.map(|p| self.outcome.score(p)).collect(),
            failures: (0..self.entrants.len()).map(|s| self.failures.get(s).map_or(0, Failures::total)).collect(),
        }
    }
}

/// How many of its last stderr lines a failing bot shows under its failure
/// ([`GameSummary::stderr_last`]).
pub const STDERR_SHOWN_LINES: usize = 5;

/// How many characters of each of those lines are shown.
pub const STDERR_SHOWN_CHARS: usize = 200;

/// [`GameSummary::stderr_last`] from a game's stderr and failures per seat.
pub(crate) fn stderr_last(stderr: &[Option<String>], failures: &[Failures]) -> Vec<Vec<String>> {
    stderr
        .iter()
        .zip(failures)
        .map(|(text, f)| match text {
            Some(text) if f.total() > 0 => last_lines(text),
            _ => Vec::new(),
        })
        .collect()
}

/// The last [`STDERR_SHOWN_LINES`] non-blank lines of `stderr`, each cut to
/// [`STDERR_SHOWN_CHARS`] characters (`...` says where) and with control
/// characters escaped, so that a bot cannot drive the terminal.
fn last_lines(stderr: &str) -> Vec<String> {
    let mut lines: Vec<String> = stderr
        .lines()
        .rev()
        .filter(|l| !l.trim().is_empty())
        .take(STDERR_SHOWN_LINES)
        .map(|l| {
            let mut shown: String = l
                .trim_end()
                .chars()
                .take(STDERR_SHOWN_CHARS)
                .flat_map(|c| if c.is_control() && c != '\t' { c.escape_default().collect() } else { vec![c] })
                .collect();
            if l.trim_end().chars().count() > STDERR_SHOWN_CHARS {
                shown.push_str("...");
            }
            shown
        })
        .collect();
    lines.reverse();
    lines
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

/// Which games of a series a run plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Games in the whole series (indices `0..games`).
    pub games: u64,
    /// The series seed.
    pub seed: u64,
    /// Every game with this seed and no seat rotation (`--game-seed`).
    pub fixed_seed: Option<u64>,
    /// Only the games of this shard.
    pub shard: Shard,
    /// Games already played (their records exist: `--resume`).
    pub done: std::collections::BTreeSet<u64>,
}

impl Plan {
    /// Every game of a series of `games` games with `seed`.
    pub fn new(games: u64, seed: u64) -> Plan {
        Plan { games, seed, fixed_seed: None, shard: Shard::WHOLE, done: Default::default() }
    }

    /// The game with this index: its seed and the entrant in each seat.
    pub fn game(&self, index: u64, seats: usize) -> (u64, Vec<usize>) {
        match self.fixed_seed {
            Some(s) => (s, (0..seats).collect()),
            None => schedule(self.seed, index, seats),
        }
    }

    /// Whether this run is to play game `index` (its shard's, not done).
    pub fn plays(&self, index: u64) -> bool {
        index < self.games && self.shard.has(index) && !self.done.contains(&index)
    }

    /// The games of this run's shard, done or not.
    pub fn shard_games(&self) -> u64 {
        self.shard.games_of(self.games)
    }
}

/// One shard of a series: the games whose index is `index` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// From 0.
    pub index: u64,
    /// How many shards the series is cut into.
    pub count: u64,
}

impl Shard {
    /// The whole series (shard 0 of 1).
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether game `i` is this shard's.
    pub fn has(self, i: u64) -> bool {
        i % self.count.max(1) == self.index
    }

    /// How many of the games `0..games` are this shard's.
    pub fn games_of(self, games: u64) -> u64 {
        match games.checked_sub(self.index) {
            Some(after) if after > 0 => (after - 1) / self.count.max(1) + 1,
            _ => 0,
        }
    }

    /// The index of this shard's `k`-th game (from 0), if it is below `u64::MAX`.
    fn game(self, k: u64) -> Option<u64> {
        k.checked_mul(self.count.max(1))?.checked_add(self.index)
    }

    /// Reads `I/N` (shard `I` of `N`, from 0), or `N` alone with the index
    /// taken from the first of [`SHARD_INDEX_VARS`] that `env` has (a Slurm
    /// job array's or a Kubernetes indexed Job's index).
    ///
    /// # Errors
    /// [`ShardError`] saying what is wrong.
    pub fn parse(text: &str, env: impl Fn(&str) -> Option<String>) -> Result<Shard, ShardError> {
        let number = |t: &str| t.trim().parse::<u64>().map_err(|_| ShardError::Syntax { text: text.to_string() });
        let (index, count) = match text.split_once('/') {
            Some((i, n)) => (number(i)?, number(n)?),
            None => {
                let count = number(text)?;
                let (var, value) = SHARD_INDEX_VARS
                    .iter()
                    .find_map(|v| env(v).map(|x| (*v, x)))
                    .ok_or(ShardError::NoIndex { count })?;
                let index = value.trim().parse().map_err(|_| ShardError::BadIndexVar { var, value: value.clone() })?;
                (index, count)
            }
        };
        if count == 0 {
            return Err(ShardError::NoShards { index });
        }
        if index >= count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }
}

/// Where `--shard N` finds its shard's index: a Slurm job array
/// (`sbatch --array=0-(N-1)`) and a Kubernetes indexed Job.
pub const SHARD_INDEX_VARS: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

/// Why a `--shard` value is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// Neither `I/N` nor `N`.
    #[error("--shard {text:?}: expected I/N (shard I of N, from 0) or N")]
    Syntax {
        /// The value given.
        text: String,
    },
    /// `--shard N` outside a job array.
    #[error("--shard {count}: no shard index (give I/{count}, or set SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)")]
    NoIndex {
        /// The number of shards.
        count: u64,
    },
    /// The index variable is not a number.
    #[error("{var}={value:?} is not a shard index")]
    BadIndexVar {
        /// The variable.
        var: &'static str,
        /// Its value.
        value: String,
    },
    /// No shards (`N` is 0).
    #[error("--shard {index}/0: a series is cut into 1 shard or more")]
    NoShards {
        /// The index.
        index: u64,
    },
    /// Not `0 <= I < N`.
    #[error("shard {index} of {count} does not exist: the shards of {count} are numbered 0 to {}", count.saturating_sub(1))]
    OutOfRange {
        /// The index.
        index: u64,
        /// The number of shards.
        count: u64,
    },
}

/// The most games [`play_series`] plays at the same time (`--jobs`).
pub const MAX_JOBS: usize = 64;

/// How a run of [`play_series`] ended.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesRun {
    /// The games played by this run, in index order.
    pub games: Vec<GameSummary>,
    /// The signal that stopped the run early, if one did.
    pub signal: Option<crate::interrupt::StopSignal>,
    /// Whether `on_game` asked to stop (a sequential test decided).
    pub halted: bool,
}

/// Plays the games of `plan` in `jobs` threads (rotated seats over each
/// seed; see [`schedule`]). Calls `on_game` after each game (progress,
/// sequential tests); when it returns false no new game starts. A stop
/// signal ([`crate::interrupt`]) also stops new games; games aborted by it
/// are left out. Records are written when `opts.record_dir` is set; what
/// the folder already holds is the caller's to check first (`arena play`
/// does it with [`crate::results::check_record_folder`], so that no record
/// is replaced).
///
/// # Errors
/// A bad spec, not one spec per seat, or a record directory or record that
/// cannot be written ([`PlayError`]); the first error stops the series.
pub fn play_series<A: Adapter>(
    a: &A,
    specs: &[String],
    plan: &Plan,
    jobs: usize,
    opts: &PlayOptions,
    on_game: &(dyn Fn(&GameSummary) -> bool + Sync),
) -> Result<SeriesRun, PlayError> {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let parsed = check_specs(a, specs, opts.time_factor)?;
    let seats = a.start().players();
    if parsed.len() != seats {
        return Err(PlayError::SeatCount { game: a.name(), seats, bots: parsed.len() });
    }
    if let Some(dir) = &opts.record_dir {
        std::fs::create_dir_all(dir).map_err(|source| PlayError::RecordDir { path: dir.clone(), source })?;
    }
    let next = AtomicU64::new(0);
    let halted = AtomicBool::new(false);
    let results = std::sync::Mutex::new(Vec::new());
    let first_error = std::sync::Mutex::new(None::<PlayError>);
    let fail = |e: PlayError| {
        if let Ok(mut fe) = first_error.lock() {
            fe.get_or_insert(e);
        }
    };
    let stop = || {
        halted.load(Ordering::Relaxed)
            || crate::interrupt::requested().is_some()
            || first_error.lock().map(|e| e.is_some()).unwrap_or(true)
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, MAX_JOBS) {
            scope.spawn(|| {
                loop {
                    if stop() {
                        return;
                    }
                    // The shard's games only: a series of many shards is
                    // not walked index by index.
                    let Some(i) = plan.shard.game(next.fetch_add(1, Ordering::Relaxed)) else { return };
                    if i >= plan.games {
                        return;
                    }
                    if !plan.plays(i) {
                        continue;
                    }
                    let (gseed, entrants) = plan.game(i, seats);
                    let seat_specs: Vec<(String, BotSpec)> =
                        entrants.iter().map(|&e| (specs[e].clone(), parsed[e].clone())).collect();
                    match play_one(a, &seat_specs, i, plan.seed, gseed, entrants, opts) {
                        Ok(s) => {
                            if !on_game(&s) {
                                halted.store(true, Ordering::Relaxed);
                            }
                            if let Ok(mut r) = results.lock() {
                                r.push(s);
                            }
                        }
                        Err(PlayError::Aborted) => return,
                        Err(e) => fail(e),
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut games = results.into_inner().unwrap_or_default();
    games.sort_by_key(|s| s.index);
    Ok(SeriesRun { games, signal: crate::interrupt::requested(), halted: halted.into_inner() })
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
    let stderr_last = stderr_last(&played.stderr, &played.failures);
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
        stderr_last,
    })
}

#[cfg(test)]
mod tests {
    use super::super::game::play_game;
    use super::*;

    #[test]
    fn shards_cut_a_series_by_index_modulo_their_count_and_take_job_array_indices() {
        let none = |_: &str| None;
        assert_eq!(Shard::parse("1/4", none), Ok(Shard { index: 1, count: 4 }));
        let slurm = |v: &str| (v == "SLURM_ARRAY_TASK_ID").then(|| "3".to_string());
        assert_eq!(Shard::parse("4", slurm), Ok(Shard { index: 3, count: 4 }));
        let k8s = |v: &str| (v == "JOB_COMPLETION_INDEX").then(|| "2".to_string());
        assert_eq!(Shard::parse("4", k8s), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(Shard::parse("4", none), Err(ShardError::NoIndex { count: 4 }));
        assert_eq!(Shard::parse("4/4", none), Err(ShardError::OutOfRange { index: 4, count: 4 }));
        assert_eq!(Shard::parse("0/0", none), Err(ShardError::NoShards { index: 0 }));
        assert_eq!(
            Shard::parse("4/4", none).unwrap_err().to_string(),
            "shard 4 of 4 does not exist: the shards of 4 are numbered 0 to 3"
        );
        assert!(matches!(Shard::parse("a/b", none), Err(ShardError::Syntax { .. })));
        let mut plan = Plan::new(10, 1);
        let mut all: Vec<u64> = Vec::new();
        for i in 0..3 {
            plan.shard = Shard { index: i, count: 3 };
            all.extend((0..12).filter(|&g| plan.plays(g)));
        }
        all.sort_unstable();
        assert_eq!(all, (0..10).collect::<Vec<_>>(), "the shards cover the series once");
        for (index, count, games) in [(0, 3, 10), (1, 3, 10), (2, 3, 10), (3, 4, 3), (0, 1, 0), (2, 5, 3)] {
            let shard = Shard { index, count };
            assert_eq!(shard.games_of(games), (0..games).filter(|&i| shard.has(i)).count() as u64, "{shard:?}");
        }
        assert_eq!(Shard { index: 7, count: 1 << 40 }.games_of(u64::MAX), 1 << 24);
        plan.shard = Shard::WHOLE;
        plan.done.insert(4);
        assert!(!plan.plays(4) && plan.plays(5));
    }

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

    #[cfg(unix)] // The bot is an `sh` script.
    #[test]
    fn summaries_keep_the_first_errors_and_records_all_of_them() {
        use crate::games::parallel_football::referee;
        // One footballer that answers `dance` (unreadable, `stay`) every turn.
        let garbage = "sh -c 'read s; echo 0 0; while read h; do i=0; while [ $i -lt 4 ]; do read l; \
                       i=$((i+1)); done; read n; i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done; \
                       echo dance; done'";
        let a = referee(32, 1, 3, 60).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let opts = PlayOptions { time_factor: 5.0, record_dir: Some(dir.path().into()), replay_args: Vec::new() };
        let specs = [format!("cmd:{garbage}"), "random".into(), "random".into(), "random".into()];
        let r = play_series(&a, &specs, &Plan::new(1, 1), 1, &opts, &|_| true).unwrap().games;
        assert_eq!(r[0].errors.len(), SUMMARY_ERRORS);
        assert!(r[0].error_count > SUMMARY_ERRORS, "{}", r[0].error_count);
        let rec: super::super::Record =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("parallel-football-00000.json")).unwrap())
                .unwrap();
        assert_eq!(rec.errors.len(), r[0].error_count);
    }

    #[test]
    fn the_last_stderr_lines_shown_are_bounded_and_cannot_drive_the_terminal() {
        let text = format!("first\n\nsecond\nthird\nfourth\n\x1b[2Jfifth\n{}\n\n", "x".repeat(300));
        let lines = last_lines(&text);
        assert_eq!(lines.len(), STDERR_SHOWN_LINES);
        assert_eq!(lines[..4], ["second", "third", "fourth", "\\u{1b}[2Jfifth"]);
        assert_eq!(lines[4], format!("{}...", "x".repeat(STDERR_SHOWN_CHARS)));
        assert!(last_lines(" \n\n").is_empty());
    }

    #[test]
    fn wrong_seat_counts_and_unwritable_records_are_typed_errors() {
        use ::nim::protocol::Referee as NimReferee;
        let a = NimReferee { pile: 10, max_take: 3 };
        let opts = PlayOptions { time_factor: 1.0, record_dir: None, replay_args: Vec::new() };
        let one = [("random".to_string(), BotSpec::Random)];
        assert!(matches!(play_game(&a, &one, 1, &opts), Err(PlayError::SeatCount { game: "nim", seats: 2, bots: 1 })));
        let specs = ["random".to_string()];
        assert!(matches!(
            play_series(&a, &specs, &Plan::new(1, 1), 1, &opts, &|_| true),
            Err(PlayError::SeatCount { seats: 2, bots: 1, .. })
        ));
        let file = tempfile::NamedTempFile::new().unwrap();
        let opts = PlayOptions { record_dir: Some(file.path().join("records")), ..opts };
        let specs = ["random".to_string(), "random".into()];
        match play_series(&a, &specs, &Plan::new(1, 1), 1, &opts, &|_| true) {
            Err(e @ PlayError::RecordDir { .. }) => assert!(e.to_string().starts_with("cannot create "), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}
