//! The [`Game`] implementation (and, behind the `testing` feature, the move universe of the
//! conformance kit), [`Alternating`] and [`Zobrist`].

use crate::cell::{CELLS, Cell};
use crate::error::{MoveError, SetupError};
use crate::setup::Setup;
use crate::state::{End, Yavalath};
use game_core::{Alternating, Game, NoChance, Outcome, PlayerId, RngCore, ToAct, Zobrist};

impl Game for Yavalath {
    type Move = Cell;
    type Chance = NoChance;
    type Error = MoveError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "yavalath";

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

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Cell>) {
        out.clear();
        if self.end.is_none() && player == self.next_player() {
            out.extend(self.legal());
        }
    }

    fn check_move(&self, player: PlayerId, cell: Cell) -> Result<(), MoveError> {
        if self.end.is_some() {
            return Err(MoveError::GameOver);
        }
        if player != self.next_player() {
            return Err(MoveError::NotYourTurn { player, to_move: self.next_player() });
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

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(End::outcome)
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.end.map(End::reason)
    }

    /// 62: 61 placements and the steal.
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
impl game_core::testing::MoveUniverse for Yavalath {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Cell)) {
        Cell::all().for_each(f);
    }
}
