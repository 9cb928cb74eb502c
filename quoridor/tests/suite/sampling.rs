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
    Quoridor::new(Config { walls, tick_limit: None, ..Config::new(size, players).unwrap() }).unwrap()
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

/// The moves of the fast playout, replayed one by one with the checked
/// [`Game::play`] from `s`, reach the state the playout left.
fn fast_playout_replays(s: &Quoridor, seed: u64) -> Quoridor {
    let mut end = *s;
    let mut moves = Vec::new();
    let plies = end.random_playout_with(&mut game_core::rng::seeded(seed), |m| moves.push(m));
    assert_eq!(plies as usize, moves.len());
    assert!(end.is_over(), "the playout stops only at the end");
    let mut replay = *s;
    for (i, &m) in moves.iter().enumerate() {
        let p = mover(&replay);
        replay.play(p, m).unwrap_or_else(|e| panic!("move {i} ({m:?}) of seed {seed}: {e}"));
    }
    assert_eq!(replay, end);
    assert_eq!(game_core::Zobrist::zobrist_from_scratch(&end), game_core::Zobrist::zobrist(&end));
    end
}

#[test]
fn fast_playout_plays_legal_moves_to_the_end() {
    // Every size, two and four players, few walls (so the pawn race without
    // walls starts early) and the contest's 20.
    for (size, players, walls) in [(5, 2, 2), (7, 2, 4), (9, 2, 20), (11, 2, 2), (5, 4, 4), (9, 4, 20)] {
        let s = Quoridor::new(Config { walls, ..Config::new(size, players).unwrap() }).unwrap();
        for seed in 0..40 {
            fast_playout_replays(&s, seed);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn fast_playout_plays_legal_moves_from_random_positions(s in arb_state(start(5, 2, 4), 30), seed in any::<u64>()) {
        fast_playout_replays(&s, seed);
    }
}

#[test]
fn fast_playout_pawn_moves_are_uniform_over_the_targets_jumps_and_side_steps_included() {
    // Positions of two-player games without walls left on a crowded 5x5
    // board, where the mover's pawn touches the other (jumps and side-steps).
    let s = Quoridor::new(Config { walls: 4, tick_limit: None, ..Config::new(5, 2).unwrap() }).unwrap();
    let mut checked = 0;
    for seed in 0..400u64 {
        let mut g = s;
        game_core::testing::biased_walk(&s, &game_core::testing::Uniform, &mut game_core::rng::seeded(seed), 30, |x| {
            if x.walls_left(PlayerId(0)) == 0 && x.walls_left(PlayerId(1)) == 0 && !x.is_over() && g == s {
                let p = mover(x);
                let other = x.pawn(PlayerId(1 - p.0)).unwrap();
                let me = x.pawn(p).unwrap();
                if me.x.abs_diff(other.x) + me.y.abs_diff(other.y) == 1 {
                    g = *x;
                }
            }
        });
        if g == s {
            continue;
        }
        let targets: Vec<_> = g.pawn_targets(mover(&g)).collect();
        let mut counts = vec![0u32; targets.len()];
        let mut rng = game_core::rng::seeded(seed);
        let per = 400;
        for _ in 0..per * targets.len() {
            let mut first = None;
            g.clone().random_playout_with(&mut rng, |m| {
                first.get_or_insert(m);
            });
            let Some(quoridor::Move::Pawn(c)) = first else { panic!("a pawn move first, got {first:?}") };
            counts[targets.iter().position(|&t| t == c).expect("a pawn target")] += 1;
        }
        for &c in &counts {
            assert!((per * 3 / 4..=per * 5 / 4).contains(&(c as usize)), "{counts:?} over {targets:?}");
        }
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12, "enough positions with touching pawns");
}
