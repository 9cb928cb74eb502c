//! The arena protocol, both ways, and parsers that never panic.

use game_core::bot::Bot;
use game_core::{GameError, PlayerId};
use parallel_football::protocol::{
    self, AnswerError, LineProblem, ProtocolError, Session, StartMessage, TIME_CONTROL, TurnMessage, format_answer,
    format_placements, parse_answer, parse_orders, parse_placement, parse_placements, read_start, read_turn, run_bot,
    skips_line, start_message, turn_message, write_answer, write_placements,
};
use parallel_football::{
    Cell, Config, Field, FootballMove, GreedyTeam, Order, ParallelFootball, RandomTeam, play_game,
};
use proptest::prelude::*;
use std::time::Duration;

#[test]
fn start_line_is_team_p_k_width_height_max_turns() {
    let c = Config::standard(255, 46).unwrap();
    assert_eq!(start_message(&c, PlayerId(3)), "3 255 46 32 32 20000\n");
    let parse = StartMessage::parse;
    assert_eq!(parse("3 255 46 32 32 20000"), Ok(StartMessage { team: PlayerId(3), config: c }));
    assert_eq!(parse("  1\t10 5 32 32 100 \r").map(|m| m.config), Ok(Config::new(32, 32, 10, 5, 100).unwrap()));
    assert_eq!(parse("2 1 1 4 4 9").unwrap().me(), PlayerId(2));
    assert!(matches!(parse("4 10 5 32 32 100"), Err(ProtocolError::Invalid(_))));
    assert!(matches!(parse("0 10 47 32 32 100"), Err(ProtocolError::Config(_))));
    assert!(matches!(parse("0 10 5 32 32"), Err(ProtocolError::Unreadable { .. })));
    assert!(matches!(parse("0 10 5 32 32 100 7"), Err(ProtocolError::Unreadable { .. })));
}

#[test]
fn time_control_is_1000_ms_for_the_start_answer_and_200_ms_per_turn() {
    let mut clock = game_core::Clock::new(TIME_CONTROL);
    assert_eq!(clock.start_answer(), Duration::from_millis(1000));
    clock.end_answer(Duration::from_millis(999));
    assert_eq!(clock.start_answer(), Duration::from_millis(200));
    clock.end_answer(Duration::from_millis(1));
    assert_eq!(clock.start_answer(), Duration::from_millis(200));
}

#[test]
fn read_start_refuses_malformed_start_lines_with_typed_errors() {
    let read = |bytes: &[u8]| read_start(&mut &bytes[..]);
    assert_eq!(read(b"1 2 3 8 8 50\r\nrest").unwrap().team, PlayerId(1));
    let kind = |bytes: &[u8]| read(bytes).unwrap_err().kind();
    assert_eq!(kind(b""), "missing-line");
    assert_eq!(kind(b"1 2 3\n"), "unreadable-line");
    assert_eq!(kind(b"1 2 x 8 8 50\n"), "unreadable-line");
    assert_eq!(kind(b"1 +2 3 8 8 50\n"), "unreadable-line");
    assert_eq!(kind(b"1 2 3 8 8 50 \xff\n"), "unreadable-line", "not UTF-8");
    assert_eq!(kind(b"9 2 3 8 8 50\n"), "invalid-message");
    assert_eq!(kind(b"1 0 3 8 8 50\n"), "invalid-config", "no footballer");
    assert_eq!(kind(b"1 2 3 1 8 50\n"), "invalid-config", "grid too small");
}

#[test]
fn read_turn_refuses_malformed_turn_messages_with_typed_errors() {
    let c = Config::new(4, 4, 1, 2, 9).unwrap();
    let msg = turn_message(&Field::new(c, &[Cell::new(1, 1); 4]).unwrap());
    let read = |text: &[u8]| read_turn(&mut &text[..], &c);
    assert!(read(msg.as_bytes()).unwrap().is_some());
    assert_eq!(read(b""), Ok(None), "the end of the input ends the game");
    let kind = |text: &[u8]| read(text).unwrap_err().kind();
    assert_eq!(kind(&msg.as_bytes()[..msg.len() - 6]), "missing-line", "input ends inside a message");
    assert_eq!(kind(msg.replacen("0 1 1", "0 1", 1).as_bytes()), "unreadable-line");
    assert_eq!(kind(msg.replacen("0 1 1", "0 1 \u{e9}", 1).as_bytes()), "unreadable-line");
    let mut bad = msg.clone().into_bytes();
    bad[2] = 0xfe;
    assert_eq!(kind(&bad), "unreadable-line", "not UTF-8");
    assert_eq!(kind(msg.replacen("0 1 1", "5 1 1", 1).as_bytes()), "invalid-message", "team above 3");
    assert_eq!(kind(msg.replacen("0 1 1", "0 4 1", 1).as_bytes()), "invalid-message", "player off the grid");
    assert_eq!(kind(msg.replacen("\n12\n", "\n17\n", 1).as_bytes()), "invalid-message", "more ball lines than cells");
    assert_eq!(kind(msg.replacen("\n12\n", "\n-1\n", 1).as_bytes()), "unreadable-line");
    // Readable, but the session cannot build a field from it.
    let mut session = Session::new(StartMessage { team: PlayerId(2), config: c }).unwrap();
    let swapped = read(msg.replacen("0 1 1\n1 1 1", "1 1 1\n0 1 1", 1).as_bytes()).unwrap().unwrap();
    assert_eq!(session.update(&swapped).unwrap_err().kind(), "invalid-message");
    assert!(session.state().in_placement(), "a refused message leaves the session unchanged");
    let zero = read(msg.replacen("1 0 0 0 0 12", "0 0 0 0 0 12", 1).as_bytes()).unwrap().unwrap();
    assert_eq!(session.update(&zero).unwrap_err().kind(), "invalid-message");
    let late = read(msg.replacen("1 0 0 0 0 12", "11 0 0 0 0 12", 1).as_bytes()).unwrap().unwrap();
    assert_eq!(session.update(&late).unwrap_err().kind(), "invalid-field", "past the turn limit");
    session.update(&read(msg.as_bytes()).unwrap().unwrap()).unwrap();
    assert!(!session.state().in_placement());
    assert_eq!(session.me(), PlayerId(2));
}

#[test]
fn start_answer_is_p_lines_x_y_and_bad_lines_start_on_the_home() {
    let c = Config::new(8, 8, 4, 3, 100).unwrap();
    let cells = [Cell::new(1, 2), Cell::new(7, 7), Cell::new(0, 0), Cell::new(3, 4)];
    let text = format_placements(&cells);
    assert_eq!(text, "1 2\n7 7\n0 0\n3 4");
    let mut written = Vec::new();
    write_placements(&mut written, &cells).unwrap();
    assert_eq!(written, b"1 2\n7 7\n0 0\n3 4\n");
    let a = parse_placements(text.lines(), &c, PlayerId(1)).unwrap();
    assert_eq!(a.cells, cells);
    assert!(a.problems.is_empty());
    let a = parse_placements("1 2\n8 0\nhello".lines(), &c, PlayerId(1)).unwrap();
    let home = c.home(PlayerId(1));
    assert_eq!(a.cells, [Cell::new(1, 2), home, home, home]);
    let kinds: Vec<(usize, &str)> = a.problems.iter().map(|p| (p.line, p.error.kind())).collect();
    assert_eq!(kinds, [(1, "off-grid"), (2, "unreadable-line"), (3, "missing-line")]);
    let a = parse_placements(["1 2", "1 2", "1 2", "1 2", "", "1 2"], &c, PlayerId(0)).unwrap();
    let kinds: Vec<(usize, &str)> = a.problems.iter().map(|p| (p.line, p.error.kind())).collect();
    assert_eq!(kinds, [(5, "extra-line")], "a non-blank extra line is reported, a blank one is not");
    assert_eq!(parse_placement(&c, b" 7\t0 \r"), Ok(Cell::new(7, 0)));
    assert_eq!(parse_placement(&c, b"8 0"), Err(AnswerError::OffGrid { x: 8, y: 0 }));
    assert_eq!(parse_placement(&c, b"1 \xff").unwrap_err().kind(), "unreadable-line");
    assert_eq!(parse_placement(&c, b"256 0").unwrap_err().kind(), "unreadable-line");
}

#[test]
fn turn_message_lists_scores_players_team_by_team_and_ball_cells() {
    let c = Config::new(4, 4, 2, 2, 9).unwrap();
    let starts = [(0, 0), (1, 1), (3, 0), (2, 1), (3, 3), (2, 2), (0, 3), (1, 2)].map(|(x, y)| Cell::new(x, y));
    let mut field = Field::new(c, &starts).unwrap();
    field
        .play_turn(
            &[
                Order::Stay,
                Order::Kick { dx: -1, dy: -1 },
                Order::Stay,
                Order::Stay,
                Order::Stay,
                Order::Kick { dx: 1, dy: 0 },
                Order::Stay,
                Order::Stay,
            ],
            &mut game_core::rng::seeded(0),
        )
        .unwrap();
    let msg = turn_message(&field);
    // Player 1 kicked into home (0, 0); player 5 kicked (2, 2) -> (3, 2).
    let expected = "2 1 0 0 0 11\n\
                    0 0 0\n0 1 1\n1 3 0\n1 2 1\n2 3 3\n2 2 2\n3 0 3\n3 1 2\n\
                    10\n\
                    1 0 1\n2 0 1\n0 1 1\n2 1 1\n3 1 1\n0 2 1\n1 2 1\n3 2 2\n1 3 1\n2 3 1\n";
    assert_eq!(msg, expected);
    let parsed = TurnMessage::parse(&msg, &c).unwrap();
    assert_eq!(parsed.turn, 2);
    assert_eq!(parsed.scores, [1, 0, 0, 0]);
    assert_eq!(parsed.to_field(&c).unwrap(), field);
    // The same through a reader, twice in a row (with `\r\n` endings the
    // second time), then the end of input.
    let twice = format!("{msg}{}", msg.replace('\n', "\r\n"));
    let mut reader = std::io::Cursor::new(twice.as_bytes());
    assert_eq!(read_turn(&mut reader, &c).unwrap(), Some(parsed.clone()));
    assert_eq!(read_turn(&mut reader, &c).unwrap(), Some(parsed));
    assert_eq!(read_turn(&mut reader, &c).unwrap(), None);
}

#[test]
fn inconsistent_turn_messages_are_refused() {
    let c = Config::new(4, 4, 1, 2, 9).unwrap();
    let field = Field::new(c, &[Cell::new(1, 1); 4]).unwrap();
    let msg = turn_message(&field);
    let bad_total = msg.replacen("1 0 0 0 0 12", "1 0 0 0 0 13", 1);
    assert!(TurnMessage::parse(&bad_total, &c).unwrap().to_field(&c).is_err());
    let swapped_teams = msg.replacen("0 1 1\n1 1 1", "1 1 1\n0 1 1", 1);
    assert!(TurnMessage::parse(&swapped_teams, &c).unwrap().to_field(&c).is_err());
    let truncated = &msg[..msg.len() - 6];
    assert!(TurnMessage::parse(truncated, &c).is_err());
    assert!(TurnMessage::parse("", &c).is_err());
}

#[test]
fn ball_lines_are_at_most_one_per_cell_each_with_a_ball() {
    // 3 x 2, one footballer a team: the four corners are homes, (1, 0) and
    // (1, 1) may hold balls.
    let c = Config::new(3, 2, 1, 1, 9).unwrap();
    let message = |balls_left: u32, lines: &[&str]| {
        let mut m = format!("1 0 0 0 0 {balls_left}\n0 1 0\n1 1 0\n2 1 1\n3 1 1\n{}\n", lines.len());
        for l in lines {
            m.push_str(l);
            m.push('\n');
        }
        m
    };
    let field = |m: &str| TurnMessage::parse(m, &c).unwrap().to_field(&c);
    assert!(field(&message(3, &["1 0 1", "1 1 2"])).is_ok());
    let twice = ProtocolError::Invalid("a cell listed twice or with no ball");
    assert_eq!(field(&message(2, &["1 0 1", "1 0 1"])), Err(twice.clone()), "a cell listed twice");
    assert_eq!(field(&message(1, &["1 0 1", "1 1 0"])), Err(twice), "a cell listed with no ball");
    // As many lines as cells read (the field then refuses the homes' balls); one more does not.
    let every = ["0 0 1", "1 0 1", "2 0 1", "0 1 1", "1 1 1", "2 1 1"];
    assert!(TurnMessage::parse(&message(6, &every), &c).is_ok());
    let seven = [&every[..], &["1 0 1"]].concat();
    assert_eq!(TurnMessage::parse(&message(7, &seven), &c), Err(ProtocolError::Invalid("more ball lines than cells")));
}

#[test]
fn answers_are_p_lines_stay_move_or_kick() {
    let orders = [Order::Stay, Order::Move { dx: 1, dy: -1 }, Order::Kick { dx: -46, dy: 3 }];
    let text = format_answer(&orders);
    assert_eq!(text, "stay\nmove 1 -1\nkick -46 3");
    let mut written = Vec::new();
    write_answer(&mut written, &orders).unwrap();
    assert_eq!(written, b"stay\nmove 1 -1\nkick -46 3\n");
    let a = parse_orders(text.lines(), 3);
    assert_eq!(a.orders, orders);
    assert!(a.problems.is_empty());
    // Legality is for the turn resolution: a long move reads fine.
    assert_eq!(parse_answer(b"move 5 0"), Ok(Order::Move { dx: 5, dy: 0 }));
    assert_eq!(parse_answer(b"kick -128 127"), Ok(Order::Kick { dx: -128, dy: 127 }));
}

#[test]
fn numbers_are_plain_decimal_of_at_most_12_characters() {
    // Leading zeros are plain decimal: twelve characters read, thirteen do not.
    assert_eq!(parse_answer(b"move 000000000001 -00000000001"), Ok(Order::Move { dx: 1, dy: -1 }));
    assert!(parse_answer(b"move 0000000000001 0").is_err(), "13 characters");
    assert!(parse_answer(b"move 0 -000000000001").is_err(), "13 characters with the sign");
    assert!(parse_answer(b"move +1 0").is_err(), "no +");
    let c = Config::new(6, 6, 1, 2, 10).unwrap();
    assert_eq!(parse_placement(&c, b"000000000002 000000000003"), Ok(Cell::new(2, 3)));
    assert!(parse_placement(&c, b"0000000000002 3").is_err(), "13 characters");
}

#[test]
fn answer_lines_are_raw_bytes_read_with_any_ascii_whitespace_and_a_trailing_cr() {
    assert_eq!(parse_answer(b" kick\t2  -3 \r"), Ok(Order::Kick { dx: 2, dy: -3 }));
    assert_eq!(parse_answer(b"stay\r"), Ok(Order::Stay));
    assert_eq!(parse_answer(b"  move   -1 1  "), Ok(Order::Move { dx: -1, dy: 1 }));
    assert_eq!(parse_answer(b"\x0cstay\x0c"), Ok(Order::Stay), "a form feed separates tokens");
    for unreadable in [
        &b"st\xffay"[..],
        b"\xff",
        b"stay\xc2\xa0", // a UTF-8 no-break space is not ASCII whitespace
        b"\xefstay",     // truncated UTF-8 sequence
        b"",             // an empty line is unreadable: that footballer stays
        b"\r",
        b"STAY",
        b"kick +1 0",
        b"kick 1 0 0",
        b"move 128 0",
        b"move 1.0 0",
        b"stay stay",
        b"kick\x001 0",
        b"\x0bstay", // a vertical tab does not separate tokens
    ] {
        let e = parse_answer(unreadable).unwrap_err();
        assert_eq!(e.kind(), "unreadable-line", "{unreadable:?}");
        assert!(matches!(e, AnswerError::Unreadable { .. }));
    }
    // Every line is one footballer's: none is skipped.
    assert!(!skips_line(b"") && !skips_line(b"  \r") && !skips_line(b"stay"));
}

#[test]
fn unreadable_answer_lines_count_as_stay_and_are_reported() {
    let a = parse_orders("kick 1 1\nKICK 1 1\nmove 1\nkick 1 x\nstay please\nkick 200 0".lines(), 7);
    assert_eq!(a.orders[0], Order::Kick { dx: 1, dy: 1 });
    assert!(a.orders[1..].iter().all(|&o| o == Order::Stay));
    let lines: Vec<usize> = a.problems.iter().map(|p: &LineProblem| p.line).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6], "five unreadable lines and one missing");
    assert!(matches!(a.problems[5].error, AnswerError::Missing(_)));
    let a = parse_orders([&b"stay"[..], b"\xffkick 1 1", b"move 1 0\r"], 3);
    assert_eq!(a.orders, [Order::Stay, Order::Stay, Order::Move { dx: 1, dy: 0 }]);
    assert_eq!(a.problems.len(), 1, "the non-UTF-8 line");
    let a = parse_orders(["stay", "stay", "stay"], 2);
    assert_eq!(a.problems.iter().map(|p| p.error.kind()).collect::<Vec<_>>(), ["extra-line"]);
}

#[test]
fn a_team_program_loop_over_the_protocol_plays_like_the_library() {
    // Drive the text protocol over a real game and check it matches the
    // in-process one.
    let config = Config::new(10, 10, 2, 3, 80).unwrap();
    let (mut a, mut b) = (GreedyTeam::new(), GreedyTeam::new());
    let (mut c, mut d) = (RandomTeam::new(3), RandomTeam::new(4));
    let record = play_game(config, [&mut a, &mut b, &mut c, &mut d], 5);
    let mut field = Field::new(config, &record.starts).unwrap();
    for t in &record.turns {
        let msg = turn_message(&field);
        let seen = TurnMessage::parse(&msg, &config).unwrap().to_field(&config).unwrap();
        assert_eq!(seen, field);
        let text = format_answer(&t.orders);
        let back = parse_orders(text.lines(), config.total_players());
        assert_eq!(back.orders, t.orders);
        let mut alloc = parallel_football::ExplicitAllocation::new(&t.successes).unwrap();
        field.play_turn(&back.orders, &mut alloc).unwrap();
    }
    assert_eq!(field.scores(), record.scores);
    let _ = protocol::write_turn_message;
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let c = Config::new(5, 5, 2, 3, 10).unwrap();
        let _ = parse_answer(&bytes);
        let _ = parse_placement(&c, &bytes);
        let _ = read_start(&mut &bytes[..]);
        let lines: Vec<&[u8]> = bytes.split(|&b| b == b'\n').collect();
        let a = parse_orders(&lines, 2);
        prop_assert_eq!(a.orders.len(), 2);
        let p = parse_placements(&lines, &c, PlayerId(3)).unwrap();
        prop_assert_eq!(p.cells.len(), 2);
        prop_assert!(p.cells.iter().all(|&x| c.contains(x)));
        if let Ok(Some(m)) = read_turn(&mut &bytes[..], &c) {
            let _ = m.to_field(&c);
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_strings(s in ".{0,200}") {
        let c = Config::new(5, 5, 2, 3, 10).unwrap();
        let _ = StartMessage::parse(&s);
        if let Ok(m) = TurnMessage::parse(&s, &c) {
            let _ = m.to_field(&c);
        }
        let _ = run_bot(s.as_bytes(), std::io::sink(), |st, me, _| GreedyTeam::new().turn(st, me));
    }

    #[test]
    fn parsers_never_panic_on_protocol_shaped_junk(
        words in proptest::collection::vec(
            prop_oneof![
                Just("stay".to_string()), Just("move".to_string()), Just("kick".to_string()),
                Just("\n".to_string()), Just("-".to_string()),
                any::<i64>().prop_map(|v| v.to_string()), (0u32..40).prop_map(|v| v.to_string()),
            ],
            0..60,
        )
    ) {
        let s = words.join(" ");
        let c = Config::new(4, 4, 1, 3, 10).unwrap();
        let _ = parse_orders(s.lines(), 1);
        let _ = StartMessage::parse(&s);
        if let Ok(m) = TurnMessage::parse(&s, &c) {
            let _ = m.to_field(&c);
        }
        let _ = run_bot(format!("0 1 3 4 4 10\n{s}").as_bytes(), std::io::sink(), |st, me, _| {
            RandomTeam::new(1).turn(st, me)
        });
    }

    #[test]
    fn orders_round_trip_through_text(kind in 0u8..3, dx in any::<i8>(), dy in any::<i8>()) {
        let o = match kind { 0 => Order::Stay, 1 => Order::Move { dx, dy }, _ => Order::Kick { dx, dy } };
        prop_assert_eq!(parse_answer(o.to_string().as_bytes()), Ok(o));
        prop_assert_eq!(parse_answer(format_answer(&[o]).as_bytes()), Ok(o));
    }
}

/// The referee's transcript for `team` over a real game, written with the
/// crate's referee-side writers: the start line, then every turn message.
/// Also returns the answers the team must give (placements then orders, as
/// the in-process game played them) and the number of turns.
fn transcript(config: Config, team: u8, seed: u64) -> (String, String, usize) {
    let mut teams: [Box<dyn Bot<ParallelFootball>>; 4] = [
        Box::new(GreedyTeam::new()),
        Box::new(GreedyTeam::new()),
        Box::new(RandomTeam::new(3)),
        Box::new(RandomTeam::new(4)),
    ];
    let [a, b, c, d] = &mut teams;
    let record = play_game(config, [a.as_mut(), b.as_mut(), c.as_mut(), d.as_mut()], seed);
    let p = usize::from(config.players);
    let mine = usize::from(team) * p..usize::from(team) * p + p;
    let mut input = start_message(&config, PlayerId(team));
    let mut expected = format_placements(&record.starts[mine.clone()]) + "\n";
    let mut field = Field::new(config, &record.starts).unwrap();
    for t in &record.turns {
        input.push_str(&turn_message(&field));
        expected.push_str(&format_answer(&t.orders[mine.clone()]));
        expected.push('\n');
        let mut alloc = parallel_football::ExplicitAllocation::new(&t.successes).unwrap();
        field.play_turn(&t.orders, &mut alloc).unwrap();
    }
    (input, expected, record.turns.len())
}

#[test]
fn run_bot_answers_exactly_what_the_team_computes() {
    let config = Config::new(10, 8, 3, 4, 40).unwrap();
    for (team, seed) in [(1, 5), (0, 6)] {
        let (input, expected, turns) = transcript(config, team, seed);
        assert!(turns > 5, "a real game of several turns");
        let mut out = Vec::new();
        let mut greedy = GreedyTeam::new();
        let mut calls = Vec::new();
        run_bot(input.as_bytes(), &mut out, |state, me, left| {
            calls.push((state.in_placement(), me, left));
            greedy.turn(state, me)
        })
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        // Placement first, then one call per turn, always as our team, with
        // the time of this answer's limit.
        assert_eq!(calls.len(), turns + 1);
        assert!(calls[0].0 && calls[1..].iter().all(|c| !c.0));
        assert!(calls.iter().all(|c| c.1 == PlayerId(team)));
        assert!(calls[0].2 > Duration::from_millis(900) && calls[0].2 <= Duration::from_millis(1000));
        assert!(calls[1..].iter().all(|c| c.2 <= Duration::from_millis(200)));
        assert!(calls[1].2 > Duration::from_millis(100));
    }
}

#[test]
fn run_bot_writes_exactly_p_lines_whatever_the_bot_returns() {
    let config = Config::new(6, 6, 3, 2, 10).unwrap();
    let field = Field::new(config, &[Cell::new(2, 2); 12]).unwrap();
    let input = start_message(&config, PlayerId(2)) + &turn_message(&field) + &turn_message(&field);
    let mut out = Vec::new();
    let mut n = 0;
    run_bot(input.as_bytes(), &mut out, |_, _, _| {
        n += 1;
        match n {
            // Too few placements, and one of the wrong kind.
            1 => vec![FootballMove::Place(Cell::new(1, 1)), FootballMove::Order(Order::Stay)],
            // Too many orders.
            2 => vec![FootballMove::Order(Order::Kick { dx: 1, dy: 0 }); 5],
            // Placements during a turn.
            _ => vec![FootballMove::Place(Cell::new(0, 0))],
        }
    })
    .unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "1 1\n5 5\n5 5\nkick 1 0\nkick 1 0\nkick 1 0\nstay\nstay\nstay\n");
}

#[test]
fn run_bot_ends_cleanly_at_eof_and_refuses_garbage_with_typed_errors() {
    let greedy = |st: &ParallelFootball, me| GreedyTeam::new().turn(st, me);
    let run = |input: &[u8]| run_bot(input, std::io::sink(), |st, me, _| greedy(st, me));
    assert_eq!(run(b""), Ok(()), "no game at all");
    assert_eq!(run(b"0 1 2 4 4 10\n"), Ok(()), "the input ends after the start line");
    assert_eq!(run(b"0 1 2 3\n").unwrap_err().kind(), "unreadable-line");
    assert_eq!(run(b"0 1 2 4 4 10\n1 0 0 0 0 12\n0 1").unwrap_err().kind(), "unreadable-line");
    assert_eq!(run(b"0 1 2 4 4 10\n1 0 0 0 0 12\n").unwrap_err().kind(), "missing-line");
    assert_eq!(run(b"\xff\n").unwrap_err().kind(), "unreadable-line");
    // A write error is reported, not a panic.
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("closed"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let e = run_bot(&b"0 1 2 4 4 10\n"[..], Broken, |st, me, _| greedy(st, me)).unwrap_err();
    assert_eq!(e.kind(), "io");
}

#[test]
fn an_unreadable_lines_error_quotes_its_first_80_characters() {
    let short = "0 1 2 x";
    match StartMessage::parse(short) {
        Err(ProtocolError::Unreadable { line, .. }) => assert_eq!(line, short),
        other => panic!("{other:?}"),
    }
    let long = format!("0 1 2 {}", "9".repeat(100));
    match StartMessage::parse(&long) {
        Err(ProtocolError::Unreadable { line, .. }) => assert_eq!(line, long[..80]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_last_line_without_its_newline_is_read_whole() {
    let start = read_start(&mut &b"2 3 4 9 7 100"[..]).unwrap();
    assert_eq!((start.team, start.config), (PlayerId(2), Config::new(9, 7, 3, 4, 100).unwrap()));
    let start = read_start(&mut &b"2 3 4 9 7 100\n"[..]).unwrap();
    assert_eq!(start.config.max_turns, 100);
}

#[test]
fn a_session_keeps_the_start_lines_configuration_and_team() {
    let start = StartMessage::parse("1 2 3 8 6 50").unwrap();
    let session = Session::new(start).unwrap();
    assert_eq!(*session.config(), Config::new(8, 6, 2, 3, 50).unwrap());
    assert_eq!(session.me(), PlayerId(1));
    assert_eq!(session.state().config(), *session.config());
}

/// Protocol I/O errors keep the `std::io::ErrorKind` of the failure.
#[test]
fn a_protocol_io_error_keeps_its_io_error_kind() {
    let e =
        parallel_football::protocol::ProtocolError::from(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "gone"));
    assert!(
        matches!(e, parallel_football::protocol::ProtocolError::Io { kind: std::io::ErrorKind::BrokenPipe, .. }),
        "{e:?}"
    );
    assert_eq!(game_core::GameError::kind(&e), "io");
}
