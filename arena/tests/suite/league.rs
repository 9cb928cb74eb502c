//! `arena league` end to end: both schedules, stopping (SIGKILL, a partial
//! budget) and resuming to the same table, adding and removing bots, the
//! ratings against an independent Bradley–Terry fit, 4-seat groups, and
//! the HTML page in headless Chromium (skipped without `/usr/bin/chromium`).

use crate::common;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;

/// Two identical bots under two names, a weak and a strong one.
const BOTS: [&str; 4] =
    ["name=a,mcts:iters=200", "name=b,mcts:iters=200", "name=random,random", "name=strong,mcts:iters=2000"];

/// Runs `arena league GAME DIR args...` and returns its stdout and the
/// `--json` table (the run must succeed).
fn league(game: &str, dir: &Path, args: &[&str]) -> (String, Value) {
    let json = dir.with_extension("json");
    let mut all = vec!["league", game, dir.to_str().expect("utf-8"), "--json", json.to_str().expect("utf-8")];
    all.extend_from_slice(args);
    let (o, _) = common::run(&all, "");
    let out = common::stdout(&o);
    assert!(o.status.success(), "arena {all:?}: {out}{}", String::from_utf8_lossy(&o.stderr));
    (out, serde_json::from_str(&std::fs::read_to_string(&json).expect("json written")).expect("json"))
}

/// `--bot SPEC` for each spec.
fn bot_args<'a>(specs: &[&'a str]) -> Vec<&'a str> {
    specs.iter().flat_map(|s| ["--bot", s]).collect()
}

/// The complete records under a league directory.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for group in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if group.path().is_dir() {
            for f in std::fs::read_dir(group.path()).into_iter().flatten().flatten() {
                let name = f.file_name().to_string_lossy().into_owned();
                if name.ends_with(".json") && !name.starts_with('.') {
                    out.push(f.path());
                }
            }
        }
    }
    out
}

/// The leaderboard's rows by name.
fn row<'a>(t: &'a Value, name: &str) -> &'a Value {
    t["rows"].as_array().expect("rows").iter().find(|r| r["name"] == name).unwrap_or_else(|| panic!("no row {name}"))
}

/// The names in leaderboard order.
fn order(t: &Value) -> Vec<String> {
    t["rows"].as_array().expect("rows").iter().map(|r| r["name"].as_str().expect("name").to_string()).collect()
}

/// The cross table's cell of `x` against `y`.
fn cell<'a>(t: &'a Value, x: &str, y: &str) -> &'a Value {
    let names = order(t);
    let i = names.iter().position(|n| n == x).expect("x");
    let j = names.iter().position(|n| n == y).expect("y");
    &t["cross"][i][j]
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a finite number: {v}"))
}

/// An interval's end: a number, or an infinite side (`"+inf"`, `"-inf"`).
fn end(v: &Value) -> f64 {
    match v.as_str() {
        Some("+inf") => f64::INFINITY,
        Some("-inf") => f64::NEG_INFINITY,
        _ => num(v),
    }
}

/// Strong first, random last, and the two identical bots not told apart;
/// with `separated`, strong's interval above random's.
fn assert_strengths_ordered(t: &Value, separated: bool) {
    let names = order(t);
    assert_eq!(names.first().map(String::as_str), Some("strong"), "{names:?}");
    assert_eq!(names.last().map(String::as_str), Some("random"), "{names:?}");
    if separated {
        assert!(num(&row(t, "strong")["rating"]["low"]) > num(&row(t, "random")["rating"]["high"]), "{t}");
    }
    let ab = &cell(t, "a", "b")["elo"];
    assert!(end(&ab["low"]) <= 0.0 && end(&ab["high"]) >= 0.0, "a against b: {ab}");
}

#[test]
fn a_round_robin_orders_strengths_and_a_killed_or_partial_run_resumes_to_the_same_table() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let bots = bot_args(&BOTS);
    let whole = tmp.path().join("whole");
    let mut args = bots.clone();
    args.extend(["--games-per-pairing", "6"]);
    let (out, table) = league("yavalath", &whole, &args);
    assert!(out.contains("this run played 36 games"), "{out}");
    assert_eq!(table["games"], 36);
    assert_strengths_ordered(&table, true);
    for r in table["rows"].as_array().expect("rows") {
        assert_eq!(r["games"], 18, "every bot plays 6 games against each of 3 others");
    }

    // Part of the budget, then the rest.
    let partial = tmp.path().join("partial");
    let mut first = bots.clone();
    first.extend(["--games-per-pairing", "2"]);
    assert_eq!(league("yavalath", &partial, &first).1["games"], 12);
    let (out, resumed) = league("yavalath", &partial, &["--games-per-pairing", "6"]);
    assert!(out.contains("this run played 24 games"), "the bots come from DIR/bots.txt: {out}");
    assert_eq!(resumed, table, "a league resumed equals one uninterrupted run");

    // Two shards in two directories, read together.
    let shard = |i: &str| {
        let d = tmp.path().join(format!("shard{i}"));
        let mut a = args.clone();
        a.extend(["--shard", i]);
        let (_, t) = league("yavalath", &d, &a);
        (d, t["games"].as_u64().expect("games"))
    };
    let ((d0, n0), (d1, n1)) = (shard("0/2"), shard("1/2"));
    assert!(n0 > 0 && n1 > 0 && n0 + n1 == 36, "the shards share the games: {n0} + {n1}");
    let (out, merged) = league("yavalath", &d0, &["--games-per-pairing", "6", "--merge", d1.to_str().expect("utf-8")]);
    assert!(out.contains("this run played 0 games"), "{out}");
    assert_eq!(merged, table, "the shards read together equal one run");

    // SIGKILL in the middle of the run, then the same command again.
    let killed = tmp.path().join("killed");
    let mut cmd_args = vec!["league", "yavalath", killed.to_str().expect("utf-8")];
    cmd_args.extend(&args);
    let mut child =
        common::arena().args(&cmd_args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("arena starts");
    let t = std::time::Instant::now();
    while records(&killed).len() < 8 && t.elapsed() < std::time::Duration::from_secs(120) {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let before = records(&killed).len();
    println!("killed after {before} of 36 games");
    let (_, resumed) = league("yavalath", &killed, &args);
    assert_eq!(resumed, table, "a league killed and run again equals one uninterrupted run");
}

#[test]
fn bots_added_and_removed_keep_every_game_played() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("league");
    let mut args = bot_args(&BOTS);
    args.extend(["--games-per-pairing", "2"]);
    league("yavalath", &dir, &args);
    let (out, t) = league("yavalath", &dir, &["--games-per-pairing", "2", "--bot", "name=c,mcts:iters=50"]);
    assert!(out.contains("this run played 8 games"), "only the new bot's pairings: {out}");
    assert_eq!(t["games"], 20);
    assert_eq!(records(&dir).len(), 20);
    // Removed from bots.txt: its games stay, out of the table unless asked.
    let bots_txt = dir.join("bots.txt");
    let text = std::fs::read_to_string(&bots_txt).expect("bots.txt");
    std::fs::write(&bots_txt, text.lines().filter(|l| !l.starts_with("name=c,")).collect::<Vec<_>>().join("\n"))
        .expect("write");
    let (out, t) = league("yavalath", &dir, &["--games-per-pairing", "2"]);
    assert!(out.contains("this run played 0 games"), "{out}");
    assert_eq!((t["games"].as_u64(), order(&t).len()), (Some(12), 4));
    let (_, t) = league("yavalath", &dir, &["--games-per-pairing", "2", "--include-removed"]);
    assert_eq!((t["games"].as_u64(), order(&t).len()), (Some(20), 5));
    assert_eq!(row(&t, "c")["removed"], true);
    assert_eq!(records(&dir).len(), 20);
    // The anchor is rated 0.
    let (_, t) = league("yavalath", &dir, &["--games-per-pairing", "2", "--anchor", "random"]);
    assert!(num(&row(&t, "random")["rating"]["value"]).abs() < 1e-9);
    assert!(num(&row(&t, "strong")["rating"]["value"]) > 0.0);
    // Refused: a name that now stands for another spec, two specs under one
    // name, a bot without a name, an odd round robin.
    let refused = |extra: &[&str], what: &str| {
        let mut all = vec!["league", "yavalath", dir.to_str().expect("utf-8")];
        all.extend_from_slice(extra);
        if !extra.contains(&"--games-per-pairing") {
            all.extend(["--games-per-pairing", "2"]);
        }
        let (o, _) = common::run(&all, "");
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(what), "{extra:?}: {err}");
    };
    refused(&["--bot", "name=a,mcts:iters=300"], "bots.txt but \"name=a,mcts:iters=300\" on the command line");
    refused(&["--bot", "name=c,random"], "bot \"c\" is");
    refused(&["--bot", "mcts:iters=10"], "needs a name");
    refused(&["--games-per-pairing", "3"], "not a multiple");
}

#[test]
fn the_continuous_league_resumed_equals_one_run_and_orders_the_bots() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let bots = bot_args(&BOTS);
    let whole = tmp.path().join("whole");
    let mut args = bots.clone();
    args.extend(["--games", "40"]);
    let (out, table) = league("yavalath", &whole, &args);
    assert!(out.contains("this run played 40 games"), "{out}");
    assert_strengths_ordered(&table, false);
    let parts = tmp.path().join("parts");
    let mut first = bots.clone();
    first.extend(["--games", "14"]);
    assert_eq!(league("yavalath", &parts, &first).1["games"], 14);
    let (_, resumed) = league("yavalath", &parts, &["--games", "40"]);
    assert_eq!(resumed, table, "a continuous league resumed equals one uninterrupted run");
}

#[cfg(unix)] // SIGTERM is sent with kill(1).
#[test]
fn a_continuous_league_stopped_by_sigterm_prints_its_table_and_resumes_to_one_run() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut args = bot_args(&BOTS);
    args.extend(["--games", "30"]);
    let (_, whole) = league("yavalath", &tmp.path().join("whole"), &args);
    let dir = tmp.path().join("stopped");
    let mut cmd_args = vec!["league", "yavalath", dir.to_str().expect("utf-8")];
    cmd_args.extend(&args);
    let child =
        common::arena().args(&cmd_args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("arena starts");
    let t = std::time::Instant::now();
    while records(&dir).len() < 7 && t.elapsed() < std::time::Duration::from_secs(120) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let _ = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let o = child.wait_with_output().expect("arena ends");
    let out = common::stdout(&o);
    let stopped_at = records(&dir).len();
    println!("SIGTERM after {stopped_at} games: exit {:?}", o.status.code());
    if stopped_at < 30 {
        assert_eq!(o.status.code(), Some(143), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(out.contains("league of yavalath") && out.contains(&format!("{stopped_at} games")), "{out}");
    }
    let (_, resumed) = league("yavalath", &dir, &["--games", "30"]);
    assert_eq!(resumed, whole, "a league stopped by SIGTERM and run again equals one uninterrupted run");
}

/// Bradley–Terry by Hunter's MM iteration on the points of each pair
/// (a draw half a win): `γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, on the Elo
/// scale with mean 0.
fn bradley_terry(points: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<f64> {
    let n = points.len();
    let mut g = vec![1.0f64; n];
    for _ in 0..20_000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let w: f64 = points[i].iter().sum();
                let d: f64 = (0..n).filter(|&j| j != i).map(|j| games[i][j] / (g[i] + g[j])).sum();
                w / d
            })
            .collect();
        let mean_log = next.iter().map(|x| x.ln()).sum::<f64>() / n as f64;
        g = next.iter().map(|x| (x.ln() - mean_log).exp()).collect();
    }
    g.iter().map(|x| 400.0 * x.log10()).collect()
}

#[test]
fn ratings_agree_with_an_independent_bradley_terry_fit() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("nim");
    let specs = ["name=r1,random", "name=r2,random", "name=m2,mcts:iters=2", "name=m4,mcts:iters=4"];
    let mut args = bot_args(&specs);
    args.extend(["--games-per-pairing", "10", "--seed", "3"]);
    let (_, t) = league("nim", &dir, &args);
    let names = order(&t);
    let n = names.len();
    let mut points = vec![vec![0.0; n]; n];
    let mut games = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in (0..n).filter(|&j| j != i) {
            let c = &t["cross"][i][j];
            points[i][j] = num(&c["points"]);
            games[i][j] = num(&c["games"]);
            assert!(points[i][j] > 0.0 && points[i][j] < games[i][j], "a sweep: no finite reference ({c})");
        }
    }
    let reference = bradley_terry(&points, &games);
    for (i, name) in names.iter().enumerate() {
        let fit = num(&row(&t, name)["rating"]["value"]);
        // The fit's weak prior pulls ratings of 30 games by ~1 % to 0.
        assert!(
            (fit - reference[i]).abs() < 0.02 * reference[i].abs() + 1.0,
            "{name}: fit {fit}, reference {}",
            reference[i]
        );
        println!("{name}: fit {fit:.2}, reference {:.2}", reference[i]);
    }
}

#[test]
fn four_seat_groups_meet_every_bot_equally_often() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("q4");
    let specs = ["name=r1,random", "name=r2,random", "name=r3,random", "name=r4,random", "name=m,mcts:iters=20"];
    let mut args = bot_args(&specs);
    args.extend(["--players", "4", "--games-per-pairing", "4"]);
    let (_, t) = league("quoridor", &dir, &args);
    assert_eq!(t["games"], 20, "5 groups of four, every seat rotation each");
    let names = order(&t);
    for (i, x) in names.iter().enumerate() {
        assert_eq!(row(&t, x)["games"], 16);
        for j in (0..names.len()).filter(|&j| j != i) {
            assert_eq!(t["cross"][i][j]["games"], 12, "{x} meets every other bot in 3 groups of 4 games");
        }
    }
    // Continuous with four seats plays whole rounds of four.
    let cont = tmp.path().join("q4c");
    let mut args = bot_args(&specs);
    args.extend(["--players", "4", "--games", "10"]);
    assert_eq!(league("quoridor", &cont, &args).1["games"], 12);
}

#[test]
fn the_page_shows_the_table_and_the_chart_in_headless_chromium() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("page");
    let html = tmp.path().join("league.html");
    let mut args = bot_args(&BOTS);
    args.extend(["--games-per-pairing", "2", "--html", html.to_str().expect("utf-8")]);
    league("yavalath", &dir, &args);
    let page = std::fs::read_to_string(&html).expect("page written");
    for forbidden in ["src=", "href=", "<script", "<link"] {
        assert!(!page.contains(forbidden), "the page loads nothing: {forbidden}");
    }
    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        println!("SKIPPED: no /usr/bin/chromium (install Debian's chromium package to run the browser test)");
        return;
    }
    let o = std::process::Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        .arg(format!("--user-data-dir={}", tmp.path().join("profile").display()))
        .args(["--virtual-time-budget=2000", "--dump-dom"])
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "chromium: {}", String::from_utf8_lossy(&o.stderr));
    let dom = String::from_utf8_lossy(&o.stdout);
    assert_eq!(dom.matches("<tr class=\"bot\">").count(), 4, "a leaderboard row per bot");
    assert_eq!(dom.matches("class=\"pair\"").count(), 12, "a heat-map cell per ordered pair");
    assert_eq!(dom.matches("<circle class=\"rating\"").count(), 4, "a rating dot per bot");
    assert_eq!(dom.matches("class=\"interval\"").count(), 4, "an interval per bot");
    assert!(dom.contains("id=\"ratings\""));
}
