//! # bot-games-web
//!
//! The browser pages: a person plays a built-in bot at one of the games,
//! in one self-contained HTML file. The rules (the game crates) and the
//! searches (`game-search`) are compiled to `wasm32-unknown-unknown` as
//! they are, the clock of the searches read from the page's
//! `performance.now()` (game-core's `browser-clock` feature), and embedded
//! in the page in base64 with a small hand-written JavaScript glue: no
//! `wasm-bindgen`, no tool to download, nothing loaded from the network.
//!
//! * [`spec`]: the arena's bot specs, and the bots they make, built as the
//!   arena builds them (a seeded game plays the same moves: the test
//!   `tests/wasm.rs` checks the wasm build against the native one).
//! * [`games`]: what a page needs of a game (click targets, picture).
//! * [`session`]: one game: seats, turns, the arena's record.
//! * [`analysis`]: every ply evaluated as `arena analyze` does.
//! * [`handle`]: the page's requests, JSON in and out, which the wasm
//!   exports (`ffi`, wasm32 only) carry through linear memory.
//! * [`page`]: writes the HTML page around the wasm module (the binary
//!   `web-page` builds the module and writes the page).

pub mod analysis;
pub mod games;
pub mod page;
pub mod session;
pub mod spec;

#[cfg(target_arch = "wasm32")]
mod ffi;

use serde_json::{Value, json};
use session::{Driver, PlayError, Session};

/// The games the pages play, by the arena's name.
pub const GAMES: &[&str] = &["yavalath", "paper-soccer", "quoridor", "parallel-football"];

/// The session of a new game `game` between `bots` with `seed`.
///
/// # Errors
/// An unknown game (as text), or the session's [`PlayError`].
pub fn new_game(game: &str, bots: &[String], seed: u64) -> Result<Box<dyn Driver>, String> {
    new_game_with(game, bots, seed, &Value::Null)
}

/// A game option of `options` (a JSON object: `p`, `k`, `max_turns`), a
/// whole number from `min` to `max`, or `default` when not given.
fn option(options: &Value, key: &str, min: u64, max: u64, default: u64) -> Result<u64, String> {
    match options.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => v
            .as_u64()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| format!("{key} {v}: a whole number from {min} to {max} is needed")),
    }
}

/// As [`new_game`], with the game's options (`options`, a JSON object):
/// Parallel Football's `p`, `k` and `max_turns`, as the arena's `--p`,
/// `--k` and `--max-turns` (and its defaults when not given).
///
/// # Errors
/// As [`new_game`], and an option out of its range.
pub fn new_game_with(game: &str, bots: &[String], seed: u64, options: &Value) -> Result<Box<dyn Driver>, String> {
    let err = |e: PlayError| e.to_string();
    match game {
        "yavalath" => Ok(Box::new(Session::new(yavalath::protocol::Referee, bots, seed).map_err(err)?)),
        "paper-soccer" => Ok(Box::new(Session::new(paper_soccer::protocol::Referee, bots, seed).map_err(err)?)),
        "quoridor" => {
            // 2 or 4 players, one seat each, on the arena's default board and tick limit.
            let players = u8::try_from(bots.len()).unwrap_or(0);
            let referee = quoridor::Config::new(9, players)
                .and_then(|c| {
                    quoridor::protocol::Referee::new(quoridor::Config {
                        tick_limit: quoridor::Config::default_tick_limit(players),
                        ..c
                    })
                })
                .map_err(|e| format!("quoridor: {e}"))?;
            Ok(Box::new(Session::new(referee, bots, seed).map_err(err)?))
        }
        "parallel-football" => {
            use parallel_football::{MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM, adapter};
            let p = option(options, "p", 1, MAX_PLAYERS_PER_TEAM as u64, adapter::DEFAULT_P.into())?;
            let k = option(options, "k", 1, MAX_KICK_RANGE as u64, adapter::DEFAULT_K.into())?;
            let turns = option(options, "max_turns", 1, u32::MAX.into(), parallel_football::DEFAULT_MAX_TURNS.into())?;
            let narrow = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
            let referee = adapter::referee(
                32,
                u16::try_from(p).unwrap_or(u16::MAX),
                u8::try_from(k).unwrap_or(u8::MAX),
                narrow(turns),
            )
            .map_err(|e| e.to_string())?;
            Ok(Box::new(Session::new(referee, bots, seed).map_err(err)?))
        }
        _ => Err(format!("no game {game:?} (the pages' games: {})", GAMES.join(", "))),
    }
}

/// Answers one request of the page (a JSON object) on the game `current`:
/// * `{"op":"new","game":G,"bots":[...],"seed":N,"options":{..}}`: a new
///   game (`"human"` for a person's seat; `options`: Parallel Football's
///   `p`, `k`, `max_turns`); answers its view;
/// * `{"op":"view"}`: the view (picture, who acts, targets, result);
/// * `{"op":"play","text":T,"ms":M,"player":S}`: the turn `T` for the seat
///   `S` (default: the seat to act);
///   answers the view, or `{"error":..,"kind":..}` with the game's reason;
/// * `{"op":"step","text":T,"ms":M}`: one move (a click) of the person to
///   act; answers the view with `committed`, the turn played once it is
///   complete (else null: the turn goes on), or the game's reason;
/// * `{"op":"steps","texts":[T..],"ms":M}`: the moves of a whole turn of
///   the person to act, one after the other (Parallel Football's orders),
///   as `step` answers, or the first refused with the game's reason;
/// * `{"op":"check","texts":[T..]}`: `{"ok":true}` when those moves would
///   be legal for the person to act, else the first refused's reason;
/// * `{"op":"undo"}`: the unfinished turn's moves taken back;
/// * `{"op":"think"}`: the bot to act plays; answers `{"turn":{..}}`;
/// * `{"op":"record"}`: `{"record": the arena's record}`;
/// * `{"op":"analyze","bot":S,"blunder":B}`: `{"plies":[..]}`, every ply
///   evaluated as `arena analyze` does ([`analysis`]);
/// * `{"op":"position","ply":K,"best":T}`: `{"svg":..}`, the position
///   before ply `K` with the turn `T` drawn over it.
///
/// Any other request, or one before a game, answers `{"error": ...}`.
pub fn handle(current: &mut Option<Box<dyn Driver>>, request: &str) -> String {
    let answer = match serde_json::from_str::<Value>(request) {
        Ok(req) => answer(current, &req),
        Err(e) => json!({"error": format!("the request is not JSON: {e}")}),
    };
    answer.to_string()
}

fn answer(current: &mut Option<Box<dyn Driver>>, req: &Value) -> Value {
    let op = req.get("op").and_then(Value::as_str).unwrap_or("");
    if op == "new" {
        let game = req.get("game").and_then(Value::as_str).unwrap_or("");
        let bots: Vec<String> = req
            .get("bots")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(|b| b.as_str().unwrap_or("").to_string()).collect())
            .unwrap_or_default();
        let seed = match req.get("seed") {
            None => 0,
            Some(v) => match v.as_u64() {
                Some(seed) => seed,
                None => return json!({"error": format!("seed {v}: a whole number from 0 is needed")}),
            },
        };
        let options = req.get("options").cloned().unwrap_or(Value::Null);
        return match new_game_with(game, &bots, seed, &options) {
            Ok(d) => {
                let view = d.view();
                *current = Some(d);
                view
            }
            Err(e) => json!({"error": e}),
        };
    }
    let Some(d) = current.as_mut() else { return json!({"error": "no game yet"}) };
    let failed = |e: PlayError| match e {
        PlayError::Illegal { kind, message } => json!({"error": message, "kind": kind}),
        e => json!({"error": e.to_string()}),
    };
    match op {
        "view" => d.view(),
        "play" => {
            let text = req.get("text").and_then(Value::as_str).unwrap_or("");
            let ms = req.get("ms").and_then(Value::as_f64).unwrap_or(0.0);
            let seat = req.get("player").and_then(Value::as_u64).and_then(|p| u8::try_from(p).ok());
            match d.play(text, ms, seat) {
                Ok(()) => d.view(),
                Err(e) => failed(e),
            }
        }
        "think" => match d.think() {
            Ok(t) => json!({"turn": t}),
            Err(e) => failed(e),
        },
        "step" => {
            let text = req.get("text").and_then(Value::as_str).unwrap_or("");
            let ms = req.get("ms").and_then(Value::as_f64).unwrap_or(0.0);
            match d.step(text, ms) {
                Ok(done) => {
                    let mut view = d.view();
                    view["committed"] = done.map_or(Value::Null, |t| json!(t));
                    view
                }
                Err(e) => failed(e),
            }
        }
        "steps" | "check" => {
            let texts: Vec<String> = req
                .get("texts")
                .and_then(Value::as_array)
                .map(|a| a.iter().map(|t| t.as_str().unwrap_or("").to_string()).collect())
                .unwrap_or_default();
            if op == "check" {
                return match d.check(&texts) {
                    Ok(()) => json!({"ok": true}),
                    Err(e) => failed(e),
                };
            }
            let ms = req.get("ms").and_then(Value::as_f64).unwrap_or(0.0);
            match d.steps(&texts, ms) {
                Ok(done) => {
                    let mut view = d.view();
                    view["committed"] = done.map_or(Value::Null, |t| json!(t));
                    view
                }
                Err(e) => failed(e),
            }
        }
        "undo" => {
            d.undo();
            d.view()
        }
        "record" => json!({"record": d.record()}),
        "analyze" => {
            let bot = req.get("bot").and_then(Value::as_str).unwrap_or("mcts");
            let blunder = req.get("blunder").and_then(Value::as_f64).unwrap_or(analysis::DEFAULT_BLUNDER);
            match d.analyze(bot, blunder) {
                Ok(plies) => json!({"plies": plies}),
                Err(e) => failed(e),
            }
        }
        "position" => {
            let ply = req.get("ply").and_then(Value::as_u64).and_then(|p| usize::try_from(p).ok()).unwrap_or(0);
            let best = req.get("best").and_then(Value::as_str).unwrap_or("");
            match d.position(ply, best) {
                Some(svg) => json!({"svg": svg}),
                None => json!({"error": format!("no ply {ply}")}),
            }
        }
        _ => json!({"error": format!("unknown request {op:?}")}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every request answers JSON, refusing what it cannot do in words.
    #[test]
    fn odd_requests_are_refused_in_words_never_a_panic() {
        let mut g = None;
        let error = |answer: String| {
            let v: Value = serde_json::from_str(&answer).expect("JSON");
            v.get("error").and_then(Value::as_str).map(str::to_string)
        };
        assert!(error(handle(&mut g, "not json")).is_some());
        assert!(error(handle(&mut g, r#"{"op":"play","text":"1 1"}"#)).is_some_and(|e| e == "no game yet"));
        for bad in [
            r#"{"op":"new","game":"chess","bots":["human","random"]}"#,
            r#"{"op":"new","game":"yavalath","bots":["human"]}"#,
            r#"{"op":"new","game":"quoridor","bots":["human","random","random"]}"#,
            r#"{"op":"new","game":"yavalath","bots":["human","cmd:./bot"]}"#,
            r#"{"op":"new","game":"paper-soccer","bots":["human","alphabeta"]}"#,
            r#"{"op":"new","game":"yavalath","bots":["human","random"],"seed":-1}"#,
            r#"{"op":"new","game":"yavalath","bots":["human","random"],"seed":1.5}"#,
            r#"{"op":"new","game":"yavalath","bots":["human","random"],"seed":"7"}"#,
        ] {
            assert!(error(handle(&mut g, bad)).is_some(), "{bad}");
        }
        assert!(
            error(handle(&mut g, r#"{"op":"new","game":"yavalath","bots":["human","random"],"seed":1}"#)).is_none()
        );
        for bad in [
            r#"{"op":"think"}"#,
            r#"{"op":"play","text":"99 99"}"#,
            r#"{"op":"step","text":"x"}"#,
            r#"{"op":"step"}"#,
            r#"{"op":"position","ply":0}"#,
            r#"{"op":"position","ply":9}"#,
            r#"{"op":"analyze","bot":"random"}"#,
            r#"{"op":"fly"}"#,
        ] {
            assert!(error(handle(&mut g, bad)).is_some(), "{bad}");
        }
        assert!(error(handle(&mut g, r#"{"op":"step","text":"4 4"}"#)).is_none());
        assert!(
            error(handle(&mut g, r#"{"op":"step","text":"4 4"}"#)).is_some(),
            "the bot's turn: no seat of a person"
        );
        assert!(error(handle(&mut g, r#"{"op":"think"}"#)).is_none());
        assert!(error(handle(&mut g, r#"{"op":"analyze","bot":"mcts:iters=20"}"#)).is_none());
        assert!(error(handle(&mut g, r#"{"op":"position","ply":1,"best":"nonsense"}"#)).is_none());
    }
}
