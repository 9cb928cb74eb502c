//! From records to results: the one path that turns a series' records into
//! its table, used by `arena merge` (shards of one series) and by
//! `arena play --resume` (the games an interrupted run completed), so that
//! both print what one uninterrupted run prints.
//!
//! A record is read as a stream and only its summary fields are kept (its
//! turns are skipped without being held), so reading a directory of large
//! Parallel Football records costs the memory of one record's summary.
//!
//! A series is identified by its game, the game's configuration, its seed
//! and its bots in entrant order; the bots come from each record's seats
//! and the schedule ([`schedule`]) of its index. Records of another series
//! are refused with what differs. A folder's other files (analyses,
//! pages, unfinished writes: [`crate::files`]) are skipped, each folder's
//! noted in one line; [`check_record_folder`] checks a folder before a
//! series is recorded into it, so that no record is replaced.

use crate::interrupt::StopSignal;
use crate::play::{Failures, GameSummary, Record, SUMMARY_ERRORS, schedule, seat_name};
use crate::registry::GameConfig;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Why records cannot be turned into results.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ResultsError {
    /// A directory or file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A record's summary fields do not parse.
    #[error("{}: not a record of `arena play --record`: {source}", path.display())]
    NotARecord {
        /// The record.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A record does not belong to the series.
    #[error("{}: another series: {what}", path.display())]
    OtherSeries {
        /// The record.
        path: PathBuf,
        /// What differs, with both values.
        what: String,
    },
    /// Two records of the same game that disagree.
    #[error("{} and {}: two different records of game {index}", first.display(), second.display())]
    Duplicate {
        /// One record.
        first: PathBuf,
        /// The other.
        second: PathBuf,
        /// The game's index.
        index: u64,
    },
    /// A file or folder that is not what it should be.
    #[error(transparent)]
    File(#[from] crate::error::FileError),
    /// No record in the directories given.
    #[error(
        "no record in {}{}",
        dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", "),
        skipped.iter().map(|n| format!("; {n}")).collect::<String>()
    )]
    Empty {
        /// The directories.
        dirs: Vec<PathBuf>,
        /// What the folders hold instead ([`Folder::note`](crate::files::Folder::note) of each).
        skipped: Vec<String>,
    },
}

/// What a series is: records of one series agree on all of it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesKey {
    /// The game's name.
    pub game: String,
    /// The game's configuration, as records keep it.
    pub config: GameConfig,
    /// The series seed.
    pub seed: u64,
    /// The bots' specs in entrant order (a seat's bot rotates over games).
    pub bots: Vec<String>,
}

impl SeriesKey {
    /// The series in words: `yavalath random vs random, seed 7` (the
    /// configuration after the game when it has one).
    pub fn describe(&self) -> String {
        let config = if self.config.is_empty() { String::new() } else { format!(" {}", self.config) };
        let bots: Vec<&str> = self.bots.iter().map(|b| seat_name(b)).collect();
        format!("{}{config} {}, seed {}", self.game, bots.join(" vs "), self.seed)
    }

    /// What differs between the series `self` and the series of a record
    /// (`other`), if anything (the first difference, both values).
    pub fn difference(&self, other: &SeriesKey) -> Option<String> {
        let say =
            |what: &str, theirs: String, ours: String| Some(format!("its {what} is {theirs}, the series' is {ours}"));
        if self.game != other.game {
            return say("game", other.game.clone(), self.game.clone());
        }
        if self.config != other.config {
            return say("configuration", other.config.to_string(), self.config.to_string());
        }
        if self.seed != other.seed {
            return say("series seed", other.seed.to_string(), self.seed.to_string());
        }
        if self.bots != other.bots {
            return say("bot list", format!("{:?}", other.bots), format!("{:?}", self.bots));
        }
        None
    }
}

/// One complete record's summary: the series it belongs to and its game.
#[derive(Clone, Debug)]
pub struct RecordSummary {
    /// The record's file.
    pub path: PathBuf,
    /// Its series.
    pub series: SeriesKey,
    /// Its game, as `play` summed it up.
    pub game: GameSummary,
}

/// Reads one record's summary.
///
/// # Errors
/// [`ResultsError::Read`], [`ResultsError::NotARecord`].
pub fn read_record(path: &Path) -> Result<RecordSummary, ResultsError> {
    let file = std::fs::File::open(path).map_err(|source| ResultsError::Read { path: path.into(), source })?;
    let head: Record = serde_json::from_reader(std::io::BufReader::new(file)).map_err(|source| {
        if source.is_eof() {
            let (line, column) = (source.line(), source.column());
            ResultsError::File(crate::error::FileError::CutShort { path: path.into(), line, column })
        } else {
            ResultsError::NotARecord { path: path.into(), source }
        }
    })?;
    let bad = |what: &str| ResultsError::NotARecord { path: path.into(), source: serde::de::Error::custom(what) };
    if head.format != crate::play::RECORD_FORMAT {
        return Err(bad("a record of an older arena (records of older arenas are not read)"));
    }
    let index = head.index.ok_or_else(|| bad("no index"))?;
    let series_seed = head.series_seed.ok_or_else(|| bad("no series seed"))?;
    let reason = head.result.ok_or_else(|| bad("no result"))?.reason;
    let seats = head.bots.len();
    let seed = head.seed.ok_or_else(|| bad("no game seed"))?;
    let outcome = head.outcome.ok_or_else(|| bad("no outcome"))?;
    if outcome.players() != seats || (!head.failures.is_empty() && head.failures.len() != seats) {
        return Err(bad("seat counts differ between bots, outcome and failures"));
    }
    // Rotated seats when the seed is the schedule's; one fixed seed
    // (`--game-seed`) otherwise.
    let (scheduled, rotated) = schedule(series_seed, index, seats);
    let entrants: Vec<usize> = if scheduled == seed { rotated } else { (0..seats).collect() };
    let mut bots = vec![String::new(); seats];
    for (seat, &e) in entrants.iter().enumerate() {
        bots[e].clone_from(&head.bots[seat]);
    }
    let error_count = head.errors.len();
    let errors = head.errors.into_iter().take(SUMMARY_ERRORS).collect();
    let failures = if head.failures.is_empty() { vec![Failures::default(); seats] } else { head.failures };
    let stderr_last = crate::play::stderr_last(&head.stderr, &failures);
    Ok(RecordSummary {
        path: path.into(),
        series: SeriesKey { game: head.game, config: head.config, seed: series_seed, bots },
        game: GameSummary {
            index,
            seed,
            entrants,
            outcome,
            reason,
            failures,
            errors,
            error_count,
            final_position: head.final_position,
            replay: head.replay,
            stderr_last,
        },
    })
}

/// The records of a series read from its folders ([`read_series`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesRecords {
    /// The series (`None` when no folder holds a record and none was
    /// expected).
    pub key: Option<SeriesKey>,
    /// Its games, in index order.
    pub games: Vec<GameSummary>,
    /// One line per folder that holds other files than records, saying
    /// what was skipped ([`Folder::note`](crate::files::Folder::note)).
    pub notes: Vec<String>,
}

/// Reads every complete record of `dirs` (their other files, classified
/// by [`crate::files::Folder::read`], are skipped and noted), checks that
/// they are of one series (`expect`, when given, is the series they must
/// be of), and returns the series and its games in index order (a game
/// recorded twice identically counts once).
///
/// # Errors
/// Unreadable folders or records, records of another series, two
/// different records of one game, no record at all (unless `expect` is
/// given: a fresh directory to resume in holds none).
pub fn read_series(dirs: &[PathBuf], expect: Option<&SeriesKey>) -> Result<SeriesRecords, ResultsError> {
    let mut paths = Vec::new();
    let mut notes = Vec::new();
    for dir in dirs {
        let folder = crate::files::Folder::read(dir)?;
        notes.extend(folder.note());
        paths.extend(folder.records);
    }
    paths.sort();
    let mut series: Option<SeriesKey> = expect.cloned();
    let mut games: BTreeMap<u64, RecordSummary> = BTreeMap::new();
    for path in paths {
        let r = read_record(&path)?;
        match &series {
            Some(s) => {
                if let Some(what) = s.difference(&r.series) {
                    return Err(ResultsError::OtherSeries { path, what });
                }
            }
            None => series = Some(r.series.clone()),
        }
        if let Some(old) = games.get(&r.game.index) {
            if old.game != r.game {
                return Err(ResultsError::Duplicate { first: old.path.clone(), second: path, index: r.game.index });
            }
            continue;
        }
        games.insert(r.game.index, r);
    }
    if series.is_none() {
        return Err(ResultsError::Empty { dirs: dirs.to_vec(), skipped: notes });
    }
    Ok(SeriesRecords { key: series, games: games.into_values().map(|r| r.game).collect(), notes })
}

/// Checks what the folder `dir` holds before the series `key` is recorded
/// into it, before any game, so that no record is replaced: records of
/// another series are refused ([`FileError::HoldsRecords`](crate::error::FileError::HoldsRecords);
/// with `resume`, [`ResultsError::OtherSeries`] naming what differs), and
/// so are, without `resume`, records of this series' games that this run
/// would play again (`plays(index)`; records of other shards' games are
/// kept). Returns the records found (with `resume`, the games already
/// played) and the notes on the folder's other files.
///
/// # Errors
/// As above, and as [`read_series`].
pub fn check_record_folder(
    dir: &Path,
    key: &SeriesKey,
    resume: bool,
    plays: impl Fn(u64) -> bool,
) -> Result<SeriesRecords, ResultsError> {
    let folder = crate::files::Folder::read_if_there(dir)?;
    if folder.records.is_empty() {
        return Ok(SeriesRecords {
            key: Some(key.clone()),
            games: Vec::new(),
            notes: folder.note().into_iter().collect(),
        });
    }
    let holds = |series: &SeriesKey, same: bool| crate::error::FileError::HoldsRecords {
        dir: dir.to_path_buf(),
        records: folder.records.len(),
        series: series.describe(),
        same,
    };
    if !resume {
        let first = read_record(&folder.records[0])?;
        if key.difference(&first.series).is_some() {
            return Err(holds(&first.series, false).into());
        }
    }
    let found = read_series(&[dir.to_path_buf()], Some(key))?;
    if !resume && found.games.iter().any(|g| plays(g.index)) {
        return Err(holds(key, true).into());
    }
    Ok(found)
}

/// The games of a series missing below the highest of the game indices
/// present (`indices`, in any order, repeats allowed), as ranges of indices (`3..=3`, `7..=9`), in order: the gaps a
/// shard that did not finish, or a directory left out of a merge, leaves.
/// Games missing after the highest index cannot be seen: records do not
/// say how many games their series has.
pub fn missing_games(indices: impl IntoIterator<Item = u64>) -> Vec<std::ops::RangeInclusive<u64>> {
    let mut present: Vec<u64> = indices.into_iter().collect();
    present.sort_unstable();
    present.dedup();
    let mut gaps = Vec::new();
    let mut next = 0;
    for i in present {
        if i > next {
            gaps.push(next..=i - 1);
        }
        next = i + 1;
    }
    gaps
}

/// How a run of a series ended, for the header of its summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// Every planned game was played (or the games are merged records).
    Complete,
    /// A signal stopped the run.
    Signal(#[serde(serialize_with = "signal_name")] StopSignal),
    /// The sequential test decided.
    Sprt,
}

fn signal_name<S: serde::Serializer>(sig: &StopSignal, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(sig.name())
}

/// The results of a series' games: the table, the end reasons and the
/// journal of failures. The same games give the same report (text and
/// JSON), whatever order they were played or read in.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Report {
    /// The game.
    pub game: String,
    /// The game's configuration.
    pub config: GameConfig,
    /// The series seed.
    pub seed: u64,
    /// The bots' specs in entrant order.
    pub bots: Vec<String>,
    /// Games in the report.
    pub games: u64,
    /// Games the run was to play (`None` for merged records).
    pub planned: Option<u64>,
    /// How the run ended.
    pub ending: Ending,
    /// How many games ended for each reason.
    pub end_reasons: BTreeMap<String, u64>,
    /// Failed answers per bot (entrant order), by kind.
    pub failures: Vec<Failures>,
    /// Results per bot, ratings and (two seats) head-to-head statistics.
    pub stats: match_stats::Summary,
}

impl Report {
    /// The report of `games` (any order) of the series `key` (one bot per
    /// seat), with the sequential test `sprt` for two seats.
    pub fn new(
        key: &SeriesKey,
        games: &[GameSummary],
        planned: Option<u64>,
        ending: Ending,
        sprt: Option<&match_stats::Sprt>,
    ) -> Report {
        // Nothing below depends on the games' order (the statistics are
        // order-independent, the rest are sums), so they are neither copied
        // nor sorted.
        let bots = &key.bots;
        let names: Vec<String> = bots.iter().map(|b| seat_name(b).to_string()).collect();
        let stats = match_stats::summarize(&names, bots.len(), games.iter().map(GameSummary::result), sprt);
        let mut end_reasons = BTreeMap::new();
        let mut failures = vec![Failures::default(); bots.len()];
        for g in games {
            *end_reasons.entry(g.reason.clone()).or_default() += 1;
            for (seat, &e) in g.entrants.iter().enumerate() {
                if let (Some(t), Some(f)) = (failures.get_mut(e), g.failures.get(seat)) {
                    t.absorb(f);
                }
            }
        }
        Report {
            game: key.game.clone(),
            config: key.config.clone(),
            seed: key.seed,
            bots: bots.clone(),
            games: games.len() as u64,
            planned,
            ending,
            end_reasons,
            failures,
            stats,
        }
    }

    /// The report as text: header, table, end reasons, failed answers.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let n = self.games;
        let count = match self.planned {
            Some(p) if p != n => format!("{n} of {p} games"),
            _ => format!("{n} games"),
        };
        let how = match self.ending {
            Ending::Complete => String::new(),
            Ending::Signal(sig) => format!(", partial: stopped by {}", sig.name()),
            Ending::Sprt => ", stopped by the SPRT".to_string(),
        };
        let _ = writeln!(s, "{count} of {} (seed {}){how}:", self.game, self.seed);
        s.push_str(&self.stats.table());
        let reasons: Vec<String> = self.end_reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = writeln!(s, "end reasons: {}", reasons.join(", "));
        s.push_str(&self.journal());
        s
    }

    /// Failed answers per bot by kind.
    fn journal(&self) -> String {
        if self.failures.iter().all(|f| f.total() == 0) {
            return "failed answers: none\n".to_string();
        }
        let names: Vec<&str> = self.bots.iter().map(|b| seat_name(b)).collect();
        let w = names.iter().map(|n| n.chars().count()).max().unwrap_or(3).max(3);
        let mut s = String::new();
        let _ = writeln!(s, "failed answers:");
        let _ = writeln!(
            s,
            "{:<3} {:<w$} {:>8} {:>8} {:>10} {:>8}",
            "#", "bot", "timeouts", "crashes", "unreadable", "illegal"
        );
        for (i, (n, f)) in names.iter().zip(&self.failures).enumerate() {
            let _ = writeln!(s, "{i:<3} {n:<w$} {:>8} {:>8} {:>10} {:>8}", f.timeout, f.crash, f.unreadable, f.illegal);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::missing_games;

    #[test]
    fn missing_games_are_the_gaps_below_the_highest_index_as_ranges() {
        assert!(missing_games([2, 0, 1, 1]).is_empty());
        assert!(missing_games([]).is_empty());
        assert_eq!(missing_games([0, 4, 8, 5, 9]), vec![1..=3, 6..=7]);
        assert_eq!(missing_games([3]), vec![0..=2], "a series starts at game 0");
    }
}
