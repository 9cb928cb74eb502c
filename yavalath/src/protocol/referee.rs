//! The referee side: the whole contest ([`Referee`], a [`Contest`]), what it sends
//! ([`turn_message`]) and how it reads an answer ([`parse_answer`], exactly as the contest's Java
//! referee does: see the `protocol` module docs).

use super::TIME_CONTROL;
use super::message::{Answer, TurnMessage};
use crate::cell::Cell;
use crate::error::{AnswerError, ProtocolError};
use crate::notation::parse_move_text;
use crate::state::Yavalath;
use game_core::PlayerId;
use game_core::referee::{self as contest, Contest, FailurePolicy, ParsedAnswer, TurnLog};
use game_core::time::TimeControl;

/// The Yavalath contest, stated completely for any host of [`Contest`] (the `arena` command line
/// is one): the standard game, nothing sent before the first turn, a [`turn_message`] on each
/// turn, one answer line read by [`parse_answer`], and [`TIME_CONTROL`] (the first answer's limit,
/// then the later one). Any failed answer (crash, timeout, unreadable or illegal) loses
/// ([`FailurePolicy::Loss`]). Player 0 is the rules' first player (protocol id `1`). Text records
/// hold one `x y` per line; blank lines are skipped (the crate's record rule, [`parse_record`](crate::parse_record)).
///
/// ```
/// use yavalath::game_core::PlayerId;
/// use yavalath::game_core::referee::Contest;
/// use yavalath::protocol::Referee;
///
/// let referee = Referee;
/// let mut g = referee.start();
/// assert!(referee.turn_message(&g, PlayerId(0), &[], true).starts_with("1\n9\n"));
/// let answer = referee.parse_answer(&g, PlayerId(0), &[b"4 4 hello"]).unwrap();
/// referee.apply_turn(&mut g, PlayerId(0), &answer.moves).unwrap();
/// // Two spaces between the numbers: unreadable, which loses.
/// let e = referee.parse_answer(&g, PlayerId(1), &[b"4  4"]).unwrap_err();
/// assert_eq!(e.kind, "unreadable");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Referee;

impl Contest for Referee {
    type Game = Yavalath;
    fn start(&self) -> Yavalath {
        Yavalath::new()
    }
    fn time_control(&self) -> TimeControl {
        TIME_CONTROL
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Loss
    }
    fn format_move(&self, _state: &Yavalath, mv: Cell) -> String {
        mv.to_string()
    }
    fn turn_message(&self, state: &Yavalath, seat: PlayerId, history: &[TurnLog<Cell>], _first: bool) -> String {
        let last = history.iter().rev().find(|t| t.player != seat).and_then(|t| t.moves.first().copied());
        turn_message(state, last).unwrap_or_default()
    }
    fn parse_answer(
        &self,
        _state: &Yavalath,
        _seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<Cell>, contest::ContestError> {
        let line = lines.first().copied().unwrap_or_default();
        let a = parse_answer(line).map_err(|e| contest::ContestError::from_game(&e))?;
        Ok(ParsedAnswer { moves: vec![a.cell], notes: Vec::new() })
    }
    fn judge_split(&self, text: &str) -> Vec<String> {
        text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect()
    }
    fn judge_line(&self, _state: &Yavalath, _player: PlayerId, line: &str) -> Result<Vec<Cell>, contest::ContestError> {
        parse_move_text(line).map(|c| vec![c]).map_err(|e| contest::ContestError::from_game(&e))
    }
}

/// What the referee sends before the first turn: nothing, in this game (an empty string).
#[must_use]
pub fn start_message() -> String {
    String::new()
}

/// The text the player to move in `state` reads, given the opponent's last move (`None` only
/// before the first move): [`TurnMessage::new`] written out, every line ending with `\n`.
///
/// # Errors
/// As [`TurnMessage::new`].
pub fn turn_message(state: &Yavalath, last_move: Option<Cell>) -> Result<String, ProtocolError> {
    TurnMessage::new(state, last_move).map(|t| t.to_string())
}

/// Whether the referee drops this output line before reading answers: never in this game (the
/// first output line of a turn is the answer, whatever it holds).
#[must_use]
pub fn skips_line(_line: &[u8]) -> bool {
    false
}

/// The characters Java's `\s` matches (without `UNICODE_CHARACTER_CLASS`).
fn is_java_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r')
}

/// The zero of every run of ten Unicode Nd digits in the Basic Multilingual Plane, as Java 9 and
/// later's `Character.digit(char, 10)` knows them (it accepts these 370 characters and nothing
/// else for radix 10).
const ND_ZEROS: [u32; 37] = [
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6,
    0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40,
    0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
];

/// The value of a decimal digit as Java's `Character.digit(char, 10)` reads it.
fn java_digit(c: char) -> Option<u32> {
    let c = u32::from(c);
    let i = ND_ZEROS.partition_point(|&zero| zero <= c).checked_sub(1)?;
    let value = c - ND_ZEROS[i];
    (value < 10).then_some(value)
}

/// An integer as Java's `Integer.parseInt(s)` reads it: an optional `+` or `-`, then one or more
/// digits of [`java_digit`], in the 32-bit range.
fn java_parse_int(s: &str) -> Option<i32> {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for c in digits.chars() {
        value = value * 10 + i64::from(java_digit(c)?);
        if value > 1 << 31 {
            return None;
        }
    }
    i32::try_from(if negative { -value } else { value }).ok()
}

/// Reads one answer line of a bot (its bytes, the `\n` removed; a `\r` may remain) exactly as the
/// referee does: split at every single one of Java's six `\s` characters, the first two pieces
/// read with Java's `Integer.parseInt` (digits of any script in the Basic Multilingual Plane),
/// the other pieces joined by spaces as the message. The module docs list every consequence.
///
/// ```
/// use yavalath::protocol::{AnswerError, parse_answer};
/// use yavalath::Cell;
/// assert_eq!(parse_answer("３ 4".as_bytes()).unwrap().cell, Cell::from_xy(3, 4).unwrap());
/// assert_eq!(parse_answer(b"-1 4"), Err(AnswerError::OffBoard { x: -1, y: 4 }));
/// assert!(matches!(parse_answer(b"4  4"), Err(AnswerError::Unreadable { .. })));
/// ```
///
/// # Errors
/// [`AnswerError::Unreadable`] (including a line that is not UTF-8), or
/// [`AnswerError::OffBoard`] for two integers off the board; both lose the game.
pub fn parse_answer(line: &[u8]) -> Result<Answer, AnswerError> {
    let unreadable = |reason| AnswerError::Unreadable {
        text: String::from_utf8_lossy(&line[..line.len().min(320)]).chars().take(80).collect(),
        reason,
    };
    let text = std::str::from_utf8(line).map_err(|_| unreadable("the line is not UTF-8 text".into()))?;
    let mut pieces = text.splitn(3, is_java_space);
    // Each piece that is not an integer named as written (the first 80 characters).
    let integer = |piece: &str, which: &str| {
        java_parse_int(piece).ok_or_else(|| {
            unreadable(match piece {
                "" if text.is_empty() => "the answer is empty, not `x y` (two integers)".into(),
                "" => format!("{which} is empty: a space too many (`x y` is two integers, one space between)"),
                _ => format!(
                    "`{}` is not an integer (`x y` is two integers)",
                    piece.chars().take(80).collect::<String>()
                ),
            })
        })
    };
    let xs = pieces.next().unwrap_or_default();
    let x = integer(xs, "x")?;
    let ys = pieces.next().ok_or_else(|| unreadable(format!("`{xs}` alone: y is missing (`x y` is two integers)")))?;
    let y = integer(ys, "y")?;
    let cell = Cell::from_xy(i64::from(x), i64::from(y)).map_err(|_| AnswerError::OffBoard { x, y })?;
    let message = pieces
        .next()
        .map(|rest| rest.trim_end_matches(is_java_space).replace(is_java_space, " "))
        .filter(|m| !m.is_empty());
    Ok(Answer { cell, message })
}
