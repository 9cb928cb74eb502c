//! The arena's bot protocol, both sides, and game records.
//!
//! # Writing a bot
//!
//! [`run_bot`] does all the protocol work: it reads each turn, keeps the [`Session`] (your id and
//! the position, steal included), calls your function with the state, your [`PlayerId`](game_core::PlayerId) and the
//! time left for this answer, and writes the answer. It returns `Ok(())` at the end of the input.
//!
//! ```
//! use yavalath::game_core::PlayerId;
//! use yavalath::protocol::{Answer, run_bot};
//! use yavalath::{Cell, Yavalath};
//!
//! // Play the first empty cell that does not lose at once.
//! let bot = |g: &Yavalath, me: PlayerId, _left: std::time::Duration| {
//!     let legal = g.legal();
//!     let safe = legal & !g.losing_cells(me);
//!     Answer::from(safe.first().or(legal.first()).unwrap_or(Cell::CENTER))
//! };
//! // In a real bot: run_bot(std::io::stdin().lock(), std::io::stdout(), bot).
//! let input = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(output, b"0 0\n");
//! ```
//!
//! # The protocol
//!
//! Per turn, the bot to move reads a [`TurnMessage`]:
//! 1. on its own first turn only, its id: `1` (first player) or `2` (second player);
//! 2. `9`, the number of rows;
//! 3. the 9 rows top to bottom, one character per cell from its point of view: `0` empty, `1`
//!    its own stone, `2` the opponent's;
//! 4. the opponent's last move `x y`, or `-1 -1` on the first player's first turn. After a steal
//!    the first player sees the stolen cell here.
//!
//! It answers one line `x y`, optionally followed by a message (display only, `/` separates its
//! lines): [`format_answer`], [`write_answer`]. Each answer must come within [`TIME_CONTROL`]:
//! 1000 ms for a player's first answer, 100 ms for every later one.
//!
//! There is no start message (nothing is sent before the first turn), so this module has no
//! `StartMessage` or `read_start`; [`start_message`] is empty. There is no end message either:
//! the referee stops writing and closes the input, where [`read_turn`] returns `Ok(None)`.
//!
//! Player numbering: game-core's [`PlayerId`](game_core::PlayerId)`(0)` is the first player, protocol id `1`;
//! [`PlayerId`](game_core::PlayerId)`(1)` is the second player, protocol id `2` ([`protocol_id`], [`player_of_id`]).
//!
//! # How the referee reads an answer
//!
//! [`parse_answer`] reads an answer line as the contest's referee (a Java program) does. The
//! referee takes the first output line of the bot, splits it with the regular expression `\s`
//! (Java's `String.split`), reads the first two pieces with `Integer.parseInt` and joins the
//! remaining pieces with single spaces to make the message. From that code and from Java's own
//! behaviour (checked on `OpenJDK` 17):
//!
//! * Without the `UNICODE_CHARACTER_CLASS` flag, which the referee does not set, `\s` matches
//!   only the six ASCII characters space, tab, line feed, vertical tab (`\x0B`), form feed and
//!   carriage return. Every single one of them separates; a no-break space, an ideographic space
//!   or U+0085 does not (`4\u{A0}4` is one unreadable piece).
//! * The split keeps empty pieces between two separators or before a leading one, so a leading
//!   separator, or two separators between the numbers, makes an empty piece where a number is
//!   expected: unreadable. Trailing empty pieces are dropped, so trailing whitespace (a `\r`
//!   included) is fine.
//! * A tab, or any of the six, between the numbers separates them like a space: `4\t4` is `4 4`.
//! * A number is an optional `+` or `-` followed by one or more decimal digits, where a digit is
//!   any character of Unicode category Nd that Java sees as one `char`: `٣` (Arabic-Indic),
//!   `३` (Devanagari), `๓` (Thai) and `３` (fullwidth) are all 3, and scripts may be mixed inside
//!   one number (`３4` is 34). Java reads the text as UTF-16 code units, so Nd digits outside the
//!   Basic Multilingual Plane (the mathematical bold digits U+1D7CE.., Osmanya, Adlam...) are
//!   two surrogate units, not digits: unreadable. Superscripts (`³`), Roman numerals and letters
//!   are not Nd: unreadable. Leading zeros are fine (`-0` is 0); a value outside
//!   `-2147483648..=2147483647` is unreadable.
//! * Fewer than two pieces is unreadable.
//! * Two numbers that are not a cell of the board (`-1 4`, `2147483647 0`) are readable but an
//!   illegal move: [`AnswerError::OffBoard`], distinct from [`AnswerError::Unreadable`]. Both
//!   lose the game.
//! * The message is the pieces after the two numbers, joined by single spaces: `4 4 a\tb` has
//!   the message `a b`, `4 4  a` has ` a`; none when there are no more pieces.
//!
//! # Decisions where the rules are silent
//!
//! * A line that is not valid UTF-8 is unreadable as a whole, even when the bad bytes would be
//!   in the message: the referee's text decoding of raw bytes is not part of its published code.
//! * The digit table is Java 9 and later's (Unicode 7.0 and later; no Nd digit was added to the
//!   Basic Multilingual Plane since): it includes the Sinhala Lith (U+0DE6..) and Myanmar Tai
//!   Laing (U+A9F0..) digits, which Java 8 does not know.
//! * [`format_answer`] writes a message's line breaks (`\n`, `\r`) as spaces, so an answer is
//!   always one line.
//! * [`read_turn`] accepts `\r\n` line ends and a last line without `\n`; [`Session`] checks that
//!   each message describes a position some game reaches, with the receiver to move, and that the
//!   last move is an opponent's stone; an id line on a later turn must repeat the same id.
//!
//! # Referee side and records
//!
//! The referee side is behind the default feature `referee` (a bot bundled into one source file
//! turns it off):
//! * The whole contest: [`Referee`], which implements [`game_core::referee::Contest`] (what each
//!   seat reads, how an answer is read, what a failed answer costs, the time control), so that any
//!   host can run the contest exactly as the original.
//! * What the referee sends: [`turn_message`] (built on [`TurnMessage::new`]); [`start_message`]
//!   is empty and [`skips_line`] is always false (every output line is an answer).
//! * What it reads: [`parse_answer`].
//! * Game records for `arena judge`: [`parse_record`] (one `x y` move per line) and
//!   [`parse_move_text`].
//!
//! ```
//! use yavalath::protocol::{parse_answer, turn_message};
//! use yavalath::{Cell, Yavalath};
//! use yavalath::game_core::{Game, PlayerId};
//!
//! let mut g = Yavalath::new();
//! assert!(turn_message(&g, None).unwrap().starts_with("1\n9\n00000\n"));
//! let answer = parse_answer(b"4 4 hello/world").unwrap();
//! assert_eq!(answer.message.as_deref(), Some("hello/world"));
//! g.play(PlayerId(0), answer.cell).unwrap();
//! let text = turn_message(&g, Some(answer.cell)).unwrap();
//! assert_eq!(text.lines().next(), Some("2"));      // the second player's first turn: its id
//! assert_eq!(text.lines().nth(6), Some("000020000")); // the middle row, from its point of view
//! assert_eq!(text.lines().last(), Some("4 4"));
//! assert!(parse_answer(b" 4 4").is_err());         // a leading space is unreadable
//! assert!(parse_answer(b"4  4").is_err());         // so are two spaces
//! assert_eq!(parse_answer("٣ 4".as_bytes()).unwrap().cell, Cell::from_xy(3, 4).unwrap());
//! ```
//!
//! # Modules
//! The messages both sides share ([`TurnMessage`], [`Answer`], the ids and [`TIME_CONTROL`]) are
//! in `message`, the bot side ([`read_turn`], [`Session`], [`run_bot`]...) in `bot`, and the
//! referee side ([`Referee`], [`turn_message`], [`parse_answer`]...) in `referee`; all are
//! re-exported here.
//! The errors live in the crate's `error` module and the record readers in `notation`, and are
//! re-exported here too.

mod bot;
mod message;
#[cfg(feature = "referee")]
mod referee;

use game_core::time::TimeControl;
use std::time::Duration;

/// The time limits: 1000 ms for each player's first answer, 100 ms for every later one.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(100) };

#[cfg(feature = "referee")]
pub use crate::error::AnswerError;
pub use crate::error::{ProtocolError, RecordError};
pub use crate::notation::{parse_move_text, parse_record};
pub use bot::{Session, format_answer, read_turn, run_bot, write_answer};
pub use message::{Answer, TurnMessage, player_of_id, protocol_id};
#[cfg(feature = "referee")]
pub use referee::{Referee, parse_answer, skips_line, start_message, turn_message};
