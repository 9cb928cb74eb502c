//! The [`Game`] impl of [`Nim`], with [`Alternating`] and [`Zobrist`] (and the conformance kit's
//! `testing::MoveUniverse` behind feature `testing`).

use crate::error::NimError;
use crate::setup::Setup;
use crate::state::Nim;
use game_core::{Alternating, Game, NoChance, Outcome, PlayerId, RngCore, ToAct, Zobrist};

impl Game for Nim {
    type Move = u8;
    type Chance = NoChance;
    type Error = NimError;
    type Setup = Setup;
    type SetupError = NimError;
    const NAME: &'static str = "nim";

    fn players(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.pile == 0 { ToAct::Over } else { ToAct::Player(self.to_move) }
    }

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<u8>) {
        self.takes(player, out);
    }

    fn check_move(&self, player: PlayerId, take: u8) -> Result<(), NimError> {
        self.check_take(player, take)
    }

    fn play_unchecked(&mut self, _player: PlayerId, take: u8) {
        self.pile = self.pile.saturating_sub(take);
        if self.pile > 0 {
            self.to_move = self.to_move.opponent();
        }
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), NimError> {
        match *chance {}
    }

    fn outcome(&self) -> Option<Outcome> {
        // The player who took the last stone stays `to_move`.
        (self.pile == 0).then(|| Outcome::win_for(2, self.to_move))
    }

    fn end_reason(&self) -> Option<&'static str> {
        (self.pile == 0).then_some("last-stone")
    }

    fn max_plies(&self) -> Option<u64> {
        Some(u64::from(self.pile))
    }

    fn to_setup(&self) -> Setup {
        Setup::from(*self)
    }

    fn from_setup(setup: Setup) -> Result<Nim, NimError> {
        setup.validate()
    }
}

impl Alternating for Nim {}

/// The hash is a mix of the whole (tiny) state, so incremental and
/// from-scratch hashes agree trivially.
impl Zobrist for Nim {
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        game_core::rng::splitmix64(
            u64::from(self.pile) | u64::from(self.max_take) << 8 | u64::from(self.to_move.0) << 16,
        )
    }
}

#[cfg(feature = "testing")]
impl game_core::testing::MoveUniverse for Nim {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(u8)) {
        (1..=self.max_take).for_each(f);
    }
}
