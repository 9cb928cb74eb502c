//! What a played game leaves: its turns, problems and result, the JSON
//! record `play --record` writes, and the bounded log of a game's problems.

use super::journal::Failures;
use crate::referee::RawAnswer;
use game_core::{Game, Outcome, Record};
use serde_json::Value;

/// One seat's turn in a record.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TurnEntry {
    /// The seat.
    pub player: u8,
    /// What an external bot said, exactly (raw lines, and the cutoff when
    /// the answer never came whole); `None` for a built-in bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<RawAnswer>,
    /// The turn played, in protocol notation (`None` when a failed answer ended the game).
    pub text: Option<String>,
    /// Time taken, in milliseconds.
    pub ms: f64,
    /// Number of record events up to the end of this turn.
    pub event_end: usize,
    /// The kind of the failure, if the answer failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the turn played is the game's substitute for a failed answer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub substituted: bool,
}

/// A recorded problem with a seat's answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ErrorEntry {
    /// The seat.
    pub seat: u8,
    /// The turn (1-based index into the turns; 0 before the first).
    pub turn: usize,
    /// Kebab-case kind.
    pub kind: String,
    /// For people.
    pub message: String,
}

/// `{"winner": P or null, "ranks": [...], "reason": "..."}`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ResultEntry {
    /// The single winner.
    pub winner: Option<u8>,
    /// Placements.
    pub ranks: Vec<u8>,
    /// Why the game ended.
    pub reason: String,
}

impl ResultEntry {
    /// From an outcome and a reason.
    pub fn new(o: &Outcome, reason: &str) -> ResultEntry {
        ResultEntry { winner: o.winner().map(|p| p.0), ranks: o.ranks().to_vec(), reason: reason.to_string() }
    }
}

/// A played game: the game-core record and everything the arena adds.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// Setup, seed, every move and chance value, and the outcome (the
    /// arena's result, a forfeit included).
    pub record: Record<G>,
    /// The game's configuration.
    pub config: Value,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// Every seat's turns.
    pub turns: Vec<TurnEntry>,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: String,
    /// Problems with answers.
    pub errors: Vec<ErrorEntry>,
    /// Failed answers per seat, by kind.
    pub failures: Vec<Failures>,
    /// The last bytes of each external seat's stderr.
    pub stderr: Vec<Option<String>>,
    /// The final position as text.
    pub final_position: String,
    /// The command that plays this game again.
    pub replay: String,
}

#[derive(serde::Serialize)]
#[serde(bound = "")]
struct RecordOut<'a, G: Game> {
    #[serde(flatten)]
    record: &'a Record<G>,
    config: &'a Value,
    bots: &'a [String],
    index: u64,
    series_seed: u64,
    result: ResultEntry,
    errors: &'a [ErrorEntry],
    failures: &'a [Failures],
    stderr: &'a [Option<String>],
    replay: &'a str,
    final_position: &'a str,
    turns: &'a [TurnEntry],
}

impl<G: Game> Played<G> {
    /// The JSON record (pretty unless it is long).
    pub fn to_json(&self, index: u64, series_seed: u64) -> String {
        let out = RecordOut {
            record: &self.record,
            config: &self.config,
            bots: &self.bots,
            index,
            series_seed,
            result: ResultEntry::new(&self.outcome, &self.reason),
            errors: &self.errors,
            failures: &self.failures,
            stderr: &self.stderr,
            replay: &self.replay,
            final_position: &self.final_position,
            turns: &self.turns,
        };
        let r = if self.record.events.len() < 20_000 {
            serde_json::to_string_pretty(&out)
        } else {
            serde_json::to_string(&out)
        };
        r.unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()))
    }
}

/// The most problems recorded per seat in one game; the rest are counted in
/// a last `more-errors` entry (a team answering garbage on each of 20,000
/// turns would otherwise fill records and memory with the same line).
pub const MAX_SEAT_ERRORS: usize = 200;

/// A game's problems, at most [`MAX_SEAT_ERRORS`] per seat.
pub(super) struct ErrorLog {
    entries: Vec<ErrorEntry>,
    kept: Vec<usize>,
    /// Per seat: problems not kept, and the turn of the last one.
    dropped: Vec<(usize, usize)>,
}

impl ErrorLog {
    pub(super) fn new(seats: usize) -> ErrorLog {
        ErrorLog { entries: Vec::new(), kept: vec![0; seats], dropped: vec![(0, 0); seats] }
    }

    pub(super) fn push(&mut self, e: ErrorEntry) {
        let seat = usize::from(e.seat);
        match self.kept.get_mut(seat) {
            Some(k) if *k >= MAX_SEAT_ERRORS => {
                if let Some(d) = self.dropped.get_mut(seat) {
                    *d = (d.0 + 1, e.turn);
                }
            }
            Some(k) => {
                *k += 1;
                self.entries.push(e);
            }
            None => self.entries.push(e),
        }
    }

    pub(super) fn finish(mut self) -> Vec<ErrorEntry> {
        for (seat, &(count, turn)) in self.dropped.iter().enumerate() {
            if count > 0 {
                self.entries.push(ErrorEntry {
                    seat: seat as u8,
                    turn,
                    kind: "more-errors".into(),
                    message: format!("{count} more problems of this seat, not recorded"),
                });
            }
        }
        self.entries
    }
}

/// The most bytes of a bot's answer quoted in an error message: a bot
/// printing long lines on every turn must not make records (and the
/// arena's memory) grow by a line per turn.
const QUOTE_MAX: usize = 120;

/// `text` quoted for an error message: at most [`QUOTE_MAX`] bytes of it
/// (cut on a character boundary), followed by its length when cut.
pub(super) fn quote(text: &str) -> String {
    if text.len() <= QUOTE_MAX {
        return format!("{text:?}");
    }
    let mut end = QUOTE_MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}... ({} bytes)", &text[..end], text.len())
}

/// Milliseconds rounded to the microsecond, as records keep them.
pub(super) fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,:=/+@%".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// The command that plays a game again: `arena play GAME ARGS --bot SPEC...
/// --game-seed SEED`.
pub(super) fn replay_command<'s>(
    game: &str,
    replay_args: &[String],
    specs: impl IntoIterator<Item = &'s str>,
    seed: u64,
) -> String {
    let mut replay = vec!["arena".to_string(), "play".into(), game.into()];
    replay.extend(replay_args.iter().cloned());
    for s in specs {
        replay.push("--bot".into());
        replay.push(shell_quote(s));
    }
    replay.push("--game-seed".into());
    replay.push(seed.to_string());
    replay.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_records_at_most_max_seat_errors_and_counts_the_rest() {
        let mut log = ErrorLog::new(2);
        let entry = |seat: u8, turn: usize| ErrorEntry { seat, turn, kind: "unreadable".into(), message: "x".into() };
        for t in 0..MAX_SEAT_ERRORS + 5 {
            log.push(entry(0, t + 1));
        }
        log.push(entry(1, 7));
        let e = log.finish();
        assert_eq!(e.iter().filter(|e| e.seat == 0 && e.kind == "unreadable").count(), MAX_SEAT_ERRORS);
        assert_eq!(e.iter().filter(|e| e.seat == 1).count(), 1);
        let last = e.last().unwrap();
        assert_eq!((last.seat, last.turn, last.kind.as_str()), (0, MAX_SEAT_ERRORS + 5, "more-errors"));
        assert!(last.message.starts_with("5 more"), "{}", last.message);
    }

    #[test]
    fn quoted_answers_are_cut_on_a_character_boundary() {
        assert_eq!(quote("4 x"), "\"4 x\"");
        let long = "é".repeat(100);
        let q = quote(&long);
        assert!(q.starts_with(&format!("\"{}\"...", "é".repeat(60))), "{q}");
        assert!(q.ends_with("(200 bytes)"), "{q}");
        assert!(quote(&"x".repeat(60_000)).len() < QUOTE_MAX + 30);
    }

    #[test]
    fn replay_commands_quote_specs_for_the_shell() {
        let args = ["--players".to_string(), "4".into()];
        assert_eq!(
            replay_command("quoridor", &args, ["random", "cmd:./bot -x"], 9),
            "arena play quoridor --players 4 --bot random --bot 'cmd:./bot -x' --game-seed 9"
        );
    }
}
