//! Generic tools over [`Game`]: perft and uniformly random playouts.

// Rates and means of counts (plies, games) are statistics: `f64` precision
// is all they need.
#![allow(clippy::cast_precision_loss)]

use crate::game::{Game, PlayoutError};
use crate::player::ToAct;
use rand_core::RngCore;

/// Counts the move sequences of exactly `depth` decisions from `state`
/// (the classic perft of chess engines).
///
/// * A decision is one [`Game::play`]: at a simultaneous node the lowest
///   player still owing a move decides first (see [`ToAct::next_decider`]).
/// * A finished game before `depth` contributes 0, as a checkmate does in
///   chess perft.
/// * A chance node before `depth` counts as one leaf: chance outcomes are
///   not enumerated.
///
/// **Bulk counting.** The last level is counted, not played: at depth 1
/// the result is the length of the move list, and no child state is made.
/// A perft of depth `d` therefore plays only the nodes of depth `d - 1`,
/// which is why its leaves per second look far larger than the moves per
/// second a search or a playout makes; compare generators at equal depth,
/// not by nodes per second against a tool that plays every leaf.
///
/// Move lists are allocated once per depth, not per node. To find where
/// two generators disagree, [`perft_divide`] splits the count by first
/// move.
///
/// ```
/// use game_core::perft;
/// use nim::Nim;
/// // 5 stones, take 1 or 2 a move: the sequences of two takes are
/// // 1-1, 1-2, 2-1 and 2-2.
/// let start = Nim::new(5, 2);
/// assert_eq!(perft(&start, 1), 2);
/// assert_eq!(perft(&start, 2), 4);
/// ```
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_inner(state, depth, &mut buffers)
}

fn perft_inner<G: Game>(state: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let player = match state.to_act() {
        ToAct::Over => return 0,
        ToAct::Chance => return 1,
        act => match act.next_decider() {
            Some(p) => p,
            None => return 0,
        },
    };
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    state.legal_moves(player, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = state.clone();
        child.play_unchecked(player, mv);
        total += perft_inner(&child, depth - 1, rest);
    }
    total
}

/// [`perft`] split by first decision: each legal move of the next decider
/// at `state`, in [`Game::legal_moves`] order, with the perft of depth
/// `depth - 1` below it (the "divide" of chess engines). The counts sum to
/// `perft(state, depth)`. Empty when `depth` is 0 or nobody decides at
/// `state` (the game is over, or a chance node is next).
///
/// Comparing two generators' divides move by move, then descending into
/// the first move whose counts differ, finds the position where they part
/// in a few steps.
///
/// ```
/// use game_core::{perft, perft_divide};
/// use nim::Nim;
/// let start = Nim::new(5, 2);
/// let divide = perft_divide(&start, 3);
/// assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), perft(&start, 3));
/// // Taking 1 leaves 4 (four ways on), taking 2 leaves 3 (three: 1-1, 1-2, 2-1).
/// assert_eq!(divide.iter().map(|&(_, n)| n).collect::<Vec<_>>(), [4, 3]);
/// ```
pub fn perft_divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let Some(player) = state.to_act().next_decider().filter(|_| depth > 0) else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    state.legal_moves(player, &mut moves);
    let mut buffers: Vec<Vec<G::Move>> = (1..depth).map(|_| Vec::new()).collect();
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play_unchecked(player, mv);
            (mv, perft_inner(&child, depth - 1, &mut buffers))
        })
        .collect()
}

/// Plays `state` to the end with uniformly random legal moves (each decision
/// uniform over the decider's legal moves) and chance values drawn from
/// `rng`, through [`Game::play_out_randomly`] (a game's own playout where it
/// has one). Returns the number of plies played. `buf` is the reused move
/// list.
///
/// # Errors
/// [`PlayoutError`] when the game breaks its own contract (stuck, or longer
/// than [`Game::max_plies`]).
#[inline]
pub fn random_playout<G: Game, R: RngCore + ?Sized>(
    state: &mut G,
    rng: &mut R,
    buf: &mut Vec<G::Move>,
) -> Result<u64, PlayoutError> {
    state.play_out_randomly(rng, buf)
}

/// Statistics of a batch of random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Plies played in all games.
    pub plies: u64,
    /// Games each player won alone, for the first four players.
    pub wins: [u64; 4],
    /// Games without a single winner.
    pub shared: u64,
}

/// Adds another batch's counts (batches played apart, for example on
/// several threads, sum to the statistics of all their games).
impl std::ops::AddAssign for PlayoutStats {
    fn add_assign(&mut self, other: PlayoutStats) {
        self.games += other.games;
        self.plies += other.plies;
        for (w, o) in self.wins.iter_mut().zip(other.wins) {
            *w += o;
        }
        self.shared += other.shared;
    }
}

impl PlayoutStats {
    /// Mean game length in plies.
    #[must_use]
    pub fn mean_length(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.plies as f64 / self.games as f64 }
    }
}

/// Plays `games` random playouts from `start`, with `rng`, and sums them up.
///
/// # Errors
/// The first [`PlayoutError`].
pub fn random_playouts<G: Game, R: RngCore + ?Sized>(
    start: &G,
    games: u64,
    rng: &mut R,
) -> Result<PlayoutStats, PlayoutError> {
    let mut stats = PlayoutStats::default();
    let mut buf = Vec::new();
    for _ in 0..games {
        let mut g = start.clone();
        stats.plies += random_playout(&mut g, rng, &mut buf)?;
        stats.games += 1;
        match g.outcome().and_then(|o| o.winner()) {
            Some(w) if w.index() < 4 => stats.wins[w.index()] += 1,
            _ => stats.shared += 1,
        }
    }
    Ok(stats)
}
