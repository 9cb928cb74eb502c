//! The arena protocol of the rules file, both sides.
//!
//! * First line a bot ever reads: its id, `0` (attacks the top goal, moves
//!   first) or `1` ([`initial_input`], [`parse_initial`]).
//! * Each turn, two lines: the length of the opponent's last turn and that
//!   turn's step string; on player 0's very first turn `1` and `-`
//!   ([`turn_input`], [`parse_turn_input`]).
//! * The answer: one line of digits, taken literally ([`check_answer`],
//!   [`check_answer_bytes`], [`parse_answer`]): any
//!   other character (a trailing space included) or an empty line is an
//!   illegal turn.
//! * A game record as `arena judge` reads it: one turn per line, only the
//!   line ending removed, an empty line being an empty (illegal) turn
//!   ([`record_lines`], [`judge_record`]).
//!
//! ```
//! use paper_soccer::{PaperSoccer, protocol};
//! use game_core::PlayerId;
//! assert_eq!(protocol::initial_input(PlayerId(0)), "0\n");
//! assert_eq!(protocol::turn_input(None), "1\n-\n");
//! let mut g = PaperSoccer::default();
//! let after = protocol::check_answer(&g, "7\n").unwrap();
//! g = after;
//! assert_eq!(protocol::turn_input(Some("7")), "1\n7\n");
//! assert!(protocol::check_answer(&g, "4 ").is_err());
//! ```

use crate::board::Board;
use crate::turn::{Turn, TurnError};
use game_core::{GameError, PlayerId};

/// Time a bot has for its first answer, in milliseconds.
pub const FIRST_ANSWER_MS: u64 = 1000;

/// Time a bot has for each later answer, in milliseconds.
pub const ANSWER_MS: u64 = 200;

/// The first line a bot reads: its id.
pub fn initial_input(player: PlayerId) -> String {
    format!("{player}\n")
}

/// The two lines a bot reads at the start of each of its turns, given the
/// opponent's last turn as sent (`None` on player 0's very first turn,
/// which gives `1` and `-`). The length is counted in characters.
pub fn turn_input(opponent_last: Option<&str>) -> String {
    match opponent_last {
        None => "1\n-\n".to_string(),
        Some(t) => format!("{}\n{}\n", t.chars().count(), t),
    }
}

/// Why protocol input lines cannot be read (the bot's side).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The id line is not `0` or `1`.
    #[error("the id line must be 0 or 1, not {0:?}")]
    BadId(String),
    /// The length line is not a number.
    #[error("the length line is not a number: {0:?}")]
    BadLength(String),
    /// The turn line's length differs from the announced one.
    #[error("announced length {announced} but the turn {turn:?} has {actual} characters")]
    LengthMismatch {
        /// The number on the length line.
        announced: usize,
        /// Characters of the turn line.
        actual: usize,
        /// The turn line.
        turn: String,
    },
    /// The turn line is not a turn.
    #[error("bad turn line: {0}")]
    BadTurn(TurnError),
}

impl GameError for ProtocolError {
    fn kind(&self) -> &'static str {
        match self {
            ProtocolError::BadId(_) => "bad-id",
            ProtocolError::BadLength(_) => "bad-length",
            ProtocolError::LengthMismatch { .. } => "length-mismatch",
            ProtocolError::BadTurn(e) => e.kind(),
        }
    }
}

/// Removes one line ending (`\n` or `\r\n`) from the end of `line`, and
/// nothing else.
pub fn strip_line_ending(line: &str) -> &str {
    line.strip_suffix('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).unwrap_or(line)
}

/// Reads the first input line (line ending allowed): the bot's id.
///
/// # Errors
/// [`ProtocolError::BadId`].
pub fn parse_initial(line: &str) -> Result<PlayerId, ProtocolError> {
    match strip_line_ending(line) {
        "0" => Ok(PlayerId(0)),
        "1" => Ok(PlayerId(1)),
        other => Err(ProtocolError::BadId(other.chars().take(32).collect())),
    }
}

/// Reads a turn's two input lines (line endings allowed): the opponent's
/// last turn, or `None` for `1` / `-` (player 0's first turn).
///
/// # Errors
/// A bad number, a length that does not match, or a turn that is not
/// digits `0..=7`.
pub fn parse_turn_input(length_line: &str, turn_line: &str) -> Result<Option<Turn>, ProtocolError> {
    let len = strip_line_ending(length_line);
    let announced: usize = len.parse().map_err(|_| ProtocolError::BadLength(len.chars().take(32).collect()))?;
    let turn = strip_line_ending(turn_line);
    if turn == "-" && announced == 1 {
        return Ok(None);
    }
    let actual = turn.chars().count();
    if actual != announced {
        return Err(ProtocolError::LengthMismatch { announced, actual, turn: turn.chars().take(64).collect() });
    }
    turn.parse::<Turn>().map(Some).map_err(ProtocolError::BadTurn)
}

/// Checks a bot's answer line for the player to move in `board`: only the
/// line ending is removed, the rest is the turn string, judged exactly as
/// the referee does ([`Board::after_turn`]). Returns the position after it.
///
/// # Errors
/// The [`TurnError`] that makes the answer illegal (a loss for the bot).
pub fn check_answer<const N: usize>(board: &Board<N>, line: &str) -> Result<Board<N>, TurnError> {
    board.after_turn(strip_line_ending(line))
}

/// [`check_answer`] on raw bytes as read from a bot: only the line ending
/// is removed; bytes that are not UTF-8 are a bad character (reported as
/// `U+FFFD` at their position, unless a bad character comes before them).
///
/// # Errors
/// The [`TurnError`] that makes the answer illegal.
pub fn check_answer_bytes<const N: usize>(board: &Board<N>, line: &[u8]) -> Result<Board<N>, TurnError> {
    let line = line.strip_suffix(b"\n").map(|l| l.strip_suffix(b"\r").unwrap_or(l)).unwrap_or(line);
    match std::str::from_utf8(line) {
        Ok(text) => board.after_turn(text),
        Err(e) => {
            if board.is_over() {
                return Err(TurnError::GameOver);
            }
            let valid = std::str::from_utf8(&line[..e.valid_up_to()]).unwrap_or("");
            let bad = valid.chars().enumerate().find(|&(_, c)| !('0'..='8').contains(&c));
            let (index, found) = bad.unwrap_or((valid.chars().count(), char::REPLACEMENT_CHARACTER));
            Err(TurnError::BadCharacter { index, found })
        }
    }
}

/// Like [`check_answer`], but returns the turn itself (its steps are the
/// [`Game`](game_core::Game) moves to record), validated completely against
/// `board`.
///
/// # Errors
/// The [`TurnError`] that makes the answer illegal (a loss for the bot).
pub fn parse_answer<const N: usize>(board: &Board<N>, line: &str) -> Result<Turn, TurnError> {
    let text = strip_line_ending(line);
    board.after_turn(text)?;
    text.parse()
}

/// The turns of a game record as `arena judge` reads it: one per line, only
/// the line ending (`\n` or `\r\n`) removed. An empty line is an empty turn
/// (illegal), not skipped; the ending of the last line is optional (a text
/// ending in `\n` has no extra empty turn after it).
pub fn record_lines(text: &str) -> impl Iterator<Item = &str> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    let empty = text.is_empty();
    body.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).filter(move |_| !empty)
}

/// How judging a record ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement<const N: usize> {
    /// The position after the last legal turn.
    pub board: Board<N>,
    /// Turns accepted.
    pub turns: usize,
    /// The first illegal turn (its index from 0 and the reason); the player
    /// to move in [`board`](Judgement::board) played it and loses.
    pub illegal: Option<(usize, TurnError)>,
}

/// Plays every turn of a record ([`record_lines`]) from `start`, stopping at
/// the first illegal one. Turns after the end of the game are illegal
/// ([`TurnError::GameOver`]).
pub fn judge_record<const N: usize>(start: &Board<N>, text: &str) -> Judgement<N> {
    let mut board = *start;
    for (i, line) in record_lines(text).enumerate() {
        if let Err(e) = board.play_turn(line) {
            return Judgement { board, turns: i, illegal: Some((i, e)) };
        }
    }
    let turns = record_lines(text).count();
    Judgement { board, turns, illegal: None }
}
