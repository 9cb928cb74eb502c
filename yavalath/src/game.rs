//! The [`Game`] implementation, [`Alternating`] and [`Zobrist`].

// Bits below 61: `as u8` is exact.
#![allow(clippy::cast_possible_truncation)]

use crate::cell::{CELLS, Cell};
use crate::error::{MoveError, SetupError};
use crate::sample::Draws;
use crate::setup::Setup;
use crate::state::{End, Yavalath};
use game_core::{Alternating, Game, NoChance, Outcome, PlayerId, PlayoutError, RngCore, SeatError, ToAct, Zobrist};

impl Game for Yavalath {
    type Move = Cell;
    type Chance = NoChance;
    type Error = MoveError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "yavalath";

    #[inline]
    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        match self.end {
            None => ToAct::Player(self.next_player()),
            Some(_) => ToAct::Over,
        }
    }

    /// The cells of [`legal`](Yavalath::legal), in bit order. Filling a `Vec` costs about 30 times
    /// what the bitboard does (see the crate docs' *Speed*): search and playout code should use
    /// [`legal`](Yavalath::legal) and [`random_legal_move`](Game::random_legal_move).
    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Cell>) {
        out.clear();
        if self.end.is_none() && player == self.next_player() {
            // An exact-length range: `extend` reserves once and writes without a capacity check
            // per cell (the bitboard's own iterator is not `TrustedLen`).
            let mut rest = self.legal().0;
            out.extend((0..rest.count_ones()).map(|_| {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                Cell(bit as u8)
            }));
        }
    }

    /// A uniform pick from the [`legal`](Yavalath::legal) bitboard (rejection sampling on the 61
    /// cells, five draws from one 32-bit random word, an exact fallback for sparse sets); `buf` is not
    /// used. Exactly uniform over the legal moves, as the trait requires.
    #[inline]
    fn random_legal_move<R: RngCore + ?Sized>(
        &self,
        player: PlayerId,
        rng: &mut R,
        _buf: &mut Vec<Cell>,
    ) -> Option<Cell> {
        if player != self.next_player() {
            return None;
        }
        Draws::one_word(rng).pick(rng, self.legal().0).map(|bit| Cell(bit as u8))
    }

    /// [`Yavalath::random_playout`]: the same sampler with its random bits kept across moves.
    #[inline]
    fn play_out_randomly<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        _buf: &mut Vec<Cell>,
    ) -> Result<u64, PlayoutError> {
        Ok(u64::from(Yavalath::random_playout(self, rng)))
    }

    /// # Errors
    /// [`MoveError::Seat`] with [`SeatError::NoSuchPlayer`] for a seat other than 0 and 1
    /// (checked first), then [`SeatError::GameOver`], [`SeatError::NotYourTurn`]; then
    /// [`MoveError::Occupied`].
    fn check_move(&self, player: PlayerId, cell: Cell) -> Result<(), MoveError> {
        SeatError::check_exists(player, 2)?;
        if self.end.is_some() {
            return Err(SeatError::GameOver.into());
        }
        if player != self.next_player() {
            return Err(SeatError::NotYourTurn { player, to_move: self.next_player() }.into());
        }
        if !self.legal().contains(cell) {
            return Err(MoveError::Occupied { cell });
        }
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, _player: PlayerId, cell: Cell) {
        self.apply(u32::from(cell.bit()));
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), MoveError> {
        match *chance {}
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.end.map(End::outcome)
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.end.map(End::reason)
    }

    /// 62: 61 placements and the steal.
    #[inline]
    fn max_plies(&self) -> Option<u64> {
        Some(CELLS as u64 + 1)
    }

    fn to_setup(&self) -> Setup {
        Setup { rows: self.rows(), to_move: self.next_player() }
    }

    fn from_setup(setup: Setup) -> Result<Yavalath, SetupError> {
        Yavalath::from_rows(&setup.rows, setup.to_move, false)
    }
}

impl Alternating for Yavalath {}

impl Zobrist for Yavalath {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        crate::zobrist::hash(&self.boards, self.plies)
    }
}

#[cfg(feature = "testing")]
/// The 61 cells: a move of any position is one of them.
impl game_core::testing::MoveUniverse for Yavalath {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Cell)) {
        Cell::all().for_each(f);
    }
}
