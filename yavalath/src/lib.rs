//! # yavalath
//!
//! Cameron Browne's Yavalath exactly as the `CodinGame` arena runs it, with the steal rule, on the
//! [`game_core`] traits: place stones on a hexagonal board of 61 cells; a stone whose longest line
//! is 4 or more wins, exactly 3 loses; a full board is a draw.
//!
//! **The rules**, complete and with pictures, for a reader who has never seen the game: [`rules`].
//!
//! ## A bot in a few lines
//!
//! A bot program reads its turns on stdin and answers on stdout; [`protocol::run_bot`] does the
//! protocol and keeps the position, so a bot is one function of the state, its player and the
//! time left (this crate re-exports [`game_core`], so it is the only dependency needed):
//!
//! ```
//! use yavalath::game_core::PlayerId;
//! use yavalath::protocol::{Answer, run_bot};
//! use yavalath::{Cell, Yavalath};
//!
//! fn bot(g: &Yavalath, me: PlayerId, _left: std::time::Duration) -> Answer {
//!     let legal = g.legal();
//!     let win = g.winning_cells(me) & legal;
//!     let safe = legal & !g.losing_cells(me);
//!     let cell = win.first().or(safe.first()).or(legal.first()).unwrap_or(Cell::CENTER);
//!     Answer::from(cell).with_message("hello")
//! }
//!
//! // fn main() { run_bot(std::io::stdin().lock(), std::io::stdout(), bot).unwrap() }
//! let input = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "0 0 hello\n");
//! ```
//!
//! ## The rules in code
//!
//! ```
//! use yavalath::game_core::{Game, GameError, PlayerId, ToAct};
//! use yavalath::{Cell, End, Yavalath};
//!
//! let cell = |x, y| Cell::from_xy(x, y).unwrap();
//! let mut g = Yavalath::new();
//! // The first player (PlayerId(0), protocol id 1) builds 0 0, 1 1, _, 3 3 on a diagonal...
//! for (p, c) in [(0, cell(0, 0)), (1, cell(0, 8)), (0, cell(1, 1)), (1, cell(2, 8)), (0, cell(3, 3))] {
//!     g.play(PlayerId(p), c).unwrap();
//! }
//! // ...so 2 2 would win for it (a line of 4), and the second player knows it.
//! assert!(g.winning_cells(PlayerId(0)).contains(cell(2, 2)));
//! g.play(PlayerId(1), cell(2, 2)).unwrap(); // block
//! assert_eq!(g.to_act(), ToAct::Player(PlayerId(0)));
//!
//! // Illegal moves are typed errors and change nothing.
//! let before = g;
//! let err = g.play(PlayerId(0), cell(2, 2)).unwrap_err();
//! assert_eq!(err.kind(), "cell-occupied");
//! assert_eq!(g, before);
//!
//! // A line of exactly 3 loses: 0 8, _, 2 8 is the second player's; 1 8 would make 3.
//! assert!(g.losing_cells(PlayerId(1)).contains(cell(1, 8)));
//! g.play(PlayerId(0), cell(8, 4)).unwrap();
//! g.play(PlayerId(1), cell(1, 8)).unwrap();
//! assert_eq!(g.end(), Some(End::Three { loser: PlayerId(1) }));
//! assert_eq!(g.outcome().unwrap().winner(), Some(PlayerId(0)));
//! ```
//!
//! ## Map
//! * [`Cell`] (coordinates: protocol `x y`, reading index, axial/cube) and [`Bitboard`].
//! * [`Yavalath`]: the state (32 bytes, `Copy`), implementing [`game_core::Game`],
//!   [`game_core::Alternating`], [`game_core::Zobrist`] and [`game_core::MoveNotation`] (`x y`),
//!   with bot queries ([`Yavalath::legal`], [`Yavalath::winning_cells`],
//!   [`Yavalath::losing_cells`], [`Yavalath::placement_end`]), a fast
//!   [`Yavalath::random_playout`], the text board (`Display`) and a compact position notation
//!   ([`Yavalath::notation`], `FromStr`), and the validated serde [`Setup`].
//! * [`Symmetry`]: the 12 symmetries of the board and [`Yavalath::canonical`].
//! * [`protocol`]: the arena protocol. Bot side: [`protocol::run_bot`], [`protocol::Session`],
//!   [`protocol::read_turn`], [`protocol::write_answer`], [`protocol::TIME_CONTROL`]. Referee
//!   side (default feature `referee`): [`protocol::Referee`], the whole contest as a
//!   [`game_core::referee::Contest`], built on [`protocol::turn_message`] and
//!   [`protocol::parse_answer`], which reads answers exactly as the contest's referee does. Game
//!   records for `arena judge`.
//! * `svg` (feature `svg`): the position as an SVG picture, with the last move ringed (the
//!   pictures of [`rules`], the arena's renderer and replay viewer), and an analysis's best
//!   move drawn over it (`svg::best_move`).
//! * `examples/bot.rs`: a complete protocol bot (win now, else block, else avoid threes).
//! * `testing` (feature `testing`): the plain array-board reference model with its one-call
//!   differential check and perft, biases and edges aimed at the rules' hard cases (near-threes
//!   and near-fours, the steal, full-board draws) for fuzzers and property tests; feature
//!   `arbitrary`: `arbitrary::Arbitrary` for cells, bitboards, symmetries, positions and setups.
//!
//! ## Speed
//! The legal moves are one bitboard: [`Yavalath::legal`] took about 2.3 ns on a middle position
//! where [`Game::legal_moves`](game_core::Game::legal_moves) into a reused `Vec` took 64 to 72 ns,
//! some **30 times** as long (28 to 35 times over our runs; criterion,
//! `cargo bench -p benches --bench yavalath -- legal-moves`, on a shared 2-core machine). Walking
//! the bitboard's cells one by one costs nearly as much as the `Vec` (52 to 68 ns): the gain is in
//! not listing them — test a cell, intersect with [`Yavalath::winning_cells`], count, or draw
//! one. Random moves come from the bitboard too:
//! [`Game::random_legal_move`](game_core::Game::random_legal_move) is overridden with an exact
//! bitboard sampler, and [`Game::play_out_randomly`](game_core::Game::play_out_randomly) with the
//! specialised [`Yavalath::random_playout`] (the same sampler, its random bits kept across moves), so
//! the generic [`game_core::random_playouts`] (and `arena bench`) runs as fast as the specialised
//! playout: 2.25 M against 2.22 M random games a second with `ChaCha8` in one criterion run
//! (2,338 against 2,229 instructions a game under callgrind), where it ran at 0.86 to 0.92 of it
//! before the override. The per-move loop through the trait (what `game-search`'s playouts run)
//! made 2.04 M. [`Yavalath::perft`] counts without move lists, about 3 times as fast as
//! [`game_core::perft`]. Commands: `docs/benchmarks.md` in the repository.
//!
//! ## Players
//! Game-core numbers players from 0: [`PlayerId`](game_core::PlayerId)`(0)` is the rules' "player 1"
//! (moves first, protocol id `1`, `x` in texts), `PlayerId(1)` is "player 2" (protocol id `2`, `o`).
//!
//! ## The steal
//! A move is a [`Cell`]. On the second player's first turn only, the cell of the first player's
//! stone is a legal move: the steal. The stone changes colour (the board still holds one stone) and
//! the first player moves next, so turns still strictly alternate. A steal makes no line.
//!
//! ## Decisions where the rules are silent
//! * A steal is a move (a ply): it counts in [`Yavalath::plies`] and in game records, so a game has
//!   at most 62 moves.
//! * Answers are read as the referee (a Java program) reads them: see [`protocol`] for the exact
//!   splitting, Java's `Integer.parseInt` (a sign, digits of any script in the Basic Multilingual
//!   Plane, 32 bits), and the decisions taken where the rules are silent.
//! * Game records ([`protocol::parse_record`]) skip blank lines and accept any whitespace around
//!   and between the two numbers; the bot answer rules are the strict ones.
//! * Positions are accepted ([`Yavalath::from_stones`], [`Setup`], the notation) only when a game
//!   reaches them: stone counts fit the player to move (with or without a steal), and all lines of
//!   3 or more go through one stone of the player who moved last; the end of the game is derived.

#![doc = include_str!("../doc/perft.md")]
#[cfg(feature = "adapter")]
pub mod adapter;
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod bitboard;
mod bits;
mod cell;
#[cfg(feature = "codec")]
pub mod codec;
mod display;
mod error;
pub mod evaluation;
mod game;
mod movegen;
mod notation;
mod perft;
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

pub use game_core;

pub use bitboard::{Bitboard, BitboardIter};
pub use cell::{CELLS, Cell, ROWS, row_len};
#[cfg(feature = "referee")]
pub use error::AnswerError;
pub use error::{MoveError, ParseMoveError, ProtocolError, RecordError, SetupError};
pub use notation::{parse_move_text, parse_record};
pub use setup::Setup;
pub use state::{End, Yavalath};
pub use symmetry::Symmetry;
