//! Helpers of the crate's tests. The naive reference model the tests
//! compare against is the crate's own `testing::reference` (one copy).

#![allow(dead_code)]

#[allow(unused_imports)] // each test binary uses its own share
pub use paper_soccer::testing::reference::{Naive, NaivePitch, Seg, agrees, seg};
use paper_soccer::{Board, Dir, Point};

/// Step-level perft of the naive model.
pub fn naive_perft(n: &Naive, depth: u32) -> u64 {
    n.perft(depth)
}

/// Whole-turn perft of the naive model.
pub fn naive_turn_perft(n: &Naive, depth: u32) -> u64 {
    n.turn_perft(depth)
}

/// The naive model after a step string from the start (panics on an
/// illegal step: only for fixtures).
pub fn naive_after(w: i32, h: i32, steps: &str) -> Naive {
    Naive::after(w, h, steps).expect("fixture steps are legal")
}

/// The naive model of a board (built from its lines).
pub fn naive_from<const N: usize>(b: &Board<N>) -> Naive {
    Naive::from_board(b)
}

/// A step string of up to `max` uniformly random legal steps from the
/// start, stopping before a step that would end the game.
pub fn random_steps<const N: usize>(start: &Board<N>, seed: u64, max: usize) -> String {
    let mut rng = game_core::rng::seeded(seed);
    let mut b = *start;
    let mut s = String::new();
    for _ in 0..max {
        let dirs: Vec<Dir> = b.legal_dirs().iter().collect();
        let safe: Vec<Dir> = dirs
            .into_iter()
            .filter(|&d| {
                let mut c = b;
                c.step(d);
                !c.is_over()
            })
            .collect();
        if safe.is_empty() {
            break;
        }
        let d = safe[game_core::rng::below(&mut rng, safe.len())];
        b.step(d);
        s.push(d.digit());
    }
    s
}

/// The board after a step string from `start`.
pub fn board_after<const N: usize>(start: &Board<N>, steps: &str) -> Board<N> {
    let mut b = *start;
    for c in steps.chars() {
        let d = Dir::from_digit(c).expect("digit");
        b.check_step(d).expect("fixture steps are legal");
        b.step(d);
    }
    b
}

/// Shorthand for a point.
pub fn pt(x: i8, y: i8) -> Point {
    Point::new(x, y)
}
