//! Proof by difference: every game, random games with random tails, written
//! as text and as JSON, judged both ways — the reports agree line for line,
//! and after the end the result is the game's own (see
//! `arena::crosscheck`). `JUDGE_FORMS_CASES` sets the number of seeds per
//! game and tail (default 40).

use arena::crosscheck::{Tail, case, check};
use arena::games::Adapter;
use arena::games::paper_soccer::PaperSoccerAdapter;
use arena::games::parallel_football::FootballAdapter;
use arena::games::quoridor::QuoridorAdapter;
use arena::games::yavalath::YavalathAdapter;

fn cases() -> u64 {
    std::env::var("JUDGE_FORMS_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(40)
}

fn all_tails(seed: u64) -> [Tail; 5] {
    let arg = (seed.wrapping_mul(0x9e37_79b9) >> 7) as u16;
    [Tail::None, Tail::AfterEnd((seed % 3 + 1) as u8), Tail::Illegal(arg), Tail::Cut(arg), Tail::AfterEnd(1)]
}

fn run<A: Adapter>(a: &A) -> usize {
    let mut n = 0;
    for seed in 0..cases() {
        for tail in all_tails(seed) {
            let c = case(a, seed, tail);
            if let Err(e) = check(a, &c) {
                panic!("{} seed {seed} {tail:?}: {e}", a.name());
            }
            n += 1;
        }
    }
    n
}

#[test]
fn paper_soccer_text_and_json_records_are_judged_alike() {
    assert!(run(&PaperSoccerAdapter) > 0);
}

#[test]
fn yavalath_text_and_json_records_are_judged_alike() {
    assert!(run(&YavalathAdapter) > 0);
}

#[test]
fn quoridor_two_players_text_and_json_records_are_judged_alike() {
    for limit in [Some(100), Some(20), None] {
        assert!(run(&QuoridorAdapter::new(2, limit).unwrap()) > 0);
    }
}

#[test]
fn quoridor_four_players_text_and_json_records_are_judged_alike() {
    for limit in [Some(200), Some(30)] {
        assert!(run(&QuoridorAdapter::new(4, limit).unwrap()) > 0);
    }
}

#[test]
fn parallel_football_json_records_keep_their_natural_result_after_the_end() {
    for (p, k, turns) in [(2, 10, 30), (1, 3, 12), (4, 46, 20)] {
        assert!(run(&FootballAdapter::new(16, p, k, turns).unwrap()) > 0);
    }
}
