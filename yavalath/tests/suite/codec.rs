//! The action codec and the observation: round trips over the legal moves
//! of random positions, and the twelve symmetries of the board giving the
//! same planes moved.

use game_core::codec::{ActionCodec, Observe};
use game_core::testing::{arb_state, check_codec};
use game_core::{Game, PlayerId};
use proptest::prelude::*;
use yavalath::codec::square;
use yavalath::{Cell, Symmetry, Yavalath};

fn observe(g: &Yavalath, p: PlayerId) -> Vec<f32> {
    let mut out = vec![0.0; g.observation_len()];
    g.write_observation(p, &mut out).unwrap();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    #[test]
    fn codec_round_trips_on_random_positions(g in arb_state(Yavalath::new(), 61)) {
        check_codec(&g)?;
        let mut moves = Vec::new();
        for p in [PlayerId(0), PlayerId(1)] {
            g.legal_moves(p, &mut moves);
            for &m in &moves {
                prop_assert_eq!(g.decode_action(g.encode_action(m).unwrap()), Some(m));
            }
        }
    }

    #[test]
    fn symmetric_positions_give_symmetric_planes(g in arb_state(Yavalath::new(), 61)) {
        for s in Symmetry::all() {
            let t = s.apply_position(&g);
            for p in [PlayerId(0), PlayerId(1)] {
                let (a, b) = (observe(&g, p), observe(&t, p));
                for plane in 0..5 {
                    for cell in Cell::all() {
                        let ((r, c), (r2, c2)) = (square(cell), square(s.apply(cell)));
                        prop_assert_eq!(a[plane * 81 + r * 9 + c], b[plane * 81 + r2 * 9 + c2]);
                    }
                }
            }
        }
    }
}

#[test]
fn the_grid_is_axial() {
    // Hex neighbours are grid neighbours in the six axial directions.
    for cell in Cell::all() {
        let (r, c) = square(cell);
        let (q, ar) = cell.axial();
        assert_eq!((r as i32 - 4, c as i32 - 4), (ar, q + ar));
    }
    assert_eq!(<Yavalath as Observe>::OBSERVATION_VERSION, 1);
    assert_eq!(observe(&Yavalath::new(), PlayerId(0)).iter().filter(|&&v| v == 1.0).count(), 61 + 81);
}
