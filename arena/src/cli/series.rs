//! `arena play` (a series: plan, jobs, SPRT, resume, report) and
//! `arena merge` (shards' records into one report).

use super::args::Jobs;
use crate::CliError;
use game_arena::games::Adapter;
use game_arena::{play, results, view};
use game_core::Game;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// The options of `arena play` about the series.
pub(crate) struct Series {
    pub(crate) games: u64,
    pub(crate) jobs: Jobs,
    pub(crate) seed: u64,
    pub(crate) game_seed: Option<u64>,
    pub(crate) record: Option<PathBuf>,
    pub(crate) time_factor: f64,
    pub(crate) html: bool,
    pub(crate) shard: Option<String>,
    pub(crate) resume: bool,
    pub(crate) json: Option<PathBuf>,
    pub(crate) sprt: Option<match_stats::Sprt>,
}

/// Seats that use a core while a game is played: external programs and
/// searching built-in bots (`random` and the games' own fixed bots,
/// `greedy` and `walker`, answer at once).
pub(crate) fn thinking_seats(bots: &[String]) -> usize {
    bots.iter()
        .filter(|b| !matches!(play::BotSpec::parse(b), Ok(play::BotSpec::Random | play::BotSpec::Builtin(_))))
        .count()
}

/// The games to play at the same time, and a warning when they ask more
/// cores than the machine has (bots then lose time to each other).
pub(crate) fn choose_jobs(jobs: Jobs, bots: &[String], cores: usize) -> (usize, Option<String>) {
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

pub(crate) fn cmd_play<A: Adapter>(a: &A, bots: &[String], series: &Series) -> Result<(), CliError> {
    let Series { games, jobs, seed, game_seed, ref record, time_factor, html, ref shard, resume, ref json, ref sprt } =
        *series;
    let record = record.clone();
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
        if plan.shard_games() == 0 {
            return Err(CliError::EmptyShard { shard: plan.shard, games });
        }
    }
    if let Some(path) = json {
        game_arena::files::check_output(path, game_arena::files::FileKind::Summary, "the summary")?;
    }
    let mut prior = Vec::new();
    if let Some(dir) = &record {
        // Before any game: no record is replaced, and the folder's other
        // files are only noted.
        let key = results::SeriesKey { game: a.name().into(), config: a.config(), seed, bots: bots.clone() };
        let found = results::check_record_folder(dir, &key, resume, |i| plan.plays(i))?;
        for note in &found.notes {
            eprintln!("arena: {note}");
        }
        if resume {
            if let Some(g) = found.games.iter().find(|g| g.index >= games) {
                return Err(CliError::BeyondSeries { index: g.index, games });
            }
            prior = found.games.into_iter().filter(|g| plan.shard.has(g.index)).collect();
            plan.done = prior.iter().map(|g| g.index).collect();
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (jobs, warning) = choose_jobs(jobs, &bots, cores);
    if let Some(w) = warning {
        eprintln!("arena: {w}");
    }
    let mut replay_args = game_arena::registry::config_args(a);
    if time_factor != 1.0 {
        replay_args.extend(["--time-factor".to_string(), time_factor.to_string()]);
    }
    let opts = play::PlayOptions { time_factor, record_dir: record, replay_args };
    let planned = plan.shard_games();
    let to_play = planned - prior.len() as u64;
    let bar = progress_bar(to_play, "games");
    // The SPRT looks at every game so far (the records resumed included)
    // after each game, and stops new games once it decides.
    let so_far = std::sync::Mutex::new(if sprt.is_some() { prior.clone() } else { Vec::new() });
    let on_game = |g: &play::GameSummary| {
        bar.inc(1);
        let Some(test) = sprt else { return true };
        let Ok(mut all) = so_far.lock() else { return true };
        all.push(g.clone());
        let Some(s) = match_stats::summarize(&names, seats, all.iter().map(play::GameSummary::result), Some(test))
            .head_to_head
            .and_then(|h| h.sprt)
        else {
            return true;
        };
        let s = s.status;
        let line = format!("SPRT LLR {:.2} ({:.2}, {:.2})", s.llr, s.lower, s.upper);
        if bar.is_hidden() {
            if all.len() % 10 == 0 || s.decision != match_stats::SprtDecision::Continue {
                eprintln!("arena: {} games, {line}", all.len());
            }
        } else {
            bar.set_message(line);
        }
        s.decision == match_stats::SprtDecision::Continue
    };
    let run = play::play_series(a, &bots, &plan, jobs, &opts, &on_game)?;
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    if run.games.len() == 1 && prior.is_empty() {
        let g = &run.games[0];
        let _ = writeln!(out, "{}", g.final_position);
        let _ = writeln!(out, "result: {} by {}", g.outcome, g.reason);
        let mut shown = vec![false; g.stderr_last.len()];
        for e in &g.errors {
            let seat = usize::from(e.seat);
            let first = shown.get(seat) == Some(&false);
            if first {
                shown[seat] = true;
            }
            write_failure(&mut out, e, g.stderr_last.get(seat).filter(|_| first));
        }
        if g.error_count > g.errors.len() {
            let more = g.error_count - g.errors.len();
            let _ = match &opts.record_dir {
                Some(_) => writeln!(out, "  ... and {more} more (all in the record)"),
                None => writeln!(out, "  ... and {more} more (--record DIR keeps them all)"),
            };
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
    if all.len() > 1 {
        write_first_failures(&mut out, &names, &all);
    }
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

/// Writes a failure and, under it, `stderr_last`: the last lines the bot
/// wrote to stderr (a panic message, a line number), each marked as the
/// bot's (under a seat's first failure only).
fn write_failure(out: &mut impl Write, e: &play::ErrorEntry, stderr_last: Option<&Vec<String>>) {
    let _ = writeln!(out, "  seat {} turn {}: {}: {}", e.seat, e.turn, e.kind, e.message);
    for line in stderr_last.into_iter().flatten() {
        let _ = writeln!(out, "    seat {} stderr | {line}", e.seat);
    }
}

/// After a series' table: the first failure of each bot that failed (in
/// the earliest game), with its last stderr lines and the command that
/// replays that game.
fn write_first_failures(out: &mut impl Write, names: &[String], games: &[play::GameSummary]) {
    let firsts: Vec<(&String, &play::GameSummary, &play::ErrorEntry)> = names
        .iter()
        .enumerate()
        .filter_map(|(entrant, name)| {
            games.iter().find_map(|g| {
                let seat = g.entrants.iter().position(|&e| e == entrant)?;
                let e = g.errors.iter().find(|e| usize::from(e.seat) == seat)?;
                Some((name, g, e))
            })
        })
        .collect();
    if firsts.is_empty() {
        return;
    }
    let _ = writeln!(out, "first failure of each bot that failed:");
    for (name, g, e) in firsts {
        let _ = writeln!(out, "{name} in game {} (replay: {}):", g.index, g.replay);
        write_failure(out, e, g.stderr_last.get(usize::from(e.seat)));
    }
}

/// A progress bar of `len` `things` (`games`, `positions`) on stderr when
/// it is a terminal and there is more than one; hidden otherwise.
pub(crate) fn progress_bar(len: u64, things: &str) -> indicatif::ProgressBar {
    if !(std::io::stderr().is_terminal() && len > 1) {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {things}, {{elapsed}} elapsed, eta {{eta}} {{msg}}"
    )) {
        b.set_style(style);
    }
    b
}

pub(crate) fn write_json(path: &std::path::Path, report: &results::Report) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(report).map_err(|e| CliError::Output(e.into()))?;
    play::write_whole(path, text + "\n").map_err(|source| CliError::Write { path: path.to_path_buf(), source })
}

pub(crate) fn cmd_merge(dirs: &[PathBuf], json: Option<&std::path::Path>) -> Result<(), CliError> {
    if let Some(path) = json {
        game_arena::files::check_output(path, game_arena::files::FileKind::Summary, "the summary")?;
    }
    let results::SeriesRecords { key, games, notes } = results::read_series(dirs, None)?;
    for note in &notes {
        eprintln!("arena: {note}");
    }
    let Some(key) = key else {
        return Err(results::ResultsError::Empty { dirs: dirs.to_vec(), skipped: notes }.into());
    };
    let report = results::Report::new(&key, &games, None, results::Ending::Complete, None);
    print!("{}", report.text());
    if let Some(path) = json {
        write_json(path, &report)?;
    }
    let gaps = results::missing_games(games.iter().map(|g| g.index));
    if gaps.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = gaps
        .iter()
        .map(|r| if r.start() == r.end() { r.start().to_string() } else { format!("{}-{}", r.start(), r.end()) })
        .collect();
    let missing: u64 = gaps.iter().map(|r| r.end() - r.start() + 1).sum();
    eprintln!(
        "arena: warning: the series has no record of game {} ({missing} missing): a shard that has not finished, or a \
         directory left out? The table above holds the {} games present",
        list.join(", "),
        games.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::parse_jobs;

    #[test]
    fn jobs_auto_gives_each_thinking_seat_a_core_and_more_jobs_are_warned_about() {
        let ext = |n: usize| vec!["cmd:./bot".to_string(); n];
        assert_eq!(choose_jobs(Jobs::Auto, &ext(2), 2), (1, None));
        assert_eq!(choose_jobs(Jobs::Auto, &ext(2), 8), (4, None));
        assert_eq!(choose_jobs(Jobs::Auto, &["random".into(), "random".into()], 2), (2, None), "random takes no core");
        let fixed = ["mcts".to_string(), "greedy".into()];
        assert_eq!(choose_jobs(Jobs::Count(2), &fixed, 2), (2, None), "greedy takes no core: two games fit two cores");
        let fixed = ["mcts".to_string(), "walker".into()];
        assert_eq!(choose_jobs(Jobs::Count(2), &fixed, 2), (2, None), "nor does walker");
        assert_eq!(choose_jobs(Jobs::Auto, &ext(4), 2).0, 1, "at least one game");
        let (jobs, warning) = choose_jobs(Jobs::Count(2), &ext(2), 2);
        assert_eq!(jobs, 2);
        let w = warning.expect("4 bots on 2 cores");
        assert!(w.contains("runs 4 bots on 2 cores") && w.contains("--jobs auto chooses 1"), "{w}");
        assert_eq!(choose_jobs(Jobs::Count(1), &ext(2), 2).1, None);
        assert_eq!(parse_jobs("auto"), Ok(Jobs::Auto));
        assert_eq!(parse_jobs("3"), Ok(Jobs::Count(3)));
        assert!(parse_jobs("0").is_err() && parse_jobs("x").is_err());
    }
}
