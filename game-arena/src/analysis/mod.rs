//! `arena analyze`: an evaluation of every ply of a recorded game, the
//! blunders marked: where a bot lost the game.
//!
//! This module holds the report, [`Analysis`], as `arena analyze --json`
//! writes it and `arena view --analysis` reads it. Plies are numbered as
//! `arena judge` and `arena view` number them: ply 0 is the start
//! position, ply *k* the *k*-th seat turn of the record (in a simultaneous
//! round, every acting seat's answer is a ply of its own).

use serde::{Deserialize, Serialize};

/// The analysis of one recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The game's name, as the command line spells it (`paper-soccer`).
    pub game: String,
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
