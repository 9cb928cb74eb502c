//! External bots that are the arena itself (`arena bot yavalath ...` as a
//! `cmd:` program), so that these end-to-end tests need no shell and run
//! on every system, Windows (under Wine in CI) included: a bot that dies at
//! once, a bot that thinks past its limit, and the arena killed mid-game
//! with a bot thinking.
//!
//! Whether a bot process is still alive is read from `/proc` (see
//! [`common::any_process_alive`]): on Linux, and under Wine, which maps
//! `/proc` and shows a Windows program's command line there. Where there
//! is no `/proc` (macOS, Windows itself) those checks are left out.

use crate::common;

use common::{any_process_alive, arena, only_record, run, unique_marker};
use serde_json::json;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The arena as a Yavalath bot playing `spec`.
fn arena_bot(spec: &str) -> String {
    format!("cmd:{} bot yavalath --bot {spec}", env!("CARGO_BIN_EXE_arena"))
}

/// An MCTS budget that never ends in a test and is unique to this test
/// process and `n`, so that the bot's command line marks it among every
/// process on the machine.
fn endless_mcts(n: u32) -> String {
    let marker = unique_marker(40, n).replace('.', "");
    format!("mcts:ms={marker}")
}

/// Whether process listings can be read here (`/proc`).
fn can_see_processes() -> bool {
    std::path::Path::new("/proc/self").exists()
}

/// Waits up to `limit` for `marker` to be gone from every process; true if
/// it is.
fn gone_within(marker: &str, limit: Duration) -> bool {
    let t = Instant::now();
    while any_process_alive(marker) {
        if t.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

#[test]
fn a_program_that_exits_at_once_loses_by_crash_and_its_stderr_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let crash = arena_bot("no-such-bot");
    let (o, t) = run(&["play", "yavalath", "--bot", &crash, "--bot", "random", "--record", d], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rec = only_record(dir.path());
    assert_eq!(rec["result"], json!({"winner": 1, "ranks": [1, 0], "reason": "crash"}));
    assert!(rec["errors"][0]["message"].as_str().unwrap().contains("exit status 2"), "{}", rec["errors"]);
    assert!(rec["stderr"][0].as_str().unwrap().contains("no-such-bot"), "{}", rec["stderr"]);
    assert!(t < Duration::from_secs(20), "{t:?}");
}

#[test]
fn a_program_that_thinks_past_its_limit_loses_on_time_and_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let spec = endless_mcts(1);
    let slow = arena_bot(&spec);
    let (o, t) = run(&["play", "yavalath", "--bot", "random", "--bot", &slow, "--record", d], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rec = only_record(dir.path());
    assert_eq!(rec["result"]["reason"], "timeout", "{}", rec["result"]);
    assert_eq!(rec["result"]["winner"], 0);
    assert!(t < Duration::from_secs(20), "the game waited for the thinking bot: {t:?}");
    assert!(gone_within(&spec, Duration::from_secs(5)), "the bot that timed out is still running");
}

#[test]
fn an_arena_killed_mid_game_takes_its_thinking_bot_with_it() {
    let spec = endless_mcts(2);
    let bot = arena_bot(&spec);
    // A generous time factor: the bot thinks on, the game waits for it.
    let mut child = arena()
        .args(["play", "yavalath", "--bot", &bot, "--bot", "random", "--time-factor", "1000"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    if can_see_processes() {
        let t = Instant::now();
        while !any_process_alive(&spec) {
            assert!(t.elapsed() < Duration::from_secs(20), "the bot never started");
            std::thread::sleep(Duration::from_millis(50));
        }
    } else {
        std::thread::sleep(Duration::from_secs(3));
    }
    // SIGKILL, or TerminateProcess on Windows: nothing in the arena runs.
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(gone_within(&spec, Duration::from_secs(5)), "the bot outlived the arena");
}
