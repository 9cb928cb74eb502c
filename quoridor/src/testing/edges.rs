//! The hard cases of the rules as [`Edge`]s, biases that walk towards them,
//! and proptest strategies for positions built by those biased walks.
//!
//! A uniform walk spends most moves on walls (up to 128 against at most five
//! pawn moves), so pawns rarely meet and games end early at the tick limit.
//! [`PawnsMeet`] prefers pawn moves, most of all those landing next to
//! another pawn (jumps and side-steps follow); [`CloseCorridors`] prefers
//! walls that touch the walls already placed or the border at two points
//! (the only walls that can close a loop, so the ones that make the path
//! check matter); [`BoxIn`] crowds the pawns of a four-player game together
//! and spends walls next to them, until a player with no pawn move and no
//! walls is removed.

// Coordinates are below 11, so the casts are exact.
#![allow(clippy::cast_possible_truncation)]

use crate::geometry::by_size;
use crate::movegen::{fitting, legal_walls_w};
use crate::{Config, Move, Quoridor, Wall};
use game_core::testing::{Bias, Edge, arb_state_biased};
use game_core::{Game, PlayerId};
use proptest::strategy::Strategy;

fn cells_adjacent(a: crate::Cell, b: crate::Cell) -> bool {
    a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1
}

/// Whether a pawn still in the game, other than `player`'s, stands next to `c`.
fn next_to_other_pawn(s: &Quoridor, player: PlayerId, c: crate::Cell) -> bool {
    (0..s.players() as u8).map(PlayerId).any(|q| q != player && s.pawn(q).is_some_and(|o| cells_adjacent(o, c)))
}

/// Whether `wall` borders the cell `c` (blocks one of its four steps).
fn wall_borders(w: Wall, c: crate::Cell) -> bool {
    // Either kind of wall at anchor (x, y) has the cells (x, y), (x+1, y),
    // (x, y+1) and (x+1, y+1) on its sides.
    (w.x == c.x || w.x + 1 == c.x) && (w.y == c.y || w.y + 1 == c.y)
}

/// Prefers pawn moves (weight 64), most of all those landing next to
/// another pawn (1024); walls weigh 1. Aimed at adjacent pawns, jumps and
/// side-steps, and games that end at a goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnsMeet;

impl Bias<Quoridor> for PawnsMeet {
    fn weight(&self, s: &Quoridor, player: PlayerId, mv: Move) -> u32 {
        match mv {
            Move::Pawn(c) if next_to_other_pawn(s, player, c) => 1024,
            Move::Pawn(_) => 64,
            Move::Wall(_) => 1,
        }
    }
}

/// Prefers walls that lengthen another player's shortest path (weight
/// 64; other walls and pawn moves 1): paths get pushed into long detours
/// through narrow corridors, where many walls would cut a pawn off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CloseCorridors;

impl Bias<Quoridor> for CloseCorridors {
    fn weight(&self, s: &Quoridor, player: PlayerId, mv: Move) -> u32 {
        if matches!(mv, Move::Pawn(_)) {
            return 1;
        }
        let mut after = *s;
        after.play_unchecked(player, mv);
        let longer = (0..s.players() as u8)
            .map(PlayerId)
            .filter(|&q| q != player)
            .any(|q| after.distance_to_goal(q).unwrap_or(0) > s.distance_to_goal(q).unwrap_or(0));
        if longer { 64 } else { 1 }
    }
}

/// Four players: pawn moves landing next to another pawn weigh 128, walls
/// bordering another pawn's cell 64, other pawn moves 2, other walls 1.
/// Pawns crowd together and walls run out next to them: the way to a
/// player with neither a pawn move nor a wall, who is removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoxIn;

impl Bias<Quoridor> for BoxIn {
    fn weight(&self, s: &Quoridor, player: PlayerId, mv: Move) -> u32 {
        match mv {
            Move::Pawn(c) if next_to_other_pawn(s, player, c) => 128,
            Move::Pawn(_) => 2,
            Move::Wall(w) => {
                let others = (0..s.players() as u8).map(PlayerId).filter(|&q| q != player);
                if others.filter_map(|q| s.pawn(q)).any(|c| wall_borders(w, c)) { 64 } else { 1 }
            }
        }
    }
}

/// A live game with two pawns on neighbouring cells.
fn adjacent_pawns(s: &Quoridor) -> bool {
    !s.is_over() && (0..s.players() as u8).map(PlayerId).any(|p| s.pawn(p).is_some_and(|c| next_to_other_pawn(s, p, c)))
}

/// The player to move can jump or side-step: a pawn target more than one
/// step away.
fn jump_or_side_step(s: &Quoridor) -> bool {
    s.to_move()
        .and_then(|p| s.pawn(p).map(|me| (p, me)))
        .is_some_and(|(p, me)| s.pawn_targets(p).any(|t| me.x.abs_diff(t.x) + me.y.abs_diff(t.y) > 1))
}

/// The player to move can side-step: a pawn target diagonal to its pawn.
fn side_step(s: &Quoridor) -> bool {
    s.to_move()
        .and_then(|p| s.pawn(p).map(|me| (p, me)))
        .is_some_and(|(p, me)| s.pawn_targets(p).any(|t| me.x != t.x && me.y != t.y))
}

/// Walls that fit (on the board, no overlap, no crossing) but would cut a
/// pawn off: at least this many make a nearly closed corridor.
const CUTTING_WALLS: u32 = 8;

/// A live game where at least [`CUTTING_WALLS`] walls that fit would cut a
/// pawn off: the pawns' paths run through narrow corridors, and the path
/// check decides many walls.
fn nearly_closed_corridor(s: &Quoridor) -> bool {
    if s.is_over() {
        return false;
    }
    let (fh, fv) = by_size!(s.m, fitting(s.geom(), s.h, s.v));
    let (lh, lv) = by_size!(s.m, legal_walls_w(s));
    (fh & !lh).count_ones() + (fv & !lv).count_ones() >= CUTTING_WALLS
}

/// A four-player game in which a stuck player was removed.
fn stuck_pawn_removed(s: &Quoridor) -> bool {
    (0..s.players() as u8).any(|p| s.is_removed(PlayerId(p)))
}

/// The hard cases, as predicates on positions: `adjacent-pawns`,
/// `jump-or-side-step`, `side-step`, `nearly-closed-corridor`,
/// `stuck-pawn-removed`, `goal` (a game won at a goal rather than at the tick
/// limit).
#[must_use]
pub fn edges() -> Vec<Edge<Quoridor>> {
    vec![
        Edge { name: "adjacent-pawns", holds: adjacent_pawns },
        Edge { name: "jump-or-side-step", holds: jump_or_side_step },
        Edge { name: "side-step", holds: side_step },
        Edge { name: "nearly-closed-corridor", holds: nearly_closed_corridor },
        Edge { name: "stuck-pawn-removed", holds: stuck_pawn_removed },
        Edge { name: "goal", holds: |s: &Quoridor| s.end_reason() == Some("goal") },
    ]
}

fn start(config: Config) -> Quoridor {
    // Every size and player count the strategies use is valid.
    Quoridor::new(config).unwrap_or_default()
}

/// Positions of games walked by [`PawnsMeet`] on an `size x size` board
/// (no tick limit), at most `max_len` plies: pawns next to each other,
/// jumps and side-steps.
pub fn arb_adjacent_pawns_state(size: u8, players: u8, max_len: usize) -> impl Strategy<Value = Quoridor> {
    arb_state_biased(start(Config { tick_limit: None, ..Config::new(size, players).unwrap() }), max_len, PawnsMeet)
}

/// Positions of games walked by [`CloseCorridors`] with `walls` walls in
/// all: crowded boards where the path check rejects walls.
pub fn arb_nearly_closed_corridor_state(
    size: u8,
    players: u8,
    walls: u8,
    max_len: usize,
) -> impl Strategy<Value = Quoridor> {
    arb_state_biased(
        start(Config { walls, tick_limit: None, ..Config::new(size, players).unwrap() }),
        max_len,
        CloseCorridors,
    )
}

/// Four-player positions walked by [`BoxIn`] on an `size x size` board:
/// crowded pawns, and stuck players removed.
pub fn arb_stuck_pawn_state(size: u8, max_len: usize) -> impl Strategy<Value = Quoridor> {
    arb_state_biased(start(Config { tick_limit: None, ..Config::new(size, 4).unwrap() }), max_len, BoxIn)
}
