//! `arena analyze`: every ply of a record evaluated by a search
//! ([`game_arena::analysis`]), the blunders printed with their best moves,
//! then a summary per seat; `--json` writes the whole report, `--html` the
//! replay page with the evaluation graph.

use super::args::AnalyzeArgs;
use super::series::progress_bar;
use crate::CliError;
use game_arena::analysis::{self, Analysis, AnalysisOptions};
use game_arena::games::Adapter;
use game_arena::judge::RecordStart;
use game_arena::{play, view};
use std::fmt::Write as _;
use std::io::Write;

/// Refuses, before any search, output files that would replace another
/// kind of file (a record, a page where the analysis goes...).
pub(crate) fn check_outputs(args: &AnalyzeArgs) -> Result<(), CliError> {
    use game_arena::files::{FileKind, check_output};
    if let Some(path) = &args.json {
        check_output(path, FileKind::Analysis, "the analysis")?;
    }
    if let Some(path) = &args.html {
        check_output(path, FileKind::Page, "the page")?;
    }
    Ok(())
}

/// Analyses the JSON record `record` (its text) of `a`, whose start
/// `start` is read.
pub(crate) fn cmd_analyze<A: Adapter>(
    a: &A,
    record: &str,
    start: &RecordStart,
    args: &AnalyzeArgs,
) -> Result<(), CliError> {
    let opts = AnalysisOptions { bot: args.bot.clone(), jobs: args.jobs.threads(), blunder: args.blunder };
    let bar = progress_bar(2, "positions");
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let report = analysis::analyze(a, record, &opts, &progress);
    bar.finish_and_clear();
    let report = report?;
    let bots = &start.bots;
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{}", text(&report, bots, args.blunder));
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&report).map_err(|e| CliError::Output(e.into()))?;
        play::write_whole(path, json + "\n").map_err(|source| CliError::Write { path: path.clone(), source })?;
        let _ = writeln!(out, "analysis: {}", path.display());
    }
    if let Some(path) = &args.html {
        let page = view::page(&view::replay(a, record, Some(&report))?);
        play::write_whole(path, page).map_err(|source| CliError::Write { path: path.clone(), source })?;
        let _ = writeln!(out, "page: {}", path.display());
    }
    let _ = out.flush();
    Ok(())
}

/// What a value means in this game with this many seats, and what an
/// even position is worth ([`analysis::even_value`]).
fn values_meaning(game: &str, seats: usize) -> String {
    let even = analysis::even_value(game, seats);
    let what = if seats <= 2 {
        format!("score of the seat that played, from 0 (a loss) to 1 (a win), {even} even")
    } else if even == 0.5 {
        format!("ranking score of the seat that played, from 0 (last of {seats}) to 1 (first), 0.5 even")
    } else {
        format!("share of the score of the seat that played, from 0 to 1, {even} an even share of {seats} seats")
    };
    format!("values: the expected {what}")
}

/// The terminal report: the blunders, then each seat's mean loss and
/// blunder count.
fn text(r: &Analysis, bots: &[String], threshold: f64) -> String {
    let bot = |seat: usize| bots.get(seat).map_or("?", String::as_str);
    let mut s = String::new();
    let seats = r.plies.iter().map(|p| p.player + 1).max().unwrap_or(0).max(bots.len());
    let _ =
        writeln!(s, "{}: {} plies evaluated by {} ({})", r.game, r.plies.len(), r.bot, values_meaning(&r.game, seats));
    let blunders: Vec<_> = r.plies.iter().filter(|p| p.blunder).collect();
    if blunders.is_empty() {
        let _ = writeln!(s, "no blunder (no loss above {threshold})");
    } else {
        let _ = writeln!(s, "blunders (a loss above {threshold}):");
        let played = blunders.iter().map(|p| p.played.len()).max().unwrap_or(0).max(6);
        for p in blunders {
            let _ = writeln!(
                s,
                "  ply {:>4}  seat {} ({})  played {:<played$}  best {}  value {:.2} -> {:.2}, loss {:.2}",
                p.ply,
                p.player,
                bot(p.player),
                p.played,
                p.best,
                p.value_before,
                p.value_after,
                p.loss
            );
        }
    }
    let width = (0..seats).map(|i| bot(i).len()).max().unwrap_or(0).max(3);
    let _ = writeln!(s, "seat  {:<width$}  plies  mean loss  blunders", "bot");
    for seat in 0..seats {
        let mine: Vec<_> = r.plies.iter().filter(|p| p.player == seat).collect();
        let mean = if mine.is_empty() { 0.0 } else { mine.iter().map(|p| p.loss).sum::<f64>() / mine.len() as f64 };
        let _ = writeln!(
            s,
            "{seat:<4}  {:<width$}  {:>5}  {mean:>9.3}  {:>8}",
            bot(seat),
            mine.len(),
            mine.iter().filter(|p| p.blunder).count()
        );
    }
    s
}
