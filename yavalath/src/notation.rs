//! Moves and positions as text: a move is `x y` (the protocol's coordinates, [`Cell::from_xy`]),
//! a game record is one move per line ([`parse_record`]), and a position has a compact notation
//! ([`Yavalath::notation`], [`FromStr`](#impl-FromStr-for-Yavalath)).

use crate::cell::{Cell, ROWS};
use crate::error::{MoveError, ParseMoveError, RecordError, SetupError};
use crate::state::Yavalath;
use game_core::{MoveNotation, PlayerId};
use std::str::FromStr;

impl Cell {
    /// The cell at protocol coordinates `x y`.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`] when `(x, y)` is not on the board.
    pub fn from_xy(x: i64, y: i64) -> Result<Cell, MoveError> {
        Cell::at_xy(x, y).ok_or(MoveError::OffBoard { x, y })
    }
}

impl TryFrom<(i64, i64)> for Cell {
    type Error = MoveError;
    fn try_from((x, y): (i64, i64)) -> Result<Cell, MoveError> {
        Cell::from_xy(x, y)
    }
}

impl Yavalath {
    /// The position notation (see [`FromStr`](#impl-FromStr-for-Yavalath)).
    #[must_use]
    pub fn notation(&self) -> String {
        let mut s = String::with_capacity(48);
        for y in 0..ROWS {
            if y > 0 {
                s.push('/');
            }
            let mut run = 0u8;
            for c in Cell::all().filter(|c| usize::from(c.y()) == y) {
                match self.stone_at(c) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            s.push((b'0' + run) as char);
                            run = 0;
                        }
                        s.push(if p.0 == 0 { 'x' } else { 'o' });
                    }
                }
            }
            if run > 0 {
                s.push((b'0' + run) as char);
            }
        }
        s.push(' ');
        s.push(if self.plies & 1 == 0 { 'x' } else { 'o' });
        s
    }
}

impl FromStr for Yavalath {
    type Err = SetupError;

    /// Reads the compact position notation written by [`Yavalath::notation`]: the 9 rows top to
    /// bottom separated by `/`, each cell `x` (player 0), `o` (player 1), `.` or a digit counting
    /// empty cells; then one space and the player to move, `x` or `o` (for a finished game, the
    /// player who would be next). The start is `5/6/7/8/9/8/7/6/5 x`.
    ///
    /// ```
    /// use yavalath::Yavalath;
    /// let g: Yavalath = "5/6/7/8/4x4/8/7/6/5 o".parse().unwrap();
    /// assert!(g.can_steal());
    /// assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g);
    /// ```
    fn from_str(s: &str) -> Result<Yavalath, SetupError> {
        let (board, side) = s.split_once(' ').ok_or_else(|| SetupError::BadPlayer(String::new()))?;
        let to_move = match side {
            "x" => PlayerId(0),
            "o" => PlayerId(1),
            other => return Err(SetupError::BadPlayer(other.chars().take(20).collect())),
        };
        let rows: Vec<&str> = board.split('/').collect();
        Yavalath::from_rows(&rows, to_move, true)
    }
}

impl MoveNotation for Yavalath {
    type ParseError = ParseMoveError;

    /// `x y`.
    fn format_move(&self, cell: Cell) -> String {
        cell.to_string()
    }

    /// Reads `x y`: two integers separated by whitespace, surrounding whitespace ignored (the bot
    /// protocol's stricter answer rules are `protocol::parse_answer`).
    fn parse_move(&self, text: &str) -> Result<Cell, ParseMoveError> {
        parse_move_text(text)
    }
}

/// Reads a move `x y` leniently (records, people): surrounding whitespace is ignored and the two
/// integers may be separated by any whitespace; nothing else may follow.
///
/// # Errors
/// [`ParseMoveError::Unreadable`] or [`ParseMoveError::OffBoard`].
pub fn parse_move_text(text: &str) -> Result<Cell, ParseMoveError> {
    let piece = |p: &str| p.chars().take(80).collect::<String>();
    let unreadable = |reason| ParseMoveError::unreadable(text, reason);
    let mut it = text.split_whitespace();
    let (xs, ys) = match (it.next(), it.next(), it.next()) {
        (Some(xs), Some(ys), None) => (xs, ys),
        (None, ..) => return Err(unreadable("the move is empty, not `x y` (two integers)".into())),
        (Some(xs), None, _) => {
            return Err(unreadable(format!("`{}` alone: y is missing (`x y` is two integers)", piece(xs))));
        }
        (_, _, Some(more)) => {
            return Err(unreadable(format!("`{}` after `x y` (a move is two integers, nothing more)", piece(more))));
        }
    };
    let integer = |p: &str| {
        p.parse::<i32>().map_err(|_| unreadable(format!("`{}` is not an integer (`x y` is two integers)", piece(p))))
    };
    let x = integer(xs)?;
    let y = integer(ys)?;
    Cell::from_xy(i64::from(x), i64::from(y)).map_err(|_| ParseMoveError::OffBoard { x: i64::from(x), y: i64::from(y) })
}

/// Reads a game record as `arena judge` does: one move `x y` per line ([`parse_move_text`]);
/// blank lines are skipped. Returns each move with its 1-based line number. The moves are not
/// checked against the rules: play them in order with [`game_core::Game::play`] (players alternate,
/// the first move is [`PlayerId`]`(0)`'s), or use [`Yavalath::replay`].
///
/// # Errors
/// The first unreadable line.
///
/// ```
/// use yavalath::protocol::parse_record;
/// use yavalath::Yavalath;
/// let moves = parse_record("4 4\n4 4\n\n0 0\n").unwrap();
/// let cells: Vec<_> = moves.iter().map(|&(_, c)| c).collect();
/// let g = Yavalath::replay(&cells).unwrap();
/// assert!(g.stolen());
/// assert_eq!(parse_record("4 4\n9 9\n").unwrap_err().line, 2);
/// ```
pub fn parse_record(text: &str) -> Result<Vec<(usize, Cell)>, RecordError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| parse_move_text(l).map(|c| (i + 1, c)).map_err(|error| RecordError { line: i + 1, error }))
        .collect()
}
