//! Windows: each bot runs in its own Job Object with kill-on-close (every
//! descendant dies when the bot is stopped, breakaway is not allowed) and
//! its own console process group; the arena itself runs in a kill-on-close
//! job, so that its death kills every bot.
//!
//! The job calls have no safe wrapper in a crate the workspace can use
//! (`process-wrap`'s std job object never sets kill-on-close, its child
//! type is not `Send`, and its releases that might are past the workspace's
//! Rust version), so they are made here through `windows-sys`.
#![allow(unsafe_code, reason = "Win32 job-object and thread calls through windows-sys; each call is checked")]

use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle, RawHandle};
use std::os::windows::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use windows_sys::Win32::Foundation::{CloseHandle, HANDLE, INVALID_HANDLE_VALUE};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, TH32CS_SNAPTHREAD, THREADENTRY32, Thread32First, Thread32Next,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION, JobObjectExtendedLimitInformation, SetInformationJobObject,
    TerminateJobObject,
};
use windows_sys::Win32::System::Threading::{
    CREATE_NEW_PROCESS_GROUP, CREATE_SUSPENDED, GetCurrentProcess, OpenThread, ResumeThread, THREAD_SUSPEND_RESUME,
};

/// A bot's process tree: the bot and its job.
pub(super) struct Tree {
    child: Child,
    /// Closing it (on drop) kills every process left in the job.
    job: OwnedHandle,
    status: Option<ExitStatus>,
}

/// A new job object whose processes all die when its last handle closes.
fn new_job() -> io::Result<OwnedHandle> {
    // SAFETY: no security attributes and no name are valid arguments.
    let raw = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
    if raw.is_null() {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `raw` is a fresh handle owned by nothing else.
    let job = unsafe { OwnedHandle::from_raw_handle(raw as RawHandle) };
    // SAFETY: an all-zero JOBOBJECT_EXTENDED_LIMIT_INFORMATION is valid
    // (plain integers), meaning "no limit".
    let mut info: JOBOBJECT_EXTENDED_LIMIT_INFORMATION = unsafe { std::mem::zeroed() };
    info.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    // SAFETY: `info` is the structure the class names, with its size.
    let ok = unsafe {
        SetInformationJobObject(
            job.as_raw_handle() as HANDLE,
            JobObjectExtendedLimitInformation,
            std::ptr::from_ref(&info).cast(),
            size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32,
        )
    };
    if ok == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(job)
}

/// Puts `process` into `job`.
fn assign(job: &OwnedHandle, process: HANDLE) -> io::Result<()> {
    // SAFETY: both handles are open for the duration of the call.
    if unsafe { AssignProcessToJobObject(job.as_raw_handle() as HANDLE, process) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Resumes every thread of process `pid` (started suspended, so that it
/// could not start anything before it was in its job).
fn resume(pid: u32) -> io::Result<()> {
    // SAFETY: a valid flag; the snapshot handle is closed below.
    let snap = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snap == INVALID_HANDLE_VALUE {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `snap` is a fresh handle owned by nothing else.
    let snap = unsafe { OwnedHandle::from_raw_handle(snap as RawHandle) };
    // SAFETY: an all-zero THREADENTRY32 is valid; its size is set below.
    let mut entry: THREADENTRY32 = unsafe { std::mem::zeroed() };
    entry.dwSize = size_of::<THREADENTRY32>() as u32;
    let mut resumed = 0;
    // SAFETY: `entry` is a THREADENTRY32 with its size set.
    let mut more = unsafe { Thread32First(snap.as_raw_handle() as HANDLE, &mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: opening a thread by id; the handle is checked and closed.
            let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
            if !thread.is_null() {
                // SAFETY: `thread` is open with THREAD_SUSPEND_RESUME.
                unsafe {
                    ResumeThread(thread);
                    CloseHandle(thread);
                }
                resumed += 1;
            }
        }
        // SAFETY: as for Thread32First.
        more = unsafe { Thread32Next(snap.as_raw_handle() as HANDLE, &mut entry) } != 0;
    }
    if resumed == 0 {
        return Err(io::Error::other("no thread of the new process to resume"));
    }
    Ok(())
}

/// Starts `words` suspended in a new console process group, puts it in a
/// new kill-on-close job, then lets it run. The launcher is not needed on
/// Windows (the arena's own job kills bots when it dies).
pub(super) fn spawn(
    _launcher: Option<&Path>,
    words: &[String],
    tag: &str,
) -> io::Result<(Tree, ChildStdin, ChildStdout, ChildStderr)> {
    let mut child = Command::new(&words[0])
        .args(&words[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env(super::TAG_VAR, tag)
        .creation_flags(CREATE_NEW_PROCESS_GROUP | CREATE_SUSPENDED)
        .spawn()?;
    let job = new_job().and_then(|job| {
        assign(&job, child.as_raw_handle() as HANDLE)?;
        resume(child.id())?;
        Ok(job)
    });
    let job = match job {
        Ok(job) => job,
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
    };
    let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(io::Error::other("pipes unavailable"));
    };
    Ok((Tree { child, job, status: None }, stdin, stdout, stderr))
}

impl Tree {
    /// The bot's process id.
    pub(super) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Terminates every process in the bot's job and reaps the bot.
    /// Idempotent.
    pub(super) fn kill(&mut self) {
        if self.status.is_some() {
            return;
        }
        // SAFETY: the job handle is open (owned by `self`).
        unsafe { TerminateJobObject(self.job.as_raw_handle() as HANDLE, 1) };
        let _ = self.child.kill();
        if let Ok(st) = self.child.wait() {
            self.status = Some(st);
        }
    }

    /// How the bot ended, if it has (a process handle stays valid until
    /// closed, so looking does not risk a reused id).
    pub(super) fn peek_exit(&mut self) -> Option<String> {
        if let Some(st) = self.status {
            return Some(st.to_string());
        }
        let st = self.child.try_wait().ok()??;
        Some(st.code().map_or_else(|| st.to_string(), |code| format!("exit status {code}")))
    }

    /// The bot's exit status, once reaped.
    pub(super) fn status(&self) -> Option<ExitStatus> {
        self.status
    }
}

/// Puts the arena in a kill-on-close job of its own, whose handle is never
/// closed: when the arena dies, Windows closes it and kills every process
/// of the job, bots and their descendants included (each bot's own job is
/// nested in it). Fails quietly where jobs cannot nest (before Windows 8).
pub(super) fn arena_started() {
    let Ok(job) = new_job() else { return };
    // SAFETY: the pseudo-handle of the current process needs no closing.
    if assign(&job, unsafe { GetCurrentProcess() }).is_ok() {
        // Kept open until the process ends.
        std::mem::forget(job);
    }
}

/// The launcher is not used on Windows; if called, runs the bot and exits
/// as it did.
pub(super) fn run_launcher(_parent: &str, program: &str, rest: &[String]) -> i32 {
    match Command::new(program).args(rest).status() {
        Ok(st) => st.code().unwrap_or(1),
        Err(err) => {
            eprintln!("{program}: {err}");
            127
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{BotIoError, Process};
    use std::thread;
    use std::time::{Duration, Instant};

    /// Whether a process with `marker` in its command line is alive, read
    /// from `/proc`: under Wine, which maps it and shows a Windows
    /// program's command line there. `None` where there is no `/proc`
    /// (Windows itself).
    fn alive(marker: &str) -> Option<bool> {
        let dir = std::fs::read_dir("/proc").ok()?;
        Some(dir.filter_map(Result::ok).any(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| c.windows(marker.len()).any(|w| w == marker.as_bytes()))
        }))
    }

    /// A bot's job holds what the bot starts: `cmd` (the bot) starts
    /// `ping` (a count unique to this test process marks it), and killing
    /// the bot kills `ping` too.
    #[test]
    fn a_silent_bot_times_out_and_is_killed_with_the_processes_it_started() {
        let marker = format!("ping -n 4{:07} 127.0.0.1", std::process::id());
        let mut p = Process::spawn(&format!(r#"cmd /c "{marker} >NUL""#)).unwrap();
        let t = Instant::now();
        while alive(&marker) == Some(false) {
            assert!(t.elapsed() < Duration::from_secs(10), "ping never started");
            thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(p.read_line(Instant::now() + Duration::from_millis(100)), Err(BotIoError::Timeout));
        assert!(!p.has_written());
        let t = Instant::now();
        p.kill();
        assert!(t.elapsed() < Duration::from_secs(5));
        assert!(p.status().is_some());
        while alive(&marker) == Some(true) {
            assert!(t.elapsed() < Duration::from_secs(5), "ping, started by the bot, outlived it");
            thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn the_stderr_and_exit_status_of_a_bot_that_ended_are_kept() {
        let mut p = Process::spawn(r#"cmd /c "echo dying now 1>&2 & exit 3""#).unwrap();
        assert_eq!(p.read_line(Instant::now() + Duration::from_secs(10)), Err(BotIoError::Closed));
        assert_eq!(p.peek_exit(Duration::from_secs(5)).as_deref(), Some("exit status 3"));
        p.kill();
        assert!(p.stderr().contains("dying now"), "{:?}", p.stderr());
        assert_eq!(p.status().and_then(|s| s.code()), Some(3));
    }
}
