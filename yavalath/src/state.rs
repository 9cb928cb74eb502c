//! The game state [`Yavalath`], how a game ends ([`End`]), and the core of every move.

// Bits below 61 and ply counts below 63: the `as` conversions are exact. `apply` is the hot path
// of every move and playout: `#[inline(always)]` keeps it in the loop (measured by the yavalath
// bench).
#![allow(clippy::cast_possible_truncation, clippy::cast_lossless, clippy::inline_always)]

use crate::bitboard::Bitboard;
use crate::bits::{self, FULL, Placement};
use crate::cell::Cell;
use crate::error::MoveError;
use crate::sample::Draws;
use crate::zobrist::{KEYS, SIDE_KEY};
use game_core::{Game, Outcome, PlayerId, RngCore, Zobrist};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// `winner` placed a stone whose longest run was 4 or more.
    Four {
        /// The player who made the run (and wins).
        winner: PlayerId,
    },
    /// `loser` placed a stone whose longest run was exactly 3.
    Three {
        /// The player who made the run (and loses).
        loser: PlayerId,
    },
    /// The board filled up without either: a draw.
    Full,
}

impl End {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<PlayerId> {
        match self {
            End::Four { winner } => Some(winner),
            End::Three { loser } => Some(loser.opponent()),
            End::Full => None,
        }
    }

    /// The end reason in kebab-case: `four-in-a-row`, `three-in-a-row` or `board-full`.
    #[must_use]
    pub fn reason(self) -> &'static str {
        match self {
            End::Four { .. } => "four-in-a-row",
            End::Three { .. } => "three-in-a-row",
            End::Full => "board-full",
        }
    }

    /// The game-core outcome.
    #[must_use]
    pub fn outcome(self) -> Outcome {
        match self.winner() {
            Some(w) => Outcome::win_for(2, w),
            None => Outcome::draw(2),
        }
    }
}

/// A Yavalath position: both players' stones, the number of moves played (which says who moves
/// and whether the steal is still possible), the end of the game if it is over, and the Zobrist
/// hash. `Copy`, 32 bytes.
///
/// Players are numbered as in game-core: [`PlayerId`]`(0)` moves first (the rules' and the
/// protocol's player `1`), [`PlayerId`]`(1)` second (protocol id `2`).
///
/// ```
/// use yavalath::game_core::{Game, PlayerId};
/// use yavalath::{Cell, Yavalath};
/// let mut g = Yavalath::new();
/// let c = Cell::from_xy(4, 4).unwrap();
/// g.play(PlayerId(0), c).unwrap();
/// assert!(g.can_steal());
/// g.play(PlayerId(1), c).unwrap(); // the steal
/// assert_eq!(g.stone_at(c), Some(PlayerId(1)));
/// assert_eq!(g.to_move(), Some(PlayerId(0)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Yavalath {
    pub(crate) boards: [u64; 2],
    pub(crate) hash: u64,
    pub(crate) plies: u8,
    pub(crate) end: Option<End>,
}

impl Default for Yavalath {
    fn default() -> Self {
        Yavalath::new()
    }
}

impl Yavalath {
    /// The empty board, first player ([`PlayerId`]`(0)`) to move.
    #[must_use]
    pub const fn new() -> Yavalath {
        Yavalath { boards: [0, 0], hash: 0, plies: 0, end: None }
    }

    /// Moves played so far (placements and the steal).
    #[inline]
    #[must_use]
    pub fn plies(&self) -> u32 {
        u32::from(self.plies)
    }

    /// The player to move, or `None` when the game is over.
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Option<PlayerId> {
        if self.end.is_some() { None } else { Some(self.next_player()) }
    }

    /// The player whose turn it is by alternation (also after the end: the player who would be next).
    #[inline]
    #[must_use]
    pub fn next_player(&self) -> PlayerId {
        PlayerId(self.plies & 1)
    }

    /// How the game ended, if it is over.
    #[inline]
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The stones of `player` (empty for a player other than 0 and 1).
    #[inline]
    #[must_use]
    pub fn stones(&self, player: PlayerId) -> Bitboard {
        self.boards.get(player.index()).map_or(Bitboard::EMPTY, |&b| Bitboard(b))
    }

    /// The occupied cells.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.boards[0] | self.boards[1])
    }

    /// The empty cells.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> Bitboard {
        Bitboard(!(self.boards[0] | self.boards[1]) & FULL)
    }

    /// Whose stone is on `cell`.
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<PlayerId> {
        if Bitboard(self.boards[0]).contains(cell) {
            Some(PlayerId(0))
        } else if Bitboard(self.boards[1]).contains(cell) {
            Some(PlayerId(1))
        } else {
            None
        }
    }

    /// Whether the player to move may steal now (the second player's first turn).
    #[inline]
    #[must_use]
    pub fn can_steal(&self) -> bool {
        self.plies == 1 && self.end.is_none()
    }

    /// The cell the steal would take, when [`can_steal`](Self::can_steal).
    #[must_use]
    pub fn steal_cell(&self) -> Option<Cell> {
        if self.can_steal() { Bitboard(self.boards[0]).first() } else { None }
    }

    /// Whether the second player stole the first stone in this game.
    #[must_use]
    pub fn stolen(&self) -> bool {
        self.plies as u32 > self.occupied().len() as u32
    }

    /// Plays the move on bit `bit` for the player to move, unchecked: the core of every move.
    #[inline(always)]
    pub(crate) fn apply(&mut self, bit: u32) {
        let m = 1u64 << bit;
        let me = (self.plies & 1) as usize;
        let occupied = self.boards[0] | self.boards[1];
        self.plies += 1;
        self.hash ^= SIDE_KEY;
        if occupied & m != 0 {
            // The steal: the first stone changes colour.
            self.boards[0] &= !m;
            self.boards[1] |= m;
            self.hash ^= KEYS[0][bit as usize] ^ KEYS[1][bit as usize];
            return;
        }
        let own = self.boards[me] | m;
        self.boards[me] = own;
        self.hash ^= KEYS[me][bit as usize];
        let player = PlayerId(me as u8);
        match bits::placement(own, bit) {
            Placement::Four => self.end = Some(End::Four { winner: player }),
            Placement::Three => self.end = Some(End::Three { loser: player }),
            Placement::Quiet => {
                #[cfg(feature = "planted-bugs")]
                if game_core::planted::is("yavalath-full-board-no-draw") {
                    return;
                }
                if occupied | m == FULL {
                    self.end = Some(End::Full);
                }
            }
        }
    }

    /// Plays the moves in order, checking each.
    ///
    /// # Errors
    /// The index of the first illegal move and why; nothing is returned of the partial game.
    pub fn replay(moves: &[Cell]) -> Result<Yavalath, (usize, MoveError)> {
        let mut g = Yavalath::new();
        for (i, &c) in moves.iter().enumerate() {
            let p = g.next_player();
            g.play(p, c).map_err(|e| (i, e))?;
        }
        Ok(g)
    }

    /// Plays to the end with uniformly random legal moves (each move uniform over the legal moves of
    /// the player to move, the steal included) and returns the number of moves played. The
    /// specialised, allocation-free twin of [`game_core::random_playout`]: cells are drawn by
    /// rejection on the bitboard, ten 6-bit draws per 64-bit random word, kept across moves (the
    /// generic path draws through [`Game::random_legal_move`], the same sampler with a fresh word
    /// per move).
    pub fn random_playout<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        self.random_playout_with(rng, |_| {})
    }

    /// [`random_playout`](Self::random_playout), calling `on_move` with each move played.
    pub fn random_playout_with<R: RngCore + ?Sized>(&mut self, rng: &mut R, mut on_move: impl FnMut(Cell)) -> u32 {
        let start = self.plies;
        let mut draws = Draws::new();
        while let Some(bit) = draws.pick(rng, self.legal().0) {
            on_move(Cell(bit as u8));
            self.apply(bit);
        }
        u32::from(self.plies - start)
    }

    /// The position mapped by a raw bit permutation (for the symmetries).
    pub(crate) fn with_boards(&self, boards: [u64; 2]) -> Yavalath {
        let mut g = Yavalath { boards, hash: 0, plies: self.plies, end: self.end };
        g.hash = g.zobrist_from_scratch();
        g
    }

    pub(crate) fn raw_boards(&self) -> [u64; 2] {
        self.boards
    }
}
