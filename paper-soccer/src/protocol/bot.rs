//! The bot side: reading the messages ([`read_start`], [`read_turn`]),
//! keeping the position ([`Session`]), writing answers ([`write_answer`])
//! and the whole loop ([`run_bot`]).

use super::TIME_CONTROL;
use super::message::{StartMessage, TurnMessage};
use crate::dir::Dir;
use crate::error::{ProtocolError, TurnError};
use crate::notation::Turn;
use crate::state::PaperSoccer;
use game_core::PlayerId;
use game_core::session::{self, Answers, BotSession, LineError};
use game_core::time::TimeControl;
use std::io::{BufRead, Write};
use std::time::Duration;

/// One input line without its ending (`\n` or `\r\n`); `None` at the end
/// of the input. `what` names the line in errors.
fn read_line(input: &mut impl BufRead, what: &'static str) -> Result<Option<String>, ProtocolError> {
    let mut line = String::new();
    match session::read_line(input, &mut line) {
        Ok(true) => Ok(Some(line)),
        Ok(false) => Ok(None),
        Err(LineError::TooLong) => Err(ProtocolError::LineTooLong(what)),
        Err(LineError::NotUtf8 { .. }) => Err(ProtocolError::NotText(what)),
        Err(LineError::Io(e)) => Err(e.into()),
        Err(e) => Err(std::io::Error::other(e).into()),
    }
}

fn shortened(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// Reads the start message: the id line, `0` or `1`.
///
/// ```
/// use paper_soccer::protocol::read_start;
/// use paper_soccer::game_core::PlayerId;
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
    /// The session at the start of the game, from the first message the
    /// bot reads.
    ///
    /// # Errors
    /// None in Paper Soccer (any id the start message can hold is a seat);
    /// every game's `Session::new` has this shape.
    pub fn new(first: StartMessage) -> Result<Session, ProtocolError> {
        Ok(Session { board: PaperSoccer::default(), me: first.me })
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
/// [`Board::for_each_turn`](crate::Board::for_each_turn) yields.
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

impl BotSession for Session {
    type Game = PaperSoccer;
    type Start = StartMessage;
    type Turn = TurnMessage;
    type Error = ProtocolError;
    type Reply = Vec<Dir>;
    const TIME_CONTROL: TimeControl = TIME_CONTROL;
    const START_ASKS: bool = false;

    fn read_start(input: &mut dyn BufRead) -> Result<Option<StartMessage>, ProtocolError> {
        if input.fill_buf()?.is_empty() {
            return Ok(None);
        }
        read_start(&mut &mut *input).map(Some)
    }
    fn start(first: StartMessage) -> Result<Session, ProtocolError> {
        Session::new(first)
    }
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
        read_turn(&mut &mut *input)
    }
    fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        Session::update(self, turn)
    }
    fn state(&self) -> &PaperSoccer {
        Session::state(self)
    }
    fn me(&self) -> PlayerId {
        Session::me(self)
    }
    /// The steps as they are (a bot's turn always has one).
    fn reply(_: &PaperSoccer, _: PlayerId, turn: Vec<Dir>) -> Vec<Dir> {
        turn
    }
}

impl<A: AsRef<[Dir]>> Answers<A> for Session {
    fn write_answer(&self, output: &mut dyn Write, answer: &A) -> Result<(), ProtocolError> {
        Ok(write_answer(&mut &mut *output, answer)?)
    }
    fn answered(&mut self, answer: &A) -> Result<(), ProtocolError> {
        Session::answered(self, answer)
    }
}

/// Plays a whole game as a bot program ([`game_core::session::run_bot`]
/// with this crate's [`Session`]): reads the start message, then for each
/// turn message updates the session, calls `bot(state, me, time_left)`
/// and writes the turn it returns (anything with `AsRef<[Dir]>`: a
/// [`Turn`], a `Vec<Dir>`, a generator's step slice), then records it
/// with [`Session::answered`]. `time_left` is this answer's limit from
/// [`TIME_CONTROL`] minus the time since the message was read.
///
/// Returns `Ok(())` when the input ends (the game is over; also when it
/// ends before the start message) or when a message leaves the game over.
///
/// # Errors
/// A [`ProtocolError`] when the input does not follow the protocol, when
/// reading or writing fails, or when the bot's own turn was illegal
/// ([`ProtocolError::IllegalTurn`], after it was written: the referee
/// declares the loss).
pub fn run_bot<R, W, F, A>(input: R, output: W, bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&PaperSoccer, PlayerId, Duration) -> A,
    A: AsRef<[Dir]>,
{
    session::run_bot::<Session, A, R, W, F>(input, output, bot)
}

#[cfg(test)]
mod tests {
    use super::super::MAX_LINE;
    use super::*;

    #[test]
    fn read_line_refuses_overlong_lines_but_reads_one_at_the_limit() {
        let long = "0".repeat(MAX_LINE);
        assert_eq!(read_line(&mut long.as_bytes(), "x"), Err(ProtocolError::LineTooLong("x")));
        let fits = format!("{}\n", "0".repeat(MAX_LINE - 1));
        assert_eq!(read_line(&mut fits.as_bytes(), "x").unwrap().map(|l| l.len()), Some(MAX_LINE - 1));
        let last = "0".repeat(MAX_LINE - 1);
        assert_eq!(read_line(&mut last.as_bytes(), "x").unwrap().map(|l| l.len()), Some(MAX_LINE - 1));
        assert_eq!(read_line(&mut &b"1\xff\n"[..], "the id line"), Err(ProtocolError::NotText("the id line")));
        assert_eq!(read_line(&mut "1\r\n".as_bytes(), "x"), Ok(Some("1".to_string())));
    }
}
