//! Linux only: the env-tag sweep (descendants that left a bot's process
//! group) and the child-subreaper orphan sweep (descendants that also
//! cleared their environment).

use rustix::process::{Pid, PidfdFlags, Signal, WaitId, WaitIdOptions, pidfd_open, pidfd_send_signal, waitid};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Whether the arena is a child subreaper (set by [`adopt_orphans`]).
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// How long the sweep waits for a killed orphan to be reapable.
const REAP_WAIT: Duration = Duration::from_millis(200);

/// Makes the arena a child subreaper: a process started by a bot whose
/// parent dies is reparented to the arena (not to init), so that
/// [`sweep_orphans`] finds it even when it left the bot's process group and
/// cleared its environment.
pub(super) fn adopt_orphans() {
    if rustix::process::set_child_subreaper(Some(rustix::process::getpid())).is_ok() {
        SUBREAPER.store(true, Ordering::SeqCst);
    }
}

/// The bytes of `/proc/PID/environ` contain `needle` (`\0VAR=value\0`).
fn environ_has(pid: i32, needle: &[u8]) -> bool {
    let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else { return false };
    let mut block = Vec::with_capacity(env.len() + 1);
    block.push(0);
    block.extend_from_slice(&env);
    block.windows(needle.len()).any(|w| w == needle)
}

/// Every pid in `/proc`.
fn all_pids() -> Vec<i32> {
    let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok()).collect()
}

fn tag_needle(tag: &str) -> Vec<u8> {
    format!("\0{}={tag}\0", super::TAG_VAR).into_bytes()
}

/// Kills every process whose environment carries `TAG_VAR=tag`: the bot's
/// descendants that left its process group, which the group kill misses.
/// Each candidate is checked again through a pidfd before the signal, so a
/// reused pid is never hit. Repeats while it finds some (they may have been
/// forking).
pub(super) fn kill_tagged(tag: &str) {
    let needle = tag_needle(tag);
    for _ in 0..5 {
        let mut found = false;
        for raw in all_pids() {
            let Some(pid) = Pid::from_raw(raw) else { continue };
            if !environ_has(raw, &needle) {
                continue;
            }
            if let Ok(fd) = pidfd_open(pid, PidfdFlags::empty()) {
                if environ_has(raw, &needle) && pidfd_send_signal(&fd, Signal::KILL).is_ok() {
                    found = true;
                }
            }
        }
        if !found {
            return;
        }
    }
}

/// The parent pid in `/proc/PID/stat` (the field after the command name,
/// which may itself hold spaces and parentheses).
fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok()
}

/// Kills and reaps every child of the arena that is not a live bot's leader
/// (the arena's own children are bots only: anything else was reparented
/// to it as a subreaper), except one that still carries a live bot's tag
/// (a helper a bot of a game still running left behind on purpose). An
/// orphan that cleared its environment cannot be told apart: it is killed
/// when any bot is stopped. Does nothing unless [`adopt_orphans`] succeeded.
///
/// The pids are those of the arena's children, so none can be reused until
/// it reaps them: killing by pid is safe.
pub(super) fn sweep_orphans() {
    if !SUBREAPER.load(Ordering::SeqCst) {
        return;
    }
    let me = std::process::id() as i32;
    // Locked for the whole sweep so that a bot being spawned (under the same
    // lock) is never taken for an orphan.
    let reg = super::live();
    let leaders: HashSet<i32> = reg.iter().flat_map(|m| m.values()).map(|l| l.pid as i32).collect();
    let needles: Vec<Vec<u8>> = reg.iter().flat_map(|m| m.values()).map(|l| tag_needle(&l.tag)).collect();
    let mut killed = Vec::new();
    for raw in all_pids() {
        if leaders.contains(&raw) || parent_of(raw) != Some(me) {
            continue;
        }
        if needles.iter().any(|n| environ_has(raw, n)) {
            continue;
        }
        let Some(pid) = Pid::from_raw(raw) else { continue };
        let _ = rustix::process::kill_process(pid, Signal::KILL);
        killed.push(pid);
    }
    drop(reg);
    let until = Instant::now() + REAP_WAIT;
    for pid in killed {
        loop {
            let reaped = waitid(WaitId::Pid(pid), WaitIdOptions::EXITED | WaitIdOptions::NOHANG);
            if !matches!(reaped, Ok(None)) || Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
