//! Helpers for the end-to-end tests: run the built binary, write bot scripts.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The built `arena` binary.
pub fn arena() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arena"))
}

/// Runs `arena args...` with `stdin`, returning the output and the time taken.
pub fn run(args: &[&str], stdin: &str) -> (Output, Duration) {
    use std::io::Write;
    let t = Instant::now();
    let mut child = arena()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arena starts");
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

/// Whether any process's command line contains `marker`.
pub fn process_alive(marker: &str) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else { return false };
    dir.filter_map(Result::ok).any(|e| {
        std::fs::read(e.path().join("cmdline"))
            .map(|c| String::from_utf8_lossy(&c).replace('\0', " ").contains(marker))
            .unwrap_or(false)
    })
}

/// Checks that `svg` is well-formed XML with an `<svg>` root.
pub fn assert_svg(svg: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("SVG is not XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(doc.root_element().children().count() > 1);
}
