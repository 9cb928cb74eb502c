//! The action codec and the observation: round trips over the legal moves
//! of random positions, and the left-right mirror of a position giving
//! the mirrored planes.

use game_core::codec::{ActionCodec, Observe};
use game_core::testing::{arb_state, check_codec};
use game_core::{Game, PlayerId, rng};
use paper_soccer::{Dir, PaperSoccer};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn codec_round_trips_on_random_positions(g in arb_state(PaperSoccer::default(), 120)) {
        check_codec(&g)?;
        let mut moves = Vec::new();
        for p in [PlayerId(0), PlayerId(1)] {
            g.legal_moves(p, &mut moves);
            for &m in &moves {
                let a = g.encode_action(m).unwrap();
                prop_assert!(a < g.num_distinct_actions());
                prop_assert_eq!(g.decode_action(a), Some(m));
            }
        }
    }
}

fn mirror(d: Dir) -> Dir {
    let (dx, dy) = d.delta();
    *Dir::ALL.iter().find(|e| e.delta() == (-dx, dy)).unwrap()
}

#[test]
fn the_mirrored_game_gives_mirrored_planes() {
    let mut rng = rng::seeded(11);
    let mut moves = Vec::new();
    for _ in 0..20 {
        let (mut g, mut m) = (PaperSoccer::default(), PaperSoccer::default());
        for _ in 0..60 {
            let [planes, h, w] = g.observation_shape();
            for p in [PlayerId(0), PlayerId(1)] {
                let (mut a, mut b) = (vec![0.0; g.observation_len()], vec![0.0; m.observation_len()]);
                g.write_observation(p, &mut a).unwrap();
                m.write_observation(p, &mut b).unwrap();
                for plane in 0..planes {
                    // A direction plane holds the mirrored direction's plane.
                    let other = match plane {
                        1..=8 => 1 + usize::from(mirror(Dir::ALL[plane - 1]).index()),
                        _ => plane,
                    };
                    for y in 0..h {
                        for x in 0..w {
                            assert_eq!(a[(plane * h + y) * w + x], b[(other * h + y) * w + w - 1 - x]);
                        }
                    }
                }
            }
            let Some(p) = g.to_move() else { break };
            let Some(d) = g.random_legal_move(p, &mut rng, &mut moves) else { break };
            g.play(p, d).unwrap();
            m.play(p, mirror(d)).unwrap();
        }
    }
}

#[test]
fn observation_is_turned_for_player_one() {
    let g = PaperSoccer::default();
    let (mut a, mut b) = (vec![0.0; g.observation_len()], vec![0.0; g.observation_len()]);
    g.write_observation(PlayerId(0), &mut a).unwrap();
    g.write_observation(PlayerId(1), &mut b).unwrap();
    // The start is symmetric under the half turn: only "to act" differs.
    let plane = 13 * 9;
    assert_eq!(a[..11 * plane], b[..11 * plane]);
    assert!(a[11 * plane..].iter().all(|&v| v == 1.0) && b[11 * plane..].iter().all(|&v| v == 0.0));
    assert_eq!(<PaperSoccer as Observe>::OBSERVATION_VERSION, 1);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn planes_are_the_board_s_queries(g in arb_state(PaperSoccer::default(), 150)) {
        let mut obs = vec![0.0; g.observation_len()];
        g.write_observation(PlayerId(0), &mut obs).unwrap();
        let at = |plane: usize, p: paper_soccer::Point| obs[(plane * 13 + (p.y + 1) as usize) * 9 + p.x as usize];
        for p in g.pitch().points() {
            prop_assert_eq!(at(0, p) == 1.0, p == g.ball());
            prop_assert_eq!(at(9, p), 1.0);
            prop_assert_eq!(at(10, p) == 1.0, g.is_bounce_point(p), "bounce at {}", p);
            for d in Dir::ALL {
                prop_assert_eq!(at(1 + usize::from(d.index()), p) == 1.0, g.free_dirs(p).contains(d));
            }
        }
        prop_assert_eq!(obs[9 * 117..10 * 117].iter().filter(|&&v| v == 1.0).count(), g.pitch().points().count());
    }
}
