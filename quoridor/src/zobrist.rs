//! Zobrist keys, fixed at compile time (SplitMix64 of the key's index).

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
