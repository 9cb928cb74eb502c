//! Zobrist keys, fixed at compile time (`SplitMix64` of the key's index), and
//! the [`Zobrist`] impl of [`Quoridor`].

use crate::geometry::Bits;
use crate::state::{NO_PAWN, Quoridor};
use game_core::Zobrist;

const fn keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut k = [0u64; N];
    let mut i = 0;
    while i < N {
        k[i] = game_core::rng::splitmix64((salt << 32) ^ i as u64);
        i += 1;
    }
    k
}

/// Pawn of player `p` on cell `c`: index `p * 128 + c`.
pub(crate) static PAWN: [u64; 512] = keys(1);
/// Horizontal wall at anchor bit `a`.
pub(crate) static H_WALL: [u64; 128] = keys(2);
/// Vertical wall at anchor bit `a`.
pub(crate) static V_WALL: [u64; 128] = keys(3);
/// Player `p` to move.
pub(crate) static TURN: [u64; 4] = keys(4);
/// Player `p` with `n` walls left: index `p * 256 + n`.
pub(crate) static LEFT: [u64; 1024] = keys(5);

#[inline]
pub(crate) fn pawn(p: usize, cell: u8) -> u64 {
    PAWN[(p & 3) * 128 + (cell as usize & 127)]
}

#[inline]
pub(crate) fn left(p: usize, n: u8) -> u64 {
    LEFT[(p & 3) * 256 + n as usize]
}

#[inline]
pub(crate) fn turn(p: u8) -> u64 {
    TURN[p as usize & 3]
}

impl Zobrist for Quoridor {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut z = turn(self.to_move);
        for p in 0..self.players as usize {
            if self.pawns[p] != NO_PAWN {
                z ^= pawn(p, self.pawns[p]);
            }
            z ^= left(p, self.walls_left[p]);
        }
        for i in Bits(self.h) {
            z ^= H_WALL[i as usize];
        }
        for i in Bits(self.v) {
            z ^= V_WALL[i as usize];
        }
        z
    }
}
