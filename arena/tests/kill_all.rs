//! [`bot_process::kill_all_bots`] kills every live bot of the process,
//! so it is tested alone in its own test binary (in the library's unit
//! tests it would kill the bots of tests running beside it).
//!
//! The bots are the system's own programs: `sleep`, `sh` and `echo` on
//! Unix, `cmd` and `ping` on Windows.

use bot_process::{BotIoError, Process, kill_all_bots};
use std::time::{Duration, Instant};

/// A bot that says nothing for 30 s.
#[cfg(unix)]
const SILENT: &str = "sleep 30";
/// A bot that would say `never` after 30 s, through a child process.
#[cfg(unix)]
const LATE: &str = "sh -c 'sleep 30; echo never'";
/// A bot that says `hi` at once.
#[cfg(unix)]
const HI: &str = "echo hi";
#[cfg(windows)]
const SILENT: &str = r#"cmd /c "ping -n 30 127.0.0.1 >NUL""#;
#[cfg(windows)]
const LATE: &str = r#"cmd /c "ping -n 30 127.0.0.1 >NUL & echo never""#;
#[cfg(windows)]
const HI: &str = "cmd /c echo hi";

#[test]
fn kill_all_bots_kills_and_reaps_every_live_bot_from_another_thread() {
    let mut a = Process::spawn(SILENT).unwrap();
    let mut b = Process::spawn(LATE).unwrap();
    assert!(a.status().is_none() && b.status().is_none());
    std::thread::spawn(kill_all_bots).join().unwrap();
    assert!(a.status().is_some() && b.status().is_some(), "both reaped by kill_all_bots");
    let t = Instant::now();
    assert_eq!(b.read_line(t + Duration::from_secs(5)), Err(BotIoError::Closed));
    assert!(t.elapsed() < Duration::from_secs(3));
    // A bot started afterwards is not affected.
    let mut c = Process::spawn(HI).unwrap();
    let hi = c.read_line(Instant::now() + Duration::from_secs(5)).unwrap();
    assert_eq!(hi.strip_suffix(b"\r").unwrap_or(&hi), b"hi");
    a.kill();
    b.kill();
    c.kill();
}
