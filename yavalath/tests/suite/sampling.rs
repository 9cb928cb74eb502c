//! The bitboard sampler behind `Game::random_legal_move` (and the crate's fast playout): exactly
//! uniform over the legal moves of any position, `None` for anyone not to move.

use game_core::PlayerId;
use game_core::testing::{arb_state, check_uniform_sampling};
use proptest::prelude::*;
use yavalath::{Cell, Yavalath};

use crate::common;
use common::DRAW_ROWS;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every seat, the two real ones and one that does not exist: the mover's draws pass the
    /// chi-square test, everyone else draws nothing.
    #[test]
    fn random_legal_move_is_uniform_over_the_legal_moves(g in arb_state(Yavalath::new(), 62), seed in any::<u64>()) {
        for p in 0..3 {
            check_uniform_sampling(&g, PlayerId(p), 150, seed)?;
        }
    }
}

#[test]
fn random_legal_move_is_uniform_on_sparse_late_positions() {
    // Few empty cells: mostly the exact fallback after rejected draws. Random games end long
    // before, so these are the prefixes of the full-board draw (no three for either player), from
    // 21 empty cells down to the last one.
    let xs: Vec<Cell> = Cell::all().filter(|c| draw_char(*c) == 'x').collect();
    let os: Vec<Cell> = Cell::all().filter(|c| draw_char(*c) == 'o').collect();
    let order: Vec<Cell> = (0..61).map(|i| if i % 2 == 0 { xs[i / 2] } else { os[i / 2] }).collect();
    for plies in 40..61 {
        let g = Yavalath::replay(&order[..plies]).unwrap();
        assert_eq!(g.legal().len(), 61 - plies);
        check_uniform_sampling(&g, g.next_player(), 400, plies as u64).unwrap();
    }
}

fn draw_char(c: Cell) -> char {
    DRAW_ROWS[usize::from(c.y())].as_bytes()[usize::from(c.x())] as char
}

#[test]
fn the_steal_is_drawn_as_often_as_any_other_move() {
    let g = Yavalath::replay(&[Cell::CENTER]).unwrap();
    assert!(g.can_steal());
    check_uniform_sampling(&g, PlayerId(1), 2000, 3).unwrap();
}
