//! # nim
//!
//! Nim, the subtraction game, on the [`game_core`] traits: two players alternately take 1 to
//! `max_take` stones from one pile; whoever takes the last stone wins. The player to move loses
//! exactly when the pile is a multiple of `max_take + 1` ([`Nim::is_losing`]), so every answer is
//! known: the workspace uses it as the worked example of a game crate, as a fixture for tools
//! (searches, the conformance kit, the arena) that need a game with known answers, and as the
//! arena's test game, with a made-up protocol. It is not a contest game.
//!
//! **The rules and the protocol**, complete: [`rules`].
//!
//! ## A bot in a few lines
//!
//! A bot program reads its turns on stdin and answers on stdout; [`protocol::run_bot`] does the
//! protocol and keeps the position, so a bot is one function of the state, its player and the
//! time left (this crate re-exports [`game_core`], so it is the only dependency needed):
//!
//! ```
//! use nim::Nim;
//! use nim::game_core::PlayerId;
//! use nim::protocol::run_bot;
//!
//! // The perfect bot: leave a multiple of max_take + 1 when possible, else take one.
//! fn bot(g: &Nim, _me: PlayerId, _left: std::time::Duration) -> u8 {
//!     match g.pile % (g.max_take + 1) {
//!         0 => 1,
//!         take => take,
//!     }
//! }
//!
//! // fn main() { run_bot(std::io::stdin().lock(), std::io::stdout(), bot).unwrap() }
//! let input = "0\n21 3\n19 3\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "1\n3\n");
//! ```
//!
//! ## The rules in code
//!
//! ```
//! use nim::game_core::{Game, GameError, PlayerId, ToAct, random_playout, rng};
//! use nim::Nim;
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
//! assert_eq!(g.play(PlayerId(0), 4).unwrap_err().kind(), "bad-take");
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
//! ## Map
//! * [`Nim`]: the state (3 bytes, `Copy`; `Default` is the arena's 21 stones, takes of 1 to 3),
//!   implementing [`game_core::Game`] (a move is a take, a `u8`), [`game_core::Alternating`] and
//!   [`game_core::Zobrist`], with the text `Display`, and the validated serde [`Setup`].
//! * [`NimError`]: a refused move or setup; [`parse_take`] and [`format_take`]: a take as text.
//! * [`protocol`]: the arena's made-up protocol. Bot side: [`protocol::run_bot`],
//!   [`protocol::Session`], [`protocol::TIME_CONTROL`]. Referee side (default feature
//!   `referee`): [`protocol::Referee`], the whole contest as a [`game_core::referee::Contest`],
//!   and [`protocol::parse_answer`].
//! * `svg` (feature `svg`): the position as an SVG picture (the arena's renderer and replay
//!   viewer).
//! * `codec` (feature `codec`): takes as action numbers and the position as planes of floats,
//!   for learning code (the Python package's `nim`).
//! * `testing` (feature `testing`): the conformance kit's move universe, the game's exact values
//!   ([`Nim::is_losing`] checked by exhaustive search) and edges for walks; feature
//!   `arbitrary`: `arbitrary::Arbitrary` for positions and setups.
//!
//! ## Players
//! Game-core numbers players from 0 and so does the protocol: [`PlayerId`](game_core::PlayerId)`(0)`
//! moves first and reads the id `0`.

mod display;
mod error;
mod game;
mod movegen;
mod notation;
pub mod protocol;
pub mod rules;
mod setup;
mod state;

#[cfg(feature = "adapter")]
pub mod adapter;
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "codec")]
pub mod codec;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(feature = "testing")]
pub mod testing;

pub use game_core;

pub use error::{NimError, ParseTakeError, ProtocolError};
pub use notation::{format_take, parse_take};
pub use setup::Setup;
pub use state::Nim;
