//! The arena protocol of a team program (stdin/stdout), both ways: the bot
//! side (what a team program reads and answers) and the referee side (what
//! the arena writes and reads).
//!
//! A team program in a few lines: [`run_bot`] reads the messages, keeps a
//! [`Session`], calls your closure with the game ([`ParallelFootball`](crate::ParallelFootball)), your team
//! and the time left for this answer, and writes its answer. During the
//! placement phase ([`ParallelFootball::in_placement`](crate::ParallelFootball::in_placement)) the closure returns `p`
//! [`FootballMove::Place`](crate::FootballMove::Place); each turn it returns `p` [`FootballMove::Order`](crate::FootballMove::Order).
//! Any bot (a reference team, the search) answers in one line with its
//! [`Bot::turn`](game_core::bot::Bot::turn).
//!
//! ```
//! use parallel_football::protocol::{self, run_bot};
//! use parallel_football::{Cell, Config, Field, FootballMove, GreedyTeam, Order};
//! use parallel_football::game_core::{PlayerId, bot::Bot};
//!
//! // What the referee sends team 1: the start line, then one turn message.
//! let config = Config::new(8, 8, 2, 3, 100).unwrap();
//! let field = Field::new(config, &[Cell::new(1, 1); 8]).unwrap();
//! let input = protocol::start_message(&config, PlayerId(1)) + &protocol::turn_message(&field);
//!
//! // A team program: start on (4, 4), then kick every ball one cell left.
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, |state, _me, _time_left| {
//!     let p = usize::from(state.config().players);
//!     if state.in_placement() {
//!         vec![FootballMove::Place(Cell::new(4, 4)); p]
//!     } else {
//!         vec![FootballMove::Order(Order::Kick { dx: -1, dy: 0 }); p]
//!     }
//! })
//! .unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "4 4\n4 4\nkick -1 0\nkick -1 0\n");
//!
//! // A reference team, on stdin/stdout:
//! let mut team = GreedyTeam::new();
//! let (stdin, stdout) = (std::io::empty(), std::io::sink()); // std::io::stdin().lock(), std::io::stdout()
//! run_bot(stdin, stdout, |state, me, _| team.turn(state, me)).unwrap();
//! ```
//!
//! The whole contest as its referee runs it (the messages, how answers
//! are read, what a failed answer costs, the time control) is
//! `Referee` (default feature `referee`), which implements
//! `game_core::referee::Contest`: a host of the contest needs nothing else.
//!
//! # The protocol
//! * Start: the team reads `team p k width height max_turns`
//!   ([`start_message`], [`read_start`], [`StartMessage`]) and answers `p`
//!   lines `x y` ([`write_placements`]; the referee reads them with
//!   [`parse_placement`] / [`parse_placements`]).
//! * Each turn it reads `turn s0 s1 s2 s3 balls_left`, then `4 p` lines
//!   `team x y` (every player, team by team), then `n` and `n` lines
//!   `x y count` ([`turn_message`], [`read_turn`], [`TurnMessage`]), and
//!   answers `p` lines `stay` / `move dx dy` / `kick dx dy`
//!   ([`write_answer`]; the referee reads them with [`parse_answer`] /
//!   [`parse_orders`]).
//! * Time: [`TIME_CONTROL`], 1000 ms for the start answer, 200 ms per turn.
//!
//! Two answer kinds, named alike: the start answer is the *placements*
//! ([`format_placements`], [`write_placements`], [`parse_placement`],
//! [`parse_placements`]), a turn's answer is *the answer*, the orders
//! ([`format_answer`], [`write_answer`], [`parse_answer`], [`parse_orders`]).
//!
//! # Decisions where the rules are silent
//! * `turn` is the number of the turn being played, from 1 (turns already
//!   played + 1); `n` lists the cells holding balls in row-major order
//!   (`y`, then `x`).
//! * There is no end message: the game ends for a team program when its
//!   input ends ([`read_turn`] returns `Ok(None)`). No output line is ever
//!   skipped by the referee ([`skips_line`] is always false).
//! * Tokens are separated by ASCII whitespace (spaces, tabs, `\r`, form
//!   feeds; not vertical tabs); surrounding whitespace, a final `\r`
//!   included, is ignored; an empty line is unreadable; words are lowercase (`KICK` is
//!   unreadable); numbers are plain decimal (no `+`, at most 12 characters)
//!   and must fit the type: `dx`, `dy` in `-128..=127`, `x`, `y` in
//!   `0..=255`. A line that is not UTF-8 is unreadable.
//! * Whether an order is legal is for the turn resolution: `move 5 0` reads
//!   fine and then makes that footballer stay.
//! * An unreadable or missing order line counts as `stay` and is reported;
//!   lines after the `p`-th are ignored and, if not blank, reported.
//! * An unreadable, missing or off-grid start line puts that footballer on
//!   its team's home cell and is reported.
//! * [`run_bot`] writes exactly `p` lines per answer: move `i` of the
//!   closure's answer for footballer `i`; a missing move, or one of the
//!   other phase's kind, is written as the team's home cell (start) or
//!   `stay` (turn) — what the referee would make of it anyway. The time left
//!   it passes is the [`TIME_CONTROL`] limit of this answer minus the time
//!   spent since the message was read.

mod bot;
mod message;
mod referee;

use game_core::time::TimeControl;
use std::time::Duration;

/// The time a team program has: 1000 ms for its start answer (the
/// placements), 200 ms for each turn's answer, each counted from when the
/// message has been sent.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(200) };

pub use crate::error::{AnswerError, ProtocolError};
pub use bot::{
    Session, format_answer, format_placements, read_start, read_turn, run_bot, write_answer, write_placements,
};
pub use message::{StartMessage, TurnMessage};
#[cfg(feature = "referee")]
pub use referee::Referee;
pub use referee::{
    LineProblem, OrdersAnswer, PlacementAnswer, parse_answer, parse_orders, parse_placement, parse_placements,
    skips_line, start_message, turn_message, write_turn_message,
};
