//! Paper Soccer in the arena (feature `adapter`): the crate's contest
//! ([`Referee`]: the messages, the answer read exactly as the
//! referee reads it, any failed answer loses, [`protocol::TIME_CONTROL`])
//! with the arena's bots, pictures (an analysis's best move drawn as the
//! path of its steps) and bot mode; `search` (and `best`) is the graph
//! search [`game_search::DagMcts`] with the game's turn evaluation. Moves are single steps
//! ([`Dir`]); a turn is the steps while the same player is to act, written
//! as one digit string.

use game_adapter::{Adapter, BotHelp, GameConfig, GameInfo, GameOptions, RefusedError};
use game_core::bot::Bot;

use crate::{Dir, PaperSoccer, protocol};
use game_core::PlayerId;

/// The standard 8x10 game: the crate's contest, which the arena hosts
/// through [`Adapter`].
pub use crate::protocol::Referee;

/// The registry's entry.
pub const INFO: GameInfo = GameInfo {
    name: "paper-soccer",
    title: "Paper Soccer",
    summary: "Paper Soccer",
    rules: Some("paper-soccer/doc/rules.md"),
    options: &[],
    bots: &[
        BotHelp { name: "greedy", options: "", about: "the whole turn ending nearest the goal it attacks" },
        BotHelp {
            name: "search",
            options: "[:ms=N][,rollout=N]",
            about: "MCTS over positions merged by their Zobrist hash, leaves scored by the mover's bounce chains",
        },
    ],
    legend: "legend: @ the ball; # the goals (player 0 attacks the top one, player 1 the bottom one); \
             - | \\ / lines drawn (X two crossing); + a point the ball bounces at (the border, or a line touches it); . a fresh point",
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

/// Steps of random play after the tree before the `mcts` bot evaluates.
pub const ROLLOUT: u32 = 0;

/// Steps of random play from a new node before the `search` bot
/// evaluates (`search:rollout=N` sets it): none, the evaluation follows
/// the mover's bounce chains itself.
pub const SEARCH_ROLLOUT: u32 = 0;

/// The `search` bot's UCT exploration constant (measured against 0.2 to
/// 1.0 in `docs/bots.md`).
pub const SEARCH_EXPLORATION: f64 = 0.3;

impl Adapter for protocol::Referee {
    type Session = crate::protocol::Session;
    fn config(&self) -> GameConfig {
        GameConfig::new([("width", Some(8)), ("height", Some(10))])
    }
    /// MCTS with playouts of [`ROLLOUT`] steps scored by
    /// [`crate::evaluation::value`].
    fn mcts_bot(&self, cfg: game_search::MctsConfig, seed: u64) -> Box<dyn Bot<PaperSoccer>> {
        game_adapter::evaluated_mcts(game_adapter::game_rollout(cfg, ROLLOUT), seed, crate::evaluation::value)
    }
    /// The graph search ([`game_search::DagMcts`]): the turn's step
    /// positions merged by their hash, new positions scored by
    /// [`crate::evaluation::turn_value`] after `rollout` random steps
    /// (default [`SEARCH_ROLLOUT`]), exploration [`SEARCH_EXPLORATION`].
    fn search_bot(&self, rollout: Option<u32>, seed: u64) -> Option<Box<dyn Bot<PaperSoccer>>> {
        let cfg = game_search::DagConfig {
            exploration: SEARCH_EXPLORATION,
            playout_limit: rollout.unwrap_or(SEARCH_ROLLOUT),
            ..game_search::DagConfig::default()
        };
        let policy = game_search::EvalCut(|g: &PaperSoccer, out: &mut [f64; game_core::MAX_PLAYERS]| {
            out[0] = crate::evaluation::turn_value(g, PlayerId(0));
            out[1] = -out[0];
        });
        Some(Box::new(game_search::DagMcts::with_policy(cfg, policy, seed)))
    }
    /// The graph search, `search`: it beats `mcts` and `greedy` at the
    /// game's clock (`docs/bots.md`).
    fn best_bot(&self) -> &'static str {
        "search"
    }
    fn builtin_names(&self) -> &'static [&'static str] {
        &["greedy"]
    }
    fn builtin_bot(&self, name: &str, seed: u64) -> Option<Box<dyn Bot<PaperSoccer>>> {
        (name == "greedy").then(|| Box::new(crate::opponents::Greedy::new(seed)) as Box<dyn Bot<PaperSoccer>>)
    }
    fn display(&self, state: &PaperSoccer) -> String {
        state.to_string()
    }
    fn svg(&self, state: &PaperSoccer) -> String {
        crate::svg::svg(state)
    }
    fn view_steps(&self) -> bool {
        true
    }
    fn svg_with_history(&self, start: &PaperSoccer, moves: &[(PlayerId, Dir)], state: &PaperSoccer) -> String {
        crate::svg::svg_with_history(start, moves, state)
    }
    /// The path of the turn's steps from the ball
    /// ([`crate::svg::best_move`]).
    fn best_move_svg(&self, before: &PaperSoccer, player: PlayerId, best: &str) -> Option<String> {
        let turn = game_adapter::legal_turn(self, before, player, best)?;
        Some(crate::svg::best_move(before, player, &turn))
    }
}
