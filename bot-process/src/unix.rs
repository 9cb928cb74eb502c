//! Unix (Linux and macOS): a bot is started in its own process group,
//! through the `arena` launcher when there is one, and killed with its
//! group; on Linux also by its env tag and the orphan sweep.

use std::io;
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};

/// A bot's process tree: the leader (the launcher or the bot itself) and
/// its process group.
pub(super) struct Tree {
    child: Child,
    status: Option<ExitStatus>,
    #[cfg_attr(not(target_os = "linux"), allow(dead_code, reason = "the env-tag sweep is Linux-only"))]
    tag: String,
}

/// Starts `words` in a new process group with piped stdio and `TAG_VAR=tag`
/// in its environment, through `launcher` if given.
pub(super) fn spawn(
    launcher: Option<&Path>,
    words: &[String],
    tag: &str,
) -> io::Result<(Tree, ChildStdin, ChildStdout, ChildStderr)> {
    use std::os::unix::process::CommandExt;
    let mut cmd = match launcher {
        Some(exe) => {
            let mut c = Command::new(exe);
            c.arg(super::LAUNCHER_ARG).arg(std::process::id().to_string()).args(words);
            c
        }
        None => {
            let mut c = Command::new(&words[0]);
            c.args(&words[1..]);
            c
        }
    };
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .env(super::TAG_VAR, tag)
        .spawn()?;
    let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(io::Error::other("pipes unavailable"));
    };
    Ok((Tree { child, status: None, tag: tag.to_string() }, stdin, stdout, stderr))
}

impl Tree {
    /// The leader's pid.
    pub(super) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the whole process group (SIGKILL) and reaps the leader; on
    /// Linux then kills what carries the bot's tag. Idempotent.
    pub(super) fn kill(&mut self) {
        if self.status.is_some() {
            return;
        }
        // The leader is not reaped yet, so its pid (the group id) cannot
        // have been reused: killing the group is safe.
        let pid = rustix::process::Pid::from_child(&self.child);
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        let _ = self.child.kill();
        if let Ok(st) = self.child.wait() {
            self.status = Some(st);
        }
        #[cfg(target_os = "linux")]
        super::linux::kill_tagged(&self.tag);
    }

    /// How the leader ended, if it has (without reaping it).
    pub(super) fn peek_exit(&mut self) -> Option<String> {
        use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
        if let Some(st) = self.status {
            return Some(st.to_string());
        }
        let opts = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT | WaitIdOptions::NOHANG;
        let st = waitid(WaitId::Pid(Pid::from_child(&self.child)), opts).ok()??;
        if let Some(code) = st.exit_status() {
            return Some(format!("exit status {code}"));
        }
        st.terminating_signal().map(|sig| format!("killed by signal {sig}"))
    }

    /// The leader's exit status, once reaped.
    pub(super) fn status(&self) -> Option<ExitStatus> {
        self.status
    }
}

/// What the arena sets up once, before starting bots through the launcher:
/// on Linux it becomes a child subreaper.
pub(super) fn arena_started() {
    #[cfg(target_os = "linux")]
    super::linux::adopt_orphans();
}

/// Linux: arms SIGKILL as the parent-death signal, checks that the arena is
/// still the parent (it may have died before the signal was armed), then
/// replaces itself with the bot. Returns only on failure.
#[cfg(target_os = "linux")]
pub(super) fn run_launcher(parent: &str, program: &str, rest: &[String]) -> i32 {
    use std::os::unix::process::CommandExt;
    if rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL)).is_err() {
        eprintln!("arena {}: cannot arm the parent-death signal", super::LAUNCHER_ARG);
    }
    if !parent_is(parent) {
        return 125;
    }
    let err = Command::new(program).args(rest).exec();
    eprintln!("{program}: {err}");
    127
}

/// Other Unix systems (macOS) have no parent-death signal: the launcher
/// stays as the bot's parent, in the bot's process group, polls its own
/// parent every [`WATCH`] and kills the group once the arena is gone. It
/// exits as the bot did (the same code, or the same signal).
#[cfg(not(target_os = "linux"))]
pub(super) fn run_launcher(parent: &str, program: &str, rest: &[String]) -> i32 {
    use rustix::process::{Signal, kill_current_process_group};
    use std::os::unix::process::ExitStatusExt;
    /// How often the launcher checks that the arena is alive.
    const WATCH: std::time::Duration = std::time::Duration::from_millis(50);
    if !parent_is(parent) {
        return 125;
    }
    let mut child = match Command::new(program).args(rest).spawn() {
        Ok(c) => c,
        Err(err) => {
            eprintln!("{program}: {err}");
            return 127;
        }
    };
    let parent = parent.to_string();
    let watcher = std::thread::Builder::new().name("arena-watch".into()).spawn(move || {
        loop {
            std::thread::sleep(WATCH);
            if !parent_is(&parent) {
                let _ = kill_current_process_group(Signal::KILL);
            }
        }
    });
    if watcher.is_err() {
        eprintln!("arena {}: cannot watch the arena", super::LAUNCHER_ARG);
    }
    match child.wait() {
        Ok(st) => match (st.code(), st.signal()) {
            (Some(code), _) => code,
            (None, Some(sig)) => {
                if let Some(s) = Signal::from_named_raw(sig) {
                    let _ = rustix::process::kill_process(rustix::process::getpid(), s);
                }
                128 + sig
            }
            (None, None) => 1,
        },
        Err(_) => 1,
    }
}

/// Whether this process's parent is still `parent` (the arena's pid).
fn parent_is(parent: &str) -> bool {
    rustix::process::getppid().map(|p| p.as_raw_nonzero().get().to_string()).as_deref() == Some(parent)
}
