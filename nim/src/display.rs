//! The position as text for people: `pile 21 (take 1..=3), player 0 to move` (the arena's
//! `render` and `play --verbose` show it).

use crate::state::Nim;
use std::fmt;

/// `pile 5 (take 1..=3), player 0 to move`. After the last stone `to_move` is the player who
/// took it (the winner), and the text says so as `player N to move` all the same.
impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pile {} (take 1..={}), player {} to move", self.pile, self.max_take, self.to_move)
    }
}
