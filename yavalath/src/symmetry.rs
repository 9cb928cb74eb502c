//! The 12 symmetries of the hexagonal board (the dihedral group D6) and canonical forms.

// Rotations below 6 and bits below 61: the `as` conversions are exact. `q`, `r`, `s` are the cube
// coordinates of the module docs.
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names)]

use crate::bitboard::Bitboard;
use crate::cell::{CELLS, Cell};
use crate::state::Yavalath;

/// A symmetry of the board: a rotation by `60° × k` (`k` in `0..6`; cube `(q, r, s) -> (-r, -s, -q)`
/// is one step), applied after an optional reflection that swaps the `r` and `s` cube coordinates.
/// Symmetries map lines to lines, so they preserve legality and results.
///
/// **Total**: the board is a regular hexagon centred on [`Cell::CENTER`], and each of the 12 maps
/// is a rotation or reflection about that centre, so every cell's image is a cell of the board
/// (no image falls off it, nothing wraps): [`apply`](Symmetry::apply) returns a [`Cell`], not an
/// `Option`, and [`apply_bitboard`](Symmetry::apply_bitboard) and
/// [`apply_position`](Symmetry::apply_position) keep every stone. `tests/suite/symmetry.rs` checks the
/// cube-coordinate image of every cell under every symmetry is on the board.
///
/// ```
/// use yavalath::{Cell, Symmetry};
/// let c = Cell::from_xy(0, 0).unwrap();
/// let corners: std::collections::BTreeSet<Cell> = Symmetry::all().map(|s| s.apply(c)).collect();
/// assert_eq!(corners.len(), 6); // the six corners
/// for s in Symmetry::all() {
///     assert_eq!(s.inverse().apply(s.apply(c)), c);
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Symmetry {
    rotation: u8,
    reflect: bool,
}

/// Cube coordinates of a cell after the reflection (if any), then `rotation` steps of 60°.
const fn map_cube(q: i32, r: i32, s: i32, rotation: u8, reflect: bool) -> (i32, i32, i32) {
    let (mut q, mut r, mut s) = if reflect { (q, s, r) } else { (q, r, s) };
    let mut k = 0;
    while k < rotation {
        // 60° rotation in cube coordinates.
        let t = (-r, -s, -q);
        q = t.0;
        r = t.1;
        s = t.2;
        k += 1;
    }
    (q, r, s)
}

fn build_table() -> [[u8; CELLS]; 12] {
    let mut t = [[0u8; CELLS]; 12];
    for (i, row) in t.iter_mut().enumerate() {
        let (rotation, reflect) = ((i % 6) as u8, i >= 6);
        for c in Cell::all() {
            let (q, r, s) = c.cube();
            let (q2, r2, s2) = map_cube(q, r, s, rotation, reflect);
            // A symmetry keeps the board (the tests check every image): the fallback is unreachable.
            row[c.bit() as usize] = Cell::from_cube(q2, r2, s2).unwrap_or(c).bit();
        }
    }
    t
}

fn table() -> &'static [[u8; CELLS]; 12] {
    static TABLE: std::sync::OnceLock<[[u8; CELLS]; 12]> = std::sync::OnceLock::new();
    TABLE.get_or_init(build_table)
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry { rotation: 0, reflect: false };

    /// The rotation by `60° × k` (`k` taken modulo 6).
    #[must_use]
    pub const fn rotation(k: u8) -> Symmetry {
        Symmetry { rotation: k % 6, reflect: false }
    }

    /// The reflection (cube `(q, r, s) -> (q, s, r)`).
    pub const REFLECTION: Symmetry = Symmetry { rotation: 0, reflect: true };

    /// All 12 symmetries, the identity first.
    pub fn all() -> impl Iterator<Item = Symmetry> + Clone {
        (0..12u8).map(|i| Symmetry { rotation: i % 6, reflect: i >= 6 })
    }

    /// The number of the symmetry, 0 to 11 (the identity is 0).
    #[must_use]
    pub const fn index(self) -> usize {
        self.rotation as usize + if self.reflect { 6 } else { 0 }
    }

    /// Whether the symmetry reverses orientation (a reflection).
    #[must_use]
    pub const fn is_reflection(self) -> bool {
        self.reflect
    }

    /// The image of `cell`: reflect (if a reflection), then rotate.
    #[inline]
    #[must_use]
    pub fn apply(self, cell: Cell) -> Cell {
        Cell(table()[self.index()][cell.bit() as usize])
    }

    /// The image of a set of cells.
    #[must_use]
    pub fn apply_bitboard(self, set: Bitboard) -> Bitboard {
        let t = &table()[self.index()];
        let mut out = 0u64;
        for c in set {
            out |= 1 << t[c.bit() as usize];
        }
        Bitboard::from_bits(out)
    }

    /// The image of a position (stones mapped; moves played, turn and result unchanged; the
    /// Zobrist hash recomputed).
    #[must_use]
    pub fn apply_position(self, g: &Yavalath) -> Yavalath {
        let [a, b] = g.raw_boards();
        g.with_boards([
            self.apply_bitboard(Bitboard::from_bits(a)).bits(),
            self.apply_bitboard(Bitboard::from_bits(b)).bits(),
        ])
    }

    /// `self ∘ other`: `other` first, then `self`.
    #[must_use]
    pub const fn compose(self, other: Symmetry) -> Symmetry {
        // R^a F^f ∘ R^b F^g = R^(a ± b) F^(f+g), with F R^b = R^-b F.
        let b = if self.reflect { (6 - other.rotation) % 6 } else { other.rotation };
        Symmetry { rotation: (self.rotation + b) % 6, reflect: self.reflect ^ other.reflect }
    }

    /// The inverse symmetry.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        if self.reflect { self } else { Symmetry { rotation: (6 - self.rotation) % 6, reflect: false } }
    }
}

impl Yavalath {
    /// The canonical representative of the position's symmetry class (the image with the smallest
    /// stone bitboards, first player's first) and a symmetry that maps the position onto it.
    /// Symmetric positions have the same canonical form.
    #[must_use]
    pub fn canonical(&self) -> (Yavalath, Symmetry) {
        let mut best = (*self, Symmetry::IDENTITY);
        let mut key = self.raw_boards();
        for s in Symmetry::all().skip(1) {
            let img = s.apply_position(self);
            if img.raw_boards() < key {
                key = img.raw_boards();
                best = (img, s);
            }
        }
        best
    }
}
