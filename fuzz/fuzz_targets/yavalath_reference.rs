//! Yavalath, differential: the position the input bytes lead to (first byte: the walk's bias,
//! uniform or one of `yavalath::testing::edges`'; then little-endian 16-bit move indices, read by
//! game_core::testing::state_from_indices_biased) is checked against the plain array-board
//! reference model with yavalath::testing::reference::check: end, turn, outcome, legal moves and
//! errors for every seat, every successor, the threat and steal queries.
#![no_main]

use game_core::testing::{Uniform, state_from_indices_biased};
use libfuzzer_sys::fuzz_target;
use yavalath::Yavalath;
use yavalath::testing::edges::{Quiet, Steal, Threats};

fuzz_target!(|data: &[u8]| {
    let Some((&bias, rest)) = data.split_first() else { return };
    let indices: Vec<u16> =
        rest.chunks(2).map(|c| u16::from_le_bytes([c[0], c.get(1).copied().unwrap_or(0)])).collect();
    let start = Yavalath::new();
    let g = match bias % 4 {
        0 => state_from_indices_biased(&start, &indices, &Uniform),
        1 => state_from_indices_biased(&start, &indices, &Threats),
        2 => state_from_indices_biased(&start, &indices, &Quiet),
        _ => state_from_indices_biased(&start, &indices, &Steal),
    };
    if let Err(v) = yavalath::testing::reference::check(&g) {
        panic!("{v}");
    }
});
