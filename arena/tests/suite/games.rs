//! End-to-end tests per game: judge on hand-made records, play against
//! external programs (the arena's own bot mode as the correct one, shell
//! scripts that crash, sleep or print garbage), bench determinism, SVG.
//!
//! Unix only: the external bots here are shell scripts (`sh`), which
//! Windows does not have.
#![cfg(unix)]

use crate::common;
use common::*;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// `judge --json`'s lines: exit code 0 for a record by the rules, 1 for
/// one whose last line names its fault.
fn judge(game: &str, extra: &[&str], record: &str) -> Vec<Value> {
    let mut args = vec!["judge", game, "--json"];
    args.extend(extra);
    let (o, _) = run(&args, record);
    let lines = json_lines(&o);
    let faulty = lines.last().is_some_and(|l| l.get("fault").is_some());
    assert_eq!(o.status.code(), Some(i32::from(faulty)), "{}", String::from_utf8_lossy(&o.stderr));
    lines
}

/// The correct external bot: the arena's bot mode.
fn arena_bot(game: &str, spec: &str) -> String {
    format!("cmd:{} bot {game} --bot {spec}", env!("CARGO_BIN_EXE_arena"))
}

/// Plays one game and returns its record and the time taken.
fn play(dir: &Path, game: &str, bots: &[&str], extra: &[&str]) -> (Value, Duration) {
    let rec = dir.join(format!("rec-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&rec);
    let mut args = vec!["play", game, "--record", rec.to_str().unwrap(), "--seed", "11"];
    for b in bots {
        args.extend(["--bot", b]);
    }
    args.extend(extra);
    let (o, t) = run(&args, "");
    assert!(o.status.success(), "{}\n{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    let r = only_record(&rec);
    std::fs::remove_dir_all(&rec).unwrap();
    (r, t)
}

fn error_kinds(rec: &Value) -> Vec<String> {
    rec["errors"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap().to_string()).collect()
}

fn render_ok(dir: &Path, rec: &Value) {
    let file = dir.join("record.json");
    std::fs::write(&file, rec.to_string()).unwrap();
    for ply in [None, Some("1")] {
        let out = dir.join("pos.svg");
        let mut args = vec!["render", file.to_str().unwrap(), "--svg", out.to_str().unwrap()];
        args.extend(ply.iter().flat_map(|p| ["--ply", *p]));
        let (o, _) = run(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_svg(&std::fs::read_to_string(&out).unwrap());
    }
}

fn bench_mean(game: &str, extra: &[&str], seed: &str) -> String {
    let mut args = vec!["bench", game, "--seed", seed];
    args.extend(extra);
    let (o, _) = run(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o).lines().find(|l| l.contains("mean length")).unwrap().to_string()
}

/// A record's turns as a text record, one turn per line.
fn text_record(rec: &Value) -> String {
    rec["turns"].as_array().unwrap().iter().map(|t| format!("{}\n", t["text"].as_str().unwrap())).collect()
}

// ---------------------------------------------------------------- Paper Soccer

#[test]
fn paper_soccer_judge_legal_record_lists_legal_steps() {
    let lines = judge("paper-soccer", &["--legal"], "0\n2\n");
    assert_eq!(lines[0], json!({"ply": 0, "next_legal": ["0", "1", "2", "3", "4", "5", "6", "7"]}));
    // Back south along the line just drawn is the only missing step.
    assert_eq!(
        lines[1],
        json!({"ply": 1, "player": 0, "move": "0", "legal": true, "next_legal": ["0", "1", "2", "3", "5", "6", "7"]})
    );
    assert_eq!(lines[2]["player"], 1);
    assert_eq!(lines[3], json!({"result": null}));
}

#[test]
fn paper_soccer_judge_illegal_turn_loses() {
    let lines = judge("paper-soccer", &[], "0\n0 \n");
    assert_eq!(lines[1]["legal"], false);
    assert_eq!(lines[1]["error"], "bad-character");
    assert_eq!(lines[2]["result"], json!({"winner": 0, "ranks": [0, 1], "reason": "illegal-move"}));
    assert_eq!(lines[2]["fault"]["kind"], "illegal-move");
    // An empty line is an empty turn, illegal too.
    let lines = judge("paper-soccer", &[], "0\n\n4\n");
    assert_eq!(lines[1]["error"], "empty-turn");
    // Judging stops at the illegal turn: the line after it is not judged.
    assert_eq!(lines[2]["result"], json!({"winner": 0, "ranks": [0, 1], "reason": "illegal-move"}));
    assert_eq!(lines.len(), 3);
}

#[test]
fn paper_soccer_judge_finished_record() {
    // Straight north: player 1 finally steps into the top goal, its own.
    let lines = judge("paper-soccer", &[], "0\n0\n0\n0\n0\n0\n");
    assert_eq!(lines.last().unwrap(), &json!({"result": {"winner": 0, "ranks": [0, 1], "reason": "own-goal"}}));
    let lines = judge("paper-soccer", &[], "0\n0\n0\n0\n0\n0\n4\n");
    assert_eq!(lines[6]["error"], "game-over");
}

#[test]
fn paper_soccer_external_bots_end_with_the_right_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = arena_bot("paper-soccer", "random");
    let (rec, _) = play(d, "paper-soccer", &[&good, "random"], &["--time-factor", "3"]);
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    assert!(["goal", "own-goal", "blocked"].contains(&rec["result"]["reason"].as_str().unwrap()), "{}", rec["result"]);
    // The judge agrees with the game the arena played.
    let lines = judge("paper-soccer", &[], &text_record(&rec));
    assert_eq!(lines.last().unwrap()["result"], rec["result"]);
    render_ok(d, &rec);

    let crash = script(d, "crash.sh", "read id\nexit 1");
    let (rec, _) = play(d, "paper-soccer", &["random", &crash], &[]);
    assert_eq!(rec["result"], json!({"winner": 0, "ranks": [0, 1], "reason": "crash"}));

    let slow = script(d, "slow.sh", "read id\nread a\nread b\nsleep 5.5511\necho 0");
    let (rec, t) = play(d, "paper-soccer", &[&slow, "random"], &[]);
    assert_eq!(rec["result"], json!({"winner": 1, "ranks": [1, 0], "reason": "timeout"}));
    assert!(t < Duration::from_secs(5), "{t:?}");

    let garbage = script(d, "garbage.sh", "read id\nread a\nread b\necho 'north please'");
    let (rec, _) = play(d, "paper-soccer", &[&garbage, "random"], &[]);
    assert_eq!(rec["result"]["reason"], "illegal-move");
    assert_eq!(error_kinds(&rec), ["bad-character"]);
    assert!(!process_alive("5.5511"));
}

#[test]
fn paper_soccer_bench_is_deterministic() {
    assert_eq!(
        bench_mean("paper-soccer", &["--games", "200"], "5"),
        bench_mean("paper-soccer", &["--games", "200"], "5")
    );
}

// ---------------------------------------------------------------- Yavalath

#[test]
fn yavalath_judge_records() {
    // The steal is legal on the second player's first turn.
    let lines = judge("yavalath", &["--legal"], "4 4\n4 4\n");
    assert_eq!(lines[0]["next_legal"].as_array().unwrap().len(), 61);
    assert_eq!(lines[2]["legal"], true);
    assert_eq!(lines[3], json!({"result": null}));
    // Playing an occupied cell later is illegal and loses.
    let lines = judge("yavalath", &[], "4 4\n0 0\n0 0\n");
    assert_eq!(lines[2]["error"], "cell-occupied");
    assert_eq!(lines[3]["result"], json!({"winner": 1, "ranks": [1, 0], "reason": "illegal-move"}));
    // Unreadable text is an illegal move too.
    let lines = judge("yavalath", &[], "4 x\n");
    assert_eq!(lines[0]["error"], "unreadable");
    assert_eq!(lines[1]["result"]["winner"], 1);
    // Finished: the second player makes exactly three in a row and loses.
    let lines = judge("yavalath", &[], "0 0\n0 8\n1 1\n2 8\n3 3\n2 2\n8 4\n1 8\n");
    assert_eq!(lines[8], json!({"result": {"winner": 0, "ranks": [0, 1], "reason": "three-in-a-row"}}));
}

#[test]
fn yavalath_external_bots_end_with_the_right_reason() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = arena_bot("yavalath", "random");
    let (rec, _) = play(d, "yavalath", &["random", &good], &["--time-factor", "5"]);
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    let lines = judge("yavalath", &[], &text_record(&rec));
    assert_eq!(lines.last().unwrap()["result"], rec["result"]);
    render_ok(d, &rec);

    let crash = script(d, "crash.sh", "read id\nkill -9 $$");
    let (rec, _) = play(d, "yavalath", &[&crash, "random"], &[]);
    assert_eq!(rec["result"], json!({"winner": 1, "ranks": [1, 0], "reason": "crash"}));

    let slow = script(d, "slow.sh", "sleep 6.6612");
    let (rec, t) = play(d, "yavalath", &["random", &slow], &[]);
    assert_eq!(rec["result"]["reason"], "timeout");
    assert_eq!(rec["result"]["winner"], 0);
    assert!(t < Duration::from_secs(5), "{t:?}");

    // Two spaces between the numbers are unreadable for the referee.
    let garbage = script(d, "garbage.sh", "echo '4  4'\nsleep 1");
    let (rec, _) = play(d, "yavalath", &[&garbage, "random"], &[]);
    assert_eq!(rec["result"]["reason"], "illegal-move");
    assert_eq!(error_kinds(&rec), ["unreadable"]);
    assert!(!process_alive("6.6612"));
}

#[test]
fn yavalath_bench_is_deterministic() {
    assert_eq!(bench_mean("yavalath", &["--games", "300"], "2"), bench_mean("yavalath", &["--games", "300"], "2"));
}

// ---------------------------------------------------------------- Quoridor

#[test]
fn quoridor_judge_records() {
    // Contest and algebraic notation mixed; e8 is (4,7).
    let lines = judge("quoridor", &["--legal"], "4 1\ne8\n");
    assert_eq!(lines[0]["next_legal"].as_array().unwrap().len(), 3 + 128);
    assert_eq!(
        lines[2],
        json!({"ply": 2, "player": 1, "move": "e8", "legal": true, "next_legal": lines[2]["next_legal"]})
    );
    assert_eq!(lines[3], json!({"result": null}));
    // An illegal move stops judging; the contest plays on, so not over.
    let lines = judge("quoridor", &[], "4 1\ne8\n3 7 0\n3 7 0\n");
    assert_eq!(lines[3]["error"], "wall-overlaps");
    assert_eq!((lines.len(), &lines[4]["result"]), (5, &json!(null)));
    // Finished: the pawns race, player 1 jumps over player 0 and arrives first.
    let race = "4 1\n4 7\n4 2\n4 6\n4 3\n4 5\n4 4\n4 3\n4 5\n4 2\n4 6\n4 1\n4 7\n4 0\n";
    let lines = judge("quoridor", &[], race);
    assert_eq!(lines[14], json!({"result": {"winner": 1, "ranks": [1, 0], "reason": "goal"}}));
    // A slash-joined algebraic game.
    let lines = judge("quoridor", &[], "e2/e8/e3h\n");
    assert_eq!(lines.len(), 4);
    // Four players.
    let lines = judge("quoridor", &["--players", "4"], "4 1\n7 4\n4 7\n1 4\n");
    assert!(lines[..4].iter().all(|l| l["legal"] == true), "{lines:?}");
    assert_eq!(lines[3]["player"], 3);
}

#[test]
fn quoridor_external_bots_get_random_moves_when_they_fail() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = arena_bot("quoridor", "random");
    let (rec, _) = play(d, "quoridor", &[&good, "random"], &["--time-factor", "3"]);
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    let lines = judge("quoridor", &[], &text_record(&rec));
    assert_eq!(lines.last().unwrap()["result"], rec["result"]);
    render_ok(d, &rec);

    // A crash: the game goes on with random moves for that seat.
    let crash = script(d, "crash.sh", "exit 2");
    let (rec, _) = play(d, "quoridor", &["random", &crash], &[]);
    assert_eq!(error_kinds(&rec), ["crash"]);
    assert!(["goal", "tick-limit"].contains(&rec["result"]["reason"].as_str().unwrap()));
    let seat1: Vec<&Value> = rec["turns"].as_array().unwrap().iter().filter(|t| t["player"] == 1).collect();
    assert!(seat1.len() > 1 && seat1.iter().all(|t| t["substituted"] == true));

    // Past the clock (1000 ms + 30 ms): as in the contest the bot is not
    // removed; every turn it misses is a random move, and it is stopped at
    // the end of the game.
    let slow = script(d, "slow.sh", "sleep 7.7713");
    let (rec, t) = play(d, "quoridor", &[&slow, "random"], &[]);
    let seat0: Vec<&Value> = rec["turns"].as_array().unwrap().iter().filter(|t| t["player"] == 0).collect();
    assert!(error_kinds(&rec).iter().all(|k| k == "timeout"), "{:?}", error_kinds(&rec));
    assert_eq!(error_kinds(&rec).len(), seat0.len().min(200));
    assert!(seat0.iter().all(|t| t["substituted"] == true && t["answer"]["cutoff"] == "timeout"));
    assert!(t < Duration::from_secs(6), "{t:?}");

    // Unreadable and illegal answers: a random move each time, the bot stays.
    let bad = script(
        d,
        "bad.sh",
        "skip() { i=0; while [ $i -lt $1 ]; do read l; i=$((i+1)); done; }\n\
         read n; read id; read m; skip $n\n\
         while read tick; do [ \"$tick\" = -1 ] && exit 0; skip $n; read f; skip $f\n\
         if [ $((tick % 4)) -lt 2 ]; then echo zz; else echo '0 0'; fi; done",
    );
    let (rec, _) = play(d, "quoridor", &[&bad, "random"], &["--time-factor", "3"]);
    let kinds = error_kinds(&rec);
    assert!(!kinds.is_empty() && kinds.iter().all(|k| k != "crash" && k != "timeout"), "{kinds:?}");
    assert!(!process_alive("7.7713"));
}

#[test]
fn quoridor_bench_is_deterministic() {
    let a = bench_mean("quoridor", &["--games", "50", "--players", "4", "--max-ticks", "60"], "9");
    assert_eq!(a, bench_mean("quoridor", &["--games", "50", "--players", "4", "--max-ticks", "60"], "9"));
}

// ---------------------------------------------------------------- Parallel Football

#[test]
fn parallel_football_plays_judges_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let good = arena_bot("parallel-football", "greedy");
    let bots = [good.as_str(), "greedy", "random", "mcts:iters=20,rollout=50"];
    let (rec, _) = play(d, "parallel-football", &bots, &["--max-turns", "40", "--p", "2", "--time-factor", "3"]);
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    assert_eq!(rec["result"]["reason"], "turn-limit");
    render_ok(d, &rec);
    // The judge replays the JSON record.
    let lines = judge("parallel-football", &["--max-turns", "40", "--p", "2"], &rec.to_string());
    assert_eq!(lines.len(), rec["turns"].as_array().unwrap().len() + 1);
    assert!(lines[..lines.len() - 1].iter().all(|l| l["legal"] == true));
    assert_eq!(lines.last().unwrap()["result"], rec["result"]);
    // A tampered record: an illegal kick of a built-in team (its turn is
    // the record's text) is refused and the result is open.
    let tamper = |seat: u64| {
        let mut bad = rec.clone();
        let turns = bad["turns"].as_array_mut().unwrap();
        let t = turns
            .iter_mut()
            .find(|t| t["player"] == seat && t["text"].as_str().is_some_and(|x| x.starts_with(['s', 'm', 'k'])))
            .unwrap();
        let text = t["text"].as_str().unwrap().to_string();
        let rest = text.split_once(' ').map_or("", |(_, r)| r).to_string();
        t["text"] = json!(format!("k40,40 {rest}").trim().to_string());
        bad
    };
    let lines = judge("parallel-football", &[], &tamper(1).to_string());
    let last = lines.len() - 1;
    assert_eq!(lines[last - 1]["legal"], false, "{lines:?}");
    assert_eq!(lines[last]["result"], json!(null));
    // Tampering with the text of a turn whose raw answer is recorded makes
    // the record contradict itself: a fault naming the ply.
    let (o, _) = run(&["judge", "parallel-football", "--max-turns", "40", "--p", "2"], &tamper(0).to_string());
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("'s answer "), "{o:?}");
    judge_refuses_a_chance_value_before_it_is_due(&rec);
}

/// A chance value where none is due (among the placements) is a fault of
/// the record: reported as refused at its entry (counted over the record's
/// entries), after the start position and the turns before it, and judging
/// stops there.
fn judge_refuses_a_chance_value_before_it_is_due(rec: &Value) {
    let mut bad = rec.clone();
    let turns = bad["turns"].as_array_mut().unwrap();
    let chance = turns.iter().find_map(|t| t["chance"].get(0).cloned()).expect("a drawn chance value");
    turns.insert(1, json!({ "chance": chance }));
    let args = ["--max-turns", "40", "--p", "2", "--legal"];
    let lines = judge("parallel-football", &args, &bad.to_string());
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0]["ply"], 0);
    assert!(lines[0]["next_legal"].as_array().is_some_and(|l| !l.is_empty()), "{lines:?}");
    assert_eq!((&lines[1]["ply"], &lines[1]["legal"]), (&json!(1), &json!(true)), "{lines:?}");
    assert_eq!(
        (&lines[2]["entry"], &lines[2]["chance"], &lines[2]["legal"], &lines[2]["error"]),
        (&json!(1), &json!(true), &json!(false), &json!("no-chance-due")),
        "{lines:?}"
    );
    assert_eq!(lines[3]["fault"]["kind"], "chance-refused", "{lines:?}");
    let (o, _) = run(&["judge", "parallel-football", "--max-turns", "40", "--p", "2"], &bad.to_string());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.starts_with("start position:\n"), "{out}");
    assert!(out.contains("entry 1: chance value: REFUSED (no-chance-due): "), "{out}");
}

#[test]
fn parallel_football_failing_teams_stay() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let crash = script(d, "crash.sh", "read line\nexit 4");
    let slow = script(d, "slow.sh", "sleep 8.8814");
    // Unreadable lines are `stay` and reported; the team is kept.
    let garbage = script(
        d,
        "garbage.sh",
        "read start\necho '0 0'\necho '1 1'\nwhile read l; do case \"$l\" in *' '*' '*' '*' '*' '*) echo dance; echo 'kick 99 0';; esac; done",
    );
    let bots = [crash.as_str(), slow.as_str(), garbage.as_str(), "greedy"];
    let (rec, t) = play(d, "parallel-football", &bots, &["--max-turns", "20", "--p", "2"]);
    assert_eq!(rec["result"]["reason"], "turn-limit");
    assert!(t < Duration::from_secs(10), "{t:?}");
    let by_seat = |s: u64| -> Vec<String> {
        rec["errors"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["seat"] == s)
            .map(|e| e["kind"].as_str().unwrap().into())
            .collect()
    };
    assert_eq!(by_seat(0), ["crash"]);
    assert_eq!(by_seat(1), ["timeout"]);
    let g = by_seat(2);
    assert!(g.iter().any(|k| k == "unreadable-line") && g.iter().any(|k| k == "out-of-range"), "{g:?}");
    assert!(by_seat(3).is_empty());
    // The crashed and the slow team never move: they stay on their homes.
    let last = rec["final_position"].as_str().unwrap();
    assert!(!last.is_empty());
    assert!(!process_alive("8.8814"));
}

#[test]
fn parallel_football_bench_is_deterministic() {
    let args = ["--games", "3", "--max-turns", "100", "--p", "2"];
    assert_eq!(bench_mean("parallel-football", &args, "4"), bench_mean("parallel-football", &args, "4"));
}

#[test]
fn demo_shows_every_game_and_counts_parallel_football_in_rounds() {
    let (o, _) = run(&[], "");
    assert!(o.status.success());
    let s = stdout(&o);
    for g in ["paper-soccer", "yavalath", "quoridor", "parallel-football"] {
        assert!(s.contains(&format!("== {g}")), "{s}");
    }
    assert_eq!(s.matches("result:").count(), 4);
    // Words mean one thing: Parallel Football's length is counted in rounds
    // (placement included, so its last turn number is one less), each round
    // one answer per team.
    let pf = &s[s.find("== parallel-football").unwrap()..];
    let turn: usize = pf.split("turn ").nth(1).unwrap().split('/').next().unwrap().parse().unwrap();
    let result = pf.lines().find(|l| l.starts_with("result:")).unwrap();
    let rounds: usize = result.split(" rounds (").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(rounds, turn + 1, "{result}");
    assert!(result.contains(&format!("rounds ({} answers", 4 * rounds)), "{result}");
}

#[test]
fn four_player_series_rate_with_a_plackett_luce_fit_and_replay_commands_reproduce_games() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("series");
    let args = [
        "play",
        "quoridor",
        "--players",
        "4",
        "--max-ticks",
        "40",
        "--bot",
        "mcts:iters=20",
        "--bot",
        "random",
        "--bot",
        "random",
        "--bot",
        "random",
        "--games",
        "4",
        "--jobs",
        "2",
        "--seed",
        "3",
        "--record",
        rec.to_str().unwrap(),
    ];
    let (o, _) = run(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = stdout(&o);
    assert!(s.contains("Plackett-Luce fit") && s.contains("4 games of quoridor"), "{s}");
    // Rotation: the MCTS bot sits in each seat once.
    let recs: Vec<Value> = (0..4)
        .map(|i| {
            serde_json::from_str(&std::fs::read_to_string(rec.join(format!("quoridor-{i:05}.json"))).unwrap()).unwrap()
        })
        .collect();
    for (i, r) in recs.iter().enumerate() {
        assert_eq!(r["bots"][i], "mcts:iters=20");
    }
    // The replay command of a game plays it again, move for move.
    let replay = recs[2]["replay"].as_str().unwrap();
    let again = dir.path().join("again");
    let cmd =
        format!("{} --record {}", replay.replacen("arena", env!("CARGO_BIN_EXE_arena"), 1), again.to_str().unwrap());
    let out = std::process::Command::new("sh").args(["-c", &cmd]).output().unwrap();
    assert!(out.status.success(), "{cmd}: {}", String::from_utf8_lossy(&out.stderr));
    let r2 = only_record(&again);
    let texts =
        |v: &Value| -> Vec<Value> { v["turns"].as_array().unwrap().iter().map(|t| t["text"].clone()).collect() };
    assert_eq!(texts(&r2), texts(&recs[2]));
    assert_eq!(r2["result"], recs[2]["result"]);
}

#[test]
fn parallel_football_judge_refuses_text_records() {
    let (o, _) = run(&["judge", "parallel-football"], "stay\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("JSON records"));
}

#[test]
fn simultaneous_external_teams_think_at_the_same_time() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Each team takes 300 ms per turn: asked one after the other, five turns
    // of four teams would take at least 6 s; together, about 1.5 s.
    let slowish = script(
        d,
        "slowish.sh",
        "read start\necho '5 5'\n\
         while read header; do i=0; while [ $i -lt 4 ]; do read l; i=$((i+1)); done\n\
         read n; i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done; sleep 0.3; echo stay; done",
    );
    let bots = [slowish.as_str(), slowish.as_str(), slowish.as_str(), slowish.as_str()];
    let t = std::time::Instant::now();
    let (rec, _) = play(d, "parallel-football", &bots, &["--max-turns", "5", "--p", "1", "--time-factor", "3"]);
    let took = t.elapsed();
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    assert_eq!(rec["result"]["reason"], "turn-limit");
    assert!(took < Duration::from_millis(5000), "took {took:?}");
}

#[test]
fn failing_bots_do_not_hold_up_games_in_parallel() {
    let dir = tempfile::tempdir().unwrap();
    let slow = script(dir.path(), "slow.sh", "read id\nsleep 9.1357");
    let rec = dir.path().join("rec");
    let args = [
        "play",
        "paper-soccer",
        "--bot",
        &slow,
        "--bot",
        "random",
        "--games",
        "4",
        "--jobs",
        "2",
        "--record",
        rec.to_str().unwrap(),
    ];
    let (o, t) = run(&args, "");
    assert!(o.status.success());
    // Four games of about one second each (the first-answer limit), two at a time.
    assert!(t < Duration::from_secs(6), "took {t:?}");
    for i in 0..4 {
        let r: Value =
            serde_json::from_str(&std::fs::read_to_string(rec.join(format!("paper-soccer-{i:05}.json"))).unwrap())
                .unwrap();
        assert_eq!(r["result"]["reason"], "timeout", "{}", r["result"]);
        // Seats rotate: the slow bot sits in seat 0 in even games, seat 1 in odd ones.
        assert_eq!(r["result"]["winner"], if i % 2 == 0 { 1 } else { 0 });
    }
    assert!(!process_alive("9.1357"));
}

// ---------------------------------------------------------------- Nim

#[test]
fn nim_bot_mode_plays_the_made_up_protocol_as_a_program() {
    // The arena's Nim bot mode (game-core's one bot loop with Nim's
    // session) against the perfect player: from 20 stones (takes of 1 to
    // 3, a multiple of 4) the second player wins whatever the first does,
    // so the program wins in seat 1 and loses in seat 0, every answer read
    // as legal.
    let dir = tempfile::tempdir().unwrap();
    let perfect = arena_bot("nim", "alphabeta");
    let (rec, _) = play(dir.path(), "nim", &["random", &perfect], &["--time-factor", "5", "--pile", "20"]);
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    assert_eq!(rec["result"]["winner"], 1, "{}", rec["result"]);
    let (rec, _) = play(dir.path(), "nim", &[&perfect, "alphabeta"], &["--time-factor", "5", "--pile", "20"]);
    assert_eq!(error_kinds(&rec), Vec::<String>::new());
    assert_eq!(rec["result"]["winner"], 1, "{}", rec["result"]);
    // Bad input is refused with the session's error, exit code 2.
    let (o, _) = run(&["bot", "nim"], "0\n21 x\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "arena: the turn line is \"21 x\", not `pile max_take`\n");
    let (o, _) = run(&["bot", "nim"], "");
    assert!(o.status.success() && o.stdout.is_empty(), "no game, nothing written");
    // Stones only go and max_take stays: a later turn line must follow.
    let (o, _) = run(&["bot", "nim", "--bot", "alphabeta"], "0\n5 3\n9 3\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "1\n", "the first turn is answered (5 stones: take 1)");
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "arena: the turn line \"9 3\" does not follow \"5 3\" (stones only go, max_take stays)\n"
    );
}
