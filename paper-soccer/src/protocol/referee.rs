//! The referee side: what the referee sends ([`start_message`],
//! [`turn_message`]), how it reads an answer ([`parse_answer`]) and a
//! record ([`record_lines`], [`judge_record`]), and the whole contest as
//! [`Referee`] (the [`Contest`] of `game_core`).

use super::bot::format_answer;
use crate::dir::Dir;
use crate::error::TurnError;
use crate::notation::Turn;
use crate::state::{Board, PaperSoccer};
use game_core::PlayerId;
use game_core::referee::{Contest, ContestError, FailurePolicy, ParsedAnswer, TurnLog};
use game_core::time::TimeControl;

/// The first line a bot reads: its id (`0` attacks the top goal and moves
/// first, `1` attacks the bottom goal), with its `\n`.
#[must_use]
pub fn start_message(player: PlayerId) -> String {
    format!("{player}\n")
}

/// The two lines a bot reads before each of its turns, given the
/// opponent's last turn (`None` on player 0's very first turn, which gives
/// `1` and `-`).
///
/// ```
/// use paper_soccer::{Turn, protocol::turn_message};
/// let t: Turn = "02217".parse().unwrap();
/// assert_eq!(turn_message(Some(t.steps())), "5\n02217\n");
/// assert_eq!(turn_message(None), "1\n-\n");
/// ```
#[must_use]
pub fn turn_message(opponent_last: Option<&[Dir]>) -> String {
    match opponent_last {
        None => "1\n-\n".to_string(),
        Some(steps) => format!("{}\n{}\n", steps.len(), format_answer(steps)),
    }
}

/// Why an answer is illegal: exactly the reasons a whole turn is illegal.
pub type AnswerError = TurnError;

/// Reads one raw output line of the bot to move in `board` (its `\n`
/// removed or not) as the referee does: one `\r` at its end is removed,
/// everything else is the turn, checked completely in the referee's order
/// (see the [module docs](super)). Bytes that are not UTF-8 are a bad
/// character (`U+FFFD`) unless a bad character comes before them. Never
/// panics.
///
/// ```
/// use paper_soccer::{PaperSoccer, TurnError, protocol::parse_answer};
/// let g = PaperSoccer::default();
/// assert_eq!(parse_answer(&g, b"7\r").unwrap().to_string(), "7");
/// assert_eq!(parse_answer(&g, b"7 "), Err(TurnError::BadCharacter { index: 1, found: ' ' }));
/// assert_eq!(parse_answer(&g, b"7\r\r"), Err(TurnError::BadCharacter { index: 1, found: '\r' }));
/// ```
///
/// # Errors
/// The [`AnswerError`] that makes the answer illegal (a loss for the bot).
pub fn parse_answer<const N: usize>(board: &Board<N>, line: &[u8]) -> Result<Turn, AnswerError> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let text = String::from_utf8_lossy(line);
    board.after_turn(&text)?;
    // Accepted, so every character is a direction digit `0`..`7`.
    text.parse()
}

/// Whether the referee drops this output line before reading answers:
/// never in Paper Soccer (an empty line is an empty, illegal turn). Defined
/// so every game's protocol module has the same shape.
#[must_use]
pub fn skips_line(line: &[u8]) -> bool {
    let _ = line;
    false
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
#[must_use]
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

/// The contest as the original referee runs it, for any host of
/// [`game_core::referee::Contest`] (the arena is one): the standard 8x10
/// game, [`TIME_CONTROL`](super::TIME_CONTROL), and any failed answer
/// (crash, time-out, unreadable or illegal turn) loses. Moves are single
/// steps ([`Dir`]); a turn is the steps while the same player is to act,
/// written as one digit string.
///
/// ```
/// use paper_soccer::game_core::referee::Contest;
/// use paper_soccer::game_core::PlayerId;
/// use paper_soccer::protocol::Referee;
///
/// let referee = Referee;
/// let mut state = referee.start();
/// assert_eq!(referee.start_message(&state, PlayerId(1)), "1\n");
/// assert_eq!(referee.turn_message(&state, PlayerId(0), &[], true), "1\n-\n");
/// let answer = referee.parse_answer(&state, PlayerId(0), &[b"2"]).unwrap();
/// referee.apply_turn(&mut state, PlayerId(0), &answer.moves).unwrap();
/// // Going back west draws nothing new: a loss, with the rules' reason.
/// let e = referee.parse_answer(&state, PlayerId(1), &[b"6"]).unwrap_err();
/// assert_eq!(e.kind, "line-already-drawn");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Referee;

/// The direction digits of a text (a record's line the turn checker has
/// accepted, so every character is one).
fn digits(text: &str) -> Vec<Dir> {
    text.chars().filter_map(Dir::from_digit).collect()
}

impl Contest for Referee {
    type Game = PaperSoccer;

    fn start(&self) -> PaperSoccer {
        PaperSoccer::default()
    }
    fn time_control(&self) -> TimeControl {
        super::TIME_CONTROL
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Loss
    }
    fn format_move(&self, _state: &PaperSoccer, mv: Dir) -> String {
        mv.digit().to_string()
    }
    fn format_turn(&self, _before: &PaperSoccer, _player: PlayerId, moves: &[Dir]) -> String {
        moves.iter().map(|d| d.digit()).collect()
    }
    fn start_message(&self, _state: &PaperSoccer, seat: PlayerId) -> String {
        start_message(seat)
    }
    fn turn_message(&self, _state: &PaperSoccer, seat: PlayerId, history: &[TurnLog<Dir>], _first: bool) -> String {
        let last = history.iter().rev().find(|t| t.player != seat).map(|t| t.moves.as_slice());
        turn_message(last)
    }
    fn parse_answer(
        &self,
        state: &PaperSoccer,
        _seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<Dir>, ContestError> {
        let line = lines.first().copied().unwrap_or_default();
        let turn = parse_answer(state, line).map_err(|e| ContestError::from_game(&e))?;
        Ok(ParsedAnswer { moves: turn.steps().to_vec(), notes: Vec::new() })
    }
    fn judge_split(&self, text: &str) -> Vec<String> {
        record_lines(text).map(str::to_string).collect()
    }
    /// A turn is checked by the crate's turn checker, whether it came as an
    /// answer line, a text record's line or a record's step events, so all
    /// three get the referee's checks in its order and the same errors.
    fn apply_turn(&self, state: &mut PaperSoccer, _seat: PlayerId, moves: &[Dir]) -> Result<(), ContestError> {
        let turn = Turn::new(moves.to_vec()).ok_or_else(|| ContestError::from_game(&TurnError::Empty))?;
        state.play_turn_steps(&turn).map_err(|e| ContestError::from_game(&e))
    }
    fn judge_line(&self, state: &PaperSoccer, _player: PlayerId, line: &str) -> Result<Vec<Dir>, ContestError> {
        state.after_turn(line).map_err(|e| ContestError::from_game(&e))?;
        Ok(digits(line))
    }
}
