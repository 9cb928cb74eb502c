//! Orders a footballer can be given in one turn, and why one is illegal.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One footballer's order for one turn.
///
/// Written in the protocol as `stay`, `move dx dy` or `kick dx dy`
/// (see [`Display`](fmt::Display) and [`crate::protocol::parse_answer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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

/// Why an order is illegal against the state at the start of the turn. In a
/// turn resolution an illegal order makes that player stay and is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "kebab-case")]
pub enum OrderError {
    /// A move with `max(|dx|, |dy|) != 1` (two cells, or zero).
    #[error("a move goes exactly one cell (max(|dx|,|dy|) == 1), not ({dx}, {dy})")]
    NotOneStep {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
    },
    /// A move that would leave the grid.
    #[error("the move ({dx}, {dy}) leaves the grid")]
    MoveOffGrid {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
    },
    /// A kick of `(0, 0)`.
    #[error("a kick must go somewhere: (0, 0) is not a kick")]
    ZeroKick,
    /// A kick from a cell with no ball at the start of the turn.
    #[error("there is no ball on the player's cell to kick")]
    NoBall,
    /// A kick with `dx^2 + dy^2 > k^2`.
    #[error("the kick ({dx}, {dy}) is longer than the kick range {k}")]
    OutOfRange {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
        /// The kick range.
        k: u8,
    },
    /// A kick whose target is off the grid.
    #[error("the kick ({dx}, {dy}) lands off the grid")]
    KickOffGrid {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
    },
}

impl OrderError {
    /// A stable kebab-case name of the reason.
    pub const fn kind(&self) -> &'static str {
        match self {
            OrderError::NotOneStep { .. } => "not-one-step",
            OrderError::MoveOffGrid { .. } => "move-off-grid",
            OrderError::ZeroKick => "zero-kick",
            OrderError::NoBall => "no-ball",
            OrderError::OutOfRange { .. } => "out-of-range",
            OrderError::KickOffGrid { .. } => "kick-off-grid",
        }
    }
}

impl game_core::GameError for OrderError {
    fn kind(&self) -> &'static str {
        OrderError::kind(self)
    }
}
