//! # yavalath
//!
//! Cameron Browne's Yavalath exactly as the CodinGame arena runs it (`../shared/rules/yavalath.md`),
//! with the steal rule, on the [`game_core`] traits: place stones on a hexagonal board of 61 cells;
//! a stone whose longest line is 4 or more wins, exactly 3 loses; a full board is a draw.
//!
//! ```
//! use game_core::{Game, GameError, PlayerId, ToAct};
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
//! * [`protocol`]: the arena's per-turn input and answer parsing, [`protocol::read_turn`] for bots
//!   reading stdin, and game records for `arena judge`.
//! * `examples/bot.rs`: a complete protocol bot (win now, else block, else avoid threes).
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
//! ## Decisions where the rules file is silent
//! * A steal is a move (a ply): it counts in [`Yavalath::plies`] and in game records, so a game has
//!   at most 62 moves.
//! * Answers are read as Java's `Integer.parseInt` reads numbers (the referee is Java): an optional
//!   `+` or `-` sign is accepted, values beyond 32 bits are unreadable; only ASCII digits are
//!   accepted. Whitespace means Java's `\s` (space, tab, newline, vertical tab, form feed, carriage
//!   return).
//! * Game records ([`protocol::parse_record`]) skip blank lines and accept any whitespace around
//!   and between the two numbers; the bot answer rules are the strict ones.
//! * Positions are accepted ([`Yavalath::from_stones`], [`Setup`], the notation) only when a game
//!   reaches them: stone counts fit the player to move (with or without a steal), and all lines of
//!   3 or more go through one stone of the player who moved last; the end of the game is derived.

mod bits;
pub mod cell;
mod error;
pub mod protocol;
mod state;
mod symmetry;

pub use cell::{Bitboard, BitboardIter, CELLS, Cell, ROWS};
pub use error::{MoveParseError, SetupError, YavalathError};
pub use state::{End, Setup, Yavalath};
pub use symmetry::Symmetry;
