//! Perft from the start positions, checked against the reference.

mod common;
use common::{Reference, reference_perft};
use game_core::perft;
use quoridor::{Config, Quoridor};

fn start(size: u8, players: u8) -> Quoridor {
    Quoridor::new(Config::new(size, players).with_tick_limit(None)).unwrap()
}

#[test]
fn perft_print() {
    for (m, n, d) in [(9, 2, 2), (9, 4, 2), (5, 2, 3), (5, 4, 3)] {
        let s = start(m, n);
        let fast: Vec<u64> = (1..=d).map(|k| perft(&s, k)).collect();
        let slow: Vec<u64> = (1..=d).map(|k| reference_perft(&Reference::from_state(&s), k)).collect();
        println!("{m} {n}: {fast:?} {slow:?}");
        assert_eq!(fast, slow);
    }
}
