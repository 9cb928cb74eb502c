//! The arena protocol: messages both ways, answers, records, and the bot
//! side (`read_start`, `read_turn`, `Session`, `run_bot`).

use game_core::rng::{GameRng, below, seeded};
use game_core::{Game, GameError, PlayerId, TimeControl};
use paper_soccer::protocol::{self, ProtocolError, Session, StartMessage, TurnMessage};
use paper_soccer::{Dir, PaperSoccer, Point, Turn, TurnError};
use std::time::Duration;

fn turn(text: &str) -> Turn {
    text.parse().unwrap()
}

/// A random whole turn, one random legal step at a time.
fn random_turn(b: &PaperSoccer, rng: &mut GameRng) -> Turn {
    let mut c = *b;
    let mut steps = Vec::new();
    let p = c.to_move();
    while !c.is_over() && c.to_move() == p {
        let dirs: Vec<Dir> = c.legal_dirs().iter().collect();
        let d = dirs[below(rng, dirs.len())];
        c.step(d);
        steps.push(d);
    }
    Turn::new(steps).unwrap()
}

/// After `0` (player 0) and `2` (player 1) player 0 is on (5,4): `5`
/// bounces on the centre, `6` then reaches a fresh point.
fn position_where_56_is_legal() -> PaperSoccer {
    let mut g = PaperSoccer::default();
    g.play_turn("0").unwrap();
    g.play_turn("2").unwrap();
    assert_eq!(g.ball(), Point::new(5, 4));
    g
}

#[test]
fn first_line_is_the_bot_id_0_attacking_top_or_1() {
    assert_eq!(protocol::start_message(PlayerId(0)), "0\n");
    assert_eq!(protocol::start_message(PlayerId(1)), "1\n");
    assert_eq!(protocol::read_start(&mut "0\n".as_bytes()), Ok(StartMessage { me: PlayerId(0) }));
    assert_eq!(protocol::read_start(&mut "1\r\n".as_bytes()), Ok(StartMessage { me: PlayerId(1) }));
    assert_eq!(protocol::read_start(&mut "1".as_bytes()), Ok(StartMessage { me: PlayerId(1) }));
    assert_eq!(PaperSoccer::goal_attacked(PlayerId(0)), Some(paper_soccer::Goal::Top));
}

#[test]
fn a_malformed_id_line_is_a_typed_error() {
    for bad in ["2\n", "0 \n", " 0\n", "\n", "01\n", "-\n", "0\r\r\n"] {
        let e = protocol::read_start(&mut bad.as_bytes()).unwrap_err();
        assert!(matches!(e, ProtocolError::BadId(_)), "{bad:?}: {e:?}");
        assert_eq!(e.kind(), "bad-id");
    }
    // game-core's one line reader: a line that is not UTF-8 text is refused as such.
    assert_eq!(protocol::read_start(&mut &b"\xff\n"[..]), Err(ProtocolError::NotText("the id line")));
    assert_eq!(protocol::read_start(&mut "".as_bytes()), Err(ProtocolError::UnexpectedEnd("the id line")));
}

#[test]
fn a_bad_message_error_quotes_what_was_read_cut_to_32_or_64_characters() {
    assert_eq!(protocol::read_start(&mut "2\n".as_bytes()), Err(ProtocolError::BadId("2".into())));
    let long = "7".repeat(100);
    assert_eq!(protocol::read_start(&mut format!("{long}\n").as_bytes()), Err(ProtocolError::BadId("7".repeat(32))));
    assert_eq!(protocol::read_turn(&mut "x\n0\n".as_bytes()), Err(ProtocolError::BadLength("x".into())));
    let turn = "0".repeat(100);
    let e = protocol::read_turn(&mut format!("3\n{turn}\n").as_bytes()).unwrap_err();
    assert_eq!(e, ProtocolError::LengthMismatch { announced: 3, actual: 100, turn: "0".repeat(64) });
}

#[test]
fn each_turn_sends_the_length_and_the_opponents_last_turn() {
    let t = turn("02217");
    assert_eq!(protocol::turn_message(Some(t.steps())), "5\n02217\n");
    let mut input = "5\n02217\n".as_bytes();
    assert_eq!(protocol::read_turn(&mut input), Ok(Some(TurnMessage { opponent_last: Some(t) })));
    assert_eq!(protocol::read_turn(&mut input), Ok(None), "the game ends with the input");
}

#[test]
fn player_0_first_turn_gets_1_and_dash() {
    assert_eq!(protocol::turn_message(None), "1\n-\n");
    assert_eq!(protocol::read_turn(&mut "1\n-\n".as_bytes()), Ok(Some(TurnMessage { opponent_last: None })));
    assert_eq!(protocol::read_turn(&mut "1\r\n-\r\n".as_bytes()), Ok(Some(TurnMessage { opponent_last: None })));
}

#[test]
fn a_malformed_turn_message_is_a_typed_error() {
    let read = |text: &[u8]| protocol::read_turn(&mut &text[..]);
    assert_eq!(read(b"1\n"), Err(ProtocolError::UnexpectedEnd("the turn line")));
    for bad in
        [&b"x\n0\n"[..], b"+1\n0\n", b"-1\n0\n", b" 1\n0\n", b"\n0\n", b"1 \n0\n", b"99999999999999999999999\n0\n"]
    {
        assert!(matches!(read(bad), Err(ProtocolError::BadLength(_))), "{bad:?}");
    }
    assert!(matches!(read(b"4\n02217\n"), Err(ProtocolError::LengthMismatch { announced: 4, actual: 5, .. })));
    assert!(matches!(read(b"2\n-\n"), Err(ProtocolError::LengthMismatch { .. })), "`-` only with length 1");
    assert_eq!(read(b"1\n9\n"), Err(ProtocolError::BadTurn(TurnError::BadCharacter { index: 0, found: '9' })));
    assert_eq!(read(b"1\n8\n").unwrap_err().kind(), "bad-turn", "the referee never sends an 8");
    assert_eq!(read(b"0\n\n"), Err(ProtocolError::BadTurn(TurnError::Empty)));
    assert_eq!(read(b"1\n\xff\n"), Err(ProtocolError::NotText("the turn line")));
    assert_eq!(read(b"1\n\xff\n").unwrap_err().kind(), "not-text");
    let long = format!("5000\n{}\n", "0".repeat(5000));
    assert_eq!(read(long.as_bytes()), Err(ProtocolError::LineTooLong("the turn line")));
}

#[test]
fn a_message_that_does_not_fit_the_game_is_refused_and_changes_nothing() {
    let p1 = StartMessage { me: PlayerId(1) };
    let mut s = Session::new(p1).unwrap();
    assert_eq!(s.update(&TurnMessage { opponent_last: None }), Err(ProtocolError::MissingTurn));
    let mut s0 = Session::new(StartMessage { me: PlayerId(0) }).unwrap();
    let e = s0.update(&TurnMessage { opponent_last: Some(turn("0")) }).unwrap_err();
    assert_eq!(e.kind(), "out-of-turn", "player 0 moves first");
    s.update(&TurnMessage { opponent_last: Some(turn("0")) }).unwrap();
    s.answered(turn("2")).unwrap();
    assert_eq!(s.update(&TurnMessage { opponent_last: None }), Err(ProtocolError::MissingTurn));
    let before = s.clone();
    // From (5,4) back west along the line player 1 drew.
    let e = s.update(&TurnMessage { opponent_last: Some(turn("6")) }).unwrap_err();
    assert!(matches!(e, ProtocolError::IllegalTurn { error: TurnError::LineAlreadyDrawn { .. }, .. }), "{e:?}");
    assert_eq!(s, before);
    let e = s.update(&TurnMessage { opponent_last: Some(turn("5")) }).unwrap_err();
    assert!(matches!(e, ProtocolError::IllegalTurn { error: TurnError::EndedOnBouncePoint { .. }, .. }), "{e:?}");
    assert_eq!(s, before);
}

#[test]
fn an_illegal_own_answer_is_reported_and_changes_nothing() {
    let mut s = Session::new(StartMessage { me: PlayerId(0) }).unwrap();
    s.update(&TurnMessage { opponent_last: None }).unwrap();
    let e = s.answered(turn("00")).unwrap_err();
    assert_eq!(e, ProtocolError::IllegalTurn { turn: "00".into(), error: TurnError::StepAfterTurnEnded { index: 1 } });
    let e = s.answered(Vec::<Dir>::new()).unwrap_err();
    assert!(matches!(e, ProtocolError::IllegalTurn { error: TurnError::Empty, .. }));
    assert_eq!(s.state(), &PaperSoccer::default());
    s.answered([Dir::N]).unwrap();
    assert_eq!(s.state().to_move(), Some(PlayerId(1)));
}

/// A referee loop: both seats keep a `Session` from the messages the
/// referee writes and their own answers, read back by `parse_answer`.
#[test]
fn sessions_follow_whole_random_games_from_both_seats() {
    let mut rng = seeded(31);
    for _ in 0..60 {
        let mut referee = PaperSoccer::default();
        let mut sessions: Vec<Session> = (0..2)
            .map(|p| {
                let start = protocol::read_start(&mut protocol::start_message(PlayerId(p)).as_bytes()).unwrap();
                assert_eq!(start.me, PlayerId(p));
                Session::new(start).unwrap()
            })
            .collect();
        let mut last: Option<Turn> = None;
        while !referee.is_over() {
            let p = referee.to_move().expect("the game goes on");
            let text = protocol::turn_message(last.as_ref().map(Turn::steps));
            let message = protocol::read_turn(&mut text.as_bytes()).unwrap().unwrap();
            let s = &mut sessions[p.index()];
            s.update(&message).unwrap();
            assert_eq!(s.state(), &referee);
            assert_eq!(s.me(), p);
            let t = random_turn(s.state(), &mut rng);
            let mut out = Vec::new();
            protocol::write_answer(&mut out, &t).unwrap();
            let line = out.strip_suffix(b"\n").unwrap();
            let read = protocol::parse_answer(&referee, line).unwrap();
            referee.play_turn_steps(&read).unwrap();
            s.answered(&t).unwrap();
            assert_eq!(s.state(), &referee);
            last = Some(read);
        }
    }
}

#[test]
fn every_generated_turn_written_reads_back_as_the_same_turn() {
    let mut rng = seeded(32);
    let mut checked = 0;
    for _ in 0..20 {
        let mut b = PaperSoccer::default();
        while !b.is_over() {
            b.for_each_turn(300, |steps, after| {
                let mut out = Vec::new();
                protocol::write_answer(&mut out, steps).unwrap();
                assert_eq!(out.last(), Some(&b'\n'));
                assert_eq!(out.iter().filter(|&&c| c == b'\n').count(), 1, "one line");
                let line = &out[..out.len() - 1];
                let t = protocol::parse_answer(&b, line).unwrap();
                assert_eq!(t.steps(), steps);
                assert_eq!(protocol::parse_answer(&b, &out), Ok(t.clone()), "with its newline");
                assert_eq!(&b.after_turn_steps(&t).unwrap(), after);
                assert_eq!(protocol::format_answer(&t), protocol::format_answer(steps));
                checked += 1;
                std::ops::ControlFlow::Continue(())
            });
            let t = random_turn(&b, &mut rng);
            b.play_turn_steps(&t).unwrap();
        }
    }
    assert!(checked > 1000);
}

#[test]
fn the_answer_is_one_line_of_digits_taken_literally() {
    let g = PaperSoccer::default();
    assert_eq!(protocol::parse_answer(&g, b"7"), Ok(turn("7")));
    assert_eq!(protocol::parse_answer(&g, b"7\n"), Ok(turn("7")));
    assert_eq!(protocol::parse_answer(&g, b"7 "), Err(TurnError::BadCharacter { index: 1, found: ' ' }));
    assert_eq!(protocol::parse_answer(&g, b""), Err(TurnError::Empty));
    assert_eq!(protocol::parse_answer(&g, b" 7").unwrap_err().kind(), "bad-character");
    assert_eq!(protocol::parse_answer(&g, b"\t7"), Err(TurnError::BadCharacter { index: 0, found: '\t' }));
    assert!(!protocol::skips_line(b""), "an empty line is an empty turn, not skipped");
    assert!(!protocol::skips_line(b" "));
}

#[test]
fn one_carriage_return_ends_the_line_and_any_other_is_a_bad_character() {
    let g = position_where_56_is_legal();
    assert_eq!(protocol::parse_answer(&g, b"56\r"), Ok(turn("56")));
    assert_eq!(protocol::parse_answer(&g, b"56\r\n"), Ok(turn("56")));
    assert_eq!(protocol::parse_answer(&g, b"56\r\r"), Err(TurnError::BadCharacter { index: 2, found: '\r' }));
    assert_eq!(protocol::parse_answer(&g, b"5\r6"), Err(TurnError::BadCharacter { index: 1, found: '\r' }));
    assert_eq!(protocol::parse_answer(&g, b"\r"), Err(TurnError::Empty));
    assert_eq!(protocol::parse_answer(&g, b"\r\r"), Err(TurnError::BadCharacter { index: 0, found: '\r' }));
    assert_eq!(protocol::parse_answer(&g, b"56 \r"), Err(TurnError::BadCharacter { index: 2, found: ' ' }));
    let mut out = Vec::new();
    protocol::write_answer(&mut out, turn("56")).unwrap();
    assert_eq!(out, b"56\n", "the bot side writes `\\n` only");
}

#[test]
fn answers_are_checked_in_the_referee_order() {
    let g = position_where_56_is_legal();
    // Check 1 before the others: a bad character late in the string wins.
    assert_eq!(protocol::parse_answer(&g, b"6x"), Err(TurnError::BadCharacter { index: 1, found: 'x' }));
    // `8` passes check 1: after the end of the turn it is check 2...
    assert_eq!(protocol::parse_answer(&g, b"568"), Err(TurnError::StepAfterTurnEnded { index: 2 }));
    // ...and while the turn goes on, check 3.
    assert_eq!(
        protocol::parse_answer(&g, b"58"),
        Err(TurnError::NoSuchPoint { index: 1, from: Point::new(4, 5), step: '8' })
    );
    assert!(matches!(protocol::parse_answer(&g, b"6"), Err(TurnError::LineAlreadyDrawn { index: 0, .. })));
    assert_eq!(protocol::parse_answer(&g, b"5"), Err(TurnError::EndedOnBouncePoint { at: Point::new(4, 5) }));
    let mut over = PaperSoccer::default();
    for _ in 0..6 {
        over.play_turn("0").unwrap();
    }
    assert_eq!(protocol::parse_answer(&over, b"x"), Err(TurnError::GameOver));
}

#[test]
fn an_answer_that_is_not_utf8_is_a_bad_character() {
    let g = PaperSoccer::default();
    assert_eq!(
        protocol::parse_answer(&g, b"0\xff\n"),
        Err(TurnError::BadCharacter { index: 1, found: char::REPLACEMENT_CHARACTER })
    );
    assert_eq!(protocol::parse_answer(&g, b"x\xff"), Err(TurnError::BadCharacter { index: 0, found: 'x' }));
    assert_eq!(
        protocol::parse_answer(&g, b"\xe2\x82"),
        Err(TurnError::BadCharacter { index: 0, found: char::REPLACEMENT_CHARACTER })
    );
}

#[test]
fn time_limits_are_1000_ms_first_then_200_ms() {
    assert_eq!(
        protocol::TIME_CONTROL,
        TimeControl::PerAnswer { first: Duration::from_millis(1000), later: Duration::from_millis(200) }
    );
}

/// The first listed turn, as a deterministic bot.
fn first_turn(b: &PaperSoccer) -> Turn {
    b.legal_turns(1).remove(0)
}

#[test]
fn run_bot_plays_a_whole_game_against_a_referee_from_both_seats() {
    let mut rng = seeded(33);
    for seat in [PlayerId(0), PlayerId(1)] {
        for _ in 0..10 {
            // The referee's side, with our bot's answers known in advance.
            let mut b = PaperSoccer::default();
            let mut input = protocol::start_message(seat);
            let mut expected = String::new();
            let mut last: Option<Turn> = None;
            while !b.is_over() {
                let t = if b.to_move() == Some(seat) {
                    input.push_str(&protocol::turn_message(last.as_ref().map(Turn::steps)));
                    let t = first_turn(&b);
                    expected.push_str(&format!("{t}\n"));
                    t
                } else {
                    random_turn(&b, &mut rng)
                };
                b.play_turn_steps(&t).unwrap();
                last = Some(t);
            }
            let mut out = Vec::new();
            let mut calls = 0;
            let r = protocol::run_bot(input.as_bytes(), &mut out, |g: &PaperSoccer, me, left| {
                assert_eq!(me, seat);
                assert!(left <= Duration::from_millis(if calls == 0 { 1000 } else { 200 }));
                assert!(left > Duration::from_millis(if calls == 0 { 500 } else { 100 }));
                calls += 1;
                first_turn(g)
            });
            assert_eq!(r, Ok(()));
            assert_eq!(String::from_utf8(out).unwrap(), expected);
        }
    }
}

#[test]
fn run_bot_ends_cleanly_without_input_and_reports_bad_input() {
    let bot = |g: &PaperSoccer, _: PlayerId, _: Duration| first_turn(g);
    let mut out = Vec::new();
    assert_eq!(protocol::run_bot("".as_bytes(), &mut out, bot), Ok(()));
    assert_eq!(protocol::run_bot("0\n".as_bytes(), &mut out, bot), Ok(()));
    assert!(out.is_empty());
    assert!(matches!(protocol::run_bot("7\n".as_bytes(), &mut out, bot), Err(ProtocolError::BadId(_))));
    assert_eq!(protocol::run_bot("1\n1\n-\n".as_bytes(), &mut out, bot), Err(ProtocolError::MissingTurn));
    assert!(matches!(
        protocol::run_bot("0\n1\n-\n2\n".as_bytes(), &mut out, bot),
        Err(ProtocolError::UnexpectedEnd(_))
    ));
}

#[test]
fn run_bot_writes_an_illegal_own_turn_then_reports_it() {
    let mut out = Vec::new();
    let r = protocol::run_bot("0\n1\n-\n".as_bytes(), &mut out, |_: &PaperSoccer, _, _| vec![Dir::N, Dir::N]);
    assert!(matches!(r, Err(ProtocolError::IllegalTurn { error: TurnError::StepAfterTurnEnded { index: 1 }, .. })));
    assert_eq!(out, b"00\n", "the referee judges what was written");
}

#[test]
fn a_record_has_one_turn_per_line_and_an_empty_line_is_an_empty_illegal_turn() {
    let lines: Vec<&str> = protocol::record_lines("7\n\n4\n").collect();
    assert_eq!(lines, ["7", "", "4"]);
    let lines: Vec<&str> = protocol::record_lines("7\r\n4").collect();
    assert_eq!(lines, ["7", "4"]);
    assert_eq!(protocol::record_lines("").count(), 0);
    let start = PaperSoccer::default();
    let j = protocol::judge_record(&start, "7\n\n4\n");
    assert_eq!(j.turns, 1);
    assert_eq!(j.illegal, Some((1, TurnError::Empty)));
    assert_eq!(j.board.to_move(), Some(PlayerId(1)), "player 1 played the empty turn");
}

#[test]
fn a_record_line_with_a_trailing_space_is_illegal() {
    let j = protocol::judge_record(&PaperSoccer::default(), "0 \n");
    assert_eq!(j.illegal, Some((0, TurnError::BadCharacter { index: 1, found: ' ' })));
}

#[test]
fn a_legal_record_is_played_to_its_end() {
    let j = protocol::judge_record(&PaperSoccer::default(), "7\n4\n");
    assert_eq!(j.illegal, None);
    assert_eq!(j.turns, 2);
    let mut g = PaperSoccer::default();
    g.play_turn("7").unwrap();
    g.play_turn("4").unwrap();
    assert_eq!(j.board, g);
    assert!(!j.board.is_over());
}

#[test]
fn turns_after_the_end_of_the_game_are_refused() {
    // Walk the ball up the middle: each step reaches a fresh point.
    let record = "0\n0\n0\n0\n0\n0\n";
    let j = protocol::judge_record(&PaperSoccer::default(), record);
    // (4,4) (4,3) (4,2) (4,1) (4,0) and the 6th turn, player 1's, scores
    // in the top goal (an own goal: player 0 wins).
    assert_eq!(j.illegal, None);
    assert!(j.board.is_over());
    assert_eq!(j.board.outcome().unwrap().winner(), Some(PlayerId(0)));
    assert_eq!(j.board.end_reason(), Some("own-goal"));
    let j = protocol::judge_record(&PaperSoccer::default(), "0\n0\n0\n0\n0\n0\n4\n");
    assert_eq!(j.illegal, Some((6, TurnError::GameOver)));
}

#[test]
fn turns_display_as_their_digits() {
    let t: Turn = "02217".parse().unwrap();
    assert_eq!(t.to_string(), "02217");
    assert_eq!(t.len(), 5);
    assert_eq!("".parse::<Turn>(), Err(TurnError::Empty));
    assert_eq!("028".parse::<Turn>(), Err(TurnError::BadCharacter { index: 2, found: '8' }));
}

/// Protocol I/O errors keep the `std::io::ErrorKind` of the failure.
#[test]
fn a_protocol_io_error_keeps_its_io_error_kind() {
    let e = paper_soccer::protocol::ProtocolError::from(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "gone"));
    assert!(
        matches!(e, paper_soccer::protocol::ProtocolError::Io { kind: std::io::ErrorKind::BrokenPipe, .. }),
        "{e:?}"
    );
    assert_eq!(game_core::GameError::kind(&e), "io");
}
