//! [`bot_process::kill_all_bots`] kills every live bot of the process,
//! so it is tested alone in its own test binary (in the library's unit
//! tests it would kill the bots of tests running beside it).
//!
//! Unix only: the bots are `sleep` and `sh`.
#![cfg(unix)]

use bot_process::{BotIoError, Process, kill_all_bots};
use std::time::{Duration, Instant};

#[test]
fn kill_all_bots_kills_and_reaps_every_live_bot_from_another_thread() {
    let mut a = Process::spawn("sleep 30").unwrap();
    let mut b = Process::spawn("sh -c 'sleep 30; echo never'").unwrap();
    assert!(a.status().is_none() && b.status().is_none());
    std::thread::spawn(kill_all_bots).join().unwrap();
    assert!(a.status().is_some() && b.status().is_some(), "both reaped by kill_all_bots");
    let t = Instant::now();
    assert_eq!(b.read_line(t + Duration::from_secs(5)), Err(BotIoError::Closed));
    assert!(t.elapsed() < Duration::from_secs(3));
    // A bot started afterwards is not affected.
    let mut c = Process::spawn("cat").unwrap();
    c.send("hi\n").unwrap();
    assert_eq!(c.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"hi");
    a.kill();
    b.kill();
    c.kill();
}
