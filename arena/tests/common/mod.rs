//! Helpers for the end-to-end tests: run the built binary, write bot scripts.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The built `arena` binary.
pub fn arena() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arena"));
    c.env(OWNER_VAR, std::process::id().to_string());
    c
}

/// Starts `command`. Under Wine (CI's Windows tests), starting a process
/// now and then fails with Windows' "Internal error" (1359) while the Wine
/// server is busy: that start is tried again, up to twice, a moment later.
pub fn spawn(command: &mut Command) -> std::io::Result<std::process::Child> {
    const INTERNAL_ERROR: i32 = 1359;
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(e) if cfg!(windows) && e.raw_os_error() == Some(INTERNAL_ERROR) && tries < 2 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(200));
            }
            started => return started,
        }
    }
}

/// Runs `arena args...` with `stdin`, returning the output and the time taken.
pub fn run(args: &[&str], stdin: &str) -> (Output, Duration) {
    use std::io::Write;
    let t = Instant::now();
    let mut command = arena();
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = spawn(&mut command).expect("arena starts");
    let mut sin = child.stdin.take().unwrap();
    let data = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = sin.write_all(&data);
    });
    let out = child.wait_with_output().expect("arena runs");
    let _ = writer.join();
    (out, t.elapsed())
}

/// Stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The JSON lines of a `judge --json` run.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}"))).collect()
}

/// Writes an executable shell script `name` into `dir`; returns the bot spec
/// that runs it.
pub fn script(dir: &Path, name: &str, body: &str) -> String {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    format!("cmd:sh {}", path.display())
}

/// The single JSON record written into `dir`.
pub fn only_record(dir: &Path) -> serde_json::Value {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 1, "{files:?}");
    serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap()
}

/// The environment variable the helpers set on every `arena` they start,
/// with this test process's id: every bot inherits it, so that
/// [`process_alive`] looks only at processes this test binary started (other
/// test runs on the machine use the same markers).
pub const OWNER_VAR: &str = "ARENA_TEST_OWNER";

/// Whether a process started by this test binary (carrying [`OWNER_VAR`]
/// with this process's id) is alive with `marker` in its command line.
/// Linux only (it reads `/proc`); elsewhere always `false`.
pub fn process_alive(marker: &str) -> bool {
    let owner = format!("\0{OWNER_VAR}={}\0", std::process::id()).into_bytes();
    let Ok(dir) = std::fs::read_dir("/proc") else { return false };
    dir.filter_map(Result::ok).any(|e| {
        let mine = std::fs::read(e.path().join("environ")).is_ok_and(|env| {
            let mut block = vec![0];
            block.extend_from_slice(&env);
            block.windows(owner.len()).any(|w| w == owner.as_slice())
        });
        mine && std::fs::read(e.path().join("cmdline"))
            .map(|c| String::from_utf8_lossy(&c).replace('\0', " ").contains(marker))
            .unwrap_or(false)
    })
}

/// Whether any process on the machine (whoever started it) has `marker` in
/// its command line: for a process that cleared its environment, with a
/// marker unique to this test process (see [`unique_marker`]). Linux, and
/// Windows programs under Wine (which maps `/proc` and shows their command
/// lines there); elsewhere always `false`.
pub fn any_process_alive(marker: &str) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else { return false };
    dir.filter_map(Result::ok).any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| String::from_utf8_lossy(&c).replace('\0', " ").contains(marker))
            .unwrap_or(false)
    })
}

/// A number of seconds for `sleep` near `secs`, unique to this test process
/// and `n` (its decimals carry both), to find that `sleep` among every
/// process on the machine.
pub fn unique_marker(secs: u32, n: u32) -> String {
    format!("{secs}.{:07}{n:02}", std::process::id())
}

/// Checks that `svg` is well-formed XML with an `<svg>` root.
pub fn assert_svg(svg: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("SVG is not XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(doc.root_element().children().count() > 1);
}

/// Writes an executable shell script `name` into `dir` (mode 755); returns
/// the bot spec that runs it directly (`cmd:PATH`, no `sh` in front).
#[cfg(unix)]
pub fn executable_script(dir: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("cmd:{}", path.display())
}

/// Runs `arena args...` expecting a refusal before anything runs: exit code
/// 2, nothing on stdout. Returns the first line of stderr (the message).
pub fn refused(args: &[&str]) -> String {
    let (out, _) = run(args, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "arena {args:?}: {err}");
    assert_eq!(stdout(&out), "", "arena {args:?} printed something");
    err.lines().next().unwrap_or_default().to_string()
}
