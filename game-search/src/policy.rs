//! Playout policies: how Monte Carlo searches finish a game from a leaf.

use game_core::rng::GameRng;
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};

/// How a Monte Carlo search plays a game out from a leaf, and which moves
/// its tree considers.
///
/// The default methods give the uniformly random playout ([`UniformRandom`])
/// over every legal move, scoring an unfinished playout 0 for everybody.
pub trait Policy<G: Game>: Send {
    /// Picks the move `player` plays in a playout (`None` only when
    /// `player` has no legal move); `buf` is scratch space for the move
    /// list. The default is uniform through
    /// [`Game::random_legal_move`], which a game may answer without listing
    /// its moves.
    fn pick(&mut self, state: &G, player: PlayerId, rng: &mut GameRng, buf: &mut Vec<G::Move>) -> Option<G::Move> {
        state.random_legal_move(player, rng, buf)
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
                let Some(mv) = policy.pick(state, p, rng, buf) else { return };
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

/// Uniformly random playouts scored, where they stop before the end (at
/// [`MctsConfig::playout_limit`](crate::MctsConfig::playout_limit) plies),
/// by a function writing each player's value in `[-1, 1]`: the adapter
/// from a game crate's evaluation function to a [`Policy`]. A short limit
/// with a good evaluation makes iterations both cheaper and better
/// informed than playouts to the end.
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{Budget, EvalCut, Mcts, MctsConfig};
/// use game_core::PlayerId;
/// use nim::Nim;
///
/// // Nim's exact value: the player to move wins when the pile is not a multiple of 4.
/// let eval = EvalCut(|g: &Nim, out: &mut [f64; game_core::MAX_PLAYERS]| {
///     let v = if g.pile % 4 == 0 { -1.0 } else { 1.0 };
///     out[g.to_move.index()] = v;
///     out[g.to_move.opponent().index()] = -v;
/// });
/// let cfg = MctsConfig { budget: Budget::Iterations(300), playout_limit: 0, ..MctsConfig::default() };
/// let mut mcts = Mcts::with_policy(cfg, eval, 1);
/// assert_eq!(mcts.choose(&Nim::new(30, 3), PlayerId(0)), Some(2));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct EvalCut<F>(pub F);

impl<G: Game, F: FnMut(&G, &mut [f64; MAX_PLAYERS]) + Send> Policy<G> for EvalCut<F> {
    fn evaluate(&mut self, state: &G, out: &mut [f64; MAX_PLAYERS]) {
        (self.0)(state, out);
    }
}
