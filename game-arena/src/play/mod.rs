//! Playing games: seats (built-in bots or external programs), the game loop
//! with each game's failure policy, series with seat rotation, records.
//!
//! * [`BotSpec`] (`spec`): a seat's bot as written on the command line.
//! * `seat`: the seats of a game, built-in and external; asking them for a
//!   turn and reading an external program's raw answer lines against its
//!   deadline; [`builtin_bot`] and [`check_specs`].
//! * [`play_game`] (`game`): one game, every turn decided by the judging
//!   core [`TurnJudge`](crate::referee::TurnJudge).
//! * [`Played`] (`record`): what a game leaves, its JSON record written as
//!   the game goes ([`RecordWriter`]: a temporary file renamed into place),
//!   and the bounded log of its problems ([`MAX_SEAT_ERRORS`] per seat).
//! * [`play_series`] (`series`): the [`schedule`], `--jobs` threads, records
//!   written, [`GameSummary`] kept per game.

mod game;
mod journal;
mod record;
mod seat;
mod series;
mod spec;
mod whole;

pub use game::{PlayOptions, play_game, play_game_to};
pub use journal::Failures;
pub(crate) use record::quote;
pub use record::{
    AnswerEntry, AsPlayed, ErrorEntry, MAX_SEAT_ERRORS, Played, RECORD_FORMAT, RecordEntry, RecordHead, RecordTail,
    RecordWriter, ResultEntry, TurnEntry, shell_quote, write_whole,
};
pub use seat::{builtin_bot, check_specs};
pub(crate) use series::stderr_last;
pub use series::{
    GameSummary, MAX_JOBS, Plan, SHARD_INDEX_VARS, STDERR_SHOWN_CHARS, STDERR_SHOWN_LINES, SUMMARY_ERRORS, SeriesRun,
    Shard, ShardError, play_series, schedule,
};
pub use spec::{BotSpec, MAX_ALPHABETA_DEPTH, parse_whole, seat_name};
pub use whole::{Record, Turns, record_text};
