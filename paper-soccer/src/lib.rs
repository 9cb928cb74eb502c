//! # paper-soccer
//!
//! **The rules**, complete and with pictures, for a reader who has never
//! seen the game: [`rules`].
//!
//! A bot for the arena in a few lines ([`protocol::run_bot`] reads the
//! referee's messages, keeps the position and writes your turns):
//!
//! ```
//! use paper_soccer::protocol::run_bot;
//! use paper_soccer::{PaperSoccer, Turn, game_core::PlayerId};
//! use std::time::Duration;
//!
//! let bot = |game: &PaperSoccer, _me: PlayerId, _left: Duration| -> Turn { game.legal_turns(1).remove(0) };
//! // A real bot: run_bot(std::io::stdin().lock(), std::io::stdout().lock(), bot)
//! let mut out = Vec::new();
//! run_bot("1\n1\n2\n".as_bytes(), &mut out, bot).unwrap();
//! assert_eq!(out, b"0\n"); // player 1 answers the opponent's `2` with `0`
//! ```
//!
//! The `CodinGame` "Paper soccer" game, exactly to the contest's rules and
//! referee, on the game-core traits, at two levels:
//!
//! * **steps** ([`Game`] with `Move = `[`Dir`]): one line at a time; after a
//!   bounce [`to_act`](Game::to_act) names the same player again. For search.
//! * **whole turns** ([`Board::play_turn`], [`Turn`]): a digit string such as
//!   `"02217"`, validated completely, in the referee's order, before anything
//!   changes; and a streaming generator of every distinct legal turn
//!   ([`Board::for_each_turn`], [`TurnGen`]).
//!
//! ```
//! use paper_soccer::{Dir, PaperSoccer, Point, TurnError};
//! use paper_soccer::game_core::{Game, PlayerId, ToAct};
//! use std::ops::ControlFlow;
//!
//! let mut g = PaperSoccer::default();            // 8x10, ball at (4,5), player 0
//! assert_eq!(g.ball(), Point::new(4, 5));
//! g.play_turn("0").unwrap();                     // a fresh point: the turn ends
//! assert_eq!(g.to_act(), ToAct::Player(PlayerId(1)));
//!
//! // Step level: going back south draws nothing new, it is refused...
//! assert!(g.play(PlayerId(1), Dir::S).is_err());
//! // ...and a step to (5,4) is a fresh point, so player 0 moves next.
//! g.play(PlayerId(1), Dir::E).unwrap();
//! // (4,5) and (4,4) touch lines now: moving onto them bounces.
//! g.play(PlayerId(0), Dir::SW).unwrap();
//! assert_eq!(g.to_act(), ToAct::Player(PlayerId(0)));
//!
//! // Whole turns are checked before anything changes.
//! assert_eq!(g.play_turn("4x"), Err(TurnError::BadCharacter { index: 1, found: 'x' }));
//! assert!(matches!(g.play_turn("0"), Err(TurnError::LineAlreadyDrawn { index: 0, .. })));
//!
//! // Every distinct turn, streamed.
//! let mut n = 0;
//! g.for_each_turn(u64::MAX, |_steps, _after| { n += 1; ControlFlow::Continue(()) });
//! assert_eq!(n as usize, g.legal_turns(u64::MAX).len());
//! println!("{g}");
//! ```
//!
//! ## The model
//! * [`Board`]`<N>` is the position on a pitch with `N` slots;
//!   [`PaperSoccer`] is the standard 8x10 board (128 bytes, `Copy`). It keeps
//!   one byte per point: the directions whose line exists and is not drawn.
//!   A point bounces exactly when that byte differs from "all eight free"
//!   (every point with a missing link is a border point, post or goal point,
//!   which touches pre-drawn lines), so a step is a few bit operations.
//!   Other even sizes: `Board::<{ paper_soccer::slots(6, 8) }>::new(Pitch::new(6, 8)?)`.
//! * The game ends when the ball enters a goal (the attacker of that goal
//!   wins: player 0 attacks the top goal) or stops on a point with no free
//!   line (the player who moved it there loses). [`Game::end_reason`] is
//!   `goal`, `own-goal` or `blocked`. `max_plies` is the number of drawable
//!   links (316).
//! * [`Zobrist`](game_core::Zobrist) is maintained incrementally over
//!   drawable lines, ball and player to move.
//!
//! ## For the arena and bot authors
//! * Step notation ([`MoveNotation`](game_core::MoveNotation)): one digit.
//! * Whole turns: [`Board::play_turn`] / [`Board::after_turn`] (the
//!   referee's checks in order, [`TurnError`] with kebab-case kinds),
//!   [`Turn`] (`FromStr`/`Display`), [`Board::play_turn_steps`].
//! * [`protocol`]: the stdin/stdout protocol, both sides. Bot side:
//!   [`run_bot`](protocol::run_bot), [`Session`](protocol::Session)
//!   (the position, updated from the messages and the bot's own answers),
//!   [`read_start`](protocol::read_start) / [`read_turn`](protocol::read_turn),
//!   [`write_answer`](protocol::write_answer),
//!   [`TIME_CONTROL`](protocol::TIME_CONTROL). Referee side:
//!   [`start_message`](protocol::start_message),
//!   [`turn_message`](protocol::turn_message),
//!   [`parse_answer`](protocol::parse_answer) (a bot's raw line, read as
//!   the referee reads it, line endings decided in the module docs),
//!   [`record_lines`](protocol::record_lines) /
//!   [`judge_record`](protocol::judge_record) (records for `arena judge`),
//!   and the whole contest, [`Referee`](protocol::Referee) (the
//!   [`Contest`](game_core::referee::Contest) any host runs), behind the
//!   default feature `referee`.
//! * [`opponents`] (default feature `chacha`): the reference opponent
//!   [`Greedy`](opponents::Greedy) (the arena's `greedy`), a
//!   [`Bot`](game_core::bot::Bot) to beat first.
//! * Feature `svg`: the `svg` module draws the position as an SVG picture
//!   (the rules' pictures, the arena's renderer and viewer).
//! * [`game_core`] is re-exported, so a bot needs this crate only.
//! * Text: `Display` draws the pitch; [`Board::position_text`] and
//!   `str::parse` give a one-line form that round-trips.
//! * Accessors: [`Board::ball`], [`Board::to_move`] (`None` once the game
//!   is over: read the result from [`Game::outcome`], `outcome().value_for(p)`
//!   in search code), [`Board::last_mover`], [`Board::legal_dirs`],
//!   [`Board::free_dirs`], [`Board::is_bounce_point`],
//!   [`Board::is_line_drawn`], [`Board::lines`], [`Board::goal_attacked`],
//!   [`Board::winner`]; fast playouts with [`Board::random_playout`].
//!
//! ## Speed
//! [`Board::random_playout`] draws four steps from each 64-bit random word, keeps no move list and
//! brings the Zobrist hash up to date once at the end (ball keys telescope). The crate overrides
//! [`Game::play_out_randomly`] with it, so the generic
//! [`game_core::random_playouts`] (and `arena bench`) runs at its speed: 1.04 M against 1.03 M
//! random games a second in one criterion run (2,743 against 2,599 instructions a game under
//! callgrind), where the generic path made 0.78 M against 1.01 M before. The per-move loop through
//! the trait (what `game-search`'s playouts run) made 0.74 M. Commands: `docs/benchmarks.md` in
//! the repository.
//!
//! ## For fuzzers and move-generator benchmarkers
//! * The published perft table, at step level and at whole-turn level,
//!   every row checked by the crate's tests: the *Perft* section below.
//! * Feature `testing`: the `testing` module, with the plain reference
//!   model of the rules and its one-call differential check
//!   (`testing::reference::check`, also `perft` and `turn_perft` counted
//!   with the model), the hard cases as named edges and the biases that
//!   reach them (`testing::edges`: long bounce chains, turns with many
//!   endings, nearly blocked balls, goals by a bounce), and the move
//!   universe of `game_core`'s conformance kit.
//! * Feature `arbitrary`: `arbitrary::Arbitrary` for [`Dir`], [`Point`],
//!   [`Line`], [`Goal`], [`Turn`], [`Pitch`] and [`Setup`].
//! * A seat other than 0 and 1 is [`StepError::Seat`]
//!   ([`SeatError::NoSuchPlayer`](game_core::SeatError::NoSuchPlayer)),
//!   checked before anything else.
//!
//! ## Layout
//! The modules follow `game-core`'s "How a game crate is laid out": `error`
//! (every error type), `setup` ([`Setup`], validation, the validated pitch
//! size, start positions), `state` ([`PaperSoccer`], [`Board`] and its
//! queries), `movegen` (step legality, whole turns), `turngen`
//! ([`TurnGen`]), `game` (the [`Game`] impl), `notation` ([`Turn`], step
//! text), [`evaluation`], [`opponents`], [`protocol`] (`mod`: the
//! time control and the protocol docs; `message`: the messages; `bot`:
//! [`Session`](protocol::Session) and [`run_bot`](protocol::run_bot);
//! `referee`: [`Referee`](protocol::Referee), `parse_answer` and what the
//! referee sends), `svg` (feature `svg`; with `svg::best_move`, an
//! analysis's best move drawn over the picture), `display` (the picture and the
//! position text), `zobrist` (compile-time key tables), [`rules`], and the
//! building blocks `pitch` and `dir`; `testing` and `arbitrary_impls`
//! behind their features. Everything public is re-exported at the crate
//! root.
//!
//! ## Decisions where the rules ([`rules`]) are silent
//! * A turn string given in the middle of a turn (after bouncing steps
//!   played one at a time) completes that turn: the first step is required
//!   even though the ball may sit on a point where the turn could have
//!   ended.
//! * [`Turn::from_str`](std::str::FromStr) is strict (digits `0..=7`);
//!   [`Board::after_turn`] on a string follows the referee's quirk and lets
//!   `8` past check 1, then reports it by check 2 (after the end of the
//!   turn) or 3 ([`TurnError::NoSuchPoint`]).
//! * Playing a turn on a finished game is [`TurnError::GameOver`]; an
//!   illegal turn is reported, not played: the arena declares the loss.
//! * A [`Setup`] may hold any set of drawable lines (not only reachable
//!   ones); once the game is over its `to_move` is the last mover
//!   ([`Board::last_mover`]), which tells a goal from an own goal.
//! * In a record, the final line ending is optional and does not make an
//!   extra empty turn; every other empty line is an empty turn.

#![doc = include_str!("../doc/perft.md")]

#[cfg(feature = "adapter")]
pub mod adapter;
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "codec")]
pub mod codec;
mod dir;
mod display;
mod error;
pub mod evaluation;
mod game;
mod movegen;
mod notation;
#[cfg(feature = "chacha")]
pub mod opponents;
mod pitch;
pub mod protocol;
pub mod rules;
mod setup;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(feature = "testing")]
pub mod testing;
mod turngen;
mod zobrist;

pub use dir::{Dir, DirIter, DirSet, Point};
pub use display::PositionText;
pub use error::{DirError, ParseStepError, PitchError, ProtocolError, SetupError, StepError, TurnError};
pub use game_core;
pub use game_core::Game;
pub use notation::Turn;
pub use pitch::{Goal, MAX_SLOTS, Pitch, slots};
pub use setup::Setup;
pub use state::{Board, Line, PaperSoccer, STANDARD_SLOTS};
pub use turngen::{TurnGen, TurnGenReport};
