//! First contact: `arena judge` on hand-edited records. Every message is in
//! the game's terms (plies, players, moves in the game's notation), a record
//! is judged up to its first fault and no further, and the exit code says
//! which: 0 a game by the rules that agrees with itself, 1 a record that
//! breaks a rule or disagrees with itself, 2 a file that cannot be read or
//! is not a record.

use crate::common;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Output;

/// The arena's own bot mode as an external program: its answers are kept
/// in the record.
fn arena_bot(game: &str) -> String {
    format!("cmd:{} bot {game} --bot random", env!("CARGO_BIN_EXE_arena"))
}

/// Plays one seeded game of `game` between `bots` and returns its record.
fn play(dir: &Path, game: &str, bots: &[&str]) -> Value {
    let rec = dir.join(format!("{game}-record"));
    let mut args = vec!["play", game, "--seed", "3", "--record", rec.to_str().unwrap()];
    for b in bots {
        args.extend(["--bot", b]);
    }
    let (o, _) = common::run(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    common::only_record(&rec)
}

/// `arena judge game FILE extra...` on `record` written to a file: the
/// output and the file's path.
fn judge_file(dir: &Path, game: &str, record: &str, extra: &[&str]) -> (Output, String) {
    let file = dir.join("edited.json");
    std::fs::write(&file, record).unwrap();
    let path = file.to_str().unwrap().to_string();
    let mut args = vec!["judge", game, &path];
    args.extend(extra);
    (common::run(&args, "").0, path)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Nothing of Rust's own notation in a message for people.
fn assert_no_rust(text: &str) {
    for rust in ["Some(", "None", "Ok(", "Err(", "\\u{"] {
        assert!(!text.contains(rust), "{rust} in {text}");
    }
}

/// Two Yavalath cells free after the first `turns` turns of `rec`.
fn free_cells(rec: &Value, turns: usize) -> (String, String) {
    let used: Vec<&str> = rec["turns"].as_array().unwrap()[..turns].iter().filter_map(|t| t["text"].as_str()).collect();
    let mut free = ["4 4", "3 3", "5 5", "4 3", "4 5"].into_iter().filter(|c| !used.contains(c));
    (free.next().unwrap().to_string(), free.next().unwrap().to_string())
}

/// A Yavalath game whose seat 0 is an external bot (its answers recorded).
fn yavalath_with_answers(dir: &Path) -> Value {
    let bot = arena_bot("yavalath");
    let rec = play(dir, "yavalath", &[&bot, "random"]);
    assert_eq!(rec["turns"][2]["player"], 0);
    assert!(rec["turns"][2].get("answer").is_some(), "{}", rec["turns"][2]);
    rec
}

#[test]
fn an_answer_that_gives_another_move_than_its_turn_is_named_in_the_games_notation() {
    let dir = tempfile::tempdir().unwrap();
    let mut rec = yavalath_with_answers(dir.path());
    let (said, listed) = free_cells(&rec, 2);
    rec["turns"][2]["answer"] = json!({"lines": [said]});
    rec["turns"][2]["text"] = json!(listed);
    let (o, path) = judge_file(dir.path(), "yavalath", &rec.to_string(), &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "arena: {path}: ply 3: player 0's answer \"{said}\" plays {said}, but the record lists {listed} as played"
        )
    );
    assert_no_rust(&err);
    assert!(common::stdout(&o).contains("judging stopped at ply 3"), "{}", common::stdout(&o));
}

#[test]
fn an_answer_that_plays_no_move_is_said_to_be_refused_with_the_games_reason() {
    let dir = tempfile::tempdir().unwrap();
    let mut rec = yavalath_with_answers(dir.path());
    rec["turns"][2]["answer"] = json!({"lines": ["x y"]});
    let listed = rec["turns"][2]["text"].as_str().unwrap().to_string();
    let (o, path) = judge_file(dir.path(), "yavalath", &rec.to_string(), &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.starts_with(&format!("arena: {path}: ply 3: player 0's answer \"x y\" is refused (")), "{err}");
    assert!(err.trim_end().ends_with(&format!("but the record lists {listed} as played")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_no_rust(&err);
}

/// Lines of a report that say a turn was refused.
fn refusals(report: &str) -> Vec<&str> {
    report.lines().filter(|l| l.contains("ILLEGAL") || l.contains("already over") || l.contains("game over")).collect()
}

#[test]
fn an_illegal_move_is_reported_once_at_its_ply_and_judging_stops_there() {
    let dir = tempfile::tempdir().unwrap();
    // A JSON record: a built-in bot's turn edited to a cell taken before.
    let mut rec = play(dir.path(), "yavalath", &["random", "random"]);
    let turns = rec["turns"].as_array().unwrap().len();
    assert!(turns > 5, "{turns} turns");
    rec["turns"][3]["text"] = rec["turns"][1]["text"].clone();
    let taken = rec["turns"][1]["text"].as_str().unwrap().to_string();
    let (o, path) = judge_file(dir.path(), "yavalath", &rec.to_string(), &[]);
    let (out, err) = (common::stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        refusals(&out),
        [format!("ply 4: player 1 plays \"{taken}\": ILLEGAL (cell-occupied): cell {taken} is occupied")]
    );
    assert!(!out.contains("ply 5"), "judged past the fault:\n{out}");
    // Yavalath: an illegal move loses for its player.
    assert!(out.contains("result: player 0 wins"), "{out}");
    assert_eq!(
        err.trim_end(),
        format!(
            "arena: {path}: ply 4: player 1 plays \"{taken}\", which the rules refuse (cell-occupied): cell {taken} is occupied"
        )
    );
    // The same in JSON: the ply's line, then the result with the fault.
    let (o, _) = judge_file(dir.path(), "yavalath", &rec.to_string(), &["--json"]);
    let lines = common::json_lines(&o);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!((&lines[3]["legal"], &lines[3]["error"]), (&json!(false), &json!("cell-occupied")));
    assert_eq!(lines[4]["result"]["reason"], "illegal-move");
    assert_eq!(lines[4]["fault"]["kind"], "illegal-move");
    assert_eq!(lines[4]["fault"]["ply"], 4);
    // Quoridor: the contest plays on after an illegal move, so judging
    // stops there with the result "not over".
    let (o, _) = common::run(&["judge", "quoridor", "-"], "4 1\ne8\n3 7 0\n3 7 0\n4 2\n4 6\n");
    let (out, err) = (common::stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(refusals(&out).len(), 1, "{out}");
    assert!(refusals(&out)[0].starts_with("ply 4: player 1 plays \"3 7 0\": ILLEGAL (wall-overlaps)"), "{out}");
    assert!(out.contains("result: the game is not over (judging stopped at ply 4)"), "{out}");
    assert!(err.starts_with("arena: stdin: ply 4: player 1 plays \"3 7 0\", which the rules refuse"), "{err}");
    // Paper Soccer: a step the rules refuse, told in the game's terms.
    let (o, _) = common::run(&["judge", "paper-soccer"], "0\n09\n0\n");
    let out = common::stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(refusals(&out).len(), 1, "{out}");
    assert_no_rust(&stderr(&o));
}

#[test]
fn a_turn_after_the_end_is_one_fault_that_leaves_the_result_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let mut rec = play(dir.path(), "yavalath", &["random", "random"]);
    let turns = rec["turns"].as_array().unwrap().len();
    let last = rec["turns"][turns - 1].clone();
    let next = 1 - last["player"].as_u64().unwrap();
    let (extra, _) = free_cells(&rec, turns);
    for _ in 0..3 {
        rec["turns"].as_array_mut().unwrap().push(json!({"player": next, "text": extra}));
    }
    let (o, path) = judge_file(dir.path(), "yavalath", &rec.to_string(), &["--json"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let lines = common::json_lines(&o);
    assert_eq!(lines.len(), turns + 2, "one refused turn, then the result: {lines:?}");
    assert_eq!(lines[turns]["error"], "game-over");
    assert_eq!(lines[turns + 1]["result"], rec["result"]);
    let winner = rec["result"]["winner"].as_u64().unwrap();
    let reason = rec["result"]["reason"].as_str().unwrap();
    assert_eq!(
        err.trim_end(),
        format!(
            "arena: {path}: ply {}: player {next} plays \"{extra}\" after the end of the game (player {winner} wins by {reason} at ply {turns})",
            turns + 1
        )
    );
}

#[test]
fn a_stated_result_that_its_turns_do_not_give_is_a_fault_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let rec = play(dir.path(), "yavalath", &["random", "random"]);
    let winner = rec["result"]["winner"].as_u64().unwrap();
    let reason = rec["result"]["reason"].as_str().unwrap().to_string();
    // As played: a game by the rules that agrees with itself.
    let (o, _) = judge_file(dir.path(), "yavalath", &rec.to_string(), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    // The result edited: the other player wins.
    let mut edited = rec.clone();
    edited["result"]["winner"] = json!(1 - winner);
    edited["result"]["ranks"] = if winner == 0 { json!([1, 0]) } else { json!([0, 1]) };
    let (o, path) = judge_file(dir.path(), "yavalath", &edited.to_string(), &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim_end(),
        format!(
            "arena: {path}: the record says player {} wins by {reason}, but its turns give player {winner} wins by {reason}",
            1 - winner
        )
    );
    let (o, _) = judge_file(dir.path(), "yavalath", &edited.to_string(), &["--json"]);
    let last = common::json_lines(&o).pop().unwrap();
    assert_eq!(last["result"], rec["result"]);
    assert_eq!(last["fault"]["kind"], "result-differs");
    // Only the reason edited, or the scores of the outcome.
    let mut edited = rec.clone();
    edited["result"]["reason"] = json!("resignation");
    let (o, _) = judge_file(dir.path(), "yavalath", &edited.to_string(), &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("the record says player"), "{}", stderr(&o));
    let mut edited = rec.clone();
    edited["outcome"]["scores"] = json!([1, 1]);
    edited["outcome"]["ranks"] = json!([0, 0]);
    let (o, _) = judge_file(dir.path(), "yavalath", &edited.to_string(), &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("the record says draw"), "{}", stderr(&o));
}

/// A game the arena stopped itself (a draw by `arena-limit` or
/// `arena-error`) states a result its turns do not give: accepted on turns
/// that leave the game open, a fault on turns that end it; any other result
/// stated for turns that leave the game open is a fault.
#[test]
fn a_result_the_arena_forced_is_accepted_only_when_the_turns_leave_the_game_open() {
    let dir = tempfile::tempdir().unwrap();
    let rec = play(dir.path(), "yavalath", &["random", "random"]);
    let forced = json!({"winner": null, "ranks": [0, 0], "reason": "arena-limit"});
    let mut open = rec.clone();
    open["turns"].as_array_mut().unwrap().pop();
    open.as_object_mut().unwrap().remove("outcome");
    let judged = |record: &Value| judge_file(dir.path(), "yavalath", &record.to_string(), &[]).0;
    let mut stopped = open.clone();
    stopped["result"] = forced.clone();
    let o = judged(&stopped);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = judged(&open);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("but its turns give a game that is not over"), "{}", stderr(&o));
    let mut ended = rec.clone();
    ended["result"] = forced;
    ended.as_object_mut().unwrap().remove("outcome");
    let o = judged(&ended);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("the record says a draw by arena-limit, but its turns give player"), "{}", stderr(&o));
}

/// A record is one game with one list of turns: a second list is not read
/// as more turns nor ignored, and turns that are not a list say what was
/// expected; the record is refused (exit code 2).
#[test]
fn a_record_whose_turns_are_not_one_list_is_not_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let rec = play(dir.path(), "yavalath", &["random", "random"]);
    let text = rec.to_string();
    let twice = format!("{},\"turns\":[]}}", text.strip_suffix('}').unwrap());
    let (o, path) = judge_file(dir.path(), "yavalath", &twice, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).trim_end(),
        format!("arena: {path}: unreadable record: not a game record: it has two lists of turns")
    );
    // Turns that are not a list say what was expected.
    let mut bad = rec.clone();
    bad["turns"] = json!(5);
    let (o, _) = judge_file(dir.path(), "yavalath", &bad.to_string(), &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("invalid type: integer `5`, expected a list of turns"), "{}", stderr(&o));
}

/// A turn of a seat the game does not have is a fault naming the turn's ply
/// and the game's seats; so is a turn without a move.
#[test]
fn a_turn_of_no_seat_or_without_a_move_is_a_fault_at_its_ply() {
    let dir = tempfile::tempdir().unwrap();
    let rec = play(dir.path(), "yavalath", &["random", "random"]);
    let mut bad = rec.clone();
    bad["turns"][2]["player"] = json!(5);
    let (o, path) = judge_file(dir.path(), "yavalath", &bad.to_string(), &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).trim_end(),
        format!("arena: {path}: ply 3: the record gives the turn to player 5, but the game's players are 0 to 1")
    );
    let mut bad = rec.clone();
    bad["turns"][3].as_object_mut().unwrap().remove("text");
    let (o, path) = judge_file(dir.path(), "yavalath", &bad.to_string(), &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).trim_end(),
        format!("arena: {path}: ply 4: player 1's turn lists no move (\"text\") and no answer")
    );
}

/// A record of the older format (its moves in `events`) is named by its
/// format, whatever comes after its events.
#[test]
fn a_record_of_the_old_format_is_refused_naming_its_format() {
    let dir = tempfile::tempdir().unwrap();
    let old = r#"{"format": 1, "game": "yavalath", "events": [{"ply": 1, "move": "4 4"}], "turns": []}"#;
    let (o, _) = judge_file(dir.path(), "yavalath", old, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("a record of format 1: this arena reads format 2"), "{}", stderr(&o));
}

#[test]
#[cfg(unix)] // The bot is a shell script.
fn a_bots_recorded_failure_is_the_games_business_not_a_fault_of_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = common::script(dir.path(), "garbage.sh", "echo 'x y'\ncat >/dev/null");
    let rec = play(dir.path(), "yavalath", &[&garbage, "random"]);
    assert_eq!(rec["result"]["reason"], "illegal-move", "{}", rec["result"]);
    let (o, _) = judge_file(dir.path(), "yavalath", &rec.to_string(), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(common::stdout(&o).contains("result: player 1 wins"), "{}", common::stdout(&o));
}

#[test]
fn a_file_that_is_not_a_record_is_named_with_its_reason_on_one_line_before_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("empty.txt"), "").unwrap();
    std::fs::write(d.join("blank.txt"), "\n  \n\n").unwrap();
    std::fs::write(d.join("nim.json"), json!({"format": 2, "game": "nim", "turns": []}).to_string()).unwrap();
    std::fs::write(d.join("no-turns.json"), {
        let mut rec = play(d, "yavalath", &["random", "random"]);
        rec["turns"] = json!([]);
        rec.to_string()
    })
    .unwrap();
    let missing = d.join("missing.json");
    for (file, reason) in [
        (d.join("empty.txt"), "the file is empty"),
        (d.join("blank.txt"), "no turn"),
        (d.join("nim.json"), "a record of \"nim\", judged as \"yavalath\""),
        (d.join("no-turns.json"), "no turn"),
        // The system's words (Windows has its own), as view and analyze say it.
        (missing.clone(), &std::fs::read(&missing).unwrap_err().to_string()),
        (d.to_path_buf(), "is a folder, not a record: pass one of its records"),
    ] {
        let path = file.to_str().unwrap();
        let (o, _) = common::run(&["judge", "yavalath", path], "");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{path}: {err}");
        assert!(o.stdout.is_empty(), "{path}: {}", common::stdout(&o));
        assert_eq!(err.lines().count(), 1, "{path}: {err}");
        assert!(
            err.starts_with(&format!("arena: {path}: "))
                || err.starts_with(&format!("arena: {path} is "))
                || err.starts_with(&format!("arena: cannot read {path}: ")),
            "{err}"
        );
        assert!(err.contains(reason), "{path}: {err}");
    }
    // The standard input is named too.
    let (o, _) = common::run(&["judge", "yavalath"], "");
    assert_eq!((o.status.code(), stderr(&o).trim_end()), (Some(2), "arena: stdin: the file is empty: not a record"));
}

#[test]
fn judge_help_documents_its_exit_codes() {
    let (o, _) = common::run(&["judge", "--help"], "");
    let help = common::stdout(&o);
    assert!(o.status.success());
    for code in [
        "0: the record is a game by the rules",
        "1: the record breaks a rule or disagrees with itself",
        "2: the file cannot be read",
    ] {
        assert!(help.contains(code), "{code:?} not in:\n{help}");
    }
}
