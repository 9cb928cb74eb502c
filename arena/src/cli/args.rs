//! The command line's words: commands, games, game options, `--bot` and
//! `--jobs` (what `arena --help` shows).

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use game_arena::error::NumberError;
use game_arena::play;
use game_arena::registry::{self, GameName, GameOptions};
use std::path::PathBuf;

/// Judge game records, play built-in and external bots, benchmark and render
/// the workspace's games. Without a command: a short demonstration game of
/// each game.
#[derive(Parser, Debug)]
#[command(name = "arena", version)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Option<Cmd>,
}

/// The games, from the library's registry: a `<GAME>` argument takes
/// their names, and `--help` lists each with its description.
fn game_parser() -> impl clap::builder::TypedValueParser<Value = GameName> {
    let names = GameName::ALL.iter().map(|g| PossibleValue::new(g.as_str()).help(g.describe()));
    PossibleValuesParser::new(names).try_map(|name| name.parse::<GameName>())
}

/// Configuration of a game: every game's options, as the library's
/// registry declares them (each game reads its own; [`GameName::checked`]
/// refuses the others).
#[derive(Debug, Clone, Default)]
pub(crate) struct GameOpts(pub(crate) GameOptions);

impl clap::FromArgMatches for GameOpts {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let mut options = GameOptions::default();
        for (_, option) in registry::all_options() {
            if let Some(&value) = matches.get_one::<u64>(option.flag) {
                options.set(option.flag, value);
            }
        }
        Ok(GameOpts(options))
    }
    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = GameOpts::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for GameOpts {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.args(registry::all_options().into_iter().map(|(help, option)| {
            clap::Arg::new(option.flag)
                .long(option.flag)
                .help(help)
                .value_name(option.value_name())
                .allow_negative_numbers(true)
                .value_parser(move |text: &str| option.parse(text))
        }))
    }
    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        GameOpts::augment_args(cmd)
    }
}

#[derive(Subcommand, Debug)]
pub(crate) enum Cmd {
    /// Play games between bots (one --bot per seat).
    Play {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        /// A seat's bot, once per seat in seat order (`--help` lists them).
        #[arg(long = "bot", value_name = "SPEC", long_help = bot_help(SEAT_BOT))]
        bots: Vec<String>,
        /// Number of games, 1 or more (seats rotate over the same seed).
        #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(1))]
        games: u64,
        /// Games played at the same time: a number, or `auto` (the cores divided by the seats that think
        /// in each game, at least 1).
        #[arg(long, default_value = "1", allow_negative_numbers = true, value_parser = parse_jobs)]
        jobs: Jobs,
        /// Play only shard I of N (the games whose index is I modulo N; seeds unchanged): `I/N`, or `N`
        /// with I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX. `arena merge` combines the shards.
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
        /// With --record: keep the complete records already in DIR (they must be of this series), play
        /// only the missing games, and print the table of the whole series. Without it, a DIR holding
        /// records of another series, or of the games this run plays, is refused before any game.
        #[arg(long, requires = "record")]
        resume: bool,
        /// Also write the summary as JSON to this file.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Two seats: stop as soon as a sequential probability ratio test decides between Elo elo0 (H0)
        /// and elo1 (H1), both normalized Elo, on the pairs of games (fastchess's normalized pentanomial
        /// model): `elo0=0,elo1=5[,alpha=0.05,beta=0.05]`. The LLR and its bounds are shown while it runs.
        #[arg(long, value_name = "elo0=..,elo1=..")]
        sprt: Option<match_stats::Sprt>,
        /// Seed of the series (each game's seed is derived from it).
        #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0))]
        seed: u64,
        /// Play every game with exactly this game seed and no seat rotation (replays a recorded game).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<u64>(0))]
        game_seed: Option<u64>,
        /// Write one JSON record per game into this directory (a record is never replaced: see --resume;
        /// other shards' records of the series stay beside this run's).
        #[arg(long, value_name = "DIR")]
        record: Option<PathBuf>,
        /// Multiply every time limit by this factor (from 0.001 to 1000).
        #[arg(long, default_value_t = 1.0, allow_negative_numbers = true, value_parser = parse_time_factor)]
        time_factor: f64,
        /// With --record: also write a replay page next to each record and DIR/index.html (the results
        /// and links to the pages).
        #[arg(long, requires = "record")]
        html: bool,
    },
    /// A league: games between any number of named bots, rated all at once, kept in DIR.
    ///
    /// Bots are DIR/bots.txt (one name=NAME,SPEC a line) plus each --bot (added to the file once the
    /// command is checked: a refused command writes nothing). Two seats: every pairing plays
    /// colour-swapped pairs on one seed; four seats: groups of four play every seat rotation on one seed.
    /// DIR/NAME1+NAME2/ holds a group's records (a series of `arena play`), and the records are the
    /// league's state: run the same command again to resume after a stop (SIGTERM,
    /// SIGKILL) or after adding or removing bots (games of removed bots are kept).
    ///
    /// Schedules: --games-per-pairing N plays a round robin. Without it the league is continuous: round
    /// after round (one seed, every seat rotation) of the group where it most sharpens the leaderboard:
    /// a bot without games first, else the two bots adjacent in the ranking whose order is least certain
    /// per game they already played (P(order wrong) from their own score, over their games + seats);
    /// until the league holds --games games, after --minutes, or until stopped.
    ///
    /// Rating model: one Plackett-Luce fit of every game's placements (for two seats this is exactly
    /// Bradley-Terry, i.e. Elo, with a draw half a win), maximum a posteriori with a weak N(0, 1000^2)
    /// prior per bot, on the Elo scale, mean 0 (or --anchor NAME at 0), 95 % intervals from the observed
    /// information. The cross table gives each pair's own points and Elo difference from its W/D/L.
    League {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        #[command(flatten)]
        league: LeagueArgs,
    },
    /// Combine the records of a series' shards (or of any runs of one series) into its table, the same
    /// as one run of the whole series prints.
    Merge {
        /// Directories of records written by `play --record` (their other files, such as analyses and
        /// pages, are skipped with a note on stderr).
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Also write the summary as JSON to this file.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
    },
    /// Check a game record (one turn per line, or a JSON record of `play --record`).
    ///
    /// Every turn is decided by the same judging core as `arena play`: a JSON record's raw answers are
    /// read again exactly as the game's referee reads them, substitute moves are re-derived from the
    /// record's seed, and recorded time-outs and crashes are reported as recorded. Records are read as a
    /// stream: memory is bounded by the position and one turn.
    ///
    /// Judging stops at the record's first fault, reported once, with the result at that point (in
    /// JSON, as the `fault` of the last line) and on the standard error: a turn the rules refuse that
    /// the record lists as played (a bot's recorded answer that the rules refuse is not a fault: the
    /// game's rules settle it), a turn or chance value after the end of the game, a turn whose recorded
    /// answer does not give the turn it lists, or a stated result its turns do not give.
    ///
    /// A JSON record's `config` gives the game options not given here; an option given here that
    /// differs from the record's, or a record of another game, is refused.
    ///
    /// Exit codes:
    ///   0: the record is a game by the rules and agrees with itself
    ///   1: the record breaks a rule or disagrees with itself (its first fault)
    ///   2: the file cannot be read or is not a record of this game (empty, no turns, another game or
    ///      configuration), or bad usage
    #[command(verbatim_doc_comment)]
    Judge {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameName,
        /// The record (stdin when absent or `-`).
        file: Option<PathBuf>,
        #[command(flatten)]
        opts: GameOpts,
        /// One JSON object per line.
        #[arg(long)]
        json: bool,
        /// Also list the legal moves after each accepted move.
        #[arg(long)]
        legal: bool,
    },
    /// Uniformly random playouts: games/s, plies/s, mean length.
    Bench {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        /// Number of games, 1 or more.
        #[arg(long, default_value_t = 1000, allow_negative_numbers = true, value_parser = whole::<u64>(1))]
        games: u64,
        /// Seed.
        #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0))]
        seed: u64,
        /// Threads playing games: a number, or `auto` (one per core). The results are the same for a
        /// seed whatever the number; only the time changes.
        #[arg(long, default_value = "1", allow_negative_numbers = true, value_parser = parse_jobs)]
        jobs: Jobs,
    },
    /// Act as a bot program: speak GAME's protocol on stdin/stdout with a built-in bot
    /// (a reference opponent for external bots, and the arena's protocol self-test).
    Bot {
        /// The game.
        #[arg(value_parser = game_parser())]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        /// The built-in bot (`--help` lists them).
        #[arg(long = "bot", value_name = "SPEC", default_value = "random", long_help = bot_help(BOT_MODE))]
        bot: String,
        /// Seed of the bot's generator.
        #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0))]
        seed: u64,
    },
    /// Bundle a Rust bot crate and the crates it uses into one source file for CodinGame (needs
    /// cargo-equip: `cargo install cargo-equip`). See "Submitting to CodinGame" in the README.
    Bundle {
        /// The bot crate's Cargo.toml.
        manifest: PathBuf,
        /// The binary to bundle (default: the crate's only one).
        #[arg(long)]
        bin: Option<String>,
        /// Where to write the bundle.
        #[arg(short, long, value_name = "OUT.rs")]
        output: PathBuf,
    },
    /// Write a game's page for playing a built-in bot in a browser: one self-contained HTML file (the rules
    /// and the searches compiled to WebAssembly), to open from disk. The page is built by the repository's
    /// `web/` crate, for wasm32 (`rustup target add wasm32-unknown-unknown` once); docs/browser.md.
    Page {
        /// The game (every game but the test game has a page).
        #[arg(value_parser = game_parser())]
        game: GameName,
        /// Where to write the page (an earlier page there is replaced; a record never).
        #[arg(short, long, value_name = "OUT.html")]
        output: PathBuf,
    },
    /// Draw a recorded position as SVG.
    Render {
        /// A JSON record written by `play --record`.
        record: PathBuf,
        /// Where to write the picture (an earlier picture there is replaced; a record never).
        #[arg(long, value_name = "OUT.svg")]
        svg: PathBuf,
        /// Draw the position after this many turns, numbered as `judge` numbers plies (one per seat turn;
        /// default: the end).
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>(0))]
        ply: Option<usize>,
    },
    /// Write a recorded game as one self-contained HTML page that steps through it ply by ply.
    ///
    /// The page loads nothing (inline pictures and script): open it from disk in any browser. Its address
    /// may pick the ply shown first: `game.html#ply=12`, `game.html#ply=last`.
    ///
    /// With `--analysis`, the page adds the analysis's evaluation graph: one line per seat, its expected
    /// score (0 to 1) before and after each of its moves; blunders marked on the graph and listed with the
    /// best move; the best move drawn on the board beside the move played; a click on the graph shows that ply.
    View {
        /// A JSON record written by `play --record`.
        record: PathBuf,
        /// Where to write the page (an earlier page there is replaced; a record or an analysis never).
        #[arg(long, value_name = "OUT.html")]
        html: PathBuf,
        /// An analysis of the record as `arena analyze --json` writes it, checked against the record move
        /// by move (same game, configuration, seats and moves; the first ply that differs is named).
        #[arg(long, value_name = "A.json")]
        analysis: Option<PathBuf>,
    },
    /// Evaluate every ply of a recorded game with a search and mark the blunders: where a bot lost the game.
    ///
    /// For every seat turn of the record (every team's answer of a Parallel Football round), an MCTS search
    /// from the position the seat decided on finds the best turn (best); the seat's value after that turn
    /// (value_before, its value under the search's play), its value after the turn it played (value_after),
    /// the loss (value_before - value_after, 0 when it played best) and whether it is a blunder (a loss above
    /// --blunder). The blunders are printed with their ply numbers
    /// and best moves, then each seat's mean loss and blunder count.
    ///
    /// A value is the seat's expected score from 0 (a certain loss) to 1 (a certain win), a draw 0.5; with
    /// four Quoridor seats its expected ranking score (1 first, 0 last, evenly between). After a turn of an
    /// alternating game the value is the seat's in the next turn's position. In Parallel Football a value is
    /// the team's expected share of the score to come where the search stops (a quarter is an even share),
    /// over the allocations of contested kicks; every team decides on the round's start, so in both values the other teams play the
    /// search's best turns from there. Each position's search is seeded from its index with a fixed iteration budget: the same record
    /// gives the same analysis on any --jobs and on every run (an interrupted analysis is rerun).
    Analyze {
        /// A JSON record written by `play --record`.
        record: PathBuf,
        #[command(flatten)]
        analyze: AnalyzeArgs,
    },
}

/// The options of `arena analyze` after the record.
#[derive(Args, Debug)]
pub(crate) struct AnalyzeArgs {
    /// The search: mcts, with iters=N (the per-position budget; default iters=10000), c=X, rollout=N
    /// (mcts:ms=N is not reproducible); best is the game's mcts. Alpha-beta and programs do not report
    /// values.
    #[arg(long, value_name = "SPEC", default_value = "mcts")]
    pub(crate) bot: String,
    /// Also write the analysis as JSON (game, config, bot, then per ply: ply, player, played, best,
    /// value_before, value_after, loss, blunder; played is `no answer (KIND)` for a failed turn without
    /// an answer). An earlier analysis there is replaced; a record never.
    #[arg(long, value_name = "OUT.json")]
    pub(crate) json: Option<PathBuf>,
    /// Also write the game's replay page with the evaluation graph, the blunders marked and the best
    /// moves drawn (what `arena view RECORD --analysis OUT.json` writes).
    #[arg(long, value_name = "PAGE.html")]
    pub(crate) html: Option<PathBuf>,
    /// Positions searched at the same time (threads), or `auto` (one per core).
    #[arg(long, default_value = "1", allow_negative_numbers = true, value_parser = parse_jobs)]
    pub(crate) jobs: Jobs,
    /// A ply losing more than this expected score is a blunder (0 to 1).
    #[arg(long, value_name = "LOSS", default_value_t = game_arena::analysis::DEFAULT_BLUNDER,
          allow_negative_numbers = true, value_parser = parse_blunder)]
    pub(crate) blunder: f64,
}

/// `--blunder`: a loss of expected score, from 0 to 1.
fn parse_blunder(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err("expected a number from 0 to 1 (a loss of expected score)".into()),
    }
}

/// `--bot`'s help: what it is in this command, then the built-in bots
/// (the registry's [`registry::bot_help`]).
fn bot_help(heading: &str) -> String {
    let programs = if heading == BOT_MODE { String::new() } else { format!("\n{EXTERNAL_BOTS}") };
    format!("{heading}\n\n{}{programs}", registry::bot_help())
}

/// `--bot` of `play`.
const SEAT_BOT: &str = "A seat's bot, once per seat in seat order (a built-in bot, or a program as the end says).";
/// `--bot` of `league`.
const LEAGUE_BOT: &str =
    "A bot to add to the league, named: name=NAME,SPEC, with a built-in bot or a program as SPEC (see the end).";
/// `--bot` of `bot`, where only a built-in bot answers.
const BOT_MODE: &str = "The built-in bot that answers the protocol (not a program, not a name=).";

/// What `--bot` takes beside the built-in bots, in `play` and `league`.
const EXTERNAL_BOTS: &str =
    "External programs: cmd:PROGRAM ARGS (split like a POSIX shell: quotes group, a backslash escapes);
a program that cannot start (missing, not executable) is refused before any game (exit code 2).
Name a seat with a prefix: name=NAME,SPEC (e.g. name=boss,cmd:java -cp dir Player); the name is what
tables show, otherwise the spec itself.";

/// `--jobs`: a number of games at the same time, or `auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Jobs {
    Auto,
    Count(usize),
}

impl Jobs {
    /// Threads for work that needs no more than a core each (`bench`,
    /// `analyze`): the count, or one per core for `auto`.
    pub(crate) fn threads(self) -> usize {
        match self {
            Jobs::Count(n) => n,
            Jobs::Auto => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        }
    }
}

pub(crate) fn parse_jobs(text: &str) -> Result<Jobs, String> {
    match text {
        "auto" => Ok(Jobs::Auto),
        _ => match text.parse::<usize>() {
            Ok(n) if (1..=play::MAX_JOBS).contains(&n) => Ok(Jobs::Count(n)),
            _ => Err(format!("expected a whole number from 1 to {}, or `auto`", play::MAX_JOBS)),
        },
    }
}

/// The options of `arena league` after the game and its options.
#[derive(Args, Debug)]
pub(crate) struct LeagueArgs {
    /// The league's directory (bots.txt and one directory of records per group).
    pub(crate) dir: PathBuf,
    /// A bot to add: name=NAME,SPEC (names: letters, digits, '.', '_', '-'; see the list below).
    #[arg(long = "bot", value_name = "name=NAME,SPEC", long_help = bot_help(LEAGUE_BOT))]
    pub(crate) bots: Vec<String>,
    /// Round robin: games of each pairing (group), a multiple of the seats so that every seed is
    /// played with every seat rotation.
    #[arg(long, value_name = "N", conflicts_with_all = ["games", "minutes"], allow_negative_numbers = true,
          value_parser = whole::<u64>(1))]
    pub(crate) games_per_pairing: Option<u64>,
    /// Continuous: stop once the league holds this many games, 1 or more (all of DIR's, this run's
    /// included).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>(1))]
    pub(crate) games: Option<u64>,
    /// Continuous: start no round after this many minutes of this run (a positive number).
    #[arg(long, value_name = "M", allow_negative_numbers = true, value_parser = parse_minutes)]
    pub(crate) minutes: Option<f64>,
    /// Seed of the league (each group's seed is derived from it and the group's names).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0))]
    pub(crate) seed: u64,
    /// Games played at the same time, within a group (a number, or `auto`).
    #[arg(long, default_value = "1", allow_negative_numbers = true, value_parser = parse_jobs)]
    pub(crate) jobs: Jobs,
    /// Round robin: play only shard I of N (`I/N`, or `N` with I from SLURM_ARRAY_TASK_ID or
    /// JOB_COMPLETION_INDEX). Read the shards together with --merge.
    #[arg(long, value_name = "I/N", requires = "games_per_pairing")]
    pub(crate) shard: Option<String>,
    /// Also read the records of this league directory (another shard's); its games count as played.
    #[arg(long, value_name = "DIR")]
    pub(crate) merge: Vec<PathBuf>,
    /// Keep the games of bots removed from bots.txt in the table (always kept in the records).
    #[arg(long)]
    pub(crate) include_removed: bool,
    /// Rate this bot 0 (default: the mean of the bots is 0).
    #[arg(long, value_name = "NAME")]
    pub(crate) anchor: Option<String>,
    /// Also write the table as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub(crate) json: Option<PathBuf>,
    /// Also write the table as one self-contained HTML page (leaderboard, cross table heat map,
    /// rating chart).
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,
    /// Multiply every time limit by this factor (from 0.001 to 1000).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true, value_parser = parse_time_factor)]
    pub(crate) time_factor: f64,
}

/// The value parser of a whole-number option ([`play::parse_whole`]):
/// `min` up to `T`'s largest value. A negative number, a fraction or a word
/// is refused saying what the option takes, not as an unexpected argument.
pub(crate) fn whole<T: Whole>(min: u64) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    whole_to(min, T::LARGEST)
}

/// [`whole`] up to `max` (at most `T`'s largest value).
pub(crate) fn whole_to<T: Whole>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    let max = max.min(T::LARGEST);
    move |text| {
        let n = play::parse_whole(text, min, max).map_err(|e| e.to_string())?;
        T::try_from(n).map_err(|_| NumberError::TooLarge { max }.to_string())
    }
}

/// The unsigned integer types of the options, with their largest value.
pub(crate) trait Whole: TryFrom<u64> + Send + Sync + 'static {
    /// The type's largest value.
    const LARGEST: u64;
}

macro_rules! whole_types {
    ($($t:ty),*) => {$(
        impl Whole for $t {
            #[allow(clippy::cast_possible_truncation, clippy::cast_lossless)]
            const LARGEST: u64 = <$t>::MAX as u64;
        }
    )*};
}
whole_types!(u8, u16, u32, u64, usize);

/// `--time-factor`: the range [`game_core::TimeControl::scaled`] takes.
pub(crate) fn parse_time_factor(text: &str) -> Result<f64, String> {
    let range = game_core::time::TIME_FACTORS;
    match text.parse::<f64>() {
        Ok(f) if range.contains(&f) => Ok(f),
        _ => Err(format!("expected a number from {} to {} (1: the rules' time limits)", range.start(), range.end())),
    }
}

/// `--minutes`: a positive number (a deadline beyond any clock's reach is
/// no deadline).
pub(crate) fn parse_minutes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(m) if m > 0.0 && !m.is_nan() => Ok(m),
        _ => Err("expected a positive number of minutes".into()),
    }
}
