//! A tiny complete game on the [`Game`] trait: the subtraction game.
//!
//! Two players alternately take 1 to `max_take` stones from one pile; whoever
//! takes the last stone wins. It is small enough to read in one sitting, so
//! it serves as the worked example of implementing the traits, and as a
//! fixture for tools (bots, the arena) that need a game with known answers:
//! the player to move loses exactly when `pile % (max_take + 1) == 0`.

use crate::game::{Alternating, Game, NoChance, Zobrist};
use crate::outcome::Outcome;
use crate::player::{PlayerId, SeatError, ToAct};
use rand_core::RngCore;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Why a Nim move or setup is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NimError {
    /// The seat cannot play now (the game is over, or it is the other
    /// player's turn).
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// Taking 0, more than `max_take`, or more than the pile holds.
    #[error("cannot take {take} stones (pile {pile}, at most {max_take} a move)")]
    BadTake {
        /// Stones asked for.
        take: u8,
        /// Stones on the pile.
        pile: u8,
        /// Most stones one move may take.
        max_take: u8,
    },
    /// A setup with `max_take == 0` or a player other than 0 or 1 to move.
    #[error("invalid setup: {0}")]
    BadSetup(&'static str),
}

crate::error_kinds!(NimError {
    NimError::Seat(e) => crate::GameError::kind(e),
    NimError::BadTake { .. } => "bad-take",
    NimError::BadSetup(_) => "bad-setup",
});

/// A Nim position and its configuration (the setup is the state itself:
/// every field combination passes validation except those named in
/// [`NimError::BadSetup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Nim {
    /// Stones left.
    pub pile: u8,
    /// Most stones one move may take (at least 1).
    pub max_take: u8,
    /// The player to move (0 or 1).
    pub to_move: PlayerId,
}

impl Nim {
    /// A new game with `pile` stones where a move takes 1 to `max_take`
    /// (clamped to at least 1); player 0 starts.
    #[must_use]
    pub fn new(pile: u8, max_take: u8) -> Nim {
        Nim { pile, max_take: max_take.max(1), to_move: PlayerId(0) }
    }
}

impl Game for Nim {
    type Move = u8;
    type Chance = NoChance;
    type Error = NimError;
    type Setup = Nim;
    type SetupError = NimError;
    const NAME: &'static str = "nim";

    fn players(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.pile == 0 { ToAct::Over } else { ToAct::Player(self.to_move) }
    }

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<u8>) {
        out.clear();
        if self.pile > 0 && player == self.to_move {
            out.extend(1..=self.max_take.min(self.pile));
        }
    }

    fn check_move(&self, player: PlayerId, take: u8) -> Result<(), NimError> {
        if self.pile == 0 {
            return Err(SeatError::GameOver.into());
        }
        if player != self.to_move {
            return Err(SeatError::NotYourTurn { player, to_move: self.to_move }.into());
        }
        if take == 0 || take > self.max_take || take > self.pile {
            return Err(NimError::BadTake { take, pile: self.pile, max_take: self.max_take });
        }
        Ok(())
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

    fn to_setup(&self) -> Nim {
        *self
    }

    fn from_setup(setup: Nim) -> Result<Nim, NimError> {
        if setup.max_take == 0 {
            return Err(NimError::BadSetup("max_take must be at least 1"));
        }
        if setup.to_move.0 > 1 {
            return Err(NimError::BadSetup("the player to move must be 0 or 1"));
        }
        Ok(setup)
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
        crate::rng::splitmix64(u64::from(self.pile) | u64::from(self.max_take) << 8 | u64::from(self.to_move.0) << 16)
    }
}

#[cfg(feature = "testing")]
impl crate::testing::MoveUniverse for Nim {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(u8)) {
        (1..=self.max_take).for_each(f);
    }
}

/// The takes `1..=max_take` as actions `0..max_take`.
#[cfg(feature = "codec")]
impl crate::codec::ActionCodec for Nim {
    fn num_distinct_actions(&self) -> usize {
        usize::from(self.max_take)
    }
    fn encode_action(&self, take: u8) -> Option<usize> {
        (1..=self.max_take).contains(&take).then(|| usize::from(take - 1))
    }
    fn decode_action(&self, action: usize) -> Option<u8> {
        u8::try_from(action).ok().filter(|&a| a < self.max_take).map(|a| a + 1)
    }
}

/// Observation version 1, `[2, 1, 1]`: plane 0 the stones left, plane 1
/// 1 when the observer is to act.
#[cfg(feature = "codec")]
impl crate::codec::Observe for Nim {
    const OBSERVATION_VERSION: u32 = 1;
    fn observation_shape(&self) -> [usize; 3] {
        [2, 1, 1]
    }
    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), crate::codec::ObservationError> {
        crate::codec::Observe::check_observation(self, observer, out)?;
        out[0] = f32::from(self.pile);
        out[1] = if self.pile > 0 && self.to_move == observer { 1.0 } else { 0.0 };
        Ok(())
    }
}
