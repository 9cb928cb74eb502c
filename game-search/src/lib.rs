//! # game-search
//!
//! Generic game-tree search over [`game_core::Game`], free of any CLI
//! dependency:
//!
//! * [`Mcts`]: UCT with max-n values for any number of players, repeated
//!   turns and eliminated players (it asks [`Game::to_act`] at every node),
//!   sampled chance nodes and **decoupled UCT** at simultaneous nodes, with
//!   pluggable playout [`Policy`] and tree reuse between moves.
//! * [`AlphaBeta`]: negamax with iterative deepening and a transposition
//!   table on [`game_core::Zobrist`], for [`game_core::Alternating`] games,
//!   with an [`Evaluate`] trait for leaves and move ordering.
//! * [`Paranoid`]: alpha-beta for any game (repeated turns, N players):
//!   the searcher maximises, every other player is assumed to minimise its
//!   value.
//! * [`FlatMonteCarlo`]: playouts for each root move, best average wins.
//! * [`DagMcts`]: MCTS for sequential games whose positions, reached by
//!   different move orders, are one node (merged by [`game_core::Zobrist`]),
//!   with the game's evaluation at new nodes; it searches a whole turn once.
//!
//! All five are bots: they implement [`game_core::bot::Bot`], the one bot
//! trait of the workspace (a time budget set for a turn is the whole
//! turn's, so a Paper Soccer bounce searches again in what is left). All randomness comes from a
//! [`game_core::rng::seeded`] generator, so a search with an iteration
//! [`Budget`] plays the same moves for the same seed.
//!
//! Under a contest's clock, a [`TimeManager`] turns the time left for an
//! answer (what each game crate's `protocol::run_bot` passes the bot) into
//! the answer's budget, set with [`Bot::set_budget`](game_core::bot::Bot::set_budget); the example
//! `yavalath-clock` is a whole bot doing so
//! (`cargo build --release -p game-search --example yavalath-clock`).
//!
//! ```
//! use game_core::bot::Bot;
//! use game_search::{Budget, Mcts, MctsConfig};
//! use game_core::PlayerId;
//! use nim::Nim;
//!
//! // From 10 stones (take 1 to 3) the winning move leaves 8: take 2.
//! let mut mcts = Mcts::new(MctsConfig { budget: Budget::Iterations(2000), ..MctsConfig::default() }, 1);
//! assert_eq!(mcts.choose(&Nim::new(10, 3), PlayerId(0)), Some(2));
//! ```

#![warn(missing_docs)]

mod alphabeta;
mod budget;
mod dag;
mod flat;
mod hash;
mod mcts;
mod paranoid;
mod policy;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, EvalFn, Evaluate, NoEvaluation, SearchInfo, WIN};
pub use budget::{Budget, BudgetError, TimeManager, Timed};
pub use dag::{DagConfig, DagMcts, FIRST_SHARE};
pub use flat::{FlatConfig, FlatMonteCarlo};
pub use mcts::{Mcts, MctsConfig};
pub use paranoid::{Paranoid, ParanoidConfig};
pub use policy::{EvalCut, Policy, UniformRandom, playout};

use game_core::{Game, PlayerId};

/// The move a search chooses for `me`, searching only when there is a
/// choice: `None` without a legal move, the only move without searching,
/// else the move `search` finds (the first legal move if it finds none).
/// `buf` receives the legal moves.
pub(crate) fn choose_among<G: Game>(
    state: &G,
    me: PlayerId,
    buf: &mut Vec<G::Move>,
    search: impl FnOnce() -> Option<G::Move>,
) -> Option<G::Move> {
    state.legal_moves(me, buf);
    match buf.len() {
        0 => None,
        1 => Some(buf[0]),
        _ => {
            let first = buf[0];
            search().or(Some(first))
        }
    }
}
