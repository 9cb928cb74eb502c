//! Perft at step level and at whole-turn level, checked against the naive
//! reference model of `common` (not against hard-coded numbers).

mod common;

use common::*;
use game_core::perft;
use paper_soccer::{Board, PaperSoccer, Pitch, slots};

/// Mid-game positions: seeded random step walks (some end mid-turn, near
/// borders, where bounces make many step orders).
fn fixtures() -> Vec<String> {
    let start = PaperSoccer::default();
    let mut v = vec![String::new()];
    // (Seeds 4 and 6 with 60 and 80 steps give positions with millions of
    // distinct turns: the benches use those.)
    for (seed, len) in [(1, 12), (2, 25), (3, 40), (5, 30)] {
        v.push(random_steps(&start, seed, len));
    }
    v
}

#[test]
fn step_perft_matches_the_naive_model_from_start_and_mid_game() {
    let start = PaperSoccer::default();
    for steps in fixtures() {
        let b = board_after(&start, &steps);
        let n = naive_after(8, 10, &steps);
        agrees(&b, &n).unwrap();
        let depth = if steps.is_empty() { 4 } else { 3 };
        for d in 0..=depth {
            assert_eq!(perft(&b, d), naive_perft(&n, d), "steps {steps:?} depth {d}");
        }
    }
}

#[test]
fn turn_perft_matches_the_naive_model_from_start_and_mid_game() {
    let start = PaperSoccer::default();
    for steps in fixtures() {
        let b = board_after(&start, &steps);
        let n = naive_after(8, 10, &steps);
        let depth = if steps.is_empty() { 3 } else { 2 };
        for d in 0..=depth {
            assert_eq!(b.turn_perft(d), naive_turn_perft(&n, d), "steps {steps:?} depth {d}");
        }
    }
}

#[test]
fn turn_perft_from_start_counts_single_steps_first() {
    // From the start every step reaches a fresh point: 8 one-step turns.
    let start = PaperSoccer::default();
    assert_eq!(start.turn_perft(1), 8);
    assert_eq!(start.turn_perft(1), perft(&start, 1));
}

#[test]
fn other_pitch_sizes_match_the_naive_model() {
    let b = Board::<{ slots(4, 4) }>::new(Pitch::new(4, 4).unwrap()).unwrap();
    let n = Naive::new(4, 4);
    agrees(&b, &n).unwrap();
    for d in 0..=5 {
        assert_eq!(perft(&b, d), naive_perft(&n, d), "4x4 step depth {d}");
    }
    for d in 0..=3 {
        assert_eq!(b.turn_perft(d), naive_turn_perft(&n, d), "4x4 turn depth {d}");
    }
    let b = Board::<{ slots(6, 8) }>::new(Pitch::new(6, 8).unwrap()).unwrap();
    let n = Naive::new(6, 8);
    for d in 0..=3 {
        assert_eq!(perft(&b, d), naive_perft(&n, d), "6x8 step depth {d}");
    }
}
