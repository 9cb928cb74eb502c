//! First contact: files that cannot be written or read.

use crate::common;
#[cfg(target_os = "linux")]
use std::path::Path;
#[cfg(target_os = "linux")]
use std::process::{Command, Output};

/// Runs `arena args...` under a file-size limit of one 512-byte block
/// (`ulimit -f 1`), in `dir`.
#[cfg(target_os = "linux")]
fn under_file_size_limit(dir: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 1 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .current_dir(dir)
        .env(common::OWNER_VAR, std::process::id().to_string())
        .output()
        .expect("sh runs")
}

/// The names in `dir` (and its subdirectories), sorted.
#[cfg(target_os = "linux")]
fn names(dir: &Path) -> Vec<String> {
    let mut all = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        all.push(path.strip_prefix(dir).unwrap().display().to_string());
        if path.is_dir() {
            all.extend(
                names(&path).into_iter().map(|n| format!("{}/{n}", path.file_name().unwrap().to_string_lossy())),
            );
        }
    }
    all.sort();
    all
}

#[cfg(target_os = "linux")]
#[test]
fn a_record_past_the_file_size_limit_stops_the_series_naming_the_file_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let out = under_file_size_limit(dir.path(), &["play", "paper-soccer", "--games", "3", "--record", "rec"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "killed by a signal instead of an error? {out:?}");
    assert_eq!(err, "arena: cannot write rec/paper-soccer-00000.json: File too large (os error 27)\n");
    assert_eq!(names(dir.path()), ["rec"], "no record and no .part file");
}

#[cfg(target_os = "linux")]
#[test]
fn outputs_past_the_file_size_limit_are_errors_that_leave_neither_the_file_nor_its_temporary() {
    let dir = tempfile::tempdir().unwrap();
    let out = under_file_size_limit(dir.path(), &["play", "nim", "--games", "4", "--json", "summary.json"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(common::stdout(&out).contains("4 games of nim"), "the table comes first");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "arena: cannot write summary.json: File too large (os error 27)\n"
    );
    let league = ["league", "paper-soccer", "lg", "--bot", "name=a,random", "--bot", "name=b,random"];
    let out = under_file_size_limit(dir.path(), &[&league[..], &["--games-per-pairing", "2"]].concat());
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "arena: cannot write lg/a+b/paper-soccer-00000.json: File too large (os error 27)\n");
    assert_eq!(names(dir.path()), ["lg", "lg/a+b", "lg/bots.txt"], "no partial file anywhere");
}

#[test]
fn a_record_directory_that_cannot_be_made_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let record = file.join("rec");
    let e = common::refused(&["play", "nim", "--record", record.to_str().unwrap()]);
    assert!(e.starts_with(&format!("arena: cannot create {}: ", record.display())), "{e}");
}
