//! Parallel Football in the arena (feature `adapter`).
//!
//! * The contest (messages, how answers are read, what a failed answer
//!   costs, time control, record notation) is the crate's
//!   [`Referee`]; this module adds its bots, configuration flags,
//!   pictures (an analysis's best move drawn as its footballers' arrows)
//!   and bot mode.
//! * Built-in bots: `greedy`, the crate's [`GreedyTeam`]; `search` (and
//!   `best`), the crate's [`FootballSearch`] (a rollout search over a
//!   pile-aware base team's orders and their one-footballer variations
//!   against greedy-modelled opponents, at most 100 ms a turn; `ms=N`
//!   caps its time, `rollout=N` sets its rollout turns); `random` is the
//!   generic one, and `mcts` is game-search's MCTS (decoupled UCT over the
//!   footballers' orders, [`FootballPolicy`]).
//! * `arena judge parallel-football` reads the JSON record `arena play
//!   --record` writes.

use crate::{
    Config, FootballMove, FootballSearch, GreedyTeam, Order, ParallelFootball, PileTeam, protocol, search, svg,
};
use crate::{MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM};
use game_adapter::{Adapter, BotHelp, GameConfig, GameInfo, GameOption, GameOptions, RefusedError, Values};
use game_core::PlayerId;
use game_core::bot::Bot;
use protocol::Referee;

/// Footballers per team when `--p` is not given (the rules set no default).
pub const DEFAULT_P: u16 = 4;
/// Kick range when `--k` is not given (the rules set no default).
pub const DEFAULT_K: u8 = 10;

/// Plies of random play after the tree before the `mcts` bot evaluates
/// (a turn is one order per footballer of every team).
pub const ROLLOUT: u32 = 0;

/// The contest on a `side` x `side` grid, `p` footballers per team, kick
/// range `k`.
///
/// # Errors
/// [`RefusedError`] when the library refuses the configuration.
pub fn referee(side: u8, p: u16, k: u8, max_turns: u32) -> Result<Referee, RefusedError> {
    Config::new(u32::from(side), u32::from(side), u32::from(p), u32::from(k), max_turns)
        .and_then(Referee::new)
        .map_err(|e| RefusedError::new("parallel-football", e))
}

/// The contest `options` ask for, on the rules' 32x32 field: `p`
/// footballers a team (default [`DEFAULT_P`]), kick range `k` (default
/// [`DEFAULT_K`]), `max-turns` (default the rules' limit).
///
/// # Errors
/// As [`referee`].
pub fn build(options: &GameOptions) -> Result<Referee, RefusedError> {
    referee(
        32,
        options.value("p").unwrap_or(DEFAULT_P),
        options.value("k").unwrap_or(DEFAULT_K),
        options.value("max-turns").unwrap_or(crate::DEFAULT_MAX_TURNS),
    )
}

/// The registry's entry.
pub const INFO: GameInfo = GameInfo {
    name: "parallel-football",
    title: "Parallel Football",
    summary: "Parallel Football",
    rules: Some("parallel-football/doc/rules.md"),
    options: &[
        GameOption {
            flag: "p",
            help: "footballers per team, 1 to 1024 (default 4)",
            values: Values::Whole { min: 1, max: MAX_PLAYERS_PER_TEAM as u64 },
            field: "p",
            null: None,
            seats: false,
        },
        GameOption {
            flag: "k",
            help: "kick range, 1 to 46 (default 10)",
            values: Values::Whole { min: 1, max: MAX_KICK_RANGE as u64 },
            field: "k",
            null: None,
            seats: false,
        },
        GameOption {
            flag: "max-turns",
            help: "turn limit, 1 or more (default 20000)",
            values: Values::Whole { min: 1, max: u32::MAX as u64 },
            field: "max_turns",
            null: None,
            seats: false,
        },
    ],
    bots: &[
        BotHelp { name: "greedy", options: "", about: "" },
        BotHelp { name: "search", options: "[:ms=N][,rollout=N]", about: "the game's rollout search" },
    ],
    legend: "legend: A B C D footballers of players 0 1 2 3 (* of several teams on one cell), whose homes # are \
             the corners: top left, top right, bottom right, bottom left; 1-9 balls on a cell (+ ten or more); . empty",
    demo: true,
};

impl Adapter for Referee {
    type Session = crate::protocol::Session;
    fn config(&self) -> GameConfig {
        let c = Referee::config(self);
        GameConfig::new([
            ("width", Some(u64::from(c.width))),
            ("height", Some(u64::from(c.height))),
            ("p", Some(u64::from(c.players))),
            ("k", Some(u64::from(c.kick_range))),
            ("max_turns", Some(u64::from(c.max_turns))),
        ])
    }
    /// MCTS over every team's orders ([`FootballPolicy`]), playouts of
    /// [`ROLLOUT`] plies.
    fn mcts_bot(&self, cfg: game_search::MctsConfig, seed: u64) -> Box<dyn Bot<ParallelFootball>> {
        Box::new(game_search::Mcts::with_policy(
            game_adapter::game_rollout(cfg, ROLLOUT),
            FootballPolicy::default(),
            seed,
        ))
    }
    /// The crate's rollout search: it beats `greedy` and `mcts` at the
    /// game's clock (`docs/bots.md`).
    fn best_bot(&self) -> &'static str {
        "search"
    }
    fn search_bot(&self, rollout: Option<u32>, seed: u64) -> Option<Box<dyn Bot<ParallelFootball>>> {
        let rollout = rollout.unwrap_or(search::ROLLOUT_TURNS);
        Some(Box::new(FootballSearch::new(game_search::Budget::Time(search::TURN_TIME), rollout, seed)))
    }
    fn builtin_names(&self) -> &'static [&'static str] {
        &["greedy"]
    }
    fn builtin_bot(&self, name: &str, _seed: u64) -> Option<Box<dyn Bot<ParallelFootball>>> {
        (name == "greedy").then(|| Box::new(GreedyTeam::new()) as Box<dyn Bot<ParallelFootball>>)
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
        let turn = game_adapter::legal_turn(self, before, player, best)?;
        Some(svg::best_move(before, player, &turn))
    }
    fn view_scores(&self, state: &ParallelFootball) -> Option<Vec<f64>> {
        Some(svg::view_scores(state))
    }
    fn seat_colours(&self) -> Vec<&'static str> {
        svg::COLOURS.to_vec()
    }
}

/// The `mcts` bot's policy: in the placement, the tree places each
/// footballer where the crate's [`PileTeam`] would (a grid of cells is too
/// wide a choice to search); after it, staying, walking, and kicking along
/// a shortest route home (the tree's orders); uniform
/// playouts; a position where a playout stops is worth each team's share
/// of the score to come, as `2 * share - 1` ([`share_values`]).
#[derive(Clone, Debug, Default)]
pub struct FootballPolicy {
    base: PileTeam,
}

impl game_search::Policy<ParallelFootball> for FootballPolicy {
    fn tree_moves(&mut self, state: &ParallelFootball, player: PlayerId, moves: &mut Vec<FootballMove>) {
        if state.in_placement() {
            if let Some(&place) = self.base.turn(state, player).first() {
                if moves.contains(&place) {
                    moves.clear();
                    moves.push(place);
                }
            }
            return;
        }
        // Stay, walks, and of the kicks (hundreds with a long range) only
        // the first kick of a shortest route home from a team's cell.
        let field = state.field();
        let home: Vec<Order> = field
            .team_positions(player)
            .iter()
            .filter_map(|&from| field.geometry().best_kick_toward_home(from, player))
            .map(|(dx, dy)| Order::Kick { dx, dy })
            .collect();
        moves.retain(|m| !matches!(m, FootballMove::Order(o @ Order::Kick { .. }) if !home.contains(o)));
    }
    fn evaluate(&mut self, state: &ParallelFootball, out: &mut [f64; game_core::MAX_PLAYERS]) {
        share_values(state, out);
    }
}

/// Each team's share of the score to come in `state` (its goals, and each
/// ball in play counted by its [`potential`](crate::evaluation::potential),
/// over the sum of every team's), as `2 * share - 1`: 1 all of it, -1
/// none; an even share when nobody has anything.
pub fn share_values(state: &ParallelFootball, out: &mut [f64; game_core::MAX_PLAYERS]) {
    let field = state.field();
    let mut worth = [0.0; crate::TEAMS];
    for ((w, score), t) in worth.iter_mut().zip(field.scores()).zip(0u8..) {
        *w = f64::from(score) + crate::evaluation::potential(field, PlayerId(t));
    }
    let total: f64 = worth.iter().sum();
    for (v, w) in out.iter_mut().zip(worth) {
        let share = if total > 0.0 { w / total } else { 1.0 / crate::TEAMS as f64 };
        *v = 2.0 * share - 1.0;
    }
}
