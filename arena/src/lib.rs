//! The `arena` library behind the `arena` command: generic bots, the game
//! runner with external-process handling, judging, benchmarking and SVG
//! rendering, plus one adapter per game in [`games`].
//!
//! ```
//! use arena::bot::{Bot, Budget, Mcts, MctsConfig};
//! use game_core::{Game, PlayerId, nim::Nim};
//!
//! // A seeded MCTS bot over any game-core game finds Nim's winning move:
//! // from 10 stones (takes of 1 to 3) leave a multiple of 4.
//! let cfg = MctsConfig { budget: Budget::Iterations(2000), ..MctsConfig::default() };
//! let mut bot = Mcts::new(cfg, 1);
//! assert_eq!(bot.choose(&Nim::new(10, 3), PlayerId(0)), Some(2));
//! ```
//!
//! ## Layout
//! * [`games::Adapter`]: everything game-specific (configuration, protocol
//!   text both ways, time limits, failure policy, judge records, text and
//!   SVG pictures, built-in extras). One file per game in `games/`; the
//!   rest of the crate is generic over it and over [`game_core::Game`].
//! * [`bot`]: [`bot::RandomBot`] and [`bot::Mcts`] (UCT, max-n values,
//!   repeated turns, simultaneous and chance nodes, seeded).
//! * [`external`]: external programs in their own process group, with
//!   reader/writer threads, deadlines, bounded lines, stderr tails, kill and
//!   reap.
//! * [`play`]: one game ([`play::play_game`]) and series
//!   ([`play::play_series`]: per-game seeds from
//!   [`game_core::rng::derive_seed`], seats rotated over the same seed,
//!   `--jobs` threads, JSON records with a replay command).
//! * [`stats`]: W/D/L, average scores and ranks, ratings (Glicko-2 for two
//!   seats, Weng-Lin for four) from `skillratings`.
//! * [`judge`], [`mod@bench`], [`render`]: the other commands;
//!   [`games::Adapter::serve`] is `arena bot`, the bot side of each
//!   protocol.
//!
//! ## Turns
//! A seat's *turn* is the run of moves it plays while it stays able to act:
//! one move in Yavalath and Quoridor, every step of a Paper Soccer turn
//! (bounces included), one order per footballer in Parallel Football. An
//! external bot answers a whole turn at once; simultaneous seats all decide
//! on the same position and never see each other's orders.
//!
//! ## Failed answers
//! A crash, a timeout, an over-long line (more than
//! [`external::MAX_LINE`] bytes), an unreadable or an illegal answer is
//! recorded with its kind in the record's `errors` and handled as the game's
//! rules say ([`games::FailurePolicy`]): a loss in Paper Soccer and Yavalath
//! (the result's reason is `crash`, `timeout`, `line-too-long` or
//! `illegal-move`), a seeded random legal move in Quoridor, `stay` in
//! Parallel Football. A bot that timed out, crashed or printed an over-long
//! line is killed (with its whole process group, and any process it started
//! that left the group but still carries its [`external::TAG_VAR`]) and
//! reaped; under the substitute policies its seat plays the substitute turn
//! from then on. So is a bot that stops reading its input (`not-reading`).
//! An error message quotes at most the first 120 bytes of an answer, a
//! record lists at most [`play::MAX_SEAT_ERRORS`] problems per seat (then
//! one `more-errors` entry with the count) and a series keeps at most
//! [`play::SUMMARY_ERRORS`] of them per game in memory (the records keep
//! theirs), so memory stays bounded whatever bots print.
//!
//! ## Records
//! `play --record DIR` writes `DIR/<game>-<index>.json`: the game-core
//! [`game_core::Record`] fields (`game`, `setup`, `seed`, `events` with
//! every move and chance value, `outcome`) plus `config`, `bots` (one per
//! seat), `turns` (player, text in protocol notation, milliseconds,
//! `event_end`, errors), `result` (`winner`, `ranks`, `reason`), `errors`,
//! `stderr` (the last 4 KiB per external seat), `final_position`, `index`,
//! `series_seed` and `replay` (the command that plays the game again).
//!
//! ## Decisions
//! * Quoridor: a bot whose clock runs out is killed (its late answer would
//!   be read as the next one); its later turns are random legal moves, as
//!   for any failed answer.
//! * Parallel Football: without `--p`/`--k` the arena uses 4 footballers
//!   per team and kick range 10 (the rules file sets no default). A team
//!   whose `p` lines are not all in by the deadline is stopped and all its
//!   footballers stay that turn (and every later one); lines already
//!   received are not used, since the late ones could not be told apart
//!   from the next turn's answer anyway.
//! * Answer lines lose their line ending (`\n`, and a `\r` before it);
//!   everything else is the game's to judge.
//! * `judge`: an illegal move in a finished game is reported with the kind
//!   `game-over` and the finished result stands; Parallel Football is
//!   judged from JSON records only.

pub mod bench;
pub mod bot;
pub mod crosscheck;
pub mod external;
pub mod games;
pub mod judge;
pub mod play;
pub mod referee;
pub mod render;
pub mod stats;
