//! The contest's bot protocol (stdin/stdout), both sides.
//!
//! * At the start a bot reads `N`, its `player_id`, `M`, then N lines
//!   `x y f` (start cell and walls): [`start_input`] writes it,
//!   [`read_start`] / [`parse_start`] read it.
//! * On its own turn it reads the tick, N lines `x y f` (`-1 -1 f` for a
//!   removed player), `F`, then F lines `x y is_vertical who` in placement
//!   order: [`turn_input`] writes it (from the state and a [`History`] of
//!   wall placements), [`read_turn`] / [`parse_turn`] read it, and
//!   [`TurnInput::to_state`] rebuilds the position for a bot.
//! * It answers one line, `x y` or `x y v`: [`format_answer`] writes it,
//!   [`parse_answer`] reads it.
//! * When the game is over for it, it reads [`END_INPUT`] (`-1`) and exits:
//!   at the end of the game, and also as soon as it is removed (a stuck
//!   player in a four-player game, see [`Quoridor::is_removed`]).
//! * An illegal answer is replaced by [`Quoridor::fallback_move`] (a random
//!   legal pawn move, or a random legal wall when the pawn cannot move).
//!
//! ```
//! use game_core::{Game, PlayerId};
//! use quoridor::protocol::{self, History};
//! use quoridor::{Cell, Move, Quoridor, Wall};
//!
//! let mut game = Quoridor::default();
//! let mut history = History::new();
//! assert_eq!(protocol::start_input(&game, PlayerId(1)), "2\n1\n9\n4 0 10\n4 8 10\n");
//! for mv in [Move::Wall(Wall::vertical(3, 2)), Move::Pawn(Cell::new(4, 7))] {
//!     let p = game.to_move();
//!     game.play(p, mv).unwrap();
//!     history.record(p, mv);
//! }
//! let text = protocol::turn_input(&game, &history);
//! assert_eq!(text, "3\n4 0 9\n4 7 10\n1\n3 2 1 0\n");
//!
//! // The bot's side: read the start and the turn, rebuild the position.
//! let start = protocol::parse_start("2\n0\n9\n4 0 10\n4 8 10\n").unwrap();
//! let protocol::TurnMessage::Turn(turn) = protocol::parse_turn(&text, start.players).unwrap() else { panic!() };
//! assert_eq!(turn.to_state(&start, Some(100)).unwrap(), game);
//! assert_eq!(protocol::parse_answer("4 1").unwrap(), Move::Pawn(Cell::new(4, 1)));
//! ```

use crate::notation::{NotationError, format_contest, parse_contest};
use crate::state::{Quoridor, Setup, SetupError};
use crate::types::{Cell, Config, Move, Wall};
use game_core::{Game, GameError, PlayerId};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::BufRead;

/// What a bot reads when the game is over for it.
pub const END_INPUT: &str = "-1\n";

/// A wall on the board with the player who placed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedWall {
    /// The wall.
    pub wall: Wall,
    /// Who placed it.
    pub owner: PlayerId,
}

/// The walls placed so far, in placement order with their owners: what the
/// per-turn input lists and the compact state does not keep.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    walls: Vec<PlacedWall>,
}

impl History {
    /// An empty history (the start of a game).
    pub fn new() -> History {
        History::default()
    }

    /// A history from walls already in placement order.
    pub fn from_walls(walls: Vec<PlacedWall>) -> History {
        History { walls }
    }

    /// Notes that `player` played `mv` (only walls are kept). Call it after
    /// every move that was actually played.
    pub fn record(&mut self, player: PlayerId, mv: Move) {
        if let Move::Wall(wall) = mv {
            self.walls.push(PlacedWall { wall, owner: player });
        }
    }

    /// The walls in placement order.
    pub fn walls(&self) -> &[PlacedWall] {
        &self.walls
    }
}

fn pawn_line(out: &mut String, state: &Quoridor, p: PlayerId) {
    let f = state.walls_left(p);
    match state.pawn(p) {
        Some(c) => {
            let _ = writeln!(out, "{} {} {f}", c.x, c.y);
        }
        None => {
            let _ = writeln!(out, "-1 -1 {f}");
        }
    }
}

/// The lines `player` reads at the start: `N`, `player_id`, `M`, then one
/// line `x y f` per player (from `state`, normally the start position).
pub fn start_input(state: &Quoridor, player: PlayerId) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n{}\n{}", state.players(), player, state.size());
    for p in 0..state.players() {
        pawn_line(&mut out, state, PlayerId(p as u8));
    }
    out
}

/// The lines the player to move reads on its turn: the tick of this turn
/// (`state.tick() + 1`), one line `x y f` per player (`-1 -1 f` when
/// removed), the number of walls `F`, then `x y is_vertical who` per wall in
/// placement order (from `history`).
pub fn turn_input(state: &Quoridor, history: &History) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", state.tick() + 1);
    for p in 0..state.players() {
        pawn_line(&mut out, state, PlayerId(p as u8));
    }
    let _ = writeln!(out, "{}", history.walls().len());
    for pw in history.walls() {
        let _ = writeln!(out, "{} {} {} {}", pw.wall.x, pw.wall.y, u8::from(pw.wall.vertical), pw.owner);
    }
    out
}

/// A bot's answer line for `mv` (without the newline): `x y` or `x y v`.
pub fn format_answer(mv: Move) -> String {
    format_contest(mv)
}

/// Reads a bot's answer line: `x y` or `x y v`, by tokens. Legality is
/// checked by the game ([`Game::check_move`]).
///
/// # Errors
/// [`NotationError`] when the line is not of that form.
pub fn parse_answer(line: &str) -> Result<Move, NotationError> {
    parse_contest(line)
}

/// Why a bot's answer was not played as given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The line is not `x y` or `x y v`.
    #[error("unreadable answer: {0}")]
    Unreadable(NotationError),
    /// The move is illegal.
    #[error("illegal answer: {0}")]
    Illegal(crate::MoveError),
}

impl GameError for AnswerError {
    fn kind(&self) -> &'static str {
        match self {
            AnswerError::Unreadable(e) => e.kind(),
            AnswerError::Illegal(e) => e.kind(),
        }
    }
}

/// The move to play for a bot's answer, as the contest server decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedAnswer {
    /// The move to play: the answer itself when legal, otherwise the
    /// fallback ([`Quoridor::fallback_move`]).
    pub mv: Move,
    /// Why the answer was replaced, if it was.
    pub error: Option<AnswerError>,
}

/// Reads the answer `line` of the player to move and checks it; an
/// unreadable or illegal answer (or a timeout, passed as `None`) is replaced
/// by a uniformly random legal pawn move (a random legal wall only when the
/// pawn cannot move) drawn from `rng`. `None` when the game is over.
pub fn resolve_answer<R: game_core::RngCore + ?Sized>(
    state: &Quoridor,
    line: Option<&str>,
    rng: &mut R,
) -> Option<ResolvedAnswer> {
    if state.is_over() {
        return None;
    }
    let error = match line.map(parse_answer) {
        Some(Ok(mv)) => match state.check_move(state.to_move(), mv) {
            Ok(()) => return Some(ResolvedAnswer { mv, error: None }),
            Err(e) => Some(AnswerError::Illegal(e)),
        },
        Some(Err(e)) => Some(AnswerError::Unreadable(e)),
        None => None,
    };
    state.fallback_move(rng).map(|mv| ResolvedAnswer { mv, error })
}

/// Why protocol input cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// Reading failed.
    #[error("read error: {0}")]
    Io(String),
    /// The input ended early.
    #[error("input ended while reading {0}")]
    UnexpectedEnd(&'static str),
    /// A token is not an integer.
    #[error("`{token}` is not an integer ({what})")]
    NotANumber {
        /// What was being read.
        what: &'static str,
        /// The token.
        token: String,
    },
    /// A number is outside its allowed range.
    #[error("{what} {value} is out of range")]
    OutOfRange {
        /// What was being read.
        what: &'static str,
        /// The value.
        value: i64,
    },
}

impl GameError for ProtocolError {
    fn kind(&self) -> &'static str {
        match self {
            ProtocolError::Io(_) => "io",
            ProtocolError::UnexpectedEnd(_) => "unexpected-end",
            ProtocolError::NotANumber { .. } => "not-a-number",
            ProtocolError::OutOfRange { .. } => "out-of-range",
        }
    }
}

/// Reads whitespace-separated tokens from a buffered reader, a line at a
/// time as needed (so a bot can read its input as it arrives).
#[derive(Debug)]
pub struct TokenReader<R> {
    reader: R,
    line: Vec<String>,
    pos: usize,
}

impl<R: BufRead> TokenReader<R> {
    /// A reader over `reader` (for example `std::io::stdin().lock()`).
    pub fn new(reader: R) -> TokenReader<R> {
        TokenReader { reader, line: Vec::new(), pos: 0 }
    }

    /// The next token, `None` at the end of the input.
    ///
    /// # Errors
    /// [`ProtocolError::Io`] when reading fails.
    pub fn next_token(&mut self) -> Result<Option<String>, ProtocolError> {
        while self.pos >= self.line.len() {
            let mut buf = String::new();
            let n = self.reader.read_line(&mut buf).map_err(|e| ProtocolError::Io(e.to_string()))?;
            if n == 0 {
                return Ok(None);
            }
            self.line = buf.split_whitespace().map(str::to_string).collect();
            self.pos = 0;
        }
        self.pos += 1;
        Ok(Some(self.line[self.pos - 1].clone()))
    }

    /// The next token as an integer in `lo..=hi`.
    ///
    /// # Errors
    /// [`ProtocolError`] at the end of input, on a non-number or a value out
    /// of range.
    pub fn next_int(&mut self, what: &'static str, lo: i64, hi: i64) -> Result<i64, ProtocolError> {
        let token = self.next_token()?.ok_or(ProtocolError::UnexpectedEnd(what))?;
        let value: i64 = token.parse().map_err(|_| ProtocolError::NotANumber { what, token })?;
        if value < lo || value > hi {
            return Err(ProtocolError::OutOfRange { what, value });
        }
        Ok(value)
    }
}

/// What a bot reads at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartInput {
    /// Number of players `N`.
    pub players: u8,
    /// The reading bot's player number.
    pub player_id: PlayerId,
    /// Board side `M`.
    pub size: u8,
    /// Each player's start cell (`None` if given as `-1 -1`) and walls.
    pub pawns: Vec<(Option<Cell>, u8)>,
}

impl StartInput {
    /// The configuration these lines describe: the wall total is the sum of
    /// the players' walls; the first player (not in the protocol) is taken
    /// as player 0.
    pub fn config(&self, tick_limit: Option<u32>) -> Config {
        let walls = self.pawns.iter().map(|&(_, f)| u32::from(f)).sum::<u32>().min(255) as u8;
        Config { size: self.size, players: self.players, walls, first_player: PlayerId(0), tick_limit }
    }
}

/// What a bot reads on its turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnInput {
    /// The tick of this turn (from 1).
    pub tick: u32,
    /// Each player's pawn (`None` when removed) and walls left.
    pub pawns: Vec<(Option<Cell>, u8)>,
    /// The walls in placement order, with their owners.
    pub walls: Vec<PlacedWall>,
}

impl TurnInput {
    /// The position this turn describes, with the reading bot to move.
    ///
    /// # Errors
    /// [`SetupError`] when the lines do not describe a legal position.
    pub fn to_state(&self, start: &StartInput, tick_limit: Option<u32>) -> Result<Quoridor, SetupError> {
        Quoridor::from_setup(Setup {
            config: start.config(tick_limit),
            pawns: self.pawns.iter().map(|&(c, _)| c).collect(),
            walls_left: self.pawns.iter().map(|&(_, f)| f).collect(),
            walls: self.walls.iter().map(|w| w.wall).collect(),
            tick: self.tick.saturating_sub(1),
            to_move: start.player_id,
        })
    }

    /// The wall history these lines give.
    pub fn history(&self) -> History {
        History::from_walls(self.walls.clone())
    }
}

/// A turn's input, or the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnMessage {
    /// The bot must answer.
    Turn(TurnInput),
    /// The game is over for the bot (`-1`).
    End,
}

fn read_pawns<R: BufRead>(r: &mut TokenReader<R>, n: u8) -> Result<Vec<(Option<Cell>, u8)>, ProtocolError> {
    (0..n)
        .map(|_| {
            let x = r.next_int("pawn x", -1, 255)?;
            let y = r.next_int("pawn y", -1, 255)?;
            let f = r.next_int("walls left", 0, 255)? as u8;
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

/// Reads the start input.
///
/// # Errors
/// [`ProtocolError`] when it is malformed (`N` must be 2 or 4, `player_id`
/// below `N`, `M` from 2 to 255).
pub fn read_start<R: BufRead>(r: &mut TokenReader<R>) -> Result<StartInput, ProtocolError> {
    let players = r.next_int("N", 2, 4)? as u8;
    if players == 3 {
        return Err(ProtocolError::OutOfRange { what: "N", value: 3 });
    }
    let player_id = PlayerId(r.next_int("player_id", 0, i64::from(players) - 1)? as u8);
    let size = r.next_int("M", 2, 255)? as u8;
    let pawns = read_pawns(r, players)?;
    Ok(StartInput { players, player_id, size, pawns })
}

/// Reads one turn's input (or the `-1` end) for a game of `players`.
///
/// # Errors
/// [`ProtocolError`] when it is malformed.
pub fn read_turn<R: BufRead>(r: &mut TokenReader<R>, players: u8) -> Result<TurnMessage, ProtocolError> {
    let tick = r.next_int("tick", -1, i64::from(u32::MAX))?;
    if tick == -1 {
        return Ok(TurnMessage::End);
    }
    let pawns = read_pawns(r, players)?;
    let count = r.next_int("F", 0, 10_000)?;
    let walls = (0..count)
        .map(|_| {
            let x = r.next_int("wall x", 0, 255)? as u8;
            let y = r.next_int("wall y", 0, 255)? as u8;
            let vertical = r.next_int("is_vertical", 0, 1)? == 1;
            let owner = PlayerId(r.next_int("who", 0, i64::from(players) - 1)? as u8);
            Ok(PlacedWall { wall: Wall { x, y, vertical }, owner })
        })
        .collect::<Result<Vec<_>, ProtocolError>>()?;
    Ok(TurnMessage::Turn(TurnInput { tick: tick as u32, pawns, walls }))
}

/// [`read_start`] from a string.
///
/// # Errors
/// As [`read_start`].
pub fn parse_start(text: &str) -> Result<StartInput, ProtocolError> {
    read_start(&mut TokenReader::new(text.as_bytes()))
}

/// [`read_turn`] from a string.
///
/// # Errors
/// As [`read_turn`].
pub fn parse_turn(text: &str, players: u8) -> Result<TurnMessage, ProtocolError> {
    read_turn(&mut TokenReader::new(text.as_bytes()), players)
}

/// Replays moves written one per line (contest or algebraic notation; blank
/// lines skipped) from `start`, each by the player to act: the core of
/// `arena judge`. Returns the final state and the history, or the line
/// number (from 1) and text of the first unreadable or illegal move.
///
/// # Errors
/// [`RecordError`] for the first bad line.
pub fn replay_lines(start: &Quoridor, text: &str) -> Result<(Quoridor, History), RecordError> {
    let mut state = *start;
    let mut history = History::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let line_no = i + 1;
        let mv = crate::notation::parse_any(line, state.size())
            .map_err(|e| RecordError::Unreadable { line: line_no, error: e })?;
        let player = state.to_move();
        game_core::Game::play(&mut state, player, mv).map_err(|e| RecordError::Illegal {
            line: line_no,
            player,
            error: e,
        })?;
        history.record(player, mv);
    }
    Ok((state, history))
}

/// Why a record of moves does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line is not a move.
    #[error("line {line}: {error}")]
    Unreadable {
        /// Line number, from 1.
        line: usize,
        /// Why.
        error: NotationError,
    },
    /// A move is illegal.
    #[error("line {line}: player {player}: {error}")]
    Illegal {
        /// Line number, from 1.
        line: usize,
        /// Who played it.
        player: PlayerId,
        /// Why it is illegal.
        error: crate::MoveError,
    },
}

impl GameError for RecordError {
    fn kind(&self) -> &'static str {
        match self {
            RecordError::Unreadable { error, .. } => error.kind(),
            RecordError::Illegal { error, .. } => error.kind(),
        }
    }
}
