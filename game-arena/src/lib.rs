//! The library behind the `arena` command (the `arena` package, binary
//! only, is its command line): generic bots, the game
//! runner with external-process handling, judging, benchmarking and SVG
//! rendering, plus one adapter per game in [`games`].
//!
//! ```
//! use game_arena::bot::{Bot, Budget, MctsConfig};
//! use game_core::{Game, PlayerId};
//! use nim::Nim;
//!
//! // A seeded MCTS bot (from `game-search`) over any game-core game finds
//! // Nim's winning move: from 10 stones (takes of 1 to 3) leave a multiple of 4.
//! let cfg = MctsConfig { budget: Budget::Iterations(2000), ..MctsConfig::default() };
//! let mut bot = game_search::Mcts::new(cfg, 1);
//! assert_eq!(bot.choose(&Nim::new(10, 3), PlayerId(0)), Some(2));
//! ```
//!
//! ## Layout
//! * [`games::Adapter`]: everything game-specific (configuration, protocol
//!   text both ways, time limits, failure policy, judge records, text and
//!   SVG pictures, built-in extras), from the `game-adapter` crate, which
//!   each game crate implements in its `adapter` module (re-exported in
//!   [`games`]); the rest of the crate is generic over it and over
//!   [`game_core::Game`].
//! * [`registry`]: every game by name ([`registry::GameName`]), with what
//!   each game's `adapter` module declares once (title, rules page, options as
//!   flags and record fields, its own bots' help, its board's legend), and
//!   [`with_game!`], where a name and options become the game's contest:
//!   the `arena` command line is derived from it and names no game.
//! * [`bot`]: the one [`bot::Bot`] trait (game-core's), [`bot::RandomBot`],
//!   and [`bot::Timed`]; the `game-search` searches (`mcts`, `alphabeta`)
//!   are bots themselves.
//! * [`bot_process`] (its own crate): external programs in their own process group (job
//!   object on Windows), with reader/writer threads, deadlines judged on
//!   each line's arrival, bounded lines, bounded stderr, kill and reap, the
//!   pre-flight check of a program ([`bot_process::check_program`]), and
//!   [`bot_process::kill_all_bots`]. How a bot's processes are grouped, killed
//!   at the end of a game, killed when the arena dies and limited on Linux,
//!   macOS and Windows: [the table in `bot_process`](bot_process#what-each-system-guarantees).
//! * [`play`]: one game ([`play::play_game`]) and series
//!   ([`play::play_series`]: per-game seeds from
//!   [`game_core::rng::derive_seed`], seats rotated over the same seed,
//!   `--jobs` threads, JSON records with a replay command), in parts:
//!   bot specs, seats (built-in and external, raw answers read against
//!   deadlines), the game loop, records, series.
//! * [`results`]: the one path from records to results: a series' records
//!   read back (as streams, turns skipped), checked to be of one series,
//!   and turned into its [`results::Report`] (table, end reasons, failed
//!   answers by kind); `arena merge` and `arena play --resume` use it, so
//!   shards merged and interrupted runs resumed print what one run prints.
//! * [`files`]: what the arena's files are (records, unfinished writes,
//!   analyses, pages, `bots.txt`...), by name then by their first keys:
//!   the one classification every command that reads records uses, so a
//!   folder's other files are skipped with a note, a file that is not a
//!   record is named with what it is, and an output never replaces a
//!   record.
//! * [`league`]: `arena league`, games between any number of named bots
//!   kept as one series per pairing (or group of four) in a directory,
//!   round robin or continuous matchmaking, rated by one fit of every game
//!   ([`match_stats::placement`]), with a cross table and an HTML page.
//! * [`interrupt`]: the clean stop of a series on SIGINT and SIGTERM.
//! * [`match_stats`] (its own crate): results computed from a whole series at once (the same
//!   games in any order give the same numbers): W/D/L, average scores and
//!   ranks; for two seats the Elo difference with its 95 % interval, LOS,
//!   draw ratio, the pentanomial statistics of game pairs and the SPRT
//!   (`play --sprt`); for more seats a Plackett-Luce fit of the placements.
//! * [`referee`]: the one judging core. [`referee::TurnJudge::turn`] decides
//!   every turn of `play` (from the bots' raw answers) and of `judge` (from
//!   a record's answers, lines or events), so the two cannot disagree;
//!   `crosscheck` (test support, feature `testing`) proves text and JSON
//!   records are judged alike.
//! * [`view`]: `arena view`, a record as a self-contained HTML page that
//!   steps through the game ply by ply (and the pages of a series).
//! * [`analysis`]: `arena analyze`, every ply of a record evaluated by a
//!   search (each seat's expected score before and after, the best move,
//!   the loss), the blunders marked.
//! * [`judge`], [`mod@bench`], [`render`]: the other commands (`arena bundle`
//!   is the `codingame-bundle` crate);
//!   [`games::Adapter::serve`] is `arena bot`, the bot side of each
//!   protocol.
//! * [`error`]: the typed errors the library returns (bad bot specs and
//!   seat counts, unwritable records, refused configurations, bot mode,
//!   rendering); a bot's misbehaviour is never an error, it is recorded.
//!
//! ## Turns
//! A seat's *turn* is the run of moves it plays while it stays able to act:
//! one move in Yavalath and Quoridor, every step of a Paper Soccer turn
//! (bounces included), one order per footballer in Parallel Football. An
//! external bot answers a whole turn at once; simultaneous seats all decide
//! on the same position and never see each other's orders.
//!
//! ## Answers
//! An external bot's output is read as raw bytes, a line at a time (at most
//! [`bot_process::MAX_LINE`] bytes); each game's crate reads a line exactly as
//! the original referee does (`protocol::parse_answer` in each crate), and
//! lines its referee drops (Quoridor: blank after trimming) are skipped
//! before an answer is read.
//!
//! ## Failed answers
//! A crash, a timeout, an over-long line, a bot that stops reading its input
//! (`not-reading`), an unreadable or an illegal answer is recorded with its
//! kind in the record's `errors` and costs what the game's rules say
//! ([`games::FailurePolicy`]): the game in Paper Soccer and Yavalath (the
//! result's reason is `crash`, `timeout`, `line-too-long`, `not-reading` or
//! `illegal-move`); in Quoridor a seeded random legal move for that turn;
//! in Parallel Football `stay`. A bot that crashed, printed an over-long line
//! or stopped reading is killed (with every process it started, as
//! [`bot_process`] says for each system) and reaped, and its seat plays the substitute from
//! then on. A Quoridor bot that runs out of time is **not** removed, as in
//! the contest: the substitute is played for that turn, the bot's clock goes
//! on (30 ms more at each turn), and its late answer, when it comes, is read
//! as its next answer. Every bot is stopped at the end of the game.
//! Substitute turns are drawn from their own seeded stream
//! ([`referee::substitute_rng`]), so `judge` re-derives them from a record.
//! An error message quotes at most the first 120 bytes of an answer, a
//! record lists at most [`play::MAX_SEAT_ERRORS`] problems per seat (then
//! one `more-errors` entry with the count) and a series keeps at most
//! [`play::SUMMARY_ERRORS`] of them per game in memory (the records keep
//! theirs), so memory stays bounded whatever bots print.
//!
//! ## Records
//! `play --record DIR` writes `DIR/<game>-<index>.json` as the game goes
//! ([`play::RecordWriter`]: into `DIR/.<game>-<index>.json.part`, renamed
//! into place when complete, so a file under a record's name is always
//! whole). One JSON object (format [`play::RECORD_FORMAT`]; records of
//! older arenas, with an `events` list, are not read), its fields in this
//! order so that it is written and judged as a stream: `format`, `game`,
//! `config`, `setup`, `seed`, `bots` (one per seat), `replay` (the command
//! that plays the game again), then `turns`, one entry per line, then
//! `index`, `series_seed`, `result` (`winner`, `ranks`, `reason`),
//! `errors`, `stderr` (per external seat, all it wrote up to 64 KiB;
//! beyond, its first 16 KiB and last 48 KiB around a line
//! `[... N bytes cut ...]`: [`bot_process::STDERR_HEAD`],
//! [`bot_process::STDERR_TAIL`]) and
//! `final_position`. An entry of `turns` is a chance value
//! (`{"chance": ...}`) where it fell, or a seat's turn: the seat, the turn
//! played as `text` (the game's notation, [`games::Contest::record_text`]:
//! Parallel Football's `s m-1,1 k2,0` for `stay, move -1 1, kick 2 0`),
//! the milliseconds taken, the error kind and whether the turn is a
//! substitute, and for an external bot its `answer`: `"as-played"` when it
//! was exactly the turn's answer lines, otherwise as received: every output
//! line taken for the turn (a JSON string when the bytes are UTF-8,
//! otherwise `{"bytes": [...]}`; dropped lines included, the first
//! [`referee::KEPT_SKIPPED_LINES`] of them) and the `cutoff` (`timeout`,
//! `crash`, ...) when the answer never came whole. `arena judge` re-derives
//! every verdict from these answers (and substitutes from the seed); it
//! takes time-outs and crashes as recorded facts. Read back, a record is
//! one typed [`play::Record`] (its `config` a [`registry::GameConfig`]), which
//! results, leagues and `view` read; the judge reads the same fields as a
//! stream, turn by turn.

//! ## Decisions
//! * Parallel Football: without `--p`/`--k` the arena uses 4 footballers
//!   per team and kick range 10 (the game's rules set no default). A team
//!   whose `p` lines are not all in by the deadline is stopped and all its
//!   footballers stay that turn (and every later one); lines already
//!   received are not used, since the late ones could not be told apart
//!   from the next turn's answer anyway.
//! * `judge`: a turn after the end of the game is refused as `game-over`
//!   and the result stands. A record's illegal turn text (or text line)
//!   is not a bot's answer, so it has no substitute: in Quoridor and
//!   Parallel Football judging stops there and the result is "not over".
//!   Parallel Football is judged from JSON records only.

pub mod analysis;
pub mod bench;
pub mod bot;
#[cfg(feature = "testing")]
pub mod crosscheck;
pub mod error;
pub mod files;
pub mod games;
pub mod interrupt;
pub mod judge;
pub mod league;
pub mod play;
pub mod referee;
pub mod registry;
pub mod render;
pub mod results;
pub mod view;
