//! The messages a bot reads: its id once at the start ([`StartMessage`]),
//! the opponent's last turn before each of its own ([`TurnMessage`]).

use crate::notation::Turn;
use game_core::PlayerId;

/// The message a bot reads once at the start: its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartMessage {
    /// The bot's seat: `PlayerId(0)` moves first and attacks the top goal,
    /// `PlayerId(1)` attacks the bottom goal.
    pub me: PlayerId,
}

/// The message a bot reads before each of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMessage {
    /// The opponent's last turn; `None` on player 0's very first turn (the
    /// lines `1` and `-`).
    pub opponent_last: Option<Turn>,
}
