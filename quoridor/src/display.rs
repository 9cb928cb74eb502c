//! The text board.

// Player numbers are below 4, so `as u8` is exact; `m`, `n`, `x`, `y`, `f`
// are the board side, the players, the coordinates and the formatter.
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names)]

use crate::moves::Wall;
use crate::state::Quoridor;
use game_core::grid::Cell;
use game_core::{Game, PlayerId};
use std::fmt;

impl Quoridor {
    /// Whether a wall blocks the step from `(x, y)` to its east neighbour.
    fn blocks_east(&self, x: u8, y: u8) -> bool {
        let m = self.size();
        x + 1 < m && (self.has_wall(Wall::vertical(x, y)) || (y > 0 && self.has_wall(Wall::vertical(x, y - 1))))
    }

    /// Whether a wall blocks the step from `(x, y)` to its south neighbour.
    fn blocks_south(&self, x: u8, y: u8) -> bool {
        let m = self.size();
        y + 1 < m && (self.has_wall(Wall::horizontal(x, y)) || (x > 0 && self.has_wall(Wall::horizontal(x - 1, y))))
    }
}

impl fmt::Display for Quoridor {
    /// A text board in the contest's coordinates: pawns are their player
    /// numbers, `|` and `---` are walls, the frame is the board edge. A
    /// header line gives the tick, the player to move and the walls left.
    ///
    /// ```
    /// let board = quoridor::Quoridor::default().to_string();
    /// assert!(board.contains("| .   .   .   .   0   .   .   .   . |"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.size();
        let n = self.players();
        write!(f, "tick {}", self.tick())?;
        if let Some(l) = self.tick_limit() {
            write!(f, "/{l}")?;
        }
        match (self.to_move(), self.outcome()) {
            (Some(p), _) => write!(f, ", player {p} to move")?,
            (None, Some(o)) => write!(f, ", over: {o}")?,
            (None, None) => {}
        }
        write!(f, "; walls left:")?;
        for p in 0..n {
            let p = PlayerId(p as u8);
            if self.is_removed(p) {
                write!(f, " P{p} {} (removed)", self.walls_left(p))?;
            } else {
                write!(f, " P{p} {}", self.walls_left(p))?;
            }
        }
        writeln!(f)?;
        write!(f, "   ")?;
        for x in 0..m {
            write!(f, "{x:^4}")?;
        }
        writeln!(f)?;
        let frame = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            write!(f, "   +")?;
            for _ in 0..m {
                write!(f, "---+")?;
            }
            writeln!(f)
        };
        frame(f)?;
        for y in 0..m {
            write!(f, "{y:>2} |")?;
            for x in 0..m {
                let c = Cell::new(x, y);
                let who = (0..n).find(|&p| self.pawn(PlayerId(p as u8)) == Some(c));
                match who {
                    Some(p) => write!(f, " {p} ")?,
                    None => write!(f, " . ")?,
                }
                if x + 1 == m || self.blocks_east(x, y) {
                    write!(f, "|")?;
                } else {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
            if y + 1 == m {
                frame(f)?;
            } else {
                write!(f, "   +")?;
                for x in 0..m {
                    write!(f, "{}+", if self.blocks_south(x, y) { "---" } else { "   " })?;
                }
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
