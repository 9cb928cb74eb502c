//! Proof by difference for `arena judge`: a seeded random game of every
//! game, with a tail the fuzzer chooses (extra turns after the end, an
//! illegal turn, a cut), written as a text record and as a JSON record, is
//! judged alike both ways, and after the end the result is the game's own.
#![no_main]

use game_arena::crosscheck::{Tail, case, check};
use game_arena::games::Adapter;
use game_arena::games::paper_soccer;
use game_arena::games::yavalath;
use libfuzzer_sys::fuzz_target;

fn run<A: Adapter>(a: &A, seed: u64, tail: &[u8]) {
    let c = case(a, seed, Tail::from_bytes(tail));
    if let Err(e) = check(a, &c) {
        panic!("{} seed {seed}: {e}", a.name());
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let mut seed = [0u8; 8];
    let n = rest.len().min(8);
    seed[..n].copy_from_slice(&rest[..n]);
    let seed = u64::from_le_bytes(seed);
    let tail = rest.get(8..).unwrap_or_default();
    match which % 6 {
        0 => run(&paper_soccer::Referee, seed, tail),
        1 => run(&yavalath::Referee, seed, tail),
        2 => run(&game_arena::games::quoridor::referee(2, Some(100)).expect("valid"), seed, tail),
        3 => run(&game_arena::games::quoridor::referee(4, Some(40)).expect("valid"), seed, tail),
        4 => run(&game_arena::games::quoridor::referee(2, None).expect("valid"), seed, tail),
        _ => run(&game_arena::games::parallel_football::referee(12, 2, 5, 20).expect("valid"), seed, tail),
    }
});
