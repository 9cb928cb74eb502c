//! # parallel-football
//!
//! **The rules**, complete and with pictures, for a reader who has never
//! seen the game: [`rules`].
//!
//! Parallel Football (Columbia COMS W4444, 2006/2007), exactly to the
//! contest rules: four teams of `p` footballers on a
//! 32 x 32 grid (configurable), a ball on every cell but the four home
//! corners, simultaneous orders (stay, move one cell, kick a ball up to `k`
//! cells away), random allocation of contested balls, and a point for every
//! ball that lands on a team's home.
//!
//! A team program speaking the arena protocol on stdin/stdout is one call to
//! [`protocol::run_bot`] with a closure that gets the game, its team and the
//! time left for this answer (this crate is the only dependency it needs:
//! `game_core` is re-exported):
//!
//! ```no_run
//! use parallel_football::{GreedyTeam, protocol};
//! use parallel_football::game_core::bot::Bot;
//!
//! let mut team = GreedyTeam::new();
//! protocol::run_bot(std::io::stdin().lock(), std::io::stdout(), |state, me, _time_left| {
//!     team.turn(state, me) // p placements at the start, then p orders each turn
//! })
//! .expect("the referee follows the protocol");
//! ```
//!
//! The same bot on a scripted referee (the crate writes both sides):
//!
//! ```
//! use parallel_football::{Cell, Config, Field, GreedyTeam, Order, protocol};
//! use parallel_football::game_core::{PlayerId, bot::Bot};
//!
//! let config = Config::new(8, 8, 2, 3, 100).unwrap();
//! let field = Field::new(config, &[Cell::new(3, 3); 8]).unwrap();
//! let input = protocol::start_message(&config, PlayerId(0)) + &protocol::turn_message(&field);
//! let mut output = Vec::new();
//! let mut team = GreedyTeam::new();
//! protocol::run_bot(input.as_bytes(), &mut output, |state, me, _| team.turn(state, me)).unwrap();
//! let text = String::from_utf8(output).unwrap();
//! assert_eq!(text.lines().count(), 4); // 2 start cells, then 2 orders
//! let answer = protocol::parse_orders(text.lines().skip(2), 2);
//! // Both footballers stand on (3, 3) and its one ball: one kicks it home,
//! // the other walks to another ball.
//! assert!(answer.problems.is_empty());
//! assert!(answer.orders[0].is_kick() && matches!(answer.orders[1], Order::Move { .. }));
//! ```
//!
//! The library itself:
//!
//! ```
//! use parallel_football::{Cell, Config, Field, GreedyTeam, Order, RandomTeam, TurnReport, play_game};
//! use parallel_football::game_core::rng::seeded;
//!
//! // One call plays a whole game between built-in teams and records it.
//! let config = Config::new(12, 12, 3, 4, 2_000).unwrap();
//! let (mut g0, mut g1, mut g2) = (GreedyTeam::new(), GreedyTeam::new(), GreedyTeam::new());
//! let mut r3 = RandomTeam::new(9);
//! let record = play_game(config, [&mut g0, &mut g1, &mut g2, &mut r3], 42);
//! assert_eq!(record.scores.iter().sum::<u32>() + record.balls_left, 140);
//! // The record replays without the random generator.
//! assert_eq!(record.replay().unwrap().scores(), record.scores);
//!
//! // The fast core: a field, one order per player, a seeded generator for
//! // contested balls, and a reused report.
//! let config = Config::new(6, 6, 2, 3, 100).unwrap();
//! let starts = [Cell::new(2, 2); 8]; // all eight players on one cell with one ball
//! let mut field = Field::new(config, &starts).unwrap();
//! let mut orders = [Order::Kick { dx: -2, dy: -2 }; 8]; // every player kicks the ball to (0, 0)
//! orders[7] = Order::Kick { dx: 3, dy: 3 }; // out of range: refused, that player stays
//! let mut report = TurnReport::default();
//! field.resolve_turn(&orders, &mut seeded(5), &mut report).unwrap();
//! assert_eq!(report.illegal.len(), 1);
//! assert_eq!(report.successes.len(), 1); // one ball, seven kickers: exactly one succeeds
//! assert_eq!(field.scores(), [1, 0, 0, 0]); // home (0, 0) is team 0's, whoever kicked
//! assert_eq!(field.balls_left(), 31);
//! ```
//!
//! ## The rules, as implemented
//! * Homes: team 0 at `(0, 0)`, 1 at `(w-1, 0)`, 2 at `(w-1, h-1)`, 3 at
//!   `(0, h-1)` (clockwise from the top-left); `x` grows to the right, `y`
//!   downwards.
//! * A turn ([`Field::resolve_turn`]): orders are checked against the state
//!   at the start of the turn and an illegal one makes that player stay
//!   ([`TurnReport::illegal`]); a cell with more legal kicks than balls lets
//!   exactly `balls` of its kickers succeed, uniformly at random
//!   ([`Allocation`]); kicked balls leave, players move, kicked balls land;
//!   balls on a home score for its owner; the game ends with no ball left or
//!   at the turn limit.
//! * Randomness: only the contested kicks, only from a caller-supplied
//!   generator (any `RngCore`; cells in row-major order, each drawing a
//!   partial Fisher-Yates shuffle of its kickers in increasing order with
//!   `game_core::rng::below`), or an [`ExplicitAllocation`] from a record.
//!
//! ## Decisions where the rules ([`rules`]) are silent
//! * A kick is checked in this order: zero kick, no ball, out of range, off
//!   the grid (the first failing reason is reported).
//! * A move of `(0, 0)` is illegal (`not-one-step`): staying is `stay`.
//! * When both end conditions hold, the end reason is `no-balls`.
//! * Grids are 2..=255 on a side (the four corners must be distinct and
//!   coordinates fit a byte); `p` is 1..=1024; the turn limit is at least 1.
//!   A 2 x 2 grid has no ball and is over at once.
//! * Setups ([`Setup`], [`Field::from_parts`]) may hold any
//!   arrangement of up to 65,535 balls, none on a home.
//! * [`play_game`] and the protocol start a footballer whose start cell is
//!   missing, unreadable or off the grid on its team's home cell.
//! * Protocol details: see [`protocol`].
//!
//! ## The `game_core::Game` view ([`ParallelFootball`])
//! * Seats are the four teams. First the placement phase:
//!   `ToAct::Simultaneous(teams still placing)`, each
//!   [`FootballMove::Place`] places the team's next footballer.
//! * Then each turn: `ToAct::Simultaneous(teams still owing orders)`, each
//!   [`FootballMove::Order`] is the order of the team's next footballer;
//!   `check_move` refuses an illegal order with a typed error (only the
//!   turn-level [`Field::resolve_turn`] converts illegal orders to stay).
//! * When all orders are in, `ToAct::Chance`: `sample_chance` draws a
//!   [`KickAllocation`] (empty when no cell is contested), `apply_chance`
//!   resolves the turn with it.
//! * The outcome: scores are the teams' balls, ranks follow the scores and
//!   equal scores share a rank (`Outcome::from_scores`); end reasons
//!   `no-balls` or `turn-limit`.
//! * The move universe: every cell (placements), stay, the 8 moves and the
//!   kick offsets of the configuration.
//! * Whole team answers, as the arena reads them from a team program:
//!   [`ParallelFootball::submit_placements`] (missing or off-grid cells start on the
//!   home) and [`ParallelFootball::submit_orders`] (illegal or missing orders become
//!   stay; the refused ones are returned).
//!
//! ## Configuration and seats
//! * [`Config`] is plain public data (`width`, `height`, `players`,
//!   `kick_range`, `max_turns`); [`Config::new`] builds and validates in one
//!   step, and a hand-built one is checked by [`Config::validate`] wherever
//!   it enters a game ([`Field::new`], [`ParallelFootball::new`], `from_setup`,
//!   deserialisation), which return [`ConfigError`] (wrapped) instead.
//! * Seats are `PlayerId(0)` to `PlayerId(3)` ([`TEAM_IDS`]) everywhere;
//!   [`Config::home`] panics on a seat above 3 rather than wrapping it.
//!
//! ## Modules
//! The layout every game crate follows: `state` ([`ParallelFootball`]),
//! `setup` ([`Config`], [`Setup`]), `error` (every error type), `game` (the
//! `Game` impl), `movegen` (order
//! legality and the turn resolution), `notation` (moves as text),
//! [`evaluation`], [`opponents`], `svg` (feature `svg`), `display`,
//! [`protocol`] (`mod`: [`protocol::TIME_CONTROL`] and the protocol;
//! `message`: the messages; `bot`: [`protocol::Session`] and
//! [`protocol::run_bot`]; `referee`: [`protocol::Referee`] and
//! [`protocol::parse_answer`]), [`rules`] and `testing` (feature
//! `testing`); plus this game's own concepts: `limits` (the fixed
//! numbers), `field` (the field and its queries), `allocation` (contested
//! cells, [`KickAllocation`]), `order` ([`Order`], [`FootballMove`]), `geometry`, [`search`] and `record`, and
//! `arbitrary_impls` (feature `arbitrary`).
//!
//! ## Opponents and whole games
//! * [`opponents`]: the reference teams [`GreedyTeam`], [`RandomTeam`] and
//!   [`PileTeam`], each a `game_core::bot::Bot` whose `turn` is the team's
//!   whole answer (`p` start cells, then `p` orders each turn), with a fast
//!   path `place` / `orders` into the caller's buffers; [`search`]: the
//!   rollout search [`FootballSearch`] (the arena's `search`), scored with
//!   [`evaluation::potential`].
//! * [`play_game`] plays four bots and returns a [`GameRecord`] (serde;
//!   `replay` needs no generator; `to_core_record` gives the
//!   `game_core::Record` of the same game); [`run_game`] plays without
//!   recording.
//! * [`protocol::run_bot`] runs a closure as a stdin/stdout team program;
//!   any bot's `turn` is that closure (`examples/bot.rs`).
//! * [`protocol::Referee`] (default feature `referee`) is the whole
//!   contest as its referee runs it (`game_core::referee::Contest`).
//! * `svg` (feature `svg`) draws the position, the replay viewer's
//!   picture of a turn, and an analysis's best move over either
//!   (`svg::best_move`).
//!
//! ## Testing and fuzzing (features `testing`, `arbitrary`)
//! * `testing::reference` (feature `testing`): the plain reference model,
//!   written straight from the rules' five resolution steps, and the
//!   one-call differential checks `reference::check(&ParallelFootball)` (every
//!   seat's legal moves and `check_move` reasons, the turn in progress under
//!   every allocation of its contested kicks, the chance step) and
//!   `reference::check_turn(&Field, orders)` (any orders, illegal ones
//!   included). The crate's proptests and the `parallel_football_reference`
//!   fuzz target run them.
//! * `testing::edges`: biases that steer `game_core::testing`'s walks to
//!   crowded contested kicks and goals, the hard cases as named predicates,
//!   and proptest strategies of the states reached.
//! * Feature `arbitrary`: `arbitrary::Arbitrary` for [`Order`],
//!   [`FootballMove`], [`KickAllocation`], and valid [`Config`]s and
//!   [`Setup`]s.
//! * A seat above 3 is `SeatError::NoSuchPlayer` ([`MoveError::Seat`], kind
//!   `no-such-player`) wherever a seat can be refused, checked first.
//!
//! ## Perft
//! No perft table is published for Parallel Football: at any configuration
//! the numbers would test nothing that `testing::reference::check` does not
//! test directly.
//! * `game_core::perft` counts sequences of decisions, one footballer's
//!   order each. Every order of a turn is checked against the position at
//!   the start of the turn (rules step 1), so the orders do not depend on
//!   each other: `d` decisions within a turn count the product of the first
//!   `d` footballers' legal-order counts.
//! * The turn ends in a chance step (the contested kicks), which perft
//!   counts as one leaf: it never reaches the next turn, so the count stops
//!   growing after `4 p` decisions.
//! * Whole turns (every joint order times every allocation of the contested
//!   kicks) grow too fast to tabulate: with one footballer a team on a
//!   3 x 3 grid a turn has up to `13^4 = 28,561` joint orders, two turns
//!   about `8 x 10^8`.
//!
//! What a table would check, each footballer's list of legal orders, the
//! reference check compares move by move with the model's, on every seat;
//! `testing::reference::perft` counts as `game_core::perft` does with the
//! model's lists, and a test keeps the two equal.
//!
//! ## Text
//! * [`protocol`]: the arena's team messages and answers, both ways, and
//!   its time limits ([`protocol::TIME_CONTROL`]).
//! * `Display` of [`Field`] and [`ParallelFootball`]: a summary line
//!   ([`Field::summary`]) and a picture with one character per cell (see
//!   [`Field::picture`]); `Display` of [`GameRecord`]: a one-line result.
//! * `game_core::MoveNotation` for [`ParallelFootball`]: `x y`, `stay`, `move dx dy`,
//!   `kick dx dy`.

#![warn(missing_docs)]

#[cfg(feature = "adapter")]
pub mod adapter;
mod allocation;
#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
#[cfg(feature = "codec")]
pub mod codec;
mod display;
mod error;
pub mod evaluation;
mod field;
mod game;
mod geometry;
mod limits;
mod movegen;
mod notation;
pub mod opponents;
mod order;
pub mod protocol;
mod record;
pub mod rules;
pub mod search;
mod setup;
mod state;
#[cfg(feature = "svg")]
pub mod svg;
#[cfg(feature = "testing")]
pub mod testing;

pub use game_core;
pub use game_core::grid::Cell;

pub use allocation::{Allocation, ExplicitAllocation, KickAllocation};
pub use error::{
    AllocationError, AnswerError, ConfigError, FieldError, MoveError, OrderError, ParseMoveError, ProtocolError,
    RecordError, SetupError, TurnError,
};
pub use field::{EndReason, Field, IllegalOrder, TurnReport};
pub use geometry::Geometry;
pub use state::ParallelFootball;

pub use limits::{DEFAULT_MAX_TURNS, DEFAULT_SIDE, MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM, TEAM_IDS, TEAMS};
pub use opponents::{GreedyTeam, PileTeam, RandomTeam};
pub use order::{FootballMove, Order};
pub use record::{GameRecord, TurnRecord, play_game, run_game};
pub use search::FootballSearch;
pub use setup::{Config, Setup};
