//! The arena's made-up protocol for Nim, both sides. Nim is the arena's test game, not a contest
//! game: the protocol is the smallest that exercises everything a host does (an id line, turn
//! lines, one answer line, a per-answer clock); [`rules`](crate::rules) states it in full.
//!
//! # Writing a bot
//!
//! [`run_bot`] does all the protocol work: it reads the id line and each turn line, keeps the
//! [`Session`], calls your function with the position, your [`PlayerId`](game_core::PlayerId)
//! and the time left for this answer, and writes your take. It returns `Ok(())` at the end of the
//! input.
//!
//! ```
//! use nim::Nim;
//! use nim::game_core::PlayerId;
//! use nim::protocol::run_bot;
//!
//! // Take one stone.
//! let bot = |_: &Nim, _: PlayerId, _left: std::time::Duration| 1;
//! // In a real bot: run_bot(std::io::stdin().lock(), std::io::stdout(), bot).
//! let mut output = Vec::new();
//! run_bot("1\n20 3\n18 3\n".as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(output, b"1\n1\n");
//! ```
//!
//! # The protocol
//!
//! * On its first turn only, a bot first reads its id line ([`id_line`]): `0` (it moves first)
//!   or `1`. The id is the seat, game-core's [`PlayerId`](game_core::PlayerId) as is.
//! * Each turn, it reads a turn line ([`TurnMessage`]): `pile max_take`, the stones left and the
//!   most one move takes, one space between them.
//! * It answers one line: the number of stones it takes ([`format_answer`], [`write_answer`]),
//!   within [`TIME_CONTROL`]: 1000 ms for its first answer, 200 ms for every later one.
//! * There is no start message and no end message: the referee stops writing and closes the
//!   input, where [`read_turn`] returns `Ok(None)`.
//! * Any failure loses the game: a crash, a timeout, an unreadable answer, an illegal take.
//!
//! # How the referee reads an answer
//!
//! [`parse_answer`] takes the first line the bot writes, without its `\n` (a `\r` before it
//! stays), decodes it as UTF-8 with invalid bytes replaced (so they never read as digits), and
//! reads it with Rust's `u8::from_str` ([`parse_take`](crate::parse_take)): one optional `+`, then
//! one or more ASCII digits, value 0 to 255. A blank line, ` 3`, `3 `, `3\r`, `-1`, `256` and a
//! line with invalid UTF-8 are unreadable; `+3` and `03` are 3. A readable take of 0, above
//! `max_take` or above the pile is an illegal move. Both lose.
//!
//! # How the bot side reads its input
//!
//! Each line is read up to its `\n`; the line end (`\n`, any `\r` just before it) is removed and
//! the rest must be UTF-8 text ([`ProtocolError::Io`] otherwise). The id line must then be `0` or
//! `1` exactly ([`ProtocolError::BadId`]). A turn line must be exactly two numbers separated by
//! one space, each read as `u8::from_str` reads it, the second at least 1
//! ([`ProtocolError::BadTurn`]); and after the first turn line the pile may not grow nor
//! `max_take` change ([`ProtocolError::Unreachable`]).
//!
//! # Modules
//! The messages both sides share ([`TurnMessage`], [`id_line`], [`format_answer`]) are in
//! `message`, the bot side ([`read_start`], [`read_turn`], [`Session`], [`run_bot`]) in `bot`,
//! and the referee side ([`Referee`], [`turn_message`], [`parse_answer`]) in `referee`; all are
//! re-exported here. The errors live in the crate's `error` module and are re-exported here too.

mod bot;
mod message;
#[cfg(feature = "referee")]
mod referee;

use game_core::time::TimeControl;
use std::time::Duration;

/// The time limits: 1000 ms for each player's first answer, 200 ms for every later one.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(200) };

pub use crate::error::{ParseTakeError, ProtocolError};
pub use bot::{Session, read_start, read_turn, run_bot, write_answer};
pub use message::{TurnMessage, format_answer, id_line, player_of_id};
#[cfg(feature = "referee")]
pub use referee::{Referee, parse_answer, turn_message};
