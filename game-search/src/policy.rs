//! Playout policies: how Monte Carlo searches finish a game from a leaf.

use game_core::rng::{GameRng, below};
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};

/// How a Monte Carlo search plays a game out from a leaf, and which moves
/// its tree considers.
///
/// The default methods give the uniformly random playout ([`UniformRandom`])
/// over every legal move, scoring an unfinished playout 0 for everybody.
pub trait Policy<G: Game>: Send {
    /// Picks the move `player` plays in a playout from `moves` (the legal
    /// moves, never empty). The default is uniform.
    fn pick(&mut self, state: &G, player: PlayerId, moves: &[G::Move], rng: &mut GameRng) -> G::Move {
        let _ = (state, player);
        moves[below(rng, moves.len())]
    }

    /// Narrows or reorders the moves a tree node of `player` considers
    /// (`moves` arrives with every legal move; it must stay non-empty when
    /// it arrives non-empty). The default keeps them all.
    fn tree_moves(&mut self, state: &G, player: PlayerId, moves: &mut Vec<G::Move>) {
        let _ = (state, player, moves);
    }

    /// The values in `[-1, 1]` of a position where a playout stopped
    /// before the end (its ply limit), one per player, written into `out`
    /// (which arrives zeroed). The default leaves 0 for everybody.
    fn evaluate(&mut self, state: &G, out: &mut [f64; MAX_PLAYERS]) {
        let _ = (state, out);
    }
}

/// The uniformly random playout over all legal moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniformRandom;

impl<G: Game> Policy<G> for UniformRandom {}

/// Plays `state` out with `policy` for at most `limit` plies (moves and
/// chance events) and writes each player's value into `out`:
/// [`Outcome::value_for`](game_core::Outcome::value_for) at the end, else
/// [`Policy::evaluate`]. At a simultaneous node each acting player moves in
/// turn (their moves commute). `buf` is reused: no allocation once it has
/// grown to the game's largest move list.
pub fn playout<G: Game, P: Policy<G> + ?Sized>(
    state: &mut G,
    policy: &mut P,
    limit: u32,
    rng: &mut GameRng,
    buf: &mut Vec<G::Move>,
    out: &mut [f64; MAX_PLAYERS],
) {
    *out = [0.0; MAX_PLAYERS];
    for _ in 0..limit {
        match state.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                if state.resolve_chance(rng).is_none() {
                    return;
                }
            }
            act => {
                let Some(p) = act.next_decider() else { return };
                state.legal_moves(p, buf);
                if buf.is_empty() {
                    return;
                }
                let mv = policy.pick(state, p, buf, rng);
                state.play_unchecked(p, mv);
            }
        }
    }
    values_or_eval(state, policy, out);
}

/// Writes the outcome's values when `state` is over, else the policy's
/// evaluation.
fn values_or_eval<G: Game, P: Policy<G> + ?Sized>(state: &G, policy: &mut P, out: &mut [f64; MAX_PLAYERS]) {
    *out = [0.0; MAX_PLAYERS];
    match state.outcome() {
        Some(o) => {
            for (i, v) in out.iter_mut().enumerate().take(o.players()) {
                *v = o.value_for(PlayerId(i as u8));
            }
        }
        None => policy.evaluate(state, out),
    }
}
