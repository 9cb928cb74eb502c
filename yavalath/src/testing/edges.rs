//! The hard cases of the rules, as predicates ([`edges`]), biases that walk towards them
//! ([`Threats`], [`Quiet`], [`Steal`]) and proptest strategies of positions reached that way.
//!
//! Uniform random games end early (a random stone soon makes a three), so positions with a four
//! threatened, a four that must be blocked by a stone that makes a three, an almost full board or
//! a stolen first stone are rare in them; `tests/suite/edges.rs` measures how much more often the biased
//! walks get there (`cargo test -p yavalath --test suite edges -- --nocapture` prints the table).

use crate::bits;
use crate::cell::Cell;
use crate::state::{End, Yavalath};
use game_core::testing::{Bias, Edge, arb_state_biased};
use game_core::{Game, PlayerId};
use proptest::strategy::Strategy;

/// Prefers the moves around threats: a winning stone or a block of the opponent's four weighs 64,
/// a stone next to stones (more for the player's own) up to 37, a stone that makes a three 2, any
/// other 1. Walks with it reach fours to win or block, blocks that make a three, and wins by four.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threats;

impl Bias<Yavalath> for Threats {
    fn weight(&self, g: &Yavalath, player: PlayerId, cell: Cell) -> u32 {
        if matches!(g.placement_end(player, cell), Some(End::Four { .. }))
            || matches!(g.placement_end(player.opponent(), cell), Some(End::Four { .. }))
        {
            return 64;
        }
        if matches!(g.placement_end(player, cell), Some(End::Three { .. })) {
            return 2;
        }
        let around = cell.neighbors();
        1 + 6 * (around & g.stones(player)).len() as u32 + 3 * (around & g.stones(player.opponent())).len() as u32
    }
}

/// Avoids ending the game and the cells that would end it later: a stone that makes a three or a
/// four weighs 1; any other weighs `1 + 1024 >> 4d` (1025, 65, 5, then 2), where `d` is how many
/// more empty cells would then make a three or a four for one of the players. Walks with it fill
/// the board: almost full boards, moves that all make a three, full-board draws (one walk in
/// twenty, against none of 2,000 uniform walks); lasting three times as long, they also meet the
/// threats of [`Threats`] more often than it does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quiet;

/// The empty cells where a stone would make a three or a four, for both players.
fn doomed_cells(g: &Yavalath) -> u32 {
    let [a, b] = [PlayerId(0), PlayerId(1)].map(|p| (g.losing_cells(p) | g.winning_cells(p)).len() as u32);
    a + b
}

impl Bias<Yavalath> for Quiet {
    fn weight(&self, g: &Yavalath, player: PlayerId, cell: Cell) -> u32 {
        if matches!(g.placement_end(player, cell), Some(End::Four { .. } | End::Three { .. })) {
            return 1;
        }
        let mut after = *g;
        after.play_unchecked(player, cell);
        let d = doomed_cells(&after).saturating_sub(doomed_cells(g));
        1 + (1024 >> (4 * d).min(10))
    }
}

/// Takes the steal about half of the time it is offered (the first stone weighs 60 against 1 for
/// each of the 60 empty cells); otherwise uniform.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Steal;

impl Bias<Yavalath> for Steal {
    fn weight(&self, g: &Yavalath, _: PlayerId, cell: Cell) -> u32 {
        if g.steal_cell() == Some(cell) { 60 } else { 1 }
    }
}

/// The player to move and its opponent, while the game goes on.
fn sides(g: &Yavalath) -> Option<(PlayerId, PlayerId)> {
    g.to_move().map(|p| (p, p.opponent()))
}

/// The hard cases, kebab-case:
/// * `win-now`: the player to move can make a four;
/// * `must-block`: it cannot, and the opponent threatens a four it must block;
/// * `block-makes-three`: ... and a cell it must block makes a three of its own (it loses either way);
/// * `four-with-three`: a winning cell of the player to move also makes a three (the four counts);
/// * `every-move-makes-three`: every legal move of the player to move makes a three;
/// * `stolen`: the second player stole the first stone;
/// * `near-full`: 50 stones or more, the game going on;
/// * `won-by-four`: the game ended with a four;
/// * `full-board-draw`: the game ended on a full board.
#[must_use]
pub fn edges() -> Vec<Edge<Yavalath>> {
    vec![
        Edge { name: "win-now", holds: |g| sides(g).is_some_and(|(p, _)| !g.winning_cells(p).is_empty()) },
        Edge {
            name: "must-block",
            holds: |g| sides(g).is_some_and(|(p, o)| g.winning_cells(p).is_empty() && !g.winning_cells(o).is_empty()),
        },
        Edge {
            name: "block-makes-three",
            holds: |g| {
                sides(g).is_some_and(|(p, o)| {
                    g.winning_cells(p).is_empty() && !(g.winning_cells(o) & g.losing_cells(p)).is_empty()
                })
            },
        },
        Edge {
            name: "four-with-three",
            holds: |g| {
                sides(g).is_some_and(|(p, _)| {
                    let (four, three) = bits::threat_cells(g.stones(p).bits(), g.empty().bits());
                    four & three != 0
                })
            },
        },
        Edge {
            name: "every-move-makes-three",
            holds: |g| sides(g).is_some_and(|(p, _)| (g.legal() & !g.losing_cells(p)).is_empty()),
        },
        Edge { name: "stolen", holds: Yavalath::stolen },
        Edge { name: "near-full", holds: |g| g.end().is_none() && g.occupied().len() >= 50 },
        Edge { name: "won-by-four", holds: |g| matches!(g.end(), Some(End::Four { .. })) },
        Edge { name: "full-board-draw", holds: |g| g.end() == Some(End::Full) },
    ]
}

/// Positions reached from the empty board by up to 62 moves chosen with [`Threats`].
pub fn arb_threat_state() -> impl Strategy<Value = Yavalath> {
    arb_state_biased(Yavalath::new(), 62, Threats)
}

/// Positions reached from the empty board by up to 62 moves chosen with [`Quiet`].
pub fn arb_quiet_state() -> impl Strategy<Value = Yavalath> {
    arb_state_biased(Yavalath::new(), 62, Quiet)
}

/// Positions reached from the empty board by up to 62 moves chosen with [`Steal`].
pub fn arb_steal_state() -> impl Strategy<Value = Yavalath> {
    arb_state_biased(Yavalath::new(), 62, Steal)
}
