//! Yavalath ([`yavalath`]) in the arena: the contest is the crate's
//! [`yavalath::protocol::Referee`] (its protocol, answer reading, failure
//! costs, time control and records) and its pictures are the crate's
//! [`yavalath::svg`] (an analysis's best move ringed); the arena adds its
//! bots, its configuration flags (none) and bot mode.

use super::{Adapter, BotHelp, ConfigError, GameConfig, GameInfo, GameOptions};
use crate::bot::Bot;

use game_core::PlayerId;
use yavalath::{Cell, Yavalath, protocol};

/// The standard game: the crate's contest, which the arena hosts through
/// [`Adapter`].
pub use yavalath::protocol::Referee;

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
pub fn build(options: &GameOptions) -> Result<Referee, ConfigError> {
    let _ = options;
    Ok(Referee)
}

/// Plies of random play after the tree before the `mcts` bot evaluates.
pub const ROLLOUT: u32 = 4;

impl Adapter for protocol::Referee {
    type Session = yavalath::protocol::Session;
    /// Alpha-beta with [`yavalath::evaluation::score`] at the leaves.
    /// Alpha-beta with the game's evaluation: it beats `mcts` at the
    /// game's clock (`docs/bots.md`).
    fn best_bot(&self) -> &'static str {
        "alphabeta"
    }
    fn alphabeta_bot(&self, cfg: crate::bot::AlphaBetaConfig) -> Option<Box<dyn crate::bot::Bot<Yavalath>>> {
        let eval = game_search::EvalFn(yavalath::evaluation::score);
        Some(Box::new(game_search::AlphaBeta::new(cfg, eval)))
    }
    /// MCTS with playouts of [`ROLLOUT`] plies scored by
    /// [`yavalath::evaluation::value`].
    fn mcts_bot(&self, cfg: crate::bot::MctsConfig, seed: u64) -> Box<dyn Bot<Yavalath>> {
        super::evaluated_mcts(super::game_rollout(cfg, ROLLOUT), seed, yavalath::evaluation::value)
    }
    fn config(&self) -> GameConfig {
        GameConfig::default()
    }
    fn display(&self, state: &Yavalath) -> String {
        state.to_string()
    }
    fn svg(&self, state: &Yavalath) -> String {
        yavalath::svg::svg(state, None)
    }
    fn svg_with_history(&self, _start: &Yavalath, moves: &[(PlayerId, Cell)], state: &Yavalath) -> String {
        yavalath::svg::svg(state, moves.last().map(|m| m.1))
    }
    /// A dashed ring around the cell ([`yavalath::svg::best_move`]).
    fn best_move_svg(&self, before: &Yavalath, player: PlayerId, best: &str) -> Option<String> {
        let turn = super::legal_turn(self, before, player, best)?;
        Some(yavalath::svg::best_move(before, player, &turn))
    }
}
