//! Cells of the board and their coordinates (sets of cells are [`Bitboard`](crate::Bitboard)s);
//! the coordinates are described on [`Cell`].

// Coordinates are below 9 and bits and indices below 61, so the `as` conversions between `usize`,
// `i64` and `u8` are exact (and in `const fn`s, where `From`/`TryFrom` are not callable); every
// `i64` is range-checked before it is converted.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap, clippy::cast_sign_loss)]

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of cells on the board.
pub const CELLS: usize = 61;
/// Number of rows.
pub const ROWS: usize = 9;

/// Number of cells of row `y` (0 for a row off the board).
#[must_use]
pub const fn row_len(y: usize) -> usize {
    if y >= ROWS {
        0
    } else if y <= 4 {
        5 + y
    } else {
        13 - y
    }
}

/// `a - x` on row `y`.
const fn a_offset(y: usize) -> usize {
    y.saturating_sub(4)
}

/// The bit of the cell `(a, y)` of the internal `(a, y)` model.
pub(crate) const fn bit_of_ay(a: usize, y: usize) -> u8 {
    ((a + 13 * y) % 61) as u8
}

pub(crate) struct Tables {
    /// `x` of each bit.
    pub x: [u8; CELLS],
    /// `y` of each bit.
    pub y: [u8; CELLS],
    /// Reading index of each bit.
    pub index_of_bit: [u8; CELLS],
    /// Bit of each reading index.
    pub bit_of_index: [u8; CELLS],
}

const fn build_tables() -> Tables {
    let mut t = Tables { x: [0; CELLS], y: [0; CELLS], index_of_bit: [0; CELLS], bit_of_index: [0; CELLS] };
    let mut index = 0;
    let mut y = 0;
    while y < ROWS {
        let mut x = 0;
        while x < row_len(y) {
            let bit = bit_of_ay(x + a_offset(y), y) as usize;
            t.x[bit] = x as u8;
            t.y[bit] = y as u8;
            t.index_of_bit[bit] = index as u8;
            t.bit_of_index[index] = bit as u8;
            index += 1;
            x += 1;
        }
        y += 1;
    }
    t
}

pub(crate) const TABLES: Tables = build_tables();

/// One cell of the board (always on the board: every constructor checks).
///
/// # Coordinates
/// * **Protocol `x y`** ([`Cell::from_xy`], [`Cell::x`], [`Cell::y`]): `y` is the row, 0 to 8 from the
///   top, `x` the 0-based index inside the row from its left end. Rows hold 5, 6, 7, 8, 9, 8, 7, 6, 5
///   cells.
/// * **Reading index** ([`Cell::index`], [`Cell::from_index`]): 0 to 60, row by row, left to right; it
///   is also the order of [`Ord`] on cells.
/// * **Axial / cube** ([`Cell::axial`], [`Cell::cube`]): the usual hexagonal coordinates (pointy-top
///   hexagons, `r` growing downwards), centred on the middle cell `4 4`: `q = a - y`, `r = y - 4`,
///   `s = -q - r`, where `a = x + max(0, y - 4)`. A cell is on the board iff `max(|q|, |r|, |s|) <= 4`.
/// * **Bit** ([`Cell::bit`]): the cell's bit in a [`Bitboard`](crate::Bitboard), `(a + 13 y) mod 61`. This lattice
///   numbering makes each of the three line directions one rotation of the 61-bit word (by 1, 13 and
///   14), which is what makes the line tests a handful of instructions.
///
/// ```
/// use yavalath::Cell;
/// let c = Cell::from_xy(2, 6).unwrap();
/// assert_eq!((c.x(), c.y()), (2, 6));
/// assert_eq!(c.to_string(), "2 6");
/// assert_eq!(Cell::from_axial(c.axial().0, c.axial().1), Some(c));
/// assert!(Cell::from_xy(5, 0).is_err()); // row 0 has 5 cells
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "(u8, u8)", try_from = "(i64, i64)"))]
pub struct Cell(pub(crate) u8);

impl Cell {
    /// The middle cell, `4 4`.
    pub const CENTER: Cell = Cell(bit_of_ay(4, 4));

    /// The cell at protocol coordinates `x y`, if on the board ([`Cell::from_xy`] is the same with
    /// a typed error; it lives in the `notation` module, next to the error it returns).
    pub(crate) fn at_xy(x: i64, y: i64) -> Option<Cell> {
        if (0..ROWS as i64).contains(&y) && (0..row_len(y as usize) as i64).contains(&x) {
            let (x, y) = (x as usize, y as usize);
            Some(Cell(bit_of_ay(x + a_offset(y), y)))
        } else {
            None
        }
    }

    /// The index of the cell inside its row, from the left (protocol `x`).
    #[inline]
    #[must_use]
    pub fn x(self) -> u8 {
        TABLES.x[self.0 as usize]
    }

    /// The row of the cell, from the top (protocol `y`).
    #[inline]
    #[must_use]
    pub fn y(self) -> u8 {
        TABLES.y[self.0 as usize]
    }

    /// The cell's bit in a [`Bitboard`](crate::Bitboard) (0 to 60).
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The cell of a [`Bitboard`](crate::Bitboard) bit, if `bit < 61`.
    #[inline]
    #[must_use]
    pub const fn from_bit(bit: u8) -> Option<Cell> {
        if (bit as usize) < CELLS { Some(Cell(bit)) } else { None }
    }

    /// The reading index, 0 to 60: row by row from the top, left to right.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        TABLES.index_of_bit[self.0 as usize] as usize
    }

    /// The cell of a reading index, if `index < 61`.
    #[inline]
    #[must_use]
    pub fn from_index(index: usize) -> Option<Cell> {
        TABLES.bit_of_index.get(index).map(|&b| Cell(b))
    }

    /// Axial coordinates `(q, r)` centred on `4 4` (see [`Cell`]).
    #[must_use]
    pub fn axial(self) -> (i32, i32) {
        let y = i32::from(self.y());
        let a = i32::from(self.x()) + (y - 4).max(0);
        (a - y, y - 4)
    }

    /// The cell at axial coordinates `(q, r)`, if on the board.
    #[must_use]
    pub fn from_axial(q: i32, r: i32) -> Option<Cell> {
        // `at_xy` keeps the board: the rows 0 to 8, and in each row its cells.
        let (q, r) = (i64::from(q), i64::from(r));
        let y = r + 4;
        let a = q + y;
        Cell::at_xy(a - (y - 4).max(0), y)
    }

    /// Cube coordinates `(q, r, s)` with `q + r + s == 0`.
    #[must_use]
    pub fn cube(self) -> (i32, i32, i32) {
        let (q, r) = self.axial();
        (q, r, -q - r)
    }

    /// The cell at cube coordinates, if `q + r + s == 0` and it is on the board.
    #[must_use]
    pub fn from_cube(q: i32, r: i32, s: i32) -> Option<Cell> {
        if q.checked_add(r)?.checked_add(s)? != 0 {
            return None;
        }
        Cell::from_axial(q, r)
    }

    /// All 61 cells in reading order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        TABLES.bit_of_index.iter().map(|&b| Cell(b))
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cell {
    /// Reading order (row by row, left to right).
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl fmt::Display for Cell {
    /// Protocol notation `x y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x(), self.y())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({} {})", self.x(), self.y())
    }
}

impl From<Cell> for (u8, u8) {
    fn from(c: Cell) -> (u8, u8) {
        (c.x(), c.y())
    }
}
