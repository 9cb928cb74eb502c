//! The fast implementation against the plain reference model
//! (`quoridor::testing::reference::check`: pawn moves, distances, wall
//! checks, legal moves and every successor) on positions of uniform walks
//! and of walks biased towards the hard cases.

use game_core::testing::arb_state;
use game_core::{Game, rng};
use proptest::prelude::*;
use quoridor::testing::edges::{arb_adjacent_pawns_state, arb_nearly_closed_corridor_state, arb_stuck_pawn_state};
use quoridor::testing::reference::check;
use quoridor::{Config, Quoridor};

fn start(size: u8, players: u8, walls: u8) -> Quoridor {
    Quoridor::new(Config { walls, tick_limit: None, ..Config::new(size, players).unwrap() }).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn fast_agrees_with_reference_two_players(s in arb_state(start(9, 2, 40), 60)) {
        check(&s)?;
    }

    #[test]
    fn fast_agrees_with_reference_four_players(s in arb_state(start(9, 4, 60), 90)) {
        check(&s)?;
    }

    #[test]
    fn fast_agrees_with_reference_small_and_large_boards(
        s5 in arb_state(start(5, 4, 40), 60),
        s7 in arb_state(start(7, 2, 30), 50),
        s11 in arb_state(start(11, 2, 60), 80),
    ) {
        check(&s5)?;
        check(&s7)?;
        check(&s11)?;
    }

    #[test]
    fn fast_agrees_with_reference_where_pawns_meet(s in arb_adjacent_pawns_state(7, 4, 60)) {
        check(&s)?;
    }

    #[test]
    fn fast_agrees_with_reference_in_nearly_closed_corridors(s in arb_nearly_closed_corridor_state(7, 2, 40, 60)) {
        check(&s)?;
    }

    #[test]
    fn fast_agrees_with_reference_when_four_player_pawns_get_stuck(
        s5 in arb_stuck_pawn_state(5, 80),
        s9 in arb_stuck_pawn_state(9, 150),
    ) {
        check(&s5)?;
        check(&s9)?;
    }
}

#[test]
fn reference_agrees_along_random_games_with_many_walls() {
    // Long seeded games with a large wall supply reach crowded boards,
    // where loops and cut-offs are common.
    let mut moves = Vec::new();
    for (seed, (size, players)) in [(5u8, 2u8), (5, 4), (7, 4), (9, 2)].into_iter().enumerate() {
        let mut s = start(size, players, 80);
        let mut r = rng::seeded(seed as u64 + 100);
        for _ in 0..120 {
            check(&s).unwrap();
            let Some(p) = s.to_move() else { break };
            let mv = s.random_legal_move(p, &mut r, &mut moves).unwrap();
            s.play(p, mv).unwrap();
        }
    }
}
