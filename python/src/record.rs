//! A game played from Python as the arena's record (format 2), which
//! `arena judge`, `view` and `analyze` read.
//!
//! The history holds single actions (a Paper Soccer step, one Parallel
//! Football footballer's order) in the order Python applied them; a record
//! holds each seat's whole turn in protocol notation. The history is
//! replayed seat by seat: the moves of the seat that decides next are
//! gathered until its turn is over (it no longer acts, or who acts
//! changes), as the arena reads a turn. In a simultaneous round the teams'
//! orders are independent, so writing them team after team gives the same
//! position before the chance step.

use crate::session::{DynState, Session, Step};
use game_arena::games::Adapter;
use game_arena::play::RECORD_FORMAT;
use game_core::Game;
use game_core::codec::{ActionCodec, Observe};
use serde_json::{Value, json};
use std::collections::VecDeque;

/// The record of `s` with `bots` as the seats' names.
///
/// # Errors
/// A history that does not replay (never for a history the bindings made).
pub fn write<A>(s: &Session<A>, bots: &[String]) -> Result<String, String>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    let contest = &*s.contest;
    let n = s.start.players();
    let mut queues: Vec<VecDeque<<A::Game as Game>::Move>> = vec![VecDeque::new(); n];
    let mut replay = s.start.clone();
    let mut turns: Vec<Value> = Vec::new();
    let mut leading_chance: Vec<Value> = Vec::new();
    for step in &s.history {
        match step {
            Step::Move(p, m) => queues[p.index()].push_back(*m),
            Step::Chance(c) => {
                flush(contest, &mut replay, &mut queues, &mut turns)?;
                replay.apply_chance(c).map_err(|e| format!("chance value refused: {e}"))?;
                let c = serde_json::to_value(c).map_err(|e| e.to_string())?;
                match turns.last_mut() {
                    Some(Value::Object(t)) => {
                        if let Some(v) = t.entry("chance").or_insert_with(|| json!([])).as_array_mut() {
                            v.push(c);
                        }
                    }
                    _ => leading_chance.push(c),
                }
            }
        }
        flush(contest, &mut replay, &mut queues, &mut turns)?;
    }
    let mut entries: Vec<String> = leading_chance.iter().map(|c| json!({ "chance": c }).to_string()).collect();
    entries.extend(turns.iter().map(Value::to_string));
    let bots: Vec<String> = (0..n).map(|i| bots.get(i).cloned().unwrap_or_else(|| "python".into())).collect();
    let head = json!({
        "format": RECORD_FORMAT,
        "game": contest.name(),
        "config": contest.config(),
        "setup": s.start.to_setup(),
        "seed": s.seed(),
        "bots": bots,
        "replay": "played from Python (contest_games)",
    });
    let mut text = head.to_string();
    text.pop();
    text.push_str(",\"turns\":[\n");
    text.push_str(&entries.join(",\n"));
    text.push_str("\n]");
    let failures: Vec<Value> =
        (0..n).map(|_| json!({ "timeout": 0, "crash": 0, "unreadable": 0, "illegal": 0 })).collect();
    let mut tail: Vec<(&str, Value)> = vec![("index", json!(0)), ("series_seed", json!(s.seed()))];
    if let (Some(o), Some(reason)) = (s.state.outcome(), s.state.end_reason()) {
        tail.push(("result", json!({ "winner": o.winner().map(|p| p.0), "ranks": o.ranks(), "reason": reason })));
        tail.push(("outcome", json!(o)));
    }
    tail.push(("errors", json!([])));
    tail.push(("failures", Value::Array(failures)));
    tail.push(("stderr", Value::Array(vec![Value::Null; n])));
    tail.push(("final_position", Value::String(contest.display(&s.state))));
    for (k, v) in tail {
        text.push_str(&format!(",\"{k}\":{v}"));
    }
    text.push_str("}\n");
    Ok(text)
}

/// Writes every whole turn the queues hold, in the order the game asks for
/// them, and plays it on `replay`.
fn flush<A: Adapter>(
    contest: &A,
    replay: &mut A::Game,
    queues: &mut [VecDeque<<A::Game as Game>::Move>],
    turns: &mut Vec<Value>,
) -> Result<(), String> {
    loop {
        let before = replay.clone();
        let act = before.to_act();
        let Some(seat) = act.next_decider() else { return Ok(()) };
        let queue = &mut queues[seat.index()];
        // The moves of `seat`'s turn: up to the one after which it is over.
        let mut state = before.clone();
        let mut len = None;
        for (i, &m) in queue.iter().enumerate() {
            state.play(seat, m).map_err(|e| format!("the history does not replay: {e}"))?;
            if state.is_over() || !state.to_act().includes(seat) || state.to_act() != act {
                len = Some(i + 1);
                break;
            }
        }
        let Some(len) = len else { return Ok(()) };
        let moves: Vec<_> = queue.drain(..len).collect();
        turns.push(json!({
            "player": seat.0,
            "text": contest.format_turn(&before, seat, &moves),
            "ms": 0.0,
        }));
        *replay = state;
    }
}
