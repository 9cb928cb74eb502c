//! Yavalath rules driven by arbitrary bytes (game_core::testing::fuzz_game):
//! generation agrees with the legality check, refused moves change nothing,
//! the incremental hash equals the recomputed one, setups round-trip.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(v) = game_core::testing::fuzz_game_zobrist(&yavalath::Yavalath::new(), data) {
        panic!("{v}");
    }
});
