//! The same code on both sides: a seeded bot-against-bot game played by
//! the wasm build (under node, which has WebAssembly) gives the same record
//! as the native build of this crate, and the same turns and result as
//! `arena play` (the times aside).

mod common;

use bot_games_web::{new_game, new_game_with};
use common::{arena, node, wasm_module};
use serde_json::Value;
use std::process::Command;

/// The record of the seeded game between `bots`, by the native build (a
/// `human` seat plays its first legal target).
fn native_record(game: &str, seed: u64, bots: &[&str]) -> String {
    native_game(game, seed, bots).record()
}

/// The seeded game between `bots`, played by the native build.
fn native_game(game: &str, seed: u64, bots: &[&str]) -> Box<dyn bot_games_web::session::Driver> {
    native_game_with(game, seed, bots, "null")
}

/// As [`native_game`], with the game's options (JSON).
fn native_game_with(game: &str, seed: u64, bots: &[&str], options: &str) -> Box<dyn bot_games_web::session::Driver> {
    let bots: Vec<String> = bots.iter().map(|b| (*b).to_string()).collect();
    let options: Value = serde_json::from_str(options).expect("options are JSON");
    let mut d = new_game_with(game, &bots, seed, &options).expect("a game");
    for _ in 0..100_000 {
        if d.view()["over"] == Value::Bool(true) {
            break;
        }
        let view = d.view();
        let footballers = view["extra"]["footballers"].as_array().filter(|f| !f.is_empty());
        if let Some(footballers) = footballers.filter(|_| view["human"] == Value::Bool(true)) {
            // A Parallel Football round: each footballer's last legal order
            // (a kick where it has a ball), as the page sends them.
            let orders: Vec<String> = footballers
                .iter()
                .map(|f| f["legal"].as_array().and_then(|l| l.last()).and_then(Value::as_str).unwrap_or("stay").into())
                .collect();
            d.steps(&orders, 1.0).expect("legal orders");
        } else if view["human"] == Value::Bool(true) {
            // A person's seat: the first legal target, as a click gives it.
            let targets = view["targets"].as_array().expect("targets");
            let t = targets.iter().find(|t| t["legal"] == Value::Bool(true)).expect("a legal target");
            d.step(t["text"].as_str().expect("a text"), 1.0).expect("a legal move");
        } else {
            d.think().expect("a bot's turn");
        }
    }
    d
}

/// `v` with every number a float (JavaScript writes 0.0 as 0).
fn floats(v: Value) -> Value {
    match v {
        Value::Number(n) => n.as_f64().map_or(Value::Null, |x| serde_json::json!(x)),
        Value::Array(a) => Value::Array(a.into_iter().map(floats).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, floats(v))).collect()),
        other => other,
    }
}

/// A record without its times (`ms`), as JSON.
fn timeless(record: &str) -> Value {
    let mut v: Value = serde_json::from_str(record).expect("a record is JSON");
    if let Some(turns) = v["turns"].as_array_mut() {
        for t in turns {
            if let Some(o) = t.as_object_mut() {
                o.remove("ms");
            }
        }
    }
    v
}

/// The games compared: the game, its seed, its bots, its options (JSON, as
/// the page sends them) and the same options on the arena's command line.
type Compared = (&'static str, u64, &'static [&'static str], &'static str, &'static [&'static str]);
const GAMES: &[Compared] = &[
    ("yavalath", 7, &["alphabeta:depth=3", "mcts:iters=400"], "null", &[]),
    ("yavalath", 11, &["mcts:iters=300", "random"], "null", &[]),
    ("paper-soccer", 3, &["greedy", "mcts:iters=200"], "null", &[]),
    (
        "parallel-football",
        4,
        &["greedy", "mcts:iters=60", "random", "greedy"],
        r#"{"p":2,"k":6,"max_turns":12}"#,
        &["--p", "2", "--k", "6", "--max-turns", "12"],
    ),
    ("quoridor", 5, &["walker", "mcts:iters=200"], "null", &[]),
];

#[test]
fn a_seeded_game_in_wasm_is_the_native_game_and_the_arenas() {
    let Some(node) = node() else { return };
    let module = wasm_module();
    let arena = arena();
    for &(game, seed, bots, options, arena_options) in GAMES {
        let out = Command::new(&node)
            .env("WEB_OPTIONS", options)
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/node_game.mjs"))
            .arg(&module)
            .args([game, &seed.to_string()])
            .args(bots)
            .output()
            .expect("node runs");
        assert!(out.status.success(), "node: {}", String::from_utf8_lossy(&out.stderr));
        let wasm: Value = serde_json::from_slice(&out.stdout).expect("node's JSON");
        let played = native_game_with(game, seed, bots, options);
        let native = played.record();
        let wasm_record = wasm["record"].as_str().expect("a record");
        assert_eq!(timeless(wasm_record), timeless(&native), "{game} {bots:?} seed {seed}: wasm and native differ");
        let analysis = played.analyze("mcts:iters=200", 0.2).expect("an analysis");
        // The same plies and best turns; values equal but for the last
        // bits (wasm's `ln` and `exp` are Rust's libm, native ones the
        // system's: the searches' UCT and evaluations may round apart).
        let ours = serde_json::json!(analysis);
        let (w, n) = (wasm["plies"].as_array().expect("plies"), ours.as_array().expect("plies"));
        assert_eq!(w.len(), n.len(), "{game} seed {seed}: the analyses differ");
        // Not Quoridor's: there a last-bit difference leads a search
        // elsewhere (seed 5, ply 12: a value of 0.5975 in wasm, 0.5875
        // natively, then another best turn), so only its plies are counted.
        let exact = game != "quoridor";
        for (a, b) in w.iter().zip(n).filter(|_| exact) {
            for key in ["ply", "player", "played", "best", "blunder"] {
                assert_eq!(floats(a[key].clone()), floats(b[key].clone()), "{game} seed {seed}: {key} differs");
            }
            for key in ["value_before", "value_after", "loss"] {
                let (x, y) = (a[key].as_f64().unwrap_or(f64::NAN), b[key].as_f64().unwrap_or(f64::NAN));
                assert!((x - y).abs() < 1e-9, "{game} seed {seed} ply {}: {key} {x} against {y}", a["ply"]);
            }
        }
        // The arena's game with the same seed: the same turns and result.
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut cmd = Command::new(&arena);
        cmd.args(["play", game, "--game-seed", &seed.to_string(), "--record"]).arg(dir.path()).args(arena_options);
        if game == "quoridor" {
            cmd.args(["--players", &bots.len().to_string()]);
        }
        for b in bots {
            cmd.args(["--bot", b]);
        }
        let o = cmd.output().expect("the arena runs");
        assert!(o.status.success(), "arena play: {}", String::from_utf8_lossy(&o.stderr));
        let file = std::fs::read_dir(dir.path()).expect("records").flatten().next().expect("a record").path();
        let theirs = timeless(&std::fs::read_to_string(file).expect("the record"));
        let ours = timeless(&native);
        for key in ["game", "config", "setup", "seed", "bots", "turns", "result", "outcome", "final_position"] {
            assert_eq!(ours[key], theirs[key], "{game} {bots:?} seed {seed}: {key} differs from the arena's");
        }
    }
}

#[test]
fn the_arena_judges_a_record_of_the_page() {
    let arena = arena();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("game.json");
    let done = native_record("yavalath", 3, &["human", "mcts:iters=50"]);
    assert!(done.contains("\"bots\":[\"human\","));
    let football =
        native_game_with("parallel-football", 3, &["greedy", "human", "search", "random"], r#"{"max_turns":5}"#)
            .record();
    assert!(football.contains("\"chance\":[{\"successes\":"), "a round's chance kept: {football}");
    for (game, record) in [("yavalath", done), ("parallel-football", football)] {
        std::fs::write(&path, record).expect("written");
        let o = Command::new(&arena).args(["judge", game]).arg(&path).output().expect("the arena runs");
        assert!(
            o.status.success(),
            "arena judge {game}: {}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn a_wall_that_cuts_a_path_is_refused_with_the_crates_reason() {
    let people = vec!["human".to_string(); 2];
    let mut d = new_game("quoridor", &people, 1).expect("a game");
    // Player 0 (top row) walled in under row 0 but for the last column...
    for wall in ["0 0 0", "2 0 0", "4 0 0", "6 0 0"] {
        d.step(wall, 1.0).expect("a legal wall");
    }
    // ...then shut in by a vertical wall: refused, saying why.
    let e = d.step("7 0 1", 1.0).expect_err("the wall cuts player 0's path");
    // The crate's own words (quoridor::MoveError::WallBlocksPath).
    assert_eq!(e.to_string(), "wall 7 0 1 would cut player 0 off from its goal");
    assert_eq!(d.view()["turns"].as_array().map(Vec::len), Some(4), "nothing was played");
}

#[test]
fn the_analysis_is_arena_analyzes() {
    let arena = arena();
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (game, seed, bots, options) in [
        ("yavalath", 5, &["mcts:iters=100", "random"][..], "null"),
        ("paper-soccer", 2, &["greedy", "mcts:iters=100"], "null"),
        ("quoridor", 3, &["walker", "mcts:iters=100"], "null"),
        ("parallel-football", 6, &["greedy", "random", "mcts:iters=30", "greedy"], r#"{"p":2,"max_turns":4}"#),
    ] {
        let played = native_game_with(game, seed, bots, options);
        let record = dir.path().join(format!("{game}.json"));
        std::fs::write(&record, played.record()).expect("written");
        let json = dir.path().join(format!("{game}-analysis.json"));
        let o = Command::new(&arena)
            .args(["analyze", "--bot", "mcts:iters=300", "--blunder", "0.1", "--json"])
            .arg(&json)
            .arg(&record)
            .output()
            .expect("the arena runs");
        assert!(o.status.success(), "arena analyze: {}", String::from_utf8_lossy(&o.stderr));
        let theirs: Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("the analysis")).expect("JSON");
        let ours = played.analyze("mcts:iters=300", 0.1).expect("an analysis");
        assert_eq!(theirs["plies"], serde_json::json!(ours), "{game}: the page's analysis is not the arena's");
        assert!(ours.iter().any(|p| p.loss != 0.0), "{game}: a game without a loss says little");
    }
}
