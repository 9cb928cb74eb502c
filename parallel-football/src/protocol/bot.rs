//! The bot side: what a team program reads, keeps and answers.

// The start line's fields are named as in the protocol: team p k w h m.
#![allow(clippy::many_single_char_names)]

use super::TIME_CONTROL;
use super::message::{StartMessage, TurnMessage, unreadable};
use crate::error::{ProtocolError, SetupError};
use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::Config;
use crate::state::ParallelFootball;
use game_core::PlayerId;
use game_core::grid::Cell;
use game_core::session::{self, Answers, BotSession, LineError};
use game_core::time::TimeControl;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::time::Duration;

/// One line of input as text, without its `\n` (and a `\r` before it);
/// `None` at the end of the input: game-core's one line reader
/// ([`session::read_line`]).
fn read_text_line(input: &mut impl BufRead) -> Result<Option<String>, ProtocolError> {
    let mut line = String::new();
    match session::read_line(input, &mut line) {
        Ok(true) => Ok(Some(line)),
        Ok(false) => Ok(None),
        Err(LineError::NotUtf8 { .. }) => Err(unreadable("(not UTF-8)", "a line of UTF-8 text")),
        Err(LineError::TooLong) => Err(unreadable("(a line too long)", "a line of at most 4096 bytes")),
        Err(LineError::Io(e)) => Err(e.into()),
        Err(e) => Err(std::io::Error::other(e).into()),
    }
}

/// Reads the start line.
///
/// # Errors
/// [`ProtocolError::Missing`] when the input is empty, otherwise as
/// [`StartMessage::parse`], plus a line that is not UTF-8 and read errors.
pub fn read_start(input: &mut impl BufRead) -> Result<StartMessage, ProtocolError> {
    let line = read_text_line(input)?.ok_or(ProtocolError::Missing("`team p k width height max_turns`"))?;
    StartMessage::parse(&line)
}

/// Reads one turn message, line by line; `Ok(None)` when the input ends
/// before its first line (the end of the game: there is no end message).
///
/// # Errors
/// As [`TurnMessage::parse`] (input ending inside a message is
/// [`ProtocolError::Missing`]), plus a line that is not UTF-8 and read
/// errors.
pub fn read_turn(input: &mut impl BufRead, config: &Config) -> Result<Option<TurnMessage>, ProtocolError> {
    let mut first = true;
    let mut at_eof = false;
    let mut next = || -> Result<Option<String>, ProtocolError> {
        let line = read_text_line(input)?;
        at_eof = first && line.is_none();
        first = false;
        Ok(line)
    };
    match TurnMessage::parse_lines(&mut next, config) {
        Ok(m) => Ok(Some(m)),
        Err(_) if at_eof => Ok(None),
        Err(e) => Err(e),
    }
}

/// What a team program knows: its team, the configuration and the game as
/// the last message describes it (every turn message describes the whole
/// field, so nothing is tracked by hand).
#[derive(Clone, Debug)]
pub struct Session {
    start: StartMessage,
    state: ParallelFootball,
}

impl Session {
    /// The session after the start line: the game in its placement phase.
    /// The [`Geometry`](crate::Geometry) (kick disc, routes home) is computed here once and
    /// shared by every later state.
    ///
    /// # Errors
    /// [`ProtocolError::Config`] when the start message's configuration is
    /// invalid (only possible for a message built by hand:
    /// [`StartMessage::parse`] validates it).
    pub fn new(start: StartMessage) -> Result<Session, ProtocolError> {
        let state = ParallelFootball::new(start.config).map_err(|e| match e {
            SetupError::Field(e) => ProtocolError::Field(e),
            SetupError::Config(e) => ProtocolError::Config(e),
            _ => ProtocolError::Invalid("the configuration has no start position"),
        })?;
        Ok(Session { start, state })
    }

    /// The game: during placement [`ParallelFootball::new`] of the configuration,
    /// then the field of the last turn message ([`ParallelFootball::from_field`]).
    #[must_use]
    pub fn state(&self) -> &ParallelFootball {
        &self.state
    }

    /// The team this program plays.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        self.start.me()
    }

    /// The configuration of the start line.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.start.config
    }

    /// Rebuilds the game from a turn message.
    ///
    /// # Errors
    /// As [`TurnMessage::to_field`]; the session is then unchanged.
    pub fn update(&mut self, msg: &TurnMessage) -> Result<(), ProtocolError> {
        let field = msg.to_field_with(self.state.field().geometry())?;
        self.state = ParallelFootball::from_field(field);
        Ok(())
    }

    /// Takes note of the program's own answer. A no-op: the next turn
    /// message describes the whole field, the answer's effect included.
    pub fn answered(&mut self, answer: &[FootballMove]) {
        let _ = answer;
    }
}

/// The start answer: one line `x y` per footballer, joined by `\n`, without
/// a final newline.
#[must_use]
pub fn format_placements(cells: &[Cell]) -> String {
    let mut s = String::with_capacity(cells.len() * 6);
    for (i, c) in cells.iter().enumerate() {
        let _ = write!(s, "{}{} {}", if i == 0 { "" } else { "\n" }, c.x, c.y);
    }
    s
}

/// Writes the start answer (each line ended by `\n`) and flushes.
///
/// # Errors
/// The writer's.
pub fn write_placements(out: &mut impl Write, cells: &[Cell]) -> std::io::Result<()> {
    let mut s = format_placements(cells);
    s.push('\n');
    out.write_all(s.as_bytes())?;
    out.flush()
}

/// A turn's answer: one order line per footballer (`stay`, `move dx dy`,
/// `kick dx dy`), joined by `\n`, without a final newline.
#[must_use]
pub fn format_answer(orders: &[Order]) -> String {
    let mut s = String::with_capacity(orders.len() * 10);
    for (i, o) in orders.iter().enumerate() {
        let _ = write!(s, "{}{o}", if i == 0 { "" } else { "\n" });
    }
    s
}

/// Writes a turn's answer (each line ended by `\n`) and flushes.
///
/// # Errors
/// The writer's.
pub fn write_answer(out: &mut impl Write, orders: &[Order]) -> std::io::Result<()> {
    let mut s = format_answer(orders);
    s.push('\n');
    out.write_all(s.as_bytes())?;
    out.flush()
}

impl BotSession for Session {
    type Game = ParallelFootball;
    type Start = StartMessage;
    type Turn = TurnMessage;
    type Error = ProtocolError;
    type Reply = Vec<FootballMove>;
    const TIME_CONTROL: TimeControl = TIME_CONTROL;
    /// The start line asks for the placements.
    const START_ASKS: bool = true;

    fn read_start(input: &mut dyn BufRead) -> Result<Option<StartMessage>, ProtocolError> {
        read_text_line(&mut &mut *input)?.map(|line| StartMessage::parse(&line)).transpose()
    }
    fn start(first: StartMessage) -> Result<Session, ProtocolError> {
        Session::new(first)
    }
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
        read_turn(&mut &mut *input, self.config())
    }
    fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        Session::update(self, turn)
    }
    fn state(&self) -> &ParallelFootball {
        Session::state(self)
    }
    fn me(&self) -> PlayerId {
        Session::me(self)
    }
    /// The team's moves as they are ([`Answers::write_answer`] writes
    /// exactly `p` lines whatever their number).
    fn reply(_: &ParallelFootball, _: PlayerId, turn: Vec<FootballMove>) -> Vec<FootballMove> {
        turn
    }
}

impl Answers<Vec<FootballMove>> for Session {
    /// Exactly `p` lines: during placement one cell per footballer (a
    /// missing or other-phase move as the team's home cell), after it one
    /// order per footballer (`stay` for a missing or other-phase move).
    fn write_answer(&self, output: &mut dyn Write, answer: &Vec<FootballMove>) -> Result<(), ProtocolError> {
        let (config, team) = (self.config(), self.me());
        let p = usize::from(config.players);
        let mut output = output;
        if self.state().in_placement() {
            let cells: Vec<Cell> = (0..p)
                .map(|i| match answer.get(i) {
                    Some(&FootballMove::Place(c)) => c,
                    _ => config.home(team),
                })
                .collect();
            write_placements(&mut output, &cells)?;
        } else {
            let orders: Vec<Order> = (0..p)
                .map(|i| match answer.get(i) {
                    Some(&FootballMove::Order(o)) => o,
                    _ => Order::Stay,
                })
                .collect();
            write_answer(&mut output, &orders)?;
        }
        Ok(())
    }
}

/// Runs a team program ([`game_core::session::run_bot`] with this crate's
/// [`Session`]): reads the start line, answers the placements, then
/// answers every turn message, until the input ends (`Ok(())`; an input
/// that is empty from the start also ends cleanly).
///
/// `bot` gets the game ([`Session::state`]), its team and the time left for
/// this answer (the [`TIME_CONTROL`] limit, counted by a
/// [`game_core::Clock`], minus the time spent since the message was read).
/// It returns `p` [`FootballMove::Place`] during placement
/// ([`ParallelFootball::in_placement`]) and `p` [`FootballMove::Order`] each turn;
/// exactly `p` lines are written, a missing or other-phase move as the
/// team's home cell or `stay`.
///
/// # Errors
/// An unreadable start line or turn message, or a read/write error.
pub fn run_bot<R, W, F>(input: R, output: W, bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&ParallelFootball, PlayerId, Duration) -> Vec<FootballMove>,
{
    session::run_bot::<Session, Vec<FootballMove>, R, W, F>(input, output, bot)
}
