//! What both sides share: the messages a bot reads ([`StartMessage`],
//! [`TurnMessage`]), the end marker and the wall history the turn messages
//! list.

use crate::error::ProtocolError;
use crate::moves::{Move, Wall};
use crate::setup::{Config, Setup};
use crate::state::Quoridor;
use game_core::grid::Cell;
use game_core::{Game, PlayerId};
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

/// What a bot reads at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct StartMessage {
    /// Number of players `N` (2 or 4).
    pub players: u8,
    /// The reading bot's player number.
    pub player_id: PlayerId,
    /// Board side `M`.
    pub size: u8,
    /// Each player's start cell (`None` if given as `-1 -1`) and walls.
    pub pawns: Vec<(Option<Cell>, u8)>,
}

impl StartMessage {
    /// The configuration these lines describe, as far as they tell: the wall
    /// total is the sum of the players' walls, the first player (not sent)
    /// is player 0, and there is no tick limit (not sent either).
    ///
    /// # Errors
    /// [`ProtocolError::OutOfRange`] (`"wall total"`) when the walls add up
    /// to more than 255, which no configuration holds.
    pub fn config(&self) -> Result<Config, ProtocolError> {
        let total: u32 = self.pawns.iter().map(|&(_, f)| u32::from(f)).sum();
        let walls = u8::try_from(total)
            .map_err(|_| ProtocolError::OutOfRange { what: "wall total", value: i64::from(total) })?;
        Ok(Config { size: self.size, players: self.players, walls, first_player: PlayerId(0), tick_limit: None })
    }
}

/// What a bot reads on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct TurnMessage {
    /// The tick of this turn (from 1).
    pub tick: u32,
    /// Each player's pawn (`None` when removed) and walls left.
    pub pawns: Vec<(Option<Cell>, u8)>,
    /// The walls in placement order, with their owners.
    pub walls: Vec<PlacedWall>,
}

impl TurnMessage {
    /// The position this turn describes, with the reading bot to move and no
    /// tick limit (the protocol does not send it; see [`Session`](super::Session)).
    ///
    /// # Errors
    /// [`ProtocolError::BadPosition`] when the lines describe no legal
    /// position.
    pub fn to_state(&self, start: &StartMessage) -> Result<Quoridor, ProtocolError> {
        self.state_with_limit(start, None)
    }

    pub(super) fn state_with_limit(
        &self,
        start: &StartMessage,
        tick_limit: Option<u32>,
    ) -> Result<Quoridor, ProtocolError> {
        Quoridor::from_setup(Setup {
            config: Config { tick_limit, ..start.config()? },
            pawns: self.pawns.iter().map(|&(c, _)| c).collect(),
            walls_left: self.pawns.iter().map(|&(_, f)| f).collect(),
            walls: self.walls.iter().map(|w| w.wall).collect(),
            tick: self.tick.saturating_sub(1),
            to_move: start.player_id,
        })
        .map_err(ProtocolError::BadPosition)
    }

    /// The wall history these lines give.
    #[must_use]
    pub fn history(&self) -> History {
        History::from_walls(self.walls.clone())
    }
}
