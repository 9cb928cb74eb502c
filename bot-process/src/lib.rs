//! Bot programs as child processes for a game host (a referee, a
//! tournament runner, the workspace's `arena`): spawning, line I/O with
//! deadlines judged on each line's arrival, bounded lines and stderr,
//! killing every process a bot started and reaping, on Linux, macOS and
//! Windows. Nothing here knows a game: a bot is a command line that reads
//! lines and writes lines.
//!
//! ```
//! # #[cfg(unix)] {
//! use bot_process::{BotIoError, Process};
//! use std::time::{Duration, Instant};
//!
//! // A "bot" that answers each line it reads.
//! let mut bot = Process::spawn("sh -c 'while read l; do echo \"move after $l\"; done'")?;
//! bot.send("e2e4\n")?;
//! let answer = bot.read_line(Instant::now() + Duration::from_secs(5))?;
//! assert_eq!(answer, b"move after e2e4");
//! // A bot that says nothing in time: the deadline is the host's.
//! assert_eq!(bot.read_line(Instant::now() + Duration::from_millis(50)), Err(BotIoError::Timeout));
//! bot.kill();
//! # }
//! # Ok::<(), bot_process::BotIoError>(())
//! ```
//!
//! `examples/echo.rs` plays a few rounds with any program and prints what
//! it answered and how long it took.
//!
//! Three helper threads own a bot's pipes, so the arena itself never blocks
//! on a bot:
//! * a writer thread feeds stdin from a bounded queue (a bot that stops
//!   reading fills the queue and is reported as not reading);
//! * a reader thread splits stdout into lines of at most [`MAX_LINE`] bytes,
//!   stamps each with the instant it arrived, and hands them over through a
//!   bounded channel; the arena waits on the channel with a deadline
//!   ([`Process::read_line`]) and judges a line by its arrival stamp, so a
//!   busy arena thread never turns an answer in time into a time-out;
//! * a stderr thread keeps the first [`STDERR_HEAD`] and the last
//!   [`STDERR_TAIL`] bytes, and counts the bytes cut between them
//!   ([`Process::stderr`] marks the cut `[... N bytes cut ...]`).
//!
//! Memory per bot is therefore bounded whatever the bot prints.
//!
//! ## Before the first game
//! [`check_program`] resolves a bot's program as the system will (a path
//! relative to the working directory, or a name searched in `PATH`) and
//! checks that it is an executable file: `arena play` and `arena league`
//! refuse a program that cannot start before any game, through this
//! check. A program that disappears
//! later fails in its game as a crash, with the system's reason in its
//! stderr.
//!
//! ## What each system guarantees
//! Every process a bot starts is grouped with it, killed at the end of its
//! game (and whenever the bot is stopped early), and killed when the arena
//! dies. How, per system (the `arena` binary calls [`use_launcher`] first;
//! without it, as in unit tests, bots are started directly and the "arena
//! dies" column does not hold):
//!
//! | | Linux | macOS | Windows |
//! |---|---|---|---|
//! | grouping | own process group (`setpgid`); every process also inherits the env tag [`TAG_VAR`] | own process group | own Job Object per bot; own console process group (`CREATE_NEW_PROCESS_GROUP`, so the arena's Ctrl-C does not reach it) |
//! | end of game | `SIGKILL` to the group; then every process carrying the bot's tag (one that left the group with `setsid`), checked through a pidfd; then every orphan reparented to the arena (child subreaper), even one that cleared its environment | `SIGKILL` to the group (a descendant that calls `setsid` escapes: macOS has no subreaper) | the bot's job is closed (`JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE`): every descendant dies, breakaway is not allowed |
//! | arena dies (killed, Ctrl-C) | the launcher arms a parent-death `SIGKILL` then `exec`s the bot; orphans of bots that escaped the group and cleared their tag are **not** covered (nothing on a plain Linux without cgroups) | the launcher stays as a small parent in the bot's group, polls `getppid` every 50 ms and kills the group when the arena is gone | the arena puts itself in a kill-on-close job at start: its death closes the job and kills every bot and descendant (nested jobs need Windows 8 or later) |
//! | limits | time (deadlines), output ([`MAX_LINE`], [`STDERR_HEAD`] + [`STDERR_TAIL`], queued input); no memory or CPU limit | same | same |
//! | kill everything now ([`kill_all_bots`]) | group + tag + orphan sweep of each live bot | group of each live bot | closes each live bot's job |
//! | tested in CI | everything | type-checked only | the workspace's tests as Windows binaries under Wine 8 (`.ci/windows`): 718 pass at this writing, among them the rows grouping, end of game (a bot's child dies with it), arena dies, time limits and kill everything now; not Ctrl-C; Windows itself is not run |
//!
//! ## Command lines
//! A `cmd:` spec is split by [`split_command`] the same way on every system
//! (POSIX-shell-like quoting, no shell is involved). On Windows, write
//! paths with `/` or with doubled backslashes (`C:\\bots\\a.exe`) or
//! inside single quotes (`'C:\bots\a.exe'`), since a backslash escapes the
//! next character outside single quotes; the words are then passed to the
//! program by the standard library's Windows quoting.
//!
//! ## Line endings
//! A line ends at `\n`; a `\r` before it is kept in the line, and every
//! game's `protocol::parse_answer` treats it as part of the line ending, so
//! a bot writing `\r\n` (as Windows programs do) is read like any other.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, ExitStatus};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::thread;
use std::time::{Duration, Instant};

#[cfg(target_os = "linux")]
mod linux;
mod program;
mod stderr;
#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as sys;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
use windows as sys;

pub use program::{ProgramError, check_program};
use stderr::{Kept, keep_stderr};

/// The longest line a bot may print, in bytes; a longer line is a failure.
pub const MAX_LINE: usize = 64 * 1024;
/// How long [`Process::kill`] waits for the stderr tail to take in what a
/// killed bot wrote (a descendant may hold the pipe open for longer).
const STDERR_DRAIN: Duration = Duration::from_millis(200);

/// How many bytes of the start of a bot's stderr are kept (per bot, per
/// game): what it said as it started.
pub const STDERR_HEAD: usize = 16 * 1024;
/// How many bytes of the end of a bot's stderr are kept (per bot, per
/// game): its last words. Bytes between the head and the tail are cut and
/// counted.
pub const STDERR_TAIL: usize = 48 * 1024;
/// Lines read ahead from a bot before its stdout reader waits for the arena.
const LINE_QUEUE: usize = 64;
/// Input messages queued for a bot that is not reading them.
const INPUT_QUEUE: usize = 64;

/// The environment variable that tags every process of one bot (a value
/// unique to the bot, inherited by everything it starts), so that
/// [`Process::kill`] finds descendants that left the bot's process group
/// (used on Linux).
pub const TAG_VAR: &str = "ARENA_BOT_TAG";

static NEXT_TAG: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Why reading from or writing to a bot failed.
///
/// Not `#[non_exhaustive]`: these are every way talking to a process can
/// fail, and a host maps each to what it costs in its contest with an
/// exhaustive `match`, so that a new kind would be a compile error there
/// rather than a silent default.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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

/// Starts every later bot through `exe` (the `arena` binary itself), and
/// sets up what kills bots when the arena dies (see the table in the module
/// docs): on Linux the launcher arms a parent-death signal and the arena
/// becomes a child subreaper (orphans of bots are reparented to it and
/// killed when a bot is stopped); on macOS the launcher watches the arena;
/// on Windows the arena enters a kill-on-close job. Without it (in unit
/// tests) bots are started directly.
pub fn use_launcher(exe: PathBuf) {
    if LAUNCHER.set(exe).is_ok() {
        sys::arena_started();
    }
}

/// The launcher side: `arena __launch-bot PARENT_PID PROGRAM ARGS...`. On
/// Linux: arms SIGKILL as the parent-death signal, checks that the arena is
/// still the parent (it may have died before the signal was armed), then
/// replaces itself with the bot. On macOS and Windows: runs the bot as its
/// child, kills it when the arena is gone (macOS), and exits as it did.
/// Returns the exit code to use.
pub fn run_launcher(args: &[String]) -> i32 {
    let [parent, program, rest @ ..] = args else {
        eprintln!("arena {LAUNCHER_ARG}: expected PARENT_PID PROGRAM [ARGS]");
        return 127;
    };
    sys::run_launcher(parent, program, rest)
}

/// Every live bot process tree, so that [`kill_all_bots`] reaches them all;
/// each entry keeps the bot's leader pid and tag for the Linux orphan sweep.
struct Live {
    #[cfg_attr(not(target_os = "linux"), allow(dead_code, reason = "the orphan sweep is Linux-only"))]
    pid: u32,
    #[cfg_attr(not(target_os = "linux"), allow(dead_code, reason = "the orphan sweep is Linux-only"))]
    tag: String,
    tree: Weak<Mutex<sys::Tree>>,
}

static LIVE: Mutex<Option<HashMap<u64, Live>>> = Mutex::new(None);

fn live() -> std::sync::MutexGuard<'static, Option<HashMap<u64, Live>>> {
    lock(&LIVE)
}

/// Kills every live bot process the arena started, with everything each one
/// started (the same as [`Process::kill`] on each, from any thread), on
/// every system. For a clean stop on a second signal: call it, then exit.
/// Bots started afterwards are not affected.
pub fn kill_all_bots() {
    let trees: Vec<Arc<Mutex<sys::Tree>>> =
        live().as_ref().map(|m| m.values().filter_map(|l| l.tree.upgrade()).collect()).unwrap_or_default();
    for t in trees {
        lock(&t).kill();
    }
    #[cfg(target_os = "linux")]
    linux::sweep_orphans();
}

/// A line as read, with the instant the reader thread received it.
enum Out {
    Line(Vec<u8>, Instant),
    TooLong,
    Eof,
}

/// A running bot program.
pub struct Process {
    /// The bot's process tree (shared with [`kill_all_bots`]).
    tree: Arc<Mutex<sys::Tree>>,
    /// This bot's key in the registry of live bots.
    key: u64,
    stdin: Option<SyncSender<Vec<u8>>>,
    lines: Receiver<Out>,
    stderr: Arc<Mutex<Kept>>,
    /// Whether the bot has written anything to stdout.
    spoke: Arc<AtomicBool>,
    /// The thread keeping the stderr (done once the pipe is closed).
    stderr_thread: Option<thread::JoinHandle<()>>,
    closed: bool,
    /// When the last line returned by [`Process::read_line`] arrived.
    last_arrival: Option<Instant>,
    /// A line that arrived after its deadline, kept for the next read.
    pending: Option<Out>,
}

/// Splits a command line into words: whitespace separates, single and double
/// quotes group, a backslash escapes the next character (outside single
/// quotes). Returns `None` for an unterminated quote or an empty command
/// (no words, or an empty first word: `""`).
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
    words.first().is_some_and(|w| !w.is_empty()).then_some(words)
}

impl Process {
    /// Starts `command` (split with [`split_command`]) with piped stdio, in
    /// its own process group (job object on Windows), through the launcher
    /// when [`use_launcher`] was called.
    ///
    /// # Errors
    /// [`BotIoError::Spawn`] when the command is empty or cannot be started.
    pub fn spawn(command: &str) -> Result<Process, BotIoError> {
        let words = split_command(command).ok_or_else(|| BotIoError::Spawn(format!("bad command line {command:?}")))?;
        let key = NEXT_TAG.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tag = format!("{}-{key}", std::process::id());
        // The registry stays locked from the spawn until the bot is in it, so
        // that the Linux orphan sweep never takes a new bot for an orphan.
        let mut reg = live();
        let (tree, stdin, stdout, stderr) = sys::spawn(LAUNCHER.get().map(PathBuf::as_path), &words, &tag)
            .map_err(|e| BotIoError::Spawn(format!("{}: {e}", words[0])))?;
        let pid = tree.pid();
        let tree = Arc::new(Mutex::new(tree));
        reg.get_or_insert_with(HashMap::new).insert(key, Live { pid, tag, tree: Arc::downgrade(&tree) });
        drop(reg);
        // From here on, dropping `proc_` on an error kills the bot.
        let mut proc_ = Process {
            tree,
            key,
            stdin: None,
            lines: sync_channel(0).1,
            stderr: Arc::new(Mutex::new(Kept::default())),
            spoke: Arc::new(AtomicBool::new(false)),
            stderr_thread: None,
            closed: false,
            last_arrival: None,
            pending: None,
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
        proc_.stdin = Some(in_tx);
        let (out_tx, out_rx) = sync_channel::<Out>(LINE_QUEUE);
        let spoke = Arc::clone(&proc_.spoke);
        thread::Builder::new()
            .name("bot-stdout".into())
            .spawn(move || read_lines(stdout, &out_tx, &spoke))
            .map_err(|e| BotIoError::Spawn(e.to_string()))?;
        proc_.lines = out_rx;
        let tail2 = Arc::clone(&proc_.stderr);
        proc_.stderr_thread = Some(
            thread::Builder::new()
                .name("bot-stderr".into())
                .spawn(move || keep_stderr(stderr, &tail2))
                .map_err(|e| BotIoError::Spawn(e.to_string()))?,
        );
        Ok(proc_)
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
    /// A line counts as in time when it *arrived* by `deadline`, even if the
    /// arena gets to it later (its thread may have been busy or starved);
    /// a line that arrived after `deadline` is a time-out, and is kept for
    /// the next read (a late answer). [`Process::last_arrival`] tells when
    /// the returned line arrived.
    ///
    /// # Errors
    /// [`BotIoError::Timeout`], [`BotIoError::Closed`] or [`BotIoError::LineTooLong`].
    pub fn read_line(&mut self, deadline: Instant) -> Result<Vec<u8>, BotIoError> {
        if self.closed {
            return Err(BotIoError::Closed);
        }
        let got = match self.pending.take() {
            Some(out) => Ok(out),
            None => self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(Out::Line(l, at)) if at <= deadline => {
                self.last_arrival = Some(at);
                Ok(l)
            }
            Ok(late @ Out::Line(..)) => {
                self.pending = Some(late);
                Err(BotIoError::Timeout)
            }
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

    /// When the line last returned by [`Process::read_line`] arrived from
    /// the bot.
    pub fn last_arrival(&self) -> Option<Instant> {
        self.last_arrival
    }

    /// What the bot wrote to stderr, as (lossy) text: all of it up to
    /// [`STDERR_HEAD`] + [`STDERR_TAIL`] bytes; beyond, the first
    /// [`STDERR_HEAD`] and the last [`STDERR_TAIL`] bytes with a line
    /// `[... N bytes cut ...]` between them.
    pub fn stderr(&self) -> String {
        lock(&self.stderr).text()
    }

    /// Whether the bot has written anything at all to stdout (a line or
    /// part of one) since it started.
    pub fn has_written(&self) -> bool {
        self.spoke.load(Ordering::Relaxed)
    }

    /// Ends the bot politely: sends `last` (if any), closes stdin, waits up
    /// to `grace` for it to close its output, then kills it with everything
    /// it started and reaps it.
    pub fn finish(&mut self, last: Option<&str>, grace: Duration) {
        if let Some(text) = last {
            let _ = self.send(text);
        }
        self.stdin = None;
        let deadline = Instant::now() + grace;
        while !self.closed && Instant::now() < deadline {
            match self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(Out::Line(..)) => {}
                _ => break,
            }
        }
        self.kill();
    }

    /// Kills the bot with every process it started (see the table in the
    /// module docs) and reaps it. Idempotent.
    pub fn kill(&mut self) {
        self.stdin = None;
        self.closed = true;
        lock(&self.tree).kill();
        let was_live = live().as_mut().and_then(|reg| reg.remove(&self.key)).is_some();
        if was_live {
            #[cfg(target_os = "linux")]
            linux::sweep_orphans();
            // Let the stderr thread take in what the bot wrote before it
            // ended (it stops at the end of the pipe; a busy machine may
            // not have run it yet), so that the tail is whole.
            let until = Instant::now() + STDERR_DRAIN;
            while self.stderr_thread.as_ref().is_some_and(|t| !t.is_finished()) && Instant::now() < until {
                thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// How the bot ended, if it has exited (waits up to `wait` for it),
    /// without reaping it (so its process group stays safe to kill):
    /// `exit status N` or `killed by signal N`.
    pub fn peek_exit(&self, wait: Duration) -> Option<String> {
        let until = Instant::now() + wait;
        loop {
            if let Some(how) = lock(&self.tree).peek_exit() {
                return Some(how);
            }
            if Instant::now() >= until {
                return None;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// The exit status, once the bot has been reaped.
    pub fn status(&self) -> Option<ExitStatus> {
        lock(&self.tree).status()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn read_lines(mut out: impl Read, tx: &SyncSender<Out>, spoke: &AtomicBool) {
    let mut line: Vec<u8> = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        let n = match out.read(&mut chunk) {
            Ok(0) => {
                if !line.is_empty() {
                    let _ = tx.send(Out::Line(line.clone(), Instant::now()));
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
        let at = Instant::now();
        spoke.store(true, Ordering::Relaxed);
        for &b in &chunk[..n] {
            if b == b'\n' {
                if tx.send(Out::Line(line.clone(), at)).is_err() {
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
        assert_eq!(split_command("'' x"), None, "an empty program name");
    }

    #[test]
    fn lines_are_bounded_and_split_and_keep_every_byte_but_the_newline() {
        let data = b"12\r\n34\n\xff z".to_vec();
        let (tx, rx) = sync_channel(10);
        let spoke = AtomicBool::new(false);
        read_lines(&data[..], &tx, &spoke);
        assert!(spoke.load(Ordering::Relaxed));
        let got: Vec<String> = rx
            .try_iter()
            .map(|o| match o {
                Out::Line(l, _) => String::from_utf8_lossy(&l).into_owned(),
                Out::TooLong => "<long>".into(),
                Out::Eof => "<eof>".into(),
            })
            .collect();
        assert_eq!(got, ["12\r", "34", "\u{fffd} z", "<eof>"]);
        let big = vec![b'x'; MAX_LINE + 10];
        let (tx, rx) = sync_channel(10);
        read_lines(&big[..], &tx, &spoke);
        assert!(matches!(rx.try_recv(), Ok(Out::TooLong)));
    }

    #[test]
    fn stderr_is_kept_whole_up_to_its_bound_then_head_and_tail_around_a_counted_cut() {
        let letters = |n: usize| -> Vec<u8> { (0..n).map(|i| b'a' + (i % 26) as u8).collect() };
        let whole = letters(STDERR_HEAD + STDERR_TAIL);
        let kept = Mutex::new(Kept::default());
        keep_stderr(&whole[..], &kept);
        assert_eq!(kept.lock().unwrap().text().as_bytes(), &whole[..]);
        let data = letters(STDERR_HEAD + STDERR_TAIL + 1000);
        let kept = Mutex::new(Kept::default());
        keep_stderr(&data[..], &kept);
        let text = kept.lock().unwrap().text();
        let marker = "\n[... 1000 bytes cut ...]\n";
        assert_eq!(text.len(), STDERR_HEAD + marker.len() + STDERR_TAIL);
        assert_eq!(&text.as_bytes()[..STDERR_HEAD], &data[..STDERR_HEAD]);
        assert_eq!(&text[STDERR_HEAD..STDERR_HEAD + marker.len()], marker);
        assert_eq!(&text.as_bytes()[STDERR_HEAD + marker.len()..], &data[data.len() - STDERR_TAIL..]);
    }

    #[test]
    #[cfg(unix)]
    fn the_stderr_tail_of_a_killed_bot_holds_what_it_wrote_before_it_ended() {
        for _ in 0..20 {
            let mut p = Process::spawn("sh -c 'echo dying now >&2; exit 3'").unwrap();
            assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)), Err(BotIoError::Closed));
            p.kill();
            assert_eq!(p.stderr(), "dying now\n");
        }
    }

    #[test]
    #[cfg(unix)]
    fn a_silent_bot_times_out_and_is_killed() {
        let mut p = Process::spawn("sleep 30").unwrap();
        let t = Instant::now();
        assert_eq!(p.read_line(Instant::now() + Duration::from_millis(100)), Err(BotIoError::Timeout));
        assert!(!p.has_written());
        p.kill();
        assert!(t.elapsed() < Duration::from_secs(5));
        assert!(p.status().is_some());
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_descendant_that_left_the_process_group_is_killed_too() {
        // A `sleep` time unique to this test process, to find it among every
        // process on the machine.
        let marker = format!("43.{:07}", std::process::id());
        let alive = || {
            std::fs::read_dir("/proc").unwrap().filter_map(Result::ok).any(|e| {
                std::fs::read(e.path().join("cmdline"))
                    .is_ok_and(|c| c.windows(marker.len()).any(|w| w == marker.as_bytes()))
            })
        };
        let mut p = Process::spawn(&format!("sh -c 'setsid sleep {marker} & echo started; exec sleep 30'")).unwrap();
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"started");
        let t = Instant::now();
        while !alive() {
            assert!(t.elapsed() < Duration::from_secs(5), "the child never started (is setsid installed?)");
            thread::sleep(Duration::from_millis(10));
        }
        // Its own deadline: on a loaded machine the start may have taken
        // most of the first one.
        p.kill();
        let t = Instant::now();
        while alive() {
            assert!(t.elapsed() < Duration::from_secs(5), "the child that left the group survived");
            thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    #[cfg(unix)]
    fn an_echo_bot_answers() {
        let mut p = Process::spawn("cat").unwrap();
        p.send("hello\n").unwrap();
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"hello");
        assert!(p.has_written());
        p.finish(None, Duration::from_millis(500));
        assert!(p.status().is_some());
    }

    #[test]
    #[cfg(unix)]
    fn a_line_that_arrived_before_its_deadline_counts_even_when_read_late() {
        let mut p = Process::spawn("sh -c 'echo ready; echo early; sleep 0.3; echo late; sleep 30'").unwrap();
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"ready");
        let t = Instant::now();
        thread::sleep(Duration::from_millis(100));
        // Read 50 ms after its deadline, but it arrived (with `ready`) in time.
        assert_eq!(p.read_line(t + Duration::from_millis(50)).unwrap(), b"early");
        assert!(p.last_arrival().unwrap() <= t + Duration::from_millis(50));
        thread::sleep(Duration::from_millis(400));
        // `late` arrived about 300 ms in: a time-out against a 150 ms
        // deadline, even though it is waiting to be read; it is kept for the
        // next read.
        assert_eq!(p.read_line(t + Duration::from_millis(150)), Err(BotIoError::Timeout));
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(5)).unwrap(), b"late");
        p.kill();
    }
}
