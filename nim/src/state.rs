//! The state type, [`Nim`]: the pile, the most stones a move takes, and the player to move.

use game_core::PlayerId;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A Nim position and its configuration. Every field combination is a
/// position except `max_take == 0` and a player other than 0 and 1 to move
/// (which [`Setup`](crate::Setup) validation refuses); after the last stone
/// `to_move` is the player who took it, the winner.
///
/// ```
/// use nim::Nim;
/// use nim::game_core::{Game, PlayerId};
/// let mut g = Nim::new(5, 3);
/// g.play(PlayerId(0), 3).unwrap();
/// assert_eq!((g.pile, g.to_move), (2, PlayerId(1)));
/// assert!(!g.is_losing()); // player 1 takes both stones and wins
/// g.play(PlayerId(1), 2).unwrap();
/// assert_eq!(g.outcome().unwrap().winner(), Some(PlayerId(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Nim {
    /// Stones left.
    pub pile: u8,
    /// Most stones one move may take (at least 1).
    pub max_take: u8,
    /// The player to move (0 or 1).
    pub to_move: PlayerId,
}

impl Nim {
    /// A new game with `pile` stones where a move takes 1 to `max_take`
    /// (clamped to at least 1); player 0 starts.
    #[must_use]
    pub fn new(pile: u8, max_take: u8) -> Nim {
        Nim { pile, max_take: max_take.max(1), to_move: PlayerId(0) }
    }

    /// Whether the player to move loses against perfect play: exactly when
    /// the pile is a multiple of `max_take + 1` (whatever they take, the
    /// opponent takes the rest of `max_take + 1`). False once the game is
    /// over (pile 0: `to_move` took the last stone and won; read
    /// [`Game::outcome`](game_core::Game::outcome)).
    #[must_use]
    pub fn is_losing(&self) -> bool {
        self.pile > 0 && u16::from(self.pile) % (u16::from(self.max_take) + 1) == 0
    }
}

/// The standard start of the arena's game: 21 stones, takes of 1 to 3.
impl Default for Nim {
    fn default() -> Nim {
        Nim::new(21, 3)
    }
}
