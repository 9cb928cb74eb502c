//! Cells of a rectangular grid, `(x, y)` with `(0, 0)` at the top left, `x`
//! growing to the right and `y` downwards: the coordinates of the Quoridor
//! and Parallel Football protocols.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell `(x, y)` of a grid of at most 256 x 256 cells.
///
/// ```
/// use game_core::grid::Cell;
/// let c = Cell::new(3, 4);
/// assert_eq!(c.to_string(), "3 4");
/// assert_eq!(c.offset(-3, 1, 9, 9), Some(Cell::new(0, 5)));
/// assert_eq!(c.offset(-4, 0, 9, 9), None);
/// assert_eq!(c.steps_to(Cell::new(5, 9)), 5);
/// assert_eq!(c.distance2(Cell::new(5, 9)), 29);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Cell {
    /// Column, from 0 at the left.
    pub x: u8,
    /// Row, from 0 at the top.
    pub y: u8,
}

impl Cell {
    /// The cell `(x, y)`.
    #[inline]
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    /// The cell `(x + dx, y + dy)` when it lies on a `width` x `height` grid.
    #[inline]
    #[must_use]
    pub fn offset(self, dx: i32, dy: i32, width: u8, height: u8) -> Option<Cell> {
        let x = i32::from(self.x) + dx;
        let y = i32::from(self.y) + dy;
        let fits = |v: i32, n: u8| (0..i32::from(n)).contains(&v);
        // Both coordinates are in 0..=255 here, so the casts are exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        (fits(x, width) && fits(y, height)).then_some(Cell { x: x as u8, y: y as u8 })
    }

    /// Squared Euclidean distance between the centres of two cells.
    #[inline]
    #[must_use]
    pub fn distance2(self, other: Cell) -> u32 {
        let dx = u32::from(self.x.abs_diff(other.x));
        let dy = u32::from(self.y.abs_diff(other.y));
        dx * dx + dy * dy
    }

    /// King-move (Chebyshev) distance: the steps to walk from one cell to
    /// the other when diagonal steps count as one.
    #[inline]
    #[must_use]
    pub fn steps_to(self, other: Cell) -> u32 {
        u32::from(self.x.abs_diff(other.x).max(self.y.abs_diff(other.y)))
    }

    /// Manhattan distance: the steps when only straight steps are allowed.
    #[inline]
    #[must_use]
    pub fn manhattan(self, other: Cell) -> u32 {
        u32::from(self.x.abs_diff(other.x)) + u32::from(self.y.abs_diff(other.y))
    }
}

impl fmt::Display for Cell {
    /// The protocols' notation, `x y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x, self.y)
    }
}
