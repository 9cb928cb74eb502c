//! Generic tools on Nim (the `nim` crate), the tiny game: the overhead floor of perft and
//! random playouts through the `Game` trait.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{perft, random_playouts, rng};
use nim::Nim;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let start = Nim::new(24, 3);
    let nodes = perft(&start, 8);
    assert_eq!(nodes, 3u64.pow(8), "24 stones: every line of 8 moves takes at most 24");
    let mut g = c.benchmark_group("game-core/nim");
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft-8", |b| b.iter(|| perft(black_box(&start), 8)));
    g.throughput(Throughput::Elements(1000));
    g.bench_function("playouts-1000", |b| {
        let mut r = rng::seeded(1);
        b.iter(|| random_playouts(black_box(&start), 1000, &mut r).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
