//! `arena view` and `arena play --record DIR --html`: the replay pages of a
//! recorded game of each game (an illegal answer, time-outs with
//! substitutes, four Quoridor players), checked as documents (well-formed
//! frames, one per ply, nothing loaded from the network) and, where
//! `/usr/bin/chromium` is installed, in a headless browser.
//!
//! Unix only: the external bots here are shell scripts (`sh`), which
//! Windows does not have.
#![cfg(unix)]

mod common;

use game_arena::analysis::{Analysis, PlyAnalysis};
use game_arena::view::{self, decode_frames, page_data};
use nim::protocol::Referee as NimReferee;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser the browser test drives (Debian's `chromium` package).
const CHROMIUM: &str = "/usr/bin/chromium";

/// One recorded series per case: (name, `arena play` arguments).
fn cases() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("paper-soccer", vec!["paper-soccer", "--seed", "3"]),
        // Answers nonsense: an illegal answer, the game lost on its first turn.
        (
            "yavalath-error",
            vec!["yavalath", "--bot", "cmd:sh -c 'read a; read b; echo nonsense; cat >/dev/null'", "--bot", "random"],
        ),
        // Answers once, then never: time-outs, each turn a substitute.
        (
            "quoridor-timeout",
            vec![
                "quoridor",
                "--max-ticks",
                "16",
                "--bot",
                "cmd:sh -c 'read a; read b; echo 4 1 0; sleep 5'",
                "--bot",
                "random",
            ],
        ),
        ("quoridor-4", vec!["quoridor", "--players", "4", "--seed", "5"]),
        (
            "parallel-football",
            vec![
                "parallel-football",
                "--max-turns",
                "40",
                "--bot",
                "greedy",
                "--bot",
                "random",
                "--bot",
                "greedy",
                "--bot",
                "random",
            ],
        ),
    ]
}

/// Plays each case with `--record DIR --html` into `root/<case>` and
/// returns `(case, record, page)` for every game.
fn play_all(root: &Path) -> Vec<(String, Value, PathBuf)> {
    let mut out = Vec::new();
    for (name, args) in cases() {
        let dir = root.join(name);
        let mut full: Vec<&str> = vec!["play"];
        full.extend(&args);
        let d = dir.to_str().expect("utf-8 path");
        full.extend(["--record", d, "--html"]);
        let (o, _) = common::run(&full, "");
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(common::stdout(&o).contains("pages: "), "{name}: {}", common::stdout(&o));
        let index = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
        let mut n = 0;
        for e in std::fs::read_dir(&dir).expect("record dir") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "json") {
                let page = p.with_extension("html");
                let file = page.file_name().and_then(|f| f.to_str()).expect("name").to_string();
                assert!(index.contains(&format!("href=\"{file}\"")), "{name}: index links {file}");
                let rec: Value = serde_json::from_str(&std::fs::read_to_string(&p).expect("record")).expect("json");
                out.push((name.to_string(), rec, page));
                n += 1;
            }
        }
        assert!(n >= 1, "{name}: no record");
        assert!(index.contains("avg score"), "{name}: the results table is on the index page");
    }
    out
}

fn assert_no_network(name: &str, html: &str) {
    let rest = html.replace("http://www.w3.org/2000/svg", "");
    assert!(!rest.contains("http://") && !rest.contains("https://"), "{name}: a network reference");
    for tag in ["<script src", "<link", "<img", "@import", "url(http"] {
        assert!(!rest.contains(tag), "{name}: {tag}");
    }
}

/// The checks on one page, returning its number of plies.
fn check_page(name: &str, rec: &Value, page: &Path) -> usize {
    let html = std::fs::read_to_string(page).expect("page written");
    assert_no_network(name, &html);
    let data = page_data(&html).expect("page data");
    let frames = decode_frames(&data).expect("frames decode");
    for (i, f) in frames.iter().enumerate() {
        let doc = roxmltree::Document::parse(f).unwrap_or_else(|e| panic!("{name}: frame {i}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{name}: frame {i}");
    }
    let plies = &data.plies;
    let turns = rec["turns"].as_array().expect("turns");
    assert_eq!(plies.len(), turns.len() + 1, "{name}: one ply per judged turn, plus the start");
    // Every frame belongs to exactly one ply, in order; one per ply except
    // Paper Soccer's steps.
    let mut next = 0;
    for (k, p) in plies.iter().enumerate() {
        let (f0, f1) = (p.f0, p.f1);
        assert_eq!(f0, next, "{name}: ply {k}");
        assert!(f1 > f0, "{name}: ply {k} has a frame");
        if name != "paper-soccer" {
            assert_eq!(f1, f0 + 1, "{name}: ply {k}: one frame");
        }
        next = f1;
    }
    assert_eq!(next, frames.len(), "{name}: every frame belongs to a ply");
    // Errors and substitutes are on the plies where they happened.
    for (k, t) in turns.iter().enumerate() {
        assert_eq!(plies[k + 1].error.as_deref(), t["error"].as_str(), "{name}: ply {}", k + 1);
        assert_eq!(plies[k + 1].sub, t["substituted"].as_bool().unwrap_or(false));
    }
    let reason = rec["result"]["reason"].as_str().expect("reason");
    assert!(data.result.contains(reason), "{name}: the result's reason");
    match name {
        "yavalath-error" => {
            assert!(plies[1].error.is_some(), "{name}: the error on ply 1");
            assert!(html.contains("\\\"nonsense\\\""), "{name}: the answer as received, quoted");
        }
        "quoridor-timeout" => assert!(plies.iter().any(|p| p.error.as_deref() == Some("timeout") && p.sub)),
        "quoridor-4" => assert!(frames[0].contains("P3"), "{name}: four players in the legend"),
        "parallel-football" => {
            assert!(html.contains("id=\"chart\""), "{name}: the score chart");
            assert!(frames.iter().any(|f| f.contains("marker-end")), "{name}: kicks as arrows");
        }
        _ => {}
    }
    plies.len() - 1
}

#[test]
fn pages_are_well_formed_with_one_frame_per_ply() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, rec, page) in play_all(dir.path()) {
        check_page(&name, &rec, &page);
    }
}

#[test]
fn view_writes_the_page_of_a_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().to_str().expect("utf-8");
    let (o, _) = common::run(&["play", "yavalath", "--record", d], "");
    assert!(o.status.success());
    let rec = dir.path().join("yavalath-00000.json");
    let out = dir.path().join("game.html");
    let (o, _) = common::run(&["view", rec.to_str().expect("utf-8"), "--html", out.to_str().expect("utf-8")], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&rec).expect("record")).expect("json");
    check_page("yavalath", &v, &out);
    // Not a record: exit code 2 and a message.
    let (o, _) = common::run(&["view", out.to_str().expect("utf-8"), "--html", out.to_str().expect("utf-8")], "");
    assert_eq!(o.status.code(), Some(2));
}

/// Whether the browser is missing (the browser tests then say so and pass).
fn no_chromium() -> bool {
    let missing = !Path::new(CHROMIUM).exists();
    if missing {
        println!("SKIPPED: no {CHROMIUM} (install Debian's chromium package to run the browser test)");
    }
    missing
}

/// Runs headless Chromium on `url` with `extra` flags and returns stdout.
fn chromium(profile: &Path, extra: &[&str], url: &str) -> String {
    let o = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--virtual-time-budget=2000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(o.status.success(), "chromium failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The text of the element with this id in a dumped DOM.
fn element_text(dom: &str, id: &str) -> String {
    let open = format!("id=\"{id}\">");
    let start = dom.find(&open).map(|i| i + open.len()).unwrap_or_else(|| panic!("no #{id} in the DOM"));
    dom[start..].split('<').next().unwrap_or("").replace("&amp;", "&").replace("&#39;", "'").replace("&quot;", "\"")
}

#[test]
fn pages_work_in_headless_chromium() {
    if no_chromium() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    // One thread a page, each browser with a profile of its own (two
    // browsers cannot share one): the pages load side by side.
    std::thread::scope(|s| {
        for (i, (name, rec, page)) in play_all(&dir.path().join("games")).into_iter().enumerate() {
            let root = dir.path();
            s.spawn(move || check_page_in_chromium(root, &root.join(format!("profile-{i}")), &name, &rec, &page));
        }
    });
}

/// The page of one record in headless Chromium: "next" and "last" move
/// the counter, the result shows at the end, and a screenshot is not blank.
fn check_page_in_chromium(dir: &Path, profile: &Path, name: &str, rec: &Value, page: &Path) {
    let plies = rec["turns"].as_array().expect("turns").len();
    let url = format!("file://{}", page.display());
    // "next" from the start: ply 1.
    let dom = chromium(profile, &["--dump-dom"], &format!("{url}#press=next"));
    let counter = element_text(&dom, "ply");
    assert!(counter.starts_with(&format!("1 / {plies}")), "{name}: after next: {counter:?}");
    if plies > 1 {
        assert_eq!(element_text(&dom, "end"), "", "{name}: no result before the end");
    }
    // "next" then "last": the last ply and the result.
    let dom = chromium(profile, &["--dump-dom"], &format!("{url}#press=next,last"));
    let counter = element_text(&dom, "ply");
    assert!(counter.starts_with(&format!("{plies} / {plies}")), "{name}: after last: {counter:?}");
    let end = element_text(&dom, "end");
    let reason = rec["result"]["reason"].as_str().expect("reason");
    assert!(end.starts_with("Game over: ") && end.contains(reason), "{name}: result text {end:?}");
    assert!(dom.contains("<svg"), "{name}: the board is drawn");
    // A screenshot of the last ply that is not blank.
    let png = dir.join(format!("{name}-{}.png", page.file_stem().and_then(|f| f.to_str()).expect("name")));
    let shot = format!("--screenshot={}", png.display());
    chromium(profile, &[&shot, "--window-size=1000,800"], &format!("{url}#ply=last"));
    let (colours, drawn) = pixel_variety(&png);
    assert!(colours >= 8, "{name}: the screenshot looks blank ({colours} colours)");
    assert!(drawn > 0.15, "{name}: the board is not drawn ({:.0}% off the background)", drawn * 100.0);
    println!("{name}: {plies} plies, screenshot with {colours} colours, {:.0}% off the background", drawn * 100.0);
}

/// The number of distinct colours in a PNG (at most 4096 counted) and the
/// share of its pixels that differ from the page's background (the board
/// covers a large part of the window; text alone does not).
fn pixel_variety(path: &Path) -> (usize, f64) {
    let file = std::fs::File::open(path).expect("screenshot written");
    let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let px = info.color_type.samples();
    let mut seen = std::collections::HashSet::new();
    let (mut total, mut drawn) = (0usize, 0usize);
    for p in buf[..info.buffer_size()].chunks(px) {
        total += 1;
        // The page's background is #fafafa.
        if p.iter().take(3).any(|&c| c != 0xfa) {
            drawn += 1;
        }
        if seen.len() < 4096 {
            seen.insert(p.to_vec());
        }
    }
    (seen.len(), drawn as f64 / total.max(1) as f64)
}

/// The record and page of `tests/data/` (the page written by `arena view`
/// before the evaluation graph existed).
fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

#[test]
fn a_page_without_analysis_is_the_page_of_before_the_graph() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("nim.html");
    let rec = data("nim-00000.json");
    let (o, _) = common::run(&["view", rec.to_str().expect("utf-8"), "--html", out.to_str().expect("utf-8")], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = std::fs::read(&out).expect("page");
    assert!(page == std::fs::read(data("nim-00000.html")).expect("old page"), "the page changed");
}

/// A hand-made analysis of `rec` (its plies, seats and moves): the best
/// move is the move played, values drift ply by ply, and the plies in
/// `blunders` lose 0.3.
fn analysis_of(rec: &Value, bot: &str, blunders: &[usize]) -> Analysis {
    let plies = rec["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let ply = i + 1;
            let before = 0.35 + 0.1 * (ply % 5) as f64;
            let blunder = blunders.contains(&ply);
            let after = if blunder { before - 0.3 } else { before };
            let played = t["text"].as_str().expect("text").to_string();
            PlyAnalysis {
                ply,
                player: t["player"].as_u64().expect("player") as usize,
                best: played.clone(),
                played,
                value_before: before,
                value_after: after,
                loss: before - after,
                blunder,
            }
        })
        .collect();
    Analysis {
        game: rec["game"].as_str().expect("game").into(),
        config: Some(serde_json::from_value(rec["config"].clone()).expect("config")),
        bot: bot.into(),
        plies,
    }
}

/// `arena view RECORD --html OUT --analysis A` with `a` written as JSON.
fn view_analysed(dir: &Path, rec: &Path, a: &Analysis) -> (std::process::Output, PathBuf) {
    let (an, out) = (dir.join("analysis.json"), dir.join("analysed.html"));
    std::fs::write(&an, serde_json::to_string(a).expect("json")).expect("write analysis");
    let path = |p: &Path| p.to_str().expect("utf-8").to_string();
    let (o, _) = common::run(&["view", &path(rec), "--html", &path(&out), "--analysis", &path(&an)], "");
    (o, out)
}

#[test]
fn view_refuses_an_analysis_that_does_not_fit_the_record() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rec = data("nim-00000.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&rec).expect("record")).expect("json");
    let good = analysis_of(&v, "mcts", &[3]);
    let mut other_game = good.clone();
    other_game.game = "yavalath".into();
    let mut beyond = good.clone();
    beyond.plies[0].ply = 40;
    let mut seat = good.clone();
    seat.plies[1].player = 0;
    for (a, message) in [
        (other_game, "the analysis is of a yavalath game, the record of a nim game"),
        (beyond, "the analysis has ply 40, which the record does not have (its plies are 1 to 12)"),
        (seat, "the analysis has ply 2 played by seat 0, the record by seat 1"),
    ] {
        let (o, out) = view_analysed(dir.path(), &rec, &a);
        assert_eq!(o.status.code(), Some(2), "{message}");
        let (an, rec) = (dir.path().join("analysis.json"), rec.display().to_string());
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).trim(),
            format!("arena: {} does not fit {rec}: {message}", an.display())
        );
        assert!(!out.exists(), "no page for a refused analysis");
    }
    let an = dir.path().join("analysis.json");
    std::fs::write(&an, "{\"game\": \"nim\"}").expect("write");
    let out = dir.path().join("x.html");
    let path = |p: &Path| p.to_str().expect("utf-8").to_string();
    let (o, _) = common::run(&["view", &path(&rec), "--html", &path(&out), "--analysis", &path(&an)], "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not an analysis as `arena analyze --json` writes it: missing field `bot`"), "{err}");
}

#[test]
fn the_evaluation_graph_works_in_headless_chromium() {
    if no_chromium() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let profile = dir.path().join("profile");
    let d = dir.path().to_str().expect("utf-8");
    let (o, _) = common::run(&["play", "paper-soccer", "--seed", "3", "--record", d], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rec = dir.path().join("paper-soccer-00000.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&rec).expect("record")).expect("json");
    let plies = v["turns"].as_array().expect("turns").len();
    assert!(plies >= 4, "a game of {plies} plies");
    let blunders = [2, plies - 1];
    let (o, page) = view_analysed(dir.path(), &rec, &analysis_of(&v, "mcts:iters=50", &blunders));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&page).expect("page");
    assert_no_network("analysed", &html);
    let data = page_data(&html).expect("page data");
    let url = format!("file://{}", page.display());
    // A click on the graph where each ply is shows that ply.
    for k in [0, 1, 2, plies / 2, plies] {
        let dom = chromium(&profile, &["--dump-dom"], &format!("{url}#press=graph:{k}"));
        let counter = element_text(&dom, "ply");
        assert!(counter.starts_with(&format!("{k} / {plies}")), "graph:{k}: {counter:?}");
        // The shown blunder is the one marked on the graph.
        let on = dom.contains(&format!("class=\"blunder on\" data-ply=\"{k}\""));
        assert_eq!(on, blunders.contains(&k), "graph:{k}: the blunder mark");
        if k > 0 {
            assert!(dom.contains("<dt>best move (mcts:iters=50)</dt>"), "graph:{k}: the best move named");
        }
        if data.plies[k].analysis.as_ref().is_some_and(|an| an.svg.is_some()) {
            assert!(dom.contains("class=\"best-move\""), "graph:{k}: the best move drawn");
        }
    }
    // The blunders are listed, each a link to its ply.
    let dom = chromium(&profile, &["--dump-dom"], &url);
    let list = dom.split("id=\"blunders\">").nth(1).expect("the blunder list");
    for k in blunders {
        assert!(list.contains(&format!("<a href=\"#ply={k}\">ply {k}</a>")), "blunder {k} listed");
    }
    assert_eq!(dom.matches("<circle class=\"blunder").count(), 2, "two blunders marked");
}

#[test]
fn the_best_move_is_drawn_on_its_ply_only() {
    if no_chromium() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let text = std::fs::read_to_string(data("nim-00000.json")).expect("record");
    let v: Value = serde_json::from_str(&text).expect("json");
    let nim = NimReferee { pile: 21, max_take: 3 };
    let mut r = view::replay(&nim, &text, Some(&analysis_of(&v, "mcts", &[5]))).expect("replays");
    r.plies[5].best_svg = Some("<g class=\"best-move\"><circle id=\"drawn-best\" r=\"3\"/></g>".into());
    let page = dir.path().join("nim.html");
    std::fs::write(&page, view::page(&r)).expect("page");
    let url = format!("file://{}", page.display());
    let profile = dir.path().join("profile");
    for (hash, drawn) in [("ply=5", true), ("ply=4", false), ("press=graph:5", true), ("press=graph:6", false)] {
        let dom = chromium(&profile, &["--dump-dom"], &format!("{url}#{hash}"));
        let board = dom.split("id=\"board\">").nth(1).and_then(|b| b.split("</svg>").next()).expect("board");
        assert_eq!(board.contains("id=\"drawn-best\""), drawn, "#{hash}: {board}");
    }
}
