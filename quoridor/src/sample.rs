//! Exactly uniform random legal moves without listing them: rejection
//! sampling from the pawn targets and the walls that fit.
//!
//! A proposal is drawn uniformly from the pawn targets and every wall that
//! fits (on the board, no overlap, no crossing): a superset of the legal
//! moves in which every move that is not a wall cutting a pawn off is legal.
//! A proposed wall is checked on its own (only a wall touching the walls or
//! the border at two points can cut anyone off; those get a flood fill per
//! pawn) and redrawn when it cuts. Every legal move is proposed with the same
//! probability and accepted with probability 1, so the accepted move is
//! exactly uniform over the legal moves. After a few rejections in a row the
//! sampler lists the legal walls and draws among them, which is uniform too,
//! so the whole draw stays exact and its time bounded.

// Bit indices are below 128 and coordinates below 11, so the casts are
// exact; one-letter names are the bitboard algebra of `movegen`.
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names)]

use crate::geometry::{Bits, Can, by_size, geom_w};
use crate::movegen::{fitting, legal_walls_w, pawn_targets_w, touch_twice};
use crate::moves::{Move, Wall};
use crate::state::{NO_PAWN, Quoridor};
use game_core::grid::Cell;
use game_core::rng::{Chunks16, below};
use game_core::{Game, RngCore};

/// Rejected proposals after which the sampler lists the legal walls.
const MAX_REJECTIONS: u32 = 8;

/// The index of the `k`-th set bit (from 0, lowest first) of `x`; `k` must
/// be below `x.count_ones()`.
#[inline]
fn select64(mut x: u64, mut k: u32) -> u32 {
    let mut base = 0;
    for width in [32u32, 16, 8] {
        let low = x & ((1u64 << width) - 1);
        let c = low.count_ones();
        if k >= c {
            k -= c;
            x >>= width;
            base += width;
        } else {
            x = low;
        }
    }
    for _ in 0..k {
        x &= x.wrapping_sub(1);
    }
    base + x.trailing_zeros()
}

/// The index of the `k`-th set bit of `x` (`k < x.count_ones()`).
#[inline]
pub(crate) fn select128(x: u128, k: u32) -> u32 {
    let lo = x as u64;
    let c = lo.count_ones();
    if k < c { select64(lo, k) } else { 64 + select64((x >> 64) as u64, k - c) }
}

#[inline]
fn pawn_move<const W: u32>(i: u32) -> Move {
    let [x, y] = geom_w::<W>().xy[i as usize & 127];
    Move::Pawn(Cell { x, y })
}

#[inline]
fn wall_move<const W: u32>(i: u32, vertical: bool) -> Move {
    let [x, y] = geom_w::<W>().xy[i as usize & 127];
    Move::Wall(Wall { x, y, vertical })
}

/// Whether the wall at anchor bit `a` (which fits) leaves every pawn still
/// in the game a path; `(th, tv)` are the anchors touching twice.
fn wall_keeps_paths<const W: u32>(s: &Quoridor, can: &Can, (th, tv): (u128, u128), a: u128, vertical: bool) -> bool {
    if (if vertical { tv } else { th }) & a == 0 {
        return true;
    }
    let cut = can.with_wall::<W>(a, vertical);
    (0..s.players as usize).all(|p| s.pawns[p] == NO_PAWN || cut.reaches::<W>(s.pawn_bit(p), s.goal_mask(p)))
}

/// A uniformly random legal move of player `p` (the player to move).
pub(crate) fn random_move_w<const W: u32>(s: &Quoridor, p: usize, rng: &mut (impl RngCore + ?Sized)) -> Option<Move> {
    let g = geom_w::<W>();
    let can = Can::new::<W>(g, s.h, s.v);
    let t = pawn_targets_w::<W>(&can, s.pawn_bit(p), s.occupied());
    // At most five targets: listed, not counted (no popcount instruction on
    // the baseline x86-64 target).
    let mut targets = [0u8; 8];
    let mut np = 0u32;
    for i in Bits(t) {
        targets[np as usize & 7] = i as u8;
        np += 1;
    }
    let pawn = |k: u32| pawn_move::<W>(u32::from(targets[k as usize & 7]));
    if s.walls_left[p] == 0 {
        return (np > 0).then(|| pawn(below(rng, np as usize) as u32));
    }
    let (fh, fv) = fitting::<W>(g, s.h, s.v);
    let (nh, nv) = (fh.count_ones(), fv.count_ones());
    let total = (np + nh + nv) as usize;
    if total == 0 {
        return None;
    }
    let touch = touch_twice::<W>(g, s.h, s.v);
    for _ in 0..MAX_REJECTIONS {
        let r = below(rng, total) as u32;
        if r < np {
            return Some(pawn(r));
        }
        let (mask, k, vertical) = if r < np + nh { (fh, r - np, false) } else { (fv, r - np - nh, true) };
        let i = select128(mask, k);
        if wall_keeps_paths::<W>(s, &can, touch, 1u128 << i, vertical) {
            return Some(wall_move::<W>(i, vertical));
        }
    }
    // Many walls cut: list the legal ones and draw among all legal moves.
    let (lh, lv) = legal_walls_w::<W>(s);
    let (lnh, lnv) = (lh.count_ones(), lv.count_ones());
    let total = (np + lnh + lnv) as usize;
    if total == 0 {
        return None;
    }
    let r = below(rng, total) as u32;
    Some(if r < np {
        pawn(r)
    } else if r < np + lnh {
        wall_move::<W>(select128(lh, r - np), false)
    } else {
        wall_move::<W>(select128(lv, r - np - lnh), true)
    })
}

impl Quoridor {
    /// A uniformly random legal move of the player to move, drawn without
    /// listing the moves (rejection sampling; see
    /// [`Game::random_legal_move`](game_core::Game::random_legal_move), which
    /// calls it). `None` when the game is over.
    pub(crate) fn sample_move<R: RngCore + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let p = self.to_move()?.index();
        if self.pawns[p] == NO_PAWN {
            return None;
        }
        by_size!(self.m, random_move_w(self, p, rng))
    }
}

/// No cell: a blocked step in [`step_table`].
const NO_CELL: u8 = 0xFF;

/// For every cell `c` and direction `d` (east, west, south, north), the cell
/// one step away at index `4 * c + d`, or [`NO_CELL`] where a wall or the
/// edge blocks the step: the pawn moves of a board whose walls no longer
/// change, worked out once.
fn step_table<const W: u32>(can: &Can) -> [u8; 512] {
    let mut next = [NO_CELL; 512];
    // A step west or north subtracts, as a wrapping add.
    for (d, (from, offset)) in
        [(can.e, 1), (can.w, 1u32.wrapping_neg()), (can.s, W), (can.n, W.wrapping_neg())].into_iter().enumerate()
    {
        for c in Bits(from) {
            next[(4 * c as usize + d) & 511] = c.wrapping_add(offset) as u8;
        }
    }
    next
}

/// The rest of a two-player game in which nobody has a wall left: pawn
/// moves only, on walls that no longer change, so the steps are read from a
/// table made once instead of the wall bit sets at every move. The targets
/// are those of `pawn_targets_w` (a step to a free neighbour; over the other
/// pawn, the jump when nothing blocks it, else the side-steps), each once,
/// and the draw is uniform among them. Returns the moves played.
fn pawn_race_w<const W: u32>(
    s: &mut Quoridor,
    rng: &mut (impl RngCore + ?Sized),
    on_move: &mut impl FnMut(Move),
) -> u32 {
    let next = step_table::<W>(&Can::new::<W>(geom_w::<W>(), s.h, s.v));
    let step = |c: u8, d: usize| next[(4 * usize::from(c) + d) & 511];
    let mut draws = Chunks16::new();
    let mut plies = 0;
    while let Some(player) = s.to_move() {
        let p = player.index() & 1;
        let (me, other) = (s.pawns[p], s.pawns[p ^ 1]);
        let mut targets = [NO_CELL; 8];
        let mut n = 0;
        let mut push = |t: u8| {
            targets[n & 7] = t;
            n += usize::from(t != NO_CELL);
        };
        for d in 0..4 {
            let a = step(me, d);
            if a != other || a == NO_CELL {
                push(a);
            } else if step(a, d) != NO_CELL {
                push(step(a, d));
            } else {
                let (s0, s1) = if d < 2 { (2, 3) } else { (0, 1) };
                push(step(a, s0));
                push(step(a, s1));
            }
        }
        if n == 0 {
            break;
        }
        let i = targets[draws.below(rng, n as u32) as usize & 7];
        on_move(pawn_move::<W>(u32::from(i)));
        s.move_pawn(p, i);
        plies += 1;
    }
    plies
}

impl Quoridor {
    /// Plays to the end with uniformly random legal moves (each move uniform
    /// over the legal moves of the player to move) and returns the number of
    /// moves played; see [`random_playout_with`](Quoridor::random_playout_with).
    pub fn random_playout<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        self.random_playout_with(rng, |_| {})
    }

    /// [`random_playout`](Quoridor::random_playout), calling `on_move` with
    /// each move before it is played. While
    /// walls are left, moves are drawn as
    /// [`Game::random_legal_move`](game_core::Game::random_legal_move) draws
    /// them; once no player of a two-player game has a wall left, the walls
    /// are fixed, and the pawns' steps come from a table made once. What
    /// [`Game::play_out_randomly`](game_core::Game::play_out_randomly) (and
    /// so `game_core::random_playout`) plays.
    pub fn random_playout_with<R: RngCore + ?Sized>(&mut self, rng: &mut R, mut on_move: impl FnMut(Move)) -> u32 {
        let mut plies = 0;
        while let Some(player) = self.to_move() {
            if self.players == 2 && self.walls_left[0] == 0 && self.walls_left[1] == 0 {
                return plies + by_size!(self.m, pawn_race_w(self, rng, &mut on_move));
            }
            let Some(mv) = self.sample_move(rng) else { break };
            on_move(mv);
            self.play_unchecked(player, mv);
            plies += 1;
        }
        plies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_finds_the_kth_set_bit() {
        let masks = [1u128, u128::MAX, 0xF0F0_0000_0000_0000_0000_0001_8000_0001, 1u128 << 127, 0x5555 << 60];
        for x in masks {
            let bits: Vec<u32> = (0..128).filter(|&i| x >> i & 1 == 1).collect();
            for (k, &b) in bits.iter().enumerate() {
                assert_eq!(select128(x, k as u32), b, "{x:#x} k={k}");
            }
        }
    }
}
