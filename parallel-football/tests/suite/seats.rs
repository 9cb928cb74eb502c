//! A seat that does not exist (`PlayerId(4)` and above) is answered with
//! its own error by every API that can refuse, before anything else, and
//! with an empty or sentinel answer by the queries.

use game_core::{Game, GameError, PlayerId, SeatError};
use parallel_football::{Cell, Config, Field, FootballMove, MoveError, Order, ParallelFootball};

fn no_such(player: u8) -> MoveError {
    MoveError::Seat(SeatError::NoSuchPlayer { player: PlayerId(player), players: 4 })
}

#[test]
fn check_move_names_a_seat_that_does_not_exist_in_every_phase() {
    let config = Config::new(4, 4, 1, 2, 3).unwrap();
    let placing = ParallelFootball::new(config).unwrap();
    let turn = ParallelFootball::from_field(Field::new(config, &[Cell::new(1, 1); 4]).unwrap());
    // Over: no ball left.
    let over = ParallelFootball::new(Config::new(2, 2, 1, 1, 3).unwrap()).unwrap();
    assert!(over.is_over());
    for g in [&placing, &turn, &over] {
        for seat in [4, 7, 63, 255] {
            for mv in [FootballMove::Place(Cell::new(0, 0)), FootballMove::Order(Order::Stay)] {
                let e = g.check_move(PlayerId(seat), mv).unwrap_err();
                assert_eq!(e, no_such(seat));
                assert_eq!(e.kind(), "no-such-player");
                let mut child = g.clone();
                assert_eq!(child.play(PlayerId(seat), mv), Err(no_such(seat)));
                assert_eq!(&child, g);
            }
            let mut moves = vec![FootballMove::Order(Order::Stay)];
            g.legal_moves(PlayerId(seat), &mut moves);
            assert!(moves.is_empty());
        }
    }
}

#[test]
fn submitted_answers_name_a_seat_that_does_not_exist() {
    let config = Config::new(4, 4, 1, 2, 3).unwrap();
    let mut placing = ParallelFootball::new(config).unwrap();
    assert_eq!(placing.submit_placements(PlayerId(4), &[Cell::new(1, 1)]), Err(no_such(4)));
    let mut turn = ParallelFootball::from_field(Field::new(config, &[Cell::new(1, 1); 4]).unwrap());
    assert_eq!(turn.submit_orders(PlayerId(9), &[Order::Stay]), Err(no_such(9)));
    // An unchecked play for no team changes nothing.
    let before = turn.clone();
    turn.play_unchecked(PlayerId(5), FootballMove::Order(Order::Stay));
    assert_eq!(turn, before);
}

#[test]
fn queries_for_a_seat_that_does_not_exist_answer_nothing() {
    let config = Config::new(6, 6, 2, 2, 3).unwrap();
    let field = Field::new(config, &[Cell::new(2, 2); 8]).unwrap();
    let nobody = PlayerId(4);
    assert!(field.team_positions(nobody).is_empty());
    assert_eq!(field.kicks_to_home(Cell::new(2, 2), nobody), u16::MAX);
    assert_eq!(field.distance2_to_home(Cell::new(2, 2), nobody), u32::MAX);
    assert!(field.geometry().kicks_table(nobody).is_empty());
    assert_eq!(field.geometry().best_kick_toward_home(Cell::new(2, 2), nobody), None);
}

#[test]
fn a_placement_answer_for_a_seat_that_does_not_exist_is_refused() {
    let config = Config::new(6, 6, 2, 2, 3).unwrap();
    let lines = ["1 1", "2 2"];
    assert_eq!(parallel_football::protocol::parse_placements(lines, &config, PlayerId(4)), Err(no_such(4)));
    assert!(parallel_football::protocol::parse_placements(lines, &config, PlayerId(3)).is_ok());
}
