//! Parallel Football ([`parallel_football`]) in the arena.
//!
//! * The contest (messages, how answers are read, what a failed answer
//!   costs, time control, record notation) is the crate's
//!   [`protocol::Referee`]; the arena adds its bots, configuration flags,
//!   pictures (an analysis's best move drawn as its footballers' arrows)
//!   and bot mode.
//! * Built-in bot `greedy`: the crate's [`GreedyTeam`]; `random` is the
//!   generic one, and `mcts` is the crate's [`FootballSearch`] (a rollout
//!   search over a pile-aware base team's orders and their one-footballer
//!   variations against greedy-modelled opponents, at most 100 ms a turn).
//! * `arena judge parallel-football` reads the JSON record `play --record`
//!   writes.

use super::{Adapter, Contest};
use crate::bot::Bot;
use crate::error::{ConfigError, ServeError};
use game_core::PlayerId;
use parallel_football::{Config, FootballMove, FootballSearch, GreedyTeam, ParallelFootball, protocol, search, svg};
use std::io::{BufRead, Write as IoWrite};

/// Footballers per team when `--p` is not given (the rules set no default).
pub const DEFAULT_P: u16 = 4;
/// Kick range when `--k` is not given (the rules set no default).
pub const DEFAULT_K: u8 = 10;

/// Parallel Football on a validated configuration: the crate's contest.
pub type FootballAdapter = protocol::Referee;

/// The contest on a `side` x `side` grid, `p` footballers per team, kick
/// range `k`.
///
/// # Errors
/// [`ConfigError`] when the library refuses the configuration.
pub fn adapter(side: u8, p: u16, k: u8, max_turns: u32) -> Result<FootballAdapter, ConfigError> {
    Config::new(u32::from(side), u32::from(side), u32::from(p), u32::from(k), max_turns)
        .and_then(FootballAdapter::new)
        .map_err(|e| ConfigError::refused("parallel-football", e))
}

/// The contest the command line's flags ask for, on the rules' 32x32
/// field: `p` footballers a team (default [`DEFAULT_P`]), kick range `k`
/// (default [`DEFAULT_K`]), `max_turns` (default the rules' limit).
///
/// # Errors
/// As [`adapter`].
pub fn from_flags(p: Option<u16>, k: Option<u8>, max_turns: Option<u32>) -> Result<FootballAdapter, ConfigError> {
    adapter(
        32,
        p.unwrap_or(DEFAULT_P),
        k.unwrap_or(DEFAULT_K),
        max_turns.unwrap_or(parallel_football::DEFAULT_MAX_TURNS),
    )
}

pub use parallel_football::{MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM};

impl Adapter for FootballAdapter {
    fn config(&self) -> serde_json::Value {
        let c = FootballAdapter::config(self);
        serde_json::json!({"width": c.width, "height": c.height, "p": c.players, "k": c.kick_range, "max_turns": c.max_turns})
    }
    fn config_args(&self) -> Vec<String> {
        let c = FootballAdapter::config(self);
        vec![
            "--p".into(),
            c.players.to_string(),
            "--k".into(),
            c.kick_range.to_string(),
            "--max-turns".into(),
            c.max_turns.to_string(),
        ]
    }
    fn mcts_bot(&self, cfg: crate::bot::MctsConfig, seed: u64) -> Box<dyn Bot<ParallelFootball>> {
        let cfg = super::game_rollout(cfg, search::ROLLOUT_TURNS);
        Box::new(FootballSearch::new(cfg.budget, cfg.playout_limit, seed))
    }
    fn builtin_bot(&self, spec: &str, _seed: u64) -> Option<Box<dyn Bot<ParallelFootball>>> {
        (spec == "greedy").then(|| Box::new(GreedyTeam::new()) as Box<dyn Bot<ParallelFootball>>)
    }
    fn demo_bots(&self) -> Vec<String> {
        vec!["greedy".into(), "greedy".into(), "random".into(), "random".into()]
    }
    fn display(&self, state: &ParallelFootball) -> String {
        state.to_string()
    }
    fn svg(&self, state: &ParallelFootball) -> String {
        svg::svg(state)
    }
    fn view_svg(
        &self,
        before: &ParallelFootball,
        ply: &[(PlayerId, FootballMove)],
        _start: &ParallelFootball,
        _moves: &[(PlayerId, FootballMove)],
        state: &ParallelFootball,
    ) -> String {
        svg::view_svg(before, ply, state)
    }
    /// Each footballer's walk or kick as an arrow, or the start cells
    /// ringed ([`svg::best_move`]).
    fn best_move_svg(&self, before: &ParallelFootball, player: PlayerId, best: &str) -> Option<String> {
        let turn = super::legal_turn(self, before, player, best)?;
        Some(svg::best_move(before, player, &turn))
    }
    fn view_scores(&self, state: &ParallelFootball) -> Option<Vec<f64>> {
        Some(svg::view_scores(state))
    }
    fn seat_colours(&self) -> Vec<&'static str> {
        svg::COLOURS.to_vec()
    }
    fn serve(
        &self,
        bot: &mut dyn Bot<ParallelFootball>,
        input: &mut dyn BufRead,
        output: &mut dyn IoWrite,
    ) -> Result<(), ServeError> {
        protocol::run_bot(input, output, |state, me, left| {
            bot.set_time_left(left);
            bot.turn(state, me)
        })
        .map_err(|e| ServeError::protocol(self.name(), e))
    }
}
