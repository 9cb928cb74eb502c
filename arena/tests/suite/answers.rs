//! Answers read exactly as each original referee reads them, tested at the
//! protocol boundary: real external bot processes through `arena play`,
//! checking what was played and recorded (and that `arena judge` re-derives
//! it from the record).
//!
//! Unix only: the external bots here are shell scripts (`sh`), which
//! Windows does not have.
#![cfg(unix)]

use crate::common;

use common::{json_lines, only_record, process_alive, run, script, stdout};
use serde_json::Value;
use std::path::Path;

/// Plays one game with `--record` and returns the record.
fn play(dir: &Path, game: &str, bots: &[&str], extra: &[&str]) -> Value {
    let rec = dir.join("rec");
    let _ = std::fs::remove_dir_all(&rec);
    let mut args = vec!["play", game, "--record", rec.to_str().unwrap(), "--seed", "11"];
    for b in bots {
        args.extend(["--bot", b]);
    }
    args.extend(extra);
    let (o, _) = run(&args, "");
    assert!(o.status.success(), "{}\n{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    let r = only_record(&rec);
    // The judge re-derives every verdict from the record alone.
    let (j, _) = run(&judge_args(game, extra), &r.to_string());
    assert!(j.status.success(), "judge: {}", String::from_utf8_lossy(&j.stderr));
    assert_eq!(json_lines(&j).last().unwrap()["result"], r["result"], "judge and play disagree");
    r
}

/// `judge GAME --json` with the game options of a `play` command line
/// (`--time-factor X` is for play only).
fn judge_args<'a>(game: &'a str, play_extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["judge", game, "--json"];
    let mut it = play_extra.iter();
    while let Some(&a) = it.next() {
        if a == "--time-factor" {
            it.next();
        } else {
            args.push(a);
        }
    }
    args
}

fn turn(rec: &Value, i: usize) -> &Value {
    &rec["turns"][i]
}

/// A Quoridor bot (2 players) that prints `first` (printf format) as its
/// first answer, then nothing more.
fn quoridor_first_answer(dir: &Path, name: &str, first: &str) -> String {
    script(
        dir,
        name,
        &format!(
            "skip() {{ i=0; while [ $i -lt $1 ]; do read l; i=$((i+1)); done; }}\n\
             read n; read id; read m; skip $n\n\
             read tick; skip $n; read f; skip $f\n\
             printf -- '{first}'\nwhile read l; do :; done"
        ),
    )
}

/// `(answer as printed, the move played, or the error kind)`.
const QUORIDOR_NUMBERS: &[(&str, Result<&str, &str>)] = &[
    // Two spaces make an empty token, which `Number()` reads as 0.
    ("4  1\\n", Ok("4 0 1")),
    ("4.0 1\\n", Ok("4 1")),
    ("0x4 1\\n", Ok("4 1")),
    ("+4 1\\n", Ok("4 1")),
    ("1e0 0 0\\n", Ok("1 0 0")),
    ("-0 0 1\\n", Ok("0 0 1")),
    ("4 1\\r\\n", Ok("4 1")),
    ("4\\t1\\n", Err("unreadable")),
    ("4,1\\n", Err("unreadable")),
    ("0  0 1\\n", Err("unreadable")),
    ("4.5 1\\n", Err("unreadable")),
    ("9 9\\n", Err("off-board")),
];

#[test]
fn quoridor_reads_numbers_as_javascript_number_does() {
    let dir = tempfile::tempdir().unwrap();
    for (i, (printed, want)) in QUORIDOR_NUMBERS.iter().enumerate() {
        let bot = quoridor_first_answer(dir.path(), &format!("n{i}.sh"), printed);
        let rec = play(dir.path(), "quoridor", &[&bot, "random"], &["--max-ticks", "2"]);
        let t = turn(&rec, 0);
        match want {
            Ok(mv) => {
                assert_eq!(t["text"], *mv, "{printed:?}: {t}");
                assert!(t["error"].is_null() && rec["errors"].as_array().unwrap().is_empty(), "{printed:?}: {t}");
            }
            Err(kind) => {
                assert_eq!(t["error"], *kind, "{printed:?}: {t}");
                assert_eq!(t["substituted"], true, "{printed:?}: a random move replaces it: {t}");
            }
        }
    }
}

#[test]
fn quoridor_blank_lines_before_an_answer_are_dropped_not_read_as_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    for (i, printed) in ["\\n4 1\\n", "   \\r\\n\\t\\n4 1\\n", "\\n\\n\\n4 0 1\\n"].iter().enumerate() {
        let bot = quoridor_first_answer(dir.path(), &format!("b{i}.sh"), printed);
        let rec = play(dir.path(), "quoridor", &[&bot, "random"], &["--max-ticks", "2"]);
        let t = turn(&rec, 0);
        assert!(t["error"].is_null(), "{printed:?}: {t}");
        let last = t["answer"]["lines"].as_array().unwrap().last().unwrap().as_str().unwrap();
        assert_eq!(t["text"], last, "{printed:?}: the answer is the line after the blank ones");
        // The dropped lines are kept in the record, as printed.
        assert!(t["answer"]["lines"].as_array().unwrap().len() > 1, "{t}");
    }
}

#[test]
fn quoridor_time_out_plays_a_random_move_and_the_late_answer_is_read_next() {
    let dir = tempfile::tempdir().unwrap();
    // Sleeps past its clock on its first turn, then answers the wall 0 0 0
    // (late) and, on each later turn, the next wall along row 6.
    let bot = script(
        dir.path(),
        "late.sh",
        "skip() { i=0; while [ $i -lt $1 ]; do read l; i=$((i+1)); done; }\n\
         read n; read id; read m; skip $n\n\
         t=0\n\
         while read tick; do [ \"$tick\" = -1 ] && exit 0; skip $n; read f; skip $f\n\
         t=$((t+1)); if [ $t = 1 ]; then sleep 1.27413; echo '0 0 0'; else echo \"$(( (2*t) % 8 )) 6 0\"; fi; done",
    );
    let rec = play(dir.path(), "quoridor", &[&bot, "random"], &["--max-ticks", "80"]);
    let mine: Vec<&Value> = rec["turns"].as_array().unwrap().iter().filter(|t| t["player"] == 0).collect();
    assert_eq!(mine[0]["answer"]["cutoff"], "timeout");
    assert_eq!(mine[0]["substituted"], true);
    // Every turn up to the late answer's arrival timed out; the first turn
    // that reads a line reads the late answer, not a newer one.
    // An answer that is exactly the move played is kept as "as-played".
    let first_line = |t: &Value| -> Option<String> {
        if t["answer"] == "as-played" {
            return t["text"].as_str().map(str::to_string);
        }
        t["answer"]["lines"][0].as_str().map(str::to_string)
    };
    let k = mine.iter().position(|t| first_line(t).is_some()).unwrap();
    assert!(mine[..k].iter().all(|t| t["answer"]["cutoff"] == "timeout" && t["substituted"] == true));
    // From then on each turn reads the next queued line, in order: the bot
    // stays one answer behind, as it would in the contest.
    let read: Vec<String> = mine[k..k + 5].iter().map(|t| first_line(t).unwrap()).collect();
    assert_eq!(read, ["0 0 0", "4 6 0", "6 6 0", "0 6 0", "2 6 0"], "{}", rec["errors"]);
    assert!(mine[k..].iter().all(|t| t["answer"]["cutoff"].is_null()), "no more time-outs");
    // The bot stayed in the game: no crash, and it was stopped at the end.
    let kinds: Vec<&str> = rec["errors"].as_array().unwrap().iter().filter_map(|e| e["kind"].as_str()).collect();
    assert!(!kinds.contains(&"crash"), "{kinds:?}");
    assert!(!process_alive("1.27413"));
}

#[test]
fn quoridor_four_players_default_to_200_ticks_and_two_to_100() {
    let dir = tempfile::tempdir().unwrap();
    let rec = play(dir.path(), "quoridor", &["random"; 4], &["--players", "4"]);
    assert_eq!(rec["config"]["tick_limit"], 200);
    let rec = play(dir.path(), "quoridor", &["random"; 2], &[]);
    assert_eq!(rec["config"]["tick_limit"], 100);
}

/// A Yavalath bot that prints `first` (printf format) as its first answer.
fn yavalath_first_answer(dir: &Path, name: &str, first: &str) -> String {
    script(dir, name, &format!("i=0; while [ $i -lt 12 ]; do read l; i=$((i+1)); done\nprintf -- '{first}'\nsleep 5"))
}

#[test]
fn yavalath_reads_numbers_as_java_integer_parse_int_does() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, Result<&str, &str>)] = &[
        ("\u{0663} 4\\n", Ok("3 4")),
        ("\u{ff13} 4\\n", Ok("3 4")),
        ("+3 4\\n", Ok("3 4")),
        ("-0 4\\n", Ok("0 4")),
        ("3 4 hello/world\\n", Ok("3 4")),
        ("3 4  \\n", Ok("3 4")),
        ("2147483648 4\\n", Err("unreadable")),
        ("2147483647 4\\n", Err("off-board")),
        (" 3 4\\n", Err("unreadable")),
        ("3  4\\n", Err("unreadable")),
        ("\u{1d7d1} 4\\n", Err("unreadable")),
    ];
    for (i, (printed, want)) in cases.iter().enumerate() {
        let bot = yavalath_first_answer(dir.path(), &format!("y{i}.sh"), printed);
        let rec = play(dir.path(), "yavalath", &[&bot, "random"], &["--time-factor", "0.5"]);
        let t = turn(&rec, 0);
        match want {
            Ok(cell) => {
                assert_eq!(t["text"], *cell, "{printed:?}: {t}");
                assert!(t["error"].is_null(), "{printed:?}: {t}");
            }
            Err(kind) => {
                assert_eq!(t["error"], *kind, "{printed:?}: {t}");
                assert_eq!(rec["result"]["reason"], "illegal-move", "{printed:?}");
                assert_eq!(rec["result"]["winner"], 1, "{printed:?}");
            }
        }
    }
}

#[test]
fn paper_soccer_line_ending_crlf_is_not_part_of_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let bot = |name: &str, first: &str| {
        script(dir.path(), name, &format!("read id; read len; read turn\nprintf -- '{first}'\nsleep 5"))
    };
    let crlf = bot("crlf.sh", "0\\r\\n");
    let rec = play(dir.path(), "paper-soccer", &[&crlf, "random"], &["--time-factor", "0.5"]);
    assert_eq!(turn(&rec, 0)["text"], "0");
    assert!(turn(&rec, 0)["error"].is_null());
    assert_eq!(turn(&rec, 0)["answer"]["lines"][0], "0\r", "the record keeps the bytes as printed");
    // A trailing space is part of the answer: a bad character, a loss.
    let space = bot("space.sh", "0 \\n");
    let rec = play(dir.path(), "paper-soccer", &[&space, "random"], &[]);
    assert_eq!(turn(&rec, 0)["error"], "bad-character");
    assert_eq!(rec["result"]["reason"], "illegal-move");
}

#[test]
fn non_utf8_answers_are_recorded_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let bot = yavalath_first_answer(dir.path(), "bytes.sh", "\\377 4\\n");
    let rec = play(dir.path(), "yavalath", &[&bot, "random"], &[]);
    assert_eq!(turn(&rec, 0)["answer"]["lines"][0], serde_json::json!({"bytes": [255, 32, 52]}));
    assert_eq!(turn(&rec, 0)["error"], "unreadable");
}

/// Builds the example bot of `krate` and returns its path. The examples
/// are built as `cargo test` builds them (the whole workspace's, with the
/// test binary's profile), so that after `cargo test --workspace` this is
/// a no-op instead of a second build of the game crates.
fn example(krate: &str) -> String {
    let name = format!("{krate}-bot");
    let arena = Path::new(env!("CARGO_BIN_EXE_arena"));
    let release = arena.parent().and_then(Path::file_name).is_some_and(|d| d == "release");
    let o = std::process::Command::new(env!("CARGO"))
        .args(["build", "-q", "--workspace", "--examples", "--profile", if release { "release" } else { "test" }])
        .output()
        .expect("cargo runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bin = arena.with_file_name("examples").join(name);
    assert!(bin.exists(), "{}", bin.display());
    bin.to_string_lossy().into_owned()
}

#[test]
fn every_example_bot_plays_a_whole_game_without_a_protocol_error() {
    let dir = tempfile::tempdir().unwrap();
    for (krate, game, others, extra) in [
        ("paper-soccer", "paper-soccer", vec!["random"], vec![]),
        ("yavalath", "yavalath", vec!["random"], vec![]),
        ("quoridor", "quoridor", vec!["random"], vec![]),
        ("quoridor", "quoridor", vec!["random"; 3], vec!["--players", "4"]),
        ("parallel-football", "parallel-football", vec!["greedy", "random", "random"], vec!["--max-turns", "40"]),
    ] {
        let bin = format!("cmd:{}", example(krate));
        let mut bots = vec![bin.as_str()];
        bots.extend(others);
        let mut args = extra.clone();
        args.extend(["--time-factor", "3"]);
        let rec = play(dir.path(), game, &bots, &args);
        assert!(rec["errors"].as_array().unwrap().is_empty(), "{game}: {}", rec["errors"]);
        assert!(
            rec["turns"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["player"] == 0 && (t["answer"].is_object() || t["answer"] == "as-played"))
        );
    }
}

/// A Quoridor bot that answers from a fixed list of odd but plausible
/// lines, one per turn in rotation (blank lines, JavaScript number forms,
/// garbage, walls, moves), sometimes late.
const CHAOS_QUORIDOR: &str = "skip() { i=0; while [ $i -lt $1 ]; do read l; i=$((i+1)); done; }\n\
read n; read id; read m; skip $n\n\
set -- '4 1' '' '0x3 0x7 1' 'zz' '1e0 1' '+4 7' '5  0' '3.0 4 0' '4\t1' '4 8' '6 2 1' ' 4 0 ' '-0 3 1'\n\
k=$(( id + 1 ))\n\
while read tick; do [ \"$tick\" = -1 ] && exit 0; skip $n; read f; skip $f\n\
  k=$(( (k * 7 + tick) % 13 + 1 )); eval \"a=\\${$k}\"\n\
  [ $(( tick % 11 )) = 0 ] && sleep 0.05\n\
  printf '%s\\n' \"$a\"\n\
done";

/// Random series with hostile external bots: every record is judged again
/// from its raw answers alone, and `judge` agrees with `play` on each.
#[test]
fn judge_agrees_with_play_on_every_record_of_hostile_series() {
    let dir = tempfile::tempdir().unwrap();
    let chaos = script(dir.path(), "chaos.sh", CHAOS_QUORIDOR);
    let garbage_team = script(
        dir.path(),
        "team.sh",
        "read s; echo 0 0; echo 99 99\nwhile read h; do i=0; while [ $i -lt 8 ]; do read l; i=$((i+1)); done; \
         read n; i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done; printf 'kick 1 1\\nmove 9 9\\n'; done",
    );
    let yav = yavalath_first_answer(dir.path(), "yav.sh", "4 4\\n");
    let cases: Vec<(&str, Vec<&str>, Vec<&str>)> = vec![
        ("quoridor", vec![&chaos, "random"], vec!["--max-ticks", "60"]),
        ("quoridor", vec![&chaos, &chaos, "random", &chaos], vec!["--players", "4", "--max-ticks", "60"]),
        (
            "parallel-football",
            vec![&garbage_team, "greedy", &garbage_team, "random"],
            vec!["--p", "2", "--max-turns", "20"],
        ),
        ("yavalath", vec![&yav, "random"], vec!["--time-factor", "0.3"]),
    ];
    let mut judged = 0;
    for (game, bots, extra) in cases {
        let rec_dir = dir.path().join(format!("series-{judged}"));
        let mut args =
            vec!["play", game, "--record", rec_dir.to_str().unwrap(), "--games", "4", "--jobs", "2", "--seed", "3"];
        for b in &bots {
            args.extend(["--bot", b]);
        }
        args.extend(&extra);
        let (o, _) = run(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        for entry in std::fs::read_dir(&rec_dir).unwrap() {
            let rec: Value = serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
            let (j, _) = run(&judge_args(game, &extra), &rec.to_string());
            assert!(j.status.success(), "{game}: {}", String::from_utf8_lossy(&j.stderr));
            let lines = json_lines(&j);
            assert_eq!(lines.last().unwrap()["result"], rec["result"], "{game} game {}", rec["index"]);
            // One verdict per recorded turn, refused exactly where play refused.
            let turns = rec["turns"].as_array().unwrap();
            assert_eq!(lines.len(), turns.len() + 1, "{game} game {}", rec["index"]);
            for (t, l) in turns.iter().zip(&lines) {
                assert_eq!(t["error"].as_str(), l["error"].as_str(), "{game} game {}: {t} vs {l}", rec["index"]);
            }
            judged += 1;
        }
    }
    assert_eq!(judged, 16);
}

#[test]
fn judge_reports_a_recorded_time_out_as_the_end_of_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let silent = script(dir.path(), "silent.sh", "sleep 5");
    let rec = play(dir.path(), "yavalath", &["random", &silent], &["--time-factor", "0.2"]);
    assert_eq!(rec["result"]["reason"], "timeout");
    let (o, _) = run(&["judge", "yavalath"], &rec.to_string());
    let text = stdout(&o);
    assert!(text.contains("ply 2: player 1: TIMEOUT (timeout)"), "{text}");
    assert!(text.contains("by timeout (ended by timeout of seat 1 at ply 2)"), "{text}");
}
