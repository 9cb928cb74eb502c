//! `arena league`: games between any number of named bots, kept as records
//! in one directory, rated all at once.
//!
//! ## Layout of a league directory
//! * `DIR/bots.txt`: the league's bots, one `name=NAME,SPEC` a line (blank
//!   lines and `#` comments allowed). Bots given on the command line are
//!   added to it; deleting a line removes a bot (its games stay).
//! * `DIR/NAME1+NAME2/` (names sorted; four names in 4-seat games): the
//!   records of one group, exactly those of the series `arena play GAME
//!   --bot SPEC1 --bot SPEC2 --seed S --record DIR/NAME1+NAME2` would write,
//!   `S` being [`group_seed`] of the league seed and the names. Game `i`
//!   of a group has the seed and seat rotation of [`crate::play::schedule`]
//!   (games `k*n .. k*n+n-1`, a *round*, share one seed, every bot in every
//!   seat once), so `arena merge DIR/a+b` prints that pairing's table.
//!
//! The records are the league's whole state ([`League::read`] through
//! [`crate::results::read_series`]): re-running a command plays only what
//! is missing, and adding or removing a bot loses no game.
//!
//! ## How fast the continuous schedule orders bots
//! Four Yavalath bots of known strengths (`random`, `mcts:iters=30`,
//! `mcts:iters=200`, `mcts:iters=2000`), league seeds 1 to 8, the table
//! checked after every 4 games (continuous, `--games 4, 8, ... 120`) or
//! every 2 games per pairing (round robin, 12 games a step, up to 120):
//! the games after which the leaderboard had the known order and kept it
//! up to 120 games were, continuous: 20, 8, 12, 8, 8, 12, 20, 12 (mean
//! 12.5, median 12); round robin: 72, 12, 24, 12, 12, 24, 72, 36 (mean 33,
//! median 24; 12 is its smallest step). Each step resumed the league of
//! the step before, e.g. `arena league yavalath DIR --seed 1 --bot
//! name=r,random --bot name=m30,mcts:iters=30 --bot name=m200,mcts:iters=200
//! --bot name=m2000,mcts:iters=2000 --games 8`.
//!
//! * [`standings`](Standings): ratings (one [`match_stats::placement::fit`]
//!   of every game), the cross table and failures;
//! * `run`: the schedules (round robin, continuous matchmaking) and playing;
//! * `page`: the HTML report.

mod page;
mod run;
mod standings;

pub use page::page;
pub use run::{RunEnd, RunOptions, Schedule, next_group, run};
pub use standings::{Cell, Row, Standings};

use crate::error::{PlayError, SpecError};
use crate::play::{BotSpec, Failures, seat_name};
use crate::registry::GameConfig;
use crate::results::ResultsError;
use game_core::PlayerId;
use std::path::{Path, PathBuf};

/// The file in a league directory that lists its bots.
pub use crate::files::BOTS_FILE;

/// Why a league cannot be read or played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LeagueError {
    /// A file or directory cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file or directory cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line of `bots.txt` that is not `name=NAME,SPEC`.
    #[error("{}:{line}: expected name=NAME,SPEC, found {text:?}", path.display())]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A bot without a name fit for a league.
    #[error("bot {spec:?}: a league bot needs a name of letters, digits, '.', '_' or '-' (name=NAME,SPEC)")]
    BadName {
        /// The spec.
        spec: String,
    },
    /// Two bots with one name.
    #[error("two bots named {name:?}: {first:?} and {second:?} (every bot of a league needs its own name)")]
    Duplicate {
        /// The name.
        name: String,
        /// One spec.
        first: String,
        /// The other.
        second: String,
    },
    /// A bot given on the command line under a name that `bots.txt`
    /// gives to another spec.
    #[error(
        "bot {name:?} is {listed:?} in {} but {given:?} on the command line (give a new version a new name, or \
         edit {})",
        path.display(), path.display()
    )]
    Listed {
        /// The league's `bots.txt`.
        path: PathBuf,
        /// The name.
        name: String,
        /// The spec the file lists.
        listed: String,
        /// The spec given.
        given: String,
    },
    /// Records of a bot under a name that now stands for another spec.
    #[error("{}: bot {name:?} is {recorded:?} there but {now:?} now (give a new version a new name)", path.display())]
    Changed {
        /// The group directory.
        path: PathBuf,
        /// The name.
        name: String,
        /// The spec in the records.
        recorded: String,
        /// The spec now.
        now: String,
    },
    /// Records of another league (game, configuration or seed).
    #[error("{}: not a group of this league: {what}", path.display())]
    OtherLeague {
        /// The group directory.
        path: PathBuf,
        /// What differs.
        what: String,
    },
    /// Fewer bots than seats.
    #[error("a league of {game} needs at least {seats} bots; it has {bots}")]
    TooFew {
        /// The game.
        game: &'static str,
        /// Its seats.
        seats: usize,
        /// The bots.
        bots: usize,
    },
    /// `--anchor` names no bot of the table.
    #[error("--anchor {name:?}: no such bot in the table")]
    UnknownAnchor {
        /// The name.
        name: String,
    },
    /// A bad spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Records that cannot be read.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// A game that cannot be played.
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// Whether `name` can name a league bot: letters, digits, `.`, `_`, `-`,
/// not starting with `.` (it is part of a directory's name).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// Checks a league bot's spec: named, with a valid name, and a spec the
/// arena reads.
fn check_bot(spec: &str) -> Result<(), LeagueError> {
    let name = seat_name(spec);
    if name == spec || !valid_name(name) {
        return Err(LeagueError::BadName { spec: spec.to_string() });
    }
    BotSpec::parse(spec)?;
    Ok(())
}

/// The bots of a league: those of `DIR/bots.txt` (none when there is no
/// such file), then the bots given on the command line that are new
/// ([`league_bots`]). Nothing is written until [`LeagueBots::save`], once
/// the command is known to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueBots {
    /// The file (`DIR/bots.txt`).
    pub path: PathBuf,
    /// Every bot, the file's first.
    pub bots: Vec<String>,
    /// How many of them the file lists.
    pub listed: usize,
}

impl LeagueBots {
    /// Writes `bots.txt` (and the league's folder) when bots were added;
    /// does nothing otherwise.
    ///
    /// # Errors
    /// [`LeagueError::Write`] naming the folder or the file.
    pub fn save(&self) -> Result<(), LeagueError> {
        if self.bots.len() == self.listed {
            return Ok(());
        }
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| LeagueError::Write { path: dir.into(), source })?;
        }
        let text: String = self.bots.iter().map(|b| format!("{b}\n")).collect();
        crate::play::write_whole(&self.path, text)
            .map_err(|source| LeagueError::Write { path: self.path.clone(), source })
    }
}

/// The bots of `DIR/bots.txt` with the bots `given` added, read and
/// checked; nothing is written ([`LeagueBots::save`] writes the file).
///
/// # Errors
/// Unreadable file, bad lines or specs, two bots with one name (a bot of
/// the file given again with another spec names the file).
pub fn league_bots(dir: &Path, given: &[String]) -> Result<LeagueBots, LeagueError> {
    let path = dir.join(BOTS_FILE);
    let mut bots: Vec<String> = Vec::new();
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                if check_bot(line).is_err() {
                    return Err(LeagueError::BadLine { path: path.clone(), line: i + 1, text: line.to_string() });
                }
                push_bot(&mut bots, line)?;
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) => {
            return Err(LeagueError::Read { path: dir.into(), source: std::io::Error::new(e.kind(), "not a folder") });
        }
        Err(source) => return Err(LeagueError::Read { path, source }),
    }
    let listed = bots.len();
    for spec in given {
        check_bot(spec)?;
        match bots[..listed].iter().find(|b| seat_name(b) == seat_name(spec)) {
            Some(b) if b != spec => {
                return Err(LeagueError::Listed {
                    path: path.clone(),
                    name: seat_name(spec).into(),
                    listed: b.clone(),
                    given: spec.clone(),
                });
            }
            _ => push_bot(&mut bots, spec)?,
        }
    }
    Ok(LeagueBots { path, bots, listed })
}

/// Adds `spec` unless the same spec is there; refuses another spec under
/// the same name.
fn push_bot(bots: &mut Vec<String>, spec: &str) -> Result<(), LeagueError> {
    match bots.iter().find(|b| seat_name(b) == seat_name(spec)) {
        Some(b) if b == spec => Ok(()),
        Some(b) => Err(LeagueError::Duplicate { name: seat_name(spec).into(), first: b.clone(), second: spec.into() }),
        None => {
            bots.push(spec.to_string());
            Ok(())
        }
    }
}

/// Checks that `bots` make a league of this game: specs that make bots
/// for it, at least as many bots as seats.
///
/// # Errors
/// [`LeagueError::Spec`], [`LeagueError::TooFew`].
pub fn check_league<A: crate::games::Adapter>(a: &A, bots: &[String], time_factor: f64) -> Result<(), LeagueError> {
    use game_core::Game;
    crate::play::check_specs(a, bots, time_factor)?;
    let seats = a.start().players();
    if bots.len() < seats {
        return Err(LeagueError::TooFew { game: a.name(), seats, bots: bots.len() });
    }
    Ok(())
}

/// The directory name of a group of bots: their names sorted, joined by `+`.
pub fn group_dir(names: &[&str]) -> String {
    let mut n = names.to_vec();
    n.sort_unstable();
    n.join("+")
}

/// The series seed of a group: the league seed mixed with the group's
/// sorted names (FNV-1a of each name through
/// [`game_core::rng::derive_seed`]), so a group's games do not depend on
/// which other bots the league has.
pub fn group_seed(seed: u64, names: &[&str]) -> u64 {
    let mut n = names.to_vec();
    n.sort_unstable();
    n.iter().fold(seed, |s, name| {
        let h = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        game_core::rng::derive_seed(s, h)
    })
}

/// A bot of the league.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueBot {
    /// Its name.
    pub name: String,
    /// Its spec (`name=NAME,SPEC`).
    pub spec: String,
    /// Listed in `bots.txt` now (false: removed, known from its records).
    pub current: bool,
}

/// One recorded game of the league.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueGame {
    /// Its group's directory name.
    pub group: String,
    /// Its index in the group's series.
    pub index: u64,
    /// The bot (index into [`League::bots`]) in each seat.
    pub seats: Vec<usize>,
    /// Each seat's place, 0 best, ties share.
    pub ranks: Vec<u8>,
    /// Each seat's failed answers.
    pub failures: Vec<Failures>,
}

/// A league as its records say: its bots (current first, in `bots.txt`
/// order, then removed ones by name) and every complete game.
#[derive(Clone, Debug, PartialEq)]
pub struct League {
    /// Seats per game.
    pub seats: usize,
    /// The bots.
    pub bots: Vec<LeagueBot>,
    /// The games, by group and index.
    pub games: Vec<LeagueGame>,
    /// One line per group folder that holds other files than records,
    /// saying what was skipped ([`crate::files::Folder::note`]).
    pub notes: Vec<String>,
}

/// What identifies a league's records: game, configuration and seed.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueKey {
    /// The game's name.
    pub game: String,
    /// Its configuration, as records keep it.
    pub config: GameConfig,
    /// The league seed.
    pub seed: u64,
    /// Seats per game.
    pub seats: usize,
}

impl League {
    /// Reads the groups of every directory in `dirs` (a league directory
    /// and others with its records, e.g. other shards'), with `current` the
    /// league's bots now.
    ///
    /// # Errors
    /// Unreadable records, records of another league, a name whose spec
    /// changed.
    pub fn read(key: &LeagueKey, current: &[String], dirs: &[PathBuf]) -> Result<League, LeagueError> {
        let mut bots: Vec<LeagueBot> = current
            .iter()
            .map(|s| LeagueBot { name: seat_name(s).to_string(), spec: s.clone(), current: true })
            .collect();
        let mut groups = std::collections::BTreeSet::new();
        for dir in dirs {
            let rd = match std::fs::read_dir(dir) {
                Ok(rd) => rd,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(source) => return Err(LeagueError::Read { path: dir.clone(), source }),
            };
            for entry in rd {
                let entry = entry.map_err(|source| LeagueError::Read { path: dir.clone(), source })?;
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.contains('+') && entry.path().is_dir() {
                    groups.insert(name);
                }
            }
        }
        let mut removed: Vec<LeagueBot> = Vec::new();
        let mut games = Vec::new();
        let mut notes = Vec::new();
        for group in groups {
            let paths: Vec<PathBuf> = dirs.iter().map(|d| d.join(&group)).filter(|p| p.is_dir()).collect();
            let Some(path) = paths.first().cloned() else { continue };
            let (series, summaries) = match crate::results::read_series(&paths, None) {
                Ok(crate::results::SeriesRecords { key: Some(s), games, notes: skipped }) => {
                    notes.extend(skipped);
                    (s, games)
                }
                Ok(_) | Err(ResultsError::Empty { .. }) => continue,
                Err(e) => return Err(e.into()),
            };
            let names: Vec<&str> = series.bots.iter().map(|b| seat_name(b)).collect();
            let other = |what: String| LeagueError::OtherLeague { path: path.clone(), what };
            if series.game != key.game || series.config != key.config {
                return Err(other(format!("its game is {} {}", series.game, series.config)));
            }
            if names.len() != key.seats || group_dir(&names) != group {
                return Err(other(format!("its bots are {:?}", series.bots)));
            }
            if series.seed != group_seed(key.seed, &names) {
                return Err(other("its seed is not this league seed's".into()));
            }
            let mut ids = Vec::new();
            for spec in &series.bots {
                let name = seat_name(spec);
                let known = bots.iter().chain(&removed).find(|b| b.name == name);
                match known {
                    Some(b) if &b.spec != spec => {
                        return Err(LeagueError::Changed {
                            path: path.clone(),
                            name: name.into(),
                            recorded: spec.clone(),
                            now: b.spec.clone(),
                        });
                    }
                    Some(_) => {}
                    None => removed.push(LeagueBot { name: name.into(), spec: spec.clone(), current: false }),
                }
                ids.push(name.to_string());
            }
            for g in summaries {
                let seats: Vec<String> = g.entrants.iter().map(|&e| ids.get(e).cloned().unwrap_or_default()).collect();
                let ranks = (0..seats.len()).map(|s| g.outcome.rank(PlayerId(s as u8))).collect();
                games.push((group.clone(), g.index, seats, ranks, g.failures));
            }
        }
        removed.sort_by(|a, b| a.name.cmp(&b.name));
        bots.extend(removed);
        let id = |name: &str| bots.iter().position(|b| b.name == name).unwrap_or(usize::MAX);
        let games = games
            .into_iter()
            .map(|(group, index, seats, ranks, failures)| LeagueGame {
                group,
                index,
                seats: seats.iter().map(|n| id(n)).collect(),
                ranks,
                failures,
            })
            .collect();
        Ok(League { seats: key.seats, bots, games, notes })
    }

    /// The index of the bot named `name`.
    pub fn bot(&self, name: &str) -> Option<usize> {
        self.bots.iter().position(|b| b.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_is_named_and_seeded_by_its_names_in_any_order() {
        assert_eq!(group_dir(&["b", "a"]), "a+b");
        assert_eq!(group_seed(7, &["b", "a"]), group_seed(7, &["a", "b"]));
        assert_ne!(group_seed(7, &["a", "b"]), group_seed(7, &["a", "c"]));
        assert_ne!(group_seed(7, &["a", "b"]), group_seed(8, &["a", "b"]));
    }

    #[test]
    fn league_bots_need_names_fit_for_a_directory() {
        assert!(valid_name("v1.2_beta-3"));
        for bad in ["", ".hidden", "a+b", "a/b", "a b", "mcts:iters=2"] {
            assert!(!valid_name(bad), "{bad:?}");
        }
        assert!(check_bot("name=a,random").is_ok());
        assert!(matches!(check_bot("random"), Err(LeagueError::BadName { .. })));
        assert!(matches!(check_bot("name=a+b,random"), Err(LeagueError::BadName { .. })));
        assert!(matches!(check_bot("name=a,mcts:iters=x"), Err(LeagueError::Spec(_))));
    }

    #[test]
    fn bots_txt_keeps_the_bots_and_refuses_a_name_twice() {
        let dir = tempfile::tempdir().unwrap();
        let read = league_bots(dir.path(), &["name=a,random".into(), "name=b,mcts:iters=5".into()]).unwrap();
        assert!(!dir.path().join(BOTS_FILE).exists(), "nothing written before save");
        read.save().unwrap();
        let bots = read.bots;
        assert_eq!(bots.len(), 2);
        std::fs::write(dir.path().join(BOTS_FILE), "# mine\nname=a,random\n\nname=b,mcts:iters=5\n").unwrap();
        assert_eq!(
            league_bots(dir.path(), &["name=a,random".into()]).unwrap().bots,
            bots,
            "the same bot again is no change"
        );
        assert!(matches!(
            league_bots(dir.path(), &["name=a,mcts".into()]),
            Err(LeagueError::Listed { name, .. }) if name == "a"
        ));
        assert!(matches!(
            league_bots(dir.path(), &["name=c,mcts".into(), "name=c,random".into()]),
            Err(LeagueError::Duplicate { name, .. }) if name == "c"
        ));
        std::fs::write(dir.path().join(BOTS_FILE), "name=a,random\nrandom\n").unwrap();
        assert!(matches!(league_bots(dir.path(), &[]), Err(LeagueError::BadLine { line: 2, .. })));
    }
}
