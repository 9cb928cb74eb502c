//! Uniform draws of one cell of a bitboard: the random move of every playout, the crate's own
//! ([`Yavalath::random_playout`](crate::Yavalath::random_playout)) and game-core's (through
//! [`Game::random_legal_move`](game_core::Game::random_legal_move)).
//!
//! A 64-bit random word is cut into ten 6-bit numbers, each uniform in `0..64`; a number that is
//! the bit of a cell of the set is the draw, any other is rejected. Each accepted draw is uniform
//! over the set (every bit of it has the same chance `1/64` per number), so the result is exactly
//! uniform. After [`TRIES`] rejections (a sparse set, late in a game) the draw falls back to an
//! exact count-and-select: a Lemire draw of an index below the set's size, then that set bit.

// Bit positions below 64 and set sizes below 62: the `as` conversions are exact, and the `u64 as
// u32`/`u128 as u64` ones are the intended truncations of Lemire's method. The draw is the hot
// path of every playout: `#[inline(always)]` keeps it in the loop (measured by the yavalath bench).
#![allow(clippy::cast_possible_truncation, clippy::inline_always)]

use game_core::RngCore;

/// Rejected 6-bit numbers before the exact fallback.
const TRIES: u32 = 12;

/// A source of uniform 6-bit numbers, ten per 64-bit word of the generator, kept across draws so a
/// playout spends its words fully.
pub(crate) struct Draws {
    word: u64,
    left: u32,
}

impl Draws {
    /// No word drawn yet.
    #[inline(always)]
    pub(crate) const fn new() -> Draws {
        Draws { word: 0, left: 0 }
    }

    /// Starts with five 6-bit numbers from one 32-bit word of `rng` (then whole 64-bit words): a
    /// single draw (the generic path's one move) rarely needs more, and 32 bits cost less than 64
    /// with a buffered generator such as `ChaCha`.
    #[inline(always)]
    pub(crate) fn one_word<R: RngCore + ?Sized>(rng: &mut R) -> Draws {
        Draws { word: u64::from(rng.next_u32()), left: 5 }
    }

    /// A uniform number in `0..64`.
    #[inline(always)]
    fn six_bits<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        if self.left == 0 {
            self.word = rng.next_u64();
            self.left = 10;
        }
        self.left -= 1;
        let b = (self.word & 63) as u32;
        self.word >>= 6;
        b
    }

    /// A uniform bit of the non-empty set `set` (bits below 64); `None` for the empty set.
    #[inline(always)]
    pub(crate) fn pick<R: RngCore + ?Sized>(&mut self, rng: &mut R, set: u64) -> Option<u32> {
        if set == 0 {
            return None;
        }
        for _ in 0..TRIES {
            let b = self.six_bits(rng);
            if set >> b & 1 != 0 {
                return Some(b);
            }
        }
        Some(select(set, below(rng, set.count_ones())))
    }
}

/// A uniform number in `0..n` (`1 <= n <= 64`), by Lemire's multiply-and-reject.
fn below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = u64::from(n);
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = u128::from(rng.next_u64()) * u128::from(n);
        if (m as u64) >= threshold {
            return (m >> 64) as u32;
        }
    }
}

/// The position of the `k`-th lowest set bit of `set` (`k < set.count_ones()`).
fn select(set: u64, k: u32) -> u32 {
    let mut rest = set;
    for _ in 0..k {
        rest &= rest - 1;
    }
    rest.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::rng::seeded;

    #[test]
    fn select_finds_each_set_bit_in_order() {
        let set = 0b1011_0010_0001u64 | 1 << 60;
        let bits: Vec<u32> = (0..set.count_ones()).map(|k| select(set, k)).collect();
        assert_eq!(bits, [0, 5, 8, 9, 11, 60]);
    }

    #[test]
    fn picks_only_bits_of_the_set_and_every_one_of_them() {
        let mut rng = seeded(7);
        let mut d = Draws::new();
        assert_eq!(d.pick(&mut rng, 0), None);
        // A dense set (mostly accepted at once) and a sparse one (mostly the fallback).
        for set in [(1u64 << 61) - 1 - (1 << 17), 1 << 3 | 1 << 59] {
            let mut seen = 0u64;
            for _ in 0..2000 {
                let b = d.pick(&mut rng, set).unwrap();
                assert_ne!(set >> b & 1, 0);
                seen |= 1 << b;
            }
            assert_eq!(seen, set);
        }
    }
}
