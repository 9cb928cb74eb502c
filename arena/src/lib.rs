//! The `arena` library behind the `arena` command: generic bots, the game
//! runner with external-process handling, judging, benchmarking and SVG
//! rendering, plus one adapter per game in [`games`].
//!
//! ```
//! use arena::bot::{Bot, Budget, Mcts, MctsConfig};
//! use game_core::{Game, PlayerId, nim::Nim};
//!
//! // A seeded MCTS bot over any game-core game finds Nim's winning move:
//! // from 10 stones (takes of 1 to 3) leave a multiple of 4.
//! let cfg = MctsConfig { budget: Budget::Iterations(2000), ..MctsConfig::default() };
//! let mut bot = Mcts::new(cfg, 1);
//! assert_eq!(bot.choose(&Nim::new(10, 3), PlayerId(0)), Some(2));
//! ```

pub mod bench;
pub mod bot;
pub mod external;
pub mod games;
pub mod judge;
pub mod play;
pub mod render;
pub mod stats;
