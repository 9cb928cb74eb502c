//! The referee side: the whole contest ([`Referee`], a [`Contest`]), what it sends
//! ([`turn_message`]) and how it reads an answer ([`parse_answer`]).

use super::TIME_CONTROL;
use super::message::{TurnMessage, id_line};
use crate::error::ParseTakeError;
use crate::notation::{format_take, parse_take};
use crate::state::Nim;
use game_core::PlayerId;
use game_core::referee::{Contest, ContestError, FailurePolicy, ParsedAnswer, TurnLog};
use game_core::time::TimeControl;

/// Nim with `pile` stones and takes of 1 to `max_take`, stated completely for any host of
/// [`Contest`] (the `arena` command line is one): nothing sent before the first turn, a
/// [`turn_message`] on each turn (the id line first on a bot's first turn), one answer line read
/// by [`parse_answer`], and [`TIME_CONTROL`]. Any failed answer (crash, timeout, unreadable or
/// illegal) loses ([`FailurePolicy::Loss`]). Text records hold one take per line.
///
/// ```
/// use nim::game_core::PlayerId;
/// use nim::game_core::referee::Contest;
/// use nim::protocol::Referee;
///
/// let referee = Referee { pile: 5, max_take: 3 };
/// let mut g = referee.start();
/// assert_eq!(referee.turn_message(&g, PlayerId(0), &[], true), "0\n5 3\n");
/// let answer = referee.parse_answer(&g, PlayerId(0), &[b"1"]).unwrap();
/// referee.apply_turn(&mut g, PlayerId(0), &answer.moves).unwrap();
/// assert_eq!(referee.turn_message(&g, PlayerId(1), &[], true), "1\n4 3\n");
/// // A leading space: unreadable, which loses.
/// let e = referee.parse_answer(&g, PlayerId(1), &[b" 1"]).unwrap_err();
/// assert_eq!(e.kind, "unreadable");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Referee {
    /// Stones at the start.
    pub pile: u8,
    /// Most stones per move (clamped to at least 1 at the start).
    pub max_take: u8,
}

/// The arena's default game: 21 stones, takes of 1 to 3.
impl Default for Referee {
    fn default() -> Referee {
        Referee { pile: 21, max_take: 3 }
    }
}

impl Contest for Referee {
    type Game = Nim;
    fn start(&self) -> Nim {
        Nim::new(self.pile, self.max_take)
    }
    fn time_control(&self) -> TimeControl {
        TIME_CONTROL
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Loss
    }
    fn format_move(&self, _state: &Nim, mv: u8) -> String {
        format_take(mv)
    }
    fn turn_message(&self, state: &Nim, seat: PlayerId, _history: &[TurnLog<u8>], first: bool) -> String {
        turn_message(state, first.then_some(seat))
    }
    fn parse_answer(&self, _state: &Nim, _seat: PlayerId, lines: &[&[u8]]) -> Result<ParsedAnswer<u8>, ContestError> {
        let take = parse_answer(lines.first().copied().unwrap_or_default()).map_err(|e| ContestError::from_game(&e))?;
        Ok(ParsedAnswer { moves: vec![take], notes: Vec::new() })
    }
    fn judge_line(&self, _state: &Nim, _player: PlayerId, line: &str) -> Result<Vec<u8>, ContestError> {
        parse_take(line).map(|t| vec![t]).map_err(|e| ContestError::from_game(&e))
    }
}

/// What a bot reads on its turn: the id line when `id` is given (its first turn), then the turn
/// line, each with its `\n`.
///
/// ```
/// use nim::Nim;
/// use nim::game_core::PlayerId;
/// use nim::protocol::turn_message;
/// assert_eq!(turn_message(&Nim::new(21, 3), Some(PlayerId(0))), "0\n21 3\n");
/// assert_eq!(turn_message(&Nim::new(17, 3), None), "17 3\n");
/// ```
#[must_use]
pub fn turn_message(state: &Nim, id: Option<PlayerId>) -> String {
    let mut s = id.map(id_line).unwrap_or_default();
    s.push_str(&TurnMessage::new(state).to_string());
    s.push('\n');
    s
}

/// Reads an answer line (raw bytes, without its `\n`) as the referee does: the bytes decoded as
/// UTF-8 with each invalid sequence replaced by U+FFFD, then [`parse_take`]. So a blank line,
/// whitespace anywhere (a `\r` included), a sign other than one leading `+`, a value above 255
/// and bytes that are not UTF-8 are all unreadable; `+3` and `03` are 3. A 0 or a take the rules
/// refuse is readable, and loses as an illegal move.
///
/// # Errors
/// [`ParseTakeError::Unreadable`] (kind `unreadable`).
///
/// ```
/// use nim::protocol::parse_answer;
/// assert_eq!(parse_answer(b"3"), Ok(3));
/// assert!(parse_answer(b"3\r").is_err());
/// ```
pub fn parse_answer(line: &[u8]) -> Result<u8, ParseTakeError> {
    parse_take(&String::from_utf8_lossy(line))
}
