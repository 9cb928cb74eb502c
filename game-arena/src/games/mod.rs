//! The games as the arena hosts them: each game crate's `adapter` module
//! (its registry entry, `build`, and the [`Adapter`] on its contest, from
//! the `game-adapter` crate), re-exported here by the crate's name
//! (`games::quoridor`), and
//! the contest's types the arena uses with them.

pub use game_adapter::{Adapter, GAME_ROLLOUT, evaluated_mcts, game_rollout, legal_turn};
pub use game_core::TimeControl;
pub use game_core::referee::{AnswerNote, Contest, ContestError, FailurePolicy, ParsedAnswer, TurnLog, random_turn};

/// Each game crate's `adapter` module by the crate's name, from the
/// registry's list of games.
pub use crate::registry::adapters::*;
#[cfg(test)]
mod tests;

pub use game_core::svg::escape as xml_escape;
