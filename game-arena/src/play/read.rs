//! A record read back whole ([`Record`]), typed as
//! [`RecordWriter`](super::RecordWriter) writes it: the tools that read
//! records (results, leagues, `view`) read this one type; the judge reads
//! the same fields as a stream, turn by turn.

use super::{ErrorEntry, Failures, RECORD_FORMAT, RecordEntry, ResultEntry};
use crate::config::GameConfig;
use game_core::Outcome;
use serde::Deserialize;
use serde::de::IgnoredAny;

/// A game record as `play --record` writes it (format [`RECORD_FORMAT`]).
///
/// `S` is the start position's type (the game's `Setup`) and `T` the
/// turns' (`Vec<RecordEntry<Chance>>`); both default to
/// [`IgnoredAny`], which reads past them: a summary of a record of
/// 20,000 turns takes no more memory than one of 20. The fields that an
/// older or hand-written record may lack are `None` or empty.
///
/// ```
/// use game_arena::play::Record;
///
/// let text = r#"{"format": 2, "game": "nim", "config": {"max_take": 3, "pile": 5},
///     "setup": {"pile": 5, "max_take": 3}, "turns": [{"player": 0, "text": "1"}],
///     "bots": ["random", "random"]}"#;
/// let r: Record = serde_json::from_str(text).unwrap();
/// assert_eq!((r.game.as_str(), r.bots.len()), ("nim", 2));
/// assert_eq!(r.config.get("pile"), Some(Some(5)));
/// assert!(r.check_format().is_ok());
/// ```
#[derive(Clone, Debug, Deserialize)]
pub struct Record<S = IgnoredAny, T = IgnoredAny> {
    /// The record's format ([`RECORD_FORMAT`]; 0 when absent).
    #[serde(default)]
    pub format: u32,
    /// The game's name.
    pub game: String,
    /// The game's configuration.
    #[serde(default)]
    pub config: GameConfig,
    /// The start position.
    pub setup: S,
    /// The game's seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The bot in each seat.
    #[serde(default)]
    pub bots: Vec<String>,
    /// The command that plays this game again.
    #[serde(default)]
    pub replay: String,
    /// The turns, in order.
    pub turns: T,
    /// The game's index in its series.
    #[serde(default)]
    pub index: Option<u64>,
    /// The series' seed.
    #[serde(default)]
    pub series_seed: Option<u64>,
    /// The result.
    #[serde(default)]
    pub result: Option<ResultEntry>,
    /// Every seat's placement and score.
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// Problems with answers.
    #[serde(default)]
    pub errors: Vec<ErrorEntry>,
    /// Failed answers per seat, by kind (empty when none were recorded).
    #[serde(default)]
    pub failures: Vec<Failures>,
    /// Each external seat's stderr, as kept.
    #[serde(default)]
    pub stderr: Vec<Option<String>>,
    /// The final position as text.
    #[serde(default)]
    pub final_position: String,
}

/// A record's turns read whole, with chance values of type `C`.
pub type Turns<C> = Vec<RecordEntry<C>>;

/// A record whose `format` this arena does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a record of format {found} (this arena reads format {}; records of older arenas are not read)", RECORD_FORMAT)]
pub struct FormatError {
    /// The format the record states (0: none).
    pub found: u32,
}

impl<S, T> Record<S, T> {
    /// Whether this arena reads the record's format.
    ///
    /// # Errors
    /// [`FormatError`] naming the format found.
    pub fn check_format(&self) -> Result<(), FormatError> {
        if self.format == RECORD_FORMAT { Ok(()) } else { Err(FormatError { found: self.format }) }
    }
}
