//! The bot side of a contest, written once for every game: each game
//! crate's `protocol::Session` says what its bot program reads, keeps and
//! writes ([`BotSession`], [`Answers`]), and [`run_bot`] is the one loop
//! that plays a whole game with it: read a message, update the session,
//! start the answer's clock, ask the bot, write its answer, note it.
//! [`serve`] plays a [`Bot`](crate::bot::Bot) the same way (feature `bot`).
//! [`read_line`] is the one line reader of the games' bot sides, its
//! policy stated once.
//!
//! ```
//! use game_core::session::{Answers, BotSession, run_bot};
//! use game_core::time::TimeControl;
//! use game_core::{Game, PlayerId};
//! use nim::Nim;
//! use std::io::{BufRead, Write};
//! use std::time::Duration;
//!
//! /// A made-up protocol: the referee sends `pile` each turn, the bot answers its take.
//! struct Pile(Nim);
//!
//! impl BotSession for Pile {
//!     type Game = Nim;
//!     type Start = ();
//!     type Turn = u8;
//!     type Error = std::io::Error;
//!     type Reply = u8;
//!     const TIME_CONTROL: TimeControl =
//!         TimeControl::PerAnswer { first: Duration::from_millis(1000), later: Duration::from_millis(100) };
//!     const START_ASKS: bool = false;
//!     fn read_start(_: &mut dyn BufRead) -> std::io::Result<Option<()>> {
//!         Ok(Some(()))
//!     }
//!     fn start((): ()) -> std::io::Result<Pile> {
//!         Ok(Pile(Nim::new(0, 3)))
//!     }
//!     fn read_turn(&self, input: &mut dyn BufRead) -> std::io::Result<Option<u8>> {
//!         let mut line = String::new();
//!         input.read_line(&mut line)?;
//!         Ok(line.trim().parse().ok())
//!     }
//!     fn update(&mut self, pile: &u8) -> std::io::Result<()> {
//!         self.0 = Nim::new(*pile, 3);
//!         Ok(())
//!     }
//!     fn state(&self) -> &Nim {
//!         &self.0
//!     }
//!     fn me(&self) -> PlayerId {
//!         PlayerId(0)
//!     }
//!     fn reply(_: &Nim, _: PlayerId, turn: Vec<u8>) -> u8 {
//!         turn[0]
//!     }
//! }
//!
//! impl Answers<u8> for Pile {
//!     fn write_answer(&self, out: &mut dyn Write, take: &u8) -> std::io::Result<()> {
//!         writeln!(out, "{take}")?;
//!         out.flush()
//!     }
//! }
//!
//! // Leave a multiple of 4.
//! let mut out = Vec::new();
//! run_bot::<Pile, _, _, _, _>("10\n7\n".as_bytes(), &mut out, |g: &Nim, _, _| (g.pile % 4).max(1)).unwrap();
//! assert_eq!(out, b"2\n3\n");
//! ```

use crate::time::{Clock, TimeControl};
use crate::{Game, PlayerId};
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// What a bot program keeps during a game: the position and its seat,
/// rebuilt from the referee's messages. Each game crate's
/// `protocol::Session` implements it; [`run_bot`] drives it.
pub trait BotSession: Sized {
    /// The game.
    type Game: Game;
    /// What the referee sends first: the start message, or the first turn
    /// message in a protocol without one (Yavalath).
    type Start;
    /// A turn message.
    type Turn;
    /// Why the input does not follow the protocol, or reading or writing
    /// failed.
    type Error;
    /// The answer a [`Bot`](crate::bot::Bot)'s turn is written as
    /// ([`reply`](BotSession::reply), for [`serve`]).
    type Reply;
    /// The contest's clock of the bot's answers.
    const TIME_CONTROL: TimeControl;
    /// Whether the first message asks for an answer (Yavalath's first
    /// turn, Parallel Football's placement) or only opens the game (Paper
    /// Soccer's id line, Quoridor's start lines).
    const START_ASKS: bool;

    /// Reads the first message; `Ok(None)` when the input is empty (no
    /// game was played).
    ///
    /// # Errors
    /// The protocol's, when the message is malformed or reading fails.
    fn read_start(input: &mut dyn BufRead) -> Result<Option<Self::Start>, Self::Error>;
    /// The session the first message opens.
    ///
    /// # Errors
    /// The protocol's, when the message describes no game.
    fn start(first: Self::Start) -> Result<Self, Self::Error>;
    /// Reads the next turn message; `Ok(None)` at the end of the game (the
    /// end of the input, or the protocol's end marker).
    ///
    /// # Errors
    /// The protocol's, when the message is malformed or reading fails.
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<Self::Turn>, Self::Error>;
    /// Applies a turn message; on error the session is unchanged.
    ///
    /// # Errors
    /// The protocol's, when the message does not follow from the session.
    fn update(&mut self, turn: &Self::Turn) -> Result<(), Self::Error>;
    /// The position.
    fn state(&self) -> &Self::Game;
    /// The bot's seat.
    fn me(&self) -> PlayerId;
    /// The answer a bot's whole turn (its moves, in order) is written as;
    /// a turn without a move is answered as the protocol's fallback.
    fn reply(state: &Self::Game, me: PlayerId, turn: Vec<<Self::Game as Game>::Move>) -> Self::Reply;
}

/// Writing an answer of type `A` and noting it in the session (Paper
/// Soccer's answers are any list of steps, the other games' one type).
pub trait Answers<A>: BotSession {
    /// Writes the answer's lines, each ended by `\n`, and flushes.
    ///
    /// # Errors
    /// The protocol's, when writing fails.
    fn write_answer(&self, output: &mut dyn Write, answer: &A) -> Result<(), Self::Error>;
    /// Notes the bot's own answer, which the protocol does not echo back
    /// (nothing, where every turn message tells the whole position).
    ///
    /// # Errors
    /// The protocol's, when the answer was illegal (after it was written:
    /// the referee then decides).
    fn answered(&mut self, answer: &A) -> Result<(), Self::Error> {
        let _ = answer;
        Ok(())
    }
}

/// Plays a whole game as a bot program speaking `S`'s protocol: reads the
/// first message, then each turn message; for every message that asks for
/// an answer calls `bot(state, me, time_left)` and writes what it returns.
/// `time_left` is the answer's limit from [`BotSession::TIME_CONTROL`] (a
/// [`Clock`]) less the time since the message was read.
///
/// Returns `Ok(())` at the end of the input (also before the first
/// message), at the protocol's end marker, or when a message leaves the
/// game over.
///
/// # Errors
/// `S::Error` when the input does not follow the protocol, reading or
/// writing fails, or the bot's own answer was illegal (after it was
/// written).
pub fn run_bot<S, A, R, W, F>(input: R, output: W, bot: F) -> Result<(), S::Error>
where
    S: Answers<A>,
    R: BufRead,
    W: Write,
    F: FnMut(&S::Game, PlayerId, Duration) -> A,
{
    run_bot_from(input, output, S::start, bot)
}

/// [`run_bot`] with the session made from the first message by `start`
/// instead of [`BotSession::start`]: for what the protocol does not send
/// (Quoridor's tick limit, given to `arena bot`).
///
/// # Errors
/// As [`run_bot`], and `start`'s.
pub fn run_bot_from<S, A, R, W, F>(
    mut input: R,
    mut output: W,
    start: impl FnOnce(S::Start) -> Result<S, S::Error>,
    mut bot: F,
) -> Result<(), S::Error>
where
    S: Answers<A>,
    R: BufRead,
    W: Write,
    F: FnMut(&S::Game, PlayerId, Duration) -> A,
{
    let Some(first) = S::read_start(&mut input)? else { return Ok(()) };
    let mut read_at = Instant::now();
    let mut session = start(first)?;
    let mut clock = Clock::new(S::TIME_CONTROL);
    let mut asks = S::START_ASKS;
    loop {
        if asks {
            if session.state().is_over() {
                return Ok(());
            }
            let limit = clock.start_answer();
            let answer = bot(session.state(), session.me(), limit.saturating_sub(read_at.elapsed()));
            session.write_answer(&mut output, &answer)?;
            clock.end_answer(read_at.elapsed());
            session.answered(&answer)?;
        }
        let Some(turn) = session.read_turn(&mut input)? else { return Ok(()) };
        read_at = Instant::now();
        session.update(&turn)?;
        asks = true;
    }
}

/// Plays a whole game as a bot program speaking `S`'s protocol with `bot`
/// ([`run_bot`]): before each answer the bot is told its time
/// ([`Bot::set_time_left`](crate::bot::Bot::set_time_left)), and its
/// turn is written as [`BotSession::reply`] makes it.
///
/// # Errors
/// As [`run_bot`].
#[cfg(feature = "bot")]
pub fn serve<S>(
    bot: &mut dyn crate::bot::Bot<S::Game>,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), S::Error>
where
    S: BotSession + Answers<<S as BotSession>::Reply>,
{
    serve_from(bot, input, output, S::start)
}

/// [`serve`] with the session made by `start` ([`run_bot_from`]).
///
/// # Errors
/// As [`run_bot_from`].
#[cfg(feature = "bot")]
pub fn serve_from<S>(
    bot: &mut dyn crate::bot::Bot<S::Game>,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    start: impl FnOnce(S::Start) -> Result<S, S::Error>,
) -> Result<(), S::Error>
where
    S: BotSession + Answers<<S as BotSession>::Reply>,
{
    run_bot_from::<S, S::Reply, _, _, _>(input, output, start, |state, me, left| {
        bot.set_time_left(left);
        S::reply(state, me, bot.turn(state, me))
    })
}

/// The longest line [`read_line`] reads, in bytes with its `\n`. The
/// contests' referees send lines of a few dozen bytes (a Paper Soccer turn
/// of a few hundred steps at most); a longer one is no referee's, and
/// refusing it bounds the memory a bot spends on its input.
pub const MAX_LINE: usize = 4096;

/// Why [`read_line`] cannot read a line. (`Display` and `Error` are written
/// by hand, not derived: a bundled `CodinGame` bot carries every line of its
/// crates, and a derive's expansion costs a thousand characters of it.)
#[derive(Debug)]
#[non_exhaustive]
pub enum LineError {
    /// The line is longer than [`MAX_LINE`] bytes.
    TooLong,
    /// The line is not UTF-8 text (its first `valid_up_to` bytes are).
    NotUtf8 {
        /// The length of its longest UTF-8 start.
        valid_up_to: usize,
    },
    /// Reading failed.
    Io(std::io::Error),
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::TooLong => write!(f, "the line is longer than {MAX_LINE} bytes"),
            LineError::NotUtf8 { valid_up_to } => write!(f, "the line is not UTF-8 text (from byte {valid_up_to})"),
            LineError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LineError::Io(e) => e.source(),
            _ => None,
        }
    }
}

impl From<std::io::Error> for LineError {
    fn from(e: std::io::Error) -> LineError {
        LineError::Io(e)
    }
}

/// Reads one line of what the referee sends into `line` (cleared first),
/// without its `\n` and a `\r` just before it; `Ok(false)` at the end of
/// the input (nothing left to read). A last line without its `\n` is
/// read. The policy of every game's bot side: lines end with `\n` (a
/// referee on Windows may write `\r\n`), are UTF-8 text, and are at most
/// [`MAX_LINE`] bytes; the contests' referees send short ASCII lines.
///
/// ```
/// use game_core::session::{LineError, MAX_LINE, read_line};
/// let mut input = "0\r\n1\nlast".as_bytes();
/// let mut line = String::new();
/// assert!(read_line(&mut input, &mut line).unwrap());
/// assert_eq!(line, "0");
/// assert!(read_line(&mut input, &mut line).unwrap() && line == "1");
/// assert!(read_line(&mut input, &mut line).unwrap() && line == "last");
/// assert!(!read_line(&mut input, &mut line).unwrap());
/// let long = "7".repeat(MAX_LINE);
/// assert!(matches!(read_line(&mut long.as_bytes(), &mut line), Err(LineError::TooLong)));
/// assert!(matches!(read_line(&mut &b"\xff\n"[..], &mut line), Err(LineError::NotUtf8 { valid_up_to: 0 })));
/// ```
///
/// # Errors
/// [`LineError`]: a line too long (at most [`MAX_LINE`] bytes of it are
/// consumed), not UTF-8, or a reading error.
pub fn read_line<R: BufRead + ?Sized>(input: &mut R, line: &mut String) -> Result<bool, LineError> {
    line.clear();
    let mut bytes = Vec::new();
    let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX);
    let n = std::io::Read::take(&mut *input, limit).read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(false);
    }
    if !bytes.ends_with(b"\n") && n >= MAX_LINE {
        return Err(LineError::TooLong);
    }
    let text = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
    let text = text.strip_suffix(b"\r").unwrap_or(text);
    match std::str::from_utf8(text) {
        Ok(t) => {
            line.push_str(t);
            Ok(true)
        }
        Err(e) => Err(LineError::NotUtf8 { valid_up_to: e.valid_up_to() }),
    }
}
