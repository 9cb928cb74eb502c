//! Clocks under load: real external bots that sleep just under and just
//! over Nim's later limit (200 ms), in games played two at a time while
//! busy processes keep every core loaded. A bot answering at 80 % of the
//! limit is never timed out, and a time-out is noticed (the `ms` recorded
//! for the timed-out turn) less than 50 ms after the limit.
//!
//! Unix only: the load is made of shell loops (the bots are Perl scripts).
#![cfg(unix)]

mod common;
use common::*;
use serde_json::Value;
use std::process::{Child, Command, Stdio};

/// Nim's later limit, in ms (`nim::protocol::TIME_CONTROL`).
const LIMIT_MS: f64 = 200.0;
/// The largest detection error allowed, in ms.
const MAX_ERROR_MS: f64 = 50.0;

/// Busy loops, one per core and one more, killed when dropped.
struct Load(Vec<Child>);

impl Load {
    fn start() -> Load {
        let n = std::thread::available_parallelism().map_or(2, |n| n.get()) + 1;
        Load(
            (0..n)
                .map(|_| {
                    Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .stdout(Stdio::null())
                        .spawn()
                        .expect("sh starts")
                })
                .collect(),
        )
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// A Nim bot in Perl (no process started per turn, so that its own timing
/// does not depend on how fast the loaded machine forks): reads its id,
/// then for each turn runs `wait` and takes one stone.
fn perl_bot(dir: &std::path::Path, name: &str, wait: &str) -> String {
    let path = dir.join(name);
    let text = format!("$| = 1; my $n = 0; my $id = <STDIN>;\nwhile (<STDIN>) {{ {wait} print \"1\\n\"; }}\n");
    std::fs::write(&path, text).unwrap();
    format!("cmd:perl {}", path.display())
}

/// Every record in `dir`.
fn records(dir: &std::path::Path) -> Vec<Value> {
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files.iter().map(|f| serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()).collect()
}

#[test]
fn time_outs_are_noticed_within_50_ms_and_answers_at_80_percent_count_under_load() {
    let dir = tempfile::tempdir().unwrap();
    // Answers four turns at once, then 300 ms late (a time-out).
    let late = perl_bot(dir.path(), "late.pl", "select(undef, undef, undef, 0.3) if $n++ >= 4;");
    // Answers every turn after 160 ms: 80 % of the limit.
    let in_time = perl_bot(dir.path(), "in-time.pl", "select(undef, undef, undef, 0.16);");
    let rec = dir.path().join("records");
    let load = Load::start();
    let (o, _) = run(
        &[
            "play",
            "nim",
            "--bot",
            &late,
            "--bot",
            &in_time,
            "--pile",
            "60",
            "--games",
            "6",
            "--jobs",
            "2",
            "--seed",
            "5",
            "--record",
            rec.to_str().unwrap(),
        ],
        "",
    );
    drop(load);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (mut detections, mut in_time_turns) = (Vec::new(), 0);
    for r in records(&rec) {
        // Seats swap from game to game: find the late bot's seat by its command.
        let late_seat = r["bots"].as_array().unwrap().iter().position(|b| b.to_string().contains("late.pl")).unwrap();
        for t in r["turns"].as_array().unwrap() {
            let seat = t["player"].as_u64().unwrap() as usize;
            let ms = t["ms"].as_f64().unwrap();
            if seat == late_seat {
                if t["error"] == "timeout" {
                    detections.push(ms - LIMIT_MS);
                }
            } else {
                assert!(t.get("error").is_none(), "the bot answering at 80 % failed: {t}");
                in_time_turns += 1;
            }
        }
    }
    eprintln!("detection error under load, ms: {detections:?} ({in_time_turns} turns answered at 80 %)");
    assert_eq!(detections.len(), 6, "one time-out per game");
    assert!(in_time_turns >= 6 * 4, "{in_time_turns}");
    for e in &detections {
        assert!((0.0..MAX_ERROR_MS).contains(e), "a time-out noticed {e:.1} ms after the limit: {detections:?}");
    }
}

/// The turns of `seat` in a record: `(ms, error)`.
fn seat_turns(r: &Value, seat: u64) -> Vec<(f64, Option<String>)> {
    r["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["player"].as_u64() == Some(seat))
        .map(|t| (t["ms"].as_f64().unwrap(), t.get("error").and_then(Value::as_str).map(str::to_string)))
        .collect()
}

#[test]
fn a_built_in_bot_over_the_scaled_limit_times_out_like_a_program() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("records");
    // A thousandth of Nim's limits: 1 ms for the first answer, far less than 200,000 iterations take.
    let args = ["play", "nim", "--bot", "mcts:iters=200000", "--bot", "random", "--time-factor", "0.001"];
    let (o, _) = run(&[&args[..], &["--pile", "20", "--record", rec.to_str().unwrap()]].concat(), "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("over its limit of 1 ms"), "{}", stdout(&o));
    let first = seat_turns(&records(&rec)[0], 0)[0].clone();
    assert_eq!(first.1.as_deref(), Some("timeout"), "{first:?}");
}

#[test]
fn a_search_without_a_budget_spends_the_clock_and_answers_within_it() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("records");
    let (o, _) = run(
        &["play", "nim", "--bot", "mcts", "--bot", "random", "--pile", "12", "--record", rec.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let turns = seat_turns(&records(&rec)[0], 0);
    // The first answer may take 1000 ms: the manager plans 865 ms of it.
    assert!(turns[0].0 >= 865.0 && turns[0].0 < LIMIT_MS * 5.0, "{turns:?}");
    assert!(turns.iter().all(|t| t.1.is_none()), "every answer within its limit: {turns:?}");
}
