//! Zobrist keys: `SplitMix64` of (slot, direction), in tables built at
//! compile time, valid for every pitch size (slots are below 256). A line is
//! keyed from its end with the lower slot, whose direction to the other end
//! is E, SE, S or SW. Also the second, independent keys the turn generator
//! uses for its 64-bit fingerprints, and the [`Zobrist`] impl.

// The key look-ups sit inside every step and every generated turn: forced
// inline on purpose (measured by `benches/benches/paper_soccer.rs`).
#![allow(clippy::inline_always)]

use crate::dir::Dir;
use crate::state::Board;
use game_core::Zobrist;

const fn key_table<const K: usize>(salt: u64) -> [u64; K] {
    let mut t = [0u64; K];
    let mut i = 0;
    while i < K {
        t[i] = game_core::rng::splitmix64(game_core::rng::splitmix64(salt) ^ i as u64);
        i += 1;
    }
    t
}

/// Line keys of the Zobrist hash, by `slot * 8 + forward direction`.
static LINE_KEYS: [u64; 2048] = key_table(1);
/// Ball keys of the Zobrist hash, by slot.
static BALL_KEYS: [u64; 256] = key_table(2);
/// Line keys of the second hash of the turn generator.
static LINE_KEYS2: [u64; 2048] = key_table(3);
/// Ball keys of the second hash of the turn generator.
static BALL_KEYS2: [u64; 256] = key_table(4);

#[inline(always)]
fn line_index(p: usize, q: usize, d: Dir) -> usize {
    let d = d.index() as usize;
    // E, SE, S, SW lead to a higher slot.
    (if d.wrapping_sub(2) < 4 { p * 8 + d } else { q * 8 + (d ^ 4) }) & 2047
}

/// Zobrist key of the line from slot `p` in direction `d` to slot `q`.
#[inline(always)]
pub(crate) fn line_key(p: usize, q: usize, d: Dir) -> u64 {
    LINE_KEYS[line_index(p, q, d)]
}

/// Zobrist key of the ball on slot `a`.
#[inline(always)]
pub(crate) fn ball_key(a: usize) -> u64 {
    BALL_KEYS[a & 255]
}

/// Second-hash key of a line (see [`line_key`]).
#[inline(always)]
pub(crate) fn line_key2(p: usize, q: usize, d: Dir) -> u64 {
    LINE_KEYS2[line_index(p, q, d)]
}

/// Second-hash key of the ball on slot `a`.
#[inline(always)]
pub(crate) fn ball_key2(a: usize) -> u64 {
    BALL_KEYS2[a & 255]
}

/// Key of player 1 to move.
pub(crate) const PLAYER_KEY: u64 = game_core::rng::splitmix64(0x2_0000_0000);

impl<const N: usize> Zobrist for Board<N> {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = ball_key(usize::from(self.ball));
        if self.to_move == 1 {
            h ^= PLAYER_KEY;
        }
        self.for_each_line(|a, b, d| h ^= line_key(a, b, d));
        h
    }
}
