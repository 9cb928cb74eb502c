//! What both sides share: the time control, the end marker and the wall
//! history the turn messages list.

use crate::moves::{Move, Wall};
use game_core::PlayerId;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// What a bot reads when the game is over for it.
pub const END_MESSAGE: &str = "-1\n";

/// A wall on the board with the player who placed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct PlacedWall {
    /// The wall.
    pub wall: Wall,
    /// Who placed it.
    pub owner: PlayerId,
}

/// The walls placed so far, in placement order with their owners: what the
/// per-turn message lists and the compact state does not keep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct History {
    walls: Vec<PlacedWall>,
}

impl History {
    /// An empty history (the start of a game).
    #[must_use]
    pub fn new() -> History {
        History::default()
    }

    /// A history from walls already in placement order.
    #[must_use]
    pub fn from_walls(walls: Vec<PlacedWall>) -> History {
        History { walls }
    }

    /// Notes that `player` played `mv` (only walls are kept). Call it after
    /// every move that was actually played.
    pub fn record(&mut self, player: PlayerId, mv: Move) {
        if let Move::Wall(wall) = mv {
            self.walls.push(PlacedWall { wall, owner: player });
        }
    }

    /// The walls in placement order.
    #[must_use]
    pub fn walls(&self) -> &[PlacedWall] {
        &self.walls
    }
}
