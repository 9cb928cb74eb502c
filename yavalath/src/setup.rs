//! The plain serialisable description of a position ([`Setup`]) and its validation: a position is
//! accepted only when a game reaches it.

// Coordinates below 9 and stone counts below 62: the `as` conversions are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]

use crate::bitboard::Bitboard;
use crate::bits::{self, FULL};
use crate::cell::{Cell, ROWS, row_len};
use crate::error::SetupError;
use crate::state::{End, Yavalath};
use game_core::{PlayerId, SeatError, Zobrist};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The serialisable description of a position ([`Game::Setup`](game_core::Game::Setup)).
///
/// ```
/// use yavalath::game_core::{Game, PlayerId};
/// use yavalath::{Setup, Yavalath};
/// let setup = Setup { rows: vec!["x....".into(), "......".into(), ".......".into(), "........".into(),
///     ".........".into(), "........".into(), ".......".into(), "......".into(), ".....".into()],
///     to_move: PlayerId(1) };
/// let g = Yavalath::from_setup(setup.clone()).unwrap();
/// assert_eq!(g.to_setup(), setup);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Setup {
    /// The 9 rows, top to bottom, one character per cell: `.` empty, `x` the first player
    /// ([`PlayerId`]`(0)`), `o` the second.
    pub rows: Vec<String>,
    /// The player to move (for a finished game: the player who would be next). With the stone
    /// counts it tells whether the steal happened.
    pub to_move: PlayerId,
}

impl Yavalath {
    /// Builds a position from both players' stones and the player to move (for a finished game:
    /// the player who would be next), checking that a game reaches it. Whether the steal happened
    /// follows from the counts; the end of the game follows from the lines on the board.
    ///
    /// # Errors
    /// [`SetupError::Seat`] ([`SeatError::NoSuchPlayer`]) for a `to_move` other than 0 and 1
    /// (checked first), then
    /// [`SetupError::StoneCounts`] or [`SetupError::Unreachable`].
    pub fn from_stones(first: Bitboard, second: Bitboard, to_move: PlayerId) -> Result<Yavalath, SetupError> {
        SeatError::check_exists(to_move, 2)?;
        let (b0, b1) = (first.0, second.0);
        if b0 & b1 != 0 {
            return Err(SetupError::Unreachable("a cell holds two stones"));
        }
        let (n0, n1) = (b0.count_ones() as usize, b1.count_ones() as usize);
        let counts = SetupError::StoneCounts { first: n0, second: n1, to_move };
        // Without a steal: n0 == n1 (first to move) or n0 == n1 + 1 (second to move).
        // With a steal: n1 == n0 + 1 (first to move) or n1 == n0 >= 1 (second to move).
        let stolen = match to_move.0 {
            0 if n0 == n1 => false,
            0 if n1 == n0 + 1 => true,
            1 if n0 == n1 + 1 => false,
            1 if n1 == n0 && n1 >= 1 => true,
            _ => return Err(counts),
        };
        let plies = (n0 + n1 + usize::from(stolen)) as u8;
        let mut g = Yavalath { boards: [b0, b1], hash: 0, plies, end: None };
        g.end = g.derive_end()?;
        g.hash = g.zobrist_from_scratch();
        Ok(g)
    }

    /// The end of a position built from stones, checking that play could reach it.
    fn derive_end(&self) -> Result<Option<End>, SetupError> {
        if self.plies == 0 {
            return Ok(None);
        }
        let last = PlayerId((self.plies - 1) & 1);
        let own = self.boards[last.index()];
        let other = self.boards[last.opponent().index()];
        if bits::runs_at_least(other, 3) != 0 {
            return Err(SetupError::Unreachable("the player to move has a line of 3 or more"));
        }
        if bits::runs_at_least(own, 3) == 0 {
            return Ok(if (own | other) == FULL { Some(End::Full) } else { None });
        }
        // Some stone of the last mover must be in every line of 3 or more, and be the last one placed.
        let last_stone_found = Bitboard(own).iter().any(|c| bits::runs_at_least(own & !(1u64 << c.bit()), 3) == 0);
        if !last_stone_found {
            return Err(SetupError::Unreachable("lines of 3 or more that no single last stone made"));
        }
        Ok(Some(if bits::runs_at_least(own, 4) != 0 { End::Four { winner: last } } else { End::Three { loser: last } }))
    }

    pub(crate) fn from_rows<S: AsRef<str>>(
        rows: &[S],
        to_move: PlayerId,
        compact: bool,
    ) -> Result<Yavalath, SetupError> {
        if rows.len() != ROWS {
            return Err(SetupError::RowCount(rows.len()));
        }
        let mut boards = [0u64; 2];
        for (y, row) in rows.iter().enumerate() {
            let mut x = 0usize;
            for ch in row.as_ref().chars() {
                let (n, stone) = match ch {
                    '.' => (1, None),
                    'x' => (1, Some(0)),
                    'o' => (1, Some(1)),
                    '1'..='9' if compact => (ch as usize - '0' as usize, None),
                    _ => return Err(SetupError::BadChar(ch)),
                };
                if let Some(p) = stone {
                    if let Some(c) = Cell::at_xy(x as i64, y as i64) {
                        boards[p] |= 1 << c.bit();
                    }
                }
                x += n;
            }
            if x != row_len(y) {
                return Err(SetupError::RowLength { row: y, found: x, expected: row_len(y) });
            }
        }
        Yavalath::from_stones(Bitboard(boards[0]), Bitboard(boards[1]), to_move)
    }

    /// The rows of the board, top to bottom: `.` empty, `x` player 0, `o` player 1.
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        (0..ROWS)
            .map(|y| {
                Cell::all()
                    .filter(|c| usize::from(c.y()) == y)
                    .map(|c| match self.stone_at(c) {
                        None => '.',
                        Some(PlayerId(0)) => 'x',
                        Some(_) => 'o',
                    })
                    .collect()
            })
            .collect()
    }
}
