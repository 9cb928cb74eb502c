//! Move generation and the threat queries: the legal moves as a [`Bitboard`], the cells that win
//! or lose at once, and what a placement would do.

use crate::bitboard::Bitboard;
use crate::bits::{self, FULL, Placement};
use crate::cell::Cell;
use crate::state::{End, Yavalath};
use game_core::PlayerId;

impl Yavalath {
    /// The legal moves of the player to move as a bitboard: the empty cells, plus the first stone
    /// when the steal is allowed; empty once the game is over.
    #[inline]
    #[must_use]
    pub fn legal(&self) -> Bitboard {
        if self.end.is_some() {
            return Bitboard::EMPTY;
        }
        let empty = !(self.boards[0] | self.boards[1]) & FULL;
        let steal = self.plies == 1;
        // Any turn of the second player instead of its first only.
        #[cfg(feature = "planted-bugs")]
        let steal = planted_steal(steal, self.plies);
        Bitboard(if steal { empty | self.boards[0] } else { empty })
    }

    /// The empty cells where a stone of `player` would win at once (a run of 4 or more through it,
    /// whatever else it makes). Ignores whose turn it is; empty for a player other than 0 and 1.
    #[must_use]
    pub fn winning_cells(&self, player: PlayerId) -> Bitboard {
        match self.boards.get(player.index()) {
            Some(&own) => Bitboard(bits::threat_cells(own, self.empty().0).0),
            None => Bitboard::EMPTY,
        }
    }

    /// The empty cells where a stone of `player` would lose at once (a longest run of exactly 3
    /// through it). Ignores whose turn it is.
    #[must_use]
    pub fn losing_cells(&self, player: PlayerId) -> Bitboard {
        match self.boards.get(player.index()) {
            Some(&own) => {
                let (four, three) = bits::threat_cells(own, self.empty().0);
                Bitboard(three & !four)
            }
            None => Bitboard::EMPTY,
        }
    }

    /// What a stone of `player` on the empty `cell` would do: `Some(End)` if it ends the game
    /// (four, three, or the last empty cell filled), `None` if play would go on. `None` as well
    /// for an occupied cell or a player other than 0 and 1.
    #[must_use]
    pub fn placement_end(&self, player: PlayerId, cell: Cell) -> Option<End> {
        let m = 1u64 << cell.bit();
        let own = *self.boards.get(player.index())?;
        if self.occupied().0 & m != 0 {
            return None;
        }
        match bits::placement(own | m, u32::from(cell.bit())) {
            Placement::Four => Some(End::Four { winner: player }),
            Placement::Three => Some(End::Three { loser: player }),
            Placement::Quiet if (self.occupied().0 | m) == FULL => Some(End::Full),
            Placement::Quiet => None,
        }
    }
}

/// Planted bug `yavalath-steal-any-turn` (feature `planted-bugs`): the steal offered on any turn of
/// the second player instead of its first only.
#[cfg(feature = "planted-bugs")]
fn planted_steal(steal: bool, plies: u8) -> bool {
    steal || (plies % 2 == 1 && game_core::planted::is("yavalath-steal-any-turn"))
}
