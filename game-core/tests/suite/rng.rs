//! The uniform draws of `game_core::rng`, on scripted 32-bit draws.

use game_core::RngCore;
use game_core::rng::below_u32;

/// Returns the scripted 32-bit draws in order, then panics.
struct Script(Vec<u32>);

impl Script {
    fn new(draws: &[u32]) -> Script {
        Script(draws.iter().rev().copied().collect())
    }
    fn left(&self) -> usize {
        self.0.len()
    }
}

impl RngCore for Script {
    fn next_u32(&mut self) -> u32 {
        self.0.pop().expect("no scripted draw left")
    }
    fn next_u64(&mut self) -> u64 {
        u64::from(self.next_u32())
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }
}

#[test]
fn below_u32_is_the_high_half_of_draw_times_n() {
    for (draw, n, k) in [(0, 1, 0), (u32::MAX, 1, 0), (u32::MAX, 3, 2), (1 << 31, 8, 4), (u32::MAX, 8, 7)] {
        let mut rng = Script::new(&[draw]);
        assert_eq!(below_u32(&mut rng, n), k, "draw {draw}, n {n}");
        assert_eq!(rng.left(), 0, "one draw used");
    }
}

#[test]
fn below_u32_rejects_exactly_the_draws_below_the_threshold() {
    // n = 3: 2^32 = 1 (mod 3), so of the draws whose product has low half
    // below n only the low half 0 (the draw 0) is rejected; the draw whose
    // low half is 1 is kept.
    let mut rng = Script::new(&[0, u32::MAX]);
    assert_eq!(below_u32(&mut rng, 3), 2);
    assert_eq!(rng.left(), 0, "the draw 0 rejected, the next one used");
    let low_half_one = 2_863_311_531; // 3 * it = 2 * 2^32 + 1
    let mut rng = Script::new(&[low_half_one, 0]);
    assert_eq!(below_u32(&mut rng, 3), 2);
    assert_eq!(rng.left(), 1, "the draw with low half 1 kept");
}

#[test]
fn below_u32_of_zero_is_zero_with_nothing_drawn() {
    let mut rng = Script::new(&[]);
    assert_eq!(below_u32(&mut rng, 0), 0);
}
