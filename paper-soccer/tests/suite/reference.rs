//! The fast paths against the plain reference model
//! (`paper_soccer::testing::reference`), on uniform and biased walks: step
//! rules, successors and whole turns (`reference::check`), the
//! `random_legal_move` override (exactly uniform), the fast playout, and
//! the typed answers at the edges (seats that do not exist, `Arbitrary`
//! inputs).

use arbitrary::{Arbitrary, Unstructured};
use game_core::testing::{arb_state, check_uniform_sampling};
use game_core::{Game, GameError, PlayerId, SeatError, Zobrist};
use paper_soccer::testing::edges::{arb_dense_state, arb_endgame_state, arb_spread_state};
use paper_soccer::testing::reference::{self, Naive, agrees};
use paper_soccer::{Dir, PaperSoccer, Pitch, Setup, StepError, Turn};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn uniform_walk_positions_agree_with_the_reference(b in arb_state(PaperSoccer::default(), 120)) {
        reference::check(&b)?;
    }

    #[test]
    fn dense_bounce_heavy_positions_agree_with_the_reference(b in arb_dense_state(200)) {
        reference::check(&b)?;
    }

    #[test]
    fn spread_out_positions_with_many_turns_agree_with_the_reference(b in arb_spread_state(250)) {
        reference::check(&b)?;
    }

    #[test]
    fn endgame_positions_agree_with_the_reference(b in arb_endgame_state(250)) {
        reference::check(&b)?;
    }

    #[test]
    fn random_legal_move_is_exactly_uniform(b in arb_spread_state(200), seed in any::<u64>()) {
        for seat in 0..3 {
            check_uniform_sampling(&b, PlayerId(seat), 300, seed)?;
        }
    }

    #[test]
    fn fast_playout_ends_where_the_reference_says_and_keeps_the_hash(
        b in arb_dense_state(150), seed in any::<u64>()
    ) {
        let mut end = b;
        let mut rng = game_core::rng::seeded(seed);
        let steps = end.random_playout(&mut rng);
        prop_assert!(end.is_over());
        prop_assert_eq!(end.zobrist(), end.zobrist_from_scratch());
        prop_assert_eq!(end.lines_drawn(), b.lines_drawn() + steps as usize);
        // The model, rebuilt from the lines, agrees on ball, winner and
        // (none) legal steps; the last mover is the one the lines imply.
        agrees(&end, &Naive::from_board(&end))?;
        prop_assert_eq!(end.outcome().is_some(), true);
    }

    #[test]
    fn arbitrary_setups_are_accepted_and_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let mut u = Unstructured::new(&bytes);
        let setup = Setup::arbitrary(&mut u).unwrap_or_default();
        prop_assert!(Pitch::new(setup.pitch.width, setup.pitch.height).is_ok());
        if setup.pitch == Pitch::STANDARD {
            let b = PaperSoccer::from_setup(setup.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(PaperSoccer::from_setup(b.to_setup()).ok(), Some(b));
            reference::check(&b)?;
        }
    }

    #[test]
    fn arbitrary_turns_are_never_empty_and_play_all_or_nothing(
        bytes in proptest::collection::vec(any::<u8>(), 0..64), b in arb_dense_state(120)
    ) {
        let mut u = Unstructured::new(&bytes);
        if let Ok(turn) = Turn::arbitrary(&mut u) {
            prop_assert!(!turn.steps().is_empty());
            let mut after = b;
            match after.play_turn_steps(&turn) {
                Ok(()) => reference::check(&after)?,
                Err(_) => prop_assert_eq!(after, b),
            }
        }
    }
}

#[test]
fn a_seat_that_does_not_exist_is_its_own_error_before_anything_else() {
    let mut over = PaperSoccer::default();
    over.random_playout(&mut game_core::rng::seeded(3));
    for b in [PaperSoccer::default(), over] {
        for seat in [2u8, 3, 7, 255] {
            let player = PlayerId(seat);
            let err = b.check_move(player, Dir::N).unwrap_err();
            assert_eq!(err, StepError::Seat(SeatError::NoSuchPlayer { player, players: 2 }));
            assert_eq!(err.kind(), "no-such-player");
            let mut buf = Vec::new();
            assert_eq!(b.random_legal_move(player, &mut game_core::rng::seeded(1), &mut buf), None);
            assert_eq!(PaperSoccer::goal_attacked(player), None);
            assert_eq!(PaperSoccer::goal_defended(player), None);
        }
    }
}
