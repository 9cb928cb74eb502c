//! Walls and moves: what a player does on its turn.

use game_core::grid::Cell;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// A wall `(x, y, vertical)`, anchored at the cell `(x, y)` of the four
/// around its centre that is nearest `(0, 0)`; `0 <= x, y <= M-2`.
///
/// A horizontal wall lies below cells `(x, y)` and `(x+1, y)`; a vertical one
/// lies right of cells `(x, y)` and `(x, y+1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Wall {
    /// Anchor column.
    pub x: u8,
    /// Anchor row.
    pub y: u8,
    /// `true` for a vertical wall, `false` for a horizontal one.
    pub vertical: bool,
}

impl Wall {
    /// The horizontal wall anchored at `(x, y)`.
    #[inline]
    #[must_use]
    pub const fn horizontal(x: u8, y: u8) -> Wall {
        Wall { x, y, vertical: false }
    }

    /// The vertical wall anchored at `(x, y)`.
    #[inline]
    #[must_use]
    pub const fn vertical(x: u8, y: u8) -> Wall {
        Wall { x, y, vertical: true }
    }
}

impl fmt::Display for Wall {
    /// The contest's notation, `x y v` with `v` 1 for vertical.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, u8::from(self.vertical))
    }
}

/// One move: a pawn step or jump (written as the landing cell), or a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Move {
    /// Move the pawn to this cell.
    Pawn(Cell),
    /// Place this wall.
    Wall(Wall),
}

impl fmt::Display for Move {
    /// The contest's notation: `x y` or `x y v`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pawn(c) => c.fmt(f),
            Move::Wall(w) => w.fmt(f),
        }
    }
}

impl From<Cell> for Move {
    fn from(c: Cell) -> Move {
        Move::Pawn(c)
    }
}

impl From<Wall> for Move {
    fn from(w: Wall) -> Move {
        Move::Wall(w)
    }
}
