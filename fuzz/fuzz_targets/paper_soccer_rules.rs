//! Paper Soccer step-level rules driven by arbitrary bytes
//! (game_core::testing::fuzz_game_zobrist).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = game_core::testing::fuzz_game_zobrist(&paper_soccer::PaperSoccer::default(), data) {
        panic!("{v}");
    }
});
