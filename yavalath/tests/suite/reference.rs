//! The fast game against the reference model (`testing::reference::check`) on positions reached
//! uniformly and by each bias, and the model's own perft against game-core's.

use game_core::testing::arb_state;
use proptest::prelude::*;
use yavalath::Yavalath;
use yavalath::testing::edges::{arb_quiet_state, arb_steal_state, arb_threat_state};
use yavalath::testing::reference::{self, ArrayBoard};

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn uniform_positions_agree_with_the_reference(g in arb_state(Yavalath::new(), 62)) {
        reference::check(&g)?;
    }

    #[test]
    fn threat_positions_agree_with_the_reference(g in arb_threat_state()) {
        reference::check(&g)?;
    }

    #[test]
    fn quiet_positions_agree_with_the_reference(g in arb_quiet_state()) {
        reference::check(&g)?;
        prop_assert_eq!(game_core::perft(&g, 2), reference::perft(&g, 2));
    }

    #[test]
    fn steal_positions_agree_with_the_reference(g in arb_steal_state()) {
        reference::check(&g)?;
    }
}

#[test]
fn the_model_reads_back_every_position_and_derives_its_end() {
    // The full-board draw: 61 stones, no line of 3, a draw.
    let model = ArrayBoard::from_state(&Yavalath::new());
    assert_eq!(model, ArrayBoard::new());
    assert_eq!(model.derive_end(), None);
    assert_eq!(model.legal().len(), 61);
    assert!(model.agrees_with(&Yavalath::new()));
}
