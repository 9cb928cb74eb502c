//! # quoridor
//!
//! **The rules**, complete and with pictures, for a reader who has never
//! seen the game: [`rules`].
//!
//! The Hungarian school bot contest's Quoridor, for 2 or 4 players, exactly
//! as the contest plays it, on the [`game_core`] traits: a 64-byte `Copy`
//! state ([`Quoridor`]), full legal-move generation with bit-set flood
//! fills, both notations ([`parse_contest`], [`parse_algebraic`]), the bot
//! protocol ([`protocol`]), queries bots need, a text board, a Zobrist hash and the left-right /
//! 180-degree symmetries of the two-player game.
//!
//! A bot speaking the contest's protocol on stdin/stdout is one call to
//! [`protocol::run_bot`] with a function from the position to a move (this
//! crate re-exports [`game_core`], so it is the only dependency a bot needs):
//!
//! ```no_run
//! use quoridor::game_core::{Game, PlayerId};
//! use quoridor::{Move, Quoridor};
//! use std::time::Duration;
//!
//! fn main() -> Result<(), quoridor::protocol::ProtocolError> {
//!     let (stdin, stdout) = (std::io::stdin().lock(), std::io::stdout().lock());
//!     quoridor::protocol::run_bot(stdin, stdout, |state: &Quoridor, me: PlayerId, _left: Duration| {
//!         // Step to the reachable cell nearest the goal (walls only).
//!         let mut moves = Vec::new();
//!         state.legal_moves(me, &mut moves);
//!         let distance = |m: &Move| {
//!             let mut s = *state;
//!             s.play(me, *m).ok().and_then(|_| s.distance_to_goal(me)).unwrap_or(u32::MAX)
//!         };
//!         moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).min_by_key(distance).unwrap_or(moves[0])
//!     })
//! }
//! ```
//!
//! (`examples/bot.rs` also places walls; the [`protocol`] module documents
//! the messages and runs the same bot over a scripted game.) The game
//! itself:
//!
//! ```
//! use quoridor::game_core::{Game, MoveNotation, PlayerId, ToAct, rng};
//! use quoridor::{Cell, Config, Move, MoveError, Quoridor, Wall};
//!
//! let mut game = Quoridor::default(); // 9 x 9, 2 players, 10 walls each, 100 ticks
//! let mut moves = Vec::new();
//! game.legal_moves(PlayerId(0), &mut moves);
//! assert_eq!(moves.len(), 3 + 128); // three steps, every wall
//!
//! game.play(PlayerId(0), Move::Pawn(Cell::new(4, 1))).unwrap();
//! game.play(PlayerId(1), game.parse_move("3 0 0").unwrap()).unwrap(); // a horizontal wall
//! assert_eq!(game.walls_left(PlayerId(1)), 9);
//! assert_eq!(game.distance_to_goal(PlayerId(0)), Some(7));
//!
//! // Illegal moves are typed errors and change nothing.
//! let before = game;
//! assert_eq!(
//!     game.play(PlayerId(0), Move::Wall(Wall::horizontal(4, 0))),
//!     Err(MoveError::WallOverlaps { wall: Wall::horizontal(4, 0) })
//! );
//! assert_eq!(game, before);
//!
//! // Four players on a 7 x 7 board, played out at random with a seeded generator.
//! let mut four = Quoridor::new(Config { tick_limit: Some(60), ..Config::new(7, 4).unwrap() }).unwrap();
//! quoridor::game_core::random_playout(&mut four, &mut rng::seeded(1), &mut moves).unwrap();
//! assert_eq!(four.to_act(), ToAct::Over);
//! assert_eq!(four.to_move(), None); // nobody is to move: read `four.outcome()`
//! println!("{four}");
//! ```
//!
//! ## Modules
//! | Module | What it holds |
//! |---|---|
//! | `state` | the state type, [`Quoridor`], and its queries |
//! | `setup` | [`Config`] and [`Setup`], the plain forms a game starts from |
//! | `error` | every error enum ([`MoveError`], [`ConfigError`], [`SetupError`], [`ParseMoveError`], the protocol's) |
//! | `game` | the [`Game`](game_core::Game) impl |
//! | `movegen` | legal moves, wall checks, the fallback move |
//! | `notation` | moves as text, contest and algebraic ([`format_contest`], [`parse_any`], [`format_algebraic_record`], ...) |
//! | [`evaluation`] | evaluation functions a bot starts from |
//! | [`opponents`] | reference opponents ([`opponents::Walker`]), feature `chacha` |
//! | `svg` | the position as an SVG picture, and an analysis's best move drawn over it (`svg::best_move`), feature `svg` |
//! | `display` | the text board ([`Display`](std::fmt::Display)) |
//! | [`protocol`] | the bot protocol: `message`, `bot` ([`protocol::Session`], [`protocol::run_bot`]), `referee` ([`protocol::Referee`], feature `referee`) |
//! | `zobrist`, `symmetry` | the hash and the symmetries of the two-player game |
//! | [`rules`] | the rules for people, with pictures |
//! | `testing` | the reference model, perft and biased walks, feature `testing` |
//!
//! ## Rules in brief
//! * A game starts from a [`Config`]: plain public fields ([`Config::new`]`(size,
//!   players)` fills in the contest's defaults and checks them;
//!   [`Quoridor::new`] checks again, as the fields may have changed); any
//!   position is a [`Setup`], validated by
//!   [`Game::from_setup`](game_core::Game::from_setup).
//! * Board `M x M` (odd `M` from 5 to 11, 9 by default); cell `(0, 0)` is the
//!   top-left one. Start cells and goals: [`Config::start_cell`],
//!   [`Config::is_goal`]. Walls are shared equally ([`Config::walls`], 20 by
//!   default).
//! * A turn is a pawn move ([`Move::Pawn`], written as the landing cell) or a
//!   wall ([`Move::Wall`]). Pawn moves: a step to an empty neighbour; over a
//!   neighbouring pawn straight when nothing is behind it; when a pawn stands
//!   behind it, no move that way at all; when a wall or the edge is behind it,
//!   a side-step to either side not blocked by a wall and empty. One pawn is
//!   jumped at most.
//! * A wall must be on the board, the player must have walls left, it must
//!   not overlap a parallel wall (same anchor or one step along its length)
//!   nor cross a wall at the same anchor, and every pawn still in the game
//!   must keep a path to its goal (pawns ignored).
//! * Four players: a player with no pawn move must place a wall if one is
//!   legal; with neither it is removed (its pawn leaves, its walls stay) and
//!   skipped from then on.
//! * A pawn on its goal wins at once. The tick counts every player's turn
//!   from 1; after the turn whose tick equals the tick limit (by default 100
//!   with 2 players and 200 with 4, as on the contest's maps; or none), the players still in the game with the shortest path to goal
//!   (walls only) share the win.
//!
//! ## Decisions where the contest's rules are silent
//! * **Removal and ticks**: a removal uses up the removed player's turn, so
//!   it counts one tick (and can end the game at the tick limit); later turns
//!   skip the removed player without counting ticks. [`Quoridor::tick`] is
//!   the number of turns counted so far; the protocol's tick of the coming
//!   turn is `tick() + 1`.
//! * **One player left**: the game goes on (only a goal or the tick limit
//!   ends it); that player wins either way.
//! * **Outcome**: the winner (or the players sharing the win) score 1 and rank
//!   first; everybody else scores 0 and shares the next place
//!   ([`game_core::Outcome::shared_win`]).
//! * **The goal turn** counts its tick too; reaching the goal on the last
//!   tick is a win by goal.
//! * **Zobrist hash**: pawns, walls, walls left and the player to move; not
//!   the tick (like a chess clock counter).
//! * **Setups** ([`Setup`]) must be consistent: walls on the board equal the
//!   walls the players used, every pawn in the game has a path, at most one
//!   pawn on its goal, and the player to move can move.
//! * **Symmetries**: the two-player game is symmetric under the left-right
//!   mirror ([`Quoridor::mirrored`]) and under the 180-degree turn with the
//!   players swapped ([`Quoridor::rotated`]); the four-player game has no
//!   symmetry that keeps the turn order.
//!
//! ## Speed
//! Cells and wall anchors are bits of a `u128` (row stride `M`). Wall
//! legality does not search per wall: a wall can cut a pawn off only if it
//! touches walls or the border at two of its three points (otherwise it closes
//! no loop) and cuts one shortest path of that pawn (computed once per
//! generation); only walls passing both filters get a flood fill.
//!
//! [`Game::random_legal_move`](game_core::Game::random_legal_move) (what
//! `game_core::random_playout` draws through) does not list the moves: it
//! draws among the pawn targets and the walls that fit and floods only the
//! wall it drew, redrawing a wall that cuts a pawn off; exactly uniform over
//! the legal moves, and several times faster than listing them into a `Vec`
//! with [`Game::legal_moves`](game_core::Game::legal_moves) (about 130 moves
//! a position while walls are left) and picking one.
//!
//! Whole random games go further: [`Quoridor::random_playout`] (which the
//! crate's [`Game::play_out_randomly`](game_core::Game::play_out_randomly)
//! plays, so `game_core::random_playouts` and `arena bench` do) notices when
//! no player of a two-player game has a wall left (about nine plies in ten of
//! a random game at the 324-tick cap), makes a table of every cell's steps
//! once, and draws the pawn moves from it. Random two-player games at the
//! 324-tick cap ran at 100 k a second against 48 k before, in one criterion
//! run (58 k against 137 k instructions a game under callgrind), and about
//! 37 times as fast as the C++ core of `OpenSpiel` 2.0.2 in the same minute
//! (`benches/openspiel/quoridor.py` in the repository measures both).
//!
//! For fuzzers and move-generator authors, the feature `testing` adds the
//! `quoridor::testing` module (the reference model and its differential check,
//! reference perft, edges and biased walks); the perft table follows.
//!
#![doc = include_str!("../doc/perft.md")]
#![warn(missing_docs)]

#[cfg(feature = "adapter")]
pub mod adapter;
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "codec")]
pub mod codec;
mod display;
mod error;
pub mod evaluation;
mod game;
mod geometry;
mod movegen;
mod moves;
mod notation;
#[cfg(feature = "chacha")]
pub mod opponents;
pub mod protocol;
pub mod rules;
mod sample;
mod setup;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
mod symmetry;
#[cfg(feature = "testing")]
pub mod testing;
mod zobrist;

pub use error::{ConfigError, MoveError, ParseMoveError, SetupError};
pub use game_core;
/// A cell `(x, y)`: `(0, 0)` is the top-left cell, `x` grows to the right
/// and `y` downwards (the contest's coordinates).
pub use game_core::grid::Cell;
pub use moves::{Move, Wall};
pub use notation::{
    format_algebraic, format_algebraic_record, format_contest, parse_algebraic, parse_algebraic_record, parse_any,
    parse_contest,
};
pub use setup::{Config, Setup};
pub use state::Quoridor;
