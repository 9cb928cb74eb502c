//! The rules fuzz harness: arbitrary bytes drive a game, and every step is
//! checked against the conformance invariants.

use super::{MoveUniverse, Violation, check_setup_round_trip, fail};
use crate::game::Game;
use crate::player::{PlayerId, ToAct};
use crate::rng::seeded;

/// The setup round trip (through JSON, the costliest check) runs on every
/// `ROUND_TRIP_EVERY`-th step, on the step that ends the game and on the
/// last state, so that a fuzzer spends its time on moves; every other check
/// runs after every step.
pub const ROUND_TRIP_EVERY: usize = 16;

/// The rules fuzz harness shared by every game's fuzz target (and usable in
/// property tests): `data` drives a game from `start`, three bytes a step.
///
/// Each step's first byte chooses between a generated legal move (even) and
/// an arbitrary candidate from the move universe for an arbitrary player
/// (odd; the player is `byte / 2 % players`); the next two bytes are the
/// index. Chance nodes draw from a generator seeded with the index. After
/// every step it checks that
/// * the candidate is generated for that player exactly when
///   [`Game::check_move`] accepts it, and [`Game::play`] agrees;
/// * a refused move leaves the state unchanged;
/// * the state rebuilds from its setup (through JSON), on every
///   [`ROUND_TRIP_EVERY`]-th step, the step that ends the game and the last
///   state;
/// * a finished game has an outcome and refuses the candidate (eight
///   candidates are tried after the end; later bytes are ignored).
///
/// # Errors
/// The first [`Violation`], with the step number as its ply.
pub fn fuzz_game<G: Game + MoveUniverse>(start: &G, data: &[u8]) -> Result<G, Violation> {
    fuzz_game_with(start, data, |_| Ok(()))
}

/// [`fuzz_game`] plus the Zobrist law (incremental hash equals the
/// recomputed one) after every step.
///
/// # Errors
/// The first [`Violation`].
pub fn fuzz_game_zobrist<G: crate::Zobrist + MoveUniverse>(start: &G, data: &[u8]) -> Result<G, Violation> {
    fuzz_game_with(start, data, |g: &G| {
        if g.zobrist() == g.zobrist_from_scratch() {
            Ok(())
        } else {
            fail("zobrist", format!("incremental {:#x} != recomputed {:#x}", g.zobrist(), g.zobrist_from_scratch()))
        }
    })
}

/// [`fuzz_game`] with an extra per-state invariant (a game's own law, such as
/// "no ball is ever lost").
///
/// # Errors
/// The first [`Violation`] of the harness or of `invariant`.
pub fn fuzz_game_with<G: Game + MoveUniverse>(
    start: &G,
    data: &[u8],
    mut invariant: impl FnMut(&G) -> Result<(), Violation>,
) -> Result<G, Violation> {
    let mut universe = Vec::new();
    start.for_each_possible_move(&mut |m| universe.push(m));
    let mut g = start.clone();
    let mut moves = Vec::new();
    // A finished game is probed with a few candidates, then the rest of the
    // input is ignored (it would only repeat the same refusals).
    let mut probes_after_end = 0;
    for (step, chunk) in data.chunks(3).enumerate() {
        let at = |v: Violation| Violation { at: Some((0, step as u64)), ..v };
        if g.is_over() {
            if probes_after_end == 8 {
                break;
            }
            probes_after_end += 1;
        }
        let op = chunk[0];
        let idx = chunk.get(1..3).map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])));
        let act = g.to_act();
        if op & 1 == 1 || act == ToAct::Over {
            if universe.is_empty() {
                continue;
            }
            let mv = universe[idx % universe.len()];
            let player = PlayerId(((op >> 1) as usize % g.players().max(1)) as u8);
            g.legal_moves(player, &mut moves);
            let listed = moves.contains(&mv);
            let checked = g.check_move(player, mv);
            if listed != checked.is_ok() {
                return Err(at(Violation {
                    check: if listed { "generated-not-legal" } else { "legal-not-generated" },
                    detail: format!("player {player}: {mv:?} listed {listed}, check_move {checked:?}"),
                    at: None,
                }));
            }
            let before = g.clone();
            match (g.play(player, mv), checked) {
                (Ok(()), Ok(())) => {}
                (Err(_), Err(_)) => {
                    if g != before {
                        return Err(at(Violation {
                            check: "illegal-play-changed-state",
                            detail: format!("player {player}: {mv:?}"),
                            at: None,
                        }));
                    }
                }
                (r, c) => {
                    return Err(at(Violation {
                        check: "play-disagrees-with-check",
                        detail: format!("player {player}: {mv:?}: play {r:?}, check_move {c:?}"),
                        at: None,
                    }));
                }
            }
            if act == ToAct::Over && g.outcome().is_none() {
                return Err(at(Violation {
                    check: "outcome-missing",
                    detail: "game over without outcome".into(),
                    at: None,
                }));
            }
        } else if act == ToAct::Chance {
            let mut rng = seeded(idx as u64);
            if g.resolve_chance(&mut rng).is_none() {
                return Err(at(Violation {
                    check: "chance-refused",
                    detail: "resolve_chance failed".into(),
                    at: None,
                }));
            }
        } else if let Some(p) = act.next_decider() {
            g.legal_moves(p, &mut moves);
            if moves.is_empty() {
                return Err(at(Violation { check: "no-legal-move", detail: format!("{act:?}"), at: None }));
            }
            let mv = moves[idx % moves.len()];
            if let Err(e) = g.play(p, mv) {
                return Err(at(Violation { check: "play-refuses-legal", detail: format!("{mv:?}: {e}"), at: None }));
            }
        }
        if step % ROUND_TRIP_EVERY == 0 || (g.is_over() && probes_after_end == 0) {
            check_setup_round_trip(&g).map_err(at)?;
        }
        invariant(&g).map_err(at)?;
    }
    check_setup_round_trip(&g)?;
    Ok(g)
}
