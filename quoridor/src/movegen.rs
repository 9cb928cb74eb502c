//! Move generation and the legality checks: pawn moves, wall legality and
//! path checks, as bit-set flood fills monomorphised on the board side.

// Bit indices are below 128 and coordinates below 11, so the casts to `u8`
// and `u32` are exact; one-letter names (`h`, `v`, `g`, `a`, ...) are the
// bitboard algebra of the module docs; the per-direction pawn targets are
// forced inline into the four-direction loop (measured by the
// `quoridor/random-game` bench in `benches/`).
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names, clippy::inline_always)]

use crate::error::MoveError;
use crate::geometry::{Bits, Can, Geom, by_size, geom_w};
use crate::moves::{Move, Wall};
use crate::state::{NO_PAWN, Quoridor};
use game_core::grid::Cell;
use game_core::{PlayerId, RngCore};

// ---------------------------------------------------------------------------
// Hot paths, monomorphised on the board side `W`.

#[inline]
fn shift<const W: u32>(b: u128, dir: usize) -> u128 {
    match dir {
        0 => b << 1,
        1 => b >> 1,
        2 => b << W,
        _ => b >> W,
    }
}

/// Landing cells of the pawn on bit `me` that leave it in direction `D`
/// (0 east, 1 west, 2 south, 3 north), with `occ` the cells holding pawns:
/// the step to an empty neighbour; over a neighbouring pawn, the jump when
/// nothing is behind it, or the side-steps when a wall or the edge is.
/// Branch-free.
#[inline(always)]
fn dir_targets<const W: u32, const D: usize>(dirs: &[u128; 4], me: u128, occ: u128) -> u128 {
    let (s0, s1) = if D < 2 { (2, 3) } else { (0, 1) };
    let n = shift::<W>(me & dirs[D], D);
    let hit = n & occ;
    // What may be behind the jumped pawn: the way on from its cell.
    let behind = dirs[D];
    #[cfg(feature = "planted-bugs")]
    let behind = if game_core::planted::is("quoridor-jump-over-wall") { planted_off_edge::<W, D>() } else { behind };
    let jump = shift::<W>(hit & behind, D);
    let walled = hit & !behind;
    #[cfg(feature = "planted-bugs")]
    let walled = if game_core::planted::is("quoridor-side-step-when-jump-open") { hit } else { walled };
    let side = shift::<W>(walled & dirs[s0], s0) | shift::<W>(walled & dirs[s1], s1);
    (n | jump | side) & !occ
}

/// Planted bug `quoridor-jump-over-wall` (feature `planted-bugs`): the
/// cells with a neighbour in direction `D` on the board, walls forgotten.
#[cfg(feature = "planted-bugs")]
fn planted_off_edge<const W: u32, const D: usize>() -> u128 {
    let g = geom_w::<W>();
    g.board & ![g.col_last, g.col0, g.row_last, g.row0][D]
}

/// Landing cells of the pawn on bit `me`, with `occ` the cells holding pawns.
#[inline]
pub(crate) fn pawn_targets_w<const W: u32>(can: &Can, me: u128, occ: u128) -> u128 {
    let dirs = [can.e, can.w, can.s, can.n];
    dir_targets::<W, 0>(&dirs, me, occ)
        | dir_targets::<W, 1>(&dirs, me, occ)
        | dir_targets::<W, 2>(&dirs, me, occ)
        | dir_targets::<W, 3>(&dirs, me, occ)
}

/// Anchors where a new horizontal / vertical wall would touch the walls
/// already placed or the border at two or more of its three points. Only
/// such a wall can close a loop, so only such a wall can cut a pawn off.
#[inline]
pub(crate) fn touch_twice<const W: u32>(g: &Geom, h: u128, v: u128) -> (u128, u128) {
    let a = g.anchors;
    let occ = (h | v | (h << 1) | (h >> 1) | (v << W) | (v >> W)) & a;
    // The edge touches the anchors of its first and last columns and rows.
    let edge = [g.a_col0, g.a_col_last, g.a_row0, g.a_row_last];
    #[cfg(feature = "planted-bugs")]
    let edge = if game_core::planted::is("quoridor-wall-cuts-last-path") { [0; 4] } else { edge };
    let hl = (occ << 1) | edge[0];
    let hr = (occ >> 1) | edge[1];
    let th = (hl & occ) | (hl & hr) | (occ & hr);
    let vt = (occ << W) | edge[2];
    let vb = (occ >> W) | edge[3];
    let tv = (vt & occ) | (vt & vb) | (occ & vb);
    (th & a, tv & a)
}

/// Anchors where a horizontal / vertical wall fits (on the board, no overlap,
/// no crossing), paths not considered.
#[inline]
pub(crate) fn fitting<const W: u32>(g: &Geom, h: u128, v: u128) -> (u128, u128) {
    let a = g.anchors;
    let (cross_h, cross_v) = (v, h);
    #[cfg(feature = "planted-bugs")]
    let (cross_h, cross_v) =
        if game_core::planted::is("quoridor-wall-crosses-wall") { (0, 0) } else { (cross_h, cross_v) };
    (a & !h & !(h << 1) & !(h >> 1) & !cross_h, a & !v & !(v << W) & !(v >> W) & !cross_v)
}

/// Anchors (among `fh`, `fv`: the walls that fit) where a new horizontal /
/// vertical wall would close a loop: two of
/// its three points lie on the same connected piece of the walls placed (the
/// border counting as one piece with every wall touching it). Exact: a wall
/// that closes no loop makes no new enclosed area, so it cuts nobody off.
///
/// Points are the interior lattice points, numbered like anchors (point
/// `(x+1, y+1)` has the bit of anchor `(x, y)`).
fn loop_closers<const W: u32>(g: &Geom, h: u128, v: u128, (fh, fv): (u128, u128)) -> (u128, u128) {
    let a = g.anchors;
    let (th, tv) = touch_twice::<W>(g, h, v);
    let (th, tv) = (th & fh, tv & fv);
    if th | tv == 0 {
        return (0, 0);
    }
    let occ = (h | v | (h << 1) | (h >> 1) | (v << W) | (v >> W)) & a;
    // Wall segments between neighbouring points: `sh` bit i joins i and i+1,
    // `sv` bit i joins i and i+W.
    let sh = (h | (h >> 1)) & a & !g.a_col_last;
    let sv = (v | (v >> W)) & a & !g.a_row_last;
    let grow = |f: u128| f | ((f & sh) << 1) | ((f >> 1) & sh) | ((f & sv) << W) | ((f >> W) & sv);
    let flood = |seed: u128| {
        let mut f = seed;
        loop {
            let n = grow(f);
            if n == f {
                return f;
            }
            f = n;
        }
    };
    let two = |l: u128, c: u128, r: u128| (l & c) | (l & r) | (c & r);
    let border_seed = (h & (g.a_col0 | g.a_col_last)) | (v & (g.a_row0 | g.a_row_last));
    let border = if border_seed == 0 { 0 } else { flood(border_seed) };
    let mut lh = two((border << 1) | g.a_col0, border, (border >> 1) | g.a_col_last) & th;
    let mut lv = two((border << W) | g.a_row0, border, (border >> W) | g.a_row_last) & tv;
    let mut rest = occ & !border;
    while rest != 0 {
        let k = flood(rest & rest.wrapping_neg());
        rest &= !k;
        // A lone wall (three points) cannot be touched twice by a wall that fits.
        if k.count_ones() > 3 {
            lh |= two(k << 1, k, k >> 1) & th;
            lv |= two(k << W, k, k >> W) & tv;
        }
    }
    (lh & a, lv & a)
}

/// Legal horizontal and vertical wall anchors (walls left not considered).
pub(crate) fn legal_walls_w<const W: u32>(s: &Quoridor) -> (u128, u128) {
    let g = geom_w::<W>();
    let (fh, fv) = fitting::<W>(g, s.h, s.v);
    let (ch, cv) = loop_closers::<W>(g, s.h, s.v, (fh, fv));
    if ch | cv == 0 {
        return (fh, fv);
    }
    let can = Can::new::<W>(g, s.h, s.v);
    // Tracing a shortest path costs about two flood fills: worth it only when
    // it can spare more than that.
    let trace = (ch | cv).count_ones() > 3;
    let (mut bad_h, mut bad_v) = (0u128, 0u128);
    for p in 0..s.players as usize {
        if s.pawns[p] == NO_PAWN {
            continue;
        }
        let start = s.pawn_bit(p);
        let goal = s.goal_mask(p);
        let (hh, hv) = if trace { can.path_cutters::<W>(g, start, goal) } else { (ch, cv) };
        for i in Bits(ch & hh & !bad_h) {
            let b = 1u128 << i;
            if !can.with_wall::<W>(b, false).reaches::<W>(start, goal) {
                bad_h |= b;
            }
        }
        for i in Bits(cv & hv & !bad_v) {
            let b = 1u128 << i;
            if !can.with_wall::<W>(b, true).reaches::<W>(start, goal) {
                bad_v |= b;
            }
        }
    }
    (fh & !bad_h, fv & !bad_v)
}

/// Writes the walls of an anchor mask into `buf` from `n`, row by row;
/// returns the new length.
#[inline]
fn write_walls<const W: u32>(buf: &mut [Move; MAX_MOVES], mut n: usize, mask: u128, vertical: bool) -> usize {
    let row_mask = (1u32 << (W - 1)) - 1;
    for y in 0..(W - 1) as u8 {
        let mut row = (mask >> (u32::from(y) * W)) as u32 & row_mask;
        while row != 0 {
            let x = row.trailing_zeros() as u8;
            row &= row - 1;
            if let Some(slot) = buf.get_mut(n) {
                *slot = Move::Wall(Wall { x, y, vertical });
                n += 1;
            }
        }
    }
    n
}

/// More than the most moves of any position: 2 x 10 x 10 walls and the pawn moves.
const MAX_MOVES: usize = 2 * 100 + 8;

/// The first player still in the game that the wall at anchor bit `a` would
/// cut off from its goal.
fn wall_cuts_w<const W: u32>(s: &Quoridor, a: u128, vertical: bool) -> Option<usize> {
    let g = geom_w::<W>();
    let (lh, lv) = loop_closers::<W>(g, s.h, s.v, (g.anchors, g.anchors));
    if (if vertical { lv } else { lh }) & a == 0 {
        return None;
    }
    let can = Can::new::<W>(g, s.h, s.v).with_wall::<W>(a, vertical);
    (0..s.players as usize).find(|&p| s.pawns[p] != NO_PAWN && !can.reaches::<W>(s.pawn_bit(p), s.goal_mask(p)))
}

fn can_w<const W: u32>(s: &Quoridor) -> Can {
    Can::new::<W>(geom_w::<W>(), s.h, s.v)
}

pub(crate) fn pawn_targets_of<const W: u32>(s: &Quoridor, p: usize) -> u128 {
    if s.pawns[p] == NO_PAWN {
        return 0;
    }
    pawn_targets_w::<W>(&can_w::<W>(s), s.pawn_bit(p), s.occupied())
}

fn distance_w<const W: u32>(s: &Quoridor, p: usize) -> Option<u32> {
    can_w::<W>(s).distance::<W>(s.pawn_bit(p), s.goal_mask(p))
}

fn region_w<const W: u32>(s: &Quoridor, p: usize) -> u128 {
    can_w::<W>(s).region::<W>(s.pawn_bit(p))
}

/// All legal moves of the player to move, pushed into `out`.
pub(crate) fn gen_w<const W: u32>(s: &Quoridor, out: &mut Vec<Move>) {
    let g = geom_w::<W>();
    let p = s.to_move as usize;
    let can = can_w::<W>(s);
    let t = pawn_targets_w::<W>(&can, s.pawn_bit(p), s.occupied());
    if s.walls_left[p] == 0 {
        out.extend(Bits(t).map(|i| {
            let [x, y] = g.xy[i as usize];
            Move::Pawn(Cell { x, y })
        }));
        return;
    }
    let mut buf = [Move::Pawn(Cell { x: 0, y: 0 }); MAX_MOVES];
    let mut n = 0;
    for i in Bits(t) {
        let [x, y] = g.xy[i as usize];
        buf[n] = Move::Pawn(Cell { x, y });
        n += 1;
    }
    let (lh, lv) = legal_walls_w::<W>(s);
    n = write_walls::<W>(&mut buf, n, lh, false);
    n = write_walls::<W>(&mut buf, n, lv, true);
    out.extend_from_slice(&buf[..n]);
}

impl Quoridor {
    /// Length of a shortest path from `player`'s pawn to its goal, counting
    /// walls only (pawns ignored); `None` for a removed player.
    #[must_use]
    pub fn distance_to_goal(&self, player: PlayerId) -> Option<u32> {
        self.pawn(player)?;
        by_size!(self.m, distance_w(self, player.index()))
    }

    /// The cells `player`'s pawn could move to now if it were its turn
    /// (steps, jumps and side-steps), in row-major order.
    pub fn pawn_targets(&self, player: PlayerId) -> impl Iterator<Item = Cell> + '_ {
        let t = if self.pawn(player).is_some() { by_size!(self.m, pawn_targets_of(self, player.index())) } else { 0 };
        Bits(t).map(|i| self.cell_of(i as u8))
    }

    /// The cells connected to `player`'s pawn by paths that cross no wall
    /// (pawns ignored), its own cell included, in row-major order; nothing for
    /// a removed player.
    pub fn reachable_cells(&self, player: PlayerId) -> impl Iterator<Item = Cell> + '_ {
        let r = if self.pawn(player).is_some() { by_size!(self.m, region_w(self, player.index())) } else { 0 };
        Bits(r).map(|i| self.cell_of(i as u8))
    }

    /// Checks whether `player` may place `wall` now, ignoring whose turn it
    /// is: on the board, walls left, no overlap, no crossing, and every pawn
    /// still in the game keeps a path to its goal.
    ///
    /// # Errors
    /// [`MoveError::Seat`] for a seat the game does not have; then
    /// the first rule the wall breaks, in the order of the rules ([`crate::rules`]).
    pub fn check_wall(&self, player: PlayerId, wall: Wall) -> Result<(), MoveError> {
        self.check_seat(player)?;
        if wall.x > self.m - 2 || wall.y > self.m - 2 {
            return Err(MoveError::WallOffBoard { wall });
        }
        if self.walls_left(player) == 0 {
            return Err(MoveError::NoWallsLeft { player });
        }
        let a = 1u128 << self.index(Cell::new(wall.x, wall.y));
        let (same, other) = if wall.vertical { (self.v, self.h) } else { (self.h, self.v) };
        let along = if wall.vertical { u32::from(self.m) } else { 1 };
        if (same | (same << along) | (same >> along)) & a != 0 {
            return Err(MoveError::WallOverlaps { wall });
        }
        let crosses = other & a != 0;
        #[cfg(feature = "planted-bugs")]
        let crosses = planted_crosses(crosses);
        if crosses {
            return Err(MoveError::WallCrosses { wall });
        }
        if let Some(p) = by_size!(self.m, wall_cuts_w(self, a, wall.vertical)) {
            return Err(MoveError::WallBlocksPath { wall, player: PlayerId(p as u8) });
        }
        Ok(())
    }

    /// Whether `player` may place `wall` now (turn not considered); see
    /// [`check_wall`](Quoridor::check_wall).
    #[must_use]
    pub fn is_wall_legal(&self, player: PlayerId, wall: Wall) -> bool {
        self.check_wall(player, wall).is_ok()
    }

    /// Every wall that is legal now for a player with walls left (paths
    /// considered, walls left not), horizontal ones first.
    pub fn legal_walls(&self) -> impl Iterator<Item = Wall> + '_ {
        let (lh, lv) = by_size!(self.m, legal_walls_w(self));
        let g = self.geom();
        Bits(lh)
            .map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: false })
            .chain(Bits(lv).map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: true }))
    }

    /// Whether `p` (still in the game) has a pawn move or a legal wall.
    pub(crate) fn has_move(&self, p: usize) -> bool {
        if by_size!(self.m, pawn_targets_of(self, p)) != 0 {
            return true;
        }
        if self.walls_left[p] == 0 {
            return false;
        }
        by_size!(self.m, legal_walls_w(self)) != (0, 0)
    }

    /// A uniformly random legal pawn move of the player to move drawn from
    /// `rng` (a uniformly random legal wall when it has no pawn move): what
    /// the contest server plays for a bot whose answer is illegal. `None`
    /// when the game is over.
    pub fn fallback_move<R: RngCore + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let p = self.to_move()?;
        let targets: Vec<Cell> = self.pawn_targets(p).collect();
        if !targets.is_empty() {
            return Some(Move::Pawn(targets[game_core::rng::below(rng, targets.len())]));
        }
        if self.walls_left(p) == 0 {
            return None;
        }
        let walls: Vec<Wall> = self.legal_walls().collect();
        (!walls.is_empty()).then(|| Move::Wall(walls[game_core::rng::below(rng, walls.len())]))
    }
}

/// Planted bug `quoridor-wall-crosses-wall` (feature `planted-bugs`): a wall across another wall's
/// middle allowed (`crosses` is what the rules say).
#[cfg(feature = "planted-bugs")]
fn planted_crosses(crosses: bool) -> bool {
    crosses && !game_core::planted::is("quoridor-wall-crosses-wall")
}

#[cfg(test)]
mod tests {
    //! The wall filters against naive readings of what their docs promise,
    //! on random boards dense with walls (pawns and paths play no part in
    //! them): a filter that listed too few walls would let a wall cut a
    //! path; one that listed too many would only cost time, which no other
    //! test sees.
    use super::*;
    use crate::geometry::geom_for;
    use game_core::rng::{below, seeded};
    use std::collections::BTreeSet;

    /// Random fitting walls (up to `n` tries) on a board of side `m`: the
    /// horizontal and vertical anchor masks.
    fn random_walls(m: u8, n: usize, rng: &mut impl RngCore) -> (u128, u128) {
        let g = geom_for(m);
        let (mut h, mut v) = (0u128, 0u128);
        for _ in 0..n {
            let (fh, fv) = by_size!(m, fitting(g, h, v));
            let vertical = below(rng, 2) == 1;
            let free: Vec<u32> = Bits(if vertical { fv } else { fh }).collect();
            if let Some(&i) = free.get(below(rng, free.len().max(1))) {
                *(if vertical { &mut v } else { &mut h }) |= 1 << i;
            }
        }
        (h, v)
    }

    /// The lattice points (0..=m on each axis) of the wall at anchor `(x, y)`.
    fn points(x: u8, y: u8, vertical: bool) -> [(u8, u8); 3] {
        if vertical {
            [(x + 1, y), (x + 1, y + 1), (x + 1, y + 2)]
        } else {
            [(x, y + 1), (x + 1, y + 1), (x + 2, y + 1)]
        }
    }

    /// How many separate areas the walls cut the board into.
    fn regions(m: u8, h: u128, v: u128) -> usize {
        fn count<const W: u32>(h: u128, v: u128) -> usize {
            let g = geom_w::<W>();
            let can = Can::new::<W>(g, h, v);
            let (mut rest, mut n) = (g.board, 0);
            while rest != 0 {
                rest &= !can.region::<W>(rest & rest.wrapping_neg());
                n += 1;
            }
            n
        }
        by_size!(m, count(h, v))
    }

    fn boards() -> impl Iterator<Item = (u8, u128, u128)> {
        let mut rng = seeded(43);
        (0..200).map(move |i| {
            let m = [5, 7, 9, 11][i % 4];
            let (h, v) = random_walls(m, 4 + below(&mut rng, usize::from(m) * 4), &mut rng);
            (m, h, v)
        })
    }

    #[test]
    fn touch_twice_lists_exactly_the_walls_touching_other_walls_or_the_border_at_two_of_their_points() {
        for (m, h, v) in boards() {
            let g = geom_for(m);
            let placed: BTreeSet<(u8, u8)> = [(h, false), (v, true)]
                .into_iter()
                .flat_map(|(mask, vertical)| {
                    Bits(mask).flat_map(move |i| points(g.xy[i as usize][0], g.xy[i as usize][1], vertical))
                })
                .collect();
            let touched = |p: &(u8, u8)| placed.contains(p) || p.0 == 0 || p.1 == 0 || p.0 == m || p.1 == m;
            let (th, tv) = by_size!(m, touch_twice(g, h, v));
            for i in Bits(g.anchors) {
                let [x, y] = g.xy[i as usize];
                for (vertical, listed) in [(false, th), (true, tv)] {
                    let twice = points(x, y, vertical).iter().filter(|p| touched(p)).count() >= 2;
                    assert_eq!(
                        listed >> i & 1 == 1,
                        twice,
                        "m {m} h {h:#x} v {v:#x}: wall at ({x}, {y}), vertical {vertical}"
                    );
                }
            }
        }
    }

    #[test]
    fn loop_closers_are_exactly_the_fitting_walls_that_split_an_area_in_two() {
        let mut closers = 0;
        for (m, h, v) in boards() {
            let g = geom_for(m);
            let fits = by_size!(m, fitting(g, h, v));
            let (lh, lv) = by_size!(m, loop_closers(g, h, v, fits));
            let before = regions(m, h, v);
            for (vertical, fit, listed) in [(false, fits.0, lh), (true, fits.1, lv)] {
                assert_eq!(listed & !fit, 0, "only walls that fit");
                for i in Bits(fit) {
                    let (h2, v2) = if vertical { (h, v | 1 << i) } else { (h | 1 << i, v) };
                    let splits = regions(m, h2, v2) > before;
                    closers += usize::from(splits);
                    assert_eq!(
                        listed >> i & 1 == 1,
                        splits,
                        "m {m} h {h:#x} v {v:#x}: anchor {i}, vertical {vertical}"
                    );
                }
            }
        }
        assert!(closers > 100, "the boards hold loops to close ({closers})");
    }
}
