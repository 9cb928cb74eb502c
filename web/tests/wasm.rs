//! The same code on both sides: a seeded bot-against-bot game played by
//! the wasm build (under node, which has WebAssembly) gives the same record
//! as the native build of this crate, and the same turns and result as
//! `arena play` (the times aside).

mod common;

use bot_games_web::new_game;
use common::{arena, node, wasm_module};
use serde_json::Value;
use std::process::Command;

/// The record of the seeded game between `bots`, by the native build (a
/// `human` seat plays its first legal target).
fn native_record(game: &str, seed: u64, bots: &[&str]) -> String {
    let bots: Vec<String> = bots.iter().map(|b| (*b).to_string()).collect();
    let mut d = new_game(game, &bots, seed).expect("a game");
    for _ in 0..100_000 {
        if d.view()["over"] == Value::Bool(true) {
            break;
        }
        let view = d.view();
        if view["human"] == Value::Bool(true) {
            // A person's seat: the first legal target, as a click gives it.
            let targets = view["targets"].as_array().expect("targets");
            let t = targets.iter().find(|t| t["legal"] == Value::Bool(true)).expect("a legal target");
            d.step(t["text"].as_str().expect("a text"), 1.0).expect("a legal move");
        } else {
            d.think().expect("a bot's turn");
        }
    }
    d.record()
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

const GAMES: &[(&str, u64, &[&str])] =
    &[("yavalath", 7, &["alphabeta:depth=3", "mcts:iters=400"]), ("yavalath", 11, &["mcts:iters=300", "random"])];

#[test]
fn a_seeded_game_in_wasm_is_the_native_game_and_the_arenas() {
    let Some(node) = node() else { return };
    let module = wasm_module();
    let arena = arena();
    for &(game, seed, bots) in GAMES {
        let out = Command::new(&node)
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/node_game.mjs"))
            .arg(&module)
            .args([game, &seed.to_string()])
            .args(bots)
            .output()
            .expect("node runs");
        assert!(out.status.success(), "node: {}", String::from_utf8_lossy(&out.stderr));
        let wasm = String::from_utf8(out.stdout).expect("UTF-8");
        let native = native_record(game, seed, bots);
        assert_eq!(timeless(&wasm), timeless(&native), "{game} {bots:?} seed {seed}: wasm and native differ");
        // The arena's game with the same seed: the same turns and result.
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut cmd = Command::new(&arena);
        cmd.args(["play", game, "--game-seed", &seed.to_string(), "--record"]).arg(dir.path());
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
    std::fs::write(&path, done).expect("written");
    let o = Command::new(&arena).args(["judge", "yavalath"]).arg(&path).output().expect("the arena runs");
    assert!(
        o.status.success(),
        "arena judge: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
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
