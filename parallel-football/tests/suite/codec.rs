//! The action codec and the observation: round trips over the legal
//! decisions of random positions (placements and orders), and what a team
//! is not told left out of its planes.

use game_core::codec::{ActionCodec, Observe};
use game_core::testing::{arb_state, check_codec};
use game_core::{Game, PlayerId};
use parallel_football::{Config, FootballMove, ParallelFootball};
use proptest::prelude::*;

fn small() -> ParallelFootball {
    ParallelFootball::new(Config::new(7, 6, 3, 3, 30).unwrap()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn codec_round_trips_on_random_positions(g in arb_state(small(), 200)) {
        check_codec(&g)?;
        let mut moves = Vec::new();
        for t in 0..4u8 {
            g.legal_moves(PlayerId(t), &mut moves);
            for &m in &moves {
                prop_assert_eq!(g.decode_action(g.encode_action(m).unwrap()), Some(m));
            }
        }
    }
}

#[test]
fn the_standard_game_numbers_its_actions() {
    let g = ParallelFootball::default();
    check_codec(&g).unwrap();
    assert_eq!(g.observation_shape(), [19, 32, 32]);
    assert_eq!(<ParallelFootball as Observe>::OBSERVATION_VERSION, 1);
}

#[test]
fn other_teams_placements_are_hidden_until_all_are_placed() {
    let mut g = small();
    let place = g.decode_action(3 * 7 + 3).unwrap();
    assert!(matches!(place, FootballMove::Place(_)));
    g.play(PlayerId(1), place).unwrap();
    let mut obs = vec![0.0; g.observation_len()];
    g.write_observation(PlayerId(0), &mut obs).unwrap();
    // No footballer on any of the four team planes for team 0.
    assert!(obs[..4 * 42].iter().all(|&v| v == 0.0));
    g.write_observation(PlayerId(1), &mut obs).unwrap();
    assert_eq!(obs[3 * 7 + 3], 1.0 / 3.0);
}
