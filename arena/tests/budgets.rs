//! Bots and their budgets, through the real `arena` binary: a time budget
//! (`ms=N`) is each whole answer's and must fit the game's clock, a spec
//! is refused when its options conflict or its name is misspelt, and
//! every option a built-in bot accepts changes how it plays.

mod common;
use common::*;
use serde_json::Value;

/// Plays one seeded game of `game` (`args` after the game: its flags and
/// the bots) and returns every recorded turn as (seat, answer text),
/// checking that no answer failed.
fn turns(game: &str, args: &[&str]) -> Vec<(u64, String)> {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let mut all = vec!["play", game, "--game-seed", "11", "--record", d];
    all.extend(args);
    let (o, _) = run(&all, "");
    assert!(o.status.success(), "arena {all:?}: {}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("failed answers: none"), "arena {all:?}:\n{}", stdout(&o));
    let rec = only_record(dir.path());
    rec["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["player"].as_u64().unwrap(), t["text"].as_str().unwrap_or_default().to_string()))
        .collect()
}

/// Checks, for each pair of specs of the first seat, that the game played
/// with one differs from the game played with the other (the other seats
/// `rest`, the same game seed): the option that tells them apart acts.
fn each_option_changes_the_play(game: &str, flags: &[&str], rest: &[&str], pairs: &[(&str, &str)]) {
    for &(one, other) in pairs {
        let play = |spec: &str| {
            // A slow (debug, loaded) machine's late answer would be replaced: ten times the time.
            let mut args: Vec<&str> = [flags, &["--time-factor", "10"]].concat();
            args.extend(["--bot", spec]);
            for r in rest {
                args.extend(["--bot", r]);
            }
            turns(game, &args)
        };
        assert_ne!(play(one), play(other), "{game}: {one} and {other} played the same game");
    }
}

#[test]
fn a_time_budget_is_the_whole_answers_so_a_paper_soccer_turn_of_many_steps_keeps_its_limit() {
    // 150 ms fits the 200 ms limit with the margin; spent per step, a turn
    // of two steps or more would take 300 ms.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = ["play", "paper-soccer", "--bot", "mcts:ms=150", "--bot", "random", "--games", "2", "--record", d];
    let (o, _) = run(&args, "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("failed answers: none"), "{out}");
    let mut multi_step = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let rec: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for t in rec["turns"].as_array().unwrap().iter().filter(|t| t["player"] == 0) {
            let ms = t["ms"].as_f64().unwrap();
            assert!(ms < 200.0, "{}: a turn took {ms} ms: {t}", path.display());
            multi_step += usize::from(t["text"].as_str().unwrap().len() > 1);
        }
    }
    assert!(multi_step > 0, "no turn of several steps was played");
}

#[test]
fn a_time_budget_the_clock_does_not_leave_is_refused_before_any_game_saying_the_most_that_fits() {
    // The documented league line's budget, in play and in a league.
    assert_eq!(
        refused(&["play", "yavalath", "--bot", "name=ref,mcts:ms=100", "--bot", "random"]),
        "arena: bot \"name=ref,mcts:ms=100\": yavalath allows 100 ms an answer and the arena keeps a margin of \
         22.5 ms: at most ms=77"
    );
    assert_eq!(
        refused(&["play", "yavalath", "--bot", "random", "--bot", "alphabeta:ms=78"]),
        "arena: bot \"alphabeta:ms=78\": yavalath allows 100 ms an answer and the arena keeps a margin of \
         22.5 ms: at most ms=77"
    );
    assert_eq!(
        refused(&["play", "paper-soccer", "--bot", "mcts:ms=166", "--bot", "random"]),
        "arena: bot \"mcts:ms=166\": paper-soccer allows 200 ms an answer and the arena keeps a margin of 35 ms: \
         at most ms=165"
    );
    // Quoridor's bank: what it gains each turn is what a fixed budget may spend.
    assert_eq!(
        refused(&["play", "quoridor", "--bot", "mcts:ms=17", "--bot", "random"]),
        "arena: bot \"mcts:ms=17\": quoridor allows 30 ms an answer (what its bank gains each turn) and the \
         arena keeps a margin of 13.8 ms: at most ms=16"
    );
    let dir = tempfile::tempdir().unwrap();
    let league = dir.path().join("league");
    let l = league.to_str().unwrap();
    let msg = refused(&["league", "yavalath", l, "--bot", "name=r,random", "--bot", "name=ref,mcts:ms=100"]);
    assert!(msg.contains("at most ms=77"), "{msg}");
    // A budget that fits plays without a failed answer; --time-factor scales what fits.
    turns("quoridor", &["--bot", "mcts:ms=16", "--bot", "random"]);
    turns("yavalath", &["--bot", "mcts:ms=100", "--bot", "random", "--time-factor", "2"]);
}

#[test]
fn options_that_conflict_or_repeat_are_refused() {
    let play = |spec: &str| refused(&["play", "yavalath", "--bot", spec, "--bot", "random"]);
    assert_eq!(
        play("mcts:iters=5,ms=5"),
        "arena: bot \"mcts:iters=5,ms=5\": iters and ms both set the budget: give one of them"
    );
    assert_eq!(
        play("alphabeta:depth=3,ms=5"),
        "arena: bot \"alphabeta:depth=3,ms=5\": depth and ms both set the budget: give one of them"
    );
    assert_eq!(play("mcts:c=1,c=2"), "arena: bot \"mcts:c=1,c=2\": c is given twice");
    assert_eq!(play("best:ms=5"), "arena: bot \"best:ms=5\": best takes no options");
}

#[test]
fn a_misspelt_bot_name_lists_the_bots_of_the_game() {
    assert_eq!(
        refused(&["play", "yavalath", "--bot", "mtcs", "--bot", "random"]),
        "arena: yavalath has no bot \"mtcs\" (its bots: random, mcts, alphabeta, best, cmd:PROGRAM ARGS)"
    );
    assert_eq!(
        refused(&["play", "paper-soccer", "--bot", "gready", "--bot", "random"]),
        "arena: paper-soccer has no bot \"gready\" (its bots: random, mcts, search, best, greedy, cmd:PROGRAM ARGS)"
    );
    assert_eq!(
        refused(&["play", "quoridor", "--bot", "mtcs:iters=5", "--bot", "random"]),
        "arena: quoridor has no bot \"mtcs\" (its bots: random, mcts, best, walker, cmd:PROGRAM ARGS)"
    );
    let pf = ["play", "parallel-football", "--bot", "random", "--bot", "random", "--bot", "random", "--bot"];
    assert_eq!(
        refused(&[&pf[..], &["alphabeta"]].concat()),
        "arena: parallel-football has no bot \"alphabeta\" (its bots: random, mcts, search, best, greedy, \
         cmd:PROGRAM ARGS)"
    );
    assert_eq!(refused(&[&pf[..], &["greedy:x=1"]].concat()), "arena: bot \"greedy:x=1\": greedy takes no options");
}

#[test]
fn bench_counts_the_wins_of_each_seat_of_the_game_and_no_more() {
    let wins = |args: &[&str]| {
        let (o, _) = run(args, "");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let line = out.lines().find(|l| l.contains("wins by seat")).unwrap_or_else(|| panic!("{out}")).to_string();
        let list = line.split_once('[').and_then(|(_, r)| r.split_once(']')).map(|(l, _)| l.to_string());
        list.unwrap_or_else(|| panic!("{line}")).split(", ").count()
    };
    assert_eq!(wins(&["bench", "yavalath", "--games", "50"]), 2);
    assert_eq!(wins(&["bench", "quoridor", "--games", "5", "--players", "4"]), 4);
    assert_eq!(wins(&["bench", "parallel-football", "--games", "2", "--max-turns", "20"]), 4);
}

#[test]
fn every_option_of_the_paper_soccer_bots_changes_the_play() {
    each_option_changes_the_play(
        "paper-soccer",
        &[],
        &["random"],
        &[
            ("mcts:iters=10", "mcts:iters=400"),
            ("mcts:ms=1", "mcts:ms=60"),
            ("mcts:iters=300,c=0", "mcts:iters=300,c=3"),
            ("mcts:iters=300,rollout=0", "mcts:iters=300,rollout=1000"),
        ],
    );
}

#[test]
fn every_option_of_the_yavalath_bots_changes_the_play() {
    each_option_changes_the_play(
        "yavalath",
        &[],
        &["random"],
        &[
            ("mcts:iters=10", "mcts:iters=400"),
            ("mcts:ms=1", "mcts:ms=60"),
            ("mcts:iters=300,c=0", "mcts:iters=300,c=3"),
            // 4 is the game's own rollout: 1000 is played as written.
            ("mcts:iters=300,rollout=4", "mcts:iters=300,rollout=1000"),
            ("alphabeta:depth=1", "alphabeta:depth=3"),
            ("alphabeta:ms=1", "alphabeta:ms=60"),
        ],
    );
}

#[test]
fn every_option_of_the_quoridor_bots_changes_the_play() {
    each_option_changes_the_play(
        "quoridor",
        &[],
        &["random"],
        &[
            ("mcts:iters=10", "mcts:iters=400"),
            // 16 ms fits the clock; at ten times the clock 150 ms does, which a loaded
            // debug build needs for a search that sees more than the next step.
            ("mcts:ms=1", "mcts:ms=150"),
            ("mcts:iters=300,c=0", "mcts:iters=300,c=3"),
            ("mcts:iters=300,rollout=0", "mcts:iters=300,rollout=40"),
        ],
    );
}

#[test]
fn every_option_of_the_parallel_football_bots_changes_the_play_and_mcts_is_a_tree_search() {
    each_option_changes_the_play(
        "parallel-football",
        &["--max-turns", "20"],
        &["greedy", "greedy", "random"],
        &[
            // With the rollout search under the name mcts, iters=1 and 3000 played alike.
            ("mcts:iters=1", "mcts:iters=300"),
            ("mcts:ms=1", "mcts:ms=60"),
            ("mcts:iters=100,c=0", "mcts:iters=100,c=3"),
            ("mcts:iters=100,rollout=0", "mcts:iters=100,rollout=100"),
            ("search:ms=1", "search:ms=100"),
            ("search:rollout=1", "search:rollout=30"),
        ],
    );
    // The rollout search takes no iteration count: it would not act.
    assert_eq!(
        refused(&[
            "play",
            "parallel-football",
            "--bot",
            "search:iters=5",
            "--bot",
            "random",
            "--bot",
            "random",
            "--bot",
            "random"
        ]),
        "arena: bot \"search:iters=5\": no option iters (its options: ms, rollout)"
    );
}
