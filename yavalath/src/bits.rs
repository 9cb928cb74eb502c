//! Bit-level line arithmetic on the 61-bit lattice layout (see [`crate::cell`]).
//!
//! Cell `(a, y)` is bit `(a + 13 y) mod 61`, so the step along each of the three axes
//! `(1, 0)`, `(0, 1)`, `(1, 1)` is a rotation of the 61-bit word by `1`, `13` and `14`. A rotation
//! alone would wrap cells over the edge of the board onto other cells, so each step first keeps only
//! the cells whose neighbour in that direction exists (a precomputed mask per axis and direction).

// Bit-twiddling on a 61-bit word: coordinates below 9 and bit positions below 64 move between
// `usize`, `i32`, `u32` and `u8` with `as`, exactly, in `const fn`s (where `From` is not callable).
// The line steps and the placement verdict are the hot path of every move: `#[inline(always)]`
// keeps them inlined into the playout loop (the yavalath bench measures it). `a`, `y`, `b`, `f`
// and `m` are the names of the model (see `cell`).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::inline_always,
    clippy::many_single_char_names
)]

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

/// Offsets `j` of the six cells of an axis around a cell, in pattern-bit order.
const OFFSETS: [i32; 6] = [-3, -2, -1, 1, 2, 3];

/// Bit position (after rotating the placed cell to bit 0) of the `i`-th pattern cell of `axis`.
const fn pattern_pos(axis: usize, i: usize) -> u32 {
    ((61 * 3 + OFFSETS[i] * SHIFTS[axis] as i32) % 61) as u32
}

/// `[axis]`: the six positions of the axis' pattern cells once the placed cell is at bit 0.
const fn build_axis_masks() -> [u64; 3] {
    let mut m = [0u64; 3];
    let mut k = 0;
    while k < 3 {
        let mut i = 0;
        while i < 6 {
            m[k] |= 1 << pattern_pos(k, i);
            i += 1;
        }
        k += 1;
    }
    m
}

/// `[axis]`: a multiplier gathering the six pattern cells into bits 58..64 (cell `i` to bit `58 + i`):
/// every product term lands on its own bit, so no carry disturbs the gathered field (checked for
/// all 64 patterns by a test).
const fn build_magics() -> [u64; 3] {
    let mut m = [0u64; 3];
    let mut k = 0;
    while k < 3 {
        let mut i = 0;
        while i < 6 {
            m[k] |= 1 << (58 + i as u32 - pattern_pos(k, i));
            i += 1;
        }
        k += 1;
    }
    m
}

/// `[bit]`: the on-board cells at distance 1 to 3 from the cell along the three axes.
const fn build_lines() -> [u64; CELLS] {
    let mut t = [0u64; CELLS];
    let mut b = 0;
    while b < CELLS {
        let m = 1u64 << b;
        let mut k = 0;
        while k < 3 {
            let (f1, b1) = (fwd(m, k), bwd(m, k));
            let (f2, b2) = (fwd(f1, k), bwd(b1, k));
            t[b] |= f1 | b1 | f2 | b2 | fwd(f2, k) | bwd(b2, k);
            k += 1;
        }
        b += 1;
    }
    t
}

/// The verdict of a pattern (bit `i` set when the cell at `OFFSETS[i]` is the mover's): 2 for a
/// run of 4 or more through the placed cell, 1 for exactly 3, 0 otherwise.
const fn pattern_verdict(p: u32) -> u8 {
    let back = if p & 4 == 0 {
        0
    } else if p & 2 == 0 {
        1
    } else if p & 1 == 0 {
        2
    } else {
        3
    };
    let fwd = if p & 8 == 0 {
        0
    } else if p & 16 == 0 {
        1
    } else if p & 32 == 0 {
        2
    } else {
        3
    };
    match 1 + back + fwd {
        4.. => 2,
        3 => 1,
        _ => 0,
    }
}

const fn build_verdicts() -> [[u8; 64]; 3] {
    let mut t = [[0u8; 64]; 3];
    let mut k = 0;
    while k < 3 {
        let mut p = 0u32;
        while p < 64 {
            let mut x = 0u64;
            let mut i = 0;
            while i < 6 {
                if p >> i & 1 != 0 {
                    x |= 1 << pattern_pos(k, i);
                }
                i += 1;
            }
            t[k][(x.wrapping_mul(MAGICS[k]) >> 58) as usize] = pattern_verdict(p);
            p += 1;
        }
        k += 1;
    }
    t
}

const AXIS_MASKS: [u64; 3] = build_axis_masks();
const MAGICS: [u64; 3] = build_magics();
const LINES: [u64; CELLS] = build_lines();
const VERDICTS: [[u8; 64]; 3] = build_verdicts();

/// The verdict on the stone on bit `bit` just added to `own`: the longest run of `own` through it
/// over the three axes. The lattice layout is translation-invariant, so after keeping the 18 cells
/// on its lines and rotating the stone to bit 0, each axis' six neighbours sit at fixed bits; one
/// multiplication per axis gathers them into a 6-bit pattern, and a table gives the run verdict.
#[inline(always)]
pub(crate) fn placement(own: u64, bit: u32) -> Placement {
    #[cfg(feature = "planted-bugs")]
    if game_core::planted::is("yavalath-run-one-side") {
        return planted_placement_one_side(own, bit);
    }
    let x = own & LINES[bit as usize];
    let w = (x >> bit) | (x << ((61 - bit) & 63));
    let v = VERDICTS[0][((w & AXIS_MASKS[0]).wrapping_mul(MAGICS[0]) >> 58) as usize]
        | VERDICTS[1][((w & AXIS_MASKS[1]).wrapping_mul(MAGICS[1]) >> 58) as usize]
        | VERDICTS[2][((w & AXIS_MASKS[2]).wrapping_mul(MAGICS[2]) >> 58) as usize];
    // A four on one axis and a three on another: the three is looked at first.
    #[cfg(feature = "planted-bugs")]
    if planted_four_and_three(v) {
        return Placement::Three;
    }
    if v & 2 != 0 {
        Placement::Four
    } else if v != 0 {
        Placement::Three
    } else {
        Placement::Quiet
    }
}

/// Planted bug `yavalath-four-and-three-loses` (feature `planted-bugs`): with the verdicts `v` of
/// the three axes, a four made with a three loses as the three.
#[cfg(feature = "planted-bugs")]
fn planted_four_and_three(v: u8) -> bool {
    v == 3 && game_core::planted::is("yavalath-four-and-three-loses")
}

/// Planted bug `yavalath-run-one-side` (feature `planted-bugs`): [`placement`] with each axis'
/// run counted from the stone to one side only, the longer one, so that the stone that fills the
/// gap of `X_X` or `XX_X` makes no three or four.
#[cfg(feature = "planted-bugs")]
fn planted_placement_one_side(own: u64, bit: u32) -> Placement {
    let m = 1u64 << bit;
    let mut longest = 1;
    for axis in 0..3 {
        let side = |step: fn(u64, usize) -> u64| {
            let (mut x, mut n) = (step(m, axis) & own, 0);
            while x != 0 {
                n += 1;
                x = step(x, axis) & own;
            }
            n
        };
        longest = longest.max(1 + side(fwd).max(side(bwd)));
    }
    match longest {
        4.. => Placement::Four,
        3 => Placement::Three,
        _ => Placement::Quiet,
    }
}

/// [`placement`] by walking the chains of neighbours with the shift steps (the reference of the
/// tests).
#[cfg(test)]
pub(crate) fn placement_by_steps(own: u64, m: u64) -> Placement {
    let mut four = false;
    let mut three = false;
    for axis in 0..3 {
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
    fn magic_gathers_every_pattern_exactly() {
        for k in 0..3 {
            for p in 0..64u32 {
                let mut x = 0u64;
                for i in 0..6 {
                    if p >> i & 1 != 0 {
                        x |= 1 << pattern_pos(k, i);
                    }
                }
                assert_eq!(x & !AXIS_MASKS[k], 0);
                assert_eq!((x.wrapping_mul(MAGICS[k]) >> 58) as u32, p, "axis {k} pattern {p:06b}");
            }
        }
    }

    #[test]
    fn placement_by_table_equals_placement_by_steps() {
        // Random boards of every density, every cell.
        let mut z = 0x1234_5678_9ABC_DEF0u64;
        for round in 0..4000 {
            z = z.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut own = z & FULL;
            // Thin out to various densities.
            for _ in 0..round % 3 {
                z = z.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                own &= z;
            }
            for bit in 0..CELLS as u32 {
                let m = 1u64 << bit;
                assert_eq!(placement(own | m, bit), placement_by_steps(own | m, m), "{own:#x} {bit}");
            }
        }
    }

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
