//! Benchmarks of the parallel-football crate: turn resolution per order,
//! whole games of four greedy teams, and uniformly random games through the
//! `Game` trait.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use game_core::rng::seeded;
use game_core::{PlayerId, random_playout};
use parallel_football::{
    Config, Field, GreedyTeam, Order, ParallelFootball, RandomTeam, TurnReport, play_game, run_game,
};
use std::hint::black_box;

/// A mid-game field (two greedy and two random teams played `warmup` turns)
/// and the orders those teams give next: a mix of kicks (contested ones
/// included), moves and stays.
fn position(p: u32, k: u32, warmup: u32) -> (Field, Vec<Order>) {
    let config = Config::standard(p, k).unwrap();
    // Teams 0 and 1 greedy, 2 and 3 random.
    let mut greedy = [GreedyTeam::new(), GreedyTeam::new()];
    let mut random = [RandomTeam::new(2), RandomTeam::new(3)];
    let mut starts = Vec::new();
    for (t, g) in (0u8..).zip(&mut greedy) {
        g.place(&config, PlayerId(t), &mut starts);
    }
    for (t, r) in (2u8..).zip(&mut random) {
        r.place(&config, PlayerId(t), &mut starts);
    }
    let mut field = Field::new(config, &starts).unwrap();
    let p = p as usize;
    let mut orders = vec![Order::Stay; 4 * p];
    let mut rng = seeded(1);
    let mut report = TurnReport::default();
    for turn in 0..=warmup {
        let (mine, theirs) = orders.split_at_mut(2 * p);
        for ((t, g), out) in (0u8..).zip(&mut greedy).zip(mine.chunks_mut(p)) {
            g.orders(&field, PlayerId(t), out);
        }
        for ((t, r), out) in (2u8..).zip(&mut random).zip(theirs.chunks_mut(p)) {
            r.orders(&field, PlayerId(t), out);
        }
        if turn < warmup {
            field.resolve_turn(&orders, &mut rng, &mut report).unwrap();
        }
    }
    (field, orders)
}

fn turn_resolution(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel-football/resolve-turn");
    for (p, k) in [(255, 10), (255, 46), (10, 10), (10, 46)] {
        let (field, orders) = position(p, k, 20);
        let kicks = orders.iter().filter(|o| o.is_kick()).count();
        let mut probe = field.clone();
        let report = probe.play_turn(&orders, &mut seeded(0)).unwrap();
        eprintln!(
            "p={p} k={k}: {} orders, {kicks} kicks, {} contested successes, {} failures, {} illegal",
            orders.len(),
            report.successes.len(),
            report.failures.len(),
            report.illegal.len()
        );
        g.throughput(Throughput::Elements(orders.len() as u64));
        let mut rng = seeded(7);
        let mut report = TurnReport::default();
        g.bench_function(format!("p{p}-k{k}"), |b| {
            b.iter_batched_ref(
                || field.clone(),
                |f| f.resolve_turn(black_box(&orders), &mut rng, &mut report).unwrap(),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

/// Resolves every turn of a recorded game (two greedy, two random teams,
/// 200 turns or fewer) on one field, as a game loop does: the per-order cost
/// with the field's memory warm.
fn turn_resolution_in_a_game(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel-football/resolve-game-turns");
    for (p, k) in [(255, 10), (255, 46), (10, 10), (10, 46)] {
        let config = Config::standard(p, k).unwrap().with_max_turns(200).unwrap();
        let (mut g0, mut g1) = (GreedyTeam::new(), GreedyTeam::new());
        let (mut r2, mut r3) = (RandomTeam::new(2), RandomTeam::new(3));
        let record = play_game(config, [&mut g0, &mut g1, &mut r2, &mut r3], 9);
        let orders: u64 = record.turns.iter().map(|t| t.orders.len() as u64).sum();
        let start = Field::new(config, &record.starts).unwrap();
        eprintln!("p={p} k={k}: {} turns, {orders} orders", record.turns.len());
        g.throughput(Throughput::Elements(orders));
        let mut report = TurnReport::default();
        g.bench_function(format!("p{p}-k{k}"), |b| {
            b.iter_batched_ref(
                || start.clone(),
                |f| {
                    let mut rng = seeded(9);
                    for t in &record.turns {
                        f.resolve_turn(black_box(&t.orders), &mut rng, &mut report).unwrap();
                    }
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

fn greedy_game(c: &mut Criterion) {
    let config = Config::standard(10, 10).unwrap();
    let play = || {
        let mut t: [GreedyTeam; 4] = Default::default();
        let [a, b, c, d] = &mut t;
        run_game(config, [a, b, c, d], 1)
    };
    let end = play();
    eprintln!(
        "greedy game p=10 k=10: {} turns, end {:?}, scores {:?}, balls left {}",
        end.turn(),
        end.end_reason(),
        end.scores(),
        end.balls_left()
    );
    let mut g = c.benchmark_group("parallel-football/game");
    g.sample_size(10);
    g.throughput(Throughput::Elements(u64::from(end.turn())));
    g.bench_function("greedy-x4-p10-k10", |b| b.iter(|| black_box(play())));
    g.finish();
}

/// Uniformly random games through the `Game` trait (placement, every order
/// and every ball allocation drawn at random), as `arena bench
/// parallel-football` plays them: the generic `game_core::random_playout`,
/// which for this game is the per-move loop itself (there is no specialised
/// playout; the fast core is the turn resolution above).
fn random_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("parallel-football/random-game");
    for (p, k) in [(4u32, 10u32), (1, 3)] {
        let start = ParallelFootball::new(Config::standard(p, k).unwrap().with_max_turns(2000).unwrap()).unwrap();
        let mut rng = seeded(5);
        let mut buf = Vec::new();
        let games = 20;
        let plies: u64 = (0..games).map(|_| random_playout(&mut start.clone(), &mut rng, &mut buf).unwrap()).sum();
        eprintln!("p={p} k={k}: {:.1} plies per random game", plies as f64 / games as f64);
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("p{p}-k{k}-turns2000"), |b| {
            b.iter(|| black_box(random_playout(&mut start.clone(), &mut rng, &mut buf).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, turn_resolution, turn_resolution_in_a_game, greedy_game, random_games);
criterion_main!(benches);
