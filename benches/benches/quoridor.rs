//! Benchmarks of the quoridor crate: full legal-move generation on positions
//! from random games, uniformly random whole games (the comparison's tick
//! limit of 324; the generic `game_core::random_playout`, which plays the
//! crate's own playout through `Game::play_out_randomly`, beside the per-move
//! loop through the trait that game-search's playouts run), and perft from
//! the start. `benches/openspiel/quoridor.py` compares the random games with
//! OpenSpiel's.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::rng::{below, seeded};
use game_core::{Game, ToAct, perft, random_playout};
use game_search::{UniformRandom, playout};
use quoridor::{Config, Move, Quoridor};
use std::hint::black_box;

fn config(players: u8, tick_limit: u32) -> Config {
    Config { tick_limit: Some(tick_limit), ..Config::new(9, players).unwrap() }
}

/// Every position of `games` uniformly random games (each ply uniform over
/// all legal moves).
fn corpus(players: u8, games: u64) -> Vec<Quoridor> {
    let start = Quoridor::new(config(players, 324)).unwrap();
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..games {
        let mut rng = seeded(seed);
        let mut g = start;
        while let ToAct::Player(p) = g.to_act() {
            out.push(g);
            g.legal_moves(p, &mut moves);
            let mv = moves[below(&mut rng, moves.len())];
            g.play_unchecked(p, mv);
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let mut g = c.benchmark_group("quoridor/movegen");
    for players in [2u8, 4] {
        let all = corpus(players, 40);
        let with_walls: Vec<Quoridor> =
            all.iter().copied().filter(|s| s.walls_left(s.to_move().unwrap()) > 0).collect();
        let mut moves: Vec<Move> = Vec::with_capacity(256);
        let total: usize = all
            .iter()
            .map(|s| {
                s.legal_moves(s.to_move().unwrap(), &mut moves);
                moves.len()
            })
            .sum();
        eprintln!(
            "{players} players: {} positions, {} with walls left for the mover, {:.1} moves on average",
            all.len(),
            with_walls.len(),
            total as f64 / all.len() as f64
        );
        for (name, set) in [("random-game-positions", &all), ("positions-with-walls-left", &with_walls)] {
            g.throughput(Throughput::Elements(set.len() as u64));
            g.bench_function(format!("{players}p-{name}"), |b| {
                b.iter(|| {
                    let mut n = 0;
                    for s in set.iter() {
                        s.legal_moves(s.to_move().unwrap(), &mut moves);
                        n += moves.len();
                    }
                    black_box(n)
                })
            });
        }
    }
    g.finish();
}

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("quoridor/random-game");
    for (players, tick_limit) in [(2u8, 324u32), (4, 324), (2, 100)] {
        let start = Quoridor::new(config(players, tick_limit)).unwrap();
        let mut moves = Vec::with_capacity(256);
        let mut rng = seeded(42);
        let games = 2000;
        let plies: u64 = (0..games).map(|_| random_playout(&mut start.clone(), &mut rng, &mut moves).unwrap()).sum();
        eprintln!("{players} players, tick limit {tick_limit}: {:.1} plies per game", plies as f64 / games as f64);
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("{players}p-ticks{tick_limit}"), |b| {
            b.iter(|| {
                let mut s = start;
                black_box(random_playout(&mut s, &mut rng, &mut moves).unwrap())
            })
        });
        // The per-move loop through the trait (what game-search's playouts run): no table of the
        // pawns' steps once the walls are spent.
        let mut out = [0.0; game_core::MAX_PLAYERS];
        g.bench_function(format!("{players}p-ticks{tick_limit}/stepwise"), |b| {
            b.iter(|| {
                let mut s = start;
                playout(&mut s, &mut UniformRandom, u32::MAX, &mut rng, &mut moves, &mut out);
                black_box(out[0])
            })
        });
    }
    g.finish();
}

fn perfts(c: &mut Criterion) {
    let mut g = c.benchmark_group("quoridor/perft");
    g.sample_size(10);
    for (players, depth, expected) in [(2u8, 3u32, 2_062_264u64), (4, 3, 2_062_065)] {
        let start = Quoridor::new(Config { tick_limit: None, ..Config::new(9, players).unwrap() }).unwrap();
        assert_eq!(perft(&start, depth), expected);
        g.throughput(Throughput::Elements(expected));
        g.bench_function(format!("{players}p-start-depth{depth}"), |b| b.iter(|| perft(black_box(&start), depth)));
    }
    g.finish();
}

criterion_group!(benches, movegen, playouts, perfts);
criterion_main!(benches);
