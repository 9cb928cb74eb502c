//! The plain serialisable description of a position ([`Setup`]) and its validation.

use crate::error::NimError;
use crate::state::Nim;
use game_core::PlayerId;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The serialisable description of a position ([`Game::Setup`](game_core::Game::Setup)): the
/// state's own fields, under the same names (records hold
/// `{"pile": 3, "max_take": 3, "to_move": 0}`).
///
/// ```
/// use nim::game_core::{Game, PlayerId};
/// use nim::{Nim, NimError, Setup};
/// let setup = Setup { pile: 7, max_take: 2, to_move: PlayerId(1) };
/// let g = Nim::from_setup(setup).unwrap();
/// assert_eq!(g.to_setup(), setup);
/// let bad = Setup { max_take: 0, ..setup };
/// assert_eq!(Nim::from_setup(bad), Err(NimError::BadSetup("max_take must be at least 1")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Setup {
    /// Stones left.
    pub pile: u8,
    /// Most stones one move may take: at least 1.
    pub max_take: u8,
    /// The player to move, 0 or 1 (after the last stone: the player who took it).
    pub to_move: PlayerId,
}

impl From<Nim> for Setup {
    fn from(g: Nim) -> Setup {
        Setup { pile: g.pile, max_take: g.max_take, to_move: g.to_move }
    }
}

impl Setup {
    /// The position, when it is one.
    ///
    /// # Errors
    /// [`NimError::BadSetup`] for `max_take == 0` (checked first) or a player other than 0 and 1
    /// to move.
    pub fn validate(self) -> Result<Nim, NimError> {
        if self.max_take == 0 {
            return Err(NimError::BadSetup("max_take must be at least 1"));
        }
        if self.to_move.0 > 1 {
            return Err(NimError::BadSetup("the player to move must be 0 or 1"));
        }
        Ok(Nim { pile: self.pile, max_take: self.max_take, to_move: self.to_move })
    }
}
