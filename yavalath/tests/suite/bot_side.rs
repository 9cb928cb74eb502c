//! The bot side of the protocol: reading turns, the session, answers and the bot loop.

use crate::common;
use common::*;
use game_core::{Game, GameError, PlayerId, SeatError};
use std::time::Duration;
use yavalath::protocol::{
    Answer, ProtocolError, Session, TurnMessage, format_answer, parse_answer, read_turn, run_bot, skips_line,
    start_message, turn_message, write_answer,
};
use yavalath::{Cell, Yavalath};

/// Each player's input along a game (as the referee writes it), and the states each one saw.
fn streams(moves: &[Cell]) -> ([String; 2], [Vec<Yavalath>; 2]) {
    let mut g = Yavalath::new();
    let (mut text, mut seen) = ([String::new(), String::new()], [Vec::new(), Vec::new()]);
    let mut last = None;
    for &m in moves {
        let Some(p) = g.to_move() else { break };
        text[p.index()].push_str(&turn_message(&g, last).unwrap());
        seen[p.index()].push(g);
        g.play(p, m).unwrap();
        last = Some(m);
    }
    (text, seen)
}

#[test]
fn run_bot_rebuilds_every_position_steal_included_and_remembers_the_id() {
    let moves = cells(&[(4, 4), (4, 4), (0, 0), (8, 4), (2, 8), (1, 1), (0, 4)]);
    let (text, seen) = streams(&moves);
    for p in 0..2 {
        let mut turn = 0;
        let mut output = Vec::new();
        run_bot(text[p].as_bytes(), &mut output, |g, me, _left| {
            assert_eq!(me, PlayerId(p as u8), "turn {turn}");
            assert_eq!(*g, seen[p][turn], "turn {turn}");
            let cell = moves[2 * turn + p];
            turn += 1;
            Answer::from(cell)
        })
        .unwrap();
        assert_eq!(turn, seen[p].len());
        let expected: String = (0..turn).map(|t| format!("{}\n", moves[2 * t + p])).collect();
        assert_eq!(String::from_utf8(output).unwrap(), expected);
    }
    // The second player was offered the steal, and the first then saw a stolen game.
    assert!(seen[1][0].can_steal());
    assert!(seen[0][1].stolen());
}

#[test]
fn run_bot_gives_1000_ms_for_the_first_answer_and_100_ms_after() {
    let (text, _) = streams(&cells(&[(0, 0), (8, 4), (2, 8), (4, 0)]));
    let mut left = Vec::new();
    run_bot(text[0].as_bytes(), std::io::sink(), |g, _, t| {
        left.push(t);
        Answer::from(g.legal().first().unwrap())
    })
    .unwrap();
    assert_eq!(left.len(), 2);
    assert!(left[0] <= Duration::from_millis(1000) && left[0] > Duration::from_millis(900), "{left:?}");
    assert!(left[1] <= Duration::from_millis(100) && left[1] > Duration::from_millis(50), "{left:?}");
}

#[test]
fn run_bot_returns_cleanly_at_the_end_of_the_input() {
    let mut calls = 0;
    run_bot(&b""[..], std::io::sink(), |_, _, _| {
        calls += 1;
        Answer::from(Cell::CENTER)
    })
    .unwrap();
    assert_eq!(calls, 0);
}

#[test]
fn run_bot_reports_bad_input_as_a_typed_error() {
    let e = run_bot(&b"1\n9\n\xff\n"[..], std::io::sink(), |_, _, _| Answer::from(Cell::CENTER)).unwrap_err();
    assert!(matches!(e, ProtocolError::BadInput { line: 3, .. }), "{e:?}");
    assert_eq!(e.kind(), "bad-input");
}

#[test]
fn a_first_turn_without_an_id_line_is_an_error() {
    let g = Yavalath::replay(&cells(&[(0, 0), (4, 4)])).unwrap();
    let later = TurnMessage::new(&g, Some(cell(4, 4))).unwrap();
    assert_eq!(later.my_id, None);
    let e = Session::new(later).unwrap_err();
    assert!(matches!(e, ProtocolError::MissingId));
    assert_eq!(e.kind(), "missing-id");
}

#[test]
fn a_session_refuses_a_changed_id_a_finished_game_and_a_wrong_last_move_and_stays_unchanged() {
    let g = Yavalath::replay(&cells(&[(0, 0)])).unwrap();
    let mut s = Session::new(TurnMessage::new(&g, Some(cell(0, 0))).unwrap()).unwrap();
    let before = s.clone();
    let mut t = TurnMessage::new(&g, Some(cell(0, 0))).unwrap();
    t.my_id = Some(1);
    assert!(matches!(s.update(&t), Err(ProtocolError::IdChanged { first: 2, now: 1 })));
    t.my_id = None;
    t.last_move = Some(cell(1, 1));
    assert!(matches!(s.update(&t), Err(ProtocolError::LastMoveNotOpponent(_))));
    t.last_move = None;
    assert!(matches!(s.update(&t), Err(ProtocolError::MissingLastMove)));
    // Stones no game reaches with the second player to move.
    t.last_move = Some(cell(0, 0));
    t.mine.insert(cell(2, 2));
    t.mine.insert(cell(6, 6));
    assert!(matches!(s.update(&t), Err(ProtocolError::Position(_))));
    // A position that is over: the first player made a three.
    let over = play_for(0, &cells(&[(0, 4), (2, 4), (1, 4)]));
    assert!(over.end().is_some());
    let t_over = TurnMessage {
        my_id: None,
        mine: over.stones(PlayerId(1)),
        theirs: over.stones(PlayerId(0)),
        last_move: Some(cell(1, 4)),
    };
    assert!(matches!(s.update(&t_over), Err(ProtocolError::Seat(SeatError::GameOver))));
    assert_eq!(s, before);
    // The same id again is accepted.
    t = TurnMessage::new(&g, Some(cell(0, 0))).unwrap();
    s.update(&t).unwrap();
    assert_eq!(s, before);
}

#[test]
fn read_turn_reads_crlf_and_a_last_line_without_newline_and_refuses_non_utf8() {
    let text = turn_message(&Yavalath::new(), None).unwrap();
    let crlf = text.replace('\n', "\r\n");
    let mut input = crlf.as_bytes();
    assert_eq!(read_turn(&mut input).unwrap().unwrap().my_id, Some(1));
    let cut = text.trim_end();
    let mut input = cut.as_bytes();
    assert!(read_turn(&mut input).unwrap().is_some());
    assert!(read_turn(&mut input).unwrap().is_none());
    let mut input = &b"9\n0000\xc0\n"[..];
    assert!(matches!(read_turn(&mut input), Err(ProtocolError::BadInput { line: 2, .. })));
}

#[test]
fn answers_are_one_line_and_read_back() {
    assert_eq!(format_answer(cell(3, 7), Some("two\nlines\r")), "3 7 two lines ");
    assert_eq!(format_answer(cell(3, 7), Some("")), "3 7");
    let mut out = Vec::new();
    write_answer(&mut out, cell(3, 7), Some("a b/c")).unwrap();
    assert_eq!(out, b"3 7 a b/c\n");
    let back = parse_answer(&out[..out.len() - 1]).unwrap();
    assert_eq!(back, Answer::from(cell(3, 7)).with_message("a b/c"));
    assert_eq!(Answer::new(cell(3, 7)).with_message(""), Answer::from(cell(3, 7)));
}

#[test]
fn nothing_is_sent_before_the_first_turn_and_no_output_line_is_skipped() {
    assert_eq!(start_message(), "");
    assert!(!skips_line(b""));
    assert!(!skips_line(b"   "));
    assert!(!skips_line(b"4 4"));
}
