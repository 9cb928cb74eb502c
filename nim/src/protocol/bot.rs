//! The bot side: reading the id and turn lines, keeping the [`Session`], writing answers, and
//! [`run_bot`].

use super::TIME_CONTROL;
use super::message::{TurnMessage, player_of_id};
use crate::error::ProtocolError;
use crate::state::Nim;
use game_core::PlayerId;
use game_core::session::{self, Answers, BotSession};
use game_core::time::TimeControl;
use std::io::{BufRead, Write};
use std::time::Duration;

/// One line without its `\n` (and a `\r` before it); `None` at the end
/// of the input.
fn line(input: &mut dyn BufRead) -> Result<Option<String>, ProtocolError> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim_end_matches('\n').trim_end_matches('\r').to_string()))
}

/// Reads the id line: the bot's seat, `Ok(None)` at the end of the input.
///
/// # Errors
/// [`ProtocolError::BadId`] for a line other than `0` and `1`, [`ProtocolError::Io`] when
/// reading fails or the line is not UTF-8 text.
///
/// ```
/// use nim::game_core::PlayerId;
/// use nim::protocol::read_start;
/// assert_eq!(read_start(&mut "1\r\n".as_bytes()).unwrap(), Some(PlayerId(1)));
/// assert!(read_start(&mut "2\n".as_bytes()).is_err());
/// assert_eq!(read_start(&mut "".as_bytes()).unwrap(), None);
/// ```
pub fn read_start(input: &mut dyn BufRead) -> Result<Option<PlayerId>, ProtocolError> {
    match line(input)? {
        None => Ok(None),
        Some(l) => player_of_id(&l).map(Some).ok_or(ProtocolError::BadId(l)),
    }
}

/// Reads a turn line ([`TurnMessage`]); `Ok(None)` at the end of the input (the end of the
/// game).
///
/// # Errors
/// [`ProtocolError::BadTurn`] for a line that is not `pile max_take`, [`ProtocolError::Io`]
/// when reading fails or the line is not UTF-8 text.
pub fn read_turn(input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
    let Some(line) = line(input)? else { return Ok(None) };
    line.parse().map(Some)
}

/// Writes the answer line (the take and a `\n`) and flushes.
///
/// # Errors
/// When writing fails.
pub fn write_answer<W: Write + ?Sized>(out: &mut W, take: u8) -> std::io::Result<()> {
    writeln!(out, "{take}")?;
    out.flush()
}

/// What a Nim bot knows during a game: its seat from the id line, the game from each turn line.
///
/// ```
/// use nim::Nim;
/// use nim::game_core::PlayerId;
/// use nim::protocol::{Session, TurnMessage};
/// let mut s = Session::new(PlayerId(1));
/// s.update(TurnMessage { pile: 9, max_take: 3 }).unwrap();
/// assert_eq!(*s.state(), Nim { pile: 9, max_take: 3, to_move: PlayerId(1) });
/// // Stones only go and max_take stays.
/// assert!(s.update(TurnMessage { pile: 10, max_take: 3 }).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Session {
    state: Nim,
}

impl Session {
    /// The session of a bot that has read its id line. Before the first turn line the game is
    /// unknown (`max_take` 0).
    #[must_use]
    pub fn new(me: PlayerId) -> Session {
        Session { state: Nim { pile: 0, max_take: 0, to_move: me } }
    }

    /// The position, the bot to move.
    #[must_use]
    pub fn state(&self) -> &Nim {
        &self.state
    }

    /// The bot's player.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        self.state.to_move
    }

    /// Takes the position from a turn line. On error the session is unchanged.
    ///
    /// # Errors
    /// [`ProtocolError::Unreachable`] for a turn line after the first with more stones than
    /// the one before or another `max_take`.
    pub fn update(&mut self, turn: TurnMessage) -> Result<(), ProtocolError> {
        let TurnMessage { pile, max_take } = turn;
        let before = self.state;
        let first = before.max_take == 0;
        if !first && (pile > before.pile || max_take != before.max_take) {
            let (before, now) = (format!("{} {}", before.pile, before.max_take), format!("{pile} {max_take}"));
            return Err(ProtocolError::Unreachable { before, now });
        }
        self.state = Nim { pile, max_take, to_move: before.to_move };
        Ok(())
    }
}

impl BotSession for Session {
    type Game = Nim;
    /// The bot's seat, from the id line.
    type Start = PlayerId;
    type Turn = TurnMessage;
    type Error = ProtocolError;
    type Reply = u8;
    const TIME_CONTROL: TimeControl = TIME_CONTROL;
    const START_ASKS: bool = false;

    fn read_start(input: &mut dyn BufRead) -> Result<Option<PlayerId>, ProtocolError> {
        read_start(input)
    }
    /// Before the first turn line the game is unknown (`max_take` 0).
    fn start(me: PlayerId) -> Result<Session, ProtocolError> {
        Ok(Session::new(me))
    }
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
        read_turn(input)
    }
    fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        Session::update(self, *turn)
    }
    fn state(&self) -> &Nim {
        Session::state(self)
    }
    fn me(&self) -> PlayerId {
        Session::me(self)
    }
    /// The turn's take; one stone for a turn without a move.
    fn reply(_: &Nim, _: PlayerId, turn: Vec<u8>) -> u8 {
        turn.first().copied().unwrap_or(1)
    }
}

impl Answers<u8> for Session {
    fn write_answer(&self, output: &mut dyn Write, take: &u8) -> Result<(), ProtocolError> {
        Ok(write_answer(output, *take)?)
    }
}

/// Plays a whole game as a bot program ([`game_core::session::run_bot`] with this crate's
/// [`Session`]): reads the id line ([`read_start`]) and each turn line ([`read_turn`]), keeps
/// the [`Session`], calls `bot` with the position, the bot's player and the time left for this
/// answer (from [`TIME_CONTROL`], counted from the moment the turn was read), and writes its
/// take ([`write_answer`]). Returns `Ok(())` at the end of the input.
///
/// # Errors
/// An I/O error or input that does not follow the protocol.
pub fn run_bot<R, W, F>(input: R, output: W, bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&Nim, PlayerId, Duration) -> u8,
{
    session::run_bot::<Session, u8, R, W, F>(input, output, bot)
}
