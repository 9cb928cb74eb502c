//! The referee's side: the messages a bot reads, and reading a bot's answer
//! lines (and whole records of moves) as the contest does.

// Numbers are range-checked before their casts (coordinates on the board,
// player numbers below 4, safe integers below 2^53), so the casts are exact;
// `v.trunc() == v` is JavaScript's exact integer test, on purpose; `n`, `b`,
// `t`, `u`, `i` are the bytes and indices of a JavaScript number literal.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::float_cmp,
    clippy::many_single_char_names,
    clippy::similar_names
)]

use super::message::History;
use crate::error::{AnswerError, RecordError};
use crate::moves::{Move, Wall};
use crate::state::Quoridor;
use game_core::grid::Cell;
use game_core::{Game, PlayerId};
use std::fmt::Write as _;

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
#[must_use]
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
#[must_use]
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
#[must_use]
pub fn skips_line(line: &[u8]) -> bool {
    js_trim(&String::from_utf8_lossy(line)).is_empty()
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
        // After the end, the seat whose turn was last: its move is refused
        // with `SeatError::GameOver`.
        let player = PlayerId(state.to_move);
        game_core::Game::play(&mut state, player, mv).map_err(|e| RecordError::Illegal {
            line: line_no,
            player,
            error: e,
        })?;
        history.record(player, mv);
    }
    Ok((state, history))
}

/// The contest as a whole, for a host (the `arena`, a web server, a
/// tournament manager): the start position of its configuration, the
/// messages above, answers read by [`parse_answer`], a failed answer
/// (time-out, crash, unreadable or illegal) replaced by
/// [`Quoridor::fallback_move`] with the bot kept in the game, a removed
/// player (four players) told [`END_MESSAGE`](super::END_MESSAGE) at once,
/// and [`TIME_CONTROL`](super::TIME_CONTROL). Text records hold one move per
/// line in contest or algebraic notation (several algebraic moves may share
/// a line, joined by `/`).
///
/// [`Referee::default`] is the contest's standard game (9 x 9, 2 players,
/// 100 ticks).
#[cfg(feature = "referee")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Referee {
    start: Quoridor,
}

#[cfg(feature = "referee")]
impl Referee {
    /// The contest of `config`, from its start position.
    ///
    /// # Errors
    /// [`ConfigError`](crate::ConfigError) when [`Quoridor::new`] refuses the
    /// configuration.
    pub fn new(config: crate::Config) -> Result<Referee, crate::ConfigError> {
        Quoridor::new(config).map(|start| Referee { start })
    }

    /// The configuration of the contest.
    #[must_use]
    pub fn config(&self) -> crate::Config {
        self.start.config()
    }
}

/// The wall history of the turns played so far.
#[cfg(feature = "referee")]
fn history_of(log: &[game_core::referee::TurnLog<Move>]) -> History {
    let mut h = History::new();
    for t in log {
        for &m in &t.moves {
            h.record(t.player, m);
        }
    }
    h
}

#[cfg(feature = "referee")]
impl game_core::referee::Contest for Referee {
    type Game = Quoridor;

    fn start(&self) -> Quoridor {
        self.start
    }
    fn time_control(&self) -> game_core::TimeControl {
        super::TIME_CONTROL
    }
    fn failure_policy(&self) -> game_core::referee::FailurePolicy {
        game_core::referee::FailurePolicy::Substitute
    }
    fn format_move(&self, _state: &Quoridor, mv: Move) -> String {
        crate::notation::format_contest(mv)
    }
    fn start_message(&self, state: &Quoridor, seat: PlayerId) -> String {
        start_message(state, seat)
    }
    fn turn_message(
        &self,
        state: &Quoridor,
        _seat: PlayerId,
        history: &[game_core::referee::TurnLog<Move>],
        _first: bool,
    ) -> String {
        turn_message(state, &history_of(history))
    }
    fn parse_answer(
        &self,
        state: &Quoridor,
        _seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<game_core::referee::ParsedAnswer<Move>, game_core::referee::ContestError> {
        let line = lines.first().copied().unwrap_or_default();
        let mv = parse_answer(state.size(), line).map_err(|e| game_core::referee::ContestError::from_game(&e))?;
        Ok(game_core::referee::ParsedAnswer { moves: vec![mv], notes: Vec::new() })
    }
    fn end_message(&self, _state: &Quoridor, _seat: PlayerId) -> String {
        super::END_MESSAGE.to_string()
    }
    fn skips_line(&self, line: &[u8]) -> bool {
        skips_line(line)
    }
    fn timeout_keeps_bot(&self) -> bool {
        true
    }
    fn seat_done(&self, state: &Quoridor, seat: PlayerId) -> bool {
        state.is_removed(seat)
    }
    fn fallback_turn(&self, state: &Quoridor, seat: PlayerId, rng: &mut game_core::rng::GameRng) -> Vec<Move> {
        if state.to_act().includes(seat) { state.fallback_move(rng).into_iter().collect() } else { Vec::new() }
    }
    fn judge_split(&self, text: &str) -> Vec<String> {
        text.lines()
            .flat_map(|l| {
                let l = l.trim();
                if l.contains('/') { l.split('/').map(|m| m.trim().to_string()).collect() } else { vec![l.to_string()] }
            })
            .filter(|l| !l.is_empty())
            .collect()
    }
    fn judge_line(
        &self,
        state: &Quoridor,
        _player: PlayerId,
        line: &str,
    ) -> Result<Vec<Move>, game_core::referee::ContestError> {
        crate::notation::parse_any(line, state.size())
            .map(|m| vec![m])
            .map_err(|e| game_core::referee::ContestError::from_game(&e))
    }
}
