//! The symmetries of the two-player game: the left-right mirror and the
//! 180-degree turn with the players swapped.

// Player numbers are below 4, so `as u8` is exact.
#![allow(clippy::cast_possible_truncation)]

use crate::moves::{Move, Wall};
use crate::state::{NO_PAWN, Quoridor};
use game_core::grid::Cell;
use game_core::{PlayerId, Zobrist};

impl Quoridor {
    /// The same position mirrored left to right (`x -> M-1-x`); a symmetry
    /// of the two-player game only (with four players it would swap players 1
    /// and 3 and reverse the turn order), so `None` with four players.
    /// Legal moves map with [`mirror_move`](Quoridor::mirror_move).
    #[must_use]
    pub fn mirrored(&self) -> Option<Quoridor> {
        if self.players != 2 {
            return None;
        }
        Some(self.transformed(|c| Cell::new(self.m - 1 - c.x, c.y), |w| Wall { x: self.m - 2 - w.x, ..w }, false))
    }

    /// A move mirrored left to right (see [`mirrored`](Quoridor::mirrored)):
    /// the cell `(M-1-x, y)`, the wall `(M-2-x, y)`. Total: `None` when the
    /// move is off this board (its image would be too), never wrapped
    /// numbers.
    #[must_use]
    pub fn mirror_move(&self, mv: Move) -> Option<Move> {
        let m = self.m;
        match mv {
            Move::Pawn(c) => Some(Move::Pawn(Cell::new((m - 1).checked_sub(c.x)?, c.y))).filter(|_| c.y < m),
            Move::Wall(w) => Some(Move::Wall(Wall { x: (m - 2).checked_sub(w.x)?, ..w })).filter(|_| w.y <= m - 2),
        }
    }

    /// The position turned by 180 degrees with players 0 and 1 swapped (two
    /// players only): player 0 in the result stands where player 1 stood,
    /// turned, and so on; so the result plays exactly like the original with
    /// the seats exchanged. Moves map with [`rotate_move`](Quoridor::rotate_move).
    #[must_use]
    pub fn rotated(&self) -> Option<Quoridor> {
        if self.players != 2 {
            return None;
        }
        let m = self.m;
        Some(self.transformed(
            |c| Cell::new(m - 1 - c.x, m - 1 - c.y),
            |w| Wall { x: m - 2 - w.x, y: m - 2 - w.y, ..w },
            true,
        ))
    }

    /// A move turned by 180 degrees (see [`rotated`](Quoridor::rotated)):
    /// the cell `(M-1-x, M-1-y)`, the wall `(M-2-x, M-2-y)`. Total: `None`
    /// when the move is off this board (its image would be too), never
    /// wrapped numbers.
    #[must_use]
    pub fn rotate_move(&self, mv: Move) -> Option<Move> {
        let m = self.m;
        match mv {
            Move::Pawn(c) => Some(Move::Pawn(Cell::new((m - 1).checked_sub(c.x)?, (m - 1).checked_sub(c.y)?))),
            Move::Wall(w) => Some(Move::Wall(Wall { x: (m - 2).checked_sub(w.x)?, y: (m - 2).checked_sub(w.y)?, ..w })),
        }
    }

    fn transformed(&self, cell: impl Fn(Cell) -> Cell, wall: impl Fn(Wall) -> Wall, swap: bool) -> Quoridor {
        let mut s = *self;
        s.h = 0;
        s.v = 0;
        for w in self.walls() {
            let w2 = wall(w);
            let b = 1u128 << self.index(Cell::new(w2.x, w2.y));
            if w2.vertical {
                s.v |= b;
            } else {
                s.h |= b;
            }
        }
        for p in 0..self.players as usize {
            let q = if swap { p ^ 1 } else { p };
            s.pawns[q] = match self.pawn(PlayerId(p as u8)) {
                Some(c) => self.index(cell(c)),
                None => NO_PAWN,
            };
            s.walls_left[q] = self.walls_left[p];
        }
        if swap {
            s.to_move ^= 1;
            s.first ^= 1;
        }
        s.hash = s.zobrist_from_scratch();
        s
    }
}
