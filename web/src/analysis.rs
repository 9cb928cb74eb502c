//! The page's analysis of a game: every ply evaluated as `arena analyze`
//! evaluates it (`game-arena/src/analysis`, which does not build for
//! wasm), by the same searches with the same seeds, so the numbers are the
//! arena's (`tests/wasm.rs` compares them with `arena analyze --json`).
//!
//! Each position a seat decided in is searched by the game's `mcts` bot
//! (a fresh one per position, seeded from a fixed seed and the position's
//! index, on an iteration budget); `value_before` is the seat's value once
//! it has played the search's best turn, `value_after` once it has played
//! its own, both in `0..=1`; the `loss` is their difference and a blunder
//! is a loss above the threshold. The games of the pages alternate turns,
//! and no page's game ends by forfeit, which keeps this simpler than the
//! arena's (simultaneous rounds, forfeits).

use crate::games::WebGame;
use crate::spec::{Spec, SpecError};
use game_core::rng::derive_seed;
use game_core::{Game, MAX_PLAYERS, PlayerId};
use game_search::{Budget, MctsConfig};
use serde::Serialize;

/// The iterations of a search on the clock (`mcts` without `iters=`): the
/// arena's `DEFAULT_ITERATIONS`.
pub const DEFAULT_ITERATIONS: u32 = 10_000;
/// The loss above which a ply is a blunder: the arena's `DEFAULT_BLUNDER`.
pub const DEFAULT_BLUNDER: f64 = 0.2;
/// The analysis's fixed seed: the arena's `ANALYSIS_SEED`.
const ANALYSIS_SEED: u64 = 0x00A1_A1A5_15ED;
/// How many recent second-search positions are looked up before another
/// is added: the arena's `RECENT`.
const RECENT: usize = 8;

/// One ply of the analysis, as `arena analyze --json` writes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyAnalysis {
    /// The ply (1 for the first turn).
    pub ply: usize,
    /// The seat that played it.
    pub player: usize,
    /// The turn played.
    pub played: String,
    /// The search's best turn in the position.
    pub best: String,
    /// The seat's value after the best turn.
    pub value_before: f64,
    /// The seat's value after the turn played.
    pub value_after: f64,
    /// `value_before - value_after`.
    pub loss: f64,
    /// A loss above the threshold.
    pub blunder: bool,
}

/// The analysis search of `spec` (`mcts`, `mcts:iters=N`, `best` when the
/// game's best is `mcts`): its settings, on an iteration budget.
///
/// # Errors
/// [`SpecError`] for a spec that is no MCTS search.
pub fn analysis_search(spec: &str, best: &str) -> Result<MctsConfig, SpecError> {
    let parsed = match Spec::parse(spec)? {
        Spec::Best => match Spec::parse(best)? {
            mcts @ Spec::Mcts { .. } => mcts,
            _ => Spec::parse("mcts")?,
        },
        other => other,
    };
    match parsed {
        Spec::Mcts { cfg, timed: false } => Ok(cfg),
        Spec::Mcts { cfg, timed: true } => Ok(MctsConfig { budget: Budget::Iterations(DEFAULT_ITERATIONS), ..cfg }),
        _ => Err(SpecError { spec: spec.into(), why: "an analysis searches with mcts (mcts:iters=N)".into() }),
    }
}

/// What a search found in a position.
struct Searched<M> {
    values: [f64; MAX_PLAYERS],
    best: Vec<M>,
}

/// Searches `state` for `me` with a fresh `mcts` bot seeded for position
/// `index` of pass `stream` (the first pass also plays out the best turn).
fn search<C: WebGame>(
    c: &C,
    cfg: MctsConfig,
    (stream, index): (u64, usize),
    state: &C::Game,
    me: Option<PlayerId>,
) -> Searched<<C::Game as Game>::Move> {
    let seed = derive_seed(derive_seed(ANALYSIS_SEED, stream), index as u64);
    let mut bot = c.mcts(cfg, seed);
    let Some(e) = bot.evaluate(state, me.unwrap_or(PlayerId(0))) else {
        return Searched { values: [0.0; MAX_PLAYERS], best: Vec::new() };
    };
    let mut best = Vec::new();
    if let Some(me) = me {
        let mut s = state.clone();
        if let Some(m) = e.best {
            if s.play(me, m).is_ok() {
                best.push(m);
            }
        }
        best.extend(bot.turn(&s, me));
    }
    Searched { values: e.values, best }
}

/// Where a value comes from: a first-pass search or a second-pass one.
#[derive(Clone, Copy)]
enum Source {
    First(usize),
    Second(usize),
}

/// `base` with `moves` played by `seat` (up to the first refused).
fn with_turn<G: Game>(base: &G, seat: PlayerId, moves: &[G::Move]) -> G {
    let mut s = base.clone();
    for &m in moves {
        if s.play(seat, m).is_err() {
            break;
        }
    }
    s
}

/// One ply to analyse: the seat, its moves, its text, the position before.
pub struct Ply<G: Game> {
    /// The seat.
    pub seat: PlayerId,
    /// The turn's moves.
    pub moves: Vec<G::Move>,
    /// The turn as recorded.
    pub text: String,
    /// The position it was played in.
    pub base: G,
}

/// The analysis of `plies` (in order, each played from the one before)
/// with the search `cfg` and the blunder threshold `blunder`.
pub fn analyze<C: WebGame>(c: &C, plies: &[Ply<C::Game>], cfg: MctsConfig, blunder: f64) -> Vec<PlyAnalysis> {
    let after: Vec<C::Game> = plies.iter().map(|p| with_turn(&p.base, p.seat, &p.moves)).collect();
    // The positions decided in, one search each (consecutive plies from
    // one position share it).
    let mut before: Vec<(C::Game, PlayerId)> = Vec::new();
    let mut job_of = Vec::with_capacity(plies.len());
    for p in plies {
        if before.last().is_none_or(|(s, q)| *s != p.base || *q != p.seat) {
            before.push((p.base.clone(), p.seat));
        }
        job_of.push(before.len() - 1);
    }
    let first: Vec<_> = before.iter().enumerate().map(|(j, (s, me))| search(c, cfg, (1, j), s, Some(*me))).collect();
    let mut second_jobs: Vec<C::Game> = Vec::new();
    let mut source = |state: C::Game, next: usize| {
        if before.get(next).is_some_and(|(s, _)| *s == state) {
            return Source::First(next);
        }
        let recent = second_jobs.len().saturating_sub(RECENT);
        if let Some(k) = second_jobs[recent..].iter().position(|s| *s == state) {
            return Source::Second(recent + k);
        }
        second_jobs.push(state);
        Source::Second(second_jobs.len() - 1)
    };
    let mut after_of = Vec::with_capacity(plies.len());
    let mut best_of = Vec::with_capacity(before.len());
    for (i, p) in plies.iter().enumerate() {
        let j = job_of[i];
        after_of.push(source(after[i].clone(), j + 1));
        if job_of.get(i + 1) != Some(&j) {
            best_of.push(source(with_turn(&before[j].0, p.seat, &first[j].best), j + 1));
        }
    }
    // The second pass: the position's first seat searches (a terminal
    // position's evaluation is the search's own).
    let second: Vec<_> = second_jobs.iter().enumerate().map(|(k, s)| search(c, cfg, (2, k), s, None)).collect();
    let value = |s: Source, seat: usize| match s {
        Source::First(j) => first[j].values[seat],
        Source::Second(k) => second[k].values[seat],
    };
    let score = |v: f64| f64::midpoint(v, 1.0).clamp(0.0, 1.0);
    plies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (seat, j) = (p.seat.index(), job_of[i]);
            let value_before = score(value(best_of[j], seat));
            let value_after = score(value(after_of[i], seat));
            let loss = value_before - value_after;
            PlyAnalysis {
                ply: i + 1,
                player: seat,
                played: p.text.clone(),
                best: c.format_turn(&p.base, p.seat, &first[j].best),
                value_before,
                value_after,
                loss,
                blunder: loss > blunder,
            }
        })
        .collect()
}
