//! The arena protocol (a bot's stdin and stdout), both sides.
//!
//! A bot program in a few lines: [`run_bot`] reads the messages, keeps the
//! position in a [`Session`], asks your function for a [`Turn`] and writes
//! it.
//!
//! ```
//! use paper_soccer::protocol::{self, run_bot};
//! use paper_soccer::{PaperSoccer, Turn};
//! use std::time::Duration;
//!
//! // A bot: the first distinct whole turn the generator lists.
//! fn first_turn(game: &PaperSoccer, _me: game_core::PlayerId, _left: Duration) -> Turn {
//!     game.legal_turns(1).remove(0)
//! }
//!
//! // A real bot passes `std::io::stdin().lock()` and `std::io::stdout().lock()`.
//! // Here the referee says: you are player 0; it is your first turn (`1`, `-`);
//! // then the opponent answered `2` (one step east); then the game ends.
//! let input = "0\n1\n-\n1\n2\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, first_turn).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "0\n0\n");
//! ```
//!
//! # The messages
//! * Once at the start, the bot's id: `0` (moves first and attacks the top
//!   goal) or `1` (attacks the bottom goal) ([`start_message`],
//!   [`read_start`], [`StartMessage`]).
//! * Before each of the bot's turns, two lines: the length of the
//!   opponent's last turn, then that turn's step string; on player 0's very
//!   first turn `1` and `-` ([`turn_message`], [`read_turn`],
//!   [`TurnMessage`]). Nothing is sent when the game ends: the input just
//!   ends.
//! * The answer: one line of step digits ([`format_answer`],
//!   [`write_answer`]; the referee reads it with [`parse_answer`]). The
//!   protocol never echoes a bot's own turn back, so [`Session::answered`]
//!   applies it.
//! * Time ([`TIME_CONTROL`]): 1000 ms for each player's first answer,
//!   200 ms for every later one.
//! * A game record as `arena judge` reads it: one turn per line, only the
//!   line ending removed, an empty line being an empty (illegal) turn
//!   ([`record_lines`], [`judge_record`]).
//!
//! # How an answer line is read
//! [`parse_answer`] takes one output line of the bot as raw bytes, checked
//! exactly as the contest referee checks it, in its order: the game is not
//! over; the line is not empty; every character is `0`..`8` (the referee
//! lets `8` past this check); no step comes after the turn ended; every step
//! leads to a point; no step follows a drawn line; the turn does not stop on
//! a bounce point ([`TurnError`], in that order). Bytes that are not UTF-8
//! are decoded as the referee's Java does, each bad sequence becoming
//! `U+FFFD`, a bad character.
//!
//! ## Decisions where the rules are silent
//! * **Line endings.** The line ending is not part of the answer: the
//!   arena's line has its `\n` removed already (a `\n` still at the end is
//!   removed too), and then **one** `\r` at its end is removed, so `01\r` is
//!   the turn `01` (a bot writing `\r\n` is fine). Every other `\r` is a
//!   bad character: `01\r\r` and `0\r1` are illegal at once. The contest's
//!   engine reads a bot's output byte by byte and ends a line at `\n`, at
//!   `\r\n` and also at a lone `\r`, so for it `0\r1` is two lines (`0`
//!   this turn, `1` left over as the next turn's answer) and `01\r\r` is
//!   `01` followed by an empty line (an empty answer on the bot's next
//!   turn, which loses). A referee that reads one line per turn cannot
//!   replay that: such a bot has broken "one line per turn", and it loses
//!   on the turn where it did so, not one turn later.
//! * The bot side ([`read_start`], [`read_turn`]) also accepts input lines
//!   ending in `\r\n`, and a last line without its `\n`; anything else that
//!   is not exactly the protocol (a space, a sign, a leading `+`) is a
//!   [`ProtocolError`]. A line longer than [`MAX_LINE`] bytes is refused
//!   without reading it all.
//! * The length line counts characters (all digits, so bytes too); a
//!   length that does not match the turn line is an error, and so is `-`
//!   with any length but `1`.
//! * [`Session::update`] refuses a message that does not fit the game so
//!   far: `1`/`-` anywhere but player 0's first turn, a turn where the
//!   opponent was not to move, or a turn that is illegal on the session's
//!   board ([`ProtocolError::IllegalTurn`]).

use crate::dir::Dir;
pub use crate::error::ProtocolError;
use crate::error::TurnError;
use crate::notation::Turn;
use crate::state::{Board, PaperSoccer};
use game_core::PlayerId;
use game_core::time::{Clock, TimeControl};
use std::io::{BufRead, Read, Write};
use std::time::{Duration, Instant};

/// The time a bot has: 1000 ms for each player's first answer, 200 ms for
/// every later one.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(200) };

/// The longest input line the bot side reads, in bytes (line ending
/// included). A turn has at most 316 steps on the standard pitch.
pub const MAX_LINE: usize = crate::error::MAX_LINE;

// ---------------------------------------------------------------------------
// Referee side
// ---------------------------------------------------------------------------

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
/// (see the [module docs](self)). Bytes that are not UTF-8 are a bad
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

// ---------------------------------------------------------------------------
// Bot side
// ---------------------------------------------------------------------------

/// The message a bot reads once at the start: its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartMessage {
    /// The bot's seat: `PlayerId(0)` moves first and attacks the top goal,
    /// `PlayerId(1)` attacks the bottom goal.
    pub me: PlayerId,
}

/// The message a bot reads before each of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMessage {
    /// The opponent's last turn; `None` on player 0's very first turn (the
    /// lines `1` and `-`).
    pub opponent_last: Option<Turn>,
}

/// One input line without its ending (`\n` or `\r\n`); `None` at the end
/// of the input.
fn read_line(input: &mut impl BufRead, what: &'static str) -> Result<Option<String>, ProtocolError> {
    let mut buf = Vec::new();
    let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX);
    let n = input.by_ref().take(limit).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(None);
    }
    if !buf.ends_with(b"\n") && n >= MAX_LINE {
        return Err(ProtocolError::LineTooLong(what));
    }
    let line = buf.strip_suffix(b"\n").unwrap_or(&buf);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    Ok(Some(String::from_utf8_lossy(line).into_owned()))
}

fn shortened(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// Reads the start message: the id line, `0` or `1`.
///
/// ```
/// use paper_soccer::protocol::read_start;
/// use game_core::PlayerId;
/// assert_eq!(read_start(&mut "1\n".as_bytes()).unwrap().me, PlayerId(1));
/// ```
///
/// # Errors
/// [`ProtocolError::BadId`], [`ProtocolError::UnexpectedEnd`] on an empty
/// input, or a reading error.
pub fn read_start(input: &mut impl BufRead) -> Result<StartMessage, ProtocolError> {
    let line = read_line(input, "the id line")?.ok_or(ProtocolError::UnexpectedEnd("the id line"))?;
    match line.as_str() {
        "0" => Ok(StartMessage { me: PlayerId(0) }),
        "1" => Ok(StartMessage { me: PlayerId(1) }),
        other => Err(ProtocolError::BadId(shortened(other, 32))),
    }
}

/// Reads one turn message (two lines); `Ok(None)` when the input ends
/// before it (the game is over: the referee sends no end marker).
///
/// ```
/// use paper_soccer::protocol::read_turn;
/// let mut input = "1\n-\n3\n216\n".as_bytes();
/// assert_eq!(read_turn(&mut input).unwrap().unwrap().opponent_last, None);
/// let t = read_turn(&mut input).unwrap().unwrap().opponent_last.unwrap();
/// assert_eq!(t.to_string(), "216");
/// assert_eq!(read_turn(&mut input), Ok(None));
/// ```
///
/// # Errors
/// A malformed message, the input ending between its two lines, or a
/// reading error.
pub fn read_turn(input: &mut impl BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
    let Some(len) = read_line(input, "the length line")? else { return Ok(None) };
    let digits = !len.is_empty() && len.bytes().all(|b| b.is_ascii_digit());
    let announced: usize = match len.parse() {
        Ok(n) if digits => n,
        _ => return Err(ProtocolError::BadLength(shortened(&len, 32))),
    };
    let turn = read_line(input, "the turn line")?.ok_or(ProtocolError::UnexpectedEnd("the turn line"))?;
    let actual = turn.chars().count();
    if actual != announced {
        return Err(ProtocolError::LengthMismatch { announced, actual, turn: shortened(&turn, 64) });
    }
    if turn == "-" {
        return Ok(Some(TurnMessage { opponent_last: None }));
    }
    let t = turn.parse::<Turn>().map_err(ProtocolError::BadTurn)?;
    Ok(Some(TurnMessage { opponent_last: Some(t) }))
}

/// What a bot knows: the position (standard 8x10 pitch) and its seat, kept
/// up to date from the messages ([`update`](Session::update)) and from its
/// own answers ([`answered`](Session::answered)), which the protocol does
/// not echo back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    board: PaperSoccer,
    me: PlayerId,
}

impl Session {
    /// The session at the start of the game.
    #[must_use]
    pub fn new(start: &StartMessage) -> Session {
        Session { board: PaperSoccer::default(), me: start.me }
    }

    /// The position.
    #[must_use]
    pub fn state(&self) -> &PaperSoccer {
        &self.board
    }

    /// The bot's seat.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        self.me
    }

    /// Applies the opponent's turn from the message. After it, the bot is
    /// to move unless the game is over.
    ///
    /// # Errors
    /// [`ProtocolError::MissingTurn`], [`ProtocolError::OutOfTurn`] or
    /// [`ProtocolError::IllegalTurn`]; the session is then unchanged.
    pub fn update(&mut self, message: &TurnMessage) -> Result<(), ProtocolError> {
        match &message.opponent_last {
            None => {
                if self.me == PlayerId(0) && self.board == PaperSoccer::default() {
                    Ok(())
                } else {
                    Err(ProtocolError::MissingTurn)
                }
            }
            Some(turn) => {
                if self.board.to_move() == Some(self.me) {
                    return Err(ProtocolError::OutOfTurn { turn: turn.to_string() });
                }
                self.board = self
                    .board
                    .after_turn_steps(turn)
                    .map_err(|error| ProtocolError::IllegalTurn { turn: turn.to_string(), error })?;
                Ok(())
            }
        }
    }

    /// Applies the bot's own answer (the steps it wrote), as the referee
    /// will.
    ///
    /// # Errors
    /// [`ProtocolError::IllegalTurn`] when the answer is illegal (the
    /// referee declares the bot lost); the session is then unchanged.
    pub fn answered(&mut self, answer: impl AsRef<[Dir]>) -> Result<(), ProtocolError> {
        let steps = answer.as_ref();
        let illegal = |error| ProtocolError::IllegalTurn { turn: format_answer(steps), error };
        let turn = Turn::new(steps.to_vec()).ok_or_else(|| illegal(TurnError::Empty))?;
        self.board = self.board.after_turn_steps(&turn).map_err(illegal)?;
        Ok(())
    }
}

/// The answer line for these steps, without its newline: one digit per
/// step. Takes a [`Turn`], `&Turn`, a `Vec<Dir>` or a step slice such as
/// [`Board::for_each_turn`] yields.
///
/// ```
/// use paper_soccer::{Dir, Turn, protocol::format_answer};
/// assert_eq!(format_answer([Dir::N, Dir::SE]), "03");
/// let t: Turn = "56".parse().unwrap();
/// assert_eq!(format_answer(&t), "56");
/// ```
pub fn format_answer(answer: impl AsRef<[Dir]>) -> String {
    answer.as_ref().iter().map(|d| d.digit()).collect()
}

/// Writes the answer line ([`format_answer`] and `\n`) and flushes.
///
/// # Errors
/// A writing error.
pub fn write_answer(out: &mut impl Write, answer: impl AsRef<[Dir]>) -> std::io::Result<()> {
    let mut line = format_answer(answer);
    line.push('\n');
    out.write_all(line.as_bytes())?;
    out.flush()
}

/// Plays a whole game as a bot program: reads the start message, then for
/// each turn message updates the [`Session`], calls `bot(state, me,
/// time_left)` and writes the turn it returns (anything with
/// `AsRef<[Dir]>`: a [`Turn`], a `Vec<Dir>`, a generator's step slice),
/// then records it with [`Session::answered`]. `time_left` is this
/// answer's limit from [`TIME_CONTROL`] (through a [`Clock`]) minus the
/// time since the message was read.
///
/// Returns `Ok(())` when the input ends (the game is over; also when it
/// ends before the start message) or when a message leaves the game over.
///
/// # Errors
/// A [`ProtocolError`] when the input does not follow the protocol, when
/// reading or writing fails, or when the bot's own turn was illegal
/// ([`ProtocolError::IllegalTurn`], after it was written: the referee
/// declares the loss).
pub fn run_bot<R, W, F, A>(mut input: R, mut output: W, mut bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&PaperSoccer, PlayerId, Duration) -> A,
    A: AsRef<[Dir]>,
{
    if input.fill_buf()?.is_empty() {
        return Ok(());
    }
    let start = read_start(&mut input)?;
    let mut session = Session::new(&start);
    let mut clock = Clock::new(TIME_CONTROL);
    while let Some(message) = read_turn(&mut input)? {
        let started = Instant::now();
        let limit = clock.start_answer();
        session.update(&message)?;
        if session.state().is_over() {
            return Ok(());
        }
        let answer = bot(session.state(), session.me(), limit.saturating_sub(started.elapsed()));
        write_answer(&mut output, &answer)?;
        clock.end_answer(started.elapsed());
        session.answered(&answer)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_line_refuses_overlong_lines_but_reads_one_at_the_limit() {
        let long = "0".repeat(MAX_LINE);
        assert_eq!(read_line(&mut long.as_bytes(), "x"), Err(ProtocolError::LineTooLong("x")));
        let fits = format!("{}\n", "0".repeat(MAX_LINE - 1));
        assert_eq!(read_line(&mut fits.as_bytes(), "x").unwrap().map(|l| l.len()), Some(MAX_LINE - 1));
        let last = "0".repeat(MAX_LINE - 1);
        assert_eq!(read_line(&mut last.as_bytes(), "x").unwrap().map(|l| l.len()), Some(MAX_LINE - 1));
    }
}
