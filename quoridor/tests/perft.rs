//! Perft from the start positions (tick limit off), checked against the
//! plain reference.

mod common;
use common::{Reference, reference_perft};
use game_core::perft;
use quoridor::{Config, Quoridor};

fn start(size: u8, players: u8) -> Quoridor {
    Quoridor::new(Config { tick_limit: None, ..Config::new(size, players) }).unwrap()
}

/// `(size, players, perft at depth 1, 2, ...)`, counted by the fast
/// generator and by the reference (the deepest entries with
/// `perft_reference_deep`, run in release mode).
const TABLE: &[(u8, u8, &[u64])] = &[
    (9, 2, &[131, 16_677, 2_062_264]),
    (9, 4, &[131, 16_677, 2_062_065]),
    (7, 2, &[75, 5_357, 363_872]),
    (5, 2, &[35, 1_109, 31_540, 794_442]),
    (5, 4, &[35, 1_109, 31_365, 776_775]),
];

#[test]
fn perft_from_the_start_matches_the_table() {
    for &(m, n, counts) in TABLE {
        let s = start(m, n);
        // The deepest 9x9 and 5x5 levels take a moment in the test profile; two levels less suffice.
        let depth = if m == 9 { 2 } else { counts.len() - 1 };
        for (d, &expected) in counts.iter().enumerate().take(depth) {
            assert_eq!(perft(&s, d as u32 + 1), expected, "size {m}, {n} players, depth {}", d + 1);
        }
    }
}

#[test]
fn perft_matches_the_reference_at_shallow_depths() {
    for &(m, n, counts) in TABLE {
        let s = start(m, n);
        let depth = match (m, n) {
            (5, 2) => 3,
            (9, 4) => 1,
            _ => 2,
        };
        for (d, &expected) in counts.iter().enumerate().take(depth) {
            assert_eq!(reference_perft(&Reference::from_state(&s), d as u32 + 1), expected, "size {m}, {n} players");
        }
    }
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn perft_reference_deep() {
    for &(m, n, counts) in TABLE {
        let s = start(m, n);
        let d = counts.len() as u32;
        assert_eq!(perft(&s, d), counts[d as usize - 1]);
        assert_eq!(reference_perft(&Reference::from_state(&s), d), counts[d as usize - 1], "size {m}, {n} players");
    }
}
