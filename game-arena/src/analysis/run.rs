//! The analysis itself: the positions to search, searched on `jobs`
//! threads, and every ply's values read off them.

use super::plies::plies;
use super::{Analysis, PlyAnalysis};
use crate::bot::{Bot, Budget, MctsConfig};
use crate::error::AnalysisError;
use crate::games::Adapter;
use crate::play::BotSpec;
use game_core::rng::derive_seed;
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Iterations per searched position when the spec sets no budget.
pub const DEFAULT_ITERATIONS: u32 = 10_000;

/// The blunder threshold `arena analyze` uses by default: a loss of a fifth
/// of a win.
pub const DEFAULT_BLUNDER: f64 = 0.2;

/// The seed of the analysis's searches; each position's search is seeded
/// from it and the position's index, so the analysis is the same on any
/// number of threads and on every run.
const ANALYSIS_SEED: u64 = 0x00A1_A1A5_15ED;

/// How to analyze a record.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisOptions {
    /// The search, as a bot spec: `mcts`, with `iters=N` (or `ms=N`, not
    /// reproducible), `c=X`, `rollout=N`; without a budget,
    /// [`DEFAULT_ITERATIONS`] per position.
    pub bot: String,
    /// Threads searching positions at once (at least 1).
    pub jobs: usize,
    /// A ply whose loss is above this is a blunder (`0..=1`).
    pub blunder: f64,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions { bot: "mcts".into(), jobs: 1, blunder: DEFAULT_BLUNDER }
    }
}

/// The search configuration of a spec, and the spec with its budget
/// written out (as the report names it).
///
/// # Errors
/// [`AnalysisError::Spec`] for a bad spec, [`AnalysisError::NotASearch`]
/// for a bot that is not an MCTS search (`best` stands for the game's
/// [`best_bot`](Adapter::best_bot) when that is an MCTS, else for `mcts`).
pub fn analysis_search<A: Adapter>(a: &A, spec: &str) -> Result<(MctsConfig, String), AnalysisError> {
    let parsed = match BotSpec::parse(spec)? {
        // The game's best bot if it is a search that evaluates, else its mcts.
        BotSpec::Best => match BotSpec::parse(a.best_bot())? {
            mcts @ BotSpec::Mcts { .. } => mcts,
            _ => BotSpec::parse("mcts")?,
        },
        other => other,
    };
    match parsed {
        BotSpec::Mcts { cfg, timed: false } => Ok((cfg, spec.to_string())),
        BotSpec::Mcts { cfg, timed: true } => {
            let sep = if spec.contains(':') { ',' } else { ':' };
            let named = if spec == "best" { "mcts".to_string() } else { spec.to_string() };
            Ok((
                MctsConfig { budget: Budget::Iterations(DEFAULT_ITERATIONS), ..cfg },
                format!("{named}{sep}iters={DEFAULT_ITERATIONS}"),
            ))
        }
        _ => Err(AnalysisError::NotASearch { spec: spec.to_string() }),
    }
}

/// What a position's search found: every seat's value (`-1..=1`) and the
/// best turn of the seats asked about.
struct Searched<M> {
    values: [f64; MAX_PLAYERS],
    best: Vec<(PlayerId, Vec<M>)>,
}

/// A position to search, and the seats whose best turn is wanted.
struct Job<G> {
    state: G,
    seats: Vec<PlayerId>,
}

/// Searches `jobs` on `threads` threads, each with its own search seeded
/// from `stream` and the job's index; `done` is called after each.
fn search_all<A: Adapter>(
    a: &A,
    cfg: MctsConfig,
    jobs: &[Job<A::Game>],
    stream: u64,
    threads: usize,
    done: &(dyn Fn() + Sync),
) -> Vec<Searched<<A::Game as Game>::Move>> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<Searched<_>>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let seed = derive_seed(derive_seed(ANALYSIS_SEED, stream), i as u64);
                    let found = search(&mut *a.mcts_bot(cfg, seed), job);
                    out.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[i] = Some(found);
                    done();
                }
            });
        }
    });
    out.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).into_iter().flatten().collect()
}

/// One position's search: the values, then each wanted seat's best turn
/// (its first move from the evaluation, the rest searched move by move).
fn search<G: Game>(bot: &mut dyn Bot<G>, job: &Job<G>) -> Searched<G::Move> {
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

/// `value` (`-1..=1`) as an expected score in `0..=1`.
fn score(value: f64) -> f64 {
    f64::midpoint(value, 1.0).clamp(0.0, 1.0)
}

/// Analyses the JSON record `record` (its text, as `play --record` writes it): every
/// ply's values, best move and loss (see [the module](super) for the
/// definitions). `progress(done, total)` is called after each searched
/// position. The same record and options give the same report on any
/// number of threads.
///
/// # Errors
/// [`AnalysisError`]: the record does not judge or holds no turn, the spec
/// is not an MCTS search, or the threshold is not in `0..=1`.
pub fn analyze<A: Adapter>(
    a: &A,
    record: &str,
    opts: &AnalysisOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Analysis, AnalysisError> {
    if !(0.0..=1.0).contains(&opts.blunder) {
        return Err(AnalysisError::Threshold { value: opts.blunder });
    }
    let (cfg, bot) = analysis_search(a, &opts.bot)?;
    let plies = plies(a, record)?;
    // Phase 1: the position each ply was decided on (one per simultaneous
    // round), with the best turns of the seats deciding there.
    let mut before: Vec<Job<A::Game>> = Vec::new();
    let mut job_of = Vec::with_capacity(plies.len());
    for p in &plies {
        if before.last().is_none_or(|j| j.state != p.base || !j.seats.contains(&p.seat)) {
            let seats = if matches!(p.base.to_act(), ToAct::Simultaneous(_)) { acting(&p.base) } else { vec![p.seat] };
            before.push(Job { state: p.base.clone(), seats });
        }
        job_of.push(before.len() - 1);
    }
    let done = AtomicUsize::new(0);
    let mut total = before.len() + before.len() + plies.len();
    progress(0, total);
    let tick = || progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
    let first = search_all(a, cfg, &before, 1, opts.jobs, &tick);
    // Phase 2: the position after each ply (in a simultaneous round the
    // others play what the search chose for them at the round's start, not
    // knowing this seat's answer), and after the search's best turns at each
    // decision (every acting seat's in a simultaneous round), each searched
    // once: a position already searched (the next decision, another ply's)
    // is not searched again, so a ply that plays the best turn loses 0.
    let mut after_jobs: Vec<Job<A::Game>> = Vec::new();
    let mut source = |state: A::Game, next: Option<usize>| {
        if let Some(j) = next.filter(|&j| before.get(j).is_some_and(|job| job.state == state)) {
            return Source::First(j);
        }
        // Positions of the same round or turn are pushed together.
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
        after_of.push(match p.result {
            Some(result) => Source::Result(result),
            None if matches!(p.base.to_act(), ToAct::Simultaneous(_)) => {
                let others = found.best.iter().filter(|(q, _)| *q != p.seat).map(|(q, m)| (*q, &m[..]));
                source(with_turns(&p.base, std::iter::once((p.seat, &p.played[..])).chain(others)), None)
            }
            None => source(p.after.clone(), Some(j + 1)),
        });
        if job_of.get(i + 1) != Some(&j) {
            best_of
                .push(source(with_turns(&before[j].state, found.best.iter().map(|(q, m)| (*q, &m[..]))), Some(j + 1)));
        }
    }
    total = done.load(Ordering::Relaxed) + after_jobs.len();
    progress(done.load(Ordering::Relaxed), total);
    let tick = || progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
    let second = search_all(a, cfg, &after_jobs, 2, opts.jobs, &tick);
    let value = |s: &Source, seat: usize| match s {
        Source::Result(values) => values[seat],
        Source::First(j) => first[*j].values[seat],
        Source::Second(k) => second[*k].values[seat],
    };
    let plies = plies
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (seat, j) = (p.seat.index(), job_of[i]);
            let found = &first[j];
            let (before, after) = (value(&best_of[j], seat), value(&after_of[i], seat));
            let (value_before, value_after) = (score(before), score(after));
            let best = found.best.iter().find(|(q, _)| *q == p.seat).map(|(_, m)| a.format_turn(&p.base, p.seat, m));
            let loss = value_before - value_after;
            PlyAnalysis {
                ply: p.ply,
                player: seat,
                played: p.text.clone(),
                best: best.unwrap_or_default(),
                value_before,
                value_after,
                loss,
                blunder: loss > opts.blunder,
            }
        })
        .collect();
    Ok(Analysis { game: a.name().to_string(), config: Some(a.config()), bot, plies })
}

/// Where a position's values come from.
enum Source {
    /// The referee's result (a forfeit).
    Result([f64; MAX_PLAYERS]),
    /// Phase 1's search of a decision.
    First(usize),
    /// Phase 2's search of a position after a turn.
    Second(usize),
}

/// How many of the latest phase-2 positions a new one is compared with
/// (those of the same round: four teams' plies and the round's best).
const RECENT: usize = 8;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{PlayOptions, RecordTail, RecordWriter, play_game_to};
    use ::nim::protocol::Referee as NimReferee;

    /// A recorded Nim game (random against random), read back.
    fn nim_record(a: &NimReferee, seed: u64) -> String {
        let dir = tempfile::tempdir().unwrap();
        let opts = PlayOptions { time_factor: 1.0, record_dir: Some(dir.path().into()), replay_args: Vec::new() };
        let seats = vec![("random".to_string(), BotSpec::Random), ("random".to_string(), BotSpec::Random)];
        let mut w = RecordWriter::create(dir.path(), "nim.json").unwrap();
        let played = play_game_to(a, &seats, seed, &opts, Some(&mut w)).unwrap();
        let file = w.finish(&RecordTail::of(&played, 0, seed)).unwrap();
        std::fs::read_to_string(file).unwrap()
    }

    #[test]
    fn nim_blunders_are_exactly_the_moves_that_give_up_a_won_game() {
        // Nim, takes of 1 to 3: the player to move wins unless the pile is
        // a multiple of 4; a move from a won position that leaves a pile
        // not a multiple of 4 gives the win away.
        let a = NimReferee { pile: 11, max_take: 3 };
        let opts = AnalysisOptions { bot: "mcts:iters=3000".into(), jobs: 2, blunder: 0.4 };
        let mut blunders = 0;
        for seed in 0..4 {
            let r = analyze(&a, &nim_record(&a, seed), &opts, &|_, _| {}).unwrap();
            let mut pile = 11u8;
            for p in &r.plies {
                let take: u8 = p.played.parse().unwrap();
                let won = pile % 4 != 0;
                let gave_up = won && (pile - take) % 4 != 0;
                assert_eq!(p.value_before > 0.5, won, "pile {pile}: {p:?}");
                assert_eq!(p.blunder, gave_up, "pile {pile}, took {take}: {p:?}");
                if won {
                    assert_eq!((pile - p.best.parse::<u8>().unwrap()) % 4, 0, "pile {pile}: best {}", p.best);
                }
                blunders += usize::from(p.blunder);
                pile -= take;
            }
            assert_eq!(pile, 0, "every ply analysed");
        }
        assert!(blunders > 0, "random players gave up no won game in 4 games");
    }

    #[test]
    fn only_an_mcts_spec_analyses_and_a_timed_one_gets_the_default_budget() {
        let a = NimReferee { pile: 11, max_take: 3 };
        let (cfg, name) = analysis_search(&a, "mcts").unwrap();
        assert_eq!((cfg.budget, name.as_str()), (Budget::Iterations(DEFAULT_ITERATIONS), "mcts:iters=10000"));
        assert_eq!(analysis_search(&a, "best").unwrap().1, "mcts:iters=10000");
        let yavalath = yavalath::protocol::Referee;
        assert_eq!(yavalath.best_bot(), "alphabeta");
        assert_eq!(analysis_search(&yavalath, "best").unwrap().1, "mcts:iters=10000", "alpha-beta has no values");
        let (_, name) = analysis_search(&a, "mcts:c=0.5").unwrap();
        assert_eq!(name, "mcts:c=0.5,iters=10000");
        assert_eq!(analysis_search(&a, "mcts:iters=7").unwrap().1, "mcts:iters=7");
        for spec in ["random", "alphabeta:depth=2", "cmd:./bot"] {
            assert!(matches!(analysis_search(&a, spec), Err(AnalysisError::NotASearch { .. })), "{spec}");
        }
        let bad = AnalysisOptions { blunder: -0.1, ..AnalysisOptions::default() };
        let e = analyze(&a, &nim_record(&a, 1), &bad, &|_, _| {}).unwrap_err();
        assert_eq!(e.to_string(), "blunder threshold -0.1: expected a number from 0 to 1 (a loss of expected score)");
    }
}
