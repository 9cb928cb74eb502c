//! A record in memory, whole: read back ([`Record`], typed as
//! [`RecordWriter`](super::RecordWriter) writes it: the tools that read
//! records, results, leagues and `view`, read this one type; the judge
//! reads the same fields as a stream, turn by turn), and written from its
//! parts ([`record_text`], for games played elsewhere than in a series:
//! the judge's cross-check, the Python package).

use super::{ErrorEntry, Failures, RecordEntry, RecordHead, RecordTail, ResultEntry};
use crate::registry::GameConfig;
use game_core::{Game, Outcome};
use serde::Deserialize;
use serde::de::IgnoredAny;

/// A game record as `play --record` writes it (format [`RECORD_FORMAT`](super::RECORD_FORMAT)).
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
/// assert_eq!(r.format, game_arena::play::RECORD_FORMAT);
/// ```
#[derive(Clone, Debug, Deserialize)]
pub struct Record<S = IgnoredAny, T = IgnoredAny> {
    /// The record's format ([`RECORD_FORMAT`](super::RECORD_FORMAT); 0 when absent).
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

/// A whole record as text, laid out as [`RecordWriter`](super::RecordWriter)
/// writes one: the head, then `turns` one entry a line, then the tail
/// (`None`: a record of its head and turns only, which the judge reads).
///
/// # Errors
/// serde's, when a value does not serialize (never for the arena's games).
pub fn record_text<G: Game, C: serde::Serialize>(
    head: &RecordHead<'_, G>,
    turns: &[RecordEntry<C>],
    tail: Option<&RecordTail<'_>>,
) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string(head)?;
    text.pop(); // the head's closing brace
    text.push_str(",\"turns\":[");
    for (i, entry) in turns.iter().enumerate() {
        text.push_str(if i == 0 { "\n" } else { ",\n" });
        text.push_str(&serde_json::to_string(entry)?);
    }
    text.push_str("\n]");
    match tail {
        Some(tail) => {
            let tail = serde_json::to_string(tail)?;
            text.push(',');
            text.push_str(tail.strip_prefix('{').unwrap_or(&tail));
        }
        None => text.push('}'),
    }
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Played, RecordWriter, TurnEntry};
    use ::nim::Nim;

    #[test]
    fn a_record_written_whole_is_the_record_the_writer_writes() {
        let played = Played {
            config: GameConfig::new([("pile", Some(3)), ("max_take", Some(3))]),
            bots: vec!["random".into(), "cmd:./bot".into()],
            turn_count: 2,
            rounds: 2,
            outcome: Outcome::draw(2),
            reason: "test".into(),
            errors: Vec::new(),
            failures: vec![Failures::default(); 2],
            stderr: vec![None, Some("hi".into())],
            final_position: "0".into(),
            replay: "arena play nim".into(),
        };
        let setup = Nim::new(3, 3).to_setup();
        let head = RecordHead::<Nim> {
            format: crate::play::RECORD_FORMAT,
            game: "nim",
            config: &played.config,
            setup: &setup,
            seed: Some(4),
            bots: &played.bots,
            replay: &played.replay,
        };
        let turn = |player: u8, text: &str| TurnEntry {
            player,
            text: Some(text.into()),
            answer: None,
            ms: 1.5,
            error: None,
            substituted: false,
        };
        let turns: [RecordEntry<u8>; 3] = [
            RecordEntry::Chance { chance: 9 },
            RecordEntry::Turn { turn: turn(0, "1"), chance: vec![7, 8] },
            RecordEntry::Turn { turn: turn(1, "2"), chance: Vec::new() },
        ];
        let dir = tempfile::tempdir().unwrap();
        let mut w = RecordWriter::create(dir.path(), "nim.json").unwrap();
        w.head(&head).unwrap();
        w.chance(&9u8).unwrap();
        w.turn(&turn(0, "1")).unwrap();
        w.chance(&7u8).unwrap();
        w.chance(&8u8).unwrap();
        w.turn(&turn(1, "2")).unwrap();
        let tail = RecordTail::of(&played, 0, 4);
        let written = std::fs::read_to_string(w.finish(&tail).unwrap()).unwrap();
        assert_eq!(record_text(&head, &turns, Some(&tail)).unwrap(), written);
        let bare = record_text(&head, &turns, None).unwrap();
        let back: Record<::nim::Setup, Turns<u8>> = serde_json::from_str(&bare).unwrap();
        assert_eq!((back.turns.as_slice(), back.result), (turns.as_slice(), None), "head and turns only");
    }
}
