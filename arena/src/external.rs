//! External bot programs: spawning, line I/O with deadlines, killing and
//! reaping.
//!
//! A bot is started in its own process group so that killing it also kills
//! anything it spawned (a shell script's `sleep`, a child holding the pipe).
//! A descendant that leaves the group (`setsid`) is found by the tag every
//! process of the bot inherits in its environment ([`TAG_VAR`]) and killed
//! too.
//! Three helper threads own the pipes, so the arena itself never blocks on a
//! bot:
//! * a writer thread feeds stdin from a bounded queue (a bot that stops
//!   reading fills the queue and is reported as not reading);
//! * a reader thread splits stdout into lines of at most [`MAX_LINE`] bytes
//!   and hands them over through a bounded channel; the arena waits on the
//!   channel with a deadline ([`Process::read_line`]);
//! * a stderr thread keeps only the last [`STDERR_TAIL`] bytes.
//!
//! Memory per bot is therefore bounded whatever the bot prints.
//!
//! The `arena` binary starts bots through itself ([`use_launcher`],
//! [`run_launcher`]) so that the kernel kills a bot when the arena dies
//! (killed, or interrupted with Ctrl-C, which does not reach the bot's own
//! process group).

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line a bot may print, in bytes; a longer line is a failure.
pub const MAX_LINE: usize = 64 * 1024;
/// How long [`Process::kill`] waits for the stderr tail to take in what a
/// killed bot wrote (a descendant may hold the pipe open for longer).
const STDERR_DRAIN: Duration = Duration::from_millis(200);

/// How many bytes of a bot's stderr are kept (the last ones).
pub const STDERR_TAIL: usize = 4 * 1024;
/// Lines read ahead from a bot before its stdout reader waits for the arena.
const LINE_QUEUE: usize = 64;
/// Input messages queued for a bot that is not reading them.
const INPUT_QUEUE: usize = 64;

/// The environment variable that tags every process of one bot (a value
/// unique to the bot, inherited by everything it starts), so that
/// [`Process::kill`] finds descendants that left the bot's process group.
pub const TAG_VAR: &str = "ARENA_BOT_TAG";

static NEXT_TAG: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Why reading from or writing to a bot failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BotIoError {
    /// No complete answer before the deadline.
    #[error("no answer within the time limit")]
    Timeout,
    /// The bot closed its output or exited.
    #[error("the bot closed its output or exited")]
    Closed,
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("an output line longer than {MAX_LINE} bytes")]
    LineTooLong,
    /// The bot does not read its input (the queue to its stdin is full).
    #[error("the bot does not read its input")]
    NotReading,
    /// The program could not be started.
    #[error("cannot start the program: {0}")]
    Spawn(String),
}

impl BotIoError {
    /// The kebab-case kind recorded for this failure.
    pub fn kind(&self) -> &'static str {
        match self {
            BotIoError::Timeout => "timeout",
            BotIoError::Closed | BotIoError::Spawn(_) => "crash",
            BotIoError::LineTooLong => "line-too-long",
            BotIoError::NotReading => "not-reading",
        }
    }
}

/// The first argument that makes the `arena` binary act as the launcher of
/// a bot ([`run_launcher`]).
pub const LAUNCHER_ARG: &str = "__launch-bot";

static LAUNCHER: OnceLock<PathBuf> = OnceLock::new();

/// Starts every later bot through `exe` (the `arena` binary itself), which
/// asks the kernel to kill the bot when the arena dies (Linux's parent-death
/// signal), so that a killed or interrupted arena leaves no bot behind.
/// Without it (in unit tests) bots are started directly.
pub fn use_launcher(exe: PathBuf) {
    let _ = LAUNCHER.set(exe);
}

/// The launcher side: `arena __launch-bot PARENT_PID PROGRAM ARGS...`. Sets
/// SIGKILL as the parent-death signal, checks that the arena is still the
/// parent (it may have died before the signal was armed), then replaces
/// itself with the bot. Returns only on failure, with the exit code to use.
pub fn run_launcher(args: &[String]) -> i32 {
    use std::os::unix::process::CommandExt;
    let [parent, program, rest @ ..] = args else {
        eprintln!("arena {LAUNCHER_ARG}: expected PARENT_PID PROGRAM [ARGS]");
        return 127;
    };
    if rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL)).is_err() {
        eprintln!("arena {LAUNCHER_ARG}: cannot arm the parent-death signal");
    }
    let ppid = rustix::process::getppid().map(|p| p.as_raw_nonzero().get().to_string());
    if ppid.as_deref() != Some(parent.as_str()) {
        return 125;
    }
    let err = Command::new(program).args(rest).exec();
    eprintln!("{program}: {err}");
    127
}

enum Out {
    Line(Vec<u8>),
    TooLong,
    Eof,
}

/// A running bot program.
pub struct Process {
    child: Child,
    stdin: Option<SyncSender<Vec<u8>>>,
    lines: Receiver<Out>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    /// The thread keeping the stderr tail (done once the pipe is closed).
    stderr_thread: thread::JoinHandle<()>,
    closed: bool,
    status: Option<ExitStatus>,
    /// This bot's value of [`TAG_VAR`].
    tag: String,
}

/// Splits a command line into words: whitespace separates, single and double
/// quotes group, a backslash escapes the next character (outside single
/// quotes). Returns `None` for an unterminated quote or an empty command.
pub fn split_command(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => cur.push(c),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => cur.push(chars.next()?),
                        c => cur.push(c),
                    }
                }
            }
            '\\' => {
                in_word = true;
                cur.push(chars.next()?);
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    (!words.is_empty()).then_some(words)
}

impl Process {
    /// Starts `command` (split with [`split_command`]) with piped stdio, in
    /// its own process group.
    ///
    /// # Errors
    /// [`BotIoError::Spawn`] when the command is empty or cannot be started.
    pub fn spawn(command: &str) -> Result<Process, BotIoError> {
        use std::os::unix::process::CommandExt;
        let words = split_command(command).ok_or_else(|| BotIoError::Spawn(format!("bad command line {command:?}")))?;
        let tag = format!("{}-{}", std::process::id(), NEXT_TAG.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
        let mut cmd = match LAUNCHER.get() {
            Some(exe) => {
                let mut c = Command::new(exe);
                c.arg(LAUNCHER_ARG).arg(std::process::id().to_string()).args(&words);
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
            .env(TAG_VAR, &tag)
            .spawn()
            .map_err(|e| BotIoError::Spawn(format!("{}: {e}", words[0])))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(BotIoError::Spawn("pipes unavailable".into()));
        };
        let (in_tx, in_rx) = sync_channel::<Vec<u8>>(INPUT_QUEUE);
        thread::Builder::new()
            .name("bot-stdin".into())
            .spawn(move || {
                let mut stdin: ChildStdin = stdin;
                for msg in in_rx {
                    if stdin.write_all(&msg).and_then(|()| stdin.flush()).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| BotIoError::Spawn(e.to_string()))?;
        let (out_tx, out_rx) = sync_channel::<Out>(LINE_QUEUE);
        thread::Builder::new()
            .name("bot-stdout".into())
            .spawn(move || read_lines(stdout, &out_tx))
            .map_err(|e| BotIoError::Spawn(e.to_string()))?;
        let tail = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_TAIL)));
        let tail2 = Arc::clone(&tail);
        let stderr_thread = thread::Builder::new()
            .name("bot-stderr".into())
            .spawn(move || keep_tail(stderr, &tail2))
            .map_err(|e| BotIoError::Spawn(e.to_string()))?;
        Ok(Process {
            child,
            stdin: Some(in_tx),
            lines: out_rx,
            stderr: tail,
            stderr_thread,
            closed: false,
            status: None,
            tag,
        })
    }

    /// Queues `text` for the bot's stdin (never blocks).
    ///
    /// # Errors
    /// [`BotIoError::NotReading`] when the bot has let its input queue fill up,
    /// [`BotIoError::Closed`] when its stdin is gone.
    pub fn send(&mut self, text: &str) -> Result<(), BotIoError> {
        let Some(tx) = &self.stdin else { return Err(BotIoError::Closed) };
        match tx.try_send(text.as_bytes().to_vec()) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => Err(BotIoError::NotReading),
            Err(TrySendError::Disconnected(_)) => Err(BotIoError::Closed),
        }
    }

    /// Waits for the next line until `deadline`: the bytes exactly as the
    /// bot printed them, without the `\n` that ended the line (a `\r`
    /// before it is kept: each game's referee decides what it means).
    ///
    /// # Errors
    /// [`BotIoError::Timeout`], [`BotIoError::Closed`] or [`BotIoError::LineTooLong`].
    pub fn read_line(&mut self, deadline: Instant) -> Result<Vec<u8>, BotIoError> {
        if self.closed {
            return Err(BotIoError::Closed);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Out::Line(l)) => Ok(l),
            Ok(Out::TooLong) => {
                self.closed = true;
                Err(BotIoError::LineTooLong)
            }
            Ok(Out::Eof) | Err(RecvTimeoutError::Disconnected) => {
                // The leader is reaped only by `kill`, after its group is
                // killed, so that the group id cannot be reused meanwhile.
                self.closed = true;
                Err(BotIoError::Closed)
            }
            Err(RecvTimeoutError::Timeout) => Err(BotIoError::Timeout),
        }
    }

    /// The last bytes the bot wrote to stderr, as (lossy) text.
    pub fn stderr_tail(&self) -> String {
        let tail = self.stderr.lock().map(|t| t.iter().copied().collect::<Vec<u8>>()).unwrap_or_default();
        String::from_utf8_lossy(&tail).into_owned()
    }

    /// Ends the bot politely: sends `last` (if any), closes stdin, waits up
    /// to `grace` for it to close its output, then kills its process group
    /// and reaps it.
    pub fn finish(&mut self, last: Option<&str>, grace: Duration) {
        if let Some(text) = last {
            let _ = self.send(text);
        }
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while !self.closed && Instant::now() < deadline {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(Out::Line(_)) => {}
                _ => break,
            }
        }
        self.kill();
    }

    /// Kills the bot's whole process group (SIGKILL) and reaps the bot.
    /// Idempotent.
    pub fn kill(&mut self) {
        self.stdin = None;
        self.closed = true;
        if self.status.is_none() {
            // The leader is not reaped yet, so its pid (the group id) cannot
            // have been reused: killing the group is safe.
            let pid = rustix::process::Pid::from_child(&self.child);
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
            let _ = self.child.kill();
            if let Ok(st) = self.child.wait() {
                self.status = Some(st);
            }
            kill_tagged(&self.tag);
            // Let the stderr thread take in what the bot wrote before it
            // ended (it stops at the end of the pipe; a busy machine may
            // not have run it yet), so that the tail is whole.
            let until = Instant::now() + STDERR_DRAIN;
            while !self.stderr_thread.is_finished() && Instant::now() < until {
                thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// How the bot ended, if it has exited (waits up to `wait` for it),
    /// without reaping it (so its process group stays safe to kill):
    /// `exit status N` or `killed by signal N`.
    pub fn peek_exit(&self, wait: Duration) -> Option<String> {
        use rustix::process::{Pid, WaitId, WaitIdOptions, waitid};
        if let Some(st) = self.status {
            return Some(st.to_string());
        }
        let pid = Pid::from_child(&self.child);
        let until = Instant::now() + wait;
        loop {
            let opts = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT | WaitIdOptions::NOHANG;
            if let Ok(Some(st)) = waitid(WaitId::Pid(pid), opts) {
                if let Some(code) = st.exit_status() {
                    return Some(format!("exit status {code}"));
                }
                if let Some(sig) = st.terminating_signal() {
                    return Some(format!("killed by signal {sig}"));
                }
            }
            if Instant::now() >= until {
                return None;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// The exit status, once the bot has been reaped.
    pub fn status(&self) -> Option<ExitStatus> {
        self.status
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Kills every process whose environment carries `TAG_VAR=tag`: the bot's
/// descendants that left its process group, which the group kill misses.
/// Each candidate is checked again through a pidfd before the signal, so a
/// reused pid is never hit. Repeats while it finds some (they may have been
/// forking).
fn kill_tagged(tag: &str) {
    use rustix::process::{Pid, PidfdFlags, Signal, pidfd_open, pidfd_send_signal};
    let needle = format!("\0{TAG_VAR}={tag}\0").into_bytes();
    let tagged = |pid: i32| {
        let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else { return false };
        let mut block = Vec::with_capacity(env.len() + 1);
        block.push(0);
        block.extend_from_slice(&env);
        block.windows(needle.len()).any(|w| w == needle.as_slice())
    };
    for _ in 0..5 {
        let Ok(dir) = std::fs::read_dir("/proc") else { return };
        let mut found = false;
        for raw in dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok()) {
            let Some(pid) = Pid::from_raw(raw) else { continue };
            if !tagged(raw) {
                continue;
            }
            if let Ok(fd) = pidfd_open(pid, PidfdFlags::empty()) {
                if tagged(raw) && pidfd_send_signal(&fd, Signal::KILL).is_ok() {
                    found = true;
                }
            }
        }
        if !found {
            return;
        }
    }
}

fn read_lines(mut out: impl Read, tx: &SyncSender<Out>) {
    let mut line: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = match out.read(&mut chunk) {
            Ok(0) => {
                if !line.is_empty() {
                    let _ = tx.send(Out::Line(line.clone()));
                }
                let _ = tx.send(Out::Eof);
                return;
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => {
                let _ = tx.send(Out::Eof);
                return;
            }
        };
        for &b in &chunk[..n] {
            if b == b'\n' {
                if tx.send(Out::Line(line.clone())).is_err() {
                    return;
                }
                line.clear();
            } else if line.len() >= MAX_LINE {
                let _ = tx.send(Out::TooLong);
                return;
            } else {
                line.push(b);
            }
        }
    }
}

fn keep_tail(mut err: impl Read, tail: &Mutex<VecDeque<u8>>) {
    let mut chunk = [0u8; 4096];
    loop {
        match err.read(&mut chunk) {
            Ok(0) => return,
            Ok(n) => {
                if let Ok(mut t) = tail.lock() {
                    t.extend(&chunk[..n]);
                    let excess = t.len().saturating_sub(STDERR_TAIL);
                    t.drain(..excess);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_command_handles_quotes_and_escapes() {
        assert_eq!(split_command("a b  c").unwrap(), ["a", "b", "c"]);
        assert_eq!(split_command("sh -c 'echo hi; x'").unwrap(), ["sh", "-c", "echo hi; x"]);
        assert_eq!(split_command(r#"p "a \" b" c\ d"#).unwrap(), ["p", "a \" b", "c d"]);
        assert_eq!(split_command("  "), None);
        assert_eq!(split_command("a 'b"), None);
    }

    #[test]
    fn lines_are_bounded_and_split_and_keep_every_byte_but_the_newline() {
        let data = b"12\r\n34\n\xff z".to_vec();
        let (tx, rx) = sync_channel(10);
        read_lines(&data[..], &tx);
        let got: Vec<String> = rx
            .try_iter()
            .map(|o| match o {
                Out::Line(l) => String::from_utf8_lossy(&l).into_owned(),
                Out::TooLong => "<long>".into(),
                Out::Eof => "<eof>".into(),
            })
            .collect();
        assert_eq!(got, ["12\r", "34", "\u{fffd} z", "<eof>"]);
        let big = vec![b'x'; MAX_LINE + 10];
        let (tx, rx) = sync_channel(10);
        read_lines(&big[..], &tx);
        assert!(matches!(rx.try_recv(), Ok(Out::TooLong)));
    }

    #[test]
    fn stderr_tail_keeps_the_end() {
        let data: Vec<u8> = (0..10_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let tail = Mutex::new(VecDeque::new());
        keep_tail(&data[..], &tail);
        let t: Vec<u8> = tail.lock().unwrap().iter().copied().collect();
        assert_eq!(t.len(), STDERR_TAIL);
        assert_eq!(&t[..], &data[data.len() - STDERR_TAIL..]);
    }

    #[test]
    fn the_stderr_tail_of_a_killed_bot_holds_what_it_wrote_before_it_ended() {
        for _ in 0..20 {
            let mut p = Process::spawn("sh -c 'echo dying now >&2; exit 3'").unwrap();
            assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)), Err(BotIoError::Closed));
            p.kill();
            assert_eq!(p.stderr_tail(), "dying now\n");
        }
    }

    #[test]
    fn a_silent_bot_times_out_and_is_killed() {
        let mut p = Process::spawn("sleep 30").unwrap();
        let t = Instant::now();
        assert_eq!(p.read_line(Instant::now() + Duration::from_millis(100)), Err(BotIoError::Timeout));
        p.kill();
        assert!(t.elapsed() < Duration::from_secs(5));
        assert!(p.status().is_some());
    }

    #[test]
    fn a_descendant_that_left_the_process_group_is_killed_too() {
        let alive = || {
            std::fs::read_dir("/proc")
                .unwrap()
                .filter_map(Result::ok)
                .any(|e| std::fs::read(e.path().join("cmdline")).is_ok_and(|c| c.windows(7).any(|w| w == b"43.2109")))
        };
        let mut p = Process::spawn("sh -c 'setsid sleep 43.2109 & echo started; exec sleep 30'").unwrap();
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"started");
        let t = Instant::now();
        while !alive() {
            assert!(t.elapsed() < Duration::from_secs(5), "the child never started (is setsid installed?)");
            thread::sleep(Duration::from_millis(10));
        }
        p.kill();
        while alive() {
            assert!(t.elapsed() < Duration::from_secs(5), "the child that left the group survived");
            thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn an_echo_bot_answers() {
        let mut p = Process::spawn("cat").unwrap();
        p.send("hello\n").unwrap();
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"hello");
        p.finish(None, Duration::from_millis(500));
        assert!(p.status().is_some());
    }
}
