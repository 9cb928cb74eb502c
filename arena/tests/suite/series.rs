//! Series end to end, with real processes: shards merged equal one run, and
//! a series stopped by SIGTERM or SIGKILL at any point, then resumed, prints
//! exactly the table of an uninterrupted run.

use crate::common;

use common::arena;
use std::path::Path;
use std::process::Output;

const GAMES: &str = "12";

/// `play yavalath` between a deterministic external bot (the arena's own
/// MCTS with an iteration budget, as a program) and the built-in MCTS.
fn series_args(dir: &Path) -> Vec<String> {
    let exe = env!("CARGO_BIN_EXE_arena");
    [
        "play",
        "yavalath",
        "--bot",
        &format!("name=ext,cmd:{exe} bot yavalath --bot mcts:iters=3000"),
        "--bot",
        "mcts:iters=3000",
        "--games",
        GAMES,
        "--jobs",
        "2",
        "--seed",
        "5",
        "--record",
        dir.to_str().unwrap(),
        // No time-out on a loaded machine: the games must be the same in every run.
        "--time-factor",
        "50",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn run(args: &[String]) -> Output {
    arena().args(args).output().expect("arena runs")
}

/// Stdout without the line naming the record directory.
fn summary(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).lines().filter(|l| !l.starts_with("records in ")).collect::<Vec<_>>().join("\n")
}

fn uninterrupted() -> (tempfile::TempDir, String) {
    uninterrupted_timed().0
}

fn uninterrupted_timed() -> ((tempfile::TempDir, String), std::time::Duration) {
    let dir = tempfile::tempdir().unwrap();
    let t = std::time::Instant::now();
    let o = run(&series_args(dir.path()));
    let took = t.elapsed();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = summary(&o);
    assert!(s.starts_with(&format!("{GAMES} games of yavalath (seed 5):")), "{s}");
    ((dir, s), took)
}

#[test]
fn four_shards_merged_print_the_table_of_one_run() {
    let (one, whole) = uninterrupted();
    let shards = tempfile::tempdir().unwrap();
    let children: Vec<_> = (0..4)
        .map(|i| {
            let mut args = series_args(shards.path());
            args.extend(["--shard".to_string(), format!("{i}/4")]);
            arena().args(&args).stdout(std::process::Stdio::piped()).spawn().unwrap()
        })
        .collect();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert!(o.status.success());
        assert!(String::from_utf8_lossy(&o.stdout).contains("3 games of yavalath"), "each shard plays 3 of 12");
    }
    let merged = arena().arg("merge").arg(shards.path()).output().unwrap();
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    assert_eq!(summary(&merged), whole);
    // Merging the one run's records gives the same table again, and so
    // does merging both directories (every game twice, identically).
    let again = arena().arg("merge").arg(one.path()).arg(shards.path()).output().unwrap();
    assert_eq!(summary(&again), whole);
    // A shard's game missing below the highest index: the table of the
    // games present, and a warning naming the missing game.
    std::fs::remove_file(shards.path().join("yavalath-00004.json")).unwrap();
    let gap = arena().arg("merge").arg(shards.path()).output().unwrap();
    let err = String::from_utf8_lossy(&gap.stderr);
    assert!(gap.status.success(), "{err}");
    assert!(summary(&gap).starts_with("11 games of yavalath"), "{}", summary(&gap));
    assert!(err.starts_with("arena: warning: the series has no record of game 4 (1 missing)"), "{err}");
}

#[test]
fn the_shard_index_comes_from_a_job_array_when_only_the_count_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let mut args = series_args(dir.path());
    args.extend(["--shard".to_string(), "4".to_string()]);
    let o = arena().args(&args).env("SLURM_ARRAY_TASK_ID", "2").output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["yavalath-00002.json", "yavalath-00006.json", "yavalath-00010.json"]);
    let o = arena().args(&args).env_remove("SLURM_ARRAY_TASK_ID").env_remove("JOB_COMPLETION_INDEX").output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no shard index"));
}

#[test]
fn resuming_in_a_directory_of_another_series_is_refused_saying_what_differs() {
    let (dir, _) = uninterrupted();
    let mut args = series_args(dir.path());
    let seed = args.iter().position(|a| a == "--seed").unwrap() + 1;
    args[seed] = "6".into();
    args.push("--resume".into());
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("another series: its series seed is 5, the series' is 6"), "{err}");
}

/// Runs the arena with `args` and stops it after `after`: `-KILL` kills it
/// (`SIGKILL`; on Windows `TerminateProcess`, which no program can catch
/// either), any other signal is sent with `kill(1)` (Unix only).
fn stop_after(args: &[String], signal: &str, after: std::time::Duration) -> Output {
    let mut child =
        arena().args(args).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    std::thread::sleep(after);
    if signal == "-KILL" {
        let _ = child.kill();
    } else {
        let _ = std::process::Command::new("kill").args([signal, &child.id().to_string()]).status();
    }
    child.wait_with_output().unwrap()
}

/// Where [`a_series_stopped_at_any_point_then_resumed_prints_the_table_of_one_run`]
/// stops the run: a signal and a share of the run's length. Windows has no
/// `SIGTERM` or `SIGINT` to send to another process; its kills stay.
#[cfg(unix)]
const STOPS: [(&str, u32); 6] =
    [("-TERM", 10), ("-KILL", 30), ("-TERM", 50), ("-KILL", 70), ("-INT", 40), ("-KILL", 90)];
#[cfg(not(unix))]
const STOPS: [(&str, u32); 3] = [("-KILL", 30), ("-KILL", 70), ("-KILL", 90)];

#[test]
fn a_series_stopped_at_any_point_then_resumed_prints_the_table_of_one_run() {
    let ((_one, whole), took) = uninterrupted_timed();
    // Signals at several points of the run (the run's length is measured:
    // machines differ), a kill during a record's write among them by luck
    // of the draw: records are written after every game.
    for (signal, percent) in STOPS {
        let dir = tempfile::tempdir().unwrap();
        let args = series_args(dir.path());
        let o = stop_after(&args, signal, took * percent / 100);
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        match signal {
            "-TERM" | "-INT" if o.status.code() != Some(0) => {
                let (code, name) = if signal == "-TERM" { (143, "SIGTERM") } else { (130, "SIGINT") };
                assert_eq!(o.status.code(), Some(code), "{out}");
                assert!(
                    out.contains(&format!("of {GAMES} games of yavalath (seed 5), partial: stopped by {name}")),
                    "{out}"
                );
            }
            // Killed, a Unix process has no exit code; on Windows its code
            // is 1, TerminateProcess's (no arena run ends with 1).
            "-KILL" if o.status.code().is_some_and(|c| !(cfg!(windows) && c == 1)) => {
                assert_eq!(o.status.code(), Some(0), "finished before the kill");
            }
            _ => {}
        }
        // Whatever was written under a record's name is a whole record.
        for e in std::fs::read_dir(dir.path()).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if !name.starts_with('.') {
                let text = std::fs::read_to_string(dir.path().join(&name)).unwrap();
                assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok(), "{name} is incomplete");
            }
        }
        let mut resume = args.clone();
        resume.push("--resume".into());
        let o = run(&resume);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(summary(&o), whole, "after {signal} at {percent}% of the run");
    }
}

#[test]
fn the_sprt_stops_a_lopsided_series_early_and_json_holds_the_same_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("summary.json");
    let o = arena()
        .args(["play", "yavalath", "--bot", "mcts:iters=300", "--bot", "random", "--games", "400"])
        .args(["--sprt", "elo0=0,elo1=10", "--json", json.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("of 400 games of yavalath (seed 1), stopped by the SPRT:"), "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("SPRT LLR"), "the LLR is shown while it runs");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let played = v["games"].as_u64().unwrap();
    assert!(played < 400, "{played}");
    assert!(out.starts_with(&format!("{played} of 400 games")), "{out}");
    assert_eq!(v["ending"], "sprt");
    assert_eq!(v["stats"]["games"].as_u64(), Some(played));
    let wins = v["stats"]["entrants"][0]["wins"].as_u64().unwrap();
    assert!(out.contains(&format!(" {wins} ")), "the table and the JSON agree on the wins");
    let four = arena().args(["play", "quoridor", "--players", "4", "--sprt", "elo0=0,elo1=5"]).output().unwrap();
    assert_eq!(four.status.code(), Some(2));
}
