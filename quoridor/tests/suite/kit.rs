//! The game-core conformance kit on seeded random 2- and 4-player games,
//! the Zobrist hash, symmetries and the state size.

use game_core::testing::{KitConfig, assert_conforms, check_zobrist_games, state_from_indices};
use game_core::{Game, PlayerId, ToAct, rng};
use quoridor::{Config, Move, Quoridor};
use std::collections::BTreeSet;

fn game(size: u8, players: u8, tick_limit: u32) -> Quoridor {
    Quoridor::new(Config { tick_limit: Some(tick_limit), ..Config::new(size, players).unwrap() }).unwrap()
}

#[test]
fn state_fits_in_64_bytes() {
    assert!(std::mem::size_of::<Quoridor>() <= 64, "{}", std::mem::size_of::<Quoridor>());
}

#[test]
fn conforms_two_players_small_board() {
    let r = assert_conforms(&game(5, 2, 60), &KitConfig { games: 30, seed: 1, check_every: 1 });
    assert!(r.states_checked > 300);
}

#[test]
fn conforms_four_players_small_board() {
    assert_conforms(&game(5, 4, 80), &KitConfig { games: 30, seed: 2, check_every: 1 });
    let fewer_walls = Quoridor::new(Config { walls: 4, tick_limit: Some(80), ..Config::new(5, 4).unwrap() }).unwrap();
    assert_conforms(&fewer_walls, &KitConfig { games: 20, seed: 3, check_every: 1 });
}

#[test]
fn conforms_default_boards() {
    assert_conforms(&Quoridor::default(), &KitConfig { games: 4, seed: 4, check_every: 9 });
    assert_conforms(&Quoridor::with_players(4).unwrap(), &KitConfig { games: 4, seed: 5, check_every: 13 });
    assert_conforms(&game(11, 4, 60), &KitConfig { games: 2, seed: 6, check_every: 17 });
    assert_conforms(&game(7, 2, 80), &KitConfig { games: 4, seed: 7, check_every: 5 });
}

#[test]
fn zobrist_is_incremental() {
    for (s, games) in [(game(5, 4, 120), 40), (game(9, 2, 200), 10), (game(7, 4, 150), 10)] {
        let n = check_zobrist_games(&s, &KitConfig { games, seed: 9, check_every: 1 }).unwrap();
        assert!(n > 100);
    }
}

#[test]
fn random_four_player_games_remove_stuck_players() {
    // On the smallest board random four-player games do get players stuck:
    // the removal path is exercised by the kit games above.
    let mut removed = 0;
    let mut moves = Vec::new();
    for seed in 0..200 {
        let mut g = game(5, 4, 80);
        let mut r = rng::seeded(seed);
        while let ToAct::Player(p) = g.to_act() {
            g.legal_moves(p, &mut moves);
            let mv = moves[rng::below(&mut r, moves.len())];
            g.play(p, mv).unwrap();
        }
        removed += (0..4).filter(|&p| g.is_removed(PlayerId(p))).count();
    }
    assert!(removed > 0);
}

fn sorted_moves(s: &Quoridor) -> BTreeSet<Move> {
    let mut v = Vec::new();
    s.legal_moves(s.to_move().unwrap(), &mut v);
    v.into_iter().collect()
}

#[test]
fn mirror_is_a_symmetry_of_the_two_player_game() {
    let start = game(9, 2, 100);
    for seed in 0..40u16 {
        let idx: Vec<u16> = (0..seed % 40).map(|i| i.wrapping_mul(7919).wrapping_add(seed * 31)).collect();
        let s = state_from_indices(&start, &idx);
        let m = s.mirrored().unwrap();
        assert_eq!(m.mirrored().unwrap(), s);
        assert_eq!(m.to_act(), s.to_act());
        let mapped: BTreeSet<Move> = sorted_moves(&s).into_iter().filter_map(|mv| s.mirror_move(mv)).collect();
        assert_eq!(mapped, sorted_moves(&m));
        for p in [PlayerId(0), PlayerId(1)] {
            assert_eq!(s.distance_to_goal(p), m.distance_to_goal(p));
        }
        assert_eq!(m.outcome(), s.outcome());
    }
    assert!(Quoridor::with_players(4).unwrap().mirrored().is_none());
}

#[test]
fn half_turn_with_players_swapped_is_a_symmetry_of_the_two_player_game() {
    let start = game(7, 2, 100);
    for seed in 0..40u16 {
        let idx: Vec<u16> = (0..seed % 30).map(|i| i.wrapping_mul(10_007).wrapping_add(seed * 17)).collect();
        let s = state_from_indices(&start, &idx);
        let r = s.rotated().unwrap();
        assert_eq!(r.rotated().unwrap(), s);
        let mapped: BTreeSet<Move> = sorted_moves(&s).into_iter().filter_map(|mv| s.rotate_move(mv)).collect();
        assert_eq!(mapped, sorted_moves(&r));
        assert_eq!(s.distance_to_goal(PlayerId(0)), r.distance_to_goal(PlayerId(1)));
        if let (Some(a), Some(b)) = (s.outcome(), r.outcome()) {
            assert_eq!(a.rank(PlayerId(0)), b.rank(PlayerId(1)));
        }
    }
}

#[test]
fn setup_round_trips_and_bad_setups_are_typed_errors() {
    use quoridor::{Cell, Setup, SetupError, Wall};
    let s = state_from_indices(&Quoridor::with_players(4).unwrap(), &[3, 100, 7, 55, 2, 9, 1000, 4]);
    assert_eq!(Quoridor::from_setup(s.to_setup()).unwrap(), s);
    let base = Quoridor::default().to_setup();
    let bad = |f: &dyn Fn(&mut Setup)| {
        let mut x = base.clone();
        f(&mut x);
        Quoridor::from_setup(x).unwrap_err()
    };
    assert!(matches!(bad(&|x| x.config.size = 8), SetupError::Config(_)));
    assert!(matches!(bad(&|x| x.pawns.pop().map(|_| ()).unwrap()), SetupError::PlayerCount { .. }));
    assert!(matches!(bad(&|x| x.pawns[1] = Some(Cell::new(4, 0))), SetupError::SameCell { .. }));
    assert!(matches!(bad(&|x| x.pawns[1] = Some(Cell::new(9, 0))), SetupError::PawnOffBoard { .. }));
    assert!(matches!(bad(&|x| x.pawns[1] = None), SetupError::BadRemoval(_)));
    assert!(matches!(bad(&|x| x.walls = vec![Wall::horizontal(0, 0)]), SetupError::WallCount { .. }));
    assert!(matches!(bad(&|x| x.walls_left[0] = 11), SetupError::TooManyWallsLeft { .. }));
    assert!(matches!(
        bad(&|x| {
            x.walls = vec![Wall::horizontal(0, 0), Wall::vertical(0, 0)];
            x.walls_left = vec![9, 9];
        }),
        SetupError::WallClash { .. }
    ));
    assert!(matches!(
        bad(&|x| {
            x.walls = vec![Wall::horizontal(3, 0), Wall::vertical(2, 0), Wall::vertical(4, 0)];
            x.walls_left = vec![8, 9];
        }),
        SetupError::NoPath { player: PlayerId(0) }
    ));
    assert!(matches!(bad(&|x| x.tick = 101), SetupError::TickBeyondLimit { .. }));
    // A wall whose anchor is past the last anchor column or row (each on
    // its own) is off the board, not a clash.
    for wall in [Wall::horizontal(8, 0), Wall::vertical(0, 8)] {
        let off = bad(&|x| {
            x.walls = vec![wall];
            x.walls_left = vec![9, 10];
        });
        assert_eq!(off, SetupError::WallOffBoard { wall });
    }
    // Two pawns on their goals at once: the game cannot be in that state.
    assert_eq!(bad(&|x| x.pawns = vec![Some(Cell::new(0, 8)), Some(Cell::new(8, 0))]), SetupError::TwoWinners);
    assert!(matches!(bad(&|x| x.to_move = PlayerId(2)), SetupError::BadToMove(_)));
    let json = serde_json::to_string(&base).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), base);
}

#[test]
fn a_running_game_is_not_set_up_with_a_removed_player_to_move_but_a_finished_one_may_be() {
    use quoridor::{Cell, SetupError};
    let mut setup = Quoridor::with_players(4).unwrap().to_setup();
    setup.pawns[1] = None;
    setup.to_move = PlayerId(1);
    assert_eq!(Quoridor::from_setup(setup.clone()), Err(SetupError::BadToMove(PlayerId(1))));
    // Once a pawn stands on its goal the game is over: whose turn it
    // would have been is not asked.
    setup.pawns[0] = Some(Cell::new(2, 8));
    let over = Quoridor::from_setup(setup).unwrap();
    assert_eq!(over.to_move(), None);
}

mod setups {
    use game_core::{Game, PlayerId};
    use proptest::prelude::*;
    use quoridor::{Cell, Config, Quoridor, Setup, Wall};

    fn arb_setup() -> impl Strategy<Value = Setup> {
        (
            (prop_oneof![Just(5u8), Just(9), any::<u8>()], prop_oneof![Just(2u8), Just(4), any::<u8>()]),
            (0u8..=40, 0u8..5, proptest::option::of(0u32..300)),
            proptest::collection::vec(proptest::option::of((0u8..12, 0u8..12)), 0..6),
            proptest::collection::vec(0u8..12, 0..6),
            proptest::collection::vec((0u8..11, 0u8..11, any::<bool>()), 0..8),
            (0u32..400, 0u8..6),
        )
            .prop_map(|((size, players), (walls, first, tick_limit), pawns, left, ws, (tick, to_move))| {
                Setup {
                    config: Config { size, players, walls, first_player: PlayerId(first), tick_limit },
                    pawns: pawns.into_iter().map(|p| p.map(|(x, y)| Cell::new(x, y))).collect(),
                    walls_left: left,
                    walls: ws.into_iter().map(|(x, y, vertical)| Wall { x, y, vertical }).collect(),
                    tick,
                    to_move: PlayerId(to_move),
                }
            })
    }

    proptest! {
        #[test]
        fn any_setup_is_accepted_consistently_or_refused_with_a_typed_error(setup in arb_setup()) {
            if let Ok(s) = Quoridor::from_setup(setup) {
                prop_assert_eq!(Quoridor::from_setup(s.to_setup()), Ok(s));
                game_core::testing::check_state(&s).map_err(|v| TestCaseError::fail(v.to_string()))?;
            }
        }
    }
}
