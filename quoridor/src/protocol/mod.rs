//! The contest's bot protocol (stdin/stdout), both sides.
//!
//! A bot is a program that reads the referee's messages on stdin and answers
//! on stdout; [`run_bot`] does all of it around a function that picks a move:
//!
//! ```
//! use quoridor::game_core::{Game, PlayerId};
//! use quoridor::protocol::run_bot;
//! use quoridor::{Move, Quoridor};
//! use std::time::Duration;
//!
//! // A bot that steps towards its goal (any pawn move that shortens its path).
//! fn bot(state: &Quoridor, me: PlayerId, _time_left: Duration) -> Move {
//!     let mut moves = Vec::new();
//!     state.legal_moves(me, &mut moves);
//!     let closer = |mv: &Move| {
//!         let mut after = *state;
//!         after.play(me, *mv).ok()?;
//!         after.distance_to_goal(me)
//!     };
//!     moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_))).min_by_key(|m| closer(m)).unwrap_or(moves[0])
//! }
//!
//! // What player 1 of a two-player game reads: the start, one turn (P0 has
//! // stepped to (4, 1)), then the end marker. In a real bot: stdin and stdout.
//! let input = "2\n1\n9\n4 0 10\n4 8 10\n2\n4 1 10\n4 8 10\n0\n-1\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(output, b"4 7\n");
//! // In a real bot:
//! // run_bot(std::io::stdin().lock(), std::io::stdout().lock(), bot).unwrap();
//! ```
//!
//! # The messages
//! * At the start a bot reads `N`, its player id, `M`, then N lines `x y f`
//!   (start cell and walls): [`start_message`] writes it, [`read_start`]
//!   reads it into a [`StartMessage`].
//! * On its own turn it reads the tick (from 1), N lines `x y f` (`-1 -1 f`
//!   for a removed player), `F`, then F lines `x y is_vertical who` in
//!   placement order: [`turn_message`] writes it (from the state and a
//!   [`History`] of wall placements), [`read_turn`] reads it into a
//!   [`TurnMessage`], and a [`Session`] rebuilds the position from it.
//! * It answers one line, `x y` (the pawn's target cell) or `x y v` (a wall,
//!   `v` 1 when vertical): [`format_answer`] / [`write_answer`] write it,
//!   [`parse_answer`] reads it as the contest does.
//! * When the game is over for it, it reads [`END_MESSAGE`] (`-1`) and must
//!   exit: at the end of the game, and also as soon as it is removed (a stuck
//!   player in a four-player game, see [`Quoridor::is_removed`](crate::Quoridor::is_removed)).
//! * Time: [`TIME_CONTROL`], a clock of 1000 ms plus 30 ms at each of the
//!   bot's turns. Running out, or an unreadable or illegal answer, makes the
//!   referee play a random legal move for the bot on that turn
//!   ([`Quoridor::fallback_move`](crate::Quoridor::fallback_move)); the bot stays in the game, and a late
//!   answer is taken as its answer on its next turn.
//!
//! # The contest as a whole
//! [`Referee`] (feature `referee`, on by default) states the whole contest
//! for a host, as [`game_core::referee::Contest`]: the messages above, the
//! answers read by [`parse_answer`], a random legal move for a failed
//! answer, a removed player told [`END_MESSAGE`] at once, [`TIME_CONTROL`]
//! and how a text record of moves is read. The `arena` hosts it; so can a
//! web server or a tournament manager.
//!
//! # How the referee reads answers
//! Exactly as the contest server (JavaScript) does:
//! * Each output line (split on `\n`) is decoded as UTF-8 (invalid bytes
//!   become U+FFFD) and trimmed with JavaScript's `trim()` (tab, vertical
//!   tab, form feed, space, no-break space, U+FEFF, every Unicode space
//!   separator, LF, CR, U+2028, U+2029). Lines that are then empty are
//!   dropped ([`skips_line`]); every other line is one answer, oldest first.
//! * The line is split on single spaces and each token read with
//!   JavaScript's `Number()`, which must give a safe integer (at most
//!   2^53 - 1 in size). So `4  1` (two spaces: an empty token, which is 0) is
//!   the wall `4 0 1`; `4.0 1`, `+4 1`, `0x4 1`, `1e0 0 0` and `-0 1` are
//!   numbers; `4\t1`, `4,1`, `4.5 1`, `-0x4 1` and `0  0 1` (four tokens) are
//!   unreadable. Two numbers are a pawn move, three a wall.
//! * A pawn move must be on the board (`0 <= x, y < M`), a wall's anchor
//!   `0 <= x, y < M - 1` with `v` 0 or 1, or the answer is
//!   [`AnswerError::OffBoard`]. Everything else is the game's
//!   [`Game::check_move`](game_core::Game::check_move).
//!
//! # Decisions where the rules are silent
//! * **The tick limit is not sent**, so a [`Session`] rebuilds positions with
//!   no tick limit: its state never ends at the tick limit, and
//!   [`Quoridor::tick_limit`](crate::Quoridor::tick_limit) is `None` in it (the tick itself is right). A
//!   bot that wants to plan for a limit opts in with
//!   [`Session::with_tick_limit`]; if the game goes past that limit, the
//!   assumption is dropped rather than failing.
//! * **The first player is not sent**: the start position a [`Session`]
//!   holds before the first turn has player 0 to move; from the first turn on
//!   the bot itself is to move.
//! * **The wall total** is the sum of the walls in the start lines.
//! * **Input is read by tokens** separated by ASCII whitespace; numbers are
//!   plain decimal integers (`-` allowed). A tick must be at least 1 (or the
//!   end marker `-1`); the end of input where a turn would start is the end
//!   of the game too, anywhere else it is [`ProtocolError::UnexpectedEnd`].
//! * [`run_bot`] fails with [`ProtocolError`] when the input is malformed
//!   or does not describe a legal position, and when writing fails.
//!
//! ```
//! use quoridor::game_core::{Game, PlayerId};
//! use quoridor::protocol::{self, History, Session};
//! use quoridor::{Cell, Move, Quoridor, Wall};
//!
//! // The referee's side: messages from the state and the wall history.
//! let mut game = Quoridor::default();
//! let mut history = History::new();
//! assert_eq!(protocol::start_message(&game, PlayerId(1)), "2\n1\n9\n4 0 10\n4 8 10\n");
//! for mv in [Move::Wall(Wall::vertical(3, 2)), Move::Pawn(Cell::new(4, 7))] {
//!     let p = game.to_move().unwrap();
//!     game.play(p, mv).unwrap();
//!     history.record(p, mv);
//! }
//! let text = protocol::turn_message(&game, &history);
//! assert_eq!(text, "3\n4 0 9\n4 7 10\n1\n3 2 1 0\n");
//! assert_eq!(protocol::parse_answer(9, b"4  1"), Ok(Move::Wall(Wall::vertical(4, 0))));
//!
//! // The bot's side: read the start and the turn, rebuild the position.
//! let start = protocol::read_start(&mut "2\n0\n9\n4 0 10\n4 8 10\n".as_bytes()).unwrap();
//! let mut session = Session::new(start).unwrap();
//! let turn = protocol::read_turn(&mut text.as_bytes(), session.start()).unwrap().unwrap();
//! session.update(&turn).unwrap();
//! // The same position, except that the bot does not know the tick limit.
//! let mut expected = game.to_setup();
//! expected.config.tick_limit = None;
//! assert_eq!(session.state().to_setup(), expected);
//! ```

mod bot;
mod message;
mod referee;

use game_core::time::TimeControl;
use std::time::Duration;

/// The time a bot has: a clock of 1000 ms at the start, plus 30 ms added at
/// each of its turns.
pub const TIME_CONTROL: TimeControl =
    TimeControl::Clock { initial: Duration::from_secs(1), increment: Duration::from_millis(30) };

pub use crate::error::{AnswerError, ProtocolError, RecordError};
pub use bot::{Session, format_answer, read_start, read_turn, run_bot, write_answer};
pub use message::{END_MESSAGE, History, PlacedWall, StartMessage, TurnMessage};
#[cfg(feature = "referee")]
pub use referee::Referee;
pub use referee::{parse_answer, replay_lines, skips_line, start_message, turn_message};
