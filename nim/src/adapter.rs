//! Nim, the arena's test game, in the arena (feature `adapter`): the
//! contest is the crate's [`Referee`] (its made-up protocol, answer
//! reading, failure costs, time control and records) and its pictures are
//! the crate's [`crate::svg`]; this module adds its registry entry
//! ([`INFO`]), its bots, its configuration flags (`--pile`, `--max-take`)
//! and bot mode.

use game_adapter::{Adapter, BotHelp, GameConfig, GameInfo, GameOption, GameOptions, RefusedError, Values};

use crate::{Nim, protocol};

/// The game: the crate's contest, which the arena hosts through
/// [`Adapter`].
pub use crate::protocol::Referee;

/// The registry's entry.
pub const INFO: GameInfo = GameInfo {
    name: "nim",
    title: "Nim",
    summary: "The arena's test game (subtraction Nim, made-up protocol)",
    rules: Some("nim/doc/rules.md"),
    options: &[
        GameOption {
            flag: "pile",
            help: "stones at the start, 1 to 255 (default 21)",
            values: Values::Whole { min: 1, max: 255 },
            field: "pile",
            null: None,
            seats: false,
        },
        GameOption {
            flag: "max-take",
            help: "most stones per move, 1 to 255 (default 3)",
            values: Values::Whole { min: 1, max: 255 },
            field: "max_take",
            null: None,
            seats: false,
        },
    ],
    bots: &[BotHelp { name: "alphabeta", options: "[:depth=N|ms=N]", about: "depth 1 to 8" }],
    legend: "legend: the stones left",
    demo: false,
};

/// The game `options` ask for: `pile` stones (default 21), takes of 1 to
/// `max-take` (default 3).
///
/// # Errors
/// None: every checked [`GameOptions`] makes a game.
pub fn build(options: &GameOptions) -> Result<Referee, RefusedError> {
    let default = Referee::default();
    Ok(Referee {
        pile: options.value("pile").unwrap_or(default.pile),
        max_take: options.value("max-take").unwrap_or(default.max_take),
    })
}

impl Adapter for protocol::Referee {
    type Session = crate::protocol::Session;
    fn alphabeta_bot(&self, cfg: game_search::AlphaBetaConfig) -> Option<Box<dyn game_core::bot::Bot<Nim>>> {
        Some(Box::new(game_search::AlphaBeta::new(cfg, game_search::NoEvaluation)))
    }
    fn config(&self) -> GameConfig {
        GameConfig::new([("pile", Some(u64::from(self.pile))), ("max_take", Some(u64::from(self.max_take)))])
    }
    fn display(&self, state: &Nim) -> String {
        state.to_string()
    }
    fn svg(&self, state: &Nim) -> String {
        crate::svg::svg(state)
    }
}
