//! First contact: bot programs that cannot start, crash or are slow to start.
//!
//! Unix only: the bots are shell scripts.
#![cfg(unix)]

use crate::common::{executable_script, only_record, script, stdout};
use bot_process::{STDERR_HEAD, STDERR_TAIL};
use std::path::Path;
use std::process::Output;

/// A Nim bot that always takes one stone.
const TAKE_ONE: &str = "read id\nwhile read pile max; do echo 1; done";

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `arena ARGS --bot SPEC... --record DIR/rec` run from `dir`.
fn play_in(dir: &Path, args: &[&str], bots: &[&str]) -> Output {
    let rec = dir.join("rec");
    let mut all: Vec<&str> = args.to_vec();
    for b in bots {
        all.extend(["--bot", b]);
    }
    all.extend(["--record", rec.to_str().unwrap()]);
    let mut cmd = crate::common::arena();
    cmd.args(&all).current_dir(dir);
    cmd.output().expect("arena runs")
}

/// A refusal: exit code 2, one line on stderr naming `what` and saying
/// `why`, nothing on stdout, no record directory made.
fn assert_refused(dir: &Path, o: &Output, what: &str, why: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("arena: ") && err.contains(what) && err.contains(why), "{err}");
    assert_eq!(stdout(o), "", "nothing was played");
    assert!(!dir.join("rec").exists(), "no record directory before the check");
}

#[test]
fn a_program_that_cannot_start_is_refused_before_the_first_game_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("bot.py"), "print(1)\n").unwrap();
    std::fs::create_dir(d.join("bots")).unwrap();
    executable_script(d, "local-bot", TAKE_ONE);
    let cases = [
        ("cmd:./nope/does-not-exist", "cannot start ./nope/does-not-exist", "no such file or directory"),
        ("cmd:./bot.py --fast", "cannot start ./bot.py", "is not executable"),
        ("cmd:./bots", "cannot start ./bots", "is a directory"),
        ("cmd:no-such-program-anywhere", "cannot start no-such-program-anywhere", "in any directory of PATH"),
        ("cmd:local-bot", "cannot start local-bot", "write ./local-bot"),
        ("cmd:\"\"", "cmd:\\\"\\\"", "empty"),
    ];
    for (spec, what, why) in cases {
        let o = play_in(d, &["play", "quoridor"], &[spec, "random"]);
        assert_refused(d, &o, what, why);
        // The other seat's spec is checked as well, in every seat.
        let o = play_in(d, &["play", "nim", "--games", "4"], &["random", spec]);
        assert_refused(d, &o, what, why);
    }
}

#[test]
fn a_league_refuses_a_program_that_cannot_start_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let league = d.join("league");
    let o = crate::common::arena()
        .args(["league", "nim", league.to_str().unwrap(), "--games-per-pairing", "2"])
        .args(["--bot", "name=mine,cmd:./target/release/my-bot", "--bot", "name=r,random", "--bot", "name=m,mcts"])
        .current_dir(d)
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot start ./target/release/my-bot: no such file or directory"), "{err}");
    let records = walk(&league);
    assert!(records.iter().all(|p| !p.ends_with(".json")), "no game was played: {records:?}");
}

/// Every file under `dir` (none when it does not exist).
fn walk(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries
        .filter_map(Result::ok)
        .flat_map(|e| if e.path().is_dir() { walk(&e.path()) } else { vec![e.path().display().to_string()] })
        .collect()
}

#[test]
fn a_crashing_bot_shows_its_last_stderr_lines_under_its_failure_and_the_record_keeps_all() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let body = "read id\nfor i in 1 2 3 4; do echo \"log line $i\" >&2; done\n\
                echo \"thread 'main' panicked at src/main.rs:42:5:\" >&2\n\
                echo 'attempt to subtract with overflow' >&2\n\
                echo 'note: run with RUST_BACKTRACE=1 to display a backtrace' >&2\nexit 101";
    let crash = script(d, "crash.sh", body);
    let o = play_in(d, &["play", "nim"], &[&crash, "random"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let failure = "  seat 0 turn 1: crash: the bot exited (exit status 101)\n";
    let shown = "    seat 0 stderr | log line 3\n    seat 0 stderr | log line 4\n    \
                 seat 0 stderr | thread 'main' panicked at src/main.rs:42:5:\n    \
                 seat 0 stderr | attempt to subtract with overflow\n    \
                 seat 0 stderr | note: run with RUST_BACKTRACE=1 to display a backtrace\n";
    assert!(out.contains(&format!("{failure}{shown}replay: ")), "the last 5 lines under the failure:\n{out}");
    assert!(!out.contains("log line 2"), "only the last 5 lines:\n{out}");
    let rec = only_record(&d.join("rec"));
    let kept = rec["stderr"][0].as_str().unwrap();
    assert!(kept.starts_with("log line 1\nlog line 2\n") && kept.ends_with("backtrace\n"), "{kept}");
    assert_eq!(rec["stderr"][1], serde_json::Value::Null, "a built-in bot has no stderr");
}

#[test]
fn a_flood_of_stderr_is_kept_as_its_head_and_tail_with_the_cut_counted() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let flood = 100_000;
    let last = "panicked at bot.rs:7: out of ideas";
    // A line of `flood` x's, then the last words.
    let body = format!("read id\n(head -c {flood} /dev/zero | tr '\\0' x; echo; printf '%s' '{last}') >&2\nexit 1");
    let crash = script(d, "flood.sh", &body);
    let o = play_in(d, &["play", "nim"], &[&crash, "random"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("    seat 0 stderr | panicked at bot.rs:7: out of ideas\n"), "{out}");
    assert!(out.contains(&format!("    seat 0 stderr | {}...\n", "x".repeat(200))), "long lines are cut: {out}");
    let kept = only_record(&d.join("rec"))["stderr"][0].as_str().unwrap().to_string();
    let cut = flood + 1 + last.len() - STDERR_HEAD - STDERR_TAIL;
    let marker = format!("\n[... {cut} bytes cut ...]\n");
    assert_eq!(kept.len(), STDERR_HEAD + marker.len() + STDERR_TAIL, "bounded per bot per game");
    assert_eq!(kept[STDERR_HEAD..STDERR_HEAD + marker.len()], marker, "the cut is said where it is");
    assert!(kept.ends_with(last), "the last words are kept");
}

#[test]
fn a_silent_bot_that_misses_its_first_answer_is_told_to_build_it_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let hint = "no output at all: the program may still be starting (compiling?); build it first";
    // Silent past the first answer's limit (Nim's 1000 ms, here 100 ms).
    let silent = script(d, "silent.sh", "sleep 3");
    let o = play_in(d, &["play", "nim", "--time-factor", "0.1"], &[&silent, "random"]);
    let out = stdout(&o);
    assert!(out.contains("  seat 0 turn 1: timeout: no first answer within its limit of 100 ms, and "), "{out}");
    assert!(out.contains(hint), "{out}");
    // Half a line written: the program has started, so no hint.
    std::fs::remove_dir_all(d.join("rec")).unwrap();
    let started = script(d, "started.sh", "read id\nprintf 1\nsleep 3");
    let o = play_in(d, &["play", "nim", "--time-factor", "0.1"], &[&started, "random"]);
    let out = stdout(&o);
    assert!(out.contains("  seat 0 turn 1: timeout: no answer within the time limit\n"), "{out}");
    // A later answer missed: no hint either.
    std::fs::remove_dir_all(d.join("rec")).unwrap();
    let later = script(d, "later.sh", "read id\nread pile\necho 1\nsleep 3");
    let o = play_in(d, &["play", "nim", "--time-factor", "0.1"], &[&later, "random"]);
    let out = stdout(&o);
    assert!(out.contains(": timeout: no answer within the time limit\n") && !out.contains("compiling"), "{out}");
}

#[test]
fn a_program_that_disappears_after_the_check_crashes_in_its_game_with_the_systems_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Plays its first game, deleting itself as it starts: the next game
    // cannot start it.
    let vanishing = executable_script(d, "vanishing.sh", &format!("rm -f \"$0\"\n{TAKE_ONE}"));
    let o = play_in(d, &["play", "nim", "--pile", "5", "--games", "2", "--jobs", "1"], &[&vanishing, "random"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let second: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("rec/nim-00001.json")).unwrap()).unwrap();
    let seat = second["bots"].as_array().unwrap().iter().position(|b| b.as_str() == Some(&vanishing)).unwrap();
    assert_eq!(second["result"]["reason"], "crash", "{}", second["result"]);
    assert_eq!(second["errors"][0]["kind"], "crash");
    let kept = second["stderr"][seat].as_str().unwrap();
    assert!(kept.contains("vanishing.sh: No such file or directory"), "the system's reason: {kept}");
}

#[test]
fn a_series_shows_the_first_failure_of_each_failing_bot_with_its_last_stderr_lines() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let crash = script(d, "crash.sh", "read id\necho 'panicked at bot.rs:3' >&2\nexit 101");
    let good = script(d, "good.sh", TAKE_ONE);
    let block = format!(
        "first failure of each bot that failed:\n{crash} in game 0 (replay: arena play nim --pile 21 --max-take 3 \
         --bot '{crash}' --bot '{good}' --game-seed "
    );
    let failure =
        "  seat 0 turn 1: crash: the bot exited (exit status 101)\n    seat 0 stderr | panicked at bot.rs:3\n";
    let o = play_in(d, &["play", "nim", "--games", "2", "--jobs", "1"], &[&crash, &good]);
    let out = stdout(&o);
    assert!(out.contains(&block) && out.contains(&format!("):\n{failure}records in ")), "{out}");
    assert!(!out.contains("good.sh in game"), "a bot that never failed is not listed:\n{out}");
    // Resumed from the records, the same lines.
    let o = play_in(d, &["play", "nim", "--games", "4", "--jobs", "1", "--resume"], &[&crash, &good]);
    let out = stdout(&o);
    assert!(out.contains(&block) && out.contains(&format!("):\n{failure}records in ")), "{out}");
}
