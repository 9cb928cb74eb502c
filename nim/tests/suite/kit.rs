//! game-core's conformance kit, the Zobrist and codec checks, walks and `Arbitrary` on Nim.

use arbitrary::{Arbitrary, Unstructured};
use game_core::codec::{ActionCodec, Observe};
use game_core::testing::{
    KitConfig, Uniform, arb_state, assert_conforms, check_codec, check_state, check_zobrist_games, fuzz_game_zobrist,
    reach,
};
use game_core::{Game, PlayerId, Zobrist, perft};
use nim::testing::edges;
use nim::{Nim, Setup};
use proptest::prelude::*;

fn small() -> KitConfig {
    KitConfig { games: 40, seed: 7, check_every: 1 }
}

#[test]
fn nim_passes_the_kit() {
    assert_conforms(&Nim::new(15, 3), &small());
    assert_conforms(&Nim::new(40, 7), &small());
    assert_conforms(&Nim::new(3, 255), &small());
}

#[test]
fn zobrist_is_incremental_and_tells_positions_apart() {
    assert!(check_zobrist_games(&Nim::new(30, 3), &small()).unwrap() > 40);
    let a = Nim::new(9, 3);
    assert_ne!(a.zobrist(), Nim { to_move: PlayerId(1), ..a }.zobrist());
    assert_ne!(a.zobrist(), Nim::new(9, 2).zobrist());
    assert_ne!(a.zobrist(), Nim::new(8, 3).zobrist());
}

#[test]
fn perft_counts_the_compositions_of_the_pile() {
    // From 5 stones, takes of 1 or 2: three moves without the game ending
    // after two. The first two take 2 to 4 stones (4 ways), leaving 3, 2, 2
    // or 1, so 2 + 2 + 2 + 1 third moves.
    assert_eq!(perft(&Nim::new(5, 2), 3), 7);
    assert_eq!(perft(&Nim::new(5, 2), 5), 1, "only 1+1+1+1+1 lasts five moves");
    assert_eq!(perft(&Nim::new(4, 3), 1), 3);
}

#[test]
fn the_codec_numbers_takes_from_zero_and_observes_the_pile() {
    for g in [Nim::new(5, 3), Nim::new(1, 9), Nim::new(0, 2)] {
        check_codec(&g).unwrap();
    }
    let g = Nim::new(5, 3);
    assert_eq!(g.num_distinct_actions(), 3);
    assert_eq!((g.encode_action(1), g.encode_action(3), g.encode_action(4)), (Some(0), Some(2), None));
    assert_eq!((g.decode_action(0), g.decode_action(3)), (Some(1), None));
    let mut planes = [0.0; 2];
    g.write_observation(PlayerId(0), &mut planes).unwrap();
    assert_eq!(planes, [5.0, 1.0]);
    g.write_observation(PlayerId(1), &mut planes).unwrap();
    assert_eq!(planes, [5.0, 0.0]);
}

#[test]
fn walks_reach_every_edge() {
    let r = reach(&Nim::new(30, 3), &Uniform, &edges(), 50, 3);
    for h in &r.hits {
        assert!(h.games > 0, "{h:?}");
    }
}

#[test]
fn arbitrary_positions_and_setups_are_valid() {
    for seed in 0..200u8 {
        let bytes = [seed, seed.wrapping_mul(31), seed.wrapping_add(7), seed ^ 0x55];
        let g = Nim::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(Nim::from_setup(g.to_setup()), Ok(g));
        check_state(&g).unwrap();
        let s = Setup::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert!(Nim::from_setup(s).is_ok(), "{s:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn reachable_nim_states_pass_check_state(g in arb_state(Nim::new(20, 4), 20)) {
        prop_assert!(check_state(&g).is_ok());
    }

    #[test]
    fn fuzzed_games_keep_the_laws(data in proptest::collection::vec(any::<u8>(), 0..64)) {
        prop_assert!(fuzz_game_zobrist(&Nim::new(25, 4), &data).is_ok());
    }
}
