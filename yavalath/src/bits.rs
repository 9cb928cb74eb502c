//! Bit-level line arithmetic on the 61-bit lattice layout (see [`crate::cell`]).
//!
//! Cell `(a, y)` is bit `(a + 13 y) mod 61`, so the step along each of the three axes
//! `(1, 0)`, `(0, 1)`, `(1, 1)` is a rotation of the 61-bit word by `1`, `13` and `14`. A rotation
//! alone would wrap cells over the edge of the board onto other cells, so each step first keeps only
//! the cells whose neighbour in that direction exists (a precomputed mask per axis and direction).

use crate::cell::{CELLS, ROWS, bit_of_ay};

/// All 61 cells.
pub(crate) const FULL: u64 = (1u64 << CELLS) - 1;

/// Rotation of one step along each axis.
pub(crate) const SHIFTS: [u32; 3] = [1, 13, 14];
/// The axes in `(a, y)`.
pub(crate) const AXES: [(i32, i32); 3] = [(1, 0), (0, 1), (1, 1)];

const fn on_board(a: i32, y: i32) -> bool {
    a >= 0 && y >= 0 && a < ROWS as i32 && y < ROWS as i32 && (a - y).abs() <= 4
}

/// `[axis][0]`: cells whose `+axis` neighbour is on the board; `[axis][1]`: same for `-axis`.
const fn build_masks() -> [[u64; 2]; 3] {
    let mut m = [[0u64; 2]; 3];
    let mut k = 0;
    while k < 3 {
        let (da, dy) = AXES[k];
        let mut y = 0;
        while y < ROWS as i32 {
            let mut a = 0;
            while a < ROWS as i32 {
                if on_board(a, y) {
                    let bit = 1u64 << bit_of_ay(a as usize, y as usize);
                    if on_board(a + da, y + dy) {
                        m[k][0] |= bit;
                    }
                    if on_board(a - da, y - dy) {
                        m[k][1] |= bit;
                    }
                }
                a += 1;
            }
            y += 1;
        }
        k += 1;
    }
    m
}

const MASKS: [[u64; 2]; 3] = build_masks();

/// Rotation of the 61-bit word by `s` (`1 <= s < 61`).
#[inline(always)]
const fn rot(x: u64, s: u32) -> u64 {
    ((x << s) | (x >> (61 - s))) & FULL
}

/// Every cell of `x` moved one step along `+axis` (cells falling off the board vanish).
#[inline(always)]
pub(crate) const fn fwd(x: u64, axis: usize) -> u64 {
    rot(x & MASKS[axis][0], SHIFTS[axis])
}

/// Every cell of `x` moved one step along `-axis`.
#[inline(always)]
pub(crate) const fn bwd(x: u64, axis: usize) -> u64 {
    rot(x & MASKS[axis][1], 61 - SHIFTS[axis])
}

/// What a placement does (see [`placement`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    /// The longest run through the stone is 4 or more.
    Four,
    /// The longest run through the stone is exactly 3.
    Three,
    /// Neither.
    Quiet,
}

/// The verdict on the stone `m` (one bit) just added to `own` (which contains it): the longest run
/// of `own` through `m` over the three axes.
#[inline(always)]
pub(crate) fn placement(own: u64, m: u64) -> Placement {
    let mut four = false;
    let mut three = false;
    let mut axis = 0;
    while axis < 3 {
        // Chains of own stones next to `m`, each a single bit or 0.
        let f1 = fwd(m, axis) & own;
        let b1 = bwd(m, axis) & own;
        let f2 = fwd(f1, axis) & own;
        let b2 = bwd(b1, axis) & own;
        let f3 = fwd(f2, axis) & own;
        let b3 = bwd(b2, axis) & own;
        let f = (f1 != 0) as u32 + (f2 != 0) as u32 + (f3 != 0) as u32;
        let b = (b1 != 0) as u32 + (b2 != 0) as u32 + (b3 != 0) as u32;
        four |= f + b >= 3;
        three |= f + b == 2;
        axis += 1;
    }
    if four {
        Placement::Four
    } else if three {
        Placement::Three
    } else {
        Placement::Quiet
    }
}

/// The empty cells where a stone added to `own` would make a run of 4 or more, and those where its
/// longest run would be exactly 3 (whether or not it also makes 4: the caller removes those).
#[inline]
pub(crate) fn threat_cells(own: u64, empty: u64) -> (u64, u64) {
    let mut four = 0;
    let mut three = 0;
    let mut axis = 0;
    while axis < 3 {
        // p_k: cells whose k next cells along +axis are own; q_k the same along -axis.
        let p1 = bwd(own, axis);
        let p2 = p1 & bwd(p1, axis);
        let p3 = p1 & bwd(p2, axis);
        let q1 = fwd(own, axis);
        let q2 = q1 & fwd(q1, axis);
        let q3 = q1 & fwd(q2, axis);
        four |= p3 | q3 | (p2 & q1) | (p1 & q2);
        three |= (p2 & !p3 & !q1) | (q2 & !q3 & !p1) | (p1 & !p2 & q1 & !q2);
        axis += 1;
    }
    (four & empty, three & empty)
}

/// The cells of `own` that start (at their `-axis` end) a run of at least `len` along some axis, for
/// `len` in `2..=4`; empty when `own` has no run that long.
pub(crate) fn runs_at_least(own: u64, len: u32) -> u64 {
    let mut starts = 0;
    for axis in 0..3 {
        let mut x = own;
        for _ in 1..len {
            x &= bwd(x, axis);
        }
        starts |= x;
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_rotations_agree_with_coordinates() {
        for y in 0..9i32 {
            for a in 0..9i32 {
                if !on_board(a, y) {
                    continue;
                }
                let b = 1u64 << bit_of_ay(a as usize, y as usize);
                for (k, &(da, dy)) in AXES.iter().enumerate() {
                    let f = if on_board(a + da, y + dy) {
                        1u64 << bit_of_ay((a + da) as usize, (y + dy) as usize)
                    } else {
                        0
                    };
                    let g = if on_board(a - da, y - dy) {
                        1u64 << bit_of_ay((a - da) as usize, (y - dy) as usize)
                    } else {
                        0
                    };
                    assert_eq!(fwd(b, k), f, "({a},{y}) axis {k}");
                    assert_eq!(bwd(b, k), g, "({a},{y}) axis {k}");
                }
            }
        }
    }
}
