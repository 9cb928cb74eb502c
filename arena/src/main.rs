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
//! arena analyze out/paper-soccer-00003.json --json a.json  # each ply's loss, the blunders, the best moves
//! arena bot quoridor --bot mcts:ms=20          # a built-in bot speaking the protocol
//! arena bundle bots/yavalath/Cargo.toml -o bot.rs   # a bot crate as one file for CodinGame
//! ```
//!
//! Built-in bots: `random`, `mcts` (`mcts:iters=N` or `mcts:ms=N`, plus
//! `,c=X`, `,rollout=N`), `alphabeta` (`alphabeta:depth=N` or
//! `alphabeta:ms=N`; in the games `--bot`'s help lists it for), `best`
//! (the game's strongest) and a game's own (`arena play --help` lists
//! them). Without a budget of their
//! own, `mcts` and `alphabeta` spend each turn a share of the game's time
//! limits (`game-search`'s `TimeManager`); every built-in bot is held to the
//! limits like a program. The searches come from the `game-search` crate.
//! External bots: `cmd:PROGRAM ARGS`, speaking the protocol of the game's
//! rules (each game crate's `rules` module) on stdin/stdout, within its time
//! limits.
//!
//! `--time-factor F` multiplies every time limit (for slow or loaded
//! machines); the limits themselves are the rules', as each game crate's
//! `protocol::TIME_CONTROL`.
//!
//! A `cmd:` program that cannot start (missing, not executable, a
//! directory) is refused before any game, with one line that names it and
//! says why.
//!
//! Exit codes: 0 success, 1 `judge`: the record breaks a rule or disagrees
//! with itself, 2 bad usage (a bot program that cannot start included) or
//! unreadable input.

mod cli;

use args::{Cli, Cmd, GameOpts};
use clap::Parser;
use cli::{args, league, series};
use game_arena::error::{ConfigError, OptionError, PlayError, RenderError, ServeError, SpecError, ViewError};
use game_arena::registry::{GameName, GameOptions};
use game_arena::{bench, files, games, judge, play, render, results, view};
use games::Adapter;
use series::{Series, cmd_merge, cmd_play};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some(bot_process::LAUNCHER_ARG) {
        return ExitCode::from(bot_process::run_launcher(&args[2..]).clamp(0, 255) as u8);
    }
    if let Ok(exe) = std::env::current_exe() {
        bot_process::use_launcher(exe);
    }
    catch_file_size_signal();
    let cli = Cli::parse();
    let r = match cli.command {
        None => demo(),
        Some(
            Cmd::Play { opts, game, .. }
            | Cmd::Judge { opts, game, .. }
            | Cmd::Bench { opts, game, .. }
            | Cmd::Bot { opts, game, .. }
            | Cmd::League { opts, game, .. },
        ) if game.checked(&opts.0).is_err() => game.checked(&opts.0).map(|_| ()).map_err(CliError::from),
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
            install_stop_handlers();
            let series = Series { games, jobs, seed, game_seed, record, time_factor, html, shard, resume, json, sprt };
            game_arena::with_game!(game, &opts.0, |a| cmd_play(&a, &bots, &series))
        }
        Some(Cmd::League { game, opts, league }) => {
            install_stop_handlers();
            game_arena::with_game!(game, &opts.0, |a| league::cmd_league(&a, &league))
        }
        Some(Cmd::Judge { game, file, opts, json, legal }) => {
            cmd_judge(game, file.as_deref(), &opts, judge::JudgeOptions { json, legal })
        }
        Some(Cmd::Bench { game, opts, games, seed, jobs }) => {
            let jobs = jobs.threads();
            game_arena::with_game!(game, &opts.0, |a| cmd_bench(&a, games, seed, jobs))
        }
        Some(Cmd::Bot { game, opts, bot, seed }) => game_arena::with_game!(game, &opts.0, |a| cmd_bot(&a, &bot, seed)),
        Some(Cmd::Merge { dirs, json }) => cmd_merge(&dirs, json.as_deref()),
        Some(Cmd::Bundle { manifest, bin, output }) => cmd_bundle(&manifest, bin.as_deref(), &output),
        Some(Cmd::Page { game, output }) => cmd_page(game, &output),
        Some(Cmd::Render { record, svg, ply }) => cmd_render(&record, &svg, ply),
        Some(Cmd::View { record, html, analysis }) => cmd_view(&record, &html, analysis.as_deref()),
        Some(Cmd::Analyze { record, analyze }) => {
            cli::analyze::check_outputs(&analyze).and_then(|()| read_record(&record)).and_then(|(text, start, game)| {
                game_arena::with_game!(game, &record_opts(game, &start), |a| cli::analyze::cmd_analyze(
                    &a, &text, &start, &analyze
                ))
            })
        }
    };
    match r.map_err(seat_option_hint) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// A wrong number of `--bot`s in a game whose seats an option sets (Quoridor's
/// `--players`): the error says which value of the option takes that many.
fn seat_option_hint(e: CliError) -> CliError {
    let CliError::Play(PlayError::SeatCount { game, bots, .. }) = &e else { return e };
    let Ok(name) = game.parse::<GameName>() else { return e };
    match name.seat_option(*bots) {
        Some(option) => CliError::SeatsByOption { flag: option.flag, bots: *bots, source: Box::new(e) },
        None => e,
    }
}

/// Makes a write past the file-size limit (`ulimit -f`) an error (EFBIG)
/// instead of death by SIGXFSZ: the record writer then removes its
/// temporary file, the series stops, and the arena names the file and
/// exits with code 2. A handler that does nothing, not SIG_IGN: bots
/// started by the arena get the default action back at `exec`.
fn catch_file_size_signal() {
    #[cfg(unix)]
    if let Err(e) = signal_hook::flag::register(signal_hook::consts::SIGXFSZ, std::sync::Arc::default()) {
        eprintln!("arena: cannot catch SIGXFSZ ({e}): a file-size limit would kill the arena mid-write");
    }
}

/// Catches SIGINT and SIGTERM for a clean stop of a series or league
/// ([`game_arena::interrupt`]); says so when the system refuses.
fn install_stop_handlers() {
    if let Err(e) = game_arena::interrupt::install() {
        eprintln!("arena: cannot install the stop-signal handlers ({e}): Ctrl-C will lose the table");
    }
}

/// Why a command fails: the library's errors and the command line's own.
#[derive(Debug, thiserror::Error)]
enum CliError {
    #[error(transparent)]
    Play(#[from] PlayError),
    #[error(transparent)]
    Bundle(#[from] codingame_bundle::BundleError),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Serve(#[from] ServeError),
    #[error(transparent)]
    Bench(#[from] game_core::PlayoutError),
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    View(#[from] ViewError),
    #[error(transparent)]
    Analysis(#[from] game_arena::error::AnalysisError),
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error("{source} (or --{flag} {bots} for {bots} seats)")]
    SeatsByOption { flag: &'static str, bots: usize, source: Box<CliError> },
    #[error(transparent)]
    Shard(#[from] play::ShardError),
    #[error(transparent)]
    File(#[from] game_arena::error::FileError),
    #[error(transparent)]
    Results(#[from] results::ResultsError),
    #[error("the record directory holds game {index}, beyond this series' {games} games")]
    BeyondSeries { index: u64, games: u64 },
    #[error("stopped by {}: the table above holds the games that completed", .0.name())]
    Stopped(game_arena::interrupt::StopSignal),
    #[error(transparent)]
    League(#[from] game_arena::league::LeagueError),
    #[error(
        "--games-per-pairing {games}: not a multiple of the game's {seats} seats (every seed is played in every seat rotation)"
    )]
    LeagueRounds { games: u64, seats: usize },
    #[error("arena page builds pages with the repository's web/ crate, which is not at {}", .0.display())]
    NoPageCrate(std::path::PathBuf),
    #[error("cannot run cargo to build the page: {0}")]
    PageCargo(std::io::Error),
    #[error("the page was not written ({0}; the web/ crate's message is above)")]
    PageFailed(std::process::ExitStatus),
    #[error("--sprt needs a two-seat game; this one has {seats} seats")]
    SprtSeats { seats: usize },
    #[error(
        "--shard {}/{}: this shard has no game of a series of {games} (its first would be game {})",
        shard.index, shard.count, shard.index
    )]
    EmptyShard { shard: play::Shard, games: u64 },
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
    #[error("{} does not fit {}: {source}", analysis.display(), record.display())]
    AnalysisMismatch { analysis: PathBuf, record: PathBuf, source: game_arena::error::ViewError },
    #[error("{0}")]
    Output(std::io::Error),
    #[error("{name}: {source}")]
    Unjudged { name: String, source: Box<judge::JudgeError> },
    #[error("{name}: {fault}")]
    Fault { name: String, fault: Box<judge::RecordFault> },
}

impl CliError {
    /// The exit code: 130 or 143 after a clean stop on SIGINT or SIGTERM,
    /// 1 for a record `judge` finds wrong, 2 for every other failure (bad
    /// usage, unreadable input, unwritable output).
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Stopped(sig) => sig.exit_code(),
            CliError::Fault { .. } => 1,
            _ => 2,
        }
    }
}

/// `arena bundle`: the bundle, its size and CodinGame's limit.
fn cmd_bundle(manifest: &std::path::Path, bin: Option<&str>, output: &std::path::Path) -> Result<(), CliError> {
    // Checked before the build: the bundle replaces only an earlier bundle,
    // and goes into a folder that is there.
    game_arena::files::check_output(output, game_arena::files::FileKind::Bundle, "the bundle")?;
    game_arena::files::check_output_folder(output)?;
    let work = std::env::temp_dir().join(format!("arena-bundle-{}", std::process::id()));
    let report = codingame_bundle::bundle(manifest, bin, &work, output);
    let _ = std::fs::remove_dir_all(&work);
    let report = report?;
    println!(
        "{}: {} characters (CodinGame takes at most {}), {} impls from procedural macros",
        output.display(),
        report.chars,
        codingame_bundle::CODINGAME_LIMIT,
        report.spliced_impls
    );
    Ok(())
}

/// `arena page`: the repository's page writer (the `web/` crate, outside
/// the workspace: it builds for wasm32), run through cargo as
/// docs/browser.md runs it, after the arena's own checks of the output.
fn cmd_page(game: GameName, output: &std::path::Path) -> Result<(), CliError> {
    game_arena::files::check_output(output, game_arena::files::FileKind::Page, "the page")?;
    game_arena::files::check_output_folder(output)?;
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/Cargo.toml");
    if !manifest.is_file() {
        return Err(CliError::NoPageCrate(manifest));
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["run", "--release", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .args(["--", game.as_str(), "-o"])
        .arg(output)
        .status()
        .map_err(CliError::PageCargo)?;
    if status.success() { Ok(()) } else { Err(CliError::PageFailed(status)) }
}

fn demo() -> Result<(), CliError> {
    println!("arena: a demonstration game of each game, built-in bots, seed 2026");
    for &game in GameName::ALL.iter().filter(|g| g.info().demo) {
        game_arena::with_game!(game, &GameOptions::default(), |a| demo_one(&a, game.info().legend))?;
    }
    println!("\n{}", commands_line());
    Ok(())
}

/// The last line of the demonstration: every subcommand, from the list
/// clap parses (`arena --help`).
fn commands_line() -> String {
    let cli = <Cli as clap::CommandFactory>::command();
    let names: Vec<&str> = cli.get_subcommands().map(clap::Command::get_name).collect();
    format!("Commands: {}. `arena COMMAND --help` says more.", names.join(", "))
}

fn demo_one<A: Adapter>(a: &A, legend: &str) -> Result<(), CliError> {
    let names = a.demo_bots();
    let specs = play::check_specs(a, &names, 1.0)?;
    let seats: Vec<(String, play::BotSpec)> = names.into_iter().zip(specs).collect();
    let opts = play::PlayOptions { time_factor: 1.0, record_dir: None, replay_args: Vec::new() };
    let played = play::play_game(a, &seats, 2026, &opts)?;
    println!("\n== {} ({}) ==", a.name(), seats.iter().map(|s| s.0.as_str()).collect::<Vec<_>>().join(" vs "));
    println!("{}", played.final_position);
    println!("{legend}");
    // Alternating games: one answer a turn. Simultaneous games: a round is
    // one answer of every acting seat (Parallel Football's placement is its
    // first round, its turn 0).
    let length = if played.turn_count == played.rounds {
        format!("{} turns", played.rounds)
    } else {
        format!("{} rounds ({} answers, one per acting seat each round)", played.rounds, played.turn_count)
    };
    println!("result: {} by {}, {length}", played.outcome, played.reason);
    Ok(())
}

/// The game options a record's `config` stands for.
fn record_opts(game: GameName, start: &judge::RecordStart) -> GameOptions {
    start.config.as_ref().map(|c| game.recorded_options(c)).unwrap_or_default()
}

fn cmd_view(
    record: &std::path::Path,
    html: &std::path::Path,
    analysis: Option<&std::path::Path>,
) -> Result<(), CliError> {
    files::check_output(html, files::FileKind::Page, "the page")?;
    let (text, start, game) = read_record(record)?;
    let analysis_path = analysis;
    let analysis = analysis.map(view::read_analysis).transpose()?;
    let page = game_arena::with_game!(game, &record_opts(game, &start), |a| view::replay(&a, &text, analysis.as_ref())
        .map_err(|e| {
            match analysis_path {
                Some(path) if e.is_mismatch() => {
                    CliError::AnalysisMismatch { analysis: path.to_path_buf(), record: record.to_path_buf(), source: e }
                }
                _ => CliError::from(e),
            }
        }))
    .map(|r| view::page(&r))?;
    play::write_whole(html, page).map_err(|source| CliError::Write { path: html.to_path_buf(), source })
}

/// A JSON record's text, its start (game and configuration) and its game.
fn read_record(record: &std::path::Path) -> Result<(String, judge::RecordStart, GameName), CliError> {
    game_arena::files::check_record(record)?;
    let text = read_input(Some(record))?;
    let path = || record.to_path_buf();
    let start: judge::RecordStart = serde_json::from_str(&text).map_err(|source| {
        if source.is_eof() {
            let (line, column) = (source.line(), source.column());
            CliError::File(game_arena::error::FileError::CutShort { path: path(), line, column })
        } else {
            CliError::NotJson { path: path(), source }
        }
    })?;
    let name = start.game.as_deref().ok_or_else(|| CliError::NoGame { path: path() })?;
    let game = name.parse().map_err(|_| CliError::UnknownGame { path: path(), name: name.to_string() })?;
    Ok((text, start, game))
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
/// judge refuse the record, naming both configurations. Every error names
/// the file (`stdin` for the standard input).
fn cmd_judge(
    game: GameName,
    file: Option<&std::path::Path>,
    given: &GameOpts,
    opts: judge::JudgeOptions,
) -> Result<(), CliError> {
    let name = file.filter(|p| p.as_os_str() != "-").map_or_else(|| "stdin".into(), |p| p.display().to_string());
    let unjudged = |source| CliError::Unjudged { name: name.clone(), source: Box::new(source) };
    let input: Box<dyn Read> = match file {
        Some(p) if p.as_os_str() != "-" => {
            // An analysis, a page, an unfinished write, an empty file, a
            // folder: said what it is, by name; a missing file in the
            // words of view and analyze.
            game_arena::files::check_record(p)?;
            // Windows refuses to open a directory with "Access denied":
            // say what it is, on every system.
            let file = if p.is_dir() { Err(std::io::ErrorKind::IsADirectory.into()) } else { std::fs::File::open(p) };
            Box::new(file.map_err(|e| unjudged(judge::JudgeError::Read(e)))?)
        }
        _ => Box::new(std::io::stdin().lock()),
    };
    let (start, input) = judge::record_start(input).map_err(unjudged)?;
    let recorded = start.as_ref().filter(|s| s.game.as_deref().and_then(|n| n.parse().ok()) == Some(game));
    let game_opts = match recorded.and_then(|s| s.config.as_ref()) {
        Some(c) => given.0.or(&game.recorded_options(c)),
        None => given.0.clone(),
    };
    let mut out = std::io::stdout().lock();
    let fault =
        game_arena::with_game!(game, &game_opts, |a| judge::judge(&a, input, opts, &mut out).map_err(unjudged))?;
    out.flush().map_err(CliError::Output)?;
    fault.map_or(Ok(()), |fault| Err(CliError::Fault { name, fault: Box::new(fault) }))
}

/// `arena bench`: the report on stdout; on stderr a progress bar at a
/// terminal, else for a run longer than [`BENCH_QUIET`] a line saying what
/// runs, then one every [`BENCH_EVERY`] (Parallel Football's default bench
/// takes a minute or more).
fn cmd_bench<A: Adapter>(a: &A, games: u64, seed: u64, jobs: usize) -> Result<(), CliError> {
    let done = std::sync::atomic::AtomicU64::new(0);
    let bar = series::progress_bar(games, "games");
    let (finished, ended) = std::sync::mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let (done, bar) = (&done, &bar);
        scope.spawn(move || {
            let t0 = std::time::Instant::now();
            let mut said = std::time::Duration::ZERO;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                ended.recv_timeout(std::time::Duration::from_millis(200))
            {
                let played = done.load(std::sync::atomic::Ordering::Relaxed);
                bar.set_position(played);
                let t = t0.elapsed();
                if bar.is_hidden() && t >= BENCH_QUIET && t - said >= BENCH_EVERY.min(t) {
                    let what = bench::what(a.name(), games, seed, jobs);
                    eprintln!("arena: bench {what}: {played} played in {} s", t.as_secs());
                    said = t;
                }
            }
        });
        let result = bench::bench(a, games, seed, jobs, done);
        drop(finished);
        result
    });
    bar.finish_and_clear();
    let (stats, secs) = result?;
    print!("{}", bench::report(a.name(), game_core::Game::players(&a.start()), games, seed, jobs, &stats, secs));
    Ok(())
}

/// How long `arena bench` runs silently when stderr is not a terminal.
const BENCH_QUIET: std::time::Duration = std::time::Duration::from_secs(2);

/// How often, after [`BENCH_QUIET`], a bench without a terminal says how
/// far it is.
const BENCH_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

fn cmd_bot<A: Adapter>(a: &A, spec: &str, seed: u64) -> Result<(), CliError> {
    let mut bot = play::builtin_bot(a, spec, seed)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    Ok(a.serve(bot.as_mut(), &mut input, &mut output)?)
}

fn cmd_render(record: &std::path::Path, svg: &std::path::Path, ply: Option<usize>) -> Result<(), CliError> {
    files::check_output(svg, files::FileKind::Picture, "the picture")?;
    let (text, start, game) = read_record(record)?;
    let picture = game_arena::with_game!(game, &record_opts(game, &start), |a| render::render(&a, &text, ply)
        .map_err(CliError::from))?;
    play::write_whole(svg, picture).map_err(|source| CliError::Write { path: svg.to_path_buf(), source })?;
    Ok(())
}
