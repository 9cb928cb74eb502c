//! `arena`: the workspace's command line. Plays the games between built-in
//! bots and external programs, judges game records, benchmarks random
//! playouts and draws positions.
//!
//! ```text
//! arena                                  # a short demonstration game of each game
//! arena play paper-soccer --bot mcts --bot cmd:./mybot --games 20 --jobs 2 --seed 7 --record out/
//! arena judge yavalath game.txt --json --legal
//! arena bench quoridor --players 4 --games 1000 --seed 1
//! arena render out/paper-soccer-00003.json --svg pos.svg --ply 10
//! arena view out/paper-soccer-00003.json --html game.html   # step through a game in a browser
//! arena bot quoridor --bot mcts:ms=20          # a built-in bot speaking the protocol
//! ```
//!
//! Built-in bots: `random`, `mcts` (`mcts:iters=N` or `mcts:ms=N`, plus
//! `,c=X`, `,rollout=N`), `alphabeta` (`alphabeta:depth=N` or
//! `alphabeta:ms=N`; Yavalath and Nim) and a game's own (`greedy` in
//! Parallel Football). The searches come from the `game-search` crate.
//! External bots: `cmd:PROGRAM ARGS`, speaking the protocol of the game's
//! rules file on stdin/stdout, within its time limits.
//!
//! `--time-factor F` multiplies every time limit (for slow or loaded
//! machines); the limits themselves are the rules files', as constants in
//! each `games/<game>.rs`.
//!
//! Exit codes: 0 success, 2 bad usage or unreadable input.

use arena::error::{ConfigError, PlayError, RenderError, ServeError, SpecError, ViewError};
use arena::{bench, games, judge, play, render, results, stats, view};
use clap::{Args, Parser, Subcommand, ValueEnum};
use game_core::Game;
use games::Adapter;
use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Judge game records, play built-in and external bots, benchmark and render
/// the workspace's games. Without a command: a short demonstration game of
/// each game.
#[derive(Parser, Debug)]
#[command(name = "arena", version)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

/// The games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameName {
    /// Paper Soccer (rules: the `paper-soccer` crate's docs).
    PaperSoccer,
    /// Yavalath (rules: the `yavalath` crate's docs).
    Yavalath,
    /// Quoridor, 2 or 4 players (rules: the `quoridor` crate's docs).
    Quoridor,
    /// Parallel Football (rules: the `parallel-football` crate's docs).
    ParallelFootball,
    /// The arena's test game (subtraction Nim, made-up protocol).
    Nim,
}

/// Configuration of a game (each game reads the options it knows).
#[derive(Args, Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
struct GameOpts {
    /// Quoridor: number of players (2 or 4).
    #[arg(long)]
    players: Option<u8>,
    /// Quoridor: tick limit (default 100 with 2 players, 200 with 4; 0 for none).
    #[arg(long)]
    max_ticks: Option<u32>,
    /// Parallel Football: players per team (default 4).
    #[arg(long)]
    p: Option<u16>,
    /// Parallel Football: kick range (default 10).
    #[arg(long)]
    k: Option<u8>,
    /// Parallel Football: turn limit (default 20000).
    #[arg(long)]
    max_turns: Option<u32>,
    /// Nim: stones at the start.
    #[arg(long)]
    pile: Option<u8>,
    /// Nim: most stones per move.
    #[arg(long)]
    max_take: Option<u8>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play games between bots (one --bot per seat).
    Play {
        /// The game.
        #[arg(value_enum)]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        /// A seat's bot, once per seat in seat order (see the list below).
        #[arg(long = "bot", value_name = "SPEC", long_help = BOT_HELP)]
        bots: Vec<String>,
        /// Number of games (seats rotate over the same seed).
        #[arg(long, default_value_t = 1)]
        games: u64,
        /// Games played at the same time: a number, or `auto` (the cores divided by the seats that think
        /// in each game, at least 1).
        #[arg(long, default_value = "1", value_parser = parse_jobs)]
        jobs: Jobs,
        /// Play only shard I of N (the games whose index is I modulo N; seeds unchanged): `I/N`, or `N`
        /// with I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX. `arena merge` combines the shards.
        #[arg(long, value_name = "I/N")]
        shard: Option<String>,
        /// With --record: keep the complete records already in DIR (they must be of this series), play
        /// only the missing games, and print the table of the whole series.
        #[arg(long, requires = "record")]
        resume: bool,
        /// Also write the summary as JSON to this file.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Two seats: stop as soon as a sequential probability ratio test decides between Elo elo0 (H0)
        /// and elo1 (H1), both normalized Elo, on the pairs of games (fastchess's normalized pentanomial
        /// model): `elo0=0,elo1=5[,alpha=0.05,beta=0.05]`. The LLR and its bounds are shown while it runs.
        #[arg(long, value_name = "elo0=..,elo1=..")]
        sprt: Option<stats::Sprt>,
        /// Seed of the series (each game's seed is derived from it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play every game with exactly this game seed and no seat rotation (replays a recorded game).
        #[arg(long)]
        game_seed: Option<u64>,
        /// Write one JSON record per game into this directory.
        #[arg(long, value_name = "DIR")]
        record: Option<PathBuf>,
        /// Multiply every time limit by this factor.
        #[arg(long, default_value_t = 1.0)]
        time_factor: f64,
        /// With --record: also write a replay page next to each record and DIR/index.html (the results
        /// and links to the pages).
        #[arg(long, requires = "record")]
        html: bool,
    },
    /// Combine the records of a series' shards (or of any runs of one series) into its table, the same
    /// as one run of the whole series prints.
    Merge {
        /// Directories of records written by `play --record`.
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
    /// record's seed, and recorded time-outs and crashes are reported as recorded. Nothing is skipped:
    /// a turn or chance value after the end of the game (its own end, or a forfeit) is refused as
    /// `game-over` and changes neither the result nor its reason. A turn whose answer does not give the
    /// turn it lists is refused as an inconsistent record (exit code 2), naming the turn. Records are
    /// read as a stream: memory is bounded by the position and one turn.
    ///
    /// A JSON record's `config` gives the game options not given here; an option given here that
    /// differs from the record's, or a record of another game, is refused (exit code 2).
    #[command(verbatim_doc_comment)]
    Judge {
        /// The game.
        #[arg(value_enum)]
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
        #[arg(value_enum)]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Act as a bot program: speak GAME's protocol on stdin/stdout with a built-in bot
    /// (a reference opponent for external bots, and the arena's protocol self-test).
    Bot {
        /// The game.
        #[arg(value_enum)]
        game: GameName,
        #[command(flatten)]
        opts: GameOpts,
        /// The built-in bot (see the list below).
        #[arg(long = "bot", value_name = "SPEC", default_value = "random", long_help = BOT_HELP)]
        bot: String,
        /// Seed of the bot's generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Draw a recorded position as SVG.
    Render {
        /// A JSON record written by `play --record`.
        record: PathBuf,
        /// Where to write the picture.
        #[arg(long, value_name = "OUT.svg")]
        svg: PathBuf,
        /// Draw the position after this many turns, numbered as `judge` numbers plies (one per seat turn;
        /// default: the end).
        #[arg(long)]
        ply: Option<usize>,
    },
    /// Write a recorded game as one self-contained HTML page that steps through it ply by ply.
    ///
    /// The page loads nothing (inline pictures and script): open it from disk in any browser. Its address
    /// may pick the ply shown first: `game.html#ply=12`, `game.html#ply=last`.
    View {
        /// A JSON record written by `play --record`.
        record: PathBuf,
        /// Where to write the page.
        #[arg(long, value_name = "OUT.html")]
        html: PathBuf,
    },
}

/// The built-in bots of each game, for `--bot`'s help (a test checks it
/// against the games' adapters).
const BOT_HELP: &str = "A seat's bot, once per seat in seat order.

Every game: random; mcts[:iters=N|ms=N][,c=X][,rollout=N].
yavalath and nim: also alphabeta[:depth=N|ms=N].
parallel-football: also greedy.
External programs: cmd:PROGRAM ARGS (split like a POSIX shell: quotes group, a backslash escapes).
Name a seat with a prefix: name=NAME,SPEC (e.g. name=boss,cmd:java -cp dir Player); the name is what
tables show, otherwise the spec itself.";

/// Per game, its own built-in bots beside `random` and `mcts` (what
/// [`BOT_HELP`] lists).
#[cfg(test)]
const OWN_BOTS: &[(GameName, &[&str])] = &[
    (GameName::PaperSoccer, &[]),
    (GameName::Yavalath, &["alphabeta"]),
    (GameName::Quoridor, &[]),
    (GameName::ParallelFootball, &["greedy"]),
    (GameName::Nim, &["alphabeta"]),
];

impl GameName {
    /// The game's name on the command line (`paper-soccer`).
    fn as_str(self) -> &'static str {
        match self {
            GameName::PaperSoccer => "paper-soccer",
            GameName::Yavalath => "yavalath",
            GameName::Quoridor => "quoridor",
            GameName::ParallelFootball => "parallel-football",
            GameName::Nim => "nim",
        }
    }

    /// The game options ([`GameOpts`]) this game reads.
    fn options(self) -> &'static [&'static str] {
        match self {
            GameName::PaperSoccer | GameName::Yavalath => &[],
            GameName::Quoridor => &["--players", "--max-ticks"],
            GameName::ParallelFootball => &["--p", "--k", "--max-turns"],
            GameName::Nim => &["--pile", "--max-take"],
        }
    }
}

impl GameOpts {
    /// The flags given on the command line.
    fn given(&self) -> Vec<&'static str> {
        let GameOpts { players, max_ticks, p, k, max_turns, pile, max_take } = self;
        [
            ("--players", players.is_some()),
            ("--max-ticks", max_ticks.is_some()),
            ("--p", p.is_some()),
            ("--k", k.is_some()),
            ("--max-turns", max_turns.is_some()),
            ("--pile", pile.is_some()),
            ("--max-take", max_take.is_some()),
        ]
        .into_iter()
        .filter_map(|(flag, given)| given.then_some(flag))
        .collect()
    }

    /// Refuses an option that `game` does not read.
    fn check(&self, game: GameName) -> Result<(), CliError> {
        match self.given().into_iter().find(|f| !game.options().contains(f)) {
            None => Ok(()),
            Some(flag) => Err(CliError::NotAnOption { flag, game: game.as_str(), options: game.options() }),
        }
    }
}

/// Runs `$body` with `$a` bound to the adapter of `$game` configured by `$opts`.
macro_rules! with_adapter {
    ($game:expr, $opts:expr, |$a:ident| $body:expr) => {{
        let o: &GameOpts = $opts;
        match $game {
            GameName::Nim => {
                let $a = games::nim::NimAdapter { pile: o.pile.unwrap_or(21), max_take: o.max_take.unwrap_or(3) };
                $body
            }
            GameName::PaperSoccer => {
                let _ = o;
                let $a = games::paper_soccer::PaperSoccerAdapter;
                $body
            }
            GameName::Yavalath => {
                let $a = games::yavalath::YavalathAdapter;
                $body
            }
            GameName::Quoridor => {
                match games::quoridor::QuoridorAdapter::new(
                    o.players.unwrap_or(2),
                    match o.max_ticks {
                        None => quoridor::Config::default_tick_limit(o.players.unwrap_or(2)),
                        Some(0) => None,
                        Some(t) => Some(t),
                    },
                ) {
                    Ok($a) => $body,
                    Err(e) => Err(CliError::from(e)),
                }
            }
            GameName::ParallelFootball => {
                match games::parallel_football::FootballAdapter::new(
                    32,
                    o.p.unwrap_or(games::parallel_football::DEFAULT_P),
                    o.k.unwrap_or(games::parallel_football::DEFAULT_K),
                    o.max_turns.unwrap_or(parallel_football::DEFAULT_MAX_TURNS),
                ) {
                    Ok($a) => $body,
                    Err(e) => Err(CliError::from(e)),
                }
            }
        }
    }};
}

/// Games the demonstration plays (those integrated so far).
const DEMO_GAMES: &[GameName] =
    &[GameName::PaperSoccer, GameName::Yavalath, GameName::Quoridor, GameName::ParallelFootball];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some(arena::external::LAUNCHER_ARG) {
        return ExitCode::from(arena::external::run_launcher(&args[2..]).clamp(0, 255) as u8);
    }
    if let Ok(exe) = std::env::current_exe() {
        arena::external::use_launcher(exe);
    }
    let cli = Cli::parse();
    let r = match cli.command {
        None => demo(),
        Some(
            Cmd::Play { opts, game, .. }
            | Cmd::Judge { opts, game, .. }
            | Cmd::Bench { opts, game, .. }
            | Cmd::Bot { opts, game, .. },
        ) if opts.check(game).is_err() => opts.check(game),
        Some(Cmd::Play {
            game,
            opts,
            bots,
            games,
            jobs,
            seed,
            game_seed,
            record,
            time_factor,
            html,
            shard,
            resume,
            json,
            sprt,
        }) => {
            if let Err(e) = arena::interrupt::install() {
                eprintln!("arena: cannot install the stop-signal handlers ({e}): Ctrl-C will lose the table");
            }
            let series = Series { games, jobs, seed, game_seed, record, time_factor, html, shard, resume, json, sprt };
            with_adapter!(game, &opts, |a| cmd_play(&a, &bots, &series))
        }
        Some(Cmd::Judge { game, file, opts, json, legal }) => {
            cmd_judge(game, file.as_deref(), &opts, judge::JudgeOptions { json, legal })
        }
        Some(Cmd::Bench { game, opts, games, seed }) => with_adapter!(game, &opts, |a| cmd_bench(&a, games, seed)),
        Some(Cmd::Bot { game, opts, bot, seed }) => with_adapter!(game, &opts, |a| cmd_bot(&a, &bot, seed)),
        Some(Cmd::Merge { dirs, json }) => cmd_merge(&dirs, json.as_deref()),
        Some(Cmd::Render { record, svg, ply }) => cmd_render(&record, &svg, ply),
        Some(Cmd::View { record, html }) => cmd_view(&record, &html),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Why a command fails: the library's errors and the command line's own.
#[derive(Debug, thiserror::Error)]
enum CliError {
    #[error(transparent)]
    Play(#[from] PlayError),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Serve(#[from] ServeError),
    #[error(transparent)]
    Judge(#[from] judge::JudgeError),
    #[error(transparent)]
    Bench(#[from] game_core::PlayoutError),
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    View(#[from] ViewError),
    #[error(
        "{flag} is not an option of {game} (its options: {})",
        if options.is_empty() { "none".to_string() } else { options.join(", ") }
    )]
    NotAnOption { flag: &'static str, game: &'static str, options: &'static [&'static str] },
    #[error(transparent)]
    Shard(#[from] play::ShardError),
    #[error(transparent)]
    Results(#[from] results::ResultsError),
    #[error("the record directory holds game {index}, beyond this series' {games} games")]
    BeyondSeries { index: u64, games: u64 },
    #[error("stopped by {}: the table above holds the games that completed", .0.name())]
    Stopped(arena::interrupt::StopSignal),
    #[error("--sprt needs a two-seat game; this one has {seats} seats")]
    SprtSeats { seats: usize },
    #[error("--time-factor must be positive")]
    TimeFactor,
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot read stdin: {0}")]
    ReadStdin(std::io::Error),
    #[error("the record is not UTF-8 text (byte {valid_up_to})")]
    NotUtf8 { valid_up_to: usize },
    #[error("{}: not a JSON record: {source}", path.display())]
    NotJson { path: PathBuf, source: serde_json::Error },
    #[error("{}: no \"game\" field", path.display())]
    NoGame { path: PathBuf },
    #[error("{}: unknown game {name:?}", path.display())]
    UnknownGame { path: PathBuf, name: String },
    #[error("cannot write {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error("{0}")]
    Output(std::io::Error),
}

impl CliError {
    /// The exit code: 130 or 143 after a clean stop on SIGINT or SIGTERM,
    /// 2 for every failure (bad usage, unreadable input, unwritable output).
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Stopped(sig) => sig.exit_code(),
            _ => 2,
        }
    }
}

fn game_name(name: &str) -> Option<GameName> {
    GameName::from_str(name, false).ok()
}

fn demo() -> Result<(), CliError> {
    println!("arena: a demonstration game of each game, built-in bots, seed 2026");
    for &game in DEMO_GAMES {
        with_adapter!(game, &GameOpts::default(), |a| demo_one(&a))?;
    }
    println!("\nSee `arena --help` for play, judge, bench and render.");
    Ok(())
}

fn demo_one<A: Adapter>(a: &A) -> Result<(), CliError> {
    let names = a.demo_bots();
    let specs = play::check_specs(a, &names)?;
    let seats: Vec<(String, play::BotSpec)> = names.into_iter().zip(specs).collect();
    let opts = play::PlayOptions { time_factor: 1.0, record_dir: None, replay_args: Vec::new() };
    let played = play::play_game(a, &seats, 2026, &opts)?;
    println!("\n== {} ({}) ==", a.name(), seats.iter().map(|s| s.0.as_str()).collect::<Vec<_>>().join(" vs "));
    println!("{}", played.final_position);
    println!("result: {} by {}, {} turns", played.outcome, played.reason, played.turn_count);
    Ok(())
}

/// `--jobs`: a number of games at the same time, or `auto`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Jobs {
    Auto,
    Count(usize),
}

fn parse_jobs(text: &str) -> Result<Jobs, String> {
    match text {
        "auto" => Ok(Jobs::Auto),
        _ => match text.parse::<usize>() {
            Ok(n) if n > 0 => Ok(Jobs::Count(n)),
            _ => Err("expected a positive number or `auto`".into()),
        },
    }
}

/// The options of `arena play` about the series.
struct Series {
    games: u64,
    jobs: Jobs,
    seed: u64,
    game_seed: Option<u64>,
    record: Option<PathBuf>,
    time_factor: f64,
    html: bool,
    shard: Option<String>,
    resume: bool,
    json: Option<PathBuf>,
    sprt: Option<stats::Sprt>,
}

/// Seats that use a core while a game is played: external programs and
/// searching built-in bots (`random` answers at once).
fn thinking_seats(bots: &[String]) -> usize {
    bots.iter().filter(|b| !matches!(play::BotSpec::parse(b), Ok(play::BotSpec::Random))).count()
}

/// The games to play at the same time, and a warning when they ask more
/// cores than the machine has (bots then lose time to each other).
fn choose_jobs(jobs: Jobs, bots: &[String], cores: usize) -> (usize, Option<String>) {
    let thinking = thinking_seats(bots).max(1);
    match jobs {
        Jobs::Auto => ((cores / thinking).max(1), None),
        Jobs::Count(n) => {
            let warn = (n * thinking > cores).then(|| {
                format!(
                    "warning: --jobs {n} with {thinking} thinking seats per game runs {} bots on {cores} cores: bots \
                     share cores and may lose time (--jobs auto chooses {})",
                    n * thinking,
                    (cores / thinking).max(1)
                )
            });
            (n, warn)
        }
    }
}

fn cmd_play<A: Adapter>(a: &A, bots: &[String], series: &Series) -> Result<(), CliError> {
    let Series { games, jobs, seed, game_seed, ref record, time_factor, html, ref shard, resume, ref json, ref sprt } =
        *series;
    let record = record.clone();
    if !(time_factor > 0.0 && time_factor.is_finite()) {
        return Err(CliError::TimeFactor);
    }
    let seats = a.start().players();
    if sprt.is_some() && seats != 2 {
        return Err(CliError::SprtSeats { seats });
    }
    let bots: Vec<String> = if bots.is_empty() { vec!["random".to_string(); seats] } else { bots.to_vec() };
    let names: Vec<String> = bots.iter().map(|b| play::seat_name(b).to_string()).collect();
    let mut plan = play::Plan::new(games, seed);
    plan.fixed_seed = game_seed;
    if let Some(text) = shard {
        plan.shard = play::Shard::parse(text, |v| std::env::var(v).ok())?;
    }
    let mut prior = Vec::new();
    if let (true, Some(dir)) = (resume, &record) {
        let key = results::SeriesKey { game: a.name().into(), config: a.config(), seed, bots: bots.clone() };
        if dir.exists() {
            let (_, recorded) = results::read_series(std::slice::from_ref(dir), Some(&key))?;
            if let Some(g) = recorded.iter().find(|g| g.index >= games) {
                return Err(CliError::BeyondSeries { index: g.index, games });
            }
            prior = recorded.into_iter().filter(|g| plan.shard.has(g.index)).collect();
            plan.done = prior.iter().map(|g| g.index).collect();
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (jobs, warning) = choose_jobs(jobs, &bots, cores);
    if let Some(w) = warning {
        eprintln!("arena: {w}");
    }
    let mut replay_args = a.config_args();
    if time_factor != 1.0 {
        replay_args.extend(["--time-factor".to_string(), time_factor.to_string()]);
    }
    let opts = play::PlayOptions { time_factor, record_dir: record, replay_args };
    let planned = plan.shard_games();
    let to_play = planned - prior.len() as u64;
    let bar = if std::io::stderr().is_terminal() && to_play > 1 {
        let b = indicatif::ProgressBar::new(to_play);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta} {msg}")
        {
            b.set_style(style);
        }
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    // The SPRT looks at every game so far (the records resumed included)
    // after each game, and stops new games once it decides.
    let so_far = std::sync::Mutex::new(prior.clone());
    let on_game = |g: &play::GameSummary| {
        bar.inc(1);
        let Some(test) = sprt else { return true };
        let Ok(mut all) = so_far.lock() else { return true };
        all.push(g.clone());
        let Some(s) = stats::summarize(&names, seats, &all, Some(test)).head_to_head.and_then(|h| h.sprt) else {
            return true;
        };
        let s = s.status;
        let line = format!("SPRT LLR {:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper);
        if bar.is_hidden() {
            if all.len() % 10 == 0 || s.decision != stats::SprtDecision::Continue {
                eprintln!("arena: {} games, {line}", all.len());
            }
        } else {
            bar.set_message(line);
        }
        s.decision == stats::SprtDecision::Continue
    };
    let run = play::play_series(a, &bots, &plan, jobs, &opts, &on_game)?;
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    if run.games.len() == 1 && prior.is_empty() {
        let g = &run.games[0];
        let _ = writeln!(out, "{}", g.final_position);
        let _ = writeln!(out, "result: {} by {}", g.outcome, g.reason);
        for e in &g.errors {
            let _ = writeln!(out, "  seat {} turn {}: {}: {}", e.seat, e.turn, e.kind, e.message);
        }
        if g.error_count > g.errors.len() {
            let _ = writeln!(out, "  ... and {} more (all in the record)", g.error_count - g.errors.len());
        }
        let _ = writeln!(out, "replay: {}", g.replay);
    }
    // A signal that came once every game was played stopped nothing.
    let signal = run.signal.filter(|_| ((prior.len() + run.games.len()) as u64) < planned);
    let ending = match (signal, run.halted) {
        (Some(sig), _) => results::Ending::Signal(sig),
        (None, true) => results::Ending::Sprt,
        (None, false) => results::Ending::Complete,
    };
    if plan.shard != play::Shard::WHOLE {
        let _ = writeln!(
            out,
            "shard {} of {}: the games whose index is {} modulo {} (`arena merge` combines the shards)",
            plan.shard.index, plan.shard.count, plan.shard.index, plan.shard.count
        );
    }
    let mut all = prior;
    all.extend(run.games);
    all.sort_by_key(|g| g.index);
    let key = results::SeriesKey { game: a.name().into(), config: a.config(), seed, bots: bots.clone() };
    let report = results::Report::new(&key, &all, Some(planned), ending, sprt.as_ref());
    let summary = report.text();
    let _ = write!(out, "{summary}");
    if let Some(path) = json {
        write_json(path, &report)?;
    }
    if let Some(dir) = &opts.record_dir {
        let _ = writeln!(out, "records in {}", dir.display());
        if html {
            let games: Vec<view::SeriesGame> = all
                .iter()
                .map(|g| view::SeriesGame {
                    index: g.index,
                    bots: g.entrants.iter().map(|&e| bots.get(e).cloned().unwrap_or_default()).collect(),
                    result: format!("{} by {}", g.outcome, g.reason),
                })
                .collect();
            let index = view::write_series(a, dir, &games, &summary)?;
            let _ = writeln!(out, "pages: {}", index.display());
        }
    }
    let _ = out.flush();
    match signal {
        Some(sig) => Err(CliError::Stopped(sig)),
        None => Ok(()),
    }
}

fn write_json(path: &std::path::Path, report: &results::Report) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(report).map_err(|e| CliError::Output(e.into()))?;
    std::fs::write(path, text + "\n").map_err(|source| CliError::Write { path: path.to_path_buf(), source })
}

fn cmd_merge(dirs: &[PathBuf], json: Option<&std::path::Path>) -> Result<(), CliError> {
    let (series, games) = results::read_series(dirs, None)?;
    let Some(key) = series else { return Err(results::ResultsError::Empty { dirs: dirs.to_vec() }.into()) };
    let report = results::Report::new(&key, &games, None, results::Ending::Complete, None);
    print!("{}", report.text());
    if let Some(path) = json {
        write_json(path, &report)?;
    }
    Ok(())
}

/// The game options a record's `config` stands for.
fn record_opts(c: &serde_json::Value) -> GameOpts {
    let num = |k: &str| c.get(k).and_then(serde_json::Value::as_u64);
    GameOpts {
        players: num("players").and_then(|x| u8::try_from(x).ok()),
        max_ticks: match c.get("tick_limit") {
            Some(serde_json::Value::Null) => Some(0),
            _ => num("tick_limit").and_then(|x| u32::try_from(x).ok()),
        },
        p: num("p").and_then(|x| u16::try_from(x).ok()),
        k: num("k").and_then(|x| u8::try_from(x).ok()),
        max_turns: num("max_turns").and_then(|x| u32::try_from(x).ok()),
        pile: num("pile").and_then(|x| u8::try_from(x).ok()),
        max_take: num("max_take").and_then(|x| u8::try_from(x).ok()),
    }
}

fn cmd_view(record: &std::path::Path, html: &std::path::Path) -> Result<(), CliError> {
    let (v, game) = read_record(record)?;
    let page = with_adapter!(game, &record_opts(&v["config"]), |a| view::replay(&a, &v).map_err(CliError::from))
        .map(|r| view::page(&r))?;
    std::fs::write(html, page).map_err(|source| CliError::Write { path: html.to_path_buf(), source })
}

/// A JSON record and its game, with the game's options from its `config`.
fn read_record(record: &std::path::Path) -> Result<(serde_json::Value, GameName), CliError> {
    let text = read_input(Some(record))?;
    let path = || record.to_path_buf();
    let v: serde_json::Value =
        serde_json::from_str(&text).map_err(|source| CliError::NotJson { path: path(), source })?;
    let name = v["game"].as_str().ok_or_else(|| CliError::NoGame { path: path() })?;
    let game = game_name(name).ok_or_else(|| CliError::UnknownGame { path: path(), name: name.to_string() })?;
    Ok((v, game))
}

fn read_input(file: Option<&std::path::Path>) -> Result<String, CliError> {
    let bytes = match file {
        Some(p) if p.as_os_str() != "-" => {
            std::fs::read(p).map_err(|source| CliError::Read { path: p.to_path_buf(), source })?
        }
        _ => {
            let mut b = Vec::new();
            std::io::stdin().read_to_end(&mut b).map_err(CliError::ReadStdin)?;
            b
        }
    };
    String::from_utf8(bytes).map_err(|e| CliError::NotUtf8 { valid_up_to: e.utf8_error().valid_up_to() })
}

/// Judges a record as `game`. A JSON record's `config` gives the options
/// not given explicitly; an explicit one that differs from it makes the
/// judge refuse the record, naming both configurations.
fn cmd_judge(
    game: GameName,
    file: Option<&std::path::Path>,
    given: &GameOpts,
    opts: judge::JudgeOptions,
) -> Result<(), CliError> {
    let input: Box<dyn Read> = match file {
        Some(p) if p.as_os_str() != "-" => {
            Box::new(std::fs::File::open(p).map_err(|source| CliError::Read { path: p.to_path_buf(), source })?)
        }
        _ => Box::new(std::io::stdin().lock()),
    };
    let (start, input) = judge::record_start(input)?;
    let recorded = start.as_ref().filter(|s| s.game.as_deref().and_then(game_name) == Some(game));
    let game_opts = match recorded.and_then(|s| s.config.as_ref()) {
        Some(c) => {
            let r = record_opts(c);
            GameOpts {
                players: given.players.or(r.players),
                max_ticks: given.max_ticks.or(r.max_ticks),
                p: given.p.or(r.p),
                k: given.k.or(r.k),
                max_turns: given.max_turns.or(r.max_turns),
                pile: given.pile.or(r.pile),
                max_take: given.max_take.or(r.max_take),
            }
        }
        None => given.clone(),
    };
    let mut out = std::io::stdout().lock();
    with_adapter!(game, &game_opts, |a| judge::judge(&a, input, opts, &mut out).map_err(CliError::from))?;
    out.flush().map_err(CliError::Output)
}

fn cmd_bench<A: Adapter>(a: &A, games: u64, seed: u64) -> Result<(), CliError> {
    let (stats, secs) = bench::bench(a, games, seed)?;
    print!("{}", bench::report(a.name(), games, seed, &stats, secs));
    Ok(())
}

fn cmd_bot<A: Adapter>(a: &A, spec: &str, seed: u64) -> Result<(), CliError> {
    let mut bot = play::builtin_bot(a, spec, seed)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    Ok(a.serve(bot.as_mut(), &mut input, &mut output)?)
}

fn cmd_render(record: &std::path::Path, svg: &std::path::Path, ply: Option<usize>) -> Result<(), CliError> {
    let (v, game) = read_record(record)?;
    let picture =
        with_adapter!(game, &record_opts(&v["config"]), |a| render::render(&a, &v, ply).map_err(CliError::from))?;
    std::fs::write(svg, picture).map_err(|source| CliError::Write { path: svg.to_path_buf(), source })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_help_lists_exactly_the_built_in_bots_each_game_has() {
        for &(game, own) in OWN_BOTS {
            for name in ["alphabeta", "greedy"] {
                let made = with_adapter!(game, &GameOpts::default(), |a| Ok::<_, CliError>(
                    play::check_specs(&a, &["random".into(), "mcts".into(), name.into()]).is_ok()
                ))
                .unwrap();
                assert_eq!(made, own.contains(&name), "{name} in {}", game.as_str());
                let listed = BOT_HELP.lines().any(|l| l.contains(game.as_str()) && l.contains(name));
                assert_eq!(listed, own.contains(&name), "--bot help on {name} in {}", game.as_str());
            }
        }
    }

    #[test]
    fn an_option_of_another_game_is_an_error_naming_the_games_options() {
        let opts = GameOpts { players: Some(4), max_turns: Some(5), ..GameOpts::default() };
        let e = opts.check(GameName::Yavalath).unwrap_err().to_string();
        assert_eq!(e, "--players is not an option of yavalath (its options: none)");
        let e = opts.check(GameName::Quoridor).unwrap_err().to_string();
        assert_eq!(e, "--max-turns is not an option of quoridor (its options: --players, --max-ticks)");
        assert!(GameOpts { p: Some(3), k: Some(2), ..GameOpts::default() }.check(GameName::ParallelFootball).is_ok());
        for &(game, _) in OWN_BOTS {
            assert_eq!(GameName::from_str(game.as_str(), false).ok(), Some(game));
        }
    }
}
