//! The bot protocol and both notations.

use game_core::testing::state_from_indices;
use game_core::{Game, GameError, MoveNotation, PlayerId, rng};
use proptest::prelude::*;
use quoridor::notation::{
    format_algebraic, format_algebraic_record, parse_algebraic, parse_algebraic_record, parse_any, parse_contest,
};
use quoridor::protocol::{self, History, PlacedWall, ProtocolError, RecordError, TurnMessage};
use quoridor::{Cell, Config, Move, MoveError, NotationError, Quoridor, Wall};

#[test]
fn contest_notation_is_x_y_for_a_pawn_and_x_y_v_for_a_wall() {
    assert_eq!(parse_contest("4 1").unwrap(), Move::Pawn(Cell::new(4, 1)));
    assert_eq!(parse_contest("  3\t2   0 \n").unwrap(), Move::Wall(Wall::horizontal(3, 2)));
    assert_eq!(parse_contest("3 2 1").unwrap(), Move::Wall(Wall::vertical(3, 2)));
    assert_eq!(Move::Wall(Wall::vertical(3, 2)).to_string(), "3 2 1");
    assert_eq!(Move::Pawn(Cell::new(0, 8)).to_string(), "0 8");
}

#[test]
fn contest_notation_errors_are_typed() {
    assert_eq!(parse_contest(""), Err(NotationError::Empty));
    assert_eq!(parse_contest("4"), Err(NotationError::TokenCount(1)));
    assert_eq!(parse_contest("1 2 1 4 5"), Err(NotationError::TokenCount(5)));
    assert_eq!(parse_contest("a 2"), Err(NotationError::NotANumber("a".into())));
    assert_eq!(parse_contest("-1 2"), Err(NotationError::OutOfRange("-1".into())));
    assert_eq!(parse_contest("256 2"), Err(NotationError::OutOfRange("256".into())));
    assert_eq!(parse_contest("1 2 2"), Err(NotationError::BadOrientation("2".into())));
    assert_eq!(parse_contest("99999999999999999999 1").unwrap_err().kind(), "not-a-number");
    // Off-board coordinates read fine and are refused by the rules.
    let s = Quoridor::default();
    assert_eq!(
        s.check_move(PlayerId(0), parse_contest("9 9").unwrap()),
        Err(MoveError::PawnOffBoard { cell: Cell::new(9, 9) })
    );
}

#[test]
fn algebraic_notation_is_the_contest_board_turned_by_half_a_turn() {
    // The rules file's examples.
    assert_eq!(format_algebraic(Move::Pawn(Cell::new(4, 0)), 9), "e1");
    assert_eq!(format_algebraic(Move::Pawn(Cell::new(8, 4)), 9), "a5");
    assert_eq!(parse_algebraic("e1", 9).unwrap(), Move::Pawn(Cell::new(4, 0)));
    assert_eq!(parse_algebraic("a5", 9).unwrap(), Move::Pawn(Cell::new(8, 4)));
    // Wall (x, y, o): column a + (M-2-x), row y + 1.
    assert_eq!(format_algebraic(Move::Wall(Wall::horizontal(3, 2)), 9), "e3h");
    assert_eq!(format_algebraic(Move::Wall(Wall::vertical(7, 0)), 9), "a1v");
    assert_eq!(format_algebraic(Move::Wall(Wall::vertical(0, 7)), 9), "h8v");
    assert_eq!(parse_algebraic("E3H", 9).unwrap(), Move::Wall(Wall::horizontal(3, 2)));
    assert_eq!(parse_algebraic("k11", 11).unwrap(), Move::Pawn(Cell::new(0, 10)));
    assert_eq!(parse_algebraic("j10v", 11).unwrap(), Move::Wall(Wall::vertical(0, 9)));
}

#[test]
fn algebraic_notation_errors_are_typed() {
    for (text, kind) in [
        ("", "empty"),
        ("z1", "bad-column"),
        ("j1", "bad-column"),
        ("i1h", "bad-column"),
        ("e0", "bad-row"),
        ("e10", "bad-row"),
        ("e9h", "bad-row"),
        ("e01", "bad-row"),
        ("e", "bad-row"),
        ("e2x", "bad-suffix"),
        ("e2hh", "bad-suffix"),
        ("é2", "bad-column"),
        ("e2é", "bad-suffix"),
    ] {
        assert_eq!(parse_algebraic(text, 9).map_err(|e| e.kind()), Err(kind), "{text:?}");
    }
}

#[test]
fn every_move_round_trips_through_both_notations() {
    for size in [5, 7, 9, 11] {
        let s = Quoridor::new(Config::new(size, 2)).unwrap();
        s.for_each_possible_move(&mut |mv| {
            assert_eq!(parse_contest(&mv.to_string()).unwrap(), mv);
            assert_eq!(s.parse_move(&s.format_move(mv)).unwrap(), mv);
            let alg = format_algebraic(mv, size);
            assert_eq!(parse_algebraic(&alg, size).unwrap(), mv, "{alg}");
            assert_eq!(parse_any(&alg, size).unwrap(), mv);
        });
    }
}

#[test]
fn algebraic_records_join_moves_with_slashes() {
    let moves = parse_algebraic_record("e2/e8/e3h", 9).unwrap();
    assert_eq!(moves, [Move::Pawn(Cell::new(4, 1)), Move::Pawn(Cell::new(4, 7)), Move::Wall(Wall::horizontal(3, 2))]);
    assert_eq!(format_algebraic_record(&moves, 9), "e2/e8/e3h");
    assert_eq!(parse_algebraic_record(" ", 9).unwrap(), []);
    let err = parse_algebraic_record("e2/e8/x9", 9).unwrap_err();
    assert!(matches!(err, NotationError::InRecord { index: 2, .. }));
    // The record plays from the start: e2 is P0's first step.
    let mut s = Quoridor::default();
    for mv in moves {
        let p = s.to_move();
        s.play(p, mv).unwrap();
    }
    assert!(s.has_wall(Wall::horizontal(3, 2)));
}

#[test]
fn start_input_lists_players_id_size_and_start_cells_with_walls() {
    let s = Quoridor::with_players(4).unwrap();
    assert_eq!(protocol::start_input(&s, PlayerId(2)), "4\n2\n9\n4 0 5\n8 4 5\n4 8 5\n0 4 5\n");
    let start = protocol::parse_start(&protocol::start_input(&s, PlayerId(2))).unwrap();
    assert_eq!(start.players, 4);
    assert_eq!(start.player_id, PlayerId(2));
    assert_eq!(start.size, 9);
    assert_eq!(start.pawns[1], (Some(Cell::new(8, 4)), 5));
    assert_eq!(start.config(Some(100)), Config::new(9, 4));
}

#[test]
fn turn_input_lists_tick_pawns_and_walls_in_placement_order_with_owners() {
    let mut s = Quoridor::default();
    let mut history = History::new();
    for mv in [Move::Wall(Wall::vertical(6, 6)), Move::Wall(Wall::horizontal(0, 0)), Move::Pawn(Cell::new(4, 1))] {
        let p = s.to_move();
        s.play(p, mv).unwrap();
        history.record(p, mv);
    }
    let text = protocol::turn_input(&s, &history);
    assert_eq!(text, "4\n4 1 9\n4 8 9\n2\n6 6 1 0\n0 0 0 1\n");
    let start = protocol::parse_start(&protocol::start_input(&Quoridor::default(), PlayerId(1))).unwrap();
    let TurnMessage::Turn(turn) = protocol::parse_turn(&text, 2).unwrap() else { panic!("a turn") };
    assert_eq!(turn.tick, 4);
    assert_eq!(turn.walls[0], PlacedWall { wall: Wall::vertical(6, 6), owner: PlayerId(0) });
    assert_eq!(turn.history(), history);
    assert_eq!(turn.to_state(&start, Some(100)).unwrap(), s);
}

#[test]
fn end_of_game_is_a_single_minus_one() {
    assert_eq!(protocol::END_INPUT, "-1\n");
    assert_eq!(protocol::parse_turn("-1\n", 2).unwrap(), TurnMessage::End);
}

#[test]
fn turn_input_reads_removed_players_as_minus_one() {
    let text = "17\n4 3 5\n-1 -1 2\n4 8 5\n0 4 5\n1\n2 2 0 1\n";
    let TurnMessage::Turn(turn) = protocol::parse_turn(text, 4).unwrap() else { panic!("a turn") };
    assert_eq!(turn.pawns[1], (None, 2));
    let start = protocol::parse_start("4\n3\n9\n4 0 5\n8 4 5\n4 8 5\n0 4 5\n").unwrap();
    // Player 1 used 3 walls but only one is on the board: not a consistent position.
    assert!(turn.to_state(&start, None).is_err());
}

#[test]
fn protocol_input_errors_are_typed() {
    assert_eq!(protocol::parse_start("3\n0\n9\n"), Err(ProtocolError::OutOfRange { what: "N", value: 3 }));
    assert_eq!(protocol::parse_start("2\n0\n9\n4 0 10\n"), Err(ProtocolError::UnexpectedEnd("pawn x")));
    assert!(matches!(protocol::parse_start("2\nx\n"), Err(ProtocolError::NotANumber { .. })));
    assert!(matches!(
        protocol::parse_turn("1\n4 0 10\n4 8 10\n1\n0 0 2 0\n", 2),
        Err(ProtocolError::OutOfRange { .. })
    ));
    assert!(matches!(protocol::parse_turn("1\n4 -5 10\n", 2), Err(ProtocolError::OutOfRange { .. })));
}

#[test]
fn answer_line_is_read_by_tokens() {
    assert_eq!(protocol::parse_answer("4 1\n").unwrap(), Move::Pawn(Cell::new(4, 1)));
    assert_eq!(protocol::parse_answer(" 7  7 1 ").unwrap(), Move::Wall(Wall::vertical(7, 7)));
    assert!(protocol::parse_answer("e2").is_err(), "bots answer in the contest notation only");
    assert_eq!(protocol::format_answer(Move::Wall(Wall::horizontal(1, 2))), "1 2 0");
}

#[test]
fn record_lines_replay_in_either_notation_and_stop_at_the_first_bad_line() {
    let (s, history) = protocol::replay_lines(&Quoridor::default(), "4 1\ne8\n\n3 2 1\n").unwrap();
    assert_eq!(s.pawn(PlayerId(1)), Some(Cell::new(4, 7)));
    assert_eq!(history.walls(), [PlacedWall { wall: Wall::vertical(3, 2), owner: PlayerId(0) }]);
    let err = protocol::replay_lines(&Quoridor::default(), "4 1\n4 1\n").unwrap_err();
    assert!(matches!(err, RecordError::Illegal { line: 2, player: PlayerId(1), .. }));
    assert_eq!(err.kind(), "illegal-pawn-move");
    let err = protocol::replay_lines(&Quoridor::default(), "4 1\nhello\n").unwrap_err();
    assert!(matches!(err, RecordError::Unreadable { line: 2, .. }));
}

#[test]
fn bot_rebuilds_the_arena_state_along_random_games() {
    for players in [2u8, 4] {
        let start = Quoridor::new(Config::new(7, players).with_tick_limit(Some(200))).unwrap();
        let mut r = rng::seeded(u64::from(players));
        for _ in 0..5 {
            let mut s = start;
            let mut history = History::new();
            let mut moves = Vec::new();
            while !s.is_over() {
                let p = s.to_move();
                let info = protocol::parse_start(&protocol::start_input(&start, p)).unwrap();
                let TurnMessage::Turn(turn) =
                    protocol::parse_turn(&protocol::turn_input(&s, &history), players).unwrap()
                else {
                    panic!("a turn")
                };
                assert_eq!(turn.to_state(&info, Some(200)).unwrap(), s);
                s.legal_moves(p, &mut moves);
                let mv = moves[rng::below(&mut r, moves.len())];
                let answer = protocol::parse_answer(&protocol::format_answer(mv)).unwrap();
                s.play(p, answer).unwrap();
                history.record(p, answer);
            }
        }
    }
}

proptest! {
    #[test]
    fn parsers_never_panic(text in ".{0,24}", size in 0u8..20) {
        let _ = parse_contest(&text);
        let _ = parse_algebraic(&text, size);
        let _ = parse_any(&text, size);
        let _ = parse_algebraic_record(&text, size);
        let _ = protocol::parse_start(&text);
        let _ = protocol::parse_turn(&text, 4);
        let _ = protocol::replay_lines(&Quoridor::default(), &text);
    }

    #[test]
    fn algebraic_lookalikes_never_panic(text in "[a-lA-L]{0,2}[0-9]{0,3}[hvHVx]{0,2}", size in 0u8..20) {
        if let Ok(mv) = parse_algebraic(&text, size) {
            prop_assert_eq!(parse_algebraic(&format_algebraic(mv, size), size), Ok(mv));
        }
        let _ = parse_any(&text, size);
    }

    #[test]
    fn number_soup_never_panics(nums in proptest::collection::vec(-3i64..300, 0..40)) {
        let text: String = nums.iter().map(|n| format!("{n} ")).collect();
        if let Ok(start) = protocol::parse_start(&text) {
            let _ = start.config(None).validate();
        }
        if let Ok(TurnMessage::Turn(t)) = protocol::parse_turn(&text, 2) {
            let start = protocol::parse_start("2\n0\n9\n4 0 10\n4 8 10\n").unwrap();
            let _ = t.to_state(&start, Some(100));
        }
        let s = state_from_indices(&Quoridor::with_players(4).unwrap(), &nums.iter().map(|&n| n as u16).collect::<Vec<_>>());
        if let Ok(mv) = parse_contest(&text) {
            let _ = s.check_move(s.to_move(), mv);
        }
    }
}

#[test]
fn illegal_or_missing_answers_are_replaced_by_the_fallback() {
    use quoridor::protocol::{AnswerError, resolve_answer};
    let s = Quoridor::default();
    let mut r = rng::seeded(9);
    let ok = resolve_answer(&s, Some("4 1"), &mut r).unwrap();
    assert_eq!((ok.mv, ok.error), (Move::Pawn(Cell::new(4, 1)), None));
    let bad = resolve_answer(&s, Some("4 2"), &mut r).unwrap();
    assert!(matches!(bad.error, Some(AnswerError::Illegal(MoveError::IllegalPawnMove { .. }))));
    assert!(matches!(bad.mv, Move::Pawn(_)) && s.is_legal(PlayerId(0), bad.mv));
    let garbage = resolve_answer(&s, Some("up 1"), &mut r).unwrap();
    assert_eq!(garbage.error.unwrap().kind(), "not-a-number");
    let timeout = resolve_answer(&s, None, &mut r).unwrap();
    assert!(timeout.error.is_none() && matches!(timeout.mv, Move::Pawn(_)));
    let mut over = Quoridor::new(Config::default().with_tick_limit(Some(1))).unwrap();
    over.play(PlayerId(0), Move::Pawn(Cell::new(4, 1))).unwrap();
    assert!(resolve_answer(&over, Some("4 7"), &mut r).is_none());
}
