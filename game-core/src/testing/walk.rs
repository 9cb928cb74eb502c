//! Walks: states reached by following index sequences (the base of property
//! tests and fuzz targets) or seeded random moves, uniform or **biased**
//! towards the moves that lead to a game's hard cases.
//!
//! A uniform walk rarely reaches the edges of a game's rules: in Quoridor
//! walls outnumber pawn steps by up to 128 to 5, so pawns seldom meet. A
//! [`Bias`] gives each legal move a weight, and the walks here choose moves
//! with probability proportional to it. Each game crate ships biases aimed
//! at its own hard cases (in its `testing` module), and [`reach`] measures
//! how often a walk gets to them.
//!
//! ```
//! use nim::Nim;
//! use game_core::testing::{Bias, Edge, Uniform, reach};
//! use game_core::{Game, PlayerId};
//!
//! // Prefer taking one stone: games get longer, and small piles come up.
//! let take_one = |_: &Nim, _: PlayerId, mv: u8| if mv == 1 { 8 } else { 1 };
//! let small = Edge { name: "pile-below-3", holds: |g: &Nim| g.pile < 3 && !g.is_over() };
//! let uniform = reach(&Nim::new(30, 3), &Uniform, &[small], 200, 1);
//! let biased = reach(&Nim::new(30, 3), &take_one, &[small], 200, 1);
//! assert!(biased.plies > uniform.plies);
//! assert_eq!(biased.hits[0].name, "pile-below-3");
//! ```

use super::Violation;
use crate::game::Game;
use crate::player::{PlayerId, ToAct};
use crate::rng::{derive_seed, seeded};
use proptest::prelude::*;
use rand_core::RngCore;
use std::fmt;

/// A weight for each legal move: walks choose among a decider's legal moves
/// with probability proportional to it. A weight of 0 never chooses the move
/// unless every legal move weighs 0 (then the choice is uniform), so a bias
/// can never stall a walk.
///
/// Closures `Fn(&G, PlayerId, G::Move) -> u32` are biases; game crates also
/// ship named ones.
pub trait Bias<G: Game> {
    /// The weight of `mv`, a legal move of `player` in `state`.
    fn weight(&self, state: &G, player: PlayerId, mv: G::Move) -> u32;
}

impl<G: Game, F: Fn(&G, PlayerId, G::Move) -> u32> Bias<G> for F {
    fn weight(&self, state: &G, player: PlayerId, mv: G::Move) -> u32 {
        self(state, player, mv)
    }
}

/// Every legal move weighs the same: the uniform walk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uniform;

impl<G: Game> Bias<G> for Uniform {
    fn weight(&self, _: &G, _: PlayerId, _: G::Move) -> u32 {
        1
    }
}

/// Chooses among `moves` (legal moves of `player`) by `bias`, with `r` a
/// number drawn uniformly from the whole `u64` range: the move whose
/// cumulative-weight interval holds `r` scaled to the total weight. `None`
/// only for an empty list.
fn choose<G: Game, B: Bias<G> + ?Sized>(
    state: &G,
    player: PlayerId,
    moves: &[G::Move],
    weights: &mut Vec<u64>,
    bias: &B,
    r: u64,
) -> Option<G::Move> {
    weights.clear();
    let mut total = 0u64;
    for &mv in moves {
        total += u64::from(bias.weight(state, player, mv));
        weights.push(total);
    }
    if total == 0 {
        // Every move weighs 0: uniform, so that a walk never stalls.
        return moves.get(((u128::from(r) * moves.len() as u128) >> 64) as usize).copied();
    }
    let target = ((u128::from(r) * u128::from(total)) >> 64) as u64;
    let i = weights.partition_point(|&cum| cum <= target);
    moves.get(i).copied()
}

/// One step of a walk: a chance value drawn from `rng`, or the move `pick`
/// chooses for the next decider. `None` when the game is over or stuck (a
/// decider without a legal move).
fn step<G: Game, R: RngCore + ?Sized>(
    g: &mut G,
    rng: &mut R,
    mut pick: impl FnMut(&G, PlayerId, &mut R) -> Option<G::Move>,
) -> Option<()> {
    match g.to_act() {
        ToAct::Over => None,
        ToAct::Chance => g.resolve_chance(rng).map(|_| ()),
        act => {
            let p = act.next_decider()?;
            let mv = pick(g, p, rng)?;
            g.play_unchecked(p, mv);
            Some(())
        }
    }
}

/// Plays one uniformly random step (through [`Game::random_legal_move`], or
/// a chance value). `None` when the game is over or stuck.
pub(super) fn step_random<G: Game, R: RngCore + ?Sized>(
    g: &mut G,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
) -> Option<()> {
    step(g, rng, |g, p, rng| g.random_legal_move(p, rng, moves))
}

/// The state reached from `start` by following `indices`: at each decision
/// the move `index % number_of_moves` of the next decider, at each chance
/// node a value drawn from a generator seeded with the index. Stops early at
/// the end of the game. Any index sequence gives a reachable state, which
/// makes this the base of property tests and fuzz targets.
pub fn state_from_indices<G: Game>(start: &G, indices: &[u16]) -> G {
    let mut g = start.clone();
    let mut moves = Vec::new();
    for &i in indices {
        match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let mut rng = seeded(u64::from(i));
                if g.resolve_chance(&mut rng).is_none() {
                    break;
                }
            }
            act => {
                let Some(p) = act.next_decider() else { break };
                g.legal_moves(p, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[usize::from(i) % moves.len()];
                g.play_unchecked(p, mv);
            }
        }
    }
    g
}

/// [`state_from_indices`] with the moves chosen by `bias`: each index,
/// read as a fraction of 65,536, picks the move whose share of the total
/// weight covers it, so every index sequence still gives a reachable state
/// and a fuzzer's bytes land on the favoured moves more often.
pub fn state_from_indices_biased<G: Game, B: Bias<G> + ?Sized>(start: &G, indices: &[u16], bias: &B) -> G {
    let mut g = start.clone();
    let mut moves = Vec::new();
    let mut weights = Vec::new();
    for &i in indices {
        // The index scaled to the whole u64 range, so `choose` reads it as
        // the fraction i / 65,536.
        let r = u64::from(i) << 48;
        let stepped = step(&mut g, &mut seeded(u64::from(i)), |g, p, _| {
            g.legal_moves(p, &mut moves);
            choose(g, p, &moves, &mut weights, bias, r)
        });
        if stepped.is_none() {
            break;
        }
    }
    g
}

/// A proptest strategy of states reachable from `start` in up to `max_len`
/// steps, generated as sequences of move indices (so shrinking shortens and
/// simplifies the path to a failing state).
pub fn arb_state<G: Game>(start: G, max_len: usize) -> impl Strategy<Value = G> {
    proptest::collection::vec(any::<u16>(), 0..=max_len).prop_map(move |idx| state_from_indices(&start, &idx))
}

/// [`arb_state`] with the moves chosen by `bias` (see
/// [`state_from_indices_biased`]); shrinking still shortens the path.
pub fn arb_state_biased<G: Game, B: Bias<G> + fmt::Debug + Send + Sync + 'static>(
    start: G,
    max_len: usize,
    bias: B,
) -> impl Strategy<Value = G> {
    proptest::collection::vec(any::<u16>(), 0..=max_len)
        .prop_map(move |idx| state_from_indices_biased(&start, &idx, &bias))
}

/// Walks from `start` with moves chosen by `bias` and chance values from
/// `rng`, for at most `max_plies` steps or to the end of the game, calling
/// `visit` on every state passed through (`start` included). Returns the
/// last state.
pub fn biased_walk<G: Game, B: Bias<G> + ?Sized, R: RngCore + ?Sized>(
    start: &G,
    bias: &B,
    rng: &mut R,
    max_plies: u64,
    mut visit: impl FnMut(&G),
) -> G {
    let mut g = start.clone();
    let mut moves = Vec::new();
    let mut weights = Vec::new();
    visit(&g);
    for _ in 0..max_plies {
        let stepped = step(&mut g, rng, |g, p, rng| {
            g.legal_moves(p, &mut moves);
            choose(g, p, &moves, &mut weights, bias, rng.next_u64())
        });
        if stepped.is_none() {
            break;
        }
        visit(&g);
    }
    g
}

/// A named hard case of a game: a predicate on states whose reach a walk is
/// measured by.
pub struct Edge<G> {
    /// Kebab-case name (`"adjacent-pawns"`).
    pub name: &'static str,
    /// Whether a state is an instance of the case.
    pub holds: fn(&G) -> bool,
}

impl<G> Clone for Edge<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Edge<G> {}

impl<G> fmt::Debug for Edge<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Edge").field("name", &self.name).finish_non_exhaustive()
    }
}

/// How often one [`Edge`] was reached by [`reach`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeHits {
    /// The edge's name.
    pub name: &'static str,
    /// States (of all walks) where it held.
    pub states: u64,
    /// Walks in which it held at least once.
    pub games: u64,
}

/// What [`reach`] saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Walks played (each to the end of its game).
    pub games: u64,
    /// States visited in all walks, the start of each included.
    pub states: u64,
    /// Of those, finished games (the last state of each walk that ended).
    pub finished: u64,
    /// Plies played in all walks.
    pub plies: u64,
    /// One entry per edge, in the order given.
    pub hits: Vec<EdgeHits>,
}

impl Reach {
    /// The share of visited states where edge `i` held, in percent.
    #[must_use]
    pub fn state_percent(&self, i: usize) -> f64 {
        self.hits.get(i).map_or(0.0, |h| percent(h.states, self.states))
    }

    /// The share of walks in which edge `i` held at least once, in percent.
    #[must_use]
    pub fn game_percent(&self, i: usize) -> f64 {
        self.hits.get(i).map_or(0.0, |h| percent(h.games, self.games))
    }
}

#[allow(clippy::cast_precision_loss)] // a percentage of counts
fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 }
}

/// Measures how often walks reach each edge: `games` walks from `start`
/// with moves chosen by `bias` (walk `i` seeded with
/// [`derive_seed`]`(seed, i)`), each to the end of its game (or its
/// [`Game::max_plies`], or 100,000 plies for a game without a bound),
/// counting the states and the walks where each edge holds.
pub fn reach<G: Game, B: Bias<G> + ?Sized>(start: &G, bias: &B, edges: &[Edge<G>], games: u64, seed: u64) -> Reach {
    let mut out = Reach {
        games,
        states: 0,
        finished: 0,
        plies: 0,
        hits: edges.iter().map(|e| EdgeHits { name: e.name, states: 0, games: 0 }).collect(),
    };
    let max = start.max_plies().unwrap_or(100_000);
    let mut seen = vec![false; edges.len()];
    for game in 0..games {
        let mut rng = seeded(derive_seed(seed, game));
        seen.iter_mut().for_each(|s| *s = false);
        let last = biased_walk(start, bias, &mut rng, max, |g| {
            out.states += 1;
            for ((edge, hit), seen) in edges.iter().zip(&mut out.hits).zip(&mut seen) {
                if (edge.holds)(g) {
                    hit.states += 1;
                    *seen = true;
                }
            }
        });
        if last.is_over() {
            out.finished += 1;
        }
        for (hit, &s) in out.hits.iter_mut().zip(&seen) {
            hit.games += u64::from(s);
        }
    }
    // Every walk visits its start, then one state per ply.
    out.plies = out.states - games;
    out
}

/// Checks that [`Game::random_legal_move`] draws `player`'s legal moves in
/// `state` uniformly: `draws_per_move` draws per legal move from a
/// generator seeded with `seed`, then a chi-square test with a bound so
/// wide that an exactly uniform sampler fails it with probability below one
/// in a million, while a sampler that favours or never draws a move fails.
/// Every draw must be a legal move, and `None` must come exactly when there
/// is none.
///
/// # Errors
/// A [`Violation`] named `random-move-illegal`, `random-move-missing` or
/// `random-move-not-uniform`.
pub fn check_uniform_sampling<G: Game>(
    state: &G,
    player: PlayerId,
    draws_per_move: u32,
    seed: u64,
) -> Result<(), Violation> {
    let mut moves = Vec::new();
    state.legal_moves(player, &mut moves);
    let mut rng = seeded(seed);
    let mut buf = Vec::new();
    if moves.is_empty() {
        return match state.random_legal_move(player, &mut rng, &mut buf) {
            None => Ok(()),
            Some(m) => Err(Violation {
                check: "random-move-illegal",
                detail: format!("player {player} has no legal move, but {m:?} was drawn"),
                at: None,
            }),
        };
    }
    let mut counts = vec![0u64; moves.len()];
    let index: std::collections::HashMap<G::Move, usize> = moves.iter().enumerate().map(|(i, &m)| (m, i)).collect();
    let draws = u64::from(draws_per_move) * moves.len() as u64;
    for _ in 0..draws {
        let drawn = state.random_legal_move(player, &mut rng, &mut buf);
        match drawn.and_then(|m| index.get(&m).map(|&i| (m, i))) {
            Some((_, i)) => counts[i] += 1,
            None => {
                return Err(Violation {
                    check: if drawn.is_some() { "random-move-illegal" } else { "random-move-missing" },
                    detail: format!("player {player}: drew {drawn:?}, legal moves are {moves:?}"),
                    at: None,
                });
            }
        }
    }
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    let (expected, df) = (f64::from(draws_per_move), (moves.len() - 1) as f64);
    #[allow(clippy::cast_precision_loss)]
    let chi2: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
    // Mean df, variance 2 df; 5 standard deviations plus a margin for small
    // df keeps the false-alarm rate of a uniform sampler below 1e-6.
    let bound = df + 5.0 * (2.0 * df).sqrt() + 20.0;
    if chi2 > bound {
        return Err(Violation {
            check: "random-move-not-uniform",
            detail: format!("player {player}: chi-square {chi2:.1} over {} moves (bound {bound:.1})", moves.len()),
            at: None,
        });
    }
    Ok(())
}
