//! The bot protocol and both notations.

use game_core::testing::MoveUniverse;
use game_core::testing::state_from_indices;
use game_core::{Game, GameError, MoveNotation, PlayerId, rng};
use proptest::prelude::*;
use quoridor::protocol::{self, AnswerError, History, PlacedWall, ProtocolError, RecordError, Session, StartMessage};
use quoridor::{Cell, Config, Move, MoveError, ParseMoveError, Quoridor, Wall};
use quoridor::{
    format_algebraic, format_algebraic_record, parse_algebraic, parse_algebraic_record, parse_any, parse_contest,
};

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
    assert_eq!(parse_contest(""), Err(ParseMoveError::Empty));
    assert_eq!(parse_contest("4"), Err(ParseMoveError::TokenCount(1)));
    assert_eq!(parse_contest("1 2 1 4 5"), Err(ParseMoveError::TokenCount(5)));
    assert_eq!(parse_contest("a 2"), Err(ParseMoveError::NotANumber("a".into())));
    assert_eq!(parse_contest("-1 2"), Err(ParseMoveError::OutOfRange("-1".into())));
    assert_eq!(parse_contest("256 2"), Err(ParseMoveError::OutOfRange("256".into())));
    assert_eq!(parse_contest("1 2 2"), Err(ParseMoveError::BadOrientation("2".into())));
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
    // The rules' examples (doc/rules.md, "Notations").
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
fn moves_off_the_board_have_no_algebraic_form_and_are_written_in_contest_notation() {
    // A pawn one past the last column or row, a wall one past the last
    // anchor column or row: the contest's `x y` and `x y o`.
    for (mv, contest) in [
        (Move::Pawn(Cell::new(9, 0)), "9 0"),
        (Move::Pawn(Cell::new(0, 9)), "0 9"),
        (Move::Wall(Wall::horizontal(8, 0)), "8 0 0"),
        (Move::Wall(Wall::vertical(0, 8)), "0 8 1"),
    ] {
        assert_eq!(format_algebraic(mv, 9), contest, "{mv:?}");
    }
    // The last cell and the last anchor still have one.
    assert_eq!(format_algebraic(Move::Pawn(Cell::new(8, 8)), 9), "a9");
    assert_eq!(format_algebraic(Move::Wall(Wall::horizontal(7, 7)), 9), "a8h");
    // A board too small for walls (side 1) has none, and saying so does
    // not overflow; side 2 has the one anchor.
    assert_eq!(format_algebraic(Move::Wall(Wall::horizontal(0, 0)), 1), "0 0 0");
    assert_eq!(parse_algebraic("a1h", 1).map_err(|e| e.kind()), Err("bad-column"));
    assert_eq!(format_algebraic(Move::Wall(Wall::vertical(0, 0)), 2), "a1v");
    assert_eq!(parse_algebraic("a1v", 2).unwrap(), Move::Wall(Wall::vertical(0, 0)));
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
        let s = Quoridor::new(Config::new(size, 2).unwrap()).unwrap();
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
    assert!(matches!(err, ParseMoveError::InRecord { index: 2, .. }));
    // The record plays from the start: e2 is P0's first step.
    let mut s = Quoridor::default();
    for mv in moves {
        let p = s.to_move().unwrap();
        s.play(p, mv).unwrap();
    }
    assert!(s.has_wall(Wall::horizontal(3, 2)));
}

fn start_of(text: &str) -> StartMessage {
    protocol::read_start(&mut text.as_bytes()).unwrap()
}

fn turn_of(text: &str, start: &StartMessage) -> Option<protocol::TurnMessage> {
    protocol::read_turn(&mut text.as_bytes(), start).unwrap()
}

/// `setup` of `state` as a bot sees it: everything but the tick limit.
fn without_limit(state: &Quoridor) -> quoridor::Setup {
    let mut setup = state.to_setup();
    setup.config.tick_limit = None;
    setup
}

#[test]
fn start_message_lists_players_id_size_and_start_cells_with_walls() {
    let s = Quoridor::with_players(4).unwrap();
    assert_eq!(protocol::start_message(&s, PlayerId(2)), "4\n2\n9\n4 0 5\n8 4 5\n4 8 5\n0 4 5\n");
    let start = start_of(&protocol::start_message(&s, PlayerId(2)));
    assert_eq!(start.players, 4);
    assert_eq!(start.player_id, PlayerId(2));
    assert_eq!(start.size, 9);
    assert_eq!(start.pawns[1], (Some(Cell::new(8, 4)), 5));
    assert_eq!(
        start.config().unwrap(),
        Config { tick_limit: None, ..Config::new(9, 4).unwrap() },
        "the tick limit is not sent"
    );
    let session = Session::new(start).unwrap();
    assert_eq!(session.me(), PlayerId(2));
    assert_eq!(session.state().to_setup(), without_limit(&s));
}

#[test]
fn start_walls_adding_up_past_255_are_an_error_not_a_clamped_total() {
    let start = start_of("4\n0\n9\n4 0 100\n8 4 100\n4 8 100\n0 4 100\n");
    let err = ProtocolError::OutOfRange { what: "wall total", value: 400 };
    assert_eq!(start.config(), Err(err.clone()));
    assert_eq!(Session::new(start), Err(err));
    // 255 in all is a total (refused later only because 4 players cannot share it).
    let start = start_of("4\n0\n9\n4 0 60\n8 4 65\n4 8 65\n0 4 65\n");
    assert_eq!(start.config().unwrap().walls, 255);
}

#[test]
fn turn_message_lists_tick_pawns_and_walls_in_placement_order_with_owners() {
    let mut s = Quoridor::default();
    let mut history = History::new();
    for mv in [Move::Wall(Wall::vertical(6, 6)), Move::Wall(Wall::horizontal(0, 0)), Move::Pawn(Cell::new(4, 1))] {
        let p = s.to_move().unwrap();
        s.play(p, mv).unwrap();
        history.record(p, mv);
    }
    let text = protocol::turn_message(&s, &history);
    assert_eq!(text, "4\n4 1 9\n4 8 9\n2\n6 6 1 0\n0 0 0 1\n");
    let start = start_of(&protocol::start_message(&Quoridor::default(), PlayerId(1)));
    let turn = turn_of(&text, &start).unwrap();
    assert_eq!(turn.tick, 4);
    assert_eq!(turn.walls[0], PlacedWall { wall: Wall::vertical(6, 6), owner: PlayerId(0) });
    assert_eq!(turn.history(), history);
    assert_eq!(turn.to_state(&start).unwrap().to_setup(), without_limit(&s));
}

#[test]
fn end_of_game_is_a_single_minus_one_or_the_end_of_input() {
    let start = start_of("2\n0\n9\n4 0 10\n4 8 10\n");
    assert_eq!(protocol::END_MESSAGE, "-1\n");
    assert_eq!(turn_of("-1\n", &start), None);
    assert_eq!(turn_of("", &start), None);
    assert_eq!(turn_of(" \n\n", &start), None);
    // In the middle of a message the end of input is an error.
    assert_eq!(protocol::read_turn(&mut "3\n4 0 10\n".as_bytes(), &start), Err(ProtocolError::UnexpectedEnd("pawn x")));
}

#[test]
fn messages_are_read_one_after_the_other_from_the_same_reader() {
    let mut input = "2 1 9 4 0 10 4 8 10\n2\n4 1 10\n4 8 10\n0\n4\n4 2 10\n4 7 9\n1\n3 3 0 1\n-1\n".as_bytes();
    let start = protocol::read_start(&mut input).unwrap();
    let first = protocol::read_turn(&mut input, &start).unwrap().unwrap();
    let second = protocol::read_turn(&mut input, &start).unwrap().unwrap();
    assert_eq!((first.tick, second.tick), (2, 4));
    assert_eq!(second.walls, [PlacedWall { wall: Wall::horizontal(3, 3), owner: PlayerId(1) }]);
    assert_eq!(protocol::read_turn(&mut input, &start), Ok(None));
}

#[test]
fn turn_message_reads_removed_players_as_minus_one() {
    let text = "17\n4 3 5\n-1 -1 2\n4 8 5\n0 4 5\n1\n2 2 0 1\n";
    let start = start_of("4\n3\n9\n4 0 5\n8 4 5\n4 8 5\n0 4 5\n");
    let turn = turn_of(text, &start).unwrap();
    assert_eq!(turn.pawns[1], (None, 2));
    // Player 1 used 3 walls but only one is on the board: not a consistent position.
    assert_eq!(turn.to_state(&start).unwrap_err().kind(), "bad-position");
    let mut session = Session::new(start).unwrap();
    let before = session.clone();
    assert!(session.update(&turn).is_err());
    assert_eq!(session, before, "a failed update changes nothing");
}

#[test]
fn protocol_input_errors_are_typed() {
    let read_start = |t: &[u8]| protocol::read_start(&mut &t[..]);
    assert_eq!(read_start(b"3\n0\n9\n"), Err(ProtocolError::OutOfRange { what: "N", value: 3 }));
    assert_eq!(read_start(b"2\n0\n9\n4 0 10\n"), Err(ProtocolError::UnexpectedEnd("pawn x")));
    assert_eq!(read_start(b""), Err(ProtocolError::UnexpectedEnd("N")));
    // The id is a seat: 0 to N - 1.
    assert_eq!(read_start(b"2 2 9\n"), Err(ProtocolError::OutOfRange { what: "player_id", value: 2 }));
    assert_eq!(read_start(b"4 4 9\n"), Err(ProtocolError::OutOfRange { what: "player_id", value: 4 }));
    assert_eq!(read_start(b"4 3 9\n4 0 5\n8 4 5\n4 8 5\n0 4 5\n").unwrap().player_id, PlayerId(3));
    // A token that is not a number is quoted, cut to 24 bytes (as
    // text, invalid UTF-8 replaced).
    let nan = |token: &str| Err(ProtocolError::NotANumber { what: "player_id", token: token.into() });
    assert_eq!(read_start(b"2\nx\n"), nan("x"));
    assert_eq!(read_start(b"2\n\xff\xfe\n"), nan("\u{fffd}\u{fffd}"));
    assert_eq!(read_start(b"2\n99999999999999999999999\n"), nan("99999999999999999999999"));
    assert_eq!(read_start(b"2\n1234567890abcdefghijklmnopqrstuvwxyz\n"), nan("1234567890abcdefghijklmn"));
    assert_eq!(read_start(b"2\n-\n"), nan("-"));
    // A pawn's coordinates: -1 -1 is a removed pawn; any other negative
    // one is out of range, named by which it is.
    let pawn = |x: &str, y: &str| read_start(format!("2 0 9\n{x} {y} 10\n4 8 10\n").as_bytes());
    assert_eq!(pawn("-1", "5"), Err(ProtocolError::OutOfRange { what: "pawn x", value: -1 }));
    assert_eq!(pawn("5", "-1"), Err(ProtocolError::OutOfRange { what: "pawn y", value: -1 }));
    assert_eq!(pawn("0", "-1"), Err(ProtocolError::OutOfRange { what: "pawn y", value: -1 }));
    assert_eq!(pawn("-2", "-1"), Err(ProtocolError::OutOfRange { what: "pawn x", value: -2 }));
    assert_eq!(pawn("-1", "-1").unwrap().pawns[0], (None, 10));
    // However the reader's buffer splits the tokens, the message is the same.
    let text = b"4 3 11\n5 0 5\n10 5 5\n5 10 5\n0 5 5\n";
    let whole = read_start(text).unwrap();
    for capacity in [1, 2, 3] {
        assert_eq!(
            protocol::read_start(&mut std::io::BufReader::with_capacity(capacity, &text[..])),
            Ok(whole.clone())
        );
    }
    let start = start_of("2\n0\n9\n4 0 10\n4 8 10\n");
    let read_turn = |t: &str| protocol::read_turn(&mut t.as_bytes(), &start);
    assert!(matches!(read_turn("1\n4 0 10\n4 8 10\n1\n0 0 2 0\n"), Err(ProtocolError::OutOfRange { .. })));
    assert!(matches!(read_turn("1\n4 0 10\n4 8 10\n1\n0 0 1 2\n"), Err(ProtocolError::OutOfRange { what: "who", .. })));
    assert!(matches!(read_turn("1\n4 -5 10\n"), Err(ProtocolError::OutOfRange { .. })));
    assert_eq!(read_turn("0\n"), Err(ProtocolError::OutOfRange { what: "tick", value: 0 }));
    assert_eq!(Session::new(start_of("2\n0\n9\n4 0 10\n4 0 10\n")).unwrap_err().kind(), "bad-position");
}

#[test]
fn answers_are_formatted_in_the_contest_notation_with_a_newline() {
    assert_eq!(protocol::format_answer(Move::Wall(Wall::horizontal(1, 2))), "1 2 0");
    assert_eq!(protocol::format_answer(Move::Pawn(Cell::new(4, 7))), "4 7");
    let mut out = Vec::new();
    protocol::write_answer(&mut out, Move::Wall(Wall::vertical(3, 2))).unwrap();
    assert_eq!(out, b"3 2 1\n");
}

fn read(line: &[u8]) -> Result<Move, AnswerError> {
    protocol::parse_answer(9, line)
}

fn pawn(x: u8, y: u8) -> Result<Move, AnswerError> {
    Ok(Move::Pawn(Cell::new(x, y)))
}

fn kind(line: &[u8]) -> &'static str {
    read(line).map_or_else(|e| e.kind(), |m| panic!("{line:?} read as {m}"))
}

#[test]
fn answer_tokens_are_split_on_single_spaces_so_two_spaces_make_a_zero() {
    assert_eq!(read(b"4  1"), Ok(Move::Wall(Wall::vertical(4, 0))));
    assert_eq!(kind(b"0  0 1"), "unreadable", "four tokens");
    assert_eq!(read(b"3 2 1"), Ok(Move::Wall(Wall::vertical(3, 2))));
    assert_eq!(read(b"3 2 0"), Ok(Move::Wall(Wall::horizontal(3, 2))));
    assert_eq!(kind(b"4"), "unreadable");
    assert_eq!(kind(b"1 2 1 4"), "unreadable");
    assert_eq!(kind(b""), "unreadable");
    assert_eq!(read(b" 4"), read(b"4"), "the line is trimmed before splitting");
}

#[test]
fn answer_numbers_are_read_with_javascript_number() {
    for line in ["4.0 1", "0x4 1", "+4 1", "4. 1", "4.000e0 1", "0X4 0b1", "0o4 1", "40e-1 .1e1", "04 1"] {
        assert_eq!(read(line.as_bytes()), pawn(4, 1), "{line}");
    }
    assert_eq!(read(b"-0 1"), pawn(0, 1));
    assert_eq!(read(b"1e0 0 0"), Ok(Move::Wall(Wall::horizontal(1, 0))));
    assert_eq!(read(b"1e-400 0"), pawn(0, 0), "underflows to 0, an integer");
    for line in
        ["4\t1", "4,1", "4.5 1", "-0x4 1", "+0x4 1", "0x 1", ". 1", "4e 1", "1_0 1", "inf 1", "nan 1", "Infinity 1"]
    {
        assert_eq!(kind(line.as_bytes()), "unreadable", "{line}");
    }
    assert_eq!(kind(b"9007199254740993 0"), "unreadable", "not a safe integer");
    assert_eq!(kind(b"9007199254740991 0"), "off-board", "the largest safe integer is an integer");
    assert_eq!(kind(b"-Infinity 0"), "unreadable");
}

#[test]
fn answer_lines_and_tokens_are_trimmed_of_javascript_white_space() {
    assert_eq!(read("\u{a0}4 1\u{a0}".as_bytes()), pawn(4, 1));
    assert_eq!(read(b"4\t 1"), pawn(4, 1), "the tab stays in the first token, which Number() trims");
    assert_eq!(read("\u{feff}4 1\u{2028}\r".as_bytes()), pawn(4, 1));
    assert_eq!(read("4\u{3000} 1".as_bytes()), pawn(4, 1));
    assert_eq!(read(b"\x0b4 1\x0c"), pawn(4, 1));
    assert_eq!(kind("4\u{85} 1".as_bytes()), "unreadable", "NEL is not JavaScript white space");
    assert_eq!(kind(b"4 \xff"), "unreadable", "invalid UTF-8 becomes U+FFFD");
    assert_eq!(kind(b"\xff"), "unreadable");
}

#[test]
fn blank_lines_are_dropped_before_answers_are_read() {
    for line in [&b""[..], b" ", b"\r", b"\t \x0b\x0c", "\u{a0}\u{feff}\u{2029}\u{205f}".as_bytes()] {
        assert!(protocol::skips_line(line), "{line:?}");
    }
    for line in [&b"4 1"[..], b"\xff", b"-", "\u{85}".as_bytes(), "\u{200b}".as_bytes()] {
        assert!(!protocol::skips_line(line), "{line:?}");
    }
}

#[test]
fn answer_coordinates_outside_the_board_are_their_own_error() {
    assert_eq!(read(b"8 8"), pawn(8, 8));
    assert_eq!(kind(b"9 0"), "off-board");
    assert_eq!(kind(b"-1 0"), "off-board");
    assert_eq!(read(b"7 7 1"), Ok(Move::Wall(Wall::vertical(7, 7))));
    assert_eq!(kind(b"8 0 0"), "off-board", "a wall anchor is below M - 1");
    assert_eq!(kind(b"0 0 2"), "off-board", "the orientation is 0 or 1");
    assert_eq!(protocol::parse_answer(5, b"4 4"), pawn(4, 4));
    assert!(matches!(protocol::parse_answer(5, b"5 4"), Err(AnswerError::OffBoard { .. })));
    // Legal or not is the game's business.
    assert_eq!(
        Quoridor::default().check_move(PlayerId(0), read(b"4 2").unwrap()),
        Err(MoveError::IllegalPawnMove { cell: Cell::new(4, 2) })
    );
}

/// Plays a random game with the given configuration; every player follows it
/// with a session (optionally assuming `assumed` as the tick limit) and must
/// rebuild the referee's position at each of its turns.
fn follow_a_game(config: Config, assumed: Option<Option<u32>>, seed: u64) -> u32 {
    let start = Quoridor::new(config).unwrap();
    let mut sessions: Vec<Session> = (0..config.players)
        .map(|p| {
            let s = Session::new(start_of(&protocol::start_message(&start, PlayerId(p)))).unwrap();
            match assumed {
                Some(limit) => s.with_tick_limit(limit),
                None => s,
            }
        })
        .collect();
    let mut r = rng::seeded(seed);
    let mut s = start;
    let mut history = History::new();
    let mut moves = Vec::new();
    while !s.is_over() {
        let p = s.to_move().unwrap();
        let session = &mut sessions[p.index()];
        let turn = turn_of(&protocol::turn_message(&s, &history), session.start()).unwrap();
        session.update(&turn).unwrap();
        assert_eq!(session.me(), p);
        assert_eq!(without_limit(session.state()), without_limit(&s));
        assert_eq!(session.state().tick_limit(), session.tick_limit());
        if assumed.is_none() {
            assert_eq!(session.tick_limit(), None, "no limit unless asked for");
        }
        if let Some(limit) = session.tick_limit() {
            assert!(s.tick() < limit, "an assumed limit is dropped once the game goes past it");
            assert_eq!(Some(limit), assumed.flatten());
        }
        if assumed.flatten() == config.tick_limit && config.tick_limit.is_some_and(|n| n > s.tick()) {
            assert_eq!(session.state(), &s, "with the right limit the position is exact");
        }
        assert_eq!(session.history(), &history);
        s.legal_moves(p, &mut moves);
        let mv = moves[rng::below(&mut r, moves.len())];
        let answer = protocol::parse_answer(s.size(), protocol::format_answer(mv).as_bytes()).unwrap();
        session.answered(&answer);
        s.play(p, answer).unwrap();
        history.record(p, answer);
    }
    s.tick()
}

#[test]
fn a_session_rebuilds_the_referees_position_whatever_the_tick_limit() {
    for limit in [None, Some(50), Some(100), Some(300)] {
        for seed in 0..3 {
            let ticks = follow_a_game(Config { tick_limit: limit, ..Config::new(9, 2).unwrap() }, None, seed);
            assert!(limit.is_none_or(|n| ticks <= n));
        }
    }
    for seed in 0..3 {
        follow_a_game(Config::new(9, 4).unwrap(), None, seed);
        follow_a_game(Config { tick_limit: None, ..Config::new(7, 4).unwrap() }, None, seed);
    }
}

#[test]
fn an_assumed_tick_limit_never_makes_a_session_fail() {
    for seed in 0..3 {
        // Right, too small, too large, none.
        follow_a_game(Config { tick_limit: Some(30), ..Config::new(9, 2).unwrap() }, Some(Some(30)), seed);
        follow_a_game(Config { tick_limit: Some(300), ..Config::new(9, 2).unwrap() }, Some(Some(10)), seed);
        follow_a_game(Config { tick_limit: None, ..Config::new(9, 2).unwrap() }, Some(Some(100)), seed);
        follow_a_game(Config { tick_limit: Some(40), ..Config::new(9, 4).unwrap() }, Some(Some(500)), seed);
        follow_a_game(Config::new(9, 4).unwrap(), Some(Some(0)), seed);
    }
}

#[test]
fn run_bot_answers_every_turn_and_stops_at_the_end_marker() {
    // The referee side: P0 plays scripted steps, P1 is the bot; its answers
    // are computed on the referee's state and must come back from run_bot.
    let bot = |state: &Quoridor, me: PlayerId, _left: std::time::Duration| -> Move {
        let mut moves = Vec::new();
        state.legal_moves(me, &mut moves);
        *moves.iter().filter(|m| matches!(m, Move::Pawn(_))).max().unwrap()
    };
    let mut s = Quoridor::default();
    let mut history = History::new();
    let mut input = protocol::start_message(&s, PlayerId(1));
    let mut expected = String::new();
    for step in [Move::Wall(Wall::vertical(0, 0)), Move::Pawn(Cell::new(4, 1)), Move::Pawn(Cell::new(4, 2))] {
        s.play(PlayerId(0), step).unwrap();
        history.record(PlayerId(0), step);
        input += &protocol::turn_message(&s, &history);
        let mv = bot(&s, PlayerId(1), std::time::Duration::ZERO);
        expected += &format!("{}\n", protocol::format_answer(mv));
        s.play(PlayerId(1), mv).unwrap();
        history.record(PlayerId(1), mv);
    }
    let mut out = Vec::new();
    let mut lefts = Vec::new();
    protocol::run_bot(
        (input.clone() + protocol::END_MESSAGE + "junk that is never read").as_bytes(),
        &mut out,
        |st, me, left| {
            lefts.push(left);
            bot(st, me, left)
        },
    )
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    // The clock: 1000 ms plus 30 ms per turn, minus the (tiny) time taken.
    assert!(lefts[0] <= std::time::Duration::from_millis(1030) && lefts[0] > std::time::Duration::from_millis(900));
    assert!(lefts[2] <= std::time::Duration::from_millis(1090) && lefts[2] > std::time::Duration::from_millis(900));
    // The end of input between turns ends the game too; in a turn it is an error.
    let mut out = Vec::new();
    protocol::run_bot(input.as_bytes(), &mut out, bot).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    let cut = &input[..input.len() - 3];
    assert_eq!(protocol::run_bot(cut.as_bytes(), Vec::new(), bot).unwrap_err().kind(), "unexpected-end");
}

proptest! {
    #[test]
    fn parsers_never_panic(text in ".{0,24}", bytes in proptest::collection::vec(any::<u8>(), 0..40), size in 0u8..20) {
        let _ = parse_contest(&text);
        let _ = parse_algebraic(&text, size);
        let _ = parse_any(&text, size);
        let _ = parse_algebraic_record(&text, size);
        let _ = protocol::replay_lines(&Quoridor::default(), &text);
        for input in [text.as_bytes(), &bytes[..]] {
            let _ = protocol::parse_answer(size, input);
            let _ = protocol::skips_line(input);
            if let Ok(start) = protocol::read_start(&mut &input[..]) {
                let _ = Session::new(start);
            }
            let start = start_of("4\n0\n9\n4 0 5\n8 4 5\n4 8 5\n0 4 5\n");
            let _ = protocol::read_turn(&mut &input[..], &start);
            let _ = protocol::run_bot(input, Vec::new(), |_, _, _| Move::Pawn(Cell::new(0, 0)));
        }
    }

    #[test]
    fn every_formatting_of_an_integer_reads_as_that_integer(
        size in prop::sample::select(vec![5u8, 7, 9, 11]),
        i in 0u8..11,
        j in 0u8..11,
        style in 0usize..8,
        tab in any::<bool>(),
    ) {
        let (i, j) = (i % size, j % size);
        let f = |n: u8| {
            let t = match style {
                0 => format!("{n}"),
                1 => format!("+{n}"),
                2 => format!("{n}.0"),
                3 => format!("{n:#x}"),
                4 => format!("{n}e0"),
                5 => format!("{n:#b}"),
                6 => format!("{}e-1", u32::from(n) * 10),
                _ => format!("{n:#o}"),
            };
            if tab { format!("\t{t}\t") } else { t }
        };
        prop_assert_eq!(protocol::parse_answer(size, format!("{} {}", f(i), f(j)).as_bytes()), Ok(Move::Pawn(Cell::new(i, j))));
        if i < size - 1 && j < size - 1 {
            let wall = format!("{} {} {}", f(i), f(j), f(1));
            prop_assert_eq!(protocol::parse_answer(size, wall.as_bytes()), Ok(Move::Wall(Wall::vertical(i, j))));
        }
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
        if let Ok(start) = protocol::read_start(&mut text.as_bytes()) {
            let _ = start.config().map(|c| c.validate());
            if let Ok(mut session) = Session::new(start.clone()) {
                if let Ok(Some(t)) = protocol::read_turn(&mut text.as_bytes(), &start) {
                    let _ = session.update(&t);
                }
            }
        }
        let start = start_of("2\n0\n9\n4 0 10\n4 8 10\n");
        if let Ok(Some(t)) = protocol::read_turn(&mut text.as_bytes(), &start) {
            let _ = t.to_state(&start);
        }
        let s = state_from_indices(&Quoridor::with_players(4).unwrap(), &nums.iter().map(|&n| n as u16).collect::<Vec<_>>());
        if let Ok(mv) = parse_contest(&text) {
            let _ = s.check_move(s.to_setup().to_move, mv);
        }
    }
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

/// Protocol I/O errors keep the `std::io::ErrorKind` of the failure.
#[test]
fn a_protocol_io_error_keeps_its_io_error_kind() {
    let e = quoridor::protocol::ProtocolError::from(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "gone"));
    assert!(matches!(e, quoridor::protocol::ProtocolError::Io { kind: std::io::ErrorKind::BrokenPipe, .. }), "{e:?}");
    assert_eq!(game_core::GameError::kind(&e), "io");
}

/// A reader whose first read is interrupted (a signal), then reads `rest`;
/// or, with `fail`, whose every read fails.
struct Hiccup {
    interrupted: bool,
    fail: bool,
    rest: &'static [u8],
}

impl std::io::Read for Hiccup {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = std::io::BufRead::fill_buf(self)?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl std::io::BufRead for Hiccup {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.fail {
            return Err(std::io::Error::other("the pipe broke"));
        }
        if !self.interrupted {
            self.interrupted = true;
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        Ok(self.rest)
    }
    fn consume(&mut self, n: usize) {
        self.rest = &self.rest[n..];
    }
}

#[test]
fn an_interrupted_read_is_retried_and_a_failed_one_is_an_io_error() {
    let mut input = Hiccup { interrupted: false, fail: false, rest: b"2 1 9\n4 0 10\n4 8 10\n" };
    let start = protocol::read_start(&mut input).unwrap();
    assert_eq!(start.player_id, PlayerId(1));
    let mut broken = Hiccup { interrupted: true, fail: true, rest: b"" };
    let e = protocol::read_start(&mut broken).unwrap_err();
    assert!(matches!(e, ProtocolError::Io { kind: std::io::ErrorKind::Other, .. }), "{e:?}");
}

#[test]
fn an_assumed_tick_limit_is_kept_only_when_it_is_after_the_session_tick() {
    let mut session = Session::new(start_of("2\n0\n9\n4 0 10\n4 8 10\n")).unwrap();
    let turn = turn_of("5\n4 2 10\n4 6 10\n0\n", session.start()).unwrap();
    session.update(&turn).unwrap();
    let tick = session.state().tick();
    assert_eq!(tick, 4);
    for (assumed, kept) in [(None, None), (Some(0), None), (Some(tick), None), (Some(tick + 1), Some(tick + 1))] {
        let s = session.clone().with_tick_limit(assumed);
        assert_eq!(s.tick_limit(), kept, "{assumed:?}");
        assert_eq!(s.state().tick_limit(), kept, "{assumed:?}");
        assert!(!s.state().is_over(), "{assumed:?}: the game goes on");
    }
}

#[test]
fn a_refused_answer_quotes_its_line_cut_to_40_characters() {
    let long = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20";
    assert_eq!(read(b"1 2 3 4"), Err(AnswerError::TokenCount { line: "1 2 3 4".into(), count: 4 }));
    assert_eq!(read(long.as_bytes()), Err(AnswerError::TokenCount { line: format!("{}…", &long[..40]), count: 20 }));
    assert_eq!(read(b"4 x"), Err(AnswerError::NotAnInteger { line: "4 x".into(), token: "x".into() }));
}
