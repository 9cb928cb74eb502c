//! No process a bot starts outlives its game, even one that leaves the
//! bot's process group and session (`setsid`) and clears its environment
//! (`env -i`, so the env-tag sweep cannot find it): the arena is a child
//! subreaper and kills what is reparented to it.
//!
//! Linux only: the subreaper is Linux's, and the check reads `/proc`.
#![cfg(target_os = "linux")]

use crate::common;
use common::*;
use std::time::{Duration, Instant};

#[test]
fn a_grandchild_that_called_setsid_and_cleared_its_environment_dies_with_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let marker = unique_marker(1234, 1);
    // Plays Nim correctly (takes one stone) after leaving an escaped sleeper.
    let bot = script(
        dir.path(),
        "escaper.sh",
        &format!("setsid env -i sleep {marker} &\nread id\nwhile read pile max; do echo 1; done"),
    );
    let mut child = arena()
        .args(["play", "nim", "--bot", &bot, "--bot", "cmd:sleep 30", "--time-factor", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while !any_process_alive(&marker) {
        assert!(t.elapsed() < Duration::from_secs(10), "the escaped sleeper never started (is setsid installed?)");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(child.wait().unwrap().success());
    let t = Instant::now();
    while any_process_alive(&marker) {
        assert!(t.elapsed() < Duration::from_secs(2), "the escaped sleeper outlived its game");
        std::thread::sleep(Duration::from_millis(10));
    }
}
