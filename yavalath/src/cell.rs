//! Cells of the board, their coordinates, and sets of cells ([`Bitboard`]).
//!
//! # Coordinates
//! * **Protocol `x y`** ([`Cell::from_xy`], [`Cell::x`], [`Cell::y`]): `y` is the row, 0 to 8 from the
//!   top, `x` the 0-based index inside the row from its left end. Rows hold 5, 6, 7, 8, 9, 8, 7, 6, 5
//!   cells.
//! * **Reading index** ([`Cell::index`], [`Cell::from_index`]): 0 to 60, row by row, left to right; it
//!   is also the order of [`Ord`] on cells.
//! * **Axial / cube** ([`Cell::axial`], [`Cell::cube`]): the usual hexagonal coordinates (pointy-top
//!   hexagons, `r` growing downwards), centred on the middle cell `4 4`: `q = a - y`, `r = y - 4`,
//!   `s = -q - r`, where `a = x + max(0, y - 4)`. A cell is on the board iff `max(|q|, |r|, |s|) <= 4`.
//! * **Bit** ([`Cell::bit`]): the cell's bit in a [`Bitboard`], `(a + 13 y) mod 61`. This lattice
//!   numbering makes each of the three line directions one rotation of the 61-bit word (by 1, 13 and
//!   14), which is what makes the line tests a handful of instructions.

use crate::error::YavalathError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of cells on the board.
pub const CELLS: usize = 61;
/// Number of rows.
pub const ROWS: usize = 9;

/// Number of cells of row `y` (0 for a row off the board).
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
/// ```
/// use yavalath::Cell;
/// let c = Cell::from_xy(2, 6).unwrap();
/// assert_eq!((c.x(), c.y()), (2, 6));
/// assert_eq!(c.to_string(), "2 6");
/// assert_eq!(Cell::from_axial(c.axial().0, c.axial().1), Some(c));
/// assert!(Cell::from_xy(5, 0).is_err()); // row 0 has 5 cells
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "(u8, u8)", try_from = "(i64, i64)")]
pub struct Cell(pub(crate) u8);

impl Cell {
    /// The middle cell, `4 4`.
    pub const CENTER: Cell = Cell(bit_of_ay(4, 4));

    /// The cell at protocol coordinates `x y`.
    ///
    /// # Errors
    /// [`YavalathError::OffBoard`] when `(x, y)` is not on the board.
    pub fn from_xy(x: i64, y: i64) -> Result<Cell, YavalathError> {
        if (0..ROWS as i64).contains(&y) && (0..row_len(y as usize) as i64).contains(&x) {
            let (x, y) = (x as usize, y as usize);
            Ok(Cell(bit_of_ay(x + a_offset(y), y)))
        } else {
            Err(YavalathError::OffBoard { x, y })
        }
    }

    /// The index of the cell inside its row, from the left (protocol `x`).
    #[inline]
    pub fn x(self) -> u8 {
        TABLES.x[self.0 as usize]
    }

    /// The row of the cell, from the top (protocol `y`).
    #[inline]
    pub fn y(self) -> u8 {
        TABLES.y[self.0 as usize]
    }

    /// The cell's bit in a [`Bitboard`] (0 to 60).
    #[inline]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The cell of a [`Bitboard`] bit, if `bit < 61`.
    #[inline]
    pub const fn from_bit(bit: u8) -> Option<Cell> {
        if (bit as usize) < CELLS { Some(Cell(bit)) } else { None }
    }

    /// The reading index, 0 to 60: row by row from the top, left to right.
    #[inline]
    pub fn index(self) -> usize {
        TABLES.index_of_bit[self.0 as usize] as usize
    }

    /// The cell of a reading index, if `index < 61`.
    #[inline]
    pub fn from_index(index: usize) -> Option<Cell> {
        TABLES.bit_of_index.get(index).map(|&b| Cell(b))
    }

    /// Axial coordinates `(q, r)` centred on `4 4` (see the [module docs](self)).
    pub fn axial(self) -> (i32, i32) {
        let y = i32::from(self.y());
        let a = i32::from(self.x()) + (y - 4).max(0);
        (a - y, y - 4)
    }

    /// The cell at axial coordinates `(q, r)`, if on the board.
    pub fn from_axial(q: i32, r: i32) -> Option<Cell> {
        let (q, r) = (i64::from(q), i64::from(r));
        if q.abs() > 4 || r.abs() > 4 || (q + r).abs() > 4 {
            return None;
        }
        let y = r + 4;
        let a = q + y;
        Cell::from_xy(a - (y - 4).max(0), y).ok()
    }

    /// Cube coordinates `(q, r, s)` with `q + r + s == 0`.
    pub fn cube(self) -> (i32, i32, i32) {
        let (q, r) = self.axial();
        (q, r, -q - r)
    }

    /// The cell at cube coordinates, if `q + r + s == 0` and it is on the board.
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

    /// The (up to six) neighbouring cells.
    pub fn neighbors(self) -> Bitboard {
        let b = Bitboard::from(self).0;
        let mut n = 0;
        for axis in 0..3 {
            n |= crate::bits::fwd(b, axis) | crate::bits::bwd(b, axis);
        }
        Bitboard(n)
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

impl TryFrom<(i64, i64)> for Cell {
    type Error = YavalathError;
    fn try_from((x, y): (i64, i64)) -> Result<Cell, YavalathError> {
        Cell::from_xy(x, y)
    }
}

/// A set of cells as one `u64` (bit [`Cell::bit`] is the cell; bits 61 to 63 are always clear).
///
/// Iteration goes in bit order, which is not reading order; collect and sort for reading order.
///
/// ```
/// use yavalath::{Bitboard, Cell};
/// let a = Cell::from_xy(0, 0).unwrap();
/// let mut set = Bitboard::EMPTY;
/// set.insert(a);
/// assert!(set.contains(a));
/// assert_eq!((!set).len(), 60);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [a]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// No cell.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every cell.
    pub const FULL: Bitboard = Bitboard(crate::bits::FULL);

    /// The set with the given bits, ignoring bits 61 to 63.
    #[inline]
    pub const fn from_bits(bits: u64) -> Bitboard {
        Bitboard(bits & crate::bits::FULL)
    }

    /// The raw bits (bit [`Cell::bit`] set for each cell of the set).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.0 & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1 << cell.0;
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1 << cell.0);
    }

    /// Number of cells.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cell of lowest bit, if any.
    #[inline]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 { None } else { Some(Cell(self.0.trailing_zeros() as u8)) }
    }

    /// The cells of the set, in bit order.
    #[inline]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl From<Cell> for Bitboard {
    #[inline]
    fn from(c: Cell) -> Bitboard {
        Bitboard(1 << c.0)
    }
}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for c in iter {
            b.insert(c);
        }
        b
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}

impl std::ops::BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    /// The complement on the board.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & crate::bits::FULL)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cells: Vec<Cell> = self.iter().collect();
        cells.sort();
        f.debug_set().entries(cells.iter().map(|c| format!("{c}"))).finish()
    }
}

/// Iterator over the cells of a [`Bitboard`], in bit order.
#[derive(Clone, Debug)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell(b))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}
