//! # game-core
//!
//! The shared vocabulary of the bot-contest game crates (`paper-soccer`,
//! `yavalath`, `quoridor`, `parallel-football`, and `nim`, the workspace's
//! toy game and the arena's test game) and the generic tools built
//! on it: [`perft`], [`random_playout`], game [`Record`]s and, behind the
//! `testing` feature, the conformance kit every game's tests run.
//!
//! ```
//! use game_core::{Game, PlayerId, ToAct, random_playout, rng};
//! use nim::Nim; // the workspace's toy game, a crate of its own
//!
//! // Any game: ask who acts, list their moves into a reused buffer, play.
//! let mut game = Nim::new(10, 3);
//! let mut moves = Vec::new();
//! while let ToAct::Player(p) = game.to_act() {
//!     game.legal_moves(p, &mut moves);
//!     // A perfect Nim bot: leave a multiple of 4 when possible.
//!     let best = moves.iter().copied().find(|&t| (game.pile - t) % 4 == 0).unwrap_or(moves[0]);
//!     game.play(p, best).expect("generated moves are legal");
//! }
//! // 10 % 4 != 0, so the first player wins.
//! assert_eq!(game.outcome().unwrap().winner(), Some(PlayerId(0)));
//!
//! // Illegal moves are typed errors and change nothing.
//! let mut g = Nim::new(5, 3);
//! assert!(g.play(PlayerId(0), 4).is_err());
//! assert_eq!(g, Nim::new(5, 3));
//!
//! // Seeded randomness only: the same seed gives the same game.
//! let mut a = Nim::new(30, 3);
//! let plies = random_playout(&mut a, &mut rng::seeded(42), &mut moves).unwrap();
//! let mut b = Nim::new(30, 3);
//! assert_eq!(random_playout(&mut b, &mut rng::seeded(42), &mut moves).unwrap(), plies);
//! assert_eq!(a, b);
//! ```
//!
//! ## Implementing a game
//! A game crate implements [`Game`] on its state type (the workspace's `nim`
//! crate, the subtraction game, is a complete small one: its `game.rs` is
//! the whole [`Game`] impl in 90 lines):
//! * [`Game::Move`] is the smallest decision; coarser helpers (whole turns,
//!   team orders) live on the game's own types.
//! * [`Game::to_act`] is asked after every move; it expresses alternation,
//!   repeated turns, skipped players, simultaneous play and chance. Once it
//!   says [`ToAct::Over`], read the result from [`Game::outcome`]
//!   (`outcome().value_for(p)` in search code), never from a "player to
//!   move" accessor, which has no meaning after the end.
//! * [`Game::check_move`] / [`Game::play`] return the game's own `thiserror`
//!   error, which implements [`GameError`] (a kebab-case kind, written with
//!   [`error_kinds!`]), and leave the state unchanged on error.
//! * [`Game::to_setup`] / [`Game::from_setup`] are the only serde path to a
//!   state: setups are validated.
//! * Two provided methods are the hooks for speed: [`Game::random_legal_move`]
//!   (a uniform draw without listing the moves) and
//!   [`Game::play_out_randomly`] (a whole random playout, which
//!   [`random_playout`], [`random_playouts`] and `arena bench` play through):
//!   a game with its own faster loop overrides them, so generic code runs at
//!   the speed of the game's hand-written playout.
//! * For the conformance kit, `testing::MoveUniverse` (feature `testing`) lists the finite move
//!   universe (behind the crate's own `testing` feature).
//!
//! Bots: [`bot::Bot`] is the one bot trait of the workspace (searches,
//! reference opponents, closures); [`referee::Contest`] states a contest
//! completely, so any host can referee a game as its original contest did;
//! [`session::BotSession`] states the bot side of a contest, and
//! [`session::run_bot`] is the one loop every game's bot program runs.
//!
//! For learning code, behind the `codec` feature: `codec::ActionCodec`
//! (every move as a dense action number) and `codec::Observe` (a position
//! as planes of floats).
//!
//! Optional traits: [`Alternating`] (strict two-player alternation),
//! [`Zobrist`] (incremental hash), [`MoveNotation`] (protocol text).
//!
//! Shared primitives, so that no game writes them again: [`PlayerId`] and
//! [`PlayerSet`] for seats, [`bit_set!`] for small bit sets, [`grid::Cell`]
//! for grid coordinates, [`rng::splitmix64`] for compile-time key tables,
//! [`time::Clock`] for protocol time limits, [`error_kinds!`] for error
//! kinds.
//!
//! ## How a game crate is laid out
//! Every game crate uses the same module names for the same concepts, and
//! the same names for the same items, so what a reader learns in one holds
//! in all five (the workspace's `game-core/tests/suite/layout.rs` fails when a
//! crate strays):
//!
//! | module | what it holds |
//! |---|---|
//! | `lib.rs` | crate docs opening with a runnable bot, re-exports (`pub use game_core;`) |
//! | `error` | every error enum of the crate (`*Error`, `#[non_exhaustive]`; parse errors named `Parse*Error`; the move error wraps [`SeatError`]) |
//! | `setup` | `Setup`, the plain serialisable position validated into the state, and the `Config` where the game has one (`Config::new` validates and returns `Result`; `Config: Default` is the contest's) |
//! | `state` | the state type, named after the game (`PaperSoccer`, `Yavalath`, `Quoridor`, `ParallelFootball`, `Nim`; `Default` is the standard start) and its queries |
//! | `movegen` | move generation and the legality checks |
//! | `game` | the [`Game`] impl (and `testing::MoveUniverse` behind `testing`) |
//! | `codec` | `codec::ActionCodec` and `codec::Observe`, with the observation planes documented (feature `codec`) |
//! | `notation` | moves and records as text |
//! | `evaluation` | heuristic values of positions for searches |
//! | `opponents` | the reference opponents, [`bot::Bot`]s every bot should beat |
//! | `protocol::message` | the messages of the bot protocol, as types |
//! | `protocol::bot` | the bot side: `Session` (`Session::new(first message)`, a [`session::BotSession`]) and `run_bot` ([`session::run_bot`] with it) |
//! | `protocol::referee` | the referee side: `Referee`, the [`referee::Contest`] (feature `referee`), and `parse_answer` |
//! | `protocol` | `TIME_CONTROL` and the protocol's docs |
//! | `display` | the position as text for people |
//! | `svg` | the position as an SVG picture (feature `svg`) |
//! | `adapter` | what the arena hosts the game through: its registry entry `INFO`, `build`, and `game_adapter::Adapter` on `Referee` (feature `adapter`) |
//! | `rules` | the rules, as docs |
//! | `symmetry`, `zobrist` | board symmetries, Zobrist keys |
//! | `testing` | the crate's conformance kit (feature `testing`) |
//!
//! Game-specific building blocks (Paper Soccer's `pitch` and `dir`,
//! Yavalath's `cell` and `bits`, Parallel Football's `field`) get a module
//! named after the concept. Modules depend on each other without cycles, and
//! no source file is longer than 700 lines.
//!
//! A crate's integration tests are one test binary, `tests/suite/`: one
//! file a subject (`rules.rs`, `protocol.rs`, `referee.rs`, ...), each named
//! by a `mod` line in `tests/suite/main.rs` (one link for all of them
//! instead of one per file). A file directly in `tests/` is a binary of its
//! own, kept for tests that need a process to themselves (a global
//! allocator, every core loaded).
//!
//! ## Features
//! * `serde` (default): `Serialize`/`Deserialize` on every plain data type
//!   (moves, setups, outcomes, records). Without it the crate pulls in no
//!   serde code and everything else works the same: that is how a bot is
//!   bundled into the one source file `CodinGame` takes (see the repository
//!   README, "Submitting to `CodinGame`").
//! * `chacha` (default): [`rng::GameRng`] (`ChaCha8`) and [`rng::seeded`], the
//!   workspace's standard generator. Without it, [`rng::SplitMix64`] needs
//!   no crate beyond `rand_core`.
//! * `bot` (default): [`bot::Bot`], the one bot trait; `record` (default):
//!   [`Record`], whole games as data. Both off for a bundled bot.
//! * `svg`: [`svg::escape`], shared by the game crates' pictures, and the
//!   best-move overlay's style ([`svg::best_move_group`], [`svg::arrow`]).
//! * `referee` (default): [`referee::Contest`], a contest stated completely,
//!   which each game crate implements; off for a bundled bot.
//! * `testing`: the `game_core::testing` conformance kit (and
//!   `testing::contest`, an in-memory host of whole contests) (pulls in `proptest` and
//!   `serde_json`, and turns `serde` on); enable it in a game's `[dev-dependencies]`.
//! * `codec`: the `codec` module, moves as dense action numbers and positions as
//!   planes of floats (`OpenSpiel`'s distinct actions and observation
//!   tensor), which each game crate implements behind its own `codec`
//!   feature. Off for a bundled bot.
//! * `planted-bugs`: for the fuzz targets' planted-bug check (`fuzz/planted.sh`) only, never
//!   in a build that plays games: `planted::is`, which says which deliberate rule bug of a
//!   game crate's fast engine the environment variable `PLANTED_BUG` switches on.

#![warn(missing_docs)]

pub mod bitset;
#[cfg(feature = "bot")]
pub mod bot;
#[cfg(all(feature = "browser-clock", target_arch = "wasm32"))]
pub mod browser_clock;
#[cfg(feature = "codec")]
pub mod codec;
mod game;
pub mod grid;
mod outcome;
#[cfg(feature = "planted-bugs")]
pub mod planted;
mod player;
#[cfg(feature = "record")]
pub mod record;
#[cfg(feature = "referee")]
pub mod referee;
pub mod rng;
pub mod session;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(feature = "testing")]
pub mod testing;
pub mod time;
mod tools;

pub use game::{Alternating, Game, GameError, MaybeSerde, MoveNotation, NoChance, PlayoutError, Zobrist};
pub use outcome::{Outcome, OutcomeError};
pub use player::{MAX_PLAYERS, PlayerId, PlayerSet, SeatError, ToAct};
pub use rand_core::{RngCore, SeedableRng};
#[cfg(feature = "record")]
pub use record::{Event, Record, ReplayError};
pub use time::{Clock, TimeControl};
pub use tools::{PlayoutStats, perft, perft_divide, random_playout, random_playouts};
