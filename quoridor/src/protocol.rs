//! The contest's bot protocol (stdin/stdout), both sides.
//!
//! A bot is a program that reads the referee's messages on stdin and answers
//! on stdout; [`run_bot`] does all of it around a function that picks a move:
//!
//! ```
//! use quoridor::game_core::{Game, PlayerId};
//! use quoridor::protocol::run_bot;
//! use quoridor::{Move, Quoridor};
//! use std::time::Duration;
//!
//! // A bot that steps towards its goal (any pawn move that shortens its path).
//! fn bot(state: &Quoridor, me: PlayerId, _time_left: Duration) -> Move {
//!     let mut moves = Vec::new();
//!     state.legal_moves(me, &mut moves);
//!     let closer = |mv: &Move| {
//!         let mut after = *state;
//!         after.play(me, *mv).ok()?;
//!         after.distance_to_goal(me)
//!     };
//!     moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).min_by_key(|m| closer(m)).unwrap_or(moves[0])
//! }
//!
//! // What player 1 of a two-player game reads: the start, one turn (P0 has
//! // stepped to (4, 1)), then the end marker. In a real bot: stdin and stdout.
//! let input = "2\n1\n9\n4 0 10\n4 8 10\n2\n4 1 10\n4 8 10\n0\n-1\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(output, b"4 7\n");
//! // In a real bot:
//! // run_bot(std::io::stdin().lock(), std::io::stdout().lock(), bot).unwrap();
//! ```
//!
//! # The messages
//! * At the start a bot reads `N`, its player id, `M`, then N lines `x y f`
//!   (start cell and walls): [`start_message`] writes it, [`read_start`]
//!   reads it into a [`StartMessage`].
//! * On its own turn it reads the tick (from 1), N lines `x y f` (`-1 -1 f`
//!   for a removed player), `F`, then F lines `x y is_vertical who` in
//!   placement order: [`turn_message`] writes it (from the state and a
//!   [`History`] of wall placements), [`read_turn`] reads it into a
//!   [`TurnMessage`], and a [`Session`] rebuilds the position from it.
//! * It answers one line, `x y` (the pawn's target cell) or `x y v` (a wall,
//!   `v` 1 when vertical): [`format_answer`] / [`write_answer`] write it,
//!   [`parse_answer`] reads it as the contest does.
//! * When the game is over for it, it reads [`END_MESSAGE`] (`-1`) and must
//!   exit: at the end of the game, and also as soon as it is removed (a stuck
//!   player in a four-player game, see [`Quoridor::is_removed`]).
//! * Time: [`TIME_CONTROL`], a clock of 1000 ms plus 30 ms at each of the
//!   bot's turns. Running out, or an unreadable or illegal answer, makes the
//!   referee play a random legal move for the bot on that turn
//!   ([`Quoridor::fallback_move`]); the bot stays in the game, and a late
//!   answer is taken as its answer on its next turn.
//!
//! # How the referee reads answers
//! Exactly as the contest server (JavaScript) does:
//! * Each output line (split on `\n`) is decoded as UTF-8 (invalid bytes
//!   become U+FFFD) and trimmed with JavaScript's `trim()` (tab, vertical
//!   tab, form feed, space, no-break space, U+FEFF, every Unicode space
//!   separator, LF, CR, U+2028, U+2029). Lines that are then empty are
//!   dropped ([`skips_line`]); every other line is one answer, oldest first.
//! * The line is split on single spaces and each token read with
//!   JavaScript's `Number()`, which must give a safe integer (at most
//!   2^53 - 1 in size). So `4  1` (two spaces: an empty token, which is 0) is
//!   the wall `4 0 1`; `4.0 1`, `+4 1`, `0x4 1`, `1e0 0 0` and `-0 1` are
//!   numbers; `4\t1`, `4,1`, `4.5 1`, `-0x4 1` and `0  0 1` (four tokens) are
//!   unreadable. Two numbers are a pawn move, three a wall.
//! * A pawn move must be on the board (`0 <= x, y < M`), a wall's anchor
//!   `0 <= x, y < M - 1` with `v` 0 or 1, or the answer is
//!   [`AnswerError::OffBoard`]. Everything else is the game's
//!   [`Game::check_move`].
//!
//! # Decisions where the rules are silent
//! * **The tick limit is not sent**, so a [`Session`] rebuilds positions with
//!   no tick limit: its state never ends at the tick limit, and
//!   [`Quoridor::tick_limit`] is `None` in it (the tick itself is right). A
//!   bot that wants to plan for a limit opts in with
//!   [`Session::with_tick_limit`]; if the game goes past that limit, the
//!   assumption is dropped rather than failing.
//! * **The first player is not sent**: the start position a [`Session`]
//!   holds before the first turn has player 0 to move; from the first turn on
//!   the bot itself is to move.
//! * **The wall total** is the sum of the walls in the start lines.
//! * **Input is read by tokens** separated by ASCII whitespace; numbers are
//!   plain decimal integers (`-` allowed). A tick must be at least 1 (or the
//!   end marker `-1`); the end of input where a turn would start is the end
//!   of the game too, anywhere else it is [`ProtocolError::UnexpectedEnd`].
//! * [`run_bot`] fails with [`ProtocolError`] when the input is malformed
//!   or does not describe a legal position, and when writing fails.
//!
//! ```
//! use quoridor::game_core::{Game, PlayerId};
//! use quoridor::protocol::{self, History, Session};
//! use quoridor::{Cell, Move, Quoridor, Wall};
//!
//! // The referee's side: messages from the state and the wall history.
//! let mut game = Quoridor::default();
//! let mut history = History::new();
//! assert_eq!(protocol::start_message(&game, PlayerId(1)), "2\n1\n9\n4 0 10\n4 8 10\n");
//! for mv in [Move::Wall(Wall::vertical(3, 2)), Move::Pawn(Cell::new(4, 7))] {
//!     let p = game.to_move();
//!     game.play(p, mv).unwrap();
//!     history.record(p, mv);
//! }
//! let text = protocol::turn_message(&game, &history);
//! assert_eq!(text, "3\n4 0 9\n4 7 10\n1\n3 2 1 0\n");
//! assert_eq!(protocol::parse_answer(9, b"4  1"), Ok(Move::Wall(Wall::vertical(4, 0))));
//!
//! // The bot's side: read the start and the turn, rebuild the position.
//! let start = protocol::read_start(&mut "2\n0\n9\n4 0 10\n4 8 10\n".as_bytes()).unwrap();
//! let mut session = Session::new(start).unwrap();
//! let turn = protocol::read_turn(&mut text.as_bytes(), session.start()).unwrap().unwrap();
//! session.update(&turn).unwrap();
//! // The same position, except that the bot does not know the tick limit.
//! let mut expected = game.to_setup();
//! expected.config.tick_limit = None;
//! assert_eq!(session.state().to_setup(), expected);
//! ```

use crate::notation::NotationError;
use crate::state::{Quoridor, Setup, SetupError};
use crate::types::{Cell, Config, Move, Wall};
use game_core::time::{Clock, TimeControl};
use game_core::{Game, GameError, PlayerId};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// The time a bot has: a clock of 1000 ms at the start, plus 30 ms added at
/// each of its turns.
pub const TIME_CONTROL: TimeControl =
    TimeControl::Clock { initial: Duration::from_millis(1000), increment: Duration::from_millis(30) };

/// What a bot reads when the game is over for it.
pub const END_MESSAGE: &str = "-1\n";

/// A wall on the board with the player who placed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedWall {
    /// The wall.
    pub wall: Wall,
    /// Who placed it.
    pub owner: PlayerId,
}

/// The walls placed so far, in placement order with their owners: what the
/// per-turn message lists and the compact state does not keep.
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

// ---------------------------------------------------------------------------
// Referee side
// ---------------------------------------------------------------------------

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
pub fn start_message(state: &Quoridor, player: PlayerId) -> String {
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
pub fn turn_message(state: &Quoridor, history: &History) -> String {
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

/// JavaScript's white space and line terminators, what `String.prototype.trim()`
/// and `Number()` strip: TAB, VT, FF, SP, NBSP, ZWNBSP, the Unicode space
/// separators (Zs), LF, CR, LS and PS.
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}' | '\u{a}' | '\u{b}' | '\u{c}' | '\u{d}' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{feff}'
    )
}

fn js_trim(s: &str) -> &str {
    s.trim_matches(is_js_space)
}

/// JavaScript's `Number(string)` (StringToNumber): `NaN` for text that is
/// not a numeric literal. Binary, octal and hexadecimal values are exact up
/// to 2^53 and never smaller than their true value above it (all a safe
/// integer test needs).
fn js_number(token: &str) -> f64 {
    let t = js_trim(token);
    if t.is_empty() {
        return 0.0;
    }
    let b = t.as_bytes();
    if b.len() >= 2 && b[0] == b'0' {
        let radix = match b[1] {
            b'x' | b'X' => 16,
            b'o' | b'O' => 8,
            b'b' | b'B' => 2,
            _ => 0,
        };
        if radix != 0 {
            let digits = &t[2..];
            if digits.is_empty() {
                return f64::NAN;
            }
            let mut v = 0f64;
            for c in digits.chars() {
                match c.to_digit(radix) {
                    Some(d) => v = v * f64::from(radix) + f64::from(d),
                    None => return f64::NAN,
                }
            }
            return v;
        }
    }
    let (negative, unsigned) = match b[0] {
        b'+' => (false, &t[1..]),
        b'-' => (true, &t[1..]),
        _ => (false, t),
    };
    if unsigned == "Infinity" {
        return if negative { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    // StrUnsignedDecimalLiteral: digits, an optional fraction, at least one
    // digit in all, then an optional exponent with digits.
    let u = unsigned.as_bytes();
    let mut i = 0;
    let int_digits = u.iter().take_while(|c| c.is_ascii_digit()).count();
    i += int_digits;
    let mut frac_digits = 0;
    if u.get(i) == Some(&b'.') {
        i += 1;
        frac_digits = u[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        i += frac_digits;
    }
    if int_digits + frac_digits == 0 {
        return f64::NAN;
    }
    if matches!(u.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(u.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let exp_digits = u[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if exp_digits == 0 {
            return f64::NAN;
        }
        i += exp_digits;
    }
    if i != u.len() {
        return f64::NAN;
    }
    // The grammar is checked: Rust reads this subset the same way, correctly
    // rounded.
    let v: f64 = unsigned.parse().unwrap_or(f64::NAN);
    if negative { -v } else { v }
}

/// The contest's `myParseInt`: `Number(token)` when it is a safe integer
/// (`Number.isSafeInteger`), `-0` read as 0.
fn contest_int(token: &str) -> Option<i64> {
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    let v = js_number(token);
    (v.is_finite() && v.trunc() == v && v.abs() <= MAX_SAFE).then_some(v as i64)
}

/// At most 40 characters of a bot's text, for error messages.
fn shown(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// Whether the referee drops this output line of a bot before reading
/// answers: it is empty after JavaScript's `trim()` (white space, line
/// terminators, no-break spaces, U+FEFF; invalid UTF-8 is not white space).
pub fn skips_line(line: &[u8]) -> bool {
    js_trim(&String::from_utf8_lossy(line)).is_empty()
}

/// Why the referee does not take a bot's answer line as a move of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The line does not have 2 or 3 space-separated tokens.
    #[error("unreadable answer `{line}`: {count} tokens, expected `x y` or `x y v`")]
    TokenCount {
        /// The trimmed line (at most 40 characters).
        line: String,
        /// The number of tokens (split on single spaces).
        count: usize,
    },
    /// A token is not a safe integer for JavaScript's `Number()`.
    #[error("unreadable answer `{line}`: `{token}` is not an integer")]
    NotAnInteger {
        /// The trimmed line (at most 40 characters).
        line: String,
        /// The token (at most 40 characters).
        token: String,
    },
    /// The numbers are not a cell of the board, or not a wall anchor with
    /// orientation 0 or 1.
    #[error("answer `{line}`: coordinates are outside the board")]
    OffBoard {
        /// The trimmed line (at most 40 characters).
        line: String,
    },
}

impl GameError for AnswerError {
    /// `unreadable` (token count or a token that is not an integer) or
    /// `off-board`.
    fn kind(&self) -> &'static str {
        match self {
            AnswerError::TokenCount { .. } | AnswerError::NotAnInteger { .. } => "unreadable",
            AnswerError::OffBoard { .. } => "off-board",
        }
    }
}

/// Reads one output line of a bot (the bytes without the `\n`; a `\r` may
/// remain) as the contest's referee does on a board of side `size`: decoded
/// as UTF-8 (invalid bytes become U+FFFD), trimmed with JavaScript's
/// `trim()`, split on single spaces, each token read with JavaScript's
/// `Number()` and required to be a safe integer; two numbers are a pawn
/// move `x y` (`0 <= x, y < size`), three a wall `x y v`
/// (`0 <= x, y < size - 1`, `v` 0 or 1). Legality beyond that is
/// [`Game::check_move`]'s.
///
/// ```
/// use quoridor::protocol::parse_answer;
/// use quoridor::{Cell, Move, Wall};
/// assert_eq!(parse_answer(9, b"4 1\r"), Ok(Move::Pawn(Cell::new(4, 1))));
/// assert_eq!(parse_answer(9, b"4  1"), Ok(Move::Wall(Wall::vertical(4, 0))));
/// assert_eq!(parse_answer(9, b"0x4 +1.0"), Ok(Move::Pawn(Cell::new(4, 1))));
/// assert!(parse_answer(9, b"4\t1").is_err());
/// ```
///
/// # Errors
/// [`AnswerError`]: `unreadable` when the line is not 2 or 3 integers,
/// `off-board` when they are not a cell or wall of the board.
pub fn parse_answer(size: u8, line: &[u8]) -> Result<Move, AnswerError> {
    let text = String::from_utf8_lossy(line);
    let trimmed = js_trim(&text);
    let count = trimmed.split(' ').count();
    if count != 2 && count != 3 {
        return Err(AnswerError::TokenCount { line: shown(trimmed), count });
    }
    let mut n = [0i64; 3];
    for (slot, token) in n.iter_mut().zip(trimmed.split(' ')) {
        *slot = contest_int(token)
            .ok_or_else(|| AnswerError::NotAnInteger { line: shown(trimmed), token: shown(token) })?;
    }
    let side = i64::from(size);
    let off_board = || AnswerError::OffBoard { line: shown(trimmed) };
    if count == 2 {
        let on = |v: i64| (0..side).contains(&v);
        if !(on(n[0]) && on(n[1])) {
            return Err(off_board());
        }
        Ok(Move::Pawn(Cell::new(n[0] as u8, n[1] as u8)))
    } else {
        let on = |v: i64| (0..side - 1).contains(&v);
        if !(on(n[0]) && on(n[1]) && (n[2] == 0 || n[2] == 1)) {
            return Err(off_board());
        }
        Ok(Move::Wall(Wall { x: n[0] as u8, y: n[1] as u8, vertical: n[2] == 1 }))
    }
}

// ---------------------------------------------------------------------------
// Bot side
// ---------------------------------------------------------------------------

/// Why the referee's messages cannot be read by a bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// Reading or writing failed.
    #[error("i/o error: {0}")]
    Io(String),
    /// The input ended in the middle of a message (or before the start).
    #[error("input ended while reading {0}")]
    UnexpectedEnd(&'static str),
    /// A token is not an integer.
    #[error("`{token}` is not an integer ({what})")]
    NotANumber {
        /// What was being read.
        what: &'static str,
        /// The token (at most 24 bytes of it, lossily decoded).
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
    /// The messages do not describe a legal position.
    #[error("the message describes no legal position: {0}")]
    BadPosition(SetupError),
}

impl GameError for ProtocolError {
    fn kind(&self) -> &'static str {
        match self {
            ProtocolError::Io(_) => "io",
            ProtocolError::UnexpectedEnd(_) => "unexpected-end",
            ProtocolError::NotANumber { .. } => "not-a-number",
            ProtocolError::OutOfRange { .. } => "out-of-range",
            ProtocolError::BadPosition(_) => "bad-position",
        }
    }
}

fn io_error(e: &std::io::Error) -> ProtocolError {
    ProtocolError::Io(e.to_string())
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

/// What a bot reads at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartMessage {
    /// Number of players `N` (2 or 4).
    pub players: u8,
    /// The reading bot's player number.
    pub player_id: PlayerId,
    /// Board side `M`.
    pub size: u8,
    /// Each player's start cell (`None` if given as `-1 -1`) and walls.
    pub pawns: Vec<(Option<Cell>, u8)>,
}

impl StartMessage {
    /// The configuration these lines describe, as far as they tell: the wall
    /// total is the sum of the players' walls, the first player (not sent)
    /// is player 0, and there is no tick limit (not sent either).
    pub fn config(&self) -> Config {
        let walls = self.pawns.iter().map(|&(_, f)| u32::from(f)).sum::<u32>().min(255) as u8;
        Config { size: self.size, players: self.players, walls, first_player: PlayerId(0), tick_limit: None }
    }
}

/// What a bot reads on its turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMessage {
    /// The tick of this turn (from 1).
    pub tick: u32,
    /// Each player's pawn (`None` when removed) and walls left.
    pub pawns: Vec<(Option<Cell>, u8)>,
    /// The walls in placement order, with their owners.
    pub walls: Vec<PlacedWall>,
}

impl TurnMessage {
    /// The position this turn describes, with the reading bot to move and no
    /// tick limit (the protocol does not send it; see [`Session`]).
    ///
    /// # Errors
    /// [`ProtocolError::BadPosition`] when the lines describe no legal
    /// position.
    pub fn to_state(&self, start: &StartMessage) -> Result<Quoridor, ProtocolError> {
        self.state_with_limit(start, None)
    }

    fn state_with_limit(&self, start: &StartMessage, tick_limit: Option<u32>) -> Result<Quoridor, ProtocolError> {
        Quoridor::from_setup(Setup {
            config: start.config().with_tick_limit(tick_limit),
            pawns: self.pawns.iter().map(|&(c, _)| c).collect(),
            walls_left: self.pawns.iter().map(|&(_, f)| f).collect(),
            walls: self.walls.iter().map(|w| w.wall).collect(),
            tick: self.tick.saturating_sub(1),
            to_move: start.player_id,
        })
        .map_err(ProtocolError::BadPosition)
    }

    /// The wall history these lines give.
    pub fn history(&self) -> History {
        History::from_walls(self.walls.clone())
    }
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
            config: start.config(),
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
        let limit = tick_limit.filter(|&n| n > 0 && n > self.state.tick());
        let mut setup = self.state.to_setup();
        setup.config.tick_limit = limit;
        if let Ok(state) = Quoridor::from_setup(setup) {
            self.state = state;
            self.tick_limit = limit;
        }
        self
    }

    /// The start message.
    pub fn start(&self) -> &StartMessage {
        &self.start
    }

    /// The current position: after [`update`](Session::update), the one the
    /// last turn message describes, with the bot to move.
    pub fn state(&self) -> &Quoridor {
        &self.state
    }

    /// The bot's player number.
    pub fn me(&self) -> PlayerId {
        self.start.player_id
    }

    /// The walls placed so far, in placement order with their owners.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The tick limit assumed (`None` by default).
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

/// Runs a bot over the protocol: reads the start message, then for each
/// turn message updates a [`Session`], calls `bot` with the state, the bot's
/// player number and the time left for this answer (a [`Clock`] over
/// [`TIME_CONTROL`], started when the turn message has been read), and
/// writes its answer. Returns `Ok(())` at the end marker or the end of the
/// input between turns. The session has no tick limit (see [`Session`]).
///
/// # Errors
/// [`ProtocolError`] when the input is malformed or describes no legal
/// position, or reading or writing fails.
pub fn run_bot<R: BufRead, W: Write, F>(mut input: R, mut output: W, mut bot: F) -> Result<(), ProtocolError>
where
    F: FnMut(&Quoridor, PlayerId, Duration) -> Move,
{
    let start = read_start(&mut input)?;
    let mut session = Session::new(start)?;
    let mut clock = Clock::new(TIME_CONTROL);
    while let Some(turn) = read_turn(&mut input, session.start())? {
        let read_at = Instant::now();
        let budget = clock.start_answer();
        session.update(&turn)?;
        let mv = bot(session.state(), session.me(), budget.saturating_sub(read_at.elapsed()));
        session.answered(&mv);
        write_answer(&mut output, mv).map_err(|e| io_error(&e))?;
        clock.end_answer(read_at.elapsed());
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

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
