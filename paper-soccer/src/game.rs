//! The step-level rules on the game-core [`Game`] trait.

use crate::dir::Dir;
use crate::error::{SetupError, StepError};
use crate::pitch::Pitch;
use crate::setup::Setup;
use crate::state::Board;
use game_core::{Game, NoChance, Outcome, PlayerId, PlayoutError, RngCore, SeatError, ToAct};

impl<const N: usize> Game for Board<N> {
    type Move = Dir;
    type Chance = NoChance;
    type Error = StepError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "paper-soccer";

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        if self.is_over() { ToAct::Over } else { ToAct::Player(PlayerId(self.to_move)) }
    }

    #[inline]
    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Dir>) {
        out.clear();
        if player.0 == self.to_move {
            out.extend(self.legal_dirs());
        }
    }

    /// Exactly uniform over the legal steps, without a move list.
    #[inline]
    fn random_legal_move<R: RngCore + ?Sized>(
        &self,
        player: PlayerId,
        rng: &mut R,
        _buf: &mut Vec<Dir>,
    ) -> Option<Dir> {
        if player.0 == self.to_move { self.random_dir(rng) } else { None }
    }

    /// [`Board::random_playout`]: four draws per random word, no move list, the hash brought up to
    /// date once at the end.
    #[inline]
    fn play_out_randomly<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        _buf: &mut Vec<Dir>,
    ) -> Result<u64, PlayoutError> {
        Ok(u64::from(Board::random_playout(self, rng)))
    }

    fn check_move(&self, player: PlayerId, mv: Dir) -> Result<(), StepError> {
        SeatError::check_exists(player, 2)?;
        if self.is_over() {
            return Err(SeatError::GameOver.into());
        }
        if player.0 != self.to_move {
            return Err(SeatError::NotYourTurn { player, to_move: PlayerId(self.to_move) }.into());
        }
        self.check_step(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, _player: PlayerId, mv: Dir) {
        self.step(mv);
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), StepError> {
        match *chance {}
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner().map(|w| Outcome::win_for(2, w))
    }

    fn end_reason(&self) -> Option<&'static str> {
        if !self.is_over() {
            return None;
        }
        Some(match self.ball_goal() {
            Some(goal) if Pitch::attacker(goal) == PlayerId(self.to_move) => "goal",
            Some(_) => "own-goal",
            None => "blocked",
        })
    }

    fn max_plies(&self) -> Option<u64> {
        Some(self.pitch().drawable_links() as u64)
    }

    fn to_setup(&self) -> Setup {
        Setup { pitch: self.pitch(), lines: self.lines().collect(), ball: self.ball(), to_move: PlayerId(self.to_move) }
    }

    fn from_setup(setup: Setup) -> Result<Self, SetupError> {
        Self::from_setup_inner(&setup)
    }
}

#[cfg(feature = "testing")]
/// Every step direction: a move of any position is one of the eight.
impl<const N: usize> game_core::testing::MoveUniverse for Board<N> {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Dir)) {
        Dir::ALL.into_iter().for_each(f);
    }
}
