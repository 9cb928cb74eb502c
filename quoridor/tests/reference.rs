//! The fast move generator and wall check against the plain reference
//! (breadth-first search per wall) on random reachable positions.

mod common;
use common::Reference;
use game_core::testing::MoveUniverse;
use game_core::testing::arb_state;
use game_core::{Game, PlayerId};
use proptest::prelude::*;
use quoridor::{Cell, Config, Move, Quoridor};
use std::collections::BTreeSet;

fn start(size: u8, players: u8, walls: u8) -> Quoridor {
    Quoridor::new(Config { walls, tick_limit: None, ..Config::new(size, players) }).unwrap()
}

fn agree(s: &Quoridor) -> Result<(), TestCaseError> {
    let r = Reference::from_state(s);
    let n = s.players();
    for p in 0..n {
        let pid = PlayerId(p as u8);
        let fast: BTreeSet<(i32, i32)> = s.pawn_targets(pid).map(|c: Cell| (i32::from(c.x), i32::from(c.y))).collect();
        prop_assert_eq!(fast, r.pawn_moves(p), "pawn moves of player {}", p);
        prop_assert_eq!(s.distance_to_goal(pid), r.distance_with(&r.walls, p), "distance of player {}", p);
    }
    let ref_walls = r.legal_walls();
    let fast_walls: BTreeSet<(i32, i32, bool)> =
        s.legal_walls().map(|w| (i32::from(w.x), i32::from(w.y), w.vertical)).collect();
    prop_assert_eq!(&fast_walls, &ref_walls);
    // The seat whose turn it is, or was last once the game is over.
    let mover = s.to_setup().to_move;
    s.for_each_possible_move(&mut |mv| {
        if let Move::Wall(w) = mv {
            let ok = s.walls_left(mover) > 0 && ref_walls.contains(&(i32::from(w.x), i32::from(w.y), w.vertical));
            assert_eq!(s.is_wall_legal(mover, w), ok, "{w:?}");
        }
    });
    if !s.is_over() {
        let mut moves = Vec::new();
        s.legal_moves(mover, &mut moves);
        let fast: BTreeSet<Move> = moves.iter().copied().collect();
        prop_assert_eq!(fast.len(), moves.len(), "duplicates");
        prop_assert_eq!(fast, r.moves());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn wall_generated_exactly_when_bfs_reference_allows_it_two_players(
        s in arb_state(start(9, 2, 40), 60)
    ) {
        agree(&s)?;
    }

    #[test]
    fn wall_generated_exactly_when_bfs_reference_allows_it_four_players(
        s in arb_state(start(9, 4, 60), 90)
    ) {
        agree(&s)?;
    }

    #[test]
    fn wall_generated_exactly_when_bfs_reference_allows_it_small_and_large_boards(
        s5 in arb_state(start(5, 4, 40), 60),
        s7 in arb_state(start(7, 2, 30), 50),
        s11 in arb_state(start(11, 2, 60), 80),
    ) {
        agree(&s5)?;
        agree(&s7)?;
        agree(&s11)?;
    }
}

#[test]
fn reference_agrees_along_random_games_with_many_walls() {
    // Long seeded games with a large wall supply reach crowded boards,
    // where loops and cut-offs are common.
    use game_core::rng;
    let mut moves = Vec::new();
    for (seed, (size, players)) in [(5u8, 2u8), (5, 4), (7, 4), (9, 2)].into_iter().enumerate() {
        let mut s = start(size, players, 80);
        let mut r = rng::seeded(seed as u64 + 100);
        for _ in 0..120 {
            agree(&s).unwrap();
            if s.is_over() {
                break;
            }
            let p = s.to_move().unwrap();
            s.legal_moves(p, &mut moves);
            let mv = moves[rng::below(&mut r, moves.len())];
            s.play(p, mv).unwrap();
        }
    }
}
