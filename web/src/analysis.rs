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
//! is a loss above the threshold. In a simultaneous round (Parallel
//! Football) every team decided on the round's start, and in both values
//! the other teams play the search's best turns from there, as the
//! arena's. No page's game ends by forfeit, which keeps this simpler than
//! the arena's.

use crate::games::WebGame;
use crate::spec::{Spec, SpecError};
use game_core::rng::derive_seed;
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};
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

/// What a search found in a position: every seat's value (`-1..=1`) and
/// the best turn of the seats asked about.
struct Searched<M> {
    values: [f64; MAX_PLAYERS],
    best: Vec<(PlayerId, Vec<M>)>,
}

/// A position to search, and the seats whose best turn is wanted.
struct Job<G> {
    state: G,
    seats: Vec<PlayerId>,
}

/// Searches `job` with a fresh `mcts` bot seeded for position `index` of
/// pass `stream`: the values, then each wanted seat's best turn (its first
/// move from the evaluation, the rest searched move by move).
fn search<C: WebGame>(
    c: &C,
    cfg: MctsConfig,
    (stream, index): (u64, usize),
    job: &Job<C::Game>,
) -> Searched<<C::Game as Game>::Move> {
    let seed = derive_seed(derive_seed(ANALYSIS_SEED, stream), index as u64);
    let mut bot = c.mcts_bot(cfg, seed);
    let me = job.seats.first().copied().unwrap_or(PlayerId(0));
    let Some(e) = bot.evaluate(&job.state, me) else {
        return Searched { values: [0.0; MAX_PLAYERS], best: Vec::new() };
    };
    let best = job
        .seats
        .iter()
        .map(|&p| {
            let mut s = job.state.clone();
            let mut moves = Vec::new();
            if let Some(m) = e.best.filter(|_| p == me) {
                if s.play(p, m).is_ok() {
                    moves.push(m);
                }
            }
            moves.extend(bot.turn(&s, p));
            (p, moves)
        })
        .collect();
    Searched { values: e.values, best }
}

/// The seats acting in `state`.
fn acting<G: Game>(state: &G) -> Vec<PlayerId> {
    match state.to_act() {
        ToAct::Player(p) => vec![p],
        ToAct::Simultaneous(set) => set.iter().collect(),
        ToAct::Chance | ToAct::Over => Vec::new(),
    }
}

/// Whether `state` is a simultaneous round.
fn simultaneous<G: Game>(state: &G) -> bool {
    matches!(state.to_act(), ToAct::Simultaneous(_))
}

/// Where a value comes from: a first-pass search or a second-pass one.
#[derive(Clone, Copy)]
enum Source {
    First(usize),
    Second(usize),
}

/// `base` with each seat's moves played in turn (a seat's moves stop at
/// the first the game refuses).
fn with_turns<'m, G: Game>(base: &G, turns: impl Iterator<Item = (PlayerId, &'m [G::Move])>) -> G {
    let mut s = base.clone();
    for (seat, moves) in turns {
        for &m in moves {
            if s.play(seat, m).is_err() {
                break;
            }
        }
    }
    s
}

/// One ply to analyse: the seat, its moves, its text, the position it
/// was decided on and the one right after it.
pub struct Ply<G: Game> {
    /// The seat.
    pub seat: PlayerId,
    /// The turn's moves.
    pub moves: Vec<G::Move>,
    /// The turn as recorded.
    pub text: String,
    /// The position the seat decided on (in a simultaneous round, the
    /// round's start: it never sees the others' orders).
    pub base: G,
    /// The position right after the turn (before any chance value).
    pub after: G,
}

/// The analysis of `plies` (in order, each played from the one before)
/// with the search `cfg` and the blunder threshold `blunder`: the arena's
/// `analyze`, simultaneous rounds included (in both values of a round's
/// ply the other seats play the search's best turns from the round's
/// start).
pub fn analyze<C: WebGame>(c: &C, plies: &[Ply<C::Game>], cfg: MctsConfig, blunder: f64) -> Vec<PlyAnalysis> {
    // The positions decided on (one per simultaneous round), with the best
    // turns of the seats deciding there.
    let mut before: Vec<Job<C::Game>> = Vec::new();
    let mut job_of = Vec::with_capacity(plies.len());
    for p in plies {
        if before.last().is_none_or(|j| j.state != p.base || !j.seats.contains(&p.seat)) {
            let seats = if simultaneous(&p.base) { acting(&p.base) } else { vec![p.seat] };
            before.push(Job { state: p.base.clone(), seats });
        }
        job_of.push(before.len() - 1);
    }
    let first: Vec<_> = before.iter().enumerate().map(|(j, job)| search(c, cfg, (1, j), job)).collect();
    let mut after_jobs: Vec<Job<C::Game>> = Vec::new();
    let mut source = |state: C::Game, next: Option<usize>| {
        if let Some(j) = next.filter(|&j| before.get(j).is_some_and(|job| job.state == state)) {
            return Source::First(j);
        }
        let recent = after_jobs.len().saturating_sub(RECENT);
        if let Some(k) = after_jobs[recent..].iter().position(|job| job.state == state) {
            return Source::Second(recent + k);
        }
        after_jobs.push(Job { state, seats: Vec::new() });
        Source::Second(after_jobs.len() - 1)
    };
    let mut after_of = Vec::with_capacity(plies.len());
    let mut best_of = Vec::with_capacity(before.len());
    for (i, p) in plies.iter().enumerate() {
        let j = job_of[i];
        let found = &first[j];
        after_of.push(if simultaneous(&p.base) {
            let others = found.best.iter().filter(|(q, _)| *q != p.seat).map(|(q, m)| (*q, &m[..]));
            source(with_turns(&p.base, std::iter::once((p.seat, &p.moves[..])).chain(others)), None)
        } else {
            source(p.after.clone(), Some(j + 1))
        });
        if job_of.get(i + 1) != Some(&j) {
            best_of
                .push(source(with_turns(&before[j].state, found.best.iter().map(|(q, m)| (*q, &m[..]))), Some(j + 1)));
        }
    }
    let second: Vec<_> = after_jobs.iter().enumerate().map(|(k, job)| search(c, cfg, (2, k), job)).collect();
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
            let best = first[j].best.iter().find(|(q, _)| *q == p.seat).map(|(_, m)| c.format_turn(&p.base, p.seat, m));
            PlyAnalysis {
                ply: i + 1,
                player: seat,
                played: p.text.clone(),
                best: best.unwrap_or_default(),
                value_before,
                value_after,
                loss,
                blunder: loss > blunder,
            }
        })
        .collect()
}
