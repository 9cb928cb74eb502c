//! The checks of a game's [`ActionCodec`] and [`Observe`] (features
//! `testing` and `codec`).

use super::{MoveUniverse, Violation, fail};
use crate::codec::{ActionCodec, ObservationError, Observe, legal_actions};
use crate::player::PlayerId;
use std::collections::HashSet;

/// Checks the action codec and the observation of one state:
/// * the actions `0..num_distinct_actions()` decode to exactly the move
///   universe ([`MoveUniverse`]), each move once, and encode back to
///   themselves; the first number past the end decodes to nothing;
/// * every legal move of every seat has a number, and
///   [`legal_actions`] lists them without repeats;
/// * every seat's observation has [`Observe::observation_len`] finite
///   floats, is the same whatever the buffer held before, and a buffer of
///   the wrong length or a seat past the last is refused with the buffer
///   untouched.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_codec<G: ActionCodec + Observe + MoveUniverse>(g: &G) -> Result<(), Violation> {
    let mut universe = HashSet::new();
    g.for_each_possible_move(&mut |m| {
        universe.insert(m);
    });
    let n = g.num_distinct_actions();
    if n != universe.len() {
        return fail("codec-size", format!("{n} distinct actions, {} moves in the universe", universe.len()));
    }
    let mut decoded = HashSet::new();
    for a in 0..n {
        let Some(m) = g.decode_action(a) else {
            return fail("codec-decode", format!("action {a} of {n} decodes to nothing"));
        };
        if !universe.contains(&m) || !decoded.insert(m) {
            return fail("codec-decode", format!("action {a} decodes to {m:?}, outside the universe or twice"));
        }
        if g.encode_action(m) != Some(a) {
            return fail("codec-round-trip", format!("action {a} -> {m:?} -> {:?}", g.encode_action(m)));
        }
    }
    if let Some(m) = g.decode_action(n) {
        return fail("codec-decode", format!("action {n} (one past the end) decodes to {m:?}"));
    }
    let (mut moves, mut actions) = (Vec::new(), Vec::new());
    for p in (0..g.players()).map(|i| PlayerId(u8::try_from(i).unwrap_or(u8::MAX))) {
        legal_actions(g, p, &mut moves, &mut actions);
        if actions.len() != moves.len() || actions.iter().collect::<HashSet<_>>().len() != actions.len() {
            return fail("codec-legal", format!("player {p}: moves {moves:?} give actions {actions:?}"));
        }
        check_observation(g, p)?;
    }
    Ok(())
}

fn check_observation<G: Observe>(g: &G, p: PlayerId) -> Result<(), Violation> {
    let len = g.observation_len();
    let mut a = vec![0.0f32; len];
    let mut b = vec![f32::NAN; len];
    if let Err(e) = g.write_observation(p, &mut a) {
        return fail("observation", format!("player {p}: {e}"));
    }
    if let Err(e) = g.write_observation(p, &mut b) {
        return fail("observation", format!("player {p}: {e}"));
    }
    if a.iter().any(|v| !v.is_finite()) || a.iter().zip(&b).any(|(x, y)| x.to_bits() != y.to_bits()) {
        return fail("observation", format!("player {p}: not finite, or depends on the buffer's old contents"));
    }
    let mut short = vec![7.0f32; len.saturating_sub(1)];
    if g.write_observation(p, &mut short) != Err(ObservationError::WrongLength { expected: len, got: len - 1 })
        || short.iter().any(|&v| v.to_bits() != 7.0f32.to_bits())
    {
        return fail("observation", "a short buffer is not refused, or is written");
    }
    let past = PlayerId(u8::try_from(g.players()).unwrap_or(u8::MAX));
    if g.write_observation(past, &mut a) != Err(ObservationError::NoSuchPlayer(past)) {
        return fail("observation", format!("seat {past} past the last is not refused"));
    }
    Ok(())
}
