//! What a played game leaves: its summary ([`Played`]), the JSON record
//! `play --record` writes as the game goes ([`RecordWriter`], format
//! [`RECORD_FORMAT`]), and the bounded log of a game's problems.
//!
//! A record is one JSON object whose fields come in this order, so that it
//! can be written and judged as a stream (memory bounded by the position
//! and one turn, not by the game):
//! * the head: `format`, `game`, `config`, `setup`, `seed`, `bots`,
//!   `replay`;
//! * `turns`: one seat's turn per line, in order ([`TurnEntry`]: `player`,
//!   `text` in the game's record notation, the bot's raw `answer` or
//!   `"as-played"`, `ms`, `error`, `substituted`, and `chance`: the chance
//!   values drawn right after the turn; see [`RecordEntry`]);
//! * the tail: `index`, `series_seed`, `result`, `outcome`, `errors`,
//!   `failures` (failed answers per seat by kind), `stderr`,
//!   `final_position`.

use super::journal::Failures;
use crate::error::PlayError;
use crate::referee::{RawAnswer, RawLine};
use crate::registry::GameConfig;
use game_core::{Game, Outcome};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The `format` of the records this arena writes. Records of older arenas
/// (with an `events` list) are not read.
pub const RECORD_FORMAT: u32 = 2;

/// What a bot said on a turn, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum AnswerEntry {
    /// `"as-played"`: the bot printed exactly the game's answer lines for
    /// the turn's `text` ([`crate::games::Contest::answer_of_turn`](crate::games::Contest::answer_of_turn)),
    /// nothing more.
    AsPlayed(AsPlayed),
    /// The answer as received, when it differs from the turn played.
    Raw(RawAnswer),
}

/// The marker `"as-played"` of [`AnswerEntry::AsPlayed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AsPlayed {
    /// `"as-played"`.
    AsPlayed,
}

impl AnswerEntry {
    /// `raw` as a record keeps it: `"as-played"` when it is exactly the
    /// lines `canonical` gives for the played turn.
    pub fn new(raw: RawAnswer, canonical: Option<Vec<String>>) -> AnswerEntry {
        let same = canonical.is_some_and(|lines| {
            raw.cutoff.is_none()
                && raw.more_skipped == 0
                && raw.lines.len() == lines.len()
                && raw.lines.iter().zip(&lines).all(|(r, l)| r.0 == l.as_bytes())
        });
        if same { AnswerEntry::AsPlayed(AsPlayed::AsPlayed) } else { AnswerEntry::Raw(raw) }
    }

    /// The raw answer: `lines` (the played turn's answer lines) for
    /// `"as-played"`.
    pub fn raw(&self, lines: impl FnOnce() -> Option<Vec<String>>) -> Option<RawAnswer> {
        match self {
            AnswerEntry::Raw(r) => Some(r.clone()),
            AnswerEntry::AsPlayed(_) => lines().map(|lines| RawAnswer {
                lines: lines.into_iter().map(|l| RawLine(l.into_bytes())).collect(),
                more_skipped: 0,
                cutoff: None,
            }),
        }
    }
}

/// One seat's turn in a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnEntry {
    /// The seat.
    pub player: u8,
    /// The turn played, in protocol notation (absent when a failed answer
    /// ended the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// What an external bot said (absent for a built-in bot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<AnswerEntry>,
    /// Time taken, in milliseconds.
    #[serde(default)]
    pub ms: f64,
    /// The kind of the failure, if the answer failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the turn played is the game's substitute for a failed answer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub substituted: bool,
}

/// One entry of a record's `turns`, as read: a seat's turn with the chance
/// values drawn right after it, or (before any turn) a chance value alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RecordEntry<C> {
    /// A seat's turn, then the chance values drawn after it (`"chance":
    /// [...]`, absent when none).
    Turn {
        /// The turn.
        #[serde(flatten)]
        turn: TurnEntry,
        /// The chance values right after it, in order.
        #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
        chance: Vec<C>,
    },
    /// `{"chance": C}`: a chance value before the first turn.
    Chance {
        /// The value.
        chance: C,
    },
}

/// A recorded problem with a seat's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

/// `{"winner": P or null, "ranks": [...], "reason": "..."}`; displayed in
/// words (`player 1 wins by three-in-a-row`, `a draw by turn-limit`,
/// `ranks 0, 1, 1, 2 by no-balls-left`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

impl std::fmt::Display for ResultEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.winner {
            Some(w) => write!(f, "player {w} wins")?,
            None if self.ranks.windows(2).all(|w| w[0] == w[1]) => write!(f, "a draw")?,
            None => {
                let ranks: Vec<String> = self.ranks.iter().map(u8::to_string).collect();
                write!(f, "ranks {}", ranks.join(", "))?;
            }
        }
        write!(f, " by {}", self.reason)
    }
}

/// A played game as far as its summary needs it (the turns went to the
/// record as they were played).
#[derive(Clone, Debug)]
pub struct Played {
    /// The game's configuration.
    pub config: GameConfig,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// How many seat turns were played (each seat's answer counts once).
    pub turn_count: usize,
    /// How many rounds were played: turns of the game, where all the
    /// seats acting at once (Parallel Football's four teams) count once.
    pub rounds: usize,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: String,
    /// Problems with answers.
    pub errors: Vec<ErrorEntry>,
    /// Failed answers per seat.
    pub failures: Vec<Failures>,
    /// Each external seat's stderr, up to
    /// [`STDERR_HEAD`](bot_process::STDERR_HEAD) +
    /// [`STDERR_TAIL`](bot_process::STDERR_TAIL) bytes (beyond, its
    /// head and tail around a line `[... N bytes cut ...]`).
    pub stderr: Vec<Option<String>>,
    /// The final position as text.
    pub final_position: String,
    /// The command that plays this game again.
    pub replay: String,
}

/// The head of a record: everything before its turns.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct RecordHead<'a, G: Game> {
    /// [`RECORD_FORMAT`].
    pub format: u32,
    /// The game's name.
    pub game: &'a str,
    /// The configuration.
    pub config: &'a GameConfig,
    /// The start position.
    pub setup: &'a G::Setup,
    /// The game's seed.
    pub seed: Option<u64>,
    /// The bot in each seat.
    pub bots: &'a [String],
    /// The command that plays this game again.
    pub replay: &'a str,
}

/// The tail of a record: everything after its turns.
#[derive(Serialize)]
pub struct RecordTail<'a> {
    /// Index of the game in its series.
    pub index: u64,
    /// The series' seed.
    pub series_seed: u64,
    /// The result (`None`, not written: the game is not over, as in a
    /// record of a game played from Python and stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultEntry>,
    /// The outcome: every seat's placement and score (`None` with the
    /// result).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<&'a Outcome>,
    /// Problems with answers.
    pub errors: &'a [ErrorEntry],
    /// Failed answers per seat, by kind.
    pub failures: &'a [Failures],
    /// Each external seat's stderr, as kept ([`Played::stderr`]).
    pub stderr: &'a [Option<String>],
    /// The final position as text.
    pub final_position: &'a str,
}

impl<'a> RecordTail<'a> {
    /// The tail of `played`, game `index` of the series `series_seed`.
    pub fn of(played: &'a Played, index: u64, series_seed: u64) -> RecordTail<'a> {
        RecordTail {
            index,
            series_seed,
            result: Some(ResultEntry::new(&played.outcome, &played.reason)),
            outcome: Some(&played.outcome),
            errors: &played.errors,
            failures: &played.failures,
            stderr: &played.stderr,
            final_position: &played.final_position,
        }
    }
}

/// Writes one record as the game goes: into a temporary file
/// `.NAME.part` in the record's directory, renamed to `NAME` by
/// [`finish`](RecordWriter::finish), so that a file under a record's name is
/// always complete. Dropped unfinished (an error, a panic), it removes its
/// temporary file.
#[derive(Debug)]
pub struct RecordWriter {
    path: PathBuf,
    part: PathBuf,
    out: Option<std::io::BufWriter<std::fs::File>>,
    entries: usize,
    /// The last turn (as JSON) and the chance values after it.
    pending: Option<(String, Vec<String>)>,
}

impl RecordWriter {
    /// Starts the record `dir/name`.
    ///
    /// # Errors
    /// [`PlayError::WriteRecord`] naming the record when its temporary file
    /// cannot be created.
    pub fn create(dir: &Path, name: &str) -> Result<RecordWriter, PlayError> {
        let path = dir.join(name);
        let part = part_path(&path);
        let file =
            std::fs::File::create(&part).map_err(|source| PlayError::WriteRecord { path: path.clone(), source })?;
        Ok(RecordWriter {
            path,
            part,
            out: Some(std::io::BufWriter::with_capacity(1 << 16, file)),
            entries: 0,
            pending: None,
        })
    }

    /// The record's final path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), PlayError> {
        let r = match self.out.as_mut() {
            Some(out) => out.write_all(bytes),
            None => Err(std::io::Error::other("the record was already closed after an error")),
        };
        r.map_err(|source| {
            // Stop writing: the temporary is removed when the writer drops.
            self.out = None;
            PlayError::WriteRecord { path: self.path.clone(), source }
        })
    }

    /// Writes the head and opens the turn list.
    ///
    /// # Errors
    /// [`PlayError::WriteRecord`] naming the record.
    pub fn head<G: Game>(&mut self, head: &RecordHead<'_, G>) -> Result<(), PlayError> {
        let mut text = to_json(head, &self.path)?;
        text.pop(); // the closing brace
        text.push_str(",\"turns\":[");
        self.write(text.as_bytes())
    }

    /// Writes a seat's turn (held until the chance values after it are
    /// known).
    ///
    /// # Errors
    /// [`PlayError::WriteRecord`] naming the record.
    pub fn turn(&mut self, turn: &TurnEntry) -> Result<(), PlayError> {
        self.flush()?;
        self.pending = Some((to_json(turn, &self.path)?, Vec::new()));
        Ok(())
    }

    /// Writes a chance value, drawn after the last turn written.
    ///
    /// # Errors
    /// [`PlayError::WriteRecord`] naming the record.
    pub fn chance<C: Serialize>(&mut self, chance: &C) -> Result<(), PlayError> {
        let c = to_json(chance, &self.path)?;
        match self.pending.as_mut() {
            Some((_, after)) => after.push(c),
            None => self.line(&format!("{{\"chance\":{c}}}"))?,
        }
        Ok(())
    }

    /// Writes the held turn with its chance values.
    fn flush(&mut self) -> Result<(), PlayError> {
        let Some((mut turn, after)) = self.pending.take() else { return Ok(()) };
        if !after.is_empty() {
            turn.pop(); // the closing brace
            turn.push_str(&format!(",\"chance\":[{}]}}", after.join(",")));
        }
        self.line(&turn)
    }

    /// Writes one entry of the turn list on a line of its own.
    fn line(&mut self, entry: &str) -> Result<(), PlayError> {
        let sep = if self.entries == 0 { "\n" } else { ",\n" };
        self.entries += 1;
        self.write(format!("{sep}{entry}").as_bytes())
    }

    /// Closes the turn list, writes the tail, and renames the record into
    /// place; returns its path.
    ///
    /// # Errors
    /// [`PlayError::WriteRecord`] naming the record (the temporary file is
    /// removed).
    pub fn finish(mut self, tail: &RecordTail<'_>) -> Result<PathBuf, PlayError> {
        self.flush()?;
        let body = to_json(tail, &self.path)?;
        let text = format!("\n],{}\n", body.strip_prefix('{').unwrap_or(&body));
        self.write(text.as_bytes())?;
        let path = self.path.clone();
        let wrap = |source| PlayError::WriteRecord { path: path.clone(), source };
        let out = self.out.take().ok_or_else(|| wrap(std::io::Error::other("the record was closed")))?;
        let file = out.into_inner().map_err(|e| wrap(e.into_error()))?;
        file.sync_data().map_err(wrap)?;
        drop(file);
        std::fs::rename(&self.part, &self.path).map_err(wrap)?;
        // Renamed: nothing left to remove.
        self.part = PathBuf::new();
        Ok(path)
    }
}

impl Drop for RecordWriter {
    fn drop(&mut self) {
        self.out = None;
        if !self.part.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.part);
        }
    }
}

/// The temporary file a file is written to before it is renamed into
/// place: `.NAME.part` next to it.
fn part_path(path: &Path) -> PathBuf {
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
    path.with_file_name(format!(".{name}.part"))
}

/// Writes `contents` to `path` whole or not at all: into its temporary
/// file (`.NAME.part`), then renamed into place. On an error (a full disk,
/// a file-size limit) the temporary is removed and `path` is untouched.
/// A path that is not a regular file (`/dev/stdout`, a pipe, a symbolic
/// link) is written directly.
///
/// # Errors
/// The I/O error of writing or renaming.
pub fn write_whole(path: &Path, contents: impl AsRef<[u8]>) -> std::io::Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
        return std::fs::write(path, contents);
    }
    let part = part_path(path);
    let written = std::fs::write(&part, contents).and_then(|()| std::fs::rename(&part, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    written
}

fn to_json<T: Serialize>(v: &T, path: &Path) -> Result<String, PlayError> {
    serde_json::to_string(v).map_err(|e| PlayError::WriteRecord { path: path.to_path_buf(), source: e.into() })
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
pub(crate) fn quote(text: &str) -> String {
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

    fn played() -> Played {
        Played {
            config: GameConfig::new([("pile", Some(3))]),
            bots: vec!["random".into(), "random".into()],
            turn_count: 1,
            rounds: 1,
            outcome: Outcome::draw(2),
            reason: "test".into(),
            errors: Vec::new(),
            failures: vec![Failures::default(); 2],
            stderr: vec![None, None],
            final_position: "end".into(),
            replay: "arena play nim".into(),
        }
    }

    fn files(dir: &Path) -> Vec<String> {
        let mut f: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        f.sort();
        f
    }

    #[test]
    fn a_file_is_written_whole_through_its_temporary_and_a_failed_write_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("summary.json");
        write_whole(&path, "{}\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}\n");
        assert_eq!(files(dir.path()), ["summary.json"]);
        let e = write_whole(&dir.path().join("no-dir").join("x.json"), "{}").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
        assert_eq!(files(dir.path()), ["summary.json"], "no temporary left");
    }

    #[test]
    fn a_record_is_written_to_a_temporary_and_renamed_whole_with_its_head_before_its_turns() {
        use ::nim::Nim;
        let dir = tempfile::tempdir().unwrap();
        let mut w = RecordWriter::create(dir.path(), "nim-00000.json").unwrap();
        let p = played();
        let setup = Nim::new(3, 3).to_setup();
        let head = RecordHead::<Nim> {
            format: RECORD_FORMAT,
            game: "nim",
            config: &p.config,
            setup: &setup,
            seed: Some(1),
            bots: &p.bots,
            replay: &p.replay,
        };
        w.head(&head).unwrap();
        let turn =
            TurnEntry { player: 0, text: Some("2".into()), answer: None, ms: 0.5, error: None, substituted: false };
        w.turn(&turn).unwrap();
        w.chance(&7u8).unwrap();
        w.chance(&8u8).unwrap();
        assert_eq!(files(dir.path()), [".nim-00000.json.part"], "nothing under the record's name yet");
        let path = w.finish(&RecordTail::of(&p, 4, 9)).unwrap();
        assert_eq!(files(dir.path()), ["nim-00000.json"]);
        let text = std::fs::read_to_string(&path).unwrap();
        let back: super::super::Record<::nim::Setup, super::super::Turns<u8>> = serde_json::from_str(&text).unwrap();
        assert_eq!(back.turns, [RecordEntry::Turn { turn, chance: vec![7, 8] }]);
        assert_eq!((back.index, back.result.map(|r| r.reason)), (Some(4), Some("test".into())));
        assert_eq!((back.setup, back.config), (setup, p.config.clone()), "the head reads back");
        let at = |k: &str| text.find(&format!("\"{k}\":")).unwrap();
        assert!(at("format") < at("setup") && at("setup") < at("turns") && at("turns") < at("result"), "{text}");
    }

    #[test]
    fn an_unfinished_record_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let mut w = RecordWriter::create(dir.path(), "nim-00001.json").unwrap();
        w.chance(&3u8).unwrap();
        assert_eq!(files(dir.path()).len(), 1);
        drop(w);
        assert!(files(dir.path()).is_empty());
    }

    #[test]
    fn an_answer_is_kept_as_played_only_when_it_is_exactly_the_turns_lines() {
        let raw = |lines: &[&str]| RawAnswer {
            lines: lines.iter().map(|l| RawLine(l.as_bytes().to_vec())).collect(),
            more_skipped: 0,
            cutoff: None,
        };
        let lines = || Some(vec!["stay".to_string(), "move 1 0".to_string()]);
        let same = AnswerEntry::new(raw(&["stay", "move 1 0"]), lines());
        assert_eq!(same, AnswerEntry::AsPlayed(AsPlayed::AsPlayed));
        assert_eq!(serde_json::to_string(&same).unwrap(), "\"as-played\"");
        assert_eq!(same.raw(lines), Some(raw(&["stay", "move 1 0"])));
        for other in [raw(&["stay ", "move 1 0"]), raw(&["stay"]), raw(&["stay", "move 1 0", ""])] {
            assert_eq!(AnswerEntry::new(other.clone(), lines()), AnswerEntry::Raw(other));
        }
        let cut = RawAnswer { cutoff: Some(crate::referee::Cutoff::Timeout), ..raw(&["stay", "move 1 0"]) };
        assert!(matches!(AnswerEntry::new(cut, lines()), AnswerEntry::Raw(_)));
        let back: AnswerEntry = serde_json::from_str("\"as-played\"").unwrap();
        assert_eq!(back, same);
    }

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
