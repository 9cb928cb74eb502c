//! Zobrist keys: one per player and cell bit, and one for "the second player to move".

const fn build_keys() -> [[u64; 64]; 2] {
    let mut k = [[0u64; 64]; 2];
    let mut i = 0;
    while i < 64 {
        k[0][i] = game_core::rng::splitmix64(0x59A7_A1A7 + 2 * i as u64);
        k[1][i] = game_core::rng::splitmix64(0x59A7_A1A7 + 2 * i as u64 + 1);
        i += 1;
    }
    k
}

/// Zobrist keys per player and bit.
pub(crate) const KEYS: [[u64; 64]; 2] = build_keys();
/// Zobrist key of "player 1 to move".
pub(crate) const SIDE_KEY: u64 = game_core::rng::splitmix64(0x005E_ED0F_5A7E);

/// The Zobrist hash of a position from scratch: the keys of its stones, and [`SIDE_KEY`] when the
/// second player is to move.
pub(crate) fn hash(boards: &[u64; 2], plies: u8) -> u64 {
    let mut h = if plies & 1 == 1 { SIDE_KEY } else { 0 };
    for (&board, keys) in boards.iter().zip(&KEYS) {
        let mut rest = board;
        while rest != 0 {
            h ^= keys[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
    }
    h
}
