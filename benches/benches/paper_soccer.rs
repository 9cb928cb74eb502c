//! Benchmarks of the paper-soccer crate: random step-level games (the
//! crate's fast playout, the generic `game_core::random_playout` through
//! `Game::play_out_randomly`, and the per-move loop through the trait that
//! game-search's playouts run, side by side), whole-turn generation on
//! mid-game positions, perft, and the searches' evaluations and iterations
//! (`value` and `turn_value`; `Mcts` and `DagMcts` on evaluated leaves).
//!
//! `cargo bench -p benches --bench paper_soccer -- --warm-up-time 1 --measurement-time 3`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_core::MAX_PLAYERS;
use game_core::rng::{below, seeded};
use game_core::{perft, random_playout};
use game_search::{Budget, DagConfig, DagMcts, EvalCut, Mcts, MctsConfig, UniformRandom, playout};
use paper_soccer::evaluation::{turn_value, value};
use paper_soccer::{Dir, PaperSoccer, TurnGen};
use std::hint::black_box;
use std::ops::ControlFlow;

/// The position after up to `max` seeded random steps that do not end the
/// game (the same walk as the crate's tests use for fixtures).
fn walk(seed: u64, max: usize) -> PaperSoccer {
    let mut rng = seeded(seed);
    let mut b = PaperSoccer::default();
    for _ in 0..max {
        let safe: Vec<Dir> = b
            .legal_dirs()
            .iter()
            .filter(|&d| {
                let mut c = b;
                c.step(d);
                !c.is_over()
            })
            .collect();
        if safe.is_empty() {
            break;
        }
        b.step(safe[below(&mut rng, safe.len())]);
    }
    b
}

fn random_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("paper_soccer/random_game");
    g.throughput(Throughput::Elements(1));
    let start = PaperSoccer::default();
    let mut rng = seeded(1);
    g.bench_function("fast_playout", |b| {
        b.iter(|| {
            let mut s = start;
            black_box(s.random_playout(&mut rng))
        })
    });
    let mut buf = Vec::new();
    g.bench_function("game_core_random_playout", |b| {
        b.iter(|| {
            let mut s = start;
            black_box(random_playout(&mut s, &mut rng, &mut buf).unwrap_or(0))
        })
    });
    // The per-move loop through the trait (what game-search's playouts run).
    let mut out = [0.0; game_core::MAX_PLAYERS];
    g.bench_function("stepwise_playout", |b| {
        b.iter(|| {
            let mut s = start;
            playout(&mut s, &mut UniformRandom, u32::MAX, &mut rng, &mut buf, &mut out);
            black_box(out[0])
        })
    });
    g.finish();
}

/// Positions from turn 6 on of seeded games of uniformly random whole turns.
fn game_positions(games: u64) -> Vec<PaperSoccer> {
    let mut rng = seeded(9);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = PaperSoccer::default();
        let mut t = 0;
        while !b.is_over() {
            let turns = b.legal_turns(1000);
            if t >= 6 {
                out.push(b);
            }
            if b.play_turn_steps(&turns[below(&mut rng, turns.len())]).is_err() {
                break;
            }
            t += 1;
        }
    }
    out
}

fn turn_generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("paper_soccer/turn_generation");
    let mut tg = TurnGen::new();
    let positions = game_positions(20);
    let total: u64 =
        positions.iter().map(|p| tg.for_each_turn(p, 100_000, |_, _| ControlFlow::Continue(())).turns).sum();
    g.throughput(Throughput::Elements(total));
    g.bench_function(format!("random_game_positions_{}_turns{total}", positions.len()), |b| {
        b.iter(|| {
            let mut n = 0u64;
            for p in &positions {
                n += tg.for_each_turn(p, 100_000, |_, _| ControlFlow::Continue(())).turns;
            }
            black_box(n)
        })
    });
    for (seed, len, cap) in
        [(2u64, 25usize, u64::MAX), (3, 40, u64::MAX), (5, 30, u64::MAX), (4, 60, 200_000), (6, 80, 200_000)]
    {
        let pos = walk(seed, len);
        let turns = tg.for_each_turn(&pos, cap, |_, _| ControlFlow::Continue(())).turns;
        g.throughput(Throughput::Elements(turns));
        g.bench_with_input(BenchmarkId::new("walk", format!("seed{seed}_steps{len}_turns{turns}")), &pos, |b, pos| {
            b.iter(|| {
                let mut n = 0u64;
                tg.for_each_turn(pos, cap, |steps, after| {
                    n = n.wrapping_add(steps.len() as u64 ^ after.ball().x as u64);
                    ControlFlow::Continue(())
                });
                black_box(n)
            })
        });
    }
    g.finish();
}

fn perfts(c: &mut Criterion) {
    let mut g = c.benchmark_group("paper_soccer/perft");
    let start = PaperSoccer::default();
    let mid = walk(2, 25);
    for (name, pos, depth) in [("start_steps", start, 5u32), ("walk2_steps", mid, 4)] {
        let n = perft(&pos, depth);
        g.throughput(Throughput::Elements(n));
        g.bench_function(format!("{name}_depth{depth}_{n}"), |b| b.iter(|| black_box(perft(&pos, depth))));
    }
    for (name, pos, depth) in [("start_turns", start, 3u32), ("walk2_turns", mid, 2)] {
        let n = pos.turn_perft(depth);
        g.throughput(Throughput::Elements(n));
        g.bench_function(format!("{name}_depth{depth}_{n}"), |b| b.iter(|| black_box(pos.turn_perft(depth))));
    }
    g.finish();
    assert!(!start.is_over());
}

/// The leaf evaluations per position, and search iterations per second of
/// `Mcts` and `DagMcts` scored by them (the arena's `mcts` and `search`),
/// 2,000 iterations from one mid-game position with a fresh search each
/// time.
fn search(c: &mut Criterion) {
    let mut g = c.benchmark_group("paper_soccer/search");
    let positions = game_positions(20);
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function(format!("value_{}_positions", positions.len()), |b| {
        b.iter(|| positions.iter().map(|p| value(p, game_core::PlayerId(0))).sum::<f64>())
    });
    g.bench_function(format!("turn_value_{}_positions", positions.len()), |b| {
        b.iter(|| positions.iter().map(|p| turn_value(p, game_core::PlayerId(0))).sum::<f64>())
    });
    type Eval = fn(&PaperSoccer, game_core::PlayerId) -> f64;
    let pos = positions[positions.len() / 2];
    let me = pos.to_move().expect("a game going on");
    let iterations = 2000;
    g.throughput(Throughput::Elements(u64::from(iterations)));
    for (name, eval) in [("value", value as Eval), ("turn_value", turn_value as Eval)] {
        let policy = EvalCut(move |g: &PaperSoccer, out: &mut [f64; MAX_PLAYERS]| {
            out[0] = eval(g, game_core::PlayerId(0));
            out[1] = -out[0];
        });
        let cfg = MctsConfig {
            budget: Budget::Iterations(iterations),
            playout_limit: 0,
            reuse_tree: false,
            ..MctsConfig::default()
        };
        g.bench_function(format!("mcts_{name}_iterations"), |b| {
            b.iter(|| black_box(Mcts::with_policy(cfg, policy, 1).search(&pos, me).len()))
        });
        g.bench_function(format!("dag_{name}_iterations"), |b| {
            b.iter(|| {
                black_box(
                    DagMcts::with_policy(DagConfig::default(), policy, 1)
                        .search(&pos, Budget::Iterations(iterations))
                        .len(),
                )
            })
        });
    }
    g.finish();
}

criterion_group!(benches, random_games, turn_generation, perfts, search);
criterion_main!(benches);
