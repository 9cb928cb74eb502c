//! Records as files: written atomically (a temporary renamed into place),
//! judged with the configuration they name, and judged in memory bounded by
//! the position and one turn, not by the record.

mod common;

use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::process::Command;
#[cfg(target_os = "linux")]
use std::process::Stdio;
#[cfg(target_os = "linux")]
use std::time::{Duration, Instant};

/// Plays one Parallel Football game of four `random` teams (p=50, k=2,
/// `turns` turns) with `--record dir`; returns the record's path.
fn pf_record(dir: &Path, turns: u32) -> PathBuf {
    let t = turns.to_string();
    let d = dir.to_str().unwrap();
    let mut args = vec!["play", "parallel-football", "--p", "50", "--k", "2", "--max-turns", &t, "--record", d];
    for _ in 0..4 {
        args.extend(["--bot", "random"]);
    }
    let (o, _) = common::run(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    dir.join("parallel-football-00000.json")
}

#[cfg(target_os = "linux")]
/// The peak resident memory (`VmHWM`, kB) of a running process.
fn vm_hwm(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(target_os = "linux")]
/// Runs `cmd` to its end, returning whether it succeeded, its peak memory
/// in kB (polled from `/proc`, so Linux only) and the time taken.
fn peak(mut cmd: Command) -> (bool, u64, Duration) {
    let t = Instant::now();
    let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let mut hwm = 0;
    loop {
        if let Some(k) = vm_hwm(child.id()) {
            hwm = hwm.max(k);
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (status.success(), hwm, t.elapsed());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[cfg(target_os = "linux")]
fn judge_peak(record: &Path) -> (u64, Duration) {
    let mut cmd = common::arena();
    cmd.args(["judge", "parallel-football", record.to_str().unwrap(), "--json"]);
    let (ok, kb, took) = peak(cmd);
    assert!(ok, "judge failed on {}", record.display());
    (kb, took)
}

#[test]
#[cfg(target_os = "linux")]
fn judging_memory_does_not_grow_with_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let small = pf_record(&dir.path().join("small"), 300);
    let large = pf_record(&dir.path().join("large"), 2400);
    let grown = std::fs::metadata(&large).unwrap().len() - std::fs::metadata(&small).unwrap().len();
    let (small_kb, _) = judge_peak(&small);
    let (large_kb, _) = judge_peak(&large);
    eprintln!("judge peak {small_kb} kB (300 turns) and {large_kb} kB (2400 turns, {grown} more bytes)");
    assert!(small_kb > 0 && large_kb > 0, "the judge's memory was never sampled");
    // A judge that reads the whole record grows by more than the record's
    // extra bytes; a streaming one by the parser's buffers at most.
    assert!(
        large_kb.saturating_sub(small_kb) * 1024 < grown / 2,
        "peak {small_kb} kB -> {large_kb} kB for {grown} more bytes of record"
    );
    assert!(large_kb < 64 * 1024, "peak {large_kb} kB");
}

/// The record: 20,000 turns of p=50, k=2 (about 25 MB in this
/// format), judged in under 200 MB and well under a minute. Slow (it plays
/// the game first): run by CI's soak step.
#[test]
#[ignore = "plays a 20,000-turn game; run with --ignored"]
#[cfg(target_os = "linux")]
fn judging_a_20000_turn_parallel_football_record_stays_under_200_mb() {
    let dir = tempfile::tempdir().unwrap();
    let record = pf_record(dir.path(), 20_000);
    let bytes = std::fs::metadata(&record).unwrap().len();
    let (kb, took) = judge_peak(&record);
    eprintln!("record {bytes} bytes: judge peak {kb} kB in {took:?}");
    assert!(kb < 200 * 1024, "peak {kb} kB");
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
#[cfg(unix)]
fn a_record_that_cannot_be_written_whole_leaves_no_file_under_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    // 200 blocks of file size at most: far less than this game's record.
    // SIGXFSZ is ignored so that the write fails with an error instead.
    let script = format!(
        "trap '' XFSZ; ulimit -f 200; exec '{}' play parallel-football --p 50 --k 2 --max-turns 600 \
         --bot random --bot random --bot random --bot random --games 2 --record '{d}'",
        env!("CARGO_BIN_EXE_arena")
    );
    let o = Command::new("sh").args(["-c", &script]).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    let name = dir.path().join("parallel-football-00000.json");
    assert!(stderr.contains(&format!("cannot write {}", name.display())), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "no record, no temporary: {left:?}");
}

#[test]
fn judge_takes_the_configuration_from_the_record_and_refuses_another() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let mut args = vec!["play", "quoridor", "--players", "4", "--seed", "3", "--record", d];
    for _ in 0..4 {
        args.extend(["--bot", "random"]);
    }
    assert!(common::run(&args, "").0.status.success());
    let rec = common::only_record(dir.path());
    let text = rec.to_string();
    // No options: the record's four players.
    let (o, _) = common::run(&["judge", "quoridor", "--json"], &text);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(common::json_lines(&o).last().unwrap()["result"], rec["result"]);
    // The same options explicitly: fine.
    assert!(common::run(&["judge", "quoridor", "--players", "4"], &text).0.status.success());
    // Another configuration explicitly: refused, naming both.
    let (o, _) = common::run(&["judge", "quoridor", "--players", "2"], &text);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("\"players\":4") && err.contains("\"players\":2"), "{err}");
    // Another game: refused, naming both.
    let (o, _) = common::run(&["judge", "yavalath"], &text);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("quoridor") && err.contains("yavalath"), "{err}");
}

#[test]
fn a_parallel_football_record_is_ten_times_smaller_than_one_event_per_order() {
    let dir = tempfile::tempdir().unwrap();
    let record = pf_record(dir.path(), 300);
    let bytes = std::fs::metadata(&record).unwrap().len();
    let rec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let orders: usize =
        rec["turns"].as_array().unwrap().iter().filter_map(|t| t["text"].as_str()).map(|t| t.split(' ').count()).sum();
    assert!(orders >= 4 * 50 * 300, "{orders}");
    // One event object per order (`{"move": {"player": 0, "mv": {"order":
    // {"move": {"dx": -1, "dy": 1}}}}}`, pretty-printed) took over 70 bytes
    // an order: the whole record now takes less than 7.
    assert!(bytes < orders as u64 * 7, "{bytes} bytes for {orders} orders");
}
