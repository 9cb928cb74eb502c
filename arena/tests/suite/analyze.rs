//! `arena analyze`: recorded games of a strong built-in bot against
//! `random` analysed through the built binary (the random seat loses far
//! more), Parallel Football and four-seat Quoridor records analysed, the
//! same report on any `--jobs`, and bad input refused with a message.

use crate::common;

use common::{refused, run, stdout};
use game_arena::analysis::Analysis;
use std::path::{Path, PathBuf};

/// Plays `args` (`arena play` arguments after the game) with `--record`
/// into `dir`; the records written, in order.
fn record(dir: &Path, game: &str, args: &[&str]) -> Vec<PathBuf> {
    let rec = dir.join("records");
    let mut all = vec!["play", game, "--record", rec.to_str().unwrap()];
    all.extend_from_slice(args);
    let (out, _) = run(&all, "");
    assert!(out.status.success(), "arena {all:?}: {}", String::from_utf8_lossy(&out.stderr));
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&rec).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some()).collect();
    files.sort();
    files
}

/// `arena analyze RECORD args... --json FILE`: the report read back, and
/// what the terminal showed.
fn analyze(record: &Path, args: &[&str]) -> (Analysis, String) {
    let json = record.with_extension(format!("analysis-{}.json", args.join("_").replace([':', '='], "-")));
    let mut all = vec!["analyze", record.to_str().unwrap(), "--json", json.to_str().unwrap()];
    all.extend_from_slice(args);
    let (out, _) = run(&all, "");
    assert!(out.status.success(), "arena {all:?}: {}", String::from_utf8_lossy(&out.stderr));
    let report: Analysis = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (report, stdout(&out))
}

/// Checks what holds for every analysis: one entry per seat turn of the
/// record, numbered from 1, values in `0..=1`, the loss their difference,
/// blunders exactly the losses above the threshold.
fn check_shape(r: &Analysis, record: &Path, threshold: f64) {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    let turns = v["turns"].as_array().unwrap().iter().filter(|t| t.get("player").is_some()).count();
    assert_eq!(r.plies.len(), turns, "one entry per seat turn");
    for (i, p) in r.plies.iter().enumerate() {
        assert_eq!(p.ply, i + 1);
        assert_eq!(
            p.player,
            v["turns"].as_array().unwrap().iter().filter(|t| t.get("player").is_some()).nth(i).unwrap()["player"]
                .as_u64()
                .unwrap() as usize
        );
        assert!((0.0..=1.0).contains(&p.value_before) && (0.0..=1.0).contains(&p.value_after), "{p:?}");
        assert!((p.loss - (p.value_before - p.value_after)).abs() < 1e-12, "{p:?}");
        assert_eq!(p.blunder, p.loss > threshold, "{p:?}");
        assert!(!p.played.is_empty(), "{p:?}");
    }
}

/// Each seat's (mean loss, blunders) over several analyses, by the seat's
/// bot name in the records.
fn by_bot(analysed: &[(Analysis, Vec<String>)], bot: &str) -> (f64, usize) {
    let mine: Vec<_> =
        analysed.iter().flat_map(|(r, bots)| r.plies.iter().filter(move |p| bots[p.player] == bot)).collect();
    assert!(!mine.is_empty(), "{bot} played no ply");
    (mine.iter().map(|p| p.loss).sum::<f64>() / mine.len() as f64, mine.iter().filter(|p| p.blunder).count())
}

/// Two games (seats swapped) of `strong` against `random`, analysed by
/// `search` with the blunder threshold `blunder`: the random seat's mean
/// loss and blunders are well above the strong seat's.
fn random_loses_more(game: &str, strong: &str, search: &str, blunder: &str) {
    let dir = tempfile::tempdir().unwrap();
    let args = ["--bot", strong, "--bot", "random", "--games", "2", "--seed", "11"];
    let mut analysed = Vec::new();
    for rec in record(dir.path(), game, &args) {
        let (r, text) = analyze(&rec, &["--bot", search, "--blunder", blunder]);
        check_shape(&r, &rec, blunder.parse().unwrap());
        assert_eq!((r.game.as_str(), r.bot.as_str()), (game, search));
        assert!(text.contains("mean loss"), "{text}");
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
        let bots = v["bots"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect();
        analysed.push((r, bots));
    }
    let (strong_loss, strong_blunders) = by_bot(&analysed, strong);
    let (random_loss, random_blunders) = by_bot(&analysed, "random");
    eprintln!(
        "{game}: {strong} loses {strong_loss:.3} a ply ({strong_blunders} blunders), random {random_loss:.3} ({random_blunders})"
    );
    assert!(
        random_loss > strong_loss + 0.03 && random_loss > 2.0 * strong_loss,
        "{game}: mean loss {strong} {strong_loss:.3}, random {random_loss:.3}"
    );
    assert!(random_blunders > strong_blunders, "{game}: blunders {strong} {strong_blunders}, random {random_blunders}");
}

#[test]
fn paper_soccer_random_loses_more_than_mcts() {
    random_loses_more("paper-soccer", "mcts:iters=400", "mcts:iters=400", "0.2");
}

#[test]
fn yavalath_random_loses_more_than_alphabeta() {
    random_loses_more("yavalath", "alphabeta:depth=3", "mcts:iters=10000", "0.2");
}

#[test]
fn quoridor_random_loses_more_than_mcts() {
    // A random pawn or wall costs a little at each turn rather than the
    // game at once: the threshold is lower.
    random_loses_more("quoridor", "mcts:iters=300", "mcts:iters=3000", "0.1");
}

#[test]
fn parallel_football_and_four_seat_quoridor_records_are_analysed_ply_by_ply() {
    let dir = tempfile::tempdir().unwrap();
    let pf =
        ["--max-turns", "6", "--p", "2", "--bot", "greedy", "--bot", "random", "--bot", "greedy", "--bot", "random"];
    let q4 = [
        "--players",
        "4",
        "--max-ticks",
        "12",
        "--bot",
        "mcts:iters=50",
        "--bot",
        "random",
        "--bot",
        "random",
        "--bot",
        "random",
    ];
    for (game, args, search) in
        [("parallel-football", &pf[..], "mcts:iters=20"), ("quoridor", &q4[..], "mcts:iters=100")]
    {
        let sub = dir.path().join(game);
        let recs = record(&sub, game, args);
        let (r, text) = analyze(&recs[0], &["--bot", search]);
        check_shape(&r, &recs[0], 0.2);
        // Every seat of the four played and is summed up.
        for seat in 0..4 {
            assert!(r.plies.iter().any(|p| p.player == seat), "{game}: seat {seat} has no ply");
            assert!(
                text.lines().any(|l| l.starts_with(&format!("{seat} "))),
                "{game}: no summary of seat {seat}:\n{text}"
            );
        }
        // Every acting seat's best turn is named.
        assert!(r.plies.iter().all(|p| !p.best.is_empty()), "{game}: {:?}", r.plies);
    }
}

#[test]
fn the_analysis_is_the_same_on_one_thread_and_on_two() {
    let dir = tempfile::tempdir().unwrap();
    let recs = record(dir.path(), "paper-soccer", &["--bot", "mcts:iters=200", "--bot", "random", "--seed", "4"]);
    let (one, text_one) = analyze(&recs[0], &["--bot", "mcts:iters=200", "--jobs", "1"]);
    let (two, text_two) = analyze(&recs[0], &["--bot", "mcts:iters=200", "--jobs", "2"]);
    assert_eq!(one, two);
    assert_eq!(text_one.replace("jobs_1", ""), text_two.replace("jobs_2", ""));
    assert!(one.plies.len() > 2);
}

#[test]
fn bad_input_is_refused_with_a_message_and_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let recs = record(dir.path(), "yavalath", &["--bot", "random", "--bot", "random", "--seed", "2"]);
    let rec = recs[0].to_str().unwrap();
    let not_json = dir.path().join("notes.txt");
    std::fs::write(&not_json, "hello\n").unwrap();
    let no_turns = dir.path().join("no-turns.json");
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(rec).unwrap()).unwrap();
    v["turns"] = serde_json::json!([]);
    v.as_object_mut().unwrap().remove("result");
    std::fs::write(&no_turns, v.to_string()).unwrap();
    let cases: [(&[&str], &str); 8] = [
        (&["analyze", not_json.to_str().unwrap()], "not a JSON record"),
        (&["analyze", "/nonexistent/game.json"], "cannot read /nonexistent/game.json"),
        (&["analyze", no_turns.to_str().unwrap()], "the record holds no turn to analyse"),
        (
            &["analyze", rec, "--bot", "alphabeta:depth=2"],
            "bot \"alphabeta:depth=2\" does not say what a position is worth",
        ),
        (&["analyze", rec, "--bot", "random"], "bot \"random\" does not say what a position is worth"),
        (&["analyze", rec, "--bot", "mcts:iters=0"], "bot \"mcts:iters=0\": iters: expected a whole number"),
        (&["analyze", rec, "--blunder", "1.5"], "expected a number from 0 to 1"),
        (&["analyze", rec, "--jobs", "0"], "expected a whole number from 1"),
    ];
    for (args, message) in cases {
        let line = refused(args);
        assert!(line.contains(message), "arena {args:?}: {line:?} does not say {message:?}");
        assert!(!line.contains("panicked") && !line.contains("Some("), "{line}");
    }
}

#[test]
fn analyze_html_writes_the_page_view_writes_with_the_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let recs = record(dir.path(), "yavalath", &["--bot", "alphabeta:depth=2", "--bot", "random", "--seed", "3"]);
    let rec = recs[0].to_str().unwrap();
    let (json, page, viewed) = (dir.path().join("a.json"), dir.path().join("a.html"), dir.path().join("v.html"));
    let (json, page, viewed) = (json.to_str().unwrap(), page.to_str().unwrap(), viewed.to_str().unwrap());
    let (out, _) = run(&["analyze", rec, "--bot", "mcts:iters=300", "--json", json, "--html", page], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains(&format!("page: {page}")), "{}", stdout(&out));
    let (out, _) = run(&["view", rec, "--html", viewed, "--analysis", json], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(page).unwrap();
    assert_eq!(html, std::fs::read_to_string(viewed).unwrap(), "the same page as arena view --analysis");
    assert!(
        html.contains("analysis: mcts:iters=300") && html.contains("<svg id=\"evalgraph\""),
        "the graph, naming the analysis' search"
    );
}
