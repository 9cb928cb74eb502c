//! The [`Game`] impl of [`Quoridor`]: playing moves, turns, ticks and the
//! end of the game.

// Player numbers are below 4, so `as u8` is exact.
#![allow(clippy::cast_possible_truncation)]

use crate::error::{MoveError, SetupError};
use crate::geometry::{bit, by_size};
use crate::movegen::{gen_w, pawn_targets_of};
use crate::moves::Move;
use crate::setup::Setup;
use crate::state::{NO_PAWN, Quoridor, Status};
use crate::zobrist;
use game_core::grid::Cell;
use game_core::{Game, NoChance, Outcome, PlayerId, PlayerSet, PlayoutError, RngCore, SeatError, ToAct};

impl Quoridor {
    #[inline]
    fn set_to_move(&mut self, p: u8) {
        self.hash ^= zobrist::turn(self.to_move) ^ zobrist::turn(p);
        self.to_move = p;
    }

    /// Counts one turn; true when it hit the tick limit.
    #[inline]
    fn count_tick(&mut self) -> bool {
        self.tick = self.tick.saturating_add(1);
        if self.tick_limit != 0 && self.tick >= self.tick_limit {
            self.status = Status::TickLimit;
            true
        } else {
            false
        }
    }

    /// Ends the turn of the player to move: counts the tick, then passes the
    /// turn to the next player still in the game, removing players that
    /// cannot move (each removal uses up that player's turn and tick).
    #[inline]
    fn end_turn(&mut self) {
        if self.count_tick() {
            return;
        }
        if self.players == 2 {
            // Nobody is removed in a two-player game.
            self.set_to_move(self.to_move ^ 1);
            return;
        }
        self.pass_to_next_active();
    }

    /// [`end_turn`](Quoridor::end_turn) of a four-player game: the turn
    /// passes to the next player still in the game, removing players that
    /// cannot move.
    fn pass_to_next_active(&mut self) {
        for _ in 0..self.players {
            let Some(next) = self.next_active(self.to_move) else {
                self.status = Status::AllRemoved;
                return;
            };
            self.set_to_move(next);
            if self.has_move(next as usize) {
                return;
            }
            let p = next as usize;
            self.hash ^= zobrist::pawn(p, self.pawns[p]);
            self.pawns[p] = NO_PAWN;
            if self.count_tick() {
                return;
            }
        }
    }

    /// Moves the pawn of `p` (the player to move, still in the game) to cell
    /// bit `i` and ends the turn: the pawn move of
    /// [`play_unchecked`](Game::play_unchecked) and of the fast playout.
    #[inline]
    pub(crate) fn move_pawn(&mut self, p: usize, i: u8) {
        self.hash ^= zobrist::pawn(p, self.pawns[p & 3]) ^ zobrist::pawn(p, i);
        self.pawns[p & 3] = i;
        if self.goal_mask(p) & bit(i) != 0 {
            self.tick = self.tick.saturating_add(1);
            self.status = Status::Goal;
            return;
        }
        self.end_turn();
    }

    /// The players still in the game with the shortest path to their goals
    /// (every game that hits the tick limit asks: no allocation).
    fn closest_players(&self) -> PlayerSet {
        let mut best = (u32::MAX, PlayerSet::default());
        for p in (0..self.players).map(PlayerId) {
            match self.distance_to_goal(p) {
                Some(d) if d < best.0 => best = (d, PlayerSet::default().with(p)),
                Some(d) if d == best.0 => best.1 = best.1.with(p),
                _ => {}
            }
        }
        best.1
    }
}

impl Game for Quoridor {
    type Move = Move;
    type Chance = NoChance;
    type Error = MoveError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "quoridor";

    fn players(&self) -> usize {
        self.players as usize
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        if self.status == Status::Running { ToAct::Player(PlayerId(self.to_move)) } else { ToAct::Over }
    }

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Move>) {
        out.clear();
        if self.status != Status::Running || player.0 != self.to_move {
            return;
        }
        by_size!(self.m, gen_w(self, out));
    }

    /// Exactly uniform, drawn without listing the moves (rejection sampling
    /// from the pawn targets and the walls that fit); `buf` is not used.
    #[inline]
    fn random_legal_move<R: RngCore + ?Sized>(
        &self,
        player: PlayerId,
        rng: &mut R,
        _buf: &mut Vec<Move>,
    ) -> Option<Move> {
        if self.status != Status::Running || player.0 != self.to_move {
            return None;
        }
        self.sample_move(rng)
    }

    /// [`Quoridor::random_playout_with`]: once nobody has a wall left, the pawns' steps come from a
    /// table made once per game.
    #[inline]
    fn play_out_randomly<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        _buf: &mut Vec<Move>,
    ) -> Result<u64, PlayoutError> {
        let plies = u64::from(self.random_playout(rng));
        match self.to_move() {
            None => Ok(plies),
            Some(_) => Err(PlayoutError::NoLegalMove { ply: plies }),
        }
    }

    fn check_move(&self, player: PlayerId, mv: Move) -> Result<(), MoveError> {
        self.check_seat(player)?;
        if self.status != Status::Running {
            return Err(SeatError::GameOver.into());
        }
        if player.0 != self.to_move {
            return Err(SeatError::NotYourTurn { player, to_move: PlayerId(self.to_move) }.into());
        }
        match mv {
            Move::Pawn(cell) => {
                if !self.on_board(cell) {
                    return Err(MoveError::PawnOffBoard { cell });
                }
                let t = by_size!(self.m, pawn_targets_of(self, player.index()));
                if t & (1u128 << self.index(cell)) == 0 {
                    return Err(MoveError::IllegalPawnMove { cell });
                }
                Ok(())
            }
            Move::Wall(wall) => self.check_wall(player, wall),
        }
    }

    fn play_unchecked(&mut self, player: PlayerId, mv: Move) {
        let p = player.index() & 3;
        match mv {
            Move::Pawn(cell) => {
                if self.on_board(cell) && self.pawns[p] != NO_PAWN {
                    self.move_pawn(p, self.index(cell));
                }
                return;
            }
            Move::Wall(w) => {
                if w.x > self.m - 2 || w.y > self.m - 2 {
                    return;
                }
                let b = 1u128 << self.index(Cell::new(w.x, w.y));
                if w.vertical {
                    self.v |= b;
                    self.hash ^= zobrist::V_WALL[self.index(Cell::new(w.x, w.y)) as usize];
                } else {
                    self.h |= b;
                    self.hash ^= zobrist::H_WALL[self.index(Cell::new(w.x, w.y)) as usize];
                }
                let left = self.walls_left[p];
                self.hash ^= zobrist::left(p, left) ^ zobrist::left(p, left.saturating_sub(1));
                self.walls_left[p] = left.saturating_sub(1);
            }
        }
        self.end_turn();
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), MoveError> {
        match *chance {}
    }

    fn outcome(&self) -> Option<Outcome> {
        let n = self.players as usize;
        match self.status {
            Status::Running => None,
            Status::Goal => Some(match self.goal_winner() {
                Some(p) => Outcome::win_for(n, PlayerId(p as u8)),
                None => Outcome::draw(n),
            }),
            Status::TickLimit => Some(Outcome::shared_win(n, self.closest_players().iter())),
            Status::AllRemoved => Some(Outcome::shared_win(n, std::iter::empty())),
        }
    }

    fn end_reason(&self) -> Option<&'static str> {
        match self.status {
            Status::Running => None,
            Status::Goal => Some("goal"),
            Status::TickLimit => Some("tick-limit"),
            Status::AllRemoved => Some("all-removed"),
        }
    }

    fn max_plies(&self) -> Option<u64> {
        self.tick_limit().map(u64::from)
    }

    fn to_setup(&self) -> Setup {
        let n = self.players as usize;
        Setup {
            config: self.config(),
            pawns: (0..n).map(|p| self.pawn(PlayerId(p as u8))).collect(),
            walls_left: self.walls_left[..n].to_vec(),
            walls: self.walls().collect(),
            tick: self.tick,
            to_move: PlayerId(self.to_move),
        }
    }

    fn from_setup(setup: Setup) -> Result<Quoridor, SetupError> {
        crate::setup::validate(&setup)
    }
}

#[cfg(feature = "testing")]
/// Every pawn square and every wall slot of the board: a move of any
/// position is one of them.
impl game_core::testing::MoveUniverse for Quoridor {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Move)) {
        for y in 0..self.m {
            for x in 0..self.m {
                f(Move::Pawn(Cell::new(x, y)));
            }
        }
        for vertical in [false, true] {
            for y in 0..self.m - 1 {
                for x in 0..self.m - 1 {
                    f(Move::Wall(crate::moves::Wall { x, y, vertical }));
                }
            }
        }
    }
}
