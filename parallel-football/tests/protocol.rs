//! The arena protocol, both ways, and parsers that never panic.

use parallel_football::protocol::{
    self, LineProblem, ProtocolError, TurnMessage, format_orders, format_placements, parse_order, parse_orders,
    parse_placements, parse_start_line, read_turn_message, start_line, turn_message,
};
use parallel_football::{Cell, Config, Field, GreedyTeam, Order, RandomTeam, play_game};
use proptest::prelude::*;

#[test]
fn start_line_is_team_p_k_width_height_max_turns() {
    let c = Config::standard(255, 46).unwrap();
    assert_eq!(start_line(&c, 3), "3 255 46 32 32 20000\n");
    assert_eq!(parse_start_line("3 255 46 32 32 20000"), Ok((3, c)));
    assert_eq!(parse_start_line("  1\t10 5 32 32 100 \r"), Ok((1, Config::new(32, 32, 10, 5, 100).unwrap())));
    assert!(matches!(parse_start_line("4 10 5 32 32 100"), Err(ProtocolError::Invalid(_))));
    assert!(matches!(parse_start_line("0 10 47 32 32 100"), Err(ProtocolError::Config(_))));
    assert!(matches!(parse_start_line("0 10 5 32 32"), Err(ProtocolError::Unreadable { .. })));
    assert!(matches!(parse_start_line("0 10 5 32 32 100 7"), Err(ProtocolError::Unreadable { .. })));
}

#[test]
fn start_answer_is_p_lines_x_y_and_bad_lines_start_on_the_home() {
    let c = Config::new(8, 8, 4, 3, 100).unwrap();
    let cells = [Cell::new(1, 2), Cell::new(7, 7), Cell::new(0, 0), Cell::new(3, 4)];
    let text = format_placements(&cells);
    assert_eq!(text, "1 2\n7 7\n0 0\n3 4\n");
    let a = parse_placements(&text, &c, 1);
    assert_eq!(a.cells, cells);
    assert!(a.problems.is_empty());
    let a = parse_placements("1 2\n8 0\nhello\n", &c, 1);
    let home = c.home(1);
    assert_eq!(a.cells, [Cell::new(1, 2), home, home, home]);
    assert_eq!(a.problems.iter().map(|p| p.line).collect::<Vec<_>>(), [1, 2, 3]);
    let a = parse_placements("1 2\n1 2\n1 2\n1 2\n1 2\n", &c, 0);
    assert_eq!(a.problems.iter().map(|p| p.line).collect::<Vec<_>>(), [4], "extra line reported");
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
    // The same through a reader, twice in a row, then the end of input.
    let twice = format!("{msg}{msg}");
    let mut reader = std::io::Cursor::new(twice.as_bytes());
    assert_eq!(read_turn_message(&mut reader, &c).unwrap(), Some(parsed.clone()));
    assert_eq!(read_turn_message(&mut reader, &c).unwrap(), Some(parsed));
    assert_eq!(read_turn_message(&mut reader, &c).unwrap(), None);
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
fn answers_are_p_lines_stay_move_or_kick() {
    let orders = [Order::Stay, Order::Move { dx: 1, dy: -1 }, Order::Kick { dx: -46, dy: 3 }];
    let text = format_orders(&orders);
    assert_eq!(text, "stay\nmove 1 -1\nkick -46 3\n");
    let a = parse_orders(&text, 3);
    assert_eq!(a.orders, orders);
    assert!(a.problems.is_empty());
    assert_eq!(parse_order(" kick\t2  -3 \r"), Ok(Order::Kick { dx: 2, dy: -3 }));
    // Legality is for the turn resolution: a long move reads fine.
    assert_eq!(parse_order("move 5 0"), Ok(Order::Move { dx: 5, dy: 0 }));
}

#[test]
fn unreadable_answer_lines_count_as_stay_and_are_reported() {
    let a = parse_orders("kick 1 1\nKICK 1 1\nmove 1\nkick 1 x\nstay please\nkick 200 0\n", 7);
    assert_eq!(a.orders[0], Order::Kick { dx: 1, dy: 1 });
    assert!(a.orders[1..].iter().all(|&o| o == Order::Stay));
    let lines: Vec<usize> = a.problems.iter().map(|p: &LineProblem| p.line).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6], "five unreadable lines and one missing");
    assert!(matches!(a.problems[5].error, ProtocolError::Missing(_)));
    let a = parse_orders("stay\nstay\nstay\n", 2);
    assert_eq!(a.problems.len(), 1, "extra lines are reported");
}

#[test]
fn a_team_program_loop_over_the_protocol_plays_like_the_library() {
    // Drive two greedy teams through the text protocol and check the game
    // matches the in-process one.
    let config = Config::new(10, 10, 2, 3, 80).unwrap();
    let (mut a, mut b) = (GreedyTeam::new(), GreedyTeam::new());
    let (mut c, mut d) = (RandomTeam::new(3), RandomTeam::new(4));
    let record = play_game(config, [&mut a, &mut b, &mut c, &mut d], 5);
    let mut field = Field::new(config, &record.starts).unwrap();
    for t in &record.turns {
        let msg = turn_message(&field);
        let seen = TurnMessage::parse(&msg, &config).unwrap().to_field(&config).unwrap();
        assert_eq!(seen, field);
        let text = format_orders(&t.orders);
        let back = parse_orders(&text, config.total_players());
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
    fn parsers_never_panic_on_arbitrary_strings(s in ".{0,200}") {
        let c = Config::new(5, 5, 2, 3, 10).unwrap();
        let _ = parse_order(&s);
        let _ = parse_start_line(&s);
        let _ = protocol::parse_cell(&s);
        let a = parse_orders(&s, 2);
        prop_assert_eq!(a.orders.len(), 2);
        let p = parse_placements(&s, &c, 3);
        prop_assert_eq!(p.cells.len(), 2);
        prop_assert!(p.cells.iter().all(|&x| c.contains(x)));
        if let Ok(m) = TurnMessage::parse(&s, &c) {
            let _ = m.to_field(&c);
        }
        let mut r = std::io::Cursor::new(s.as_bytes());
        let _ = read_turn_message(&mut r, &c);
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
        let _ = parse_orders(&s, 1);
        let _ = parse_start_line(&s);
        if let Ok(m) = TurnMessage::parse(&s, &c) {
            let _ = m.to_field(&c);
        }
    }

    #[test]
    fn orders_round_trip_through_text(kind in 0u8..3, dx in any::<i8>(), dy in any::<i8>()) {
        let o = match kind { 0 => Order::Stay, 1 => Order::Move { dx, dy }, _ => Order::Kick { dx, dy } };
        prop_assert_eq!(parse_order(&o.to_string()), Ok(o));
    }
}

#[test]
fn run_team_answers_like_the_team_itself() {
    let config = Config::new(10, 8, 3, 4, 40).unwrap();
    let (mut a, mut b) = (GreedyTeam::new(), GreedyTeam::new());
    let (mut c, mut d) = (RandomTeam::new(3), RandomTeam::new(4));
    let record = play_game(config, [&mut a, &mut b, &mut c, &mut d], 5);
    // Feed team 1's program the start line and every turn message.
    let mut input = start_line(&config, 1);
    let mut field = Field::new(config, &record.starts).unwrap();
    let mut expected = format_placements(&record.starts[3..6]);
    for t in &record.turns {
        input.push_str(&turn_message(&field));
        expected.push_str(&format_orders(&t.orders[3..6]));
        let mut alloc = parallel_football::ExplicitAllocation::new(&t.successes).unwrap();
        field.play_turn(&t.orders, &mut alloc).unwrap();
    }
    let mut out = Vec::new();
    let turns = protocol::run_team(&mut GreedyTeam::new(), &mut input.as_bytes(), &mut out).unwrap();
    assert_eq!(turns as usize, record.turns.len());
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    // Garbage in: a typed error, no panic.
    let mut out = Vec::new();
    assert!(protocol::run_team(&mut GreedyTeam::new(), &mut "0 1 2 3\n".as_bytes(), &mut out).is_err());
    assert_eq!(protocol::run_team(&mut GreedyTeam::new(), &mut "".as_bytes(), &mut out), Ok(0));
}
