//! The arena protocol: per-turn input, answers, records; no panic on any input.

use crate::common;
use common::*;
use game_core::{Game, GameError, MoveNotation, PlayerId, SeatError};
use proptest::prelude::*;
use yavalath::protocol::{
    Answer, AnswerError, ProtocolError, TurnMessage, format_answer, parse_answer, parse_move_text, parse_record,
    player_of_id, protocol_id, turn_message,
};
use yavalath::{Cell, Yavalath};

/// The referee's reading of an answer given as text.
fn answer(line: &str) -> Result<Answer, AnswerError> {
    parse_answer(line.as_bytes())
}

const EMPTY_ROWS: &str = "00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n";

#[test]
fn protocol_ids_are_1_for_the_first_player_and_2_for_the_second() {
    assert_eq!(protocol_id(PlayerId(0)), 1);
    assert_eq!(protocol_id(PlayerId(1)), 2);
    assert_eq!(player_of_id(1), Some(PlayerId(0)));
    assert_eq!(player_of_id(2), Some(PlayerId(1)));
    assert_eq!(player_of_id(0), None);
    assert_eq!(player_of_id(3), None);
}

#[test]
fn first_players_first_turn_has_its_id_9_rows_and_minus_1_minus_1() {
    let text = turn_message(&Yavalath::new(), None).unwrap();
    assert_eq!(text, format!("1\n9\n{EMPTY_ROWS}-1 -1\n"));
}

#[test]
fn second_players_first_turn_has_id_2_and_the_first_move() {
    let g = Yavalath::replay(&cells(&[(0, 0)])).unwrap();
    let text = turn_message(&g, Some(cell(0, 0))).unwrap();
    assert_eq!(text, format!("2\n9\n2{}0 0\n", &EMPTY_ROWS[1..]));
}

#[test]
fn later_turns_have_no_id_line_and_rows_from_the_receivers_point_of_view() {
    let g = Yavalath::replay(&cells(&[(0, 0), (4, 8)])).unwrap();
    let text = turn_message(&g, Some(cell(4, 8))).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[0], "9");
    assert_eq!(lines[1], "10000", "mine is 1");
    assert_eq!(lines[9], "00002", "the opponent's is 2");
    assert_eq!(lines[10], "4 8");
    let g2 = Yavalath::replay(&cells(&[(0, 0), (4, 8), (2, 2)])).unwrap();
    let lines2: Vec<String> = turn_message(&g2, Some(cell(2, 2))).unwrap().lines().map(String::from).collect();
    assert_eq!(lines2[1], "20000");
    assert_eq!(lines2[3], "0020000");
    assert_eq!(lines2[9], "00001");
}

#[test]
fn after_a_steal_the_first_player_sees_the_stolen_cell_as_last_move() {
    let g = Yavalath::replay(&cells(&[(4, 4), (4, 4)])).unwrap();
    let t = TurnMessage::new(&g, Some(cell(4, 4))).unwrap();
    assert_eq!(t.my_id, None, "not the first player's first turn");
    assert!(t.theirs.contains(cell(4, 4)) && t.mine.is_empty());
    let text = t.to_string();
    assert!(text.ends_with("000020000\n00000000\n0000000\n000000\n00000\n4 4\n"), "{text}");
    // And the reader gets the same position back.
    let back: TurnMessage = text.parse().unwrap();
    assert_eq!(back, t);
    assert_eq!(back.position(PlayerId(0)).unwrap(), g);
}

#[test]
fn turn_messages_that_do_not_fit_the_state_are_errors() {
    let g = Yavalath::new();
    assert!(matches!(TurnMessage::new(&g, Some(cell(0, 0))), Err(ProtocolError::UnexpectedLastMove)));
    let g = Yavalath::replay(&cells(&[(0, 0)])).unwrap();
    assert!(matches!(TurnMessage::new(&g, None), Err(ProtocolError::MissingLastMove)));
    let e = TurnMessage::new(&g, Some(cell(1, 1))).unwrap_err();
    assert!(matches!(e, ProtocolError::LastMoveNotOpponent(c) if c == cell(1, 1)), "{e:?}");
    let over = play_for(0, &cells(&[(0, 4), (2, 4), (1, 4)]));
    let e = TurnMessage::new(&over, Some(cell(1, 4))).unwrap_err();
    assert!(matches!(e, ProtocolError::Seat(SeatError::GameOver)));
    assert_eq!(e.kind(), "game-over");
}

#[test]
fn turn_messages_round_trip_along_random_games() {
    let mut r = game_core::rng::seeded(4);
    for _ in 0..100 {
        let mut g = Yavalath::new();
        let mut last = None;
        while let Some(p) = g.to_move() {
            let t = TurnMessage::new(&g, last).unwrap();
            assert_eq!(t.my_id.is_some(), g.plies() == u32::from(p.0));
            let back: TurnMessage = t.to_string().parse().unwrap();
            assert_eq!(back, t);
            assert_eq!(back.position(p).unwrap().notation(), g.notation());
            let moves = g.legal();
            let m = moves.iter().nth(game_core::rng::below(&mut r, moves.len())).unwrap();
            g.play(p, m).unwrap();
            last = Some(m);
        }
    }
}

#[test]
fn read_turn_reads_consecutive_turns_from_a_stream() {
    use yavalath::protocol::read_turn;
    // Both players' inputs along a game, concatenated per player as each bot would see them.
    let moves = cells(&[(4, 4), (4, 4), (0, 0), (8, 4), (2, 8)]);
    let mut g = Yavalath::new();
    let mut streams = [String::new(), String::new()];
    let mut expected: [Vec<TurnMessage>; 2] = [Vec::new(), Vec::new()];
    let mut last = None;
    for m in moves {
        let p = g.to_move().unwrap();
        let t = TurnMessage::new(&g, last).unwrap();
        streams[p.index()].push_str(&t.to_string());
        expected[p.index()].push(t);
        g.play(p, m).unwrap();
        last = Some(m);
    }
    for (stream, expected) in streams.iter().zip(&expected) {
        let mut input = std::io::Cursor::new(stream.as_bytes());
        let mut got = Vec::new();
        while let Some(t) = read_turn(&mut input).unwrap() {
            got.push(t);
        }
        assert_eq!(&got, expected);
    }
    // A turn cut short is an error, not a hang or a panic.
    let cut = &streams[0][..streams[0].len() - 8];
    let mut input = std::io::Cursor::new(cut.as_bytes());
    let mut result = Ok(None);
    for _ in 0..5 {
        result = read_turn(&mut input);
        if !matches!(result, Ok(Some(_))) {
            break;
        }
    }
    assert!(matches!(result, Err(ProtocolError::BadInput { .. })), "{result:?}");
}

#[test]
fn bad_turn_message_texts_are_errors_that_name_the_line() {
    let full = |last: &str| format!("9\n{EMPTY_ROWS}{last}");
    for (bad, line) in [
        ("".to_string(), 1),
        ("1\n".into(), 2),
        ("3\n9\n".into(), 1),
        ("9\n00000\n".into(), 3),
        ("1\n9\n000\n".into(), 3),
        ("9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n0000x\n-1 -1\n".into(), 10),
        (full(""), 11),
        (full("4 x\n"), 11),
        (full("-1 -1\nextra\n"), 12),
    ] {
        let e = bad.parse::<TurnMessage>().unwrap_err();
        assert!(matches!(e, ProtocolError::BadInput { line: l, .. } if l == line), "{bad:?}: {e:?}");
    }
    let crlf = format!("1\r\n9\r\n{}-1 -1\r\n", EMPTY_ROWS.replace('\n', "\r\n"));
    assert_eq!(crlf.parse::<TurnMessage>().unwrap().my_id, Some(1));
}

#[test]
fn answer_is_x_y_with_an_optional_message() {
    assert_eq!(answer("4 4").unwrap(), Answer { cell: cell(4, 4), message: None });
    assert_eq!(
        answer("4 4 This is a message/This is another message").unwrap(),
        Answer { cell: cell(4, 4), message: Some("This is a message/This is another message".into()) }
    );
    assert_eq!(answer("2 6\n").unwrap().cell, cell(2, 6));
    assert_eq!(format_answer(cell(2, 6), Some("hi")), "2 6 hi");
    assert_eq!(format_answer(cell(2, 6), None), "2 6");
    assert_eq!(answer(&format_answer(cell(3, 7), Some("a b/c"))).unwrap().message.as_deref(), Some("a b/c"));
}

#[test]
fn slash_separates_message_lines() {
    let a = answer("4 4 This is a message/This is another message").unwrap();
    assert_eq!(a.message_lines().collect::<Vec<_>>(), ["This is a message", "This is another message"]);
    assert_eq!(answer("4 4").unwrap().message_lines().count(), 0);
}

#[test]
fn answer_time_is_1000_ms_for_the_first_answer_and_100_ms_later() {
    use game_core::time::{Clock, TimeControl};
    use std::time::Duration;
    use yavalath::protocol::TIME_CONTROL;
    let ms = Duration::from_millis;
    assert_eq!(TIME_CONTROL, TimeControl::PerAnswer { first: ms(1000), later: ms(100) });
    let mut clock = Clock::new(TIME_CONTROL);
    assert_eq!(clock.start_answer(), ms(1000));
    clock.end_answer(ms(10));
    assert_eq!(clock.start_answer(), ms(100));
}

#[test]
fn a_leading_space_or_two_spaces_between_the_numbers_is_unreadable() {
    for bad in [" 4 4", "4  4", "\t4 4", "4\t\t4", "", "4", "4 ", "x y", "4 y", "4,4", "44", "+ 4", "4 4x"] {
        let e = answer(bad).unwrap_err();
        assert!(matches!(e, AnswerError::Unreadable { .. }), "{bad:?}: {e:?}");
        assert_eq!(e.kind(), "unreadable");
    }
}

#[test]
fn trailing_whitespace_is_fine_and_any_single_whitespace_separates() {
    for ok in ["4 4 ", "4 4\t", "4 4\r", "4 4  \t ", "4\t4", "+4 4", "04 4"] {
        assert_eq!(answer(ok).unwrap().cell, cell(4, 4), "{ok:?}");
    }
    assert_eq!(answer("4 4  message").unwrap().message.as_deref(), Some(" message"));
}

#[test]
fn two_integers_off_the_board_are_an_off_board_answer() {
    assert_eq!(answer("5 0"), Err(AnswerError::OffBoard { x: 5, y: 0 }));
    assert_eq!(answer("-1 -1"), Err(AnswerError::OffBoard { x: -1, y: -1 }));
    assert_eq!(answer("5 0").unwrap_err().kind(), "off-board");
    // Beyond 32 bits is not an integer for the referee.
    assert!(matches!(answer("4294967300 4"), Err(AnswerError::Unreadable { .. })));
}

#[test]
fn an_unreadable_answer_says_which_piece_is_wrong_without_repeating_the_answer() {
    let reason = |line: &str| answer(line).unwrap_err().to_string();
    assert_eq!(reason("hello world"), "`hello` is not an integer (`x y` is two integers)");
    assert_eq!(reason("4 x"), "`x` is not an integer (`x y` is two integers)");
    assert_eq!(reason(""), "the answer is empty, not `x y` (two integers)");
    assert_eq!(reason(" 4 4"), "x is empty: a space too many (`x y` is two integers, one space between)");
    assert_eq!(reason("4  4"), "y is empty: a space too many (`x y` is two integers, one space between)");
    assert_eq!(reason("4"), "`4` alone: y is missing (`x y` is two integers)");
    assert_eq!(answer("hello world").unwrap_err().kind(), "unreadable");
    let text = |line: &str| parse_move_text(line).unwrap_err().to_string();
    assert_eq!(text("hello world"), "`hello` is not an integer (`x y` is two integers)");
    assert_eq!(text("  "), "the move is empty, not `x y` (two integers)");
    assert_eq!(text("4"), "`4` alone: y is missing (`x y` is two integers)");
    assert_eq!(text("4 4 4"), "`4` after `x y` (a move is two integers, nothing more)");
}

#[test]
fn move_notation_is_x_y_both_ways() {
    let g = Yavalath::new();
    for c in Cell::all() {
        let text = g.format_move(c);
        assert_eq!(g.parse_move(&text).unwrap(), c);
        assert_eq!(parse_move_text(&format!("  {text}  \n")).unwrap(), c);
    }
    assert!(g.parse_move("4 4 4").is_err());
    assert!(g.parse_move("").is_err());
}

#[test]
fn records_have_one_move_per_line_and_replay() {
    let text = "4 4\n4 4\n\n0 0\r\n 8 4 \n";
    let moves = parse_record(text).unwrap();
    assert_eq!(moves, vec![(1, cell(4, 4)), (2, cell(4, 4)), (4, cell(0, 0)), (5, cell(8, 4))]);
    let e = parse_record("4 4\nfoo\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(e.kind(), "unreadable");
    assert_eq!(parse_record("4 4\n9 0\n").unwrap_err().kind(), "off-board");
    // Replaying a record with an occupied cell says which move.
    let cells_only: Vec<Cell> = parse_record("4 4\n0 0\n0 0\n").unwrap().into_iter().map(|(_, c)| c).collect();
    let (i, e) = Yavalath::replay(&cells_only).unwrap_err();
    assert_eq!((i, e.kind()), (2, "cell-occupied"));
}

/// The game (if any) that reaches the stones `p0`, `p1` with `to_move` next: a steal first when
/// the counts need one, the other stones in any order, each stone of the last mover tried as the
/// last move.
fn reach(p0: yavalath::Bitboard, p1: yavalath::Bitboard, to_move: PlayerId) -> Option<Yavalath> {
    let (n0, n1) = (p0.len(), p1.len());
    let stolen = match (to_move.0, n0, n1) {
        (0, a, b) if a == b => false,
        (0, a, b) if b == a + 1 => true,
        (1, a, b) if a == b + 1 => false,
        (1, a, b) if a == b && b >= 1 => true,
        _ => return None,
    };
    let plies = n0 + n1 + usize::from(stolen);
    if plies == 0 {
        return Some(Yavalath::new());
    }
    let last = (plies - 1) % 2;
    let p0: Vec<Cell> = p0.iter().collect();
    let p1: Vec<Cell> = p1.iter().collect();
    let candidates = if last == 0 { p0.clone() } else { p1.clone() };
    candidates.iter().find_map(|&l| {
        let mut a: Vec<Cell> = p0.iter().copied().filter(|&c| c != l).collect();
        let mut b: Vec<Cell> = p1.iter().copied().filter(|&c| c != l).collect();
        if last == 0 {
            a.push(l)
        } else {
            b.push(l)
        }
        let mut moves = Vec::new();
        if stolen {
            // The stolen stone: placed by the first player, taken by the second.
            let s = b.remove(0);
            moves.push(s);
            moves.push(s);
        }
        let mut bi = b.into_iter();
        for c in a {
            moves.push(c);
            moves.extend(bi.next());
        }
        moves.extend(bi);
        Yavalath::replay(&moves).ok()
    })
}

/// Whether some game reaches `g`.
fn replays_to(g: &Yavalath) -> bool {
    reach(g.stones(PlayerId(0)), g.stones(PlayerId(1)), g.next_player()).is_some_and(|h| h == *g)
}

#[test]
fn random_boards_are_accepted_exactly_when_a_game_reaches_them() {
    use yavalath::Bitboard;
    let mut r = game_core::rng::seeded(77);
    let (mut accepted, mut terminal, mut stolen, mut rejected) = (0, 0, 0, 0);
    for round in 0..20_000u32 {
        // Densities from sparse to crowded.
        let (mut a, mut b) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let density = 2 + round % 12;
        for c in Cell::all() {
            match game_core::rng::below(&mut r, 2 * density as usize + 2) {
                0 => a.insert(c),
                1 => b.insert(c),
                _ => {}
            }
        }
        let to_move = PlayerId((round % 2) as u8);
        match Yavalath::from_stones(a, b, to_move) {
            Ok(g) => {
                accepted += 1;
                terminal += usize::from(g.end().is_some());
                stolen += usize::from(g.stolen());
                assert!(replays_to(&g), "{g:?}");
            }
            Err(e) => {
                rejected += 1;
                assert!(reach(a, b, to_move).is_none(), "{e}: {a:?} {b:?} {to_move}");
            }
        }
    }
    assert!(accepted > 1000 && terminal > 100 && stolen > 100 && rejected > 1000, "{accepted} {terminal} {stolen}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn parse_answer_never_panics(s in any::<String>()) {
        let _ = answer(&s);
        let _ = parse_move_text(&s);
        let _ = parse_record(&s);
        let _ = s.parse::<TurnMessage>();
        let _ = s.parse::<Yavalath>();
    }

    #[test]
    fn constructors_never_panic(x in any::<i64>(), y in any::<i64>(), q in any::<i32>(), r in any::<i32>(), t in any::<i32>(), i in any::<usize>(), b in any::<u8>()) {
        if let Ok(c) = Cell::from_xy(x, y) {
            prop_assert_eq!((i64::from(c.x()), i64::from(c.y())), (x, y));
        }
        if let Some(c) = Cell::from_axial(q, r) {
            prop_assert_eq!(c.axial(), (q, r));
        }
        if let Some(c) = Cell::from_cube(q, r, t) {
            prop_assert_eq!(c.cube(), (q, r, t));
        }
        prop_assert_eq!(Cell::from_index(i).is_some(), i < 61);
        prop_assert_eq!(Cell::from_bit(b).is_some(), b < 61);
    }

    #[test]
    fn setups_from_arbitrary_rows_never_panic(rows in proptest::collection::vec("[.xo]{0,10}", 0..11), to_move in any::<u8>()) {
        use game_core::Game;
        let setup = yavalath::Setup { rows, to_move: PlayerId(to_move) };
        if let Ok(g) = Yavalath::from_setup(setup) {
            prop_assert_eq!(Yavalath::from_setup(g.to_setup()).unwrap(), g);
        }
    }

    #[test]
    fn setups_with_well_formed_rows_are_accepted_exactly_when_reachable(
        stones in proptest::collection::vec(prop_oneof![6 => Just('.'), 1 => Just('x'), 1 => Just('o')], 61),
        to_move in 0u8..2,
    ) {
        use game_core::Game;
        let mut rows = Vec::new();
        let mut k = 0;
        for len in [5, 6, 7, 8, 9, 8, 7, 6, 5] {
            rows.push(stones[k..k + len].iter().collect::<String>());
            k += len;
        }
        let setup = yavalath::Setup { rows, to_move: PlayerId(to_move) };
        match Yavalath::from_setup(setup.clone()) {
            Ok(g) => {
                prop_assert_eq!(g.to_setup(), setup);
                // Reachable: some order of the stones (a steal first if there was one, the last
                // mover's deciding stone last) replays to exactly this position.
                prop_assert!(replays_to(&g), "{:?}", g);
            }
            Err(e) => prop_assert!(["stone-counts", "unreachable"].contains(&game_core::GameError::kind(&e))),
        }
    }

    #[test]
    fn turn_message_texts_near_valid_never_panic(
        rows in proptest::collection::vec("[0-3]{0,10}", 0..11),
        id in proptest::option::of(0u8..4),
        last in "(-?[0-9] -?[0-9])?",
    ) {
        let mut text = String::new();
        if let Some(id) = id { text.push_str(&format!("{id}\n")); }
        text.push_str("9\n");
        for r in rows { text.push_str(&r); text.push('\n'); }
        text.push_str(&last);
        if let Ok(t) = text.parse::<TurnMessage>() {
            let again: TurnMessage = t.to_string().parse().unwrap();
            prop_assert_eq!(again, t);
        }
    }

    #[test]
    fn position_texts_near_valid_never_panic(s in "([0-9xo.]{0,9}/){0,9}[0-9xo.]{0,9} [xo]") {
        if let Ok(g) = s.parse::<Yavalath>() {
            prop_assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g);
        }
    }
}
