//! MCTS iterations per second on fixed positions of each game: the arena's
//! old MCTS against `game_search::Mcts` (uniform playouts to the end, no
//! tree reuse), same iteration count, same positions; and, as
//! `game-search+eval`, `game_search::Mcts` as the arena's `mcts` bot runs
//! it (playouts cut after a few plies and scored by the game crate's
//! `evaluation::value`).
//!
//! `cargo bench -p benches --bench search -- --warm-up-time 1 --measurement-time 3`

mod old_mcts;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::rng::{below, seeded};
use game_core::{Game, MAX_PLAYERS, PlayerId};
use game_search::{Budget, EvalCut, Mcts, MctsConfig};
use std::hint::black_box;

const ITERS: u32 = 200;

/// `plies` seeded random moves (and chance events) from `g`, never a move
/// that ends the game (so that the position has a player to act).
fn advance<G: Game>(mut g: G, plies: usize, seed: u64) -> G {
    let mut rng = seeded(seed);
    let mut buf = Vec::new();
    for _ in 0..plies {
        if g.resolve_chance(&mut rng).is_some() {
            continue;
        }
        let Some(p) = g.to_act().next_decider() else { break };
        g.legal_moves(p, &mut buf);
        if buf.is_empty() {
            break;
        }
        let k = below(&mut rng, buf.len());
        let Some(next) = (0..buf.len())
            .map(|i| {
                let mut n = g.clone();
                n.play_unchecked(p, buf[(k + i) % buf.len()]);
                n
            })
            .find(|n| !n.is_over())
        else {
            break;
        };
        g = next;
    }
    g
}

/// The arena `mcts` bot's playout length and leaf value for a game.
type Eval<G> = Option<(u32, fn(&G, PlayerId) -> f64)>;

fn compare<G: Game>(c: &mut Criterion, name: &str, g: &G, eval: Eval<G>) {
    let me = g.to_act().next_decider().expect("a position with a player to act");
    let mut group = c.benchmark_group(format!("mcts/{name}"));
    group.throughput(Throughput::Elements(u64::from(ITERS)));
    group.bench_function("old-arena", |b| {
        let cfg = old_mcts::MctsConfig { budget: old_mcts::Budget::Iterations(ITERS), ..Default::default() };
        let mut m = old_mcts::Mcts::<G>::new(cfg, 1);
        b.iter(|| black_box(m.search(g, me)));
    });
    group.bench_function("game-search", |b| {
        let cfg = MctsConfig { budget: Budget::Iterations(ITERS), reuse_tree: false, ..MctsConfig::default() };
        let mut m = Mcts::<G>::new(cfg, 1);
        b.iter(|| black_box(m.search(g, me)));
    });
    if let Some((limit, value)) = eval {
        group.bench_function("game-search+eval", |b| {
            let cfg = MctsConfig {
                budget: Budget::Iterations(ITERS),
                reuse_tree: false,
                playout_limit: limit,
                ..MctsConfig::default()
            };
            let policy = EvalCut(move |g: &G, out: &mut [f64; MAX_PLAYERS]| {
                for (i, v) in out.iter_mut().enumerate().take(g.players()) {
                    *v = value(g, PlayerId(i as u8));
                }
            });
            let mut m = Mcts::with_policy(cfg, policy, 1);
            b.iter(|| black_box(m.search(g, me)));
        });
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    compare(c, "yavalath", &advance(yavalath::Yavalath::new(), 10, 1), Some((4, yavalath::evaluation::value)));
    let ps = advance(paper_soccer::PaperSoccer::default(), 20, 2);
    compare(c, "paper-soccer", &ps, Some((0, paper_soccer::evaluation::value)));
    let q = quoridor::Quoridor::new(quoridor::Config::new(9, 2).unwrap()).expect("standard quoridor");
    compare(c, "quoridor", &advance(q, 10, 3), Some((0, quoridor::evaluation::value)));
    let f = parallel_football::ParallelFootball::new(
        parallel_football::Config::new(32, 32, 4, 10, 20_000).expect("config"),
    )
    .expect("football");
    compare(c, "parallel-football", &advance(f, 16 + 40, 4), None);
}

criterion_group!(benches, bench);
criterion_main!(benches);
