//! Move generation and the legality check: a move takes 1 to `max_take` stones, and no more
//! than the pile holds.

use crate::error::NimError;
use crate::state::Nim;
use game_core::{PlayerId, SeatError};

impl Nim {
    /// The most stones the player to move may take now: `max_take`, or the whole pile when it
    /// holds fewer (0 once the game is over).
    #[must_use]
    pub fn most_to_take(&self) -> u8 {
        self.max_take.min(self.pile)
    }

    /// The legal takes of `player`, in increasing order, into `out` (cleared first): none
    /// unless it is their turn.
    pub(crate) fn takes(self, player: PlayerId, out: &mut Vec<u8>) {
        out.clear();
        if self.pile > 0 && player == self.to_move {
            out.extend(1..=self.most_to_take());
        }
    }

    /// Whether `player` may take `take` stones now.
    pub(crate) fn check_take(self, player: PlayerId, take: u8) -> Result<(), NimError> {
        if self.pile == 0 {
            return Err(SeatError::GameOver.into());
        }
        if player != self.to_move {
            return Err(SeatError::NotYourTurn { player, to_move: self.to_move }.into());
        }
        if take == 0 || take > self.max_take || take > self.pile {
            return Err(NimError::BadTake { take, pile: self.pile, max_take: self.max_take });
        }
        Ok(())
    }
}
