//! Seats that do not exist: Yavalath has two, and every API taking a seat answers any other
//! with its own answer, before looking at anything else.

use game_core::{Game, GameError, PlayerId, SeatError, rng};
use yavalath::{Bitboard, Cell, MoveError, Yavalath};

#[test]
fn a_seat_that_does_not_exist_is_its_own_error_before_any_other() {
    let started = Yavalath::replay(&[Cell::CENTER]).unwrap();
    let mut over = Yavalath::new();
    over.random_playout(&mut rng::seeded(4));
    assert!(over.is_over());
    for g in [Yavalath::new(), started, over] {
        for seat in [2u8, 7, 255] {
            let p = PlayerId(seat);
            // Even on an occupied cell of a finished game: the seat is checked first.
            let err = g.check_move(p, Cell::CENTER).unwrap_err();
            assert_eq!(err, MoveError::Seat(SeatError::NoSuchPlayer { player: p, players: 2 }));
            assert_eq!(err.kind(), "no-such-player");
            let mut h = g;
            assert_eq!(h.play(p, Cell::CENTER), Err(err));
            assert_eq!(h, g);
            let mut buf = vec![Cell::CENTER];
            g.legal_moves(p, &mut buf);
            assert!(buf.is_empty());
            assert_eq!(g.random_legal_move(p, &mut rng::seeded(1), &mut buf), None);
            assert_eq!(g.stones(p), Bitboard::EMPTY);
            assert_eq!(g.winning_cells(p), Bitboard::EMPTY);
            assert_eq!(g.losing_cells(p), Bitboard::EMPTY);
            assert_eq!(g.placement_end(p, Cell::from_xy(0, 0).unwrap()), None);
        }
    }
}

#[test]
fn real_seats_still_get_the_rule_errors() {
    let g = Yavalath::replay(&[Cell::CENTER]).unwrap();
    assert_eq!(
        g.check_move(PlayerId(0), Cell::CENTER).unwrap_err(),
        MoveError::Seat(SeatError::NotYourTurn { player: PlayerId(0), to_move: PlayerId(1) })
    );
    assert_eq!(g.check_move(PlayerId(1), Cell::CENTER), Ok(())); // the steal
}

#[test]
fn a_setup_for_a_seat_that_does_not_exist_is_refused_as_such() {
    use yavalath::SetupError;
    let mut setup = Yavalath::new().to_setup();
    setup.to_move = PlayerId(2);
    let err = Yavalath::from_setup(setup).unwrap_err();
    assert_eq!(err, SetupError::Seat(SeatError::NoSuchPlayer { player: PlayerId(2), players: 2 }));
    assert_eq!(err.kind(), "no-such-player");
    // Checked before the stones: even counts no seat could have are answered so.
    let one = Bitboard::from(Cell::CENTER);
    assert!(matches!(
        Yavalath::from_stones(one, one, PlayerId(9)),
        Err(SetupError::Seat(SeatError::NoSuchPlayer { player: PlayerId(9), .. }))
    ));
}
