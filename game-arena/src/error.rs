//! The arena's errors, one enum per kind of operation. Each is
//! `#[non_exhaustive]`; the `arena` command prints its message and exits
//! with code 2 (`arena judge`: 1 for a [`RecordFault`]). Errors of the game crates are kept as `source`s (boxed, so
//! that the arena does not depend on their names; downcast to inspect them).
//!
//! Bot specs' errors ([`SpecError`], [`NumberError`]) have a module of their
//! own, re-exported here.
//!
//! Also here: [`JudgeError`] and [`RecordFault`] (`arena judge`), and
//! [`FileError`] (what is wrong with a file or a folder of records),
//! defined with the files it is about in [`crate::files`]. Elsewhere:
//! [`BotIoError`](bot_process::BotIoError) (talking to a bot process,
//! recorded with the game rather than returned) and game-core's
//! [`PlayoutError`](game_core::PlayoutError) (`arena bench`).

use game_core::PlayerId;

use std::io;
use std::path::PathBuf;

pub use crate::files::FileError;
pub use spec::{NumberError, SpecError};

mod spec;

pub use game_adapter::{BoxError, OptionError, RefusedError, ServeError, ValueError};

/// Why a game or a series cannot be played ([`play_game`](crate::play::play_game),
/// [`play_series`](crate::play::play_series)). Bots that misbehave are no
/// error: they are recorded with the game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A spec does not make a bot for this game.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Not one bot per seat.
    #[error("{game} with this configuration has {seats} seats, not {bots}: give --bot {seats} times")]
    SeatCount {
        /// The game.
        game: &'static str,
        /// Its seats.
        seats: usize,
        /// The bots given.
        bots: usize,
    },
    /// The record directory cannot be created.
    #[error("cannot create {}: {source}", path.display())]
    RecordDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A record cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    WriteRecord {
        /// The record's file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The game was aborted by a stop signal ([`crate::interrupt`]): it
    /// has no result and no record, and `--resume` plays it again.
    #[error("the game was aborted by a stop signal")]
    Aborted,
}

/// A game configuration its crate refuses (the adapters' `new`).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The game's crate refuses the configuration.
    #[error(transparent)]
    Refused(#[from] RefusedError),
    /// An option the game does not read, or a value it does not take.
    #[error(transparent)]
    Option(#[from] OptionError),
}

/// A game name the registry does not know (`registry::GameName`'s `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {name:?} (the games: {})", games.join(", "))]
pub struct UnknownGameError {
    /// The name given.
    pub name: String,
    /// The games there are.
    pub games: Vec<&'static str>,
}

/// Why a recorded position cannot be drawn ([`render`](crate::render::render)).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// The record does not judge: another game, format or configuration,
    /// or a record that contradicts itself.
    #[error("not a {game} record: {source}")]
    Judge {
        /// The game.
        game: &'static str,
        /// Why.
        source: Box<JudgeError>,
    },
    /// `--ply` past the record's turns.
    #[error("the record has {turns} turns")]
    NoSuchTurn {
        /// Turns in the record.
        turns: usize,
        /// The turn asked for.
        asked: usize,
    },
}

/// Why a replay page cannot be made or read back ([`view`](crate::view)).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ViewError {
    /// The record does not judge: another game, format or configuration,
    /// or a record that contradicts itself.
    #[error("not a {game} record: {source}")]
    Judge {
        /// The game.
        game: &'static str,
        /// Why.
        source: Box<JudgeError>,
    },
    /// A record file that cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A record file that is not JSON.
    #[error("{}: not JSON: {source}", path.display())]
    NotJson {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A page that cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A page without the viewer's data, or with data that does not decode
    /// ([`page_data`](crate::view::page_data), [`decode_frames`](crate::view::decode_frames)).
    #[error("not a replay page: {what}")]
    NotAPage {
        /// What is wrong.
        what: &'static str,
    },
    /// An analysis file that is not an analysis as `arena analyze --json`
    /// writes it.
    #[error("{}: not an analysis as `arena analyze --json` writes it: {source}", path.display())]
    NotAnalysis {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// An analysis of another game than the record's.
    #[error("the analysis is of a {analysis} game, the record of a {record} game")]
    AnalysisGame {
        /// The analysis's game.
        analysis: String,
        /// The record's game.
        record: &'static str,
    },
    /// An analysed ply that the record does not have.
    #[error("the analysis has ply {ply}, which the record does not have (its plies are 1 to {last})")]
    AnalysisPly {
        /// The analysis's ply number.
        ply: usize,
        /// The record's last ply.
        last: usize,
    },
    /// An analysed ply that the record shows played by another seat.
    #[error("the analysis has ply {ply} played by seat {analysis}, the record by seat {record}")]
    AnalysisSeat {
        /// The ply.
        ply: usize,
        /// The seat the analysis names.
        analysis: usize,
        /// The seat that played it in the record.
        record: usize,
    },
    /// An analysed ply that the record shows with another move played: an
    /// analysis of another game.
    #[error(
        "the analysis has ply {ply} played as {analysis}, the record as {record}: it is an analysis of another game"
    )]
    AnalysisMove {
        /// The ply (the first that differs).
        ply: usize,
        /// The move the analysis names.
        analysis: String,
        /// The move the record shows.
        record: String,
    },
    /// An analysis of another configuration of the game than the record's.
    #[error("the analysis is of the configuration {analysis}, the record of {record}")]
    AnalysisConfig {
        /// The analysis's configuration.
        analysis: game_adapter::GameConfig,
        /// The record's.
        record: game_adapter::GameConfig,
    },
    /// A file given as an analysis that is something else.
    #[error("{} is {}, not an analysis: pass the file `arena analyze --json` wrote", path.display(), kind.a())]
    NotAnAnalysis {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: crate::files::FileKind,
    },
    /// A file that cannot be read or is not what it should be.
    #[error(transparent)]
    File(#[from] FileError),
    /// A ply the analysis evaluates twice.
    #[error("the analysis has ply {ply} twice")]
    AnalysisRepeated {
        /// The ply.
        ply: usize,
    },
    /// A value outside `0..=1` (values are expected scores).
    #[error("the analysis gives ply {ply} the value {value}, outside 0 to 1")]
    AnalysisValue {
        /// The ply.
        ply: usize,
        /// The value.
        value: f64,
    },
}

impl ViewError {
    /// Whether the analysis does not fit the record (another game, seat,
    /// ply, move or configuration, a ply twice, a value out of range):
    /// the analysis and the record are both readable, one is not of the
    /// other.
    pub fn is_mismatch(&self) -> bool {
        matches!(
            self,
            ViewError::AnalysisGame { .. }
                | ViewError::AnalysisPly { .. }
                | ViewError::AnalysisSeat { .. }
                | ViewError::AnalysisMove { .. }
                | ViewError::AnalysisConfig { .. }
                | ViewError::AnalysisRepeated { .. }
                | ViewError::AnalysisValue { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    enum Wrapping {
        #[error("i/o: {0}")]
        Io(#[from] io::Error),
        #[error("other")]
        Other,
    }

    #[test]
    fn serve_errors_keep_the_io_kind_of_a_protocol_error() {
        let e = ServeError::protocol("yavalath", Wrapping::Io(io::Error::from(io::ErrorKind::BrokenPipe)));
        assert_eq!(e.io_kind(), Some(io::ErrorKind::BrokenPipe));
        assert_eq!(e.to_string(), format!("i/o: {}", io::Error::from(io::ErrorKind::BrokenPipe)));
        assert_eq!(ServeError::protocol("yavalath", Wrapping::Other).io_kind(), None);
    }
}

/// Why a record cannot be judged at all (`arena judge` exits with code
/// 2), or, as [`JudgeError::Fault`], why [`replay`](crate::judge::replay)
/// stopped on a record that was read but is wrong.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// The JSON record does not parse or is of another game.
    #[error("unreadable record: {0}")]
    Unreadable(String),
    /// A JSON record that ends before its end (a write or a copy cut
    /// short).
    #[error("the record is cut short (it ends at line {line}, column {column}): not a whole record")]
    CutShort {
        /// Where it ends.
        line: usize,
        /// Where it ends.
        column: usize,
    },
    /// The input is empty: no record at all.
    #[error("the file is empty: not a record")]
    Empty,
    /// A record without a single turn (text lines or a JSON record's
    /// `turns`): nothing to judge.
    #[error("the record lists no turn: nothing to judge")]
    NoTurns,
    /// The record breaks a rule or disagrees with itself (`arena judge`
    /// reports it with the result and exits with code 1; `render` and
    /// `view` refuse the record).
    #[error(transparent)]
    Fault(Box<RecordFault>),
    /// A JSON record of another game.
    #[error("a record of {record:?}, judged as {given:?}")]
    WrongGame {
        /// The record's game.
        record: String,
        /// The game it was judged as.
        given: &'static str,
    },
    /// A JSON record of another configuration than the one given.
    #[error("the record's configuration {record} is not the one given, {given}")]
    Config {
        /// The record's `config`.
        record: game_adapter::GameConfig,
        /// The configuration given.
        given: game_adapter::GameConfig,
    },
    /// A JSON record of an older arena (with an `events` list), or of an
    /// unknown format.
    #[error("a record of format {found}: this arena reads format {expected} (records of older arenas are not read)")]
    Format {
        /// The record's format (0 when it has none).
        found: u64,
        /// The format this arena reads ([`RECORD_FORMAT`](crate::play::RECORD_FORMAT)).
        expected: u32,
    },
    /// Reading the record failed, or it is not UTF-8.
    #[error("cannot read the record: {0}")]
    Read(std::io::Error),
    /// Writing the report failed.
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
}

/// What is wrong with a record that was read and judged: the first fault,
/// where judging stopped (`arena judge` exits with code 1). Each says what
/// is wrong in the game's terms: plies and players as the report numbers
/// them, moves in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordFault {
    /// A turn the rules refuse, listed as played: a text record's line, or
    /// the `text` of a JSON record's turn without a bot's answer. (A bot's
    /// recorded answer that the rules refuse is not a fault of the record:
    /// the game's rules decide what it costs.)
    #[error("ply {ply}: player {player} plays {said}, which the rules refuse ({kind}): {message}")]
    Illegal {
        /// The ply (seat turn, from 1).
        ply: usize,
        /// The seat.
        player: PlayerId,
        /// The turn as the record lists it, quoted.
        said: String,
        /// The game's kebab-case kind of the refusal.
        kind: String,
        /// The game's reason.
        message: String,
    },
    /// A turn listed after the end of the game.
    #[error("ply {ply}: player {player} plays {said} after the end of the game ({ended})")]
    AfterEnd {
        /// The ply.
        ply: usize,
        /// The seat.
        player: PlayerId,
        /// The turn as the record lists it, quoted.
        said: String,
        /// How and when the game ended.
        ended: String,
    },
    /// A chance value listed where the game draws none, or that does not fit
    /// the position.
    #[error("the chance value after ply {ply} is refused ({kind}): {message}")]
    Chance {
        /// The ply it follows (0 before the first).
        ply: usize,
        /// The game's kebab-case kind of the refusal.
        kind: String,
        /// The game's reason.
        message: String,
    },
    /// A turn whose recorded answer does not give the turn the record lists.
    #[error(
        "ply {ply}: player {player}'s answer {answer} {}, but the record lists {}",
        answer_gives(gives.as_deref(), refused.as_deref()),
        lists.as_ref().map_or_else(|| "no move (a failed turn)".to_string(), |m| format!("{m} as played"))
    )]
    AnswerDiffers {
        /// The ply.
        ply: usize,
        /// The seat.
        player: PlayerId,
        /// The answer as recorded, quoted (or how it was cut short).
        answer: String,
        /// The turn the answer gives, in the game's notation (`None`: the
        /// answer is refused and plays no move).
        gives: Option<String>,
        /// Why the answer is refused (the game's reason), when it is.
        refused: Option<String>,
        /// The turn the record lists (`None`: none, a failed turn).
        lists: Option<String>,
    },
    /// A turn of a seat the game does not have.
    #[error("ply {ply}: the record gives the turn to player {player}, but the game's players are 0 to {last}")]
    NoSeat {
        /// The ply.
        ply: usize,
        /// The seat the record names.
        player: u8,
        /// The game's last seat.
        last: usize,
    },
    /// A turn that lists neither a move (`text`) nor an answer, or an
    /// answer `"as-played"` without the move it stands for.
    #[error("ply {ply}: player {player}'s turn lists no move (\"text\"){}", if *as_played { " for its answer \"as-played\"" } else { " and no answer" })]
    NoMove {
        /// The ply.
        ply: usize,
        /// The seat.
        player: PlayerId,
        /// Whether the turn has the answer `"as-played"`.
        as_played: bool,
    },
    /// The result the record states is not the one its turns give.
    #[error("the record says {recorded}, but its turns give {replayed}")]
    ResultDiffers {
        /// The record's `result` (or `outcome`), in words.
        recorded: String,
        /// The result of its turns, in words.
        replayed: String,
    },
}

impl From<RecordFault> for JudgeError {
    fn from(f: RecordFault) -> JudgeError {
        JudgeError::Fault(Box::new(f))
    }
}

/// What a recorded answer comes to, in words.
fn answer_gives(gives: Option<&str>, refused: Option<&str>) -> String {
    match (gives, refused) {
        (Some(m), None) => format!("plays {m}"),
        (Some(m), Some(why)) => format!("is refused ({why}) and replaced by {m}"),
        (None, Some(why)) => format!("is refused ({why})"),
        (None, None) => "plays no move".to_string(),
    }
}

impl RecordFault {
    /// The kebab-case kind, as `judge --json` reports it: `illegal-move`,
    /// `after-end`, `chance-refused`, `answer-differs`, `no-seat`,
    /// `no-move`, `result-differs`.
    pub fn kind(&self) -> &'static str {
        match self {
            RecordFault::Illegal { .. } => "illegal-move",
            RecordFault::AfterEnd { .. } => "after-end",
            RecordFault::Chance { .. } => "chance-refused",
            RecordFault::AnswerDiffers { .. } => "answer-differs",
            RecordFault::NoSeat { .. } => "no-seat",
            RecordFault::NoMove { .. } => "no-move",
            RecordFault::ResultDiffers { .. } => "result-differs",
        }
    }

    /// The ply where judging stopped (`None` for a stated result that the
    /// turns contradict, found after them).
    pub fn ply(&self) -> Option<usize> {
        match self {
            RecordFault::Illegal { ply, .. }
            | RecordFault::AfterEnd { ply, .. }
            | RecordFault::Chance { ply, .. }
            | RecordFault::AnswerDiffers { ply, .. }
            | RecordFault::NoSeat { ply, .. }
            | RecordFault::NoMove { ply, .. } => Some(*ply),
            RecordFault::ResultDiffers { .. } => None,
        }
    }
}

/// Why a recorded game cannot be analysed ([`analysis`](crate::analysis)).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The record does not judge: another game, format or configuration,
    /// or a record that contradicts itself.
    #[error("not a {game} record: {source}")]
    Judge {
        /// The game.
        game: &'static str,
        /// Why.
        source: Box<JudgeError>,
    },
    /// The record holds no turn.
    #[error("the record holds no turn to analyse")]
    NoTurns,
    /// A bot spec that does not make a bot.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A bot that does not evaluate positions.
    #[error(
        "bot {spec:?} does not say what a position is worth: analysis takes an mcts spec (mcts, mcts:iters=N, mcts:ms=N, with ,c=X and ,rollout=N)"
    )]
    NotASearch {
        /// The spec as given.
        spec: String,
    },
    /// A blunder threshold outside `0..=1`.
    #[error("blunder threshold {value}: expected a number from 0 to 1 (a loss of expected score)")]
    Threshold {
        /// The threshold given.
        value: f64,
    },
}
