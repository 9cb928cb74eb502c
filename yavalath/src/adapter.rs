//! Yavalath in the arena (feature `adapter`): the contest is the crate's
//! [`Referee`] (its protocol, answer reading, failure costs, time control
//! and records) and its pictures are the crate's [`crate::svg`] (an
//! analysis's best move ringed); this module adds its registry entry
//! ([`INFO`]), its bots, its configuration (none) and bot mode.

use game_adapter::{Adapter, BotHelp, GameConfig, GameInfo, GameOptions, RefusedError};
use game_core::bot::Bot;

use crate::{Cell, Yavalath, protocol};
use game_core::PlayerId;

/// The standard game: the crate's contest, which the arena hosts through
/// [`Adapter`].
pub use crate::protocol::Referee;

/// The registry's entry.
pub const INFO: GameInfo = GameInfo {
    name: "yavalath",
    title: "Yavalath",
    summary: "Yavalath",
    rules: Some("yavalath/doc/rules.md"),
    options: &[],
    bots: &[BotHelp { name: "alphabeta", options: "[:depth=N|ms=N]", about: "depth 1 to 8" }],
    legend: "legend: x player 0 (moves first), o player 1, . an empty cell",
    demo: true,
};

/// The contest: the standard game has no options.
///
/// # Errors
/// None: every checked [`GameOptions`] (there are none) makes it.
pub fn build(options: &GameOptions) -> Result<Referee, RefusedError> {
    let _ = options;
    Ok(Referee)
}

/// Plies of random play after the tree before the `mcts` bot evaluates.
pub const ROLLOUT: u32 = 4;

impl Adapter for protocol::Referee {
    type Session = crate::protocol::Session;
    /// Alpha-beta with [`crate::evaluation::score`] at the leaves.
    /// Alpha-beta with the game's evaluation: it beats `mcts` at the
    /// game's clock (`docs/bots.md`).
    fn best_bot(&self) -> &'static str {
        "alphabeta"
    }
    fn alphabeta_bot(&self, cfg: game_search::AlphaBetaConfig) -> Option<Box<dyn game_core::bot::Bot<Yavalath>>> {
        let eval = game_search::EvalFn(crate::evaluation::score);
        Some(Box::new(game_search::AlphaBeta::new(cfg, eval)))
    }
    /// MCTS with playouts of [`ROLLOUT`] plies scored by
    /// [`crate::evaluation::value`].
    fn mcts_bot(&self, cfg: game_search::MctsConfig, seed: u64) -> Box<dyn Bot<Yavalath>> {
        game_adapter::evaluated_mcts(game_adapter::game_rollout(cfg, ROLLOUT), seed, crate::evaluation::value)
    }
    fn config(&self) -> GameConfig {
        GameConfig::default()
    }
    fn display(&self, state: &Yavalath) -> String {
        state.to_string()
    }
    fn svg(&self, state: &Yavalath) -> String {
        crate::svg::svg(state, None)
    }
    fn svg_with_history(&self, _start: &Yavalath, moves: &[(PlayerId, Cell)], state: &Yavalath) -> String {
        crate::svg::svg(state, moves.last().map(|m| m.1))
    }
    /// A dashed ring around the cell ([`crate::svg::best_move`]).
    fn best_move_svg(&self, before: &Yavalath, player: PlayerId, best: &str) -> Option<String> {
        let turn = game_adapter::legal_turn(self, before, player, best)?;
        Some(crate::svg::best_move(before, player, &turn))
    }
}
