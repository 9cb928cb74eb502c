//! End-to-end tests of the game-independent machinery, through the arena's
//! test game (Nim: each turn the bot reads `pile max_take`, after its id on
//! its first turn, and answers how many stones it takes; any failure loses).
//!
//! Unix only: the external bots here are shell scripts (`sh`), which
//! Windows does not have.
#![cfg(unix)]

use crate::common;
use common::*;
use serde_json::json;
use std::time::Duration;

/// A bot that always takes one stone.
const TAKE_ONE: &str = "read id\nwhile read pile max; do echo 1; done";

fn play_nim(dir: &std::path::Path, bots: &[&str], extra: &[&str]) -> (serde_json::Value, Duration) {
    let rec = dir.join("rec");
    let mut args = vec!["play", "nim", "--pile", "7", "--record", rec.to_str().unwrap()];
    for b in bots {
        args.extend(["--bot", b]);
    }
    args.extend(extra);
    let (o, t) = run(&args, "");
    assert!(o.status.success(), "{}\n{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    (only_record(&rec), t)
}

#[test]
fn no_arguments_plays_a_demonstration() {
    let (o, _) = run(&[], "");
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains("result:"), "{s}");
}

#[test]
fn external_bot_that_answers_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let good = script(dir.path(), "good.sh", TAKE_ONE);
    let (rec, _) = play_nim(dir.path(), &[&good, "random"], &[]);
    assert_eq!(rec["result"]["reason"], "last-stone");
    assert_eq!(rec["errors"], json!([]));
    assert!(rec["replay"].as_str().unwrap().contains("--game-seed"));
    let turns = rec["turns"].as_array().unwrap();
    assert!(turns.iter().filter(|t| t["player"] == 0).all(|t| t["text"] == "1"));
    assert!(turns.iter().all(|t| t["ms"].is_number()));
}

#[test]
fn crashing_bot_loses_with_reason_crash_and_keeps_its_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let crash = script(dir.path(), "crash.sh", "read id\necho 'dying now' >&2\nexit 3");
    let (rec, t) = play_nim(dir.path(), &[&crash, "random"], &[]);
    assert_eq!(rec["result"], json!({"winner": 1, "ranks": [1, 0], "reason": "crash"}));
    assert_eq!(rec["errors"][0]["kind"], "crash");
    assert!(rec["errors"][0]["message"].as_str().unwrap().contains("exit status 3"), "{}", rec["errors"]);
    assert!(rec["stderr"][0].as_str().unwrap().contains("dying now"), "{}", rec["stderr"]);
    assert!(t < Duration::from_secs(10));
}

#[test]
fn slow_bot_loses_on_time_and_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let slow = script(dir.path(), "slow.sh", "read id\nsleep 31.4159\necho 1");
    let (rec, t) = play_nim(dir.path(), &["random", &slow], &[]);
    assert_eq!(rec["result"]["reason"], "timeout");
    assert_eq!(rec["result"]["winner"], 0);
    // First answer limit 1000 ms; the game must not wait for the sleep.
    assert!(t < Duration::from_secs(8), "took {t:?}");
    assert!(!process_alive("31.4159"), "the sleeping bot's child was left running");
}

#[test]
fn garbage_answer_loses_as_illegal_move() {
    let dir = tempfile::tempdir().unwrap();
    let bad = script(dir.path(), "bad.sh", "read id\nread x\necho 'two please'");
    let (rec, _) = play_nim(dir.path(), &[&bad, "random"], &[]);
    assert_eq!(rec["result"]["reason"], "illegal-move");
    assert_eq!(rec["errors"][0]["kind"], "unreadable");
}

#[test]
fn illegal_answer_loses_with_the_games_error_kind() {
    let dir = tempfile::tempdir().unwrap();
    let greedy = script(dir.path(), "greedy.sh", "read id\nread x\necho 9");
    let (rec, _) = play_nim(dir.path(), &[&greedy, "random"], &[]);
    assert_eq!(rec["result"]["reason"], "illegal-move");
    assert_eq!(rec["errors"][0]["kind"], "bad-take");
}

#[test]
fn hostile_bots_end_the_game_quickly_and_leave_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // A megabyte without a newline.
        ("flood.sh", "read id\nhead -c 1000000 /dev/zero | tr '\\0' x\nsleep 27.1828", "line-too-long"),
        // Closes stdout and keeps running.
        ("close.sh", "read id\nexec >&-\nsleep 27.1828", "crash"),
        // A child that keeps the pipe open while the bot says nothing.
        ("child.sh", "read id\nsleep 27.1828 &\nwait", "timeout"),
        // Killed by a signal.
        ("signal.sh", "read id\nkill -9 $$", "crash"),
        // Binary garbage.
        ("binary.sh", "read id\nprintf '\\377\\376\\001\\n'", "unreadable"),
        // Reads nothing and floods stderr.
        ("stderr.sh", "read id\nyes 'noise 27.1828' >&2", "timeout"),
    ];
    for (name, body, kind) in cases {
        let sub = dir.path().join(name.trim_end_matches(".sh"));
        std::fs::create_dir_all(&sub).unwrap();
        let bot = script(&sub, name, body);
        let (rec, t) = play_nim(&sub, &[&bot, "random"], &[]);
        assert_eq!(rec["result"]["winner"], 1, "{name}: {}", rec["result"]);
        assert_eq!(rec["errors"][0]["kind"], kind, "{name}: {}", rec["errors"]);
        assert!(t < Duration::from_secs(6), "{name} took {t:?}");
        let bound = bot_process::STDERR_HEAD + bot_process::STDERR_TAIL + 64;
        assert!(rec["stderr"][0].as_str().unwrap().len() <= bound, "{name}: stderr not bounded");
    }
    assert!(!process_alive("27.1828"), "a hostile bot's process was left running");
}

#[test]
fn series_rotate_seats_and_report_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec");
    let args = [
        "play",
        "nim",
        "--bot",
        "mcts:iters=200",
        "--bot",
        "random",
        "--games",
        "6",
        "--jobs",
        "2",
        "--seed",
        "5",
        "--record",
        rec.to_str().unwrap(),
    ];
    let (o, _) = run(&args, "");
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains("Elo difference") && s.contains("Ptnml(0-2)") && s.contains("mcts:iters=200"), "{s}");
    let mut seeds = Vec::new();
    for i in 0..6 {
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(rec.join(format!("nim-{i:05}.json"))).unwrap()).unwrap();
        let first = if i % 2 == 0 { "mcts:iters=200" } else { "random" };
        assert_eq!(r["bots"][0], first);
        seeds.push(r["seed"].as_u64().unwrap());
    }
    assert_eq!(seeds[0], seeds[1]);
    assert_ne!(seeds[0], seeds[2]);
    // The same series again gives the same games.
    let rec2 = dir.path().join("rec2");
    let mut args2 = args.to_vec();
    let last = args2.len() - 1;
    args2[last] = rec2.to_str().unwrap();
    assert!(run(&args2, "").0.status.success());
    for i in 0..6 {
        let a: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(rec.join(format!("nim-{i:05}.json"))).unwrap()).unwrap();
        let b: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(rec2.join(format!("nim-{i:05}.json"))).unwrap()).unwrap();
        let texts = |v: &serde_json::Value| -> Vec<serde_json::Value> {
            v["turns"].as_array().unwrap().iter().map(|t| t["text"].clone()).collect()
        };
        assert_eq!(texts(&a), texts(&b));
    }
}

#[test]
fn judge_reports_legal_illegal_and_finished_records() {
    // Legal, unfinished.
    let (o, _) = run(&["judge", "nim", "--pile", "5", "--json", "--legal"], "1\n2\n");
    let lines = json_lines(&o);
    assert_eq!(lines[0], json!({"ply": 0, "next_legal": ["1", "2", "3"]}));
    assert_eq!(lines[1], json!({"ply": 1, "player": 0, "move": "1", "legal": true, "next_legal": ["1", "2", "3"]}));
    assert_eq!(lines[2]["next_legal"], json!(["1", "2"]));
    assert_eq!(lines[3], json!({"result": null}));
    // Finished.
    let (o, _) = run(&["judge", "nim", "--pile", "5", "--json"], "1\n2\n2\n");
    assert_eq!(json_lines(&o)[3], json!({"result": {"winner": 0, "ranks": [0, 1], "reason": "last-stone"}}));
    // Illegal: a loss, and a record that breaks a rule (exit code 1);
    // judging stops there, the line after it is not judged.
    let (o, _) = run(&["judge", "nim", "--pile", "5", "--json"], "1\n4\n1\n");
    assert_eq!(o.status.code(), Some(1));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["legal"], false);
    assert_eq!(lines[1]["error"], "bad-take");
    assert!(lines[1]["message"].as_str().unwrap().contains("cannot take 4"));
    assert_eq!(lines[2]["result"], json!({"winner": 0, "ranks": [0, 1], "reason": "illegal-move"}));
    assert_eq!((&lines[2]["fault"]["kind"], &lines[2]["fault"]["ply"]), (&json!("illegal-move"), &json!(2)));
    // Plain output for people.
    let (o, _) = run(&["judge", "nim", "--pile", "5"], "1\n4\n");
    assert!(stdout(&o).contains("ILLEGAL (bad-take)"));
}

/// `--legal` adds the legal moves after each accepted turn, and only then:
/// not without the flag, not after a refused turn.
#[test]
fn judge_lists_the_legal_moves_only_with_legal_and_only_after_an_accepted_turn() {
    let (o, _) = run(&["judge", "nim", "--pile", "5", "--json"], "1\n2\n");
    let lines = json_lines(&o);
    assert_eq!(lines[0], json!({"ply": 1, "player": 0, "move": "1", "legal": true}));
    assert_eq!(lines[1], json!({"ply": 2, "player": 1, "move": "2", "legal": true}));
    let (o, _) = run(&["judge", "nim", "--pile", "5", "--json", "--legal"], "1\n4\n");
    let lines = json_lines(&o);
    assert_eq!(lines[1]["next_legal"], json!(["1", "2", "3"]));
    assert_eq!((&lines[2]["legal"], lines[2].get("next_legal")), (&json!(false), None));
}

#[test]
fn judge_reads_its_own_json_records() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, _) = play_nim(dir.path(), &["random", "random"], &[]);
    let file = dir.path().join("one.json");
    std::fs::write(&file, rec.to_string()).unwrap();
    let (o, _) = run(&["judge", "nim", "--pile", "7", file.to_str().unwrap(), "--json"], "");
    let lines = json_lines(&o);
    assert_eq!(lines.len(), rec["turns"].as_array().unwrap().len() + 1);
    assert_eq!(lines.last().unwrap()["result"]["reason"], "last-stone");
}

#[test]
fn judge_rejects_unreadable_input_with_exit_code_2() {
    let (o, _) = run(&["judge", "nim", "/nonexistent/record.txt"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bin.txt");
    std::fs::write(&f, [0xff, 0xfe, b'\n']).unwrap();
    let (o, _) = run(&["judge", "nim", f.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    // The byte that is not UTF-8 is counted from the start of the record.
    std::fs::write(&f, b"1\n2\n\xe9\n").unwrap();
    let (o, _) = run(&["judge", "nim", "--pile", "5", f.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not UTF-8 text (byte 4)"), "{o:?}");
    let (o, _) = run(&["judge", "nim", "--json"], "{ not json");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unreadable record"));
}

#[test]
fn bench_with_the_same_seed_gives_the_same_mean_length() {
    let mean = |seed: &str| {
        let (o, _) = run(&["bench", "nim", "--pile", "100", "--games", "300", "--seed", seed], "");
        assert!(o.status.success());
        let s = stdout(&o);
        assert!(s.contains("games/s") && s.contains("plies/s"), "{s}");
        s.lines().find(|l| l.contains("mean length")).unwrap().to_string()
    };
    assert_eq!(mean("3"), mean("3"));
    assert_ne!(mean("3"), mean("4"));
}

#[test]
fn bench_results_do_not_depend_on_the_number_of_jobs() {
    // 10,000 games span three batches, so two and three threads really
    // split them; everything but the timing lines must be identical.
    let results = |jobs: &str| {
        let (o, _) = run(&["bench", "yavalath", "--games", "10000", "--seed", "7", "--jobs", jobs], "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let s = stdout(&o);
        s.lines()
            .filter(|l| l.contains("mean length") || l.contains("wins by seat"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let one = results("1");
    assert_eq!(one.len(), 2);
    assert_eq!(results("2"), one);
    assert_eq!(results("3"), one);
    assert_eq!(results("auto"), one);
}

#[test]
fn render_writes_well_formed_svg() {
    let dir = tempfile::tempdir().unwrap();
    let (rec, _) = play_nim(dir.path(), &["random", "random"], &[]);
    let file = dir.path().join("one.json");
    std::fs::write(&file, rec.to_string()).unwrap();
    for ply in [None, Some("0"), Some("2")] {
        let out = dir.path().join("pos.svg");
        let mut args = vec!["render", file.to_str().unwrap(), "--svg", out.to_str().unwrap()];
        if let Some(p) = ply {
            args.extend(["--ply", p]);
        }
        let (o, _) = run(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_svg(&std::fs::read_to_string(&out).unwrap());
    }
}

#[test]
fn bots_die_with_a_killed_arena() {
    let dir = tempfile::tempdir().unwrap();
    let sleeper = script(dir.path(), "sleeper.sh", "exec sleep 12.3456");
    let mut child = arena()
        .args(["play", "nim", "--bot", &sleeper, "--bot", "random", "--time-factor", "20"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = std::time::Instant::now();
    while !process_alive("12.3456") {
        assert!(t.elapsed() < Duration::from_secs(10), "the bot never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let t = std::time::Instant::now();
    while process_alive("12.3456") {
        assert!(t.elapsed() < Duration::from_secs(3), "the bot outlived the arena");
        std::thread::sleep(Duration::from_millis(20));
    }
}
