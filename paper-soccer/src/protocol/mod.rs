//! The arena protocol (a bot's stdin and stdout), both sides.
//!
//! A bot program in a few lines: [`run_bot`] reads the messages, keeps the
//! position in a [`Session`], asks your function for a [`Turn`](crate::Turn) and writes
//! it.
//!
//! ```
//! use paper_soccer::protocol::{self, run_bot};
//! use paper_soccer::game_core::PlayerId;
//! use paper_soccer::{PaperSoccer, Turn};
//! use std::time::Duration;
//!
//! // A bot: the first distinct whole turn the generator lists.
//! fn first_turn(game: &PaperSoccer, _me: PlayerId, _left: Duration) -> Turn {
//!     game.legal_turns(1).remove(0)
//! }
//!
//! // A real bot passes `std::io::stdin().lock()` and `std::io::stdout().lock()`.
//! // Here the referee says: you are player 0; it is your first turn (`1`, `-`);
//! // then the opponent answered `2` (one step east); then the game ends.
//! let input = "0\n1\n-\n1\n2\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, first_turn).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "0\n0\n");
//! ```
//!
//! # The messages
//! * Once at the start, the bot's id: `0` (moves first and attacks the top
//!   goal) or `1` (attacks the bottom goal) ([`start_message`],
//!   [`read_start`], [`StartMessage`]).
//! * Before each of the bot's turns, two lines: the length of the
//!   opponent's last turn, then that turn's step string; on player 0's very
//!   first turn `1` and `-` ([`turn_message`], [`read_turn`],
//!   [`TurnMessage`]). Nothing is sent when the game ends: the input just
//!   ends.
//! * The answer: one line of step digits ([`format_answer`],
//!   [`write_answer`]; the referee reads it with [`parse_answer`]). The
//!   protocol never echoes a bot's own turn back, so [`Session::answered`]
//!   applies it.
//! * Time ([`TIME_CONTROL`]): 1000 ms for each player's first answer,
//!   200 ms for every later one.
//! * A game record as `arena judge` reads it: one turn per line, only the
//!   line ending removed, an empty line being an empty (illegal) turn
//!   ([`record_lines`], [`judge_record`]).
//!
//! # How an answer line is read
//! [`parse_answer`] takes one output line of the bot as raw bytes, checked
//! exactly as the contest referee checks it, in its order: the game is not
//! over; the line is not empty; every character is `0`..`8` (the referee
//! lets `8` past this check); no step comes after the turn ended; every step
//! leads to a point; no step follows a drawn line; the turn does not stop on
//! a bounce point ([`TurnError`](crate::TurnError), in that order). Bytes that are not UTF-8
//! are decoded as the referee's Java does, each bad sequence becoming
//! `U+FFFD`, a bad character.
//!
//! ## Decisions where the rules are silent
//! * **Line endings.** The line ending is not part of the answer: the
//!   arena's line has its `\n` removed already (a `\n` still at the end is
//!   removed too), and then **one** `\r` at its end is removed, so `01\r` is
//!   the turn `01` (a bot writing `\r\n` is fine). Every other `\r` is a
//!   bad character: `01\r\r` and `0\r1` are illegal at once. The contest's
//!   engine reads a bot's output byte by byte and ends a line at `\n`, at
//!   `\r\n` and also at a lone `\r`, so for it `0\r1` is two lines (`0`
//!   this turn, `1` left over as the next turn's answer) and `01\r\r` is
//!   `01` followed by an empty line (an empty answer on the bot's next
//!   turn, which loses). A referee that reads one line per turn cannot
//!   replay that: such a bot has broken "one line per turn", and it loses
//!   on the turn where it did so, not one turn later.
//! * The bot side ([`read_start`], [`read_turn`]) also accepts input lines
//!   ending in `\r\n`, and a last line without its `\n`; anything else that
//!   is not exactly the protocol (a space, a sign, a leading `+`) is a
//!   [`ProtocolError`]. A line longer than [`MAX_LINE`] bytes is refused
//!   without reading it all, and a line that is not UTF-8 text is
//!   [`ProtocolError::NotText`] (game-core's one line reader,
//!   [`game_core::session::read_line`]).
//! * The length line counts characters (all digits, so bytes too); a
//!   length that does not match the turn line is an error, and so is `-`
//!   with any length but `1`.
//! * [`Session::update`] refuses a message that does not fit the game so
//!   far: `1`/`-` anywhere but player 0's first turn, a turn where the
//!   opponent was not to move, or a turn that is illegal on the session's
//!   board ([`ProtocolError::IllegalTurn`]).

pub use crate::error::ProtocolError;
use game_core::time::TimeControl;
use std::time::Duration;

mod bot;
mod message;
#[cfg(feature = "referee")]
mod referee;

pub use bot::{Session, format_answer, read_start, read_turn, run_bot, write_answer};
pub use message::{StartMessage, TurnMessage};
#[cfg(feature = "referee")]
pub use referee::{
    AnswerError, Judgement, Referee, judge_record, parse_answer, record_lines, skips_line, start_message, turn_message,
};

/// The time a bot has: 1000 ms for each player's first answer, 200 ms for
/// every later one.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(200) };

/// The longest input line the bot side reads, in bytes (line ending
/// included): game-core's one line reader's
/// ([`game_core::session::read_line`]). A turn has at most 316 steps on
/// the standard pitch.
pub const MAX_LINE: usize = crate::error::MAX_LINE;
