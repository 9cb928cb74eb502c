//! The state type, [`Quoridor`], and its plain queries (no flood fills:
//! those are in `movegen`).

use crate::geometry::{Bits, Geom, bit, geom_for};
use crate::moves::Wall;
use game_core::PlayerId;
use game_core::PlayerSet;
use game_core::grid::Cell;

/// Marks a seat without a pawn on the board (a removed player, or seats 2
/// and 3 of a two-player game).
pub(crate) const NO_PAWN: u8 = 0xFF;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    Running,
    Goal,
    TickLimit,
    AllRemoved,
}

/// A Quoridor position with its configuration: 64 bytes, `Copy`.
///
/// Walls are bit sets of anchors, pawns are cell indices; the incremental
/// [`Zobrist`](game_core::Zobrist) hash is kept inside. See the [crate docs](crate) for the rules
/// and the decisions taken where the rules ([`crate::rules`]) are silent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Quoridor {
    pub(crate) h: u128,
    pub(crate) v: u128,
    pub(crate) hash: u64,
    pub(crate) tick: u32,
    /// 0 when there is no limit.
    pub(crate) tick_limit: u32,
    pub(crate) pawns: [u8; 4],
    pub(crate) walls_left: [u8; 4],
    pub(crate) m: u8,
    pub(crate) players: u8,
    pub(crate) wall_total: u8,
    pub(crate) first: u8,
    pub(crate) to_move: u8,
    pub(crate) status: Status,
}

impl Quoridor {
    #[inline]
    pub(crate) fn geom(&self) -> &'static Geom {
        geom_for(self.m)
    }

    #[inline]
    pub(crate) fn index(&self, c: Cell) -> u8 {
        c.y * self.m + c.x
    }

    #[inline]
    pub(crate) fn cell_of(&self, i: u8) -> Cell {
        let [x, y] = self.geom().xy[i as usize & 127];
        Cell { x, y }
    }

    #[inline]
    pub(crate) fn on_board(&self, c: Cell) -> bool {
        c.x < self.m && c.y < self.m
    }

    #[inline]
    pub(crate) fn goal_mask(&self, p: usize) -> u128 {
        let g = self.geom();
        match (self.players, p) {
            (_, 0) => g.row_last,
            (2, _) | (_, 2) => g.row0,
            (_, 1) => g.col0,
            _ => g.col_last,
        }
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        // Seats without a pawn (removed, or 2 and 3 of a two-player game)
        // hold `NO_PAWN`, whose bit is empty.
        bit(self.pawns[0]) | bit(self.pawns[1]) | bit(self.pawns[2]) | bit(self.pawns[3])
    }

    /// The one-bit mask of `p`'s pawn (empty for a removed player).
    #[inline]
    pub(crate) fn pawn_bit(&self, p: usize) -> u128 {
        bit(self.pawns[p & 3])
    }

    /// The board side `M`.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.m
    }

    /// The player to move, `None` once the game is over (read the result
    /// from [`Game::outcome`](game_core::Game::outcome) then).
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Option<PlayerId> {
        (self.status == Status::Running).then_some(PlayerId(self.to_move))
    }

    /// Turns played so far, removals included; the tick of the coming turn
    /// (as the protocol numbers it) is `tick() + 1`.
    #[must_use]
    pub fn tick(&self) -> u32 {
        self.tick
    }

    /// The tick limit, if any.
    #[must_use]
    pub fn tick_limit(&self) -> Option<u32> {
        (self.tick_limit != 0).then_some(self.tick_limit)
    }

    /// The cell of `player`'s pawn, `None` when the player was removed (or
    /// does not exist).
    #[must_use]
    pub fn pawn(&self, player: PlayerId) -> Option<Cell> {
        let p = player.index();
        (p < self.players as usize && self.pawns[p] != NO_PAWN).then(|| self.cell_of(self.pawns[p]))
    }

    /// Walls `player` has left (0 for a seat that does not exist).
    #[must_use]
    pub fn walls_left(&self, player: PlayerId) -> u8 {
        if player.index() < self.players as usize { self.walls_left[player.index()] } else { 0 }
    }

    /// Whether `player` was removed (stuck in a four-player game).
    #[must_use]
    pub fn is_removed(&self, player: PlayerId) -> bool {
        player.index() < self.players as usize && self.pawns[player.index()] == NO_PAWN
    }

    /// The players still in the game.
    pub fn active_players(&self) -> PlayerSet {
        (0..self.players).map(PlayerId).filter(|&p| !self.is_removed(p)).collect()
    }

    /// Whether `wall` stands on the board.
    #[must_use]
    pub fn has_wall(&self, wall: Wall) -> bool {
        if wall.x > self.m - 2 || wall.y > self.m - 2 {
            return false;
        }
        let b = 1u128 << self.index(Cell::new(wall.x, wall.y));
        (if wall.vertical { self.v } else { self.h }) & b != 0
    }

    /// The walls on the board: horizontal ones, then vertical ones, each by
    /// row then column.
    pub fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        let g = self.geom();
        let hs = Bits(self.h).map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: false });
        let vs = Bits(self.v).map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: true });
        hs.chain(vs)
    }

    /// Number of walls on the board.
    #[must_use]
    pub fn wall_count(&self) -> u32 {
        self.h.count_ones() + self.v.count_ones()
    }

    /// `Ok` when `player` is a seat of this game.
    pub(crate) fn check_seat(&self, player: PlayerId) -> Result<(), game_core::SeatError> {
        game_core::SeatError::check_exists(player, self.players as usize)
    }

    /// The next player still in the game after `p` (a seat, 0 to 3), in
    /// turn order: a four-player game's (nobody is removed in a
    /// two-player game, whose turn simply alternates).
    pub(crate) fn next_active(&self, p: u8) -> Option<u8> {
        (1..=4).map(|k| (p + k) & 3).find(|&q| self.pawns[q as usize] != NO_PAWN)
    }

    /// The active player whose pawn stands on its goal, if any.
    pub(crate) fn goal_winner(&self) -> Option<usize> {
        (0..self.players as usize).find(|&p| self.pawns[p] != NO_PAWN && self.goal_mask(p) & self.pawn_bit(p) != 0)
    }
}
