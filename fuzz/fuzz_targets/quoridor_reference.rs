//! Quoridor's fast move generator against the plain reference model
//! (`quoridor::testing::reference::check`) on positions the fuzzer builds:
//! the first byte picks the board, players, walls and the walk's bias
//! (uniform, or aimed at meeting pawns, nearly closed corridors or stuck
//! four-player pawns), the rest are the walk's move indices (at most 160
//! plies, so that an input's walk stays short next to its check).
#![no_main]

use game_core::testing::{Bias, Uniform, state_from_indices_biased};
use libfuzzer_sys::fuzz_target;
use quoridor::testing::edges::{BoxIn, CloseCorridors, PawnsMeet};
use quoridor::testing::reference::check;
use quoridor::{Config, Quoridor};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else { return };
    let players = if shape & 4 == 0 { 2 } else { 4 };
    let config = Config {
        walls: [8, 20, 40, 80][usize::from(shape >> 3 & 3)],
        tick_limit: None,
        ..Config::new([5, 7, 9, 5][usize::from(shape % 4)], players).expect("a supported size and player count")
    };
    let Ok(start) = Quoridor::new(config) else { return };
    let indices: Vec<u16> =
        rest.chunks(2).take(160).map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)])).collect();
    let biases: [&dyn Bias<Quoridor>; 4] = [&Uniform, &PawnsMeet, &CloseCorridors, &BoxIn];
    let state = state_from_indices_biased(&start, &indices, biases[usize::from(shape >> 5 & 3)]);
    if let Err(v) = check(&state) {
        panic!("{v}");
    }
});
