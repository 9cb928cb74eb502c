//! The bot side of the protocol (`doc/rules.md`, "The protocol" and "How the bot side reads the
//! referee"): [`Session`], [`read_start`], [`read_turn`], [`run_bot`].

use game_core::session::{Answers, BotSession};
use game_core::{PlayerId, TimeControl};
use nim::Nim;
use nim::protocol::{
    ProtocolError, Session, TIME_CONTROL, TurnMessage, format_answer, id_line, player_of_id, read_start, read_turn,
    run_bot, write_answer,
};
use std::time::Duration;

fn start(text: &[u8]) -> Result<Option<PlayerId>, ProtocolError> {
    read_start(&mut &text[..])
}

fn turn(text: &[u8]) -> Result<Option<TurnMessage>, ProtocolError> {
    read_turn(&mut &text[..])
}

#[test]
fn the_id_line_is_0_or_1_exactly() {
    assert_eq!(start(b"0\n").unwrap(), Some(PlayerId(0)));
    assert_eq!(start(b"1\n").unwrap(), Some(PlayerId(1)));
    assert_eq!(start(b"1").unwrap(), Some(PlayerId(1)), "a last line without \\n");
    assert_eq!(start(b"1\r\n").unwrap(), Some(PlayerId(1)), "the \\r of a \\r\\n end is removed");
    assert_eq!(start(b"1\r\r\n").unwrap(), Some(PlayerId(1)), "every \\r before the \\n");
    assert!(start(b"1\r \n").is_err(), "only a \\r right before the \\n");
    for bad in ["00", "+1", " 1", "1 ", "2", "", "-0", "one"] {
        let e = start(format!("{bad}\n").as_bytes()).unwrap_err();
        assert!(matches!(&e, ProtocolError::BadId(l) if l == bad), "{bad:?}: {e:?}");
        assert_eq!(e.to_string(), format!("the id line is {bad:?}, not 0 or 1"));
    }
    assert_eq!(id_line(PlayerId(1)), "1\n");
    assert_eq!(player_of_id("0"), Some(PlayerId(0)));
    assert_eq!(player_of_id("2"), None);
}

#[test]
fn the_end_of_the_input_ends_the_game() {
    assert_eq!(start(b"").unwrap(), None);
    assert_eq!(turn(b"").unwrap(), None);
    let mut out = Vec::new();
    run_bot(&b""[..], &mut out, |_: &Nim, _, _| 1).unwrap();
    run_bot(&b"0\n"[..], &mut out, |_: &Nim, _, _| 1).unwrap();
    assert!(out.is_empty());
}

#[test]
fn the_turn_line_is_two_numbers_and_one_space() {
    for (text, pile, max_take) in [("5 3", 5, 3), ("+5 3", 5, 3), ("05 003", 5, 3), ("0 255", 0, 255), ("5 3\r", 5, 3)]
    {
        assert_eq!(turn(format!("{text}\n").as_bytes()).unwrap(), Some(TurnMessage { pile, max_take }), "{text:?}");
    }
    for bad in ["", "5", "5  3", " 5 3", "5 3 ", "5 3 1", "5\t3", "5 0", "5 256", "256 3", "-5 3", "5 x"] {
        let e = turn(format!("{bad}\n").as_bytes()).unwrap_err();
        assert!(matches!(&e, ProtocolError::BadTurn(l) if l == bad), "{bad:?}: {e:?}");
        assert_eq!(e.to_string(), format!("the turn line is {bad:?}, not `pile max_take`"));
    }
    assert_eq!(TurnMessage::new(&Nim::new(21, 3)).to_string(), "21 3");
}

#[test]
fn a_line_that_is_not_utf8_is_a_reading_error() {
    assert!(matches!(start(b"\xff\n"), Err(ProtocolError::Io(_))));
    assert!(matches!(turn(b"5 \xff\n"), Err(ProtocolError::Io(_))));
}

#[test]
fn the_first_turn_line_sets_the_game_and_the_id_the_seat() {
    let mut s = Session::new(PlayerId(1));
    assert_eq!(s.me(), PlayerId(1));
    assert_eq!(s.state().max_take, 0, "unknown before the first turn line");
    s.update(TurnMessage { pile: 9, max_take: 2 }).unwrap();
    assert_eq!(*s.state(), Nim { pile: 9, max_take: 2, to_move: PlayerId(1) });
}

#[test]
fn an_unreachable_turn_line_is_an_error_and_changes_nothing() {
    let mut s = Session::new(PlayerId(0));
    s.update(TurnMessage { pile: 9, max_take: 3 }).unwrap();
    let before = s.state().to_owned();
    let e = s.update(TurnMessage { pile: 10, max_take: 3 }).unwrap_err();
    assert!(matches!(&e, ProtocolError::Unreachable { before, now } if before == "9 3" && now == "10 3"), "{e:?}");
    assert_eq!(e.to_string(), "the turn line \"10 3\" does not follow \"9 3\" (stones only go, max_take stays)");
    let e = s.update(TurnMessage { pile: 5, max_take: 2 }).unwrap_err();
    assert!(matches!(&e, ProtocolError::Unreachable { now, .. } if now == "5 2"), "{e:?}");
    assert_eq!(*s.state(), before);
    // A pile that shrank by any amount, or stayed, is accepted.
    s.update(TurnMessage { pile: 9, max_take: 3 }).unwrap();
    s.update(TurnMessage { pile: 1, max_take: 3 }).unwrap();
    assert_eq!(s.state().pile, 1);
}

#[test]
fn run_bot_plays_the_bots_takes_and_stops_at_a_bad_line() {
    let perfect = |g: &Nim, me: PlayerId, left: Duration| {
        assert_eq!(me, PlayerId(0));
        assert!(left <= Duration::from_millis(1000));
        (g.pile % (g.max_take + 1)).max(1)
    };
    let mut out = Vec::new();
    run_bot(&b"0\n21 3\n16 3\n11 3\n"[..], &mut out, perfect).unwrap();
    assert_eq!(out, b"1\n1\n3\n", "21 and 11 are won (take 1, 3), 16 is lost (take 1)");
    let mut out = Vec::new();
    assert!(matches!(run_bot(&b"0\n21 x\n"[..], &mut out, perfect), Err(ProtocolError::BadTurn(_))));
    assert!(matches!(run_bot(&b"7\n"[..], &mut out, perfect), Err(ProtocolError::BadId(_))));
    assert!(matches!(run_bot(&b"0\n5 3\n9 3\n"[..], &mut out, perfect), Err(ProtocolError::Unreachable { .. })));
    assert_eq!(out, b"1\n", "only the answer to 5 3 was written");
}

#[test]
fn the_time_control_is_1000_ms_then_200_ms_an_answer() {
    let expected = TimeControl::PerAnswer { first: Duration::from_millis(1000), later: Duration::from_millis(200) };
    assert_eq!(TIME_CONTROL, expected);
    assert_eq!(<Session as BotSession>::TIME_CONTROL, expected);
    // The id line asks for nothing: the turn line does.
    const { assert!(!<Session as BotSession>::START_ASKS) };
}

#[test]
fn an_answer_is_the_take_on_one_line() {
    assert_eq!(format_answer(3), "3");
    let mut out = Vec::new();
    write_answer(&mut out, 12).unwrap();
    assert_eq!(out, b"12\n");
    let mut out = Vec::new();
    Session::new(PlayerId(0)).write_answer(&mut out, &7).unwrap();
    assert_eq!(out, b"7\n");
    // A turn the bot left without a move is answered with one stone.
    assert_eq!(<Session as BotSession>::reply(&Nim::new(5, 3), PlayerId(0), Vec::new()), 1);
    assert_eq!(<Session as BotSession>::reply(&Nim::new(5, 3), PlayerId(0), vec![2]), 2);
}
