//! Game records: a start setup plus every move and chance value, replayable
//! without any random generator.

use crate::game::Game;
use crate::outcome::Outcome;
use crate::player::PlayerId;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One step of a record.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "M: Serialize, C: Serialize", deserialize = "M: Deserialize<'de>, C: Deserialize<'de>"))
)]
pub enum Event<M, C> {
    /// `player` played `mv`.
    Move {
        /// Who played.
        player: PlayerId,
        /// What.
        mv: M,
    },
    /// A chance node resolved to this value.
    Chance(C),
}

/// A whole game: the start setup, every event, and the outcome if finished.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(bound(serialize = "", deserialize = "")))]
pub struct Record<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The start position, configuration included.
    pub setup: G::Setup,
    /// The seed the game was played with, if any (informative: replaying
    /// needs only the events).
    pub seed: Option<u64>,
    /// Moves and chance values in order.
    pub events: Vec<Event<G::Move, G::Chance>>,
    /// The outcome, if the game finished.
    pub outcome: Option<Outcome>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError<E: std::error::Error, S: std::error::Error> {
    /// The record is of another game.
    #[error("record of game {found:?}, expected {expected:?}")]
    WrongGame {
        /// The game this type implements.
        expected: &'static str,
        /// The record's game.
        found: String,
    },
    /// The start setup is invalid.
    #[error("invalid setup: {0}")]
    Setup(S),
    /// Event `index` is illegal.
    #[error("event {index}: {error}")]
    Illegal {
        /// Index into [`Record::events`].
        index: usize,
        /// The game's reason.
        error: E,
    },
    /// The recorded outcome differs from the replayed one.
    #[error("recorded outcome {recorded:?} but replay gives {replayed:?}")]
    OutcomeMismatch {
        /// In the record.
        recorded: Box<Option<Outcome>>,
        /// After replaying.
        replayed: Box<Option<Outcome>>,
    },
}

impl<G: Game> Record<G> {
    /// An empty record starting at `start`.
    pub fn new(start: &G, seed: Option<u64>) -> Record<G> {
        Record { game: G::NAME.to_string(), setup: start.to_setup(), seed, events: Vec::new(), outcome: None }
    }

    /// Replays every event from the setup and checks the recorded outcome
    /// (when the record has one).
    ///
    /// # Errors
    /// The first problem found.
    pub fn replay(&self) -> Result<G, ReplayError<G::Error, G::SetupError>> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame { expected: G::NAME, found: self.game.clone() });
        }
        let mut g = G::from_setup(self.setup.clone()).map_err(ReplayError::Setup)?;
        for (index, e) in self.events.iter().enumerate() {
            let r = match e {
                Event::Move { player, mv } => g.play(*player, *mv),
                Event::Chance(c) => g.apply_chance(c),
            };
            r.map_err(|error| ReplayError::Illegal { index, error })?;
        }
        if self.outcome.is_some() && self.outcome != g.outcome() {
            return Err(ReplayError::OutcomeMismatch {
                recorded: Box::new(self.outcome),
                replayed: Box::new(g.outcome()),
            });
        }
        Ok(g)
    }
}
