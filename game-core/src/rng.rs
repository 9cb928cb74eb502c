//! Seeded, platform-independent randomness.
//!
//! Nothing in this workspace draws from a global or thread-local generator:
//! every random choice takes a caller-supplied [`RngCore`], so a seed
//! reproduces a game on every platform. [`seeded`] gives the workspace's
//! standard generator (`ChaCha8`, whose output is specified bit for bit;
//! feature `chacha`, on by default). [`SplitMix64`] is a small generator that
//! needs no other crate, for bots bundled into one source file.

// Lemire's method takes the low and the high half of a 128-bit product on
// purpose; the high half is below `n`, a `usize`.
#![allow(clippy::cast_possible_truncation)]

use rand_core::RngCore;
#[cfg(feature = "chacha")]
use rand_core::SeedableRng;

/// The workspace's standard seeded generator.
#[cfg(feature = "chacha")]
pub type GameRng = rand_chacha::ChaCha8Rng;

/// The standard generator for a 64-bit seed.
///
/// ```
/// use game_core::rng::{seeded, below};
/// let mut a = seeded(7);
/// let mut b = seeded(7);
/// assert_eq!(below(&mut a, 1000), below(&mut b, 1000));
/// ```
#[cfg(feature = "chacha")]
#[must_use]
pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` (0 when `n == 0`), unbiased, identical on
/// every platform (Lemire's multiply-and-reject on 64-bit draws). The
/// rejection threshold (a 64-bit division) is computed only when a draw
/// could be rejected, which is almost never: Lemire's "nearly
/// divisionless" form, drawing exactly what the plain form draws.
#[inline]
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let n = n as u64;
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as usize
}

/// A uniform integer in `0..n` (0, with nothing drawn, when `n == 0`),
/// unbiased, from one 32-bit draw in all but rare cases: Lemire's
/// multiply-and-reject on 32 bits, the threshold computed only when the
/// draw could be rejected. For a move among a handful drawn where every
/// draw counts (a game's `random_legal_move`).
///
/// ```
/// let mut rng = game_core::rng::seeded(3);
/// assert!(game_core::rng::below_u32(&mut rng, 5) < 5);
/// ```
#[inline]
pub fn below_u32<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let n = u64::from(n);
    loop {
        let m = u64::from(rng.next_u32()) * n;
        let low = m & 0xFFFF_FFFF;
        if low >= n || low >= (1 << 32) % n {
            return (m >> 32) as u32;
        }
    }
}

/// Uniform draws of small numbers from 16-bit chunks of the generator's
/// 64-bit words, four draws a word, the rest of a word kept for the next
/// draw: for playouts that draw among a handful of moves at every step.
/// Each draw is Lemire's multiply-and-reject on 16 bits, exactly uniform; a
/// rejection (probability below `n / 65,536`) takes the next chunk.
///
/// ```
/// use game_core::rng::{Chunks16, seeded};
/// let mut rng = seeded(3);
/// let mut draws = Chunks16::new();
/// let k = draws.below(&mut rng, 5);
/// assert!(k < 5);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Chunks16 {
    bits: u64,
    left: u32,
}

impl Chunks16 {
    /// No word drawn yet.
    #[must_use]
    pub const fn new() -> Chunks16 {
        Chunks16 { bits: 0, left: 0 }
    }

    /// A uniform number in `0..n`, for `1 <= n <= 65,536` (0 when `n` is 0).
    #[inline]
    pub fn below<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: u32) -> u32 {
        loop {
            if self.left == 0 {
                self.bits = rng.next_u64();
                self.left = 4;
            }
            let m = (self.bits as u32 & 0xFFFF) * n;
            self.bits >>= 16;
            self.left -= 1;
            if (m & 0xFFFF) >= n || (m & 0xFFFF) >= (1 << 16) % n.max(1) {
                return m >> 16;
            }
        }
    }
}

/// Derives the seed of game number `index` of a series from the series seed
/// (`SplitMix64` of the pair), so that games of a series are independent and
/// each can be replayed alone.
#[must_use]
pub fn derive_seed(series: u64, index: u64) -> u64 {
    let z = series ^ index.wrapping_mul(GOLDEN_GAMMA).wrapping_add(0x632B_E59B_D9B4_E019);
    splitmix64(z.wrapping_sub(GOLDEN_GAMMA))
}

/// `SplitMix64`'s increment (the golden ratio in 64 bits).
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// One step of `SplitMix64`: the output for state `z` (the state advances by
/// the golden-ratio increment, then is mixed). A strong 64-bit mixer, usable
/// in `const` code: the game crates build their Zobrist key tables with it
/// at compile time, `splitmix64(salt ^ index)`.
///
/// ```
/// use game_core::rng::splitmix64;
/// // The reference output of SplitMix64 seeded with 0.
/// assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
/// ```
#[inline]
#[must_use]
pub const fn splitmix64(z: u64) -> u64 {
    let mut z = z.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `SplitMix64` as a [`RngCore`]: a fast, seeded, platform-independent
/// generator built on [`splitmix64`], with no dependency beyond `rand_core`
/// (what a bot bundled into one source file uses instead of [`GameRng`]).
/// Fine for playouts; not for anything that needs a cryptographic or
/// long-period generator.
///
/// ```
/// use game_core::RngCore;
/// use game_core::rng::{SplitMix64, splitmix64};
/// let mut r = SplitMix64::new(0);
/// assert_eq!(r.next_u64(), splitmix64(0));
/// assert_ne!(r.next_u64(), splitmix64(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator whose first output is `splitmix64(seed)`.
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }
}

impl RngCore for SplitMix64 {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let out = splitmix64(self.state);
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        out
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        rand_core::impls::fill_bytes_via_next(self, dst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lemire's plain form: the threshold computed before every draw.
    fn below_plain<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n as u64;
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(rng.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as usize;
            }
        }
    }

    #[test]
    fn below_draws_what_the_plain_form_draws() {
        // Small moduli and ones just above a power of two reject most often.
        for n in [0usize, 1, 2, 3, 5, 7, 131, 1 << 20, (1 << 63) + 1, usize::MAX - 1, usize::MAX] {
            let (mut a, mut b) = (seeded(n as u64), seeded(n as u64));
            for _ in 0..2000 {
                assert_eq!(below(&mut a, n), below_plain(&mut b, n), "n = {n}");
            }
        }
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = seeded(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = below(&mut rng, 7);
            seen[v] += 1;
        }
        for c in seen {
            assert!((800..1200).contains(&c), "{seen:?}");
        }
        assert_eq!(below(&mut rng, 0), 0);
        assert_eq!(below(&mut rng, 1), 0);
    }

    #[test]
    fn splitmix_generator_follows_the_mixer_and_fills_bytes() {
        let mut r = SplitMix64::new(5);
        let first = r.next_u64();
        assert_eq!(first, splitmix64(5));
        assert_eq!(r.next_u64(), splitmix64(5u64.wrapping_add(GOLDEN_GAMMA)));
        let mut buf = [0u8; 11];
        r.fill_bytes(&mut buf);
        assert!(buf.iter().any(|&b| b != 0));
        let mut a = SplitMix64::new(9);
        let mut b = SplitMix64::new(9);
        assert_eq!(below(&mut a, 1000), below(&mut b, 1000));
    }

    #[test]
    fn derive_seed_separates_games() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(5, 9), derive_seed(5, 9));
    }
}

/// A uniformly random choice among the candidates with the lowest key seen
/// so far (reservoir sampling over ties), for bots that break ties at
/// random without collecting the candidates.
///
/// ```
/// use game_core::rng::{Best, seeded};
/// let mut rng = seeded(1);
/// let mut best = Best::new();
/// for (key, name) in [(3, "c"), (1, "a"), (2, "b"), (1, "d")] {
///     best.offer(key, &mut rng, || name);
/// }
/// assert!(matches!(best.item(), Some(&"a" | &"d")));
/// assert_eq!(best.key(), Some(1));
/// ```
#[derive(Clone, Debug)]
pub struct Best<T> {
    key: i64,
    item: Option<T>,
    ties: usize,
}

impl<T> Default for Best<T> {
    fn default() -> Self {
        Best::new()
    }
}

impl<T> Best<T> {
    /// No candidate yet.
    #[must_use]
    pub fn new() -> Self {
        Best { key: i64::MAX, item: None, ties: 0 }
    }

    /// Offers a candidate with a key (lower is better); `make` builds it
    /// only when it is kept. Among equal keys each candidate is kept with
    /// equal probability.
    pub fn offer<R: RngCore + ?Sized>(&mut self, key: i64, rng: &mut R, make: impl FnOnce() -> T) {
        if key < self.key {
            *self = Best { key, item: Some(make()), ties: 1 };
        } else if key == self.key {
            self.ties += 1;
            if below(rng, self.ties) == 0 {
                self.item = Some(make());
            }
        }
    }

    /// The candidate kept, if any was offered.
    #[must_use]
    pub fn item(&self) -> Option<&T> {
        self.item.as_ref()
    }

    /// The candidate kept, taken.
    #[must_use]
    pub fn into_item(self) -> Option<T> {
        self.item
    }

    /// The lowest key offered, if any.
    #[must_use]
    pub fn key(&self) -> Option<i64> {
        self.item.as_ref().map(|_| self.key)
    }
}
