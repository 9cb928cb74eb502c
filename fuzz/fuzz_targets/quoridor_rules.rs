//! Quoridor rules (2 and 4 players, small and default boards) driven by
//! arbitrary bytes (game_core::testing::fuzz_game_zobrist).
#![no_main]

use libfuzzer_sys::fuzz_target;
use quoridor::{Config, Quoridor};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else { return };
    let config = Config {
        walls: [0, 4, 8, 20][usize::from(shape >> 3 & 3)],
        tick_limit: if shape & 32 == 0 { Some(100) } else { Some(12) },
        ..Config::new([5, 7, 9, 11][usize::from(shape % 4)], if shape & 4 == 0 { 2 } else { 4 })
            .expect("a supported size and player count")
    };
    let Ok(start) = Quoridor::new(config) else { return };
    if let Err(v) = game_core::testing::fuzz_game_zobrist(&start, rest) {
        panic!("{v}");
    }
});
