//! Proof by difference: every game, random games with random tails, written
//! as text and as JSON, judged both ways — the reports agree line for line,
//! and after the end the result is the game's own (see
//! `game_arena::crosscheck`). `JUDGE_FORMS_CASES` sets the number of seeds per
//! game and tail (default 40).

use game_arena::crosscheck::{Tail, case, check};
use game_arena::games::Adapter;
use game_arena::games::paper_soccer;
use game_arena::games::yavalath;

fn cases() -> u64 {
    std::env::var("JUDGE_FORMS_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(40)
}

fn all_tails(seed: u64) -> [Tail; 5] {
    let arg = (seed.wrapping_mul(0x9e37_79b9) >> 7) as u16;
    [Tail::None, Tail::AfterEnd((seed % 3 + 1) as u8), Tail::Illegal(arg), Tail::Cut(arg), Tail::AfterEnd(1)]
}

fn run<A: Adapter>(a: &A) -> usize {
    let mut n = 0;
    for seed in 0..cases() {
        for tail in all_tails(seed) {
            let c = case(a, seed, tail);
            if let Err(e) = check(a, &c) {
                panic!("{} seed {seed} {tail:?}: {e}", a.name());
            }
            n += 1;
        }
    }
    n
}

#[test]
fn paper_soccer_text_and_json_records_are_judged_alike() {
    assert!(run(&paper_soccer::Referee) > 0);
}

#[test]
fn yavalath_text_and_json_records_are_judged_alike() {
    assert!(run(&yavalath::Referee) > 0);
}

#[test]
fn quoridor_two_players_text_and_json_records_are_judged_alike() {
    for limit in [Some(100), Some(20), None] {
        assert!(run(&game_arena::games::quoridor::referee(2, limit).unwrap()) > 0);
    }
}

#[test]
fn quoridor_four_players_text_and_json_records_are_judged_alike() {
    for limit in [Some(200), Some(30)] {
        assert!(run(&game_arena::games::quoridor::referee(4, limit).unwrap()) > 0);
    }
}

#[test]
fn parallel_football_json_records_keep_their_natural_result_after_the_end() {
    for (p, k, turns) in [(2, 10, 30), (1, 3, 12), (4, 46, 20)] {
        assert!(run(&game_arena::games::parallel_football::referee(16, p, k, turns).unwrap()) > 0);
    }
}

use crate::common;

/// The repro: a game played with `--record`, one more turn
/// appended after the last one (by every seat in turn): the extra turn is
/// refused as `game-over`, the result is the game's own, and the record is
/// faulty (exit code 1).
#[test]
fn a_turn_after_the_end_is_refused_and_never_changes_the_result() {
    use serde_json::json;
    let dir = tempfile::tempdir().unwrap();
    for (game, extra) in [
        ("paper-soccer", vec![]),
        ("yavalath", vec![]),
        ("quoridor", vec![]),
        ("quoridor", vec!["--players", "4"]),
        ("parallel-football", vec!["--p", "2", "--max-turns", "15"]),
    ] {
        let seats = match (game, extra.as_slice()) {
            ("parallel-football", _) | ("quoridor", [_, _]) => 4,
            _ => 2,
        };
        let rec_dir = dir.path().join(format!("{game}-{seats}"));
        let mut args = vec!["play", game, "--record", rec_dir.to_str().unwrap(), "--seed", "5"];
        for _ in 0..seats {
            args.extend(["--bot", "random"]);
        }
        args.extend(&extra);
        let (o, _) = common::run(&args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let rec = common::only_record(&rec_dir);
        let turns = rec["turns"].as_array().unwrap();
        let last_text = turns.iter().rev().find_map(|t| t["text"].as_str()).unwrap();
        for p in 0..seats {
            let mut r = rec.clone();
            r["turns"].as_array_mut().unwrap().push(json!({"player": p, "text": last_text}));
            let mut judge = vec!["judge", game, "--json"];
            judge.extend(&extra);
            let (o, _) = common::run(&judge, &r.to_string());
            assert_eq!(o.status.code(), Some(1), "{game}: {}", String::from_utf8_lossy(&o.stderr));
            let lines = common::json_lines(&o);
            let n = lines.len();
            let what = format!("{game} seat {p}: {:?}", &lines[n.saturating_sub(3)..]);
            assert_eq!(lines[n - 1]["result"], rec["result"], "{what}");
            assert_eq!(lines[n - 1]["fault"]["kind"], "after-end", "{what}");
            assert_eq!(lines[n - 2]["error"], "game-over", "{what}");
            assert_eq!(lines[n - 2]["player"], p, "{what}");
            assert_eq!(n, turns.len() + 2, "every turn and the extra one: {what}");
        }
    }
}
