//! `arena render`: a recorded position as an SVG picture.

use crate::error::RenderError;
use crate::games::Adapter;
use game_core::{Event, Game, Record};
use serde_json::Value;

/// Replays the JSON record `v` up to the end of turn `ply` (all of it when
/// `None`; chance events right after that turn are included) and draws it.
///
/// # Errors
/// [`RenderError`] when the record does not fit the game, `ply` is past its
/// end, or it does not replay.
pub fn render<A: Adapter>(a: &A, v: &Value, ply: Option<usize>) -> Result<String, RenderError> {
    let rec: Record<A::G> =
        serde_json::from_value(v.clone()).map_err(|source| RenderError::NotARecord { game: a.name(), source })?;
    let mut state =
        <A::G as Game>::from_setup(rec.setup.clone()).map_err(|e| RenderError::Setup { source: Box::new(e) })?;
    let ends: Vec<usize> = v
        .get("turns")
        .and_then(Value::as_array)
        .map(|t| t.iter().filter_map(|x| x.get("event_end").and_then(Value::as_u64)).map(|e| e as usize).collect())
        .unwrap_or_default();
    let mut stop = match ply {
        None => rec.events.len(),
        Some(0) => 0,
        Some(k) if !ends.is_empty() => {
            *ends.get(k - 1).ok_or(RenderError::NoSuchTurn { turns: ends.len(), asked: k })?
        }
        Some(k) if k <= rec.events.len() => k,
        Some(k) => return Err(RenderError::NoSuchPly { plies: rec.events.len(), asked: k }),
    };
    while stop < rec.events.len() && matches!(rec.events[stop], Event::Chance(_)) && ply != Some(0) {
        stop += 1;
    }
    let start = state.clone();
    let mut moves = Vec::new();
    for (i, e) in rec.events[..stop.min(rec.events.len())].iter().enumerate() {
        let r = match e {
            Event::Move { player, mv } => {
                moves.push((*player, *mv));
                state.play(*player, *mv)
            }
            Event::Chance(c) => state.apply_chance(c),
        };
        r.map_err(|e| RenderError::Replay { event: i, source: Box::new(e) })?;
    }
    Ok(a.svg_with_history(&start, &moves, &state))
}
