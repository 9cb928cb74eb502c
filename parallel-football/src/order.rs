//! Orders a footballer can be given in one turn, and why one is illegal.

use game_core::grid::Cell;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// One footballer's order for one turn.
///
/// Written in the protocol as `stay`, `move dx dy` or `kick dx dy`
/// (see [`Display`](fmt::Display) and [`crate::protocol::parse_answer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Order {
    /// Stay put.
    #[default]
    Stay,
    /// Walk one cell, `max(|dx|, |dy|) == 1`, diagonals included.
    Move {
        /// Column change.
        dx: i8,
        /// Row change.
        dy: i8,
    },
    /// Stay and kick one ball from the player's cell to `(x + dx, y + dy)`.
    Kick {
        /// Column change of the ball.
        dx: i8,
        /// Row change of the ball.
        dy: i8,
    },
}

impl Order {
    /// The eight one-cell moves, row by row.
    pub const MOVES: [Order; 8] = [
        Order::Move { dx: -1, dy: -1 },
        Order::Move { dx: 0, dy: -1 },
        Order::Move { dx: 1, dy: -1 },
        Order::Move { dx: -1, dy: 0 },
        Order::Move { dx: 1, dy: 0 },
        Order::Move { dx: -1, dy: 1 },
        Order::Move { dx: 0, dy: 1 },
        Order::Move { dx: 1, dy: 1 },
    ];

    /// Whether this is a kick.
    #[inline]
    #[must_use]
    pub const fn is_kick(self) -> bool {
        matches!(self, Order::Kick { .. })
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Order::Stay => f.write_str("stay"),
            Order::Move { dx, dy } => write!(f, "move {dx} {dy}"),
            Order::Kick { dx, dy } => write!(f, "kick {dx} {dy}"),
        }
    }
}

/// One decision of a team in the [`Game`](game_core::Game) view: the start cell of its next
/// footballer (placement phase), or the order of its next footballer (turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FootballMove {
    /// Place the team's next footballer on this cell.
    Place(Cell),
    /// The order of the team's next footballer this turn.
    Order(Order),
}
