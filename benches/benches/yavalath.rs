//! Yavalath: uniformly random games from the empty board, side by side with the same generators:
//! the generic `game_core::random_playouts` (through `Game::play_out_randomly`), the per-move loop
//! through the trait (`to_act`, `random_legal_move`, `play_unchecked`, as game-search's playouts
//! run it) and the crate's specialised bitboard playout; the legal moves as a bitboard and as a `Vec`, one move with its
//! outcome check, the threat queries, and perft.
//!
//! `cargo bench -p benches --bench yavalath -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_core::{Game, PlayerId, RngCore, perft, random_playouts, rng};
use game_search::{UniformRandom, playout};
use std::hint::black_box;
use yavalath::{Cell, Yavalath};

/// A small fast generator (SplitMix64) to show the playout cost without ChaCha's.
struct SplitMix(u64);

impl RngCore for SplitMix {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        let out = game_core::rng::splitmix64(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

fn bench(c: &mut Criterion) {
    eprintln!("size_of::<Yavalath>() = {} bytes", std::mem::size_of::<Yavalath>());
    let start = Yavalath::new();
    let mut g = c.benchmark_group("yavalath");

    const GAMES: u64 = 1000;
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function("random-games-1000/generic-chacha8", |b| {
        let mut r = rng::seeded(1);
        b.iter(|| random_playouts(black_box(&start), GAMES, &mut r).unwrap())
    });
    g.bench_function("random-games-1000/generic-splitmix", |b| {
        let mut r = SplitMix(1);
        b.iter(|| random_playouts(black_box(&start), GAMES, &mut r).unwrap())
    });
    // The per-move loop through the trait (what game-search's playouts run): `to_act`,
    // `random_legal_move`, `play_unchecked` at every move.
    g.bench_function("random-games-1000/stepwise-chacha8", |b| {
        let mut r = rng::seeded(1);
        let (mut buf, mut out) = (Vec::new(), [0.0; game_core::MAX_PLAYERS]);
        b.iter(|| {
            for _ in 0..GAMES {
                let mut s = start;
                playout(&mut s, &mut UniformRandom, u32::MAX, &mut r, &mut buf, &mut out);
            }
            out[0]
        })
    });
    g.bench_function("random-games-1000/fast-chacha8", |b| {
        let mut r = rng::seeded(1);
        b.iter(|| {
            let mut plies = 0u32;
            for _ in 0..GAMES {
                let mut s = start;
                plies += s.random_playout(&mut r);
            }
            plies
        })
    });
    g.bench_function("random-games-1000/fast-splitmix", |b| {
        let mut r = SplitMix(1);
        b.iter(|| {
            let mut plies = 0u32;
            for _ in 0..GAMES {
                let mut s = start;
                plies += s.random_playout(&mut r);
            }
            plies
        })
    });

    // One move and its outcome check: every legal move of a middle position, on a copy.
    let mid = Yavalath::replay(
        &[(4, 4), (0, 0), (2, 2), (6, 2), (1, 5), (3, 7), (7, 4), (5, 1), (3, 4), (2, 6)]
            .map(|(x, y)| Cell::from_xy(x, y).unwrap()),
    )
    .unwrap();
    assert!(mid.end().is_none());
    let moves: Vec<Cell> = mid.legal().iter().collect();

    // The legal moves of the middle position: the bitboard, the bitboard walked cell by cell, and
    // game-core's `legal_moves` into a reused `Vec` (the ratio is quoted in the crate docs).
    g.throughput(Throughput::Elements(1));
    g.bench_function("legal-moves/bitboard", |b| b.iter(|| black_box(mid).legal()));
    g.bench_function("legal-moves/bitboard-iter", |b| {
        b.iter(|| black_box(mid).legal().iter().fold(0u32, |acc, c| acc ^ u32::from(c.bit())))
    });
    g.bench_function("legal-moves/vec", |b| {
        let mut buf = Vec::with_capacity(64);
        b.iter(|| {
            black_box(mid).legal_moves(PlayerId(0), &mut buf);
            buf.len()
        })
    });
    g.throughput(Throughput::Elements(moves.len() as u64));
    g.bench_function("play-and-outcome", |b| {
        b.iter(|| {
            let mut ends = 0u32;
            for &m in &moves {
                let mut s = black_box(mid);
                s.play_unchecked(PlayerId(0), m);
                ends += u32::from(s.end().is_some());
            }
            ends
        })
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("winning-and-losing-cells", |b| {
        b.iter(|| {
            let s = black_box(mid);
            (s.winning_cells(PlayerId(0)), s.losing_cells(PlayerId(1)))
        })
    });

    let nodes = perft(&start, 3);
    assert_eq!(nodes, 61 * (60 + 60 * 59));
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft-3", |b| b.iter(|| perft(black_box(&start), 3)));
    let nodes = perft(&start, 4);
    assert_eq!(nodes, 61 * 60 * 59 * 58 + 61 * 60 * 59);
    g.throughput(Throughput::Elements(nodes));
    g.sample_size(10);
    g.bench_function("perft-4", |b| b.iter(|| perft(black_box(&start), 4)));
    // The same count on the bitboards, without move lists (the deep rows of doc/perft.md).
    assert_eq!(start.perft(4), nodes);
    g.bench_function("perft-4/bitboard", |b| b.iter(|| black_box(&start).perft(4)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
