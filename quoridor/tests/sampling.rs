//! `random_legal_move` (rejection sampling from the pawn targets and the
//! walls that fit) draws exactly the legal moves, uniformly, on positions
//! of random games: uncrowded boards, crowded small boards where many walls
//! cut a pawn off (so proposals are rejected and the listing fallback runs),
//! and four-player games.

use game_core::testing::{arb_state, check_uniform_sampling};
use game_core::{Game, PlayerId};
use proptest::prelude::*;
use quoridor::{Config, Quoridor};

fn start(size: u8, players: u8, walls: u8) -> Quoridor {
    Quoridor::new(Config { walls, tick_limit: None, ..Config::new(size, players) }).unwrap()
}

fn mover(s: &Quoridor) -> PlayerId {
    s.to_setup().to_move
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_move_is_uniform_over_legal_moves_two_players(s in arb_state(start(9, 2, 20), 40)) {
        check_uniform_sampling(&s, mover(&s), 40, 7)?;
    }

    #[test]
    fn random_legal_move_is_uniform_over_legal_moves_four_players(s in arb_state(start(9, 4, 20), 60)) {
        check_uniform_sampling(&s, mover(&s), 40, 8)?;
    }

    #[test]
    fn random_legal_move_is_uniform_on_crowded_small_boards(
        s5 in arb_state(start(5, 2, 40), 40),
        s7 in arb_state(start(7, 4, 40), 60),
    ) {
        check_uniform_sampling(&s5, mover(&s5), 60, 9)?;
        check_uniform_sampling(&s7, mover(&s7), 60, 10)?;
    }
}

#[test]
fn random_legal_move_is_none_for_another_seat_or_a_finished_game() {
    let s = start(9, 2, 20);
    let mut r = game_core::rng::seeded(1);
    assert!(s.random_legal_move(PlayerId(1), &mut r, &mut Vec::new()).is_none());
    assert!(s.random_legal_move(PlayerId(7), &mut r, &mut Vec::new()).is_none());
    let mut over = s;
    game_core::random_playout(&mut over, &mut r, &mut Vec::new()).unwrap();
    assert!(over.random_legal_move(mover(&over), &mut r, &mut Vec::new()).is_none());
}
