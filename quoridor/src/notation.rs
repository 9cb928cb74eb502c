//! Move notations: the contest's `x y` / `x y v`, and the standard algebraic
//! one (`e2`, `e3h`, games as `e2/e8/e3h`).
//!
//! Algebraic notation sees the board from the first player's side, which is
//! the contest board turned by 180 degrees: cell `(x, y)` is column
//! `a + (M-1-x)`, row `y + 1`; wall `(x, y, v)` is column `a + (M-2-x)`, row
//! `y + 1`, then `h` (horizontal) or `v` (vertical). So the contest's `(4, 0)`
//! is `e1` and `(8, 4)` is `a5`.
//!

// Column and row numbers are checked against the board (at most 255) before
// the casts to `u8`.
#![allow(clippy::cast_possible_truncation)]

use crate::error::ParseMoveError;
use crate::moves::{Move, Wall};
use crate::state::Quoridor;
use game_core::MoveNotation;
use game_core::grid::Cell;

/// Writes a move in the contest's notation: `x y` for a pawn move, `x y v`
/// for a wall (`v` 1 when vertical).
#[must_use]
pub fn format_contest(mv: Move) -> String {
    mv.to_string()
}

fn coordinate(token: &str) -> Result<u8, ParseMoveError> {
    let n: i64 = token.parse().map_err(|_| ParseMoveError::NotANumber(token.to_string()))?;
    u8::try_from(n).map_err(|_| ParseMoveError::OutOfRange(token.to_string()))
}

/// Reads a move in the contest's notation: 2 or 3 whitespace-separated
/// integers (`x y` or `x y v`). Coordinates are not checked against the
/// board here (an off-board move is an illegal move, see
/// [`MoveError`](crate::MoveError)), only that they are 0 to 255.
///
/// # Errors
/// [`ParseMoveError`] when the text is not of that form.
pub fn parse_contest(text: &str) -> Result<Move, ParseMoveError> {
    let mut tokens = text.split_whitespace();
    let mut t = [""; 3];
    let mut n = 0;
    for tok in tokens.by_ref() {
        if n == 3 {
            return Err(ParseMoveError::TokenCount(4 + tokens.count()));
        }
        t[n] = tok;
        n += 1;
    }
    match n {
        0 => Err(ParseMoveError::Empty),
        2 => Ok(Move::Pawn(Cell::new(coordinate(t[0])?, coordinate(t[1])?))),
        3 => {
            let (x, y) = (coordinate(t[0])?, coordinate(t[1])?);
            let vertical = match t[2] {
                "0" => false,
                "1" => true,
                other => return Err(ParseMoveError::BadOrientation(other.to_string())),
            };
            Ok(Move::Wall(Wall { x, y, vertical }))
        }
        n => Err(ParseMoveError::TokenCount(n)),
    }
}

/// Writes a move in algebraic notation for a board of side `size`. Moves off
/// the board are written in the contest's notation instead (they have no
/// algebraic form).
///
/// Algebraic notation sees the board from the first player's side, which is
/// the contest board turned by 180 degrees: cell `(x, y)` is column
/// `a + (M-1-x)`, row `y + 1`; wall `(x, y, v)` is column `a + (M-2-x)`, row
/// `y + 1`, then `h` (horizontal) or `v` (vertical). So the contest's `(4, 0)`
/// is `e1` and `(8, 4)` is `a5`.
///
/// ```
/// use quoridor::{format_algebraic, parse_algebraic, parse_contest};
/// use quoridor::{Cell, Move, Wall};
/// assert_eq!(parse_contest("4 1").unwrap(), Move::Pawn(Cell::new(4, 1)));
/// assert_eq!(parse_contest("3 2 1").unwrap(), Move::Wall(Wall::vertical(3, 2)));
/// assert_eq!(format_algebraic(Move::Pawn(Cell::new(4, 0)), 9), "e1");
/// assert_eq!(parse_algebraic("a5", 9).unwrap(), Move::Pawn(Cell::new(8, 4)));
/// assert_eq!(parse_algebraic("e3h", 9).unwrap(), Move::Wall(Wall::horizontal(3, 2)));
/// ```
#[must_use]
pub fn format_algebraic(mv: Move, size: u8) -> String {
    let col = |c: u8| char::from(b'a' + c);
    match mv {
        Move::Pawn(c) if c.x < size && c.y < size => format!("{}{}", col(size - 1 - c.x), u32::from(c.y) + 1),
        Move::Wall(w) if size >= 2 && w.x <= size - 2 && w.y <= size - 2 => {
            format!("{}{}{}", col(size - 2 - w.x), u32::from(w.y) + 1, if w.vertical { 'v' } else { 'h' })
        }
        other => format_contest(other),
    }
}

/// Reads a move in algebraic notation for a board of side `size` (`e2`,
/// `e3h`, `a5v`; letters in either case).
///
/// # Errors
/// [`ParseMoveError`] when the text is not a cell or wall of the board.
pub fn parse_algebraic(text: &str, size: u8) -> Result<Move, ParseMoveError> {
    let t = text.trim();
    let mut chars = t.chars();
    let Some(first) = chars.next() else {
        return Err(ParseMoveError::Empty);
    };
    let c = first.to_ascii_lowercase();
    if !c.is_ascii_lowercase() || (c as u32 - 'a' as u32) >= u32::from(size) {
        return Err(ParseMoveError::BadColumn(t.to_string()));
    }
    let col = (c as u32 - 'a' as u32) as u8;
    let rest = chars.as_str();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (num, suffix) = rest.split_at(digits);
    let row: u32 = num.parse().map_err(|_| ParseMoveError::BadRow(t.to_string()))?;
    if row == 0 || row > u32::from(size) || num.starts_with('0') {
        return Err(ParseMoveError::BadRow(t.to_string()));
    }
    let y = (row - 1) as u8;
    match suffix {
        "" => Ok(Move::Pawn(Cell::new(size - 1 - col, y))),
        "h" | "H" | "v" | "V" => {
            if size < 2 || col > size - 2 {
                return Err(ParseMoveError::BadColumn(t.to_string()));
            }
            if y > size - 2 {
                return Err(ParseMoveError::BadRow(t.to_string()));
            }
            Ok(Move::Wall(Wall { x: size - 2 - col, y, vertical: suffix.eq_ignore_ascii_case("v") }))
        }
        _ => Err(ParseMoveError::BadSuffix(t.to_string())),
    }
}

/// Reads a move in either notation: algebraic when it starts with a letter,
/// the contest's otherwise.
///
/// # Errors
/// [`ParseMoveError`] of the notation tried.
pub fn parse_any(text: &str, size: u8) -> Result<Move, ParseMoveError> {
    match text.trim_start().chars().next() {
        Some(c) if c.is_ascii_alphabetic() => parse_algebraic(text, size),
        _ => parse_contest(text),
    }
}

/// Writes a game in algebraic notation, moves joined by `/` (`e2/e8/e3h`).
#[must_use]
pub fn format_algebraic_record(moves: &[Move], size: u8) -> String {
    moves.iter().map(|&m| format_algebraic(m, size)).collect::<Vec<_>>().join("/")
}

/// Reads a game written in algebraic notation with moves joined by `/`
/// (whitespace around moves is ignored; an empty text is an empty game).
///
/// # Errors
/// [`ParseMoveError::InRecord`] naming the first unreadable move.
pub fn parse_algebraic_record(text: &str, size: u8) -> Result<Vec<Move>, ParseMoveError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split('/')
        .enumerate()
        .map(|(index, m)| parse_algebraic(m, size).map_err(|e| ParseMoveError::InRecord { index, error: Box::new(e) }))
        .collect()
}

impl MoveNotation for Quoridor {
    type ParseError = ParseMoveError;

    /// The contest's notation (`x y`, `x y v`).
    fn format_move(&self, mv: Move) -> String {
        format_contest(mv)
    }

    /// The contest's notation, or algebraic notation when the text starts
    /// with a letter (see [`parse_any`]).
    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        parse_any(text, self.size())
    }
}
