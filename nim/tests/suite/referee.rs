//! The referee side (`doc/rules.md`, "The protocol" and "How the referee reads an answer"):
//! [`Referee`], [`turn_message`], [`parse_answer`], and whole games hosted in memory.

use game_core::referee::{Contest, FailurePolicy};
use game_core::testing::contest::{PipeSeat, host};
use game_core::{Game, GameError, PlayerId};
use nim::Nim;
use nim::protocol::{Referee, TIME_CONTROL, parse_answer, run_bot, turn_message};
use std::io::{BufRead, Write};
use std::time::Duration;

const UNREADABLE: &str = "not a number of stones (the answer is one whole number)";

#[test]
fn the_referee_starts_the_configured_game_and_defaults_to_21_and_3() {
    assert_eq!(Referee { pile: 9, max_take: 2 }.start(), Nim::new(9, 2));
    assert_eq!(Referee { pile: 9, max_take: 0 }.start().max_take, 1, "max_take is clamped to 1");
    assert_eq!(Referee::default(), Referee { pile: 21, max_take: 3 });
    assert_eq!(Referee::default().start(), Nim::default());
}

#[test]
fn the_first_turn_message_is_the_id_line_then_the_turn_line() {
    let r = Referee { pile: 21, max_take: 3 };
    let g = r.start();
    assert_eq!(r.turn_message(&g, PlayerId(0), &[], true), "0\n21 3\n");
    assert_eq!(r.turn_message(&g, PlayerId(1), &[], true), "1\n21 3\n");
    assert_eq!(r.start_message(&g, PlayerId(0)), "", "no start message");
    assert_eq!(r.end_message(&g, PlayerId(0)), "", "no end message");
}

#[test]
fn later_turn_messages_are_the_turn_line_only() {
    let r = Referee { pile: 21, max_take: 3 };
    assert_eq!(r.turn_message(&Nim::new(16, 3), PlayerId(0), &[], false), "16 3\n");
    assert_eq!(turn_message(&Nim::new(16, 3), None), "16 3\n");
    assert_eq!(turn_message(&Nim::new(16, 3), Some(PlayerId(1))), "1\n16 3\n");
}

#[test]
fn every_failure_loses_and_the_clock_is_per_answer() {
    let r = Referee::default();
    assert_eq!(r.failure_policy(), FailurePolicy::Loss);
    assert_eq!(r.time_control(), TIME_CONTROL);
}

/// What the referee makes of one answer line: the take, or the error's kind and message.
fn read(line: &[u8]) -> Result<u8, (&'static str, String)> {
    let r = Referee::default();
    r.parse_answer(&r.start(), PlayerId(0), &[line]).map(|a| a.moves[0]).map_err(|e| (e.kind, e.message))
}

#[test]
fn answer_reading_follows_u8_from_str_without_trimming() {
    for (line, take) in [(&b"3"[..], 3), (b"+3", 3), (b"03", 3), (b"003", 3), (b"0", 0), (b"255", 255)] {
        assert_eq!(read(line), Ok(take), "{:?}", String::from_utf8_lossy(line));
        assert_eq!(parse_answer(line), Ok(take));
    }
    for line in
        [&b""[..], b" 3", b"3 ", b"3\r", b"3\t", b"-1", b"3.0", b"three", "٣".as_bytes(), b"256", b"99999999999"]
    {
        assert_eq!(read(line), Err(("unreadable", UNREADABLE.into())), "{:?}", String::from_utf8_lossy(line));
        assert_eq!(parse_answer(line).unwrap_err().kind(), "unreadable");
    }
}

#[test]
fn an_answer_that_is_not_utf8_is_unreadable() {
    assert_eq!(read(b"\xff"), Err(("unreadable", UNREADABLE.into())));
    assert_eq!(read(b"3\xff"), Err(("unreadable", UNREADABLE.into())));
    assert_eq!(read(b"\xc3"), Err(("unreadable", UNREADABLE.into())), "a cut-off sequence too");
}

#[test]
fn only_the_first_line_counts_and_no_line_is_unreadable() {
    let r = Referee::default();
    let g = r.start();
    assert_eq!(r.answer_lines(&g, PlayerId(0)), 1);
    assert_eq!(r.parse_answer(&g, PlayerId(0), &[b"2", b"junk"]).unwrap().moves, [2]);
    assert_eq!(r.parse_answer(&g, PlayerId(0), &[]).unwrap_err().kind, "unreadable");
    assert!(!r.skips_line(b""), "a blank line is an answer (an unreadable one)");
}

#[test]
fn a_readable_take_the_rules_refuse_is_an_illegal_move() {
    let r = Referee { pile: 5, max_take: 3 };
    for (take, kind) in [(0, "bad-take"), (4, "bad-take")] {
        let mut g = r.start();
        let e = r.apply_turn(&mut g, PlayerId(0), &[take]).unwrap_err();
        assert_eq!(e.kind, kind);
        assert_eq!(e.message, format!("cannot take {take} stones (pile 5, at most 3 a move)"));
    }
    let mut g = Nim::new(2, 3);
    let e = r.apply_turn(&mut g, PlayerId(0), &[3]).unwrap_err();
    assert_eq!(e.message, "cannot take 3 stones (pile 2, at most 3 a move)");
}

#[test]
fn records_hold_one_take_a_line_read_like_answers() {
    let r = Referee::default();
    let g = r.start();
    assert_eq!(r.format_move(&g, 3), "3");
    assert_eq!(r.judge_line(&g, PlayerId(0), "+2").unwrap(), [2]);
    let e = r.judge_line(&g, PlayerId(0), " 2").unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), ("unreadable", UNREADABLE));
    assert_eq!(r.judge_split("1\r\n2\n3"), ["1", "2", "3"], "a record's \\r\\n end is removed whole");
}

/// A perfect bot program on the crate's bot side.
fn perfect(input: &mut dyn BufRead, output: &mut dyn Write) {
    let _ = run_bot(input, output, |g: &Nim, _, _| (g.pile % (g.max_take + 1)).max(1));
}

#[test]
fn perfect_bots_on_both_sides_of_the_protocol_win_exactly_the_won_games() {
    for (pile, winner) in [(21, 0), (20, 1), (1, 0), (8, 1)] {
        let mut a = PipeSeat::spawn(Duration::from_secs(10), perfect);
        let mut b = PipeSeat::spawn(Duration::from_secs(10), perfect);
        let game = host(&Referee { pile, max_take: 3 }, &mut [&mut a, &mut b], 1);
        assert!(game.failures.is_empty(), "{:?}", game.failures);
        assert_eq!(game.outcome.winner(), Some(PlayerId(winner)), "pile {pile}");
        assert_eq!(game.turns.iter().map(|t| t.moves[0]).sum::<u8>(), pile);
        assert!(
            game.messages[0].concat().starts_with(&format!("0\n{pile} 3\n")),
            "the id line before the first turn line"
        );
        assert!(game.state.is_over());
    }
}

#[test]
fn a_bot_writing_an_unreadable_answer_loses() {
    let mut a = PipeSeat::spawn(Duration::from_secs(10), |_: &mut dyn BufRead, out: &mut dyn Write| {
        let _ = writeln!(out, " 1");
    });
    let mut b = PipeSeat::spawn(Duration::from_secs(10), perfect);
    let game = host(&Referee::default(), &mut [&mut a, &mut b], 1);
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert_eq!(game.failures[0].kind, "unreadable");
}
