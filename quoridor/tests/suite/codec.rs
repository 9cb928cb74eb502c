//! The action codec and the observation: round trips over the legal moves
//! of random positions (two and four players), and the mirrored position
//! giving the mirrored planes.

use game_core::codec::{ActionCodec, Observe};
use game_core::testing::{arb_state, check_codec};
use game_core::{Game, PlayerId};
use proptest::prelude::*;
use quoridor::{Config, Quoridor};

fn observe(g: &Quoridor, p: PlayerId) -> Vec<f32> {
    let mut out = vec![0.0; g.observation_len()];
    g.write_observation(p, &mut out).unwrap();
    out
}

fn round_trip(g: &Quoridor) -> Result<(), TestCaseError> {
    check_codec(g)?;
    let mut moves = Vec::new();
    for p in 0..g.players() {
        g.legal_moves(PlayerId(p as u8), &mut moves);
        for &m in &moves {
            prop_assert_eq!(g.decode_action(g.encode_action(m).unwrap()), Some(m));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn codec_round_trips_on_random_two_player_positions(g in arb_state(Quoridor::default(), 150)) {
        round_trip(&g)?;
    }

    #[test]
    fn codec_round_trips_on_random_four_player_positions(
        g in arb_state(Quoridor::new(Config::new(9, 4).unwrap()).unwrap(), 150)
    ) {
        round_trip(&g)?;
    }

    #[test]
    fn mirrored_positions_give_mirrored_planes(g in arb_state(Quoridor::new(Config::new(7, 2).unwrap()).unwrap(), 80)) {
        let t = g.mirrored().unwrap();
        let [planes, m, _] = g.observation_shape();
        for p in [PlayerId(0), PlayerId(1)] {
            let (a, b) = (observe(&g, p), observe(&t, p));
            for plane in 0..planes {
                // Wall planes hold anchors, which mirror to M-2-x.
                let wall = plane == 2 || plane == 3;
                for y in 0..m {
                    for x in 0..m {
                        let v = a[(plane * m + y) * m + x];
                        let mx = if wall { (m - 2).checked_sub(x) } else { Some(m - 1 - x) };
                        match mx {
                            Some(mx) => prop_assert_eq!(v, b[(plane * m + y) * m + mx]),
                            None => prop_assert_eq!(v, 0.0),
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn four_players_have_thirteen_planes() {
    let g = Quoridor::new(Config::new(9, 4).unwrap()).unwrap();
    assert_eq!(g.observation_shape(), [13, 9, 9]);
    assert_eq!(g.num_distinct_actions(), 209);
    assert_eq!(<Quoridor as Observe>::OBSERVATION_VERSION, 1);
    // Plane 2N + 2 is each observer's goal side.
    for p in 0..4u8 {
        let obs = observe(&g, PlayerId(p));
        for y in 0..9u8 {
            for x in 0..9u8 {
                let v = obs[(10 * 9 + usize::from(y)) * 9 + usize::from(x)];
                assert_eq!(v == 1.0, g.is_goal(PlayerId(p), quoridor::Cell::new(x, y)), "player {p} at {x} {y}");
            }
        }
    }
}
