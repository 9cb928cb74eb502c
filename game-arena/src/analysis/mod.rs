//! `arena analyze`: an evaluation of every ply of a recorded game, the
//! blunders marked: where a bot lost the game.
//!
//! [`analyze`] reads a JSON record through the judging core (as `arena
//! judge` and `arena view` do) and searches the positions of the game with
//! an MCTS search ([`game_search::Mcts::evaluate`], the game's own `mcts`
//! bot: its playout policy and evaluation), giving [`Analysis`], the report
//! `arena analyze --json` writes and `arena view --analysis` reads. Plies
//! are numbered as `arena judge` and `arena view` number them: ply 0 is the
//! start position, ply *k* the *k*-th seat turn of the record (in a
//! simultaneous round, every acting seat's answer is a ply of its own).
//!
//! ## Values
//! A seat's *value* in a position is its expected score in `0..=1` as the
//! search finds it: the mean, over the search's playouts through its best
//! move, of the seat's result (1 a win, 0 a loss, ½ a draw; with more seats
//! the ranking score, 1 for first place, 0 for last and evenly between,
//! tied seats sharing; Quoridor's four seats included). Where a playout is
//! cut short, the game's evaluation stands for the result, as in the game's
//! `mcts` bot. At the end of the game (or a forfeit) the value is the
//! result itself.
//!
//! * `best`: the turn the search plays in the position the seat decided
//!   on (its first move from that position's search, the rest of a
//!   multi-move turn searched move by move).
//! * `value_before`: the seat's value once it has played `best`, that is
//!   its value before its move under the search's play; `value_after`: its
//!   value once it has played its recorded turn. Both are measured after a
//!   turn, the same way, so the search's own bias (a search rates the side
//!   to move above what the next search finds) stays out of the loss, and
//!   a ply that plays the best turn loses exactly 0.
//! * Alternating games (Paper Soccer, Yavalath, Quoridor): the position
//!   after the recorded turn is the next turn's, searched once for both
//!   plies.
//! * Parallel Football (four teams, simultaneous rounds, then chance):
//!   the game's `mcts` (decoupled UCT over every team's orders,
//!   [`FootballPolicy`](parallel_football::adapter::FootballPolicy))
//!   gives the best turns and the values. A team's value is its expected
//!   share of the score to come where the search stops (its score, each
//!   ball still in play counted by its potential, over the sum of all
//!   teams'; 1/4 is an even share), over sampled allocations of
//!   contested kicks. Every team
//!   decides on the round's start without seeing the others' orders, so in
//!   both values the other teams play the search's best turns from the
//!   round's start: the loss comes from the team's own answer only, not
//!   from what the others played.
//! * `loss = value_before − value_after` (two searches: it may be a little
//!   negative, by their noise), a `blunder` when it is above the threshold
//!   ([`DEFAULT_BLUNDER`] by default).
//!
//! ## Determinism
//! Each position is searched by a fresh search seeded from a fixed seed and
//! the position's index, with an iteration budget ([`DEFAULT_ITERATIONS`]
//! when the spec sets none), so the report is the same on any number of
//! threads and on every run: an interrupted analysis is rerun, not resumed.

mod plies;
mod run;

pub use run::{AnalysisOptions, DEFAULT_BLUNDER, DEFAULT_ITERATIONS, analysis_search, analyze};

use serde::{Deserialize, Serialize};

/// The value every seat has in an even position of `game` with `seats`
/// seats: a ranking score's middle, 0.5 (a draw; Quoridor's four seats
/// score 1, 2/3, 1/3 and 0 by place), except in Parallel Football, whose
/// values are shares of the score: one over the seats (0.25 of four).
pub fn even_value(game: &str, seats: usize) -> f64 {
    if game == <parallel_football::ParallelFootball as game_core::Game>::NAME { 1.0 / seats.max(1) as f64 } else { 0.5 }
}

/// The analysis of one recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The game's name, as the command line spells it (`paper-soccer`).
    pub game: String,
    /// The game's configuration, as its record keeps it (`None` in
    /// analyses of older arenas, which did not write it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<crate::registry::GameConfig>,
    /// The search that evaluated the positions, as a `--bot` spec.
    pub bot: String,
    /// Every analysed ply, in order.
    pub plies: Vec<PlyAnalysis>,
}

/// The evaluation of one ply, from the point of view of the seat that
/// played it.
///
/// Values are expected scores in `0.0..=1.0`: 0 is a certain loss, 1 a
/// certain win; with more than two seats, the seat's expected share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyAnalysis {
    /// The ply's number (1 is the first turn played).
    pub ply: usize,
    /// The seat that played it.
    pub player: usize,
    /// The move played, in the game's notation.
    pub played: String,
    /// The best move the search found, in the game's notation.
    pub best: String,
    /// The seat's expected score before its move.
    pub value_before: f64,
    /// The seat's expected score after the move played.
    pub value_after: f64,
    /// `value_before - value_after`: what the move cost.
    pub loss: f64,
    /// Whether the loss is above the blunder threshold.
    pub blunder: bool,
}
