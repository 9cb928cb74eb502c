//! The bot's side: reading the referee's messages, rebuilding the position
//! ([`Session`]) and answering ([`run_bot`]).

// Every number is range-checked by `next_int` (`lo..=hi` within the target
// type) before its cast, so the casts are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

use super::TIME_CONTROL;
use super::message::{History, PlacedWall, StartMessage, TurnMessage};
use crate::error::ProtocolError;
use crate::moves::{Move, Wall};
use crate::setup::Setup;
use crate::state::Quoridor;
use game_core::grid::Cell;
use game_core::session::{self, Answers, BotSession};
use game_core::time::TimeControl;
use game_core::{Game, PlayerId};
use std::io::{BufRead, Write};
use std::time::Duration;

fn io_error(e: &std::io::Error) -> ProtocolError {
    ProtocolError::Io { kind: e.kind(), message: e.to_string() }
}

/// The reader's buffer, refilled as needed (retrying interrupted reads).
fn fill(input: &mut impl BufRead) -> Result<&[u8], ProtocolError> {
    loop {
        match input.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_error(&e)),
        }
    }
    input.fill_buf().map_err(|e| io_error(&e))
}

/// The next whitespace-separated integer token in `lo..=hi`, read straight
/// from the reader's buffer (no allocation unless it is malformed); `None`
/// when the input ends before the token starts. Only the token is consumed,
/// so the reader can be handed on between messages.
fn int_or_end(input: &mut impl BufRead, what: &'static str, lo: i64, hi: i64) -> Result<Option<i64>, ProtocolError> {
    loop {
        let buf = fill(input)?;
        if buf.is_empty() {
            return Ok(None);
        }
        let n = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let more = n == buf.len();
        input.consume(n);
        if !more {
            break;
        }
    }
    let mut shown = [0u8; 24];
    let mut len = 0;
    let mut total = 0usize;
    let mut negative = false;
    let mut value = Some(0i64);
    loop {
        let buf = fill(input)?;
        if buf.is_empty() {
            break;
        }
        let n = buf.iter().take_while(|b| !b.is_ascii_whitespace()).count();
        for &b in &buf[..n] {
            if len < shown.len() {
                shown[len] = b;
                len += 1;
            }
            if total == 0 && b == b'-' {
                negative = true;
            } else if b.is_ascii_digit() {
                value = value.and_then(|v| v.checked_mul(10)?.checked_add(i64::from(b - b'0')));
            } else {
                value = None;
            }
            total += 1;
        }
        let done = n < buf.len();
        input.consume(n);
        if done {
            break;
        }
    }
    match value {
        Some(v) if total > usize::from(negative) => {
            let v = if negative { -v } else { v };
            if v < lo || v > hi {
                return Err(ProtocolError::OutOfRange { what, value: v });
            }
            Ok(Some(v))
        }
        _ => Err(ProtocolError::NotANumber { what, token: String::from_utf8_lossy(&shown[..len]).into_owned() }),
    }
}

fn next_int(input: &mut impl BufRead, what: &'static str, lo: i64, hi: i64) -> Result<i64, ProtocolError> {
    int_or_end(input, what, lo, hi)?.ok_or(ProtocolError::UnexpectedEnd(what))
}

fn read_pawns(input: &mut impl BufRead, n: u8) -> Result<Vec<(Option<Cell>, u8)>, ProtocolError> {
    (0..n)
        .map(|_| {
            let x = next_int(input, "pawn x", -1, 255)?;
            let y = next_int(input, "pawn y", -1, 255)?;
            let f = next_int(input, "walls left", 0, 255)? as u8;
            let cell = match (x, y) {
                (-1, -1) => None,
                (x, y) if x >= 0 && y >= 0 => Some(Cell::new(x as u8, y as u8)),
                (x, _) if x < 0 => return Err(ProtocolError::OutOfRange { what: "pawn x", value: x }),
                (_, y) => return Err(ProtocolError::OutOfRange { what: "pawn y", value: y }),
            };
            Ok((cell, f))
        })
        .collect()
}

/// Reads the start message.
///
/// # Errors
/// [`ProtocolError`] when it is malformed (`N` must be 2 or 4, `player_id`
/// below `N`, `M` from 2 to 255) or the input ends early.
pub fn read_start(input: &mut impl BufRead) -> Result<StartMessage, ProtocolError> {
    let players = next_int(input, "N", 2, 4)? as u8;
    if players == 3 {
        return Err(ProtocolError::OutOfRange { what: "N", value: 3 });
    }
    let player_id = PlayerId(next_int(input, "player_id", 0, i64::from(players) - 1)? as u8);
    let size = next_int(input, "M", 2, 255)? as u8;
    let pawns = read_pawns(input, players)?;
    Ok(StartMessage { players, player_id, size, pawns })
}

/// Reads one turn's message for the game `start` describes; `Ok(None)` at
/// the end of the game for the bot (the end marker `-1`, or the end of the
/// input before a new turn).
///
/// # Errors
/// [`ProtocolError`] when it is malformed (a tick below 1 other than `-1`,
/// more than 255 walls, a wall orientation other than 0 or 1, an owner who
/// is not a player) or the input ends in the middle of it.
pub fn read_turn(input: &mut impl BufRead, start: &StartMessage) -> Result<Option<TurnMessage>, ProtocolError> {
    let tick = match int_or_end(input, "tick", -1, i64::from(u32::MAX))? {
        None | Some(-1) => return Ok(None),
        Some(0) => return Err(ProtocolError::OutOfRange { what: "tick", value: 0 }),
        Some(t) => t as u32,
    };
    let pawns = read_pawns(input, start.players)?;
    let count = next_int(input, "F", 0, 255)?;
    let walls = (0..count)
        .map(|_| {
            let x = next_int(input, "wall x", 0, 255)? as u8;
            let y = next_int(input, "wall y", 0, 255)? as u8;
            let vertical = next_int(input, "is_vertical", 0, 1)? == 1;
            let owner = PlayerId(next_int(input, "who", 0, i64::from(start.players) - 1)? as u8);
            Ok(PlacedWall { wall: Wall { x, y, vertical }, owner })
        })
        .collect::<Result<Vec<_>, ProtocolError>>()?;
    Ok(Some(TurnMessage { tick, pawns, walls }))
}

/// A bot's view of the game, rebuilt from every turn message: the position
/// (as a [`Quoridor`], the bot to move), who the bot is, and the walls in
/// placement order.
///
/// The protocol does not send the tick limit, so by default the state has
/// none: it never ends at the tick limit, and search sees no end there. A
/// bot that wants to assume a limit opts in with
/// [`Session::with_tick_limit`]; a turn past the assumed limit drops it
/// instead of failing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    start: StartMessage,
    tick_limit: Option<u32>,
    state: Quoridor,
    history: History,
}

impl Session {
    /// A session at the start: the start position (player 0 to move, as the
    /// first player is not sent), no tick limit.
    ///
    /// # Errors
    /// [`ProtocolError::BadPosition`] when the start lines describe no legal
    /// position.
    pub fn new(start: StartMessage) -> Result<Session, ProtocolError> {
        let state = Quoridor::from_setup(Setup {
            config: start.config()?,
            pawns: start.pawns.iter().map(|&(c, _)| c).collect(),
            walls_left: start.pawns.iter().map(|&(_, f)| f).collect(),
            walls: Vec::new(),
            tick: 0,
            to_move: PlayerId(0),
        })
        .map_err(ProtocolError::BadPosition)?;
        Ok(Session { start, tick_limit: None, state, history: History::new() })
    }

    /// This session assuming the game ends after the turn whose tick is
    /// `tick_limit` (`None` or `Some(0)`: no limit). The assumption never
    /// makes the session fail: when a turn comes after the assumed limit,
    /// the limit is dropped (and stays dropped).
    #[must_use]
    pub fn with_tick_limit(mut self, tick_limit: Option<u32>) -> Session {
        // A limit not after the tick (0 included) is none.
        let limit = tick_limit.filter(|&n| n > self.state.tick());
        let mut setup = self.state.to_setup();
        setup.config.tick_limit = limit;
        if let Ok(state) = Quoridor::from_setup(setup) {
            self.state = state;
            self.tick_limit = limit;
        }
        self
    }

    /// The start message.
    #[must_use]
    pub fn start(&self) -> &StartMessage {
        &self.start
    }

    /// The current position: after [`update`](Session::update), the one the
    /// last turn message describes, with the bot to move.
    #[must_use]
    pub fn state(&self) -> &Quoridor {
        &self.state
    }

    /// The bot's player number.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        self.start.player_id
    }

    /// The walls placed so far, in placement order with their owners.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The tick limit assumed (`None` by default).
    #[must_use]
    pub fn tick_limit(&self) -> Option<u32> {
        self.tick_limit
    }

    /// Rebuilds the position from a turn message (every turn message tells
    /// the whole position).
    ///
    /// # Errors
    /// [`ProtocolError::BadPosition`] when the message describes no legal
    /// position; the session is then unchanged.
    pub fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        // The turn with tick t is played at state tick t - 1, which must be
        // below the limit.
        let limit = self.tick_limit.filter(|&n| turn.tick <= n);
        self.state = turn.state_with_limit(&self.start, limit)?;
        self.tick_limit = limit;
        self.history = turn.history();
        Ok(())
    }

    /// Notes the bot's own answer: a no-op, since the next turn message
    /// rebuilds the whole position (and the referee may have played another
    /// move for the bot).
    pub fn answered(&mut self, _answer: &Move) {}
}

/// A bot's answer line for `mv` (without the newline): `x y` or `x y v`.
#[must_use]
pub fn format_answer(mv: Move) -> String {
    crate::notation::format_contest(mv)
}

/// Writes the answer line for `mv` with its `\n`, and flushes.
///
/// # Errors
/// When writing or flushing fails.
pub fn write_answer(out: &mut impl Write, mv: Move) -> std::io::Result<()> {
    writeln!(out, "{mv}")?;
    out.flush()
}

impl BotSession for Session {
    type Game = Quoridor;
    type Start = StartMessage;
    type Turn = TurnMessage;
    type Error = ProtocolError;
    type Reply = Move;
    const TIME_CONTROL: TimeControl = TIME_CONTROL;
    const START_ASKS: bool = false;

    fn read_start(input: &mut dyn BufRead) -> Result<Option<StartMessage>, ProtocolError> {
        let mut input = input;
        if fill(&mut input)?.is_empty() {
            return Ok(None);
        }
        read_start(&mut input).map(Some)
    }
    fn start(first: StartMessage) -> Result<Session, ProtocolError> {
        Session::new(first)
    }
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<TurnMessage>, ProtocolError> {
        read_turn(&mut &mut *input, self.start())
    }
    fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        Session::update(self, turn)
    }
    fn state(&self) -> &Quoridor {
        Session::state(self)
    }
    fn me(&self) -> PlayerId {
        Session::me(self)
    }
    /// The turn's move; a turn without one is answered with the first
    /// legal move (a position handed to a bot is never over).
    fn reply(state: &Quoridor, me: PlayerId, turn: Vec<Move>) -> Move {
        turn.first().copied().unwrap_or_else(|| {
            let mut moves = Vec::new();
            state.legal_moves(me, &mut moves);
            moves.first().copied().unwrap_or(Move::Pawn(state.pawn(me).unwrap_or_default()))
        })
    }
}

impl Answers<Move> for Session {
    fn write_answer(&self, output: &mut dyn Write, answer: &Move) -> Result<(), ProtocolError> {
        write_answer(&mut &mut *output, *answer).map_err(|e| io_error(&e))
    }
}

/// Runs a bot over the protocol ([`game_core::session::run_bot`] with this
/// crate's [`Session`]): reads the start message, then for each turn
/// message updates the session, calls `bot` with the state, the bot's
/// player number and the time left for this answer (from
/// [`TIME_CONTROL`], counted from the moment the turn message was read),
/// and writes its answer. Returns `Ok(())` at the end marker, at the end
/// of the input between turns or before the start message, or when a turn
/// message leaves the game over. The session has no tick limit (see
/// [`Session`]).
///
/// # Errors
/// [`ProtocolError`] when the input is malformed or describes no legal
/// position, or reading or writing fails.
pub fn run_bot<R: BufRead, W: Write, F>(input: R, output: W, bot: F) -> Result<(), ProtocolError>
where
    F: FnMut(&Quoridor, PlayerId, Duration) -> Move,
{
    session::run_bot::<Session, Move, R, W, F>(input, output, bot)
}
