//! `arena judge` on arbitrary records of every game, text and JSON, plain
//! and `--json --legal`: a report or a typed error, never a panic.
#![no_main]

use game_arena::games::paper_soccer;
use game_arena::games::yavalath;
use game_arena::judge::{JudgeOptions, judge};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let opts = JudgeOptions { json: which & 8 != 0, legal: which & 16 != 0 };
    let mut out = Vec::new();
    let _ = match which % 5 {
        0 => judge(&paper_soccer::Referee, rest, opts, &mut out),
        1 => judge(&yavalath::Referee, rest, opts, &mut out),
        2 => judge(&game_arena::games::quoridor::referee(2, Some(100)).expect("valid"), rest, opts, &mut out),
        3 => judge(&game_arena::games::quoridor::referee(4, Some(100)).expect("valid"), rest, opts, &mut out),
        _ => judge(&game_arena::games::parallel_football::referee(32, 2, 10, 50).expect("valid"), rest, opts, &mut out),
    };
});
