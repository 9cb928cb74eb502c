//! What a game crate brings to the arena, beside its contest
//! ([`game_core::referee::Contest`]): its registry entry ([`GameInfo`]: name,
//! title, rules page, options as command-line flags and the record fields
//! they set, its own bots, its board's legend), a `build` that makes the
//! contest from the options' values ([`GameOptions`]), and an [`Adapter`]:
//! its configuration as records keep it ([`GameConfig`]), its built-in bots
//! (`mcts`, `alphabeta`, its own), its pictures for the renderer, the replay
//! viewer and the analysis, and its bot program (`arena bot`).
//!
//! Each game crate implements them in its `adapter` module, behind its
//! `adapter` feature; the arena's registry (`game_arena::registry`) lists
//! the crates, one line each, and is generic over [`Adapter`] everywhere
//! else. The crate needs no process, file or clock of its own, so it builds
//! for `wasm32` too.
//!
//! ```
//! use game_adapter::{Adapter, GameOptions};
//! use game_core::referee::Contest;
//!
//! // A game crate's adapter: its entry, and its contest built from options.
//! let info = &yavalath::adapter::INFO;
//! assert_eq!((info.name, info.title), ("yavalath", "Yavalath"));
//! let referee = yavalath::adapter::build(&GameOptions::default()).unwrap();
//! let start = referee.start();
//! assert!(referee.svg(&start).starts_with("<svg"));
//! assert!(referee.config().is_empty(), "Yavalath has no options");
//!
//! // Options a game refuses are a typed error.
//! let mut options = GameOptions::default();
//! options.set("players", 3);
//! assert!(quoridor::adapter::build(&options).is_err());
//! ```
//!
//! Adding a game to the arena: `docs/adding-a-game.md` in the repository.

pub mod adapter;
pub mod config;
pub mod error;
pub mod info;

pub use adapter::{Adapter, GAME_ROLLOUT, evaluated_mcts, game_rollout, legal_turn};
pub use config::GameConfig;
pub use error::{BoxError, NumberError, OptionError, RefusedError, ServeError, ValueError};
pub use info::{BotHelp, GameInfo, GameOption, GameOptions, Values, parse_whole};
