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
//! * [`games`]: what a page needs of a game beyond its adapter (the game
//!   crate's `game_adapter::Adapter`, which the pages call for the
//!   contest, its options, configuration, pictures and bots): click
//!   targets, hints, Parallel Football's orders.
//! * [`session`]: one game: seats, turns (a simultaneous round's held until
//!   every seat's is in, then chance drawn as the arena draws it), the
//!   arena's record.
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

use game_adapter::{GameInfo, GameOptions, RefusedError};
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

/// The options of a game (`info`'s, the arena's registry entry) from the
/// page's JSON object, keyed by each option's record field (`p`, `k`,
/// `max_turns`), checked as the arena checks them; a seats option
/// (Quoridor's `players`) is the number of seats.
fn options_of(info: &GameInfo, seats: usize, json: &Value) -> Result<GameOptions, String> {
    let mut options = GameOptions::default();
    for o in info.options {
        let value = if o.seats {
            seats as u64
        } else {
            match json.get(o.field) {
                None | Some(Value::Null) => continue,
                // A number, or the field's text as typed (the page sends
                // what is no whole number as it is: "", "1.5", "-1").
                Some(v) => v
                    .as_u64()
                    .or_else(|| {
                        v.as_str()
                            .map(str::trim)
                            .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                            .and_then(|t| t.parse().ok())
                    })
                    .ok_or_else(|| match v.as_str() {
                        Some(text) => format!("--{} {text:?}: {}", o.flag, o.help),
                        None => format!("--{} {v}: {}", o.flag, o.help),
                    })?,
            }
        };
        o.check(value).map_err(|e| format!("{}: {e}", info.name))?;
        options.set(o.flag, value);
    }
    Ok(options)
}

/// As [`new_game`], with the game's options (`options`, a JSON object
/// keyed by the record's field names: Parallel Football's `p`, `k` and
/// `max_turns`), as the arena's `--p`, `--k` and `--max-turns` (and its
/// defaults when not given): the game crate's adapter builds the contest
/// (`adapter::build`).
///
/// # Errors
/// As [`new_game`], and an option the game refuses.
pub fn new_game_with(game: &str, bots: &[String], seed: u64, options: &Value) -> Result<Box<dyn Driver>, String> {
    fn session<C: games::WebGame>(
        info: &GameInfo,
        build: fn(&GameOptions) -> Result<C, RefusedError>,
        bots: &[String],
        seed: u64,
        options: &Value,
    ) -> Result<Box<dyn Driver>, String> {
        let contest = build(&options_of(info, bots.len(), options)?).map_err(|e| e.to_string())?;
        Ok(Box::new(Session::new(contest, bots, seed).map_err(|e| e.to_string())?))
    }
    match game {
        "yavalath" => session(&yavalath::adapter::INFO, yavalath::adapter::build, bots, seed, options),
        "paper-soccer" => session(&paper_soccer::adapter::INFO, paper_soccer::adapter::build, bots, seed, options),
        "quoridor" => session(&quoridor::adapter::INFO, quoridor::adapter::build, bots, seed, options),
        "parallel-football" => {
            session(&parallel_football::adapter::INFO, parallel_football::adapter::build, bots, seed, options)
        }
        _ => Err(format!("no game {game:?} (the pages' games: {})", GAMES.join(", "))),
    }
}

/// The bot specs of `game`'s page (its bots only, with their options),
/// for the bot field's tooltip; `None` for a game without a page.
#[must_use]
pub fn bot_forms(game: &str) -> Option<String> {
    fn forms<C: games::WebGame>(info: &GameInfo, build: fn(&GameOptions) -> Result<C, RefusedError>) -> Option<String> {
        let contest = build(&options_of(info, 2, &Value::Null).ok()?).ok()?;
        Some(spec::bot_forms(&contest))
    }
    match game {
        "yavalath" => forms(&yavalath::adapter::INFO, yavalath::adapter::build),
        "paper-soccer" => forms(&paper_soccer::adapter::INFO, paper_soccer::adapter::build),
        "quoridor" => forms(&quoridor::adapter::INFO, quoridor::adapter::build),
        "parallel-football" => forms(&parallel_football::adapter::INFO, parallel_football::adapter::build),
        _ => None,
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

    /// Parallel Football: the arena's options checked as the arena checks
    /// them, a round's orders checked and played as a whole turn.
    #[test]
    fn a_football_round_is_checked_and_played_whole() {
        let said = |answer: String| serde_json::from_str::<Value>(&answer).expect("JSON");
        let mut g = None;
        let new = |options: &str| {
            format!(
                r#"{{"op":"new","game":"parallel-football","bots":["human","greedy","random","greedy"],"seed":3,"options":{options}}}"#
            )
        };
        let refused = said(handle(&mut g, &new(r#"{"p":0}"#)));
        assert!(refused["error"].as_str().is_some_and(|e| e.contains("parallel-football")), "{refused}");
        let view = said(handle(&mut g, &new(r#"{"p":2,"k":3,"max_turns":2}"#)));
        assert_eq!(view["extra"]["placement"], Value::Bool(true), "{view}");
        assert_eq!(view["targets"].as_array().map(Vec::len), Some(32 * 32));
        let placed = said(handle(&mut g, r#"{"op":"steps","texts":["5 5","9 9"]}"#));
        assert_eq!(placed["committed"]["text"], "5,5 9,9", "{placed}");
        for _ in 0..3 {
            assert!(said(handle(&mut g, r#"{"op":"think"}"#))["turn"].is_object());
        }
        let view = said(handle(&mut g, r#"{"op":"view"}"#));
        assert_eq!(view["human"], Value::Bool(true));
        assert_eq!(view["extra"]["footballers"].as_array().map(Vec::len), Some(2));
        // Too far for k = 3: the crate's words; a footballer's order alone.
        let far = said(handle(&mut g, r#"{"op":"check","texts":["stay","kick 4 0"]}"#));
        assert_eq!(far["error"], "footballer 1 of team 0: the kick (4, 0) is longer than the kick range 3", "{far}");
        assert_eq!(said(handle(&mut g, r#"{"op":"check","texts":["kick 1 1"]}"#))["ok"], Value::Bool(true));
        let round = said(handle(&mut g, r#"{"op":"steps","texts":["kick -2 -2","move 1 0"]}"#));
        assert_eq!(round["committed"]["text"], "k-2,-2 m1,0", "{round}");
        for _ in 0..3 {
            assert!(said(handle(&mut g, r#"{"op":"think"}"#))["turn"].is_object());
        }
        let record = said(handle(&mut g, r#"{"op":"record"}"#));
        assert!(record["record"].as_str().is_some_and(|r| r.contains(r#""chance":[{"successes":"#)), "{record}");
    }
}
