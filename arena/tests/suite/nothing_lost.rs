//! Nothing lost, nothing surprising (issue 41): records and the user's
//! files are never replaced without being asked, a folder's other files
//! (analyses, pages) do not stop the tools that read its records, a
//! refused command writes nothing, a file that is not a record is named
//! with what it is, and an analysis is checked against its record move by
//! move. Every case runs the built `arena` on real files.

use crate::common;

use common::{refused, run, stdout};
use std::collections::BTreeMap;
use std::path::Path;

/// Every file under `dir` (recursively) with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let Ok(rd) = std::fs::read_dir(dir) else { return out };
    for e in rd {
        let path = e.unwrap().path();
        if path.is_dir() {
            out.extend(snapshot(&path));
        } else {
            out.insert(path.display().to_string(), std::fs::read(&path).unwrap());
        }
    }
    out
}

/// Runs `arena args...`, expecting success; returns stdout and stderr.
fn ok(args: &[&str]) -> (String, String) {
    let (o, _) = run(args, "");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "arena {args:?}: {err}");
    (stdout(&o), err)
}

/// `arena play yavalath` between two `random` bots with `--seed seed`,
/// `--games games` and `extra`, recording into `dir`.
fn yavalath(dir: &Path, seed: &str, games: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = ["play", "yavalath", "--bot", "random", "--bot", "random", "--seed", seed]
        .iter()
        .map(ToString::to_string)
        .collect();
    args.extend(["--games".into(), games.into(), "--record".into(), dir.display().to_string()]);
    args.extend(extra.iter().map(ToString::to_string));
    args
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn another_series_into_a_folder_of_records_is_refused_before_any_game_naming_the_folder_and_its_series() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&strs(&yavalath(&out, "7", "2", &["--html"])));
    let before = snapshot(&out);
    let line = refused(&strs(&yavalath(&out, "8", "1", &[])));
    assert_eq!(
        line,
        format!(
            "arena: {} holds 2 records of another series (yavalath random vs random, seed 7): pass --resume to \
             continue that series with its options, or another folder",
            out.display()
        )
    );
    assert_eq!(snapshot(&out), before, "no record, page or index replaced, nothing added");
}

#[test]
fn the_same_series_again_without_resume_is_refused_and_resume_continues_it() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&strs(&yavalath(&out, "7", "2", &[])));
    let before = snapshot(&out);
    let line = refused(&strs(&yavalath(&out, "7", "3", &[])));
    assert!(
        line.ends_with("holds 2 records of this series (yavalath random vs random, seed 7): pass --resume to continue it, or another folder"),
        "{line}"
    );
    assert_eq!(snapshot(&out), before);
    let (text, _) = ok(&strs(&yavalath(&out, "7", "3", &["--resume"])));
    assert!(text.contains("3 games of yavalath (seed 7)"), "{text}");
    for (path, bytes) in &before {
        assert_eq!(&std::fs::read(path).unwrap(), bytes, "{path} kept as it was");
    }
}

#[test]
fn shards_of_one_series_record_into_one_folder_one_after_the_other() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    for shard in ["0/2", "1/2"] {
        ok(&strs(&yavalath(&out, "3", "4", &["--shard", shard])));
    }
    let (text, _) = ok(&["merge", out.to_str().unwrap()]);
    assert!(text.starts_with("4 games of yavalath (seed 3):"), "{text}");
}

#[test]
fn merge_and_resume_read_the_records_and_skip_analyses_and_pages_with_one_note() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&strs(&yavalath(&out, "7", "2", &["--html"])));
    // As the README does: the analysis beside the records.
    let rec = out.join("yavalath-00000.json");
    let analysis = out.join("yavalath-00000.analysis.json");
    ok(&["analyze", rec.to_str().unwrap(), "--bot", "mcts:iters=20", "--json", analysis.to_str().unwrap()]);
    let note = format!("arena: {}: skipped 1 analysis, 3 pages (not records)", out.display());
    let (text, err) = ok(&["merge", out.to_str().unwrap()]);
    assert!(text.starts_with("2 games of yavalath (seed 7):"), "{text}");
    assert_eq!(err.trim_end(), note);
    let (text, err) = ok(&strs(&yavalath(&out, "7", "3", &["--resume"])));
    assert!(text.contains("3 games of yavalath (seed 7)"), "{text}");
    assert_eq!(err.trim_end(), note);
}

#[test]
fn a_refused_league_writes_nothing_and_a_bot_listed_with_another_spec_names_bots_txt() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("league");
    let d = dir.to_str().unwrap();
    let line = refused(&["league", "yavalath", d, "--bot", "name=a,random", "--games", "2"]);
    assert_eq!(line, "arena: a league of yavalath needs at least 2 bots; it has 1");
    assert!(!dir.exists(), "nothing written: {:?}", snapshot(&dir).keys().collect::<Vec<_>>());
    // The corrected command runs.
    ok(&["league", "yavalath", d, "--bot", "name=a,random", "--bot", "name=b,random", "--games", "2"]);
    let before = snapshot(&dir);
    let line = refused(&["league", "yavalath", d, "--bot", "name=a,mcts:iters=5", "--games", "4"]);
    let bots = dir.join("bots.txt");
    assert_eq!(
        line,
        format!(
            "arena: bot \"a\" is \"name=a,random\" in {} but \"name=a,mcts:iters=5\" on the command line (give a new \
             version a new name, or edit {})",
            bots.display(),
            bots.display()
        )
    );
    assert_eq!(snapshot(&dir), before);
    // A bot removed from bots.txt whose records hold another spec under its
    // name: refused, and bots.txt stays as it was.
    std::fs::write(&bots, "name=a,random\n").unwrap();
    let before = snapshot(&dir);
    let line = refused(&["league", "yavalath", d, "--bot", "name=b,mcts:iters=5", "--games", "4"]);
    assert!(line.contains("bot \"b\" is \"name=b,random\" there but \"name=b,mcts:iters=5\" now"), "{line}");
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_file_that_is_not_a_record_is_named_with_what_it_is() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&strs(&yavalath(&out, "7", "1", &[])));
    let rec = out.join("yavalath-00000.json");
    let analysis = tmp.path().join("a.analysis.json");
    ok(&["analyze", rec.to_str().unwrap(), "--bot", "mcts:iters=20", "--json", analysis.to_str().unwrap()]);
    // The same analysis under a name that does not say it.
    let plain = tmp.path().join("a.json");
    std::fs::copy(&analysis, &plain).unwrap();
    let empty = tmp.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    let text = std::fs::read_to_string(&rec).unwrap();
    let part = tmp.path().join(".yavalath-00001.json.part");
    std::fs::write(&part, &text[..300]).unwrap();
    let cut = tmp.path().join("cut.json");
    std::fs::write(&cut, &text[..300]).unwrap();
    let p = |path: &Path| path.display().to_string();
    let cases = [
        (p(&analysis), format!("{} is an analysis, not a record: pass the record it analyses", p(&analysis))),
        (p(&plain), format!("{} is an analysis, not a record: pass the record it analyses", p(&plain))),
        (p(&empty), format!("{} is empty: not a record", p(&empty))),
        (
            p(&part),
            format!(
                "{} is an unfinished record (the series was interrupted, or is still being written): the finished \
                 records are the .json files beside it",
                p(&part)
            ),
        ),
        (p(&out), format!("{} is a folder, not a record: pass one of its records", p(&out))),
    ];
    let svg = tmp.path().join("x.svg");
    let html = tmp.path().join("x.html");
    for (file, message) in &cases {
        for args in [
            vec!["analyze", file.as_str()],
            vec!["judge", "yavalath", file.as_str()],
            vec!["view", file.as_str(), "--html", html.to_str().unwrap()],
            vec!["render", file.as_str(), "--svg", svg.to_str().unwrap()],
        ] {
            assert_eq!(refused(&args), format!("arena: {message}"), "{args:?}");
        }
    }
    // A file that is not there: the same words from every command.
    let missing = p(&tmp.path().join("missing.json"));
    for args in [
        vec!["analyze", missing.as_str()],
        vec!["judge", "yavalath", missing.as_str()],
        vec!["view", missing.as_str(), "--html", html.to_str().unwrap()],
        vec!["render", missing.as_str(), "--svg", svg.to_str().unwrap()],
    ] {
        let line = refused(&args);
        assert!(line.starts_with(&format!("arena: cannot read {missing}: ")), "{args:?}: {line}");
    }
    let cut_short = format!("{} is cut short (it ends at line 1, column 300): not a whole record", p(&cut));
    assert_eq!(refused(&["analyze", &p(&cut)]), format!("arena: {cut_short}"));
    assert_eq!(
        refused(&["judge", "yavalath", &p(&cut)]),
        format!("arena: {}: the record is cut short (it ends at line 1, column 300): not a whole record", p(&cut))
    );
    assert!(!svg.exists() && !html.exists(), "a refused command writes nothing");
    // An analysis given where a record goes, and a record where an analysis goes.
    let line = refused(&["view", &p(&rec), "--analysis", &p(&rec), "--html", html.to_str().unwrap()]);
    assert_eq!(
        line,
        format!("arena: {} is a record, not an analysis: pass the file `arena analyze --json` wrote", p(&rec))
    );
}

#[test]
fn an_output_file_never_replaces_a_record_or_an_analysis() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&strs(&yavalath(&out, "7", "1", &[])));
    let rec = out.join("yavalath-00000.json");
    let r = rec.to_str().unwrap();
    let before = std::fs::read(&rec).unwrap();
    assert_eq!(
        refused(&["view", r, "--html", r]),
        format!("arena: {r} is a record: the page would replace it; pass another file")
    );
    assert_eq!(
        refused(&["analyze", r, "--bot", "mcts:iters=5", "--json", r]),
        format!("arena: {r} is a record: the analysis would replace it; pass another file")
    );
    assert_eq!(
        refused(&["render", r, "--svg", r]),
        format!("arena: {r} is a record: the picture would replace it; pass another file")
    );
    assert_eq!(std::fs::read(&rec).unwrap(), before, "the record is untouched");
    // Nor a file the arena did not write, nor, for a bundle, anything but
    // an earlier bundle (checked before the build: no cargo-equip needed).
    let notes = tmp.path().join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let n = notes.to_str().unwrap();
    assert_eq!(
        refused(&["play", "yavalath", "--bot", "random", "--bot", "random", "--json", n]),
        format!(
            "arena: {n} is a file the arena did not write (yours?): the summary would replace it; pass another file"
        )
    );
    let main_rs = tmp.path().join("main.rs");
    std::fs::write(&main_rs, "fn main() {}\n").unwrap();
    let m = main_rs.to_str().unwrap();
    assert_eq!(
        refused(&["view", r, "--html", m]),
        format!("arena: {m} is a file the arena did not write (yours?): the page would replace it; pass another file")
    );
    // A game's page for the browser: checked before its (minutes long)
    // build, as the bundle is.
    for (target, what) in [(r, "a record"), (n, "a file the arena did not write (yours?)")] {
        assert_eq!(
            refused(&["page", "yavalath", "-o", target]),
            format!("arena: {target} is {what}: the page would replace it; pass another file")
        );
    }
    for (target, what) in [(r, "a record"), (n, "a file the arena did not write (yours?)")] {
        assert_eq!(
            refused(&["bundle", "Cargo.toml", "-o", target]),
            format!("arena: {target} is {what}: the bundle would replace it; pass another file")
        );
    }
    let nowhere = tmp.path().join("no-such-folder").join("bot.rs");
    assert_eq!(
        refused(&["bundle", "Cargo.toml", "-o", nowhere.to_str().unwrap()]),
        format!(
            "arena: {}: there is no folder {} to write it in",
            nowhere.display(),
            tmp.path().join("no-such-folder").display()
        )
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    assert_eq!(std::fs::read_to_string(&main_rs).unwrap(), "fn main() {}\n");
    // An earlier output of the same kind is replaced: rerunning updates it.
    let page = tmp.path().join("game.html");
    std::fs::write(&page, "<!DOCTYPE html><p>old").unwrap();
    ok(&["view", r, "--html", page.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&page).unwrap().len() > 100);
}

#[test]
fn view_refuses_an_analysis_whose_moves_differ_from_the_record_naming_the_first_ply_that_differs() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&strs(&yavalath(&out, "7", "1", &[])));
    let rec = out.join("yavalath-00000.json");
    let analysis = tmp.path().join("a.analysis.json");
    ok(&["analyze", rec.to_str().unwrap(), "--bot", "mcts:iters=20", "--json", analysis.to_str().unwrap()]);
    let html = tmp.path().join("x.html");
    ok(&["view", rec.to_str().unwrap(), "--analysis", analysis.to_str().unwrap(), "--html", html.to_str().unwrap()]);
    // The analysis of another game of the same length and seats: a move of
    // ply 3 (and later ones) differs.
    let mut a: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&analysis).unwrap()).unwrap();
    let played = a["plies"][2]["played"].as_str().unwrap().to_string();
    let other = if played == "4 4" { "4 3" } else { "4 4" };
    for ply in a["plies"].as_array_mut().unwrap().iter_mut().skip(2) {
        ply["played"] = other.into();
    }
    let wrong = tmp.path().join("other.analysis.json");
    std::fs::write(&wrong, serde_json::to_string(&a).unwrap()).unwrap();
    std::fs::remove_file(&html).unwrap();
    let line = refused(&[
        "view",
        rec.to_str().unwrap(),
        "--analysis",
        wrong.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(
        line,
        format!(
            "arena: {} does not fit {}: the analysis has ply 3 played as {other}, the record as {played}: it is an \
             analysis of another game",
            wrong.display(),
            rec.display()
        )
    );
    assert!(!html.exists());
}

#[test]
fn analyze_says_what_an_even_value_is_for_the_games_seats() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("pf");
    let mut args = vec!["play", "parallel-football", "--p", "2", "--k", "2", "--max-turns", "3"];
    args.extend(["--bot", "random", "--bot", "random", "--bot", "random", "--bot", "random"]);
    args.extend(["--record", out.to_str().unwrap()]);
    ok(&args);
    let rec = out.join("parallel-football-00000.json");
    let (text, _) = ok(&["analyze", rec.to_str().unwrap(), "--bot", "mcts:iters=5"]);
    let first = text.lines().next().unwrap();
    assert!(
        first.ends_with("(values: the expected share of the score of the seat that played, from 0 to 1, 0.25 an even share of 4 seats)"),
        "{first}"
    );
}

#[cfg(unix)]
#[test]
fn a_time_out_shows_no_answer_where_the_move_played_goes() {
    let tmp = tempfile::tempdir().unwrap();
    let slow = common::script(tmp.path(), "slow.sh", "while read l; do sleep 3; echo x; done");
    let out = tmp.path().join("out");
    ok(&["play", "yavalath", "--bot", "random", "--bot", &slow, "--record", out.to_str().unwrap()]);
    let rec = out.join("yavalath-00000.json");
    let analysis = tmp.path().join("a.json");
    let (text, _) = ok(&[
        "analyze",
        rec.to_str().unwrap(),
        "--bot",
        "mcts:iters=20",
        "--blunder",
        "0",
        "--json",
        analysis.to_str().unwrap(),
    ]);
    assert!(text.contains("played no answer (timeout)"), "{text}");
    let a: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&analysis).unwrap()).unwrap();
    assert_eq!(a["plies"][1]["played"], "no answer (timeout)");
    let html = tmp.path().join("x.html");
    ok(&["view", rec.to_str().unwrap(), "--analysis", analysis.to_str().unwrap(), "--html", html.to_str().unwrap()]);
}
