//! Paper Soccer's fast rules and whole-turn generator against the crate's
//! plain reference model (`paper_soccer::testing::reference::check`), on
//! positions built from the input: the first byte picks a walk (uniform,
//! or biased towards bounces, spread-out lines or the end of the game),
//! the rest are the walk's move indices.
//!
//! The model lists a position's whole turns within a budget of steps
//! (`reference::TURN_BUDGET`) and the fast generator's first
//! `reference::TURN_CAP` turns are replayed in it; at 256, 512, 1,024, ...
//! positions the target prints on stderr how often the turn lists were
//! compared whole and how often either side was cut
//! (`reference::turn_stats`).
#![no_main]

use game_core::testing::{Uniform, state_from_indices_biased};
use libfuzzer_sys::fuzz_target;
use paper_soccer::PaperSoccer;
use paper_soccer::testing::edges::{Dense, Endgame, Survive};
use paper_soccer::testing::reference;

fuzz_target!(|data: &[u8]| {
    let Some((&walk, rest)) = data.split_first() else { return };
    let indices: Vec<u16> =
        rest.chunks(2).map(|c| u16::from_le_bytes([c[0], c.get(1).copied().unwrap_or(0)])).collect();
    let start = PaperSoccer::default();
    let b = match walk % 4 {
        0 => state_from_indices_biased(&start, &indices, &Uniform),
        1 => state_from_indices_biased(&start, &indices, &Dense),
        2 => state_from_indices_biased(&start, &indices, &Survive),
        _ => state_from_indices_biased(&start, &indices, &Endgame::default()),
    };
    let before = reference::turn_stats().positions;
    if let Err(v) = reference::check(&b) {
        panic!("{v}");
    }
    let stats = reference::turn_stats();
    if stats.positions != before && stats.positions >= 256 && stats.positions.is_power_of_two() {
        eprintln!("#stats {stats:?}");
    }
});
