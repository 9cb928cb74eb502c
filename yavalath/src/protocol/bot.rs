//! The bot side: reading turns, keeping the [`Session`], writing answers, and [`run_bot`].

use super::TIME_CONTROL;
use super::message::{Answer, TurnMessage, check_last_move, player_of_id};
use crate::cell::{Cell, ROWS};
use crate::error::ProtocolError;
use crate::state::Yavalath;
use game_core::PlayerId;
use game_core::session::{self, Answers, BotSession, LineError};
use game_core::time::TimeControl;
use std::io::{BufRead, Write};
use std::time::Duration;

/// Reads one turn message from a bot's input: the id line when present, `9`, the rows and the
/// last move. `Ok(None)` at the end of the input before a turn starts (the end of the game).
///
/// # Errors
/// An I/O error, or input that does not follow the protocol: a line that is not UTF-8, input
/// ending inside a turn, or a text [`TurnMessage::from_str`](std::str::FromStr::from_str) refuses.
///
/// ```
/// use yavalath::protocol::read_turn;
/// let text = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
/// let mut input = text.as_bytes();
/// let turn = read_turn(&mut input).unwrap().unwrap();
/// assert_eq!(turn.my_id, Some(1));
/// assert!(read_turn(&mut input).unwrap().is_none());
/// ```
pub fn read_turn<R: BufRead + ?Sized>(input: &mut R) -> Result<Option<TurnMessage>, ProtocolError> {
    let mut text = String::new();
    let mut line_no = 0;
    let mut line = String::new();
    // Appends the next line (with a `\n`) to `text`; false at the end of the input.
    let mut read = |text: &mut String| -> Result<bool, ProtocolError> {
        line_no += 1;
        let bad = |reason| ProtocolError::BadInput { line: line_no, reason };
        match session::read_line(input, &mut line) {
            Ok(false) => return Ok(false),
            Ok(true) => {}
            Err(LineError::NotUtf8 { .. }) => return Err(bad("the line is not UTF-8 text")),
            Err(LineError::TooLong) => return Err(bad("the line is longer than 4096 bytes")),
            Err(LineError::Io(e)) => return Err(e.into()),
            Err(e) => return Err(std::io::Error::other(e).into()),
        }
        text.push_str(&line);
        text.push('\n');
        Ok(true)
    };
    if !read(&mut text)? {
        return Ok(None);
    }
    let mut rest = ROWS + 1; // the rows and the last move
    if text.trim_end() != "9" {
        rest += 1; // an id line came first: the row count follows
    }
    for _ in 0..rest {
        if !read(&mut text)? {
            return Err(ProtocolError::BadInput { line: line_no, reason: "the input ends inside a turn" });
        }
    }
    Ok(Some(text.parse()?))
}

/// What a bot knows during a game: its id, from its first turn, and the position, rebuilt from
/// each turn message (the steal included: the stone counts tell whether there was one).
///
/// ```
/// use yavalath::protocol::{Session, TurnMessage};
/// use yavalath::{Cell, Yavalath};
/// use yavalath::game_core::{Game, PlayerId};
///
/// let mut g = Yavalath::new();
/// let c = Cell::from_xy(4, 4).unwrap();
/// g.play(PlayerId(0), c).unwrap();
/// let mut session = Session::new(TurnMessage::new(&g, Some(c)).unwrap()).unwrap();
/// assert_eq!(session.me(), PlayerId(1));
/// assert!(session.state().can_steal());
/// g.play(PlayerId(1), c).unwrap(); // the steal
/// g.play(PlayerId(0), Cell::from_xy(0, 0).unwrap()).unwrap();
/// session.update(&TurnMessage::new(&g, Some(Cell::from_xy(0, 0).unwrap())).unwrap()).unwrap();
/// assert_eq!(*session.state(), g);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    id: u8,
    state: Yavalath,
}

impl Session {
    /// The session of a bot that has read its first turn message.
    ///
    /// # Errors
    /// [`ProtocolError::MissingId`] without an id line (or with an id other than 1 and 2), or
    /// the errors of [`update`](Session::update).
    pub fn new(first: TurnMessage) -> Result<Session, ProtocolError> {
        let id = first.my_id.filter(|&id| player_of_id(id).is_some()).ok_or(ProtocolError::MissingId)?;
        let mut session = Session { id, state: Yavalath::new() };
        session.update(&first)?;
        Ok(session)
    }

    /// The position, the bot to move.
    #[must_use]
    pub fn state(&self) -> &Yavalath {
        &self.state
    }

    /// The bot's player.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        PlayerId(self.id - 1)
    }

    /// Rebuilds the position from a turn message. On error the session is unchanged.
    ///
    /// # Errors
    /// [`ProtocolError::IdChanged`] for an id line other than the first one,
    /// [`ProtocolError::Position`] when no game reaches the rows with the bot to move,
    /// [`ProtocolError::Seat`] ([`SeatError::GameOver`](game_core::SeatError::GameOver)) when the
    /// position is over, or a last move that does not fit.
    pub fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        if let Some(now) = turn.my_id.filter(|&now| now != self.id) {
            return Err(ProtocolError::IdChanged { first: self.id, now });
        }
        let me = self.me();
        let state = turn.position(me)?;
        if state.to_move() != Some(me) {
            return Err(game_core::SeatError::GameOver.into());
        }
        check_last_move(&state, me, turn.last_move)?;
        self.state = state;
        Ok(())
    }

    /// Does nothing: every turn message holds the whole board, so [`update`](Session::update)
    /// rebuilds everything. Present so that bots look the same in every game.
    pub fn answered(&mut self, _answer: &Answer) {}
}

/// The answer line for `cell` with an optional message, without a newline. Line breaks in the
/// message are written as spaces, so the answer stays one line; an empty message is none.
#[must_use]
pub fn format_answer(cell: Cell, message: Option<&str>) -> String {
    match message {
        Some(m) if !m.is_empty() => format!("{cell} {}", m.replace(['\n', '\r'], " ")),
        _ => cell.to_string(),
    }
}

/// Writes the answer line ([`format_answer`]) and a `\n`, and flushes.
///
/// # Errors
/// When writing fails.
pub fn write_answer<W: Write + ?Sized>(out: &mut W, cell: Cell, message: Option<&str>) -> std::io::Result<()> {
    let mut line = format_answer(cell, message);
    line.push('\n');
    out.write_all(line.as_bytes())?;
    out.flush()
}

impl BotSession for Session {
    type Game = Yavalath;
    /// The first turn message, which holds the bot's id.
    type Start = TurnMessage;
    type Turn = TurnMessage;
    type Error = ProtocolError;
    type Reply = Answer;
    const TIME_CONTROL: TimeControl = TIME_CONTROL;
    const START_ASKS: bool = true;

    fn read_start(input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
        read_turn(input)
    }
    fn start(first: TurnMessage) -> Result<Session, ProtocolError> {
        Session::new(first)
    }
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
        read_turn(input)
    }
    fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        Session::update(self, turn)
    }
    fn state(&self) -> &Yavalath {
        Session::state(self)
    }
    fn me(&self) -> PlayerId {
        Session::me(self)
    }
    /// The turn's cell without a message; a position handed to a bot is
    /// never over, so a turn without a move is answered with the first
    /// legal cell (the centre if there were none).
    fn reply(state: &Yavalath, _: PlayerId, turn: Vec<Cell>) -> Answer {
        let cell = turn.first().copied().or_else(|| state.legal().first());
        Answer::new(cell.unwrap_or(Cell::CENTER))
    }
}

impl Answers<Answer> for Session {
    fn write_answer(&self, output: &mut dyn Write, answer: &Answer) -> Result<(), ProtocolError> {
        Ok(write_answer(output, answer.cell, answer.message.as_deref())?)
    }
}

/// Plays a whole game as a bot program ([`game_core::session::run_bot`] with this crate's
/// [`Session`]): reads each turn from `input` ([`read_turn`]), keeps the [`Session`], calls `bot`
/// with the position, the bot's player and the time left for this answer (from [`TIME_CONTROL`],
/// counted from the moment the turn was read), and writes its answer to `output`
/// ([`write_answer`]). Returns `Ok(())` at the end of the input.
///
/// # Errors
/// An I/O error or a turn message that does not follow the protocol.
pub fn run_bot<R, W, F>(input: R, output: W, bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&Yavalath, PlayerId, Duration) -> Answer,
{
    session::run_bot::<Session, Answer, R, W, F>(input, output, bot)
}
