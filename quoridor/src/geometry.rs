//! Board geometry as bit sets: cells and wall anchors are bits of a `u128`,
//! row-major with a row stride of `M` (cell or anchor `(x, y)` is bit
//! `y * M + x`), so `M = 11` (121 cells) still fits.

// Bit indices are below 128 and coordinates below 11, so the casts to `u8`
// are exact; one-letter names are the usual bitboard algebra.
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names)]

/// The supported board sizes.
pub(crate) const SIZES: [u8; 4] = [5, 7, 9, 11];

/// Precomputed masks of one board size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geom {
    /// Every cell.
    pub board: u128,
    /// Cells of the last column (`x = M-1`).
    pub col_last: u128,
    /// Cells of the last row (`y = M-1`).
    pub row_last: u128,
    /// Cells of the first row (`y = 0`).
    pub row0: u128,
    /// Cells of the first column (`x = 0`).
    pub col0: u128,
    /// Every wall anchor (`x, y <= M-2`).
    pub anchors: u128,
    /// Anchors with `x = 0`.
    pub a_col0: u128,
    /// Anchors with `x = M-2`.
    pub a_col_last: u128,
    /// Anchors with `y = 0`.
    pub a_row0: u128,
    /// Anchors with `y = M-2`.
    pub a_row_last: u128,
    /// Bit index to `(x, y)`.
    pub xy: [[u8; 2]; 128],
}

const fn geom(m: u8) -> Geom {
    let mm = m as u32;
    let mut g = Geom {
        board: 0,
        col_last: 0,
        row_last: 0,
        row0: 0,
        col0: 0,
        anchors: 0,
        a_col0: 0,
        a_col_last: 0,
        a_row0: 0,
        a_row_last: 0,
        xy: [[0; 2]; 128],
    };
    let mut y = 0;
    while y < mm {
        let mut x = 0;
        while x < mm {
            let i = y * mm + x;
            let b = 1u128 << i;
            g.xy[i as usize] = [x as u8, y as u8];
            g.board |= b;
            if x == mm - 1 {
                g.col_last |= b;
            }
            if x == 0 {
                g.col0 |= b;
            }
            if y == mm - 1 {
                g.row_last |= b;
            }
            if y == 0 {
                g.row0 |= b;
            }
            if x <= mm - 2 && y <= mm - 2 {
                g.anchors |= b;
                if x == 0 {
                    g.a_col0 |= b;
                }
                if x == mm - 2 {
                    g.a_col_last |= b;
                }
                if y == 0 {
                    g.a_row0 |= b;
                }
                if y == mm - 2 {
                    g.a_row_last |= b;
                }
            }
            x += 1;
        }
        y += 1;
    }
    g
}

static GEOMS: [Geom; 4] = [geom(5), geom(7), geom(9), geom(11)];

/// The geometry of a validated size (5, 7, 9 or 11; anything else maps to a
/// neighbour, which validated states never ask for).
#[inline]
pub(crate) fn geom_for(m: u8) -> &'static Geom {
    let i = (m.saturating_sub(5) / 2) as usize;
    &GEOMS[i.min(3)]
}

/// The geometry of side `W` (5, 7, 9 or 11), resolved at compile time in
/// code monomorphised on the side.
#[inline]
pub(crate) fn geom_w<const W: u32>() -> &'static Geom {
    &GEOMS[((W.saturating_sub(5) / 2) as usize).min(3)]
}

/// `1 << i` for `i < 128`, 0 above (so [`NO_PAWN`](crate::state) maps to the
/// empty set): a table load instead of a variable 128-bit shift.
static BIT: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

/// The one-bit mask of cell or anchor `i` (empty for `i >= 128`).
#[inline]
pub(crate) fn bit(i: u8) -> u128 {
    BIT[i as usize]
}

/// Iterates the set bits of a mask, lowest first.
#[derive(Clone, Debug)]
pub(crate) struct Bits(pub u128);

impl Iterator for Bits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// Which ways a pawn may step from each cell, walls and edges considered
/// (pawns are not): bit `c` of `e` is set when cell `c` may step east, etc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Can {
    pub e: u128,
    pub w: u128,
    pub s: u128,
    pub n: u128,
}

impl Can {
    /// The step masks of a board with horizontal anchors `h` and vertical
    /// anchors `v`; `W` is the side.
    #[inline]
    pub fn new<const W: u32>(g: &Geom, h: u128, v: u128) -> Can {
        let block_s = h | (h << 1);
        let block_e = v | (v << W);
        let e = g.board & !g.col_last & !block_e;
        let s = g.board & !g.row_last & !block_s;
        Can { e, w: e << 1, s, n: s << W }
    }

    /// The masks with one more wall at anchor bit `a`.
    #[inline]
    pub fn with_wall<const W: u32>(&self, a: u128, vertical: bool) -> Can {
        if vertical {
            let be = a | (a << W);
            Can { e: self.e & !be, w: self.w & !(be << 1), ..*self }
        } else {
            let bs = a | (a << 1);
            Can { s: self.s & !bs, n: self.n & !(bs << W), ..*self }
        }
    }

    /// One flood step: `f` plus every cell one step from it.
    #[inline]
    pub fn grow<const W: u32>(&self, f: u128) -> u128 {
        f | ((f & self.e) << 1) | ((f & self.w) >> 1) | ((f & self.s) << W) | ((f & self.n) >> W)
    }

    /// Whether some cell of `goal` is reachable from the cells of `start`.
    #[inline]
    pub fn reaches<const W: u32>(&self, start: u128, goal: u128) -> bool {
        let mut f = start;
        loop {
            if f & goal != 0 {
                return true;
            }
            let n = self.grow::<W>(f);
            if n == f {
                return false;
            }
            f = n;
        }
    }

    /// Length of a shortest path from `start` to `goal`, if any.
    pub fn distance<const W: u32>(&self, start: u128, goal: u128) -> Option<u32> {
        let mut f = start;
        let mut d = 0;
        loop {
            if f & goal != 0 {
                return Some(d);
            }
            let n = self.grow::<W>(f);
            if n == f {
                return None;
            }
            f = n;
            d += 1;
        }
    }

    /// Every cell reachable from `start`.
    pub fn region<const W: u32>(&self, start: u128) -> u128 {
        let mut f = start;
        loop {
            let n = self.grow::<W>(f);
            if n == f {
                return f;
            }
            f = n;
        }
    }

    /// The anchors of horizontal and vertical walls that would cut one
    /// shortest path from `start` to `goal` (all anchors when there is no
    /// path, so that callers check everything).
    pub fn path_cutters<const W: u32>(&self, g: &Geom, start: u128, goal: u128) -> (u128, u128) {
        // Paths longer than 63 steps (snakes through many walls) are not
        // traced: every anchor is then reported, which is always safe.
        let mut layers = [0u128; 64];
        let mut k = 0usize;
        layers[0] = start;
        let mut seen = start;
        while layers[k] & goal == 0 {
            let next = self.grow::<W>(layers[k]) & !seen;
            if next == 0 || k + 1 >= layers.len() {
                return (g.anchors, g.anchors);
            }
            k += 1;
            layers[k] = next;
            seen |= next;
        }
        let hit = layers[k] & goal;
        let mut t = hit & hit.wrapping_neg();
        let (mut pe, mut ps) = (0u128, 0u128);
        while k > 0 {
            let prev = layers[k - 1];
            if (t >> 1) & prev & self.e != 0 {
                t >>= 1;
                pe |= t;
            } else if (t << 1) & prev & self.w != 0 {
                pe |= t;
                t <<= 1;
            } else if (t >> W) & prev & self.s != 0 {
                t >>= W;
                ps |= t;
            } else {
                ps |= t;
                t <<= W;
            }
            k -= 1;
        }
        ((ps | (ps >> 1)) & g.anchors, (pe | (pe >> W)) & g.anchors)
    }
}

/// Calls `$f::<M>(args)` for the side `$m` (one of the supported sizes).
macro_rules! by_size {
    ($m:expr, $f:ident ( $($arg:expr),* $(,)? )) => {
        match $m {
            5 => $f::<5>($($arg),*),
            7 => $f::<7>($($arg),*),
            9 => $f::<9>($($arg),*),
            _ => $f::<11>($($arg),*),
        }
    };
}
pub(crate) use by_size;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_lists_the_set_bits_lowest_first_and_knows_how_many_are_left() {
        let mut bits = Bits((1 << 127) | (1 << 64) | 0b1010);
        assert_eq!(bits.len(), 4);
        assert_eq!(bits.size_hint(), (4, Some(4)));
        assert_eq!(bits.next(), Some(1));
        assert_eq!(bits.size_hint(), (3, Some(3)));
        assert_eq!(bits.collect::<Vec<_>>(), [3, 64, 127]);
        assert_eq!(Bits(0).size_hint(), (0, Some(0)));
    }

    /// A serpentine of horizontal walls on an `W`×`W` board: every row
    /// boundary is closed but at one end, the right end below even rows
    /// and the left end below odd ones, so the only way from (0, 0) to the
    /// last row walks every row: `(W - 1) * W` steps.
    fn snake<const W: u32>() -> Can {
        let mut h = 0u128;
        for y in 0..W - 1 {
            let first = if y % 2 == 0 { 0 } else { 1 };
            for x in (first..W - 1).step_by(2) {
                h |= 1u128 << (y * W + x);
            }
        }
        Can::new::<W>(geom_w::<W>(), h, 0)
    }

    /// What `path_cutters` promises: a wall at an anchor it does not name
    /// leaves the goal reachable (it cannot cut the path it traced).
    fn no_other_wall_cuts<const W: u32>(can: &Can, start: u128, goal: u128, (ch, cv): (u128, u128)) {
        let anchors = geom_w::<W>().anchors;
        for (vertical, named) in [(false, ch), (true, cv)] {
            for i in Bits(anchors & !named) {
                assert!(can.with_wall::<W>(1 << i, vertical).reaches::<W>(start, goal), "anchor {i} cuts");
            }
        }
    }

    #[test]
    fn path_cutters_of_a_straight_path_are_the_walls_across_its_steps_only() {
        // An empty 9x9 board, from (4, 0) to the last row: the shortest
        // path goes straight down column 4; each step south is cut by the
        // horizontal walls anchored at (3, y) and (4, y), nothing else is.
        const W: u32 = 9;
        let g = geom_w::<W>();
        let can = Can::new::<W>(g, 0, 0);
        let (start, goal) = (1u128 << 4, g.row_last);
        let cutters = can.path_cutters::<W>(g, start, goal);
        let across: u128 = (0..W - 1).map(|y| (1u128 << (y * W + 3)) | (1u128 << (y * W + 4))).sum();
        assert_eq!(cutters, (across, 0));
        no_other_wall_cuts::<W>(&can, start, goal, cutters);
    }

    #[test]
    fn path_cutters_trace_a_path_of_63_steps_or_less_and_name_every_anchor_for_a_longer_one() {
        // 7x7: the serpentine is 42 steps long and is traced; the walls
        // named are the ones across it, fewer than all.
        let (g7, can7) = (geom_w::<7>(), snake::<7>());
        let cutters = can7.path_cutters::<7>(g7, 1, g7.row_last);
        assert_ne!(cutters, (g7.anchors, g7.anchors));
        no_other_wall_cuts::<7>(&can7, 1, g7.row_last, cutters);
        // 9x9: 72 steps, longer than the 63 traced: every anchor is named
        // (callers then check every wall, which is always right).
        let (g9, can9) = (geom_w::<9>(), snake::<9>());
        assert_eq!(can9.distance::<9>(1, g9.row_last), Some(72));
        assert_eq!(can9.path_cutters::<9>(g9, 1, g9.row_last), (g9.anchors, g9.anchors));
        // No path (no step south or north anywhere): every anchor too.
        let closed = Can { s: 0, n: 0, ..Can::new::<9>(g9, 0, 0) };
        assert_eq!(closed.path_cutters::<9>(g9, 1, g9.row_last), (g9.anchors, g9.anchors));
    }

    #[test]
    fn masks_have_the_right_sizes() {
        for m in SIZES {
            let g = geom_for(m);
            assert_eq!(g.board.count_ones(), u32::from(m) * u32::from(m));
            assert_eq!(g.anchors.count_ones(), u32::from(m - 1) * u32::from(m - 1));
            assert_eq!(g.a_col0.count_ones(), u32::from(m - 1));
        }
    }
}
