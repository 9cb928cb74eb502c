//! Sets of cells: [`Bitboard`], one bit per cell in the lattice numbering of [`Cell::bit`].

// `Cell::bit` is a `u8` below 61, so widening it to the macro's `u32` bit index (`as`, since
// `u32::from` is not `const`) and narrowing a bit index below 61 back to a `u8` are exact.
#![allow(clippy::cast_lossless, clippy::cast_possible_truncation)]

use crate::bits::{FULL, bwd, fwd};
use crate::cell::Cell;
use std::fmt;

/// A set of cells as one `u64` (bit [`Cell::bit`] is the cell; bits 61 to 63 are always clear).
///
/// The set operations (`EMPTY`, `contains`, `with`, `without`, `len`, `is_empty`, `iter`, `union`,
/// `intersection`, `difference`, `FromIterator`) come from [`game_core::bit_set!`]; the operators
/// `&`, `|`, `^` and `!` (the complement on the board) work as well.
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

game_core::bit_set!(Bitboard, u64, Cell, |c| c.0 as u32, |i| Cell(i as u8));

impl Bitboard {
    /// Every cell.
    pub const FULL: Bitboard = Bitboard(FULL);

    /// The set with the given bits, ignoring bits 61 to 63.
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u64) -> Bitboard {
        Bitboard(bits & FULL)
    }

    /// The raw bits (bit [`Cell::bit`] set for each cell of the set).
    #[inline]
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
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

    /// The cell of lowest bit, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 { None } else { Some(Cell(self.0.trailing_zeros() as u8)) }
    }
}

impl Cell {
    /// The (up to six) neighbouring cells.
    #[must_use]
    pub fn neighbors(self) -> Bitboard {
        let b = Bitboard::from(self).0;
        let mut n = 0;
        for axis in 0..3 {
            n |= fwd(b, axis) | bwd(b, axis);
        }
        Bitboard(n)
    }
}

impl From<Cell> for Bitboard {
    #[inline]
    fn from(c: Cell) -> Bitboard {
        Bitboard(1 << c.0)
    }
}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = BitboardIter;
    /// The cells in bit order, as an [`ExactSizeIterator`].
    #[inline]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self.0)
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
        Bitboard(!self.0 & FULL)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cells: Vec<Cell> = self.iter().collect();
        cells.sort();
        f.debug_set().entries(cells.iter().map(|c| format!("{c}"))).finish()
    }
}

/// Iterator over the cells of a [`Bitboard`] (`for cell in set`), in bit order.
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
