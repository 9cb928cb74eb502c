//! The arena protocol of the rules file: input lines, answers, records.

use game_core::{Game, GameError, PlayerId};
use paper_soccer::protocol::{self, ProtocolError};
use paper_soccer::{PaperSoccer, Turn, TurnError};

#[test]
fn first_line_is_the_bot_id_0_attacking_top_or_1() {
    assert_eq!(protocol::initial_input(PlayerId(0)), "0\n");
    assert_eq!(protocol::initial_input(PlayerId(1)), "1\n");
    assert_eq!(protocol::parse_initial("0\n"), Ok(PlayerId(0)));
    assert_eq!(protocol::parse_initial("1\r\n"), Ok(PlayerId(1)));
    assert!(matches!(protocol::parse_initial("2\n"), Err(ProtocolError::BadId(_))));
    assert!(protocol::parse_initial("0 \n").is_err());
}

#[test]
fn each_turn_sends_the_length_and_the_opponents_last_turn() {
    assert_eq!(protocol::turn_input(Some("02217")), "5\n02217\n");
    let t = protocol::parse_turn_input("5\n", "02217\n").unwrap().unwrap();
    assert_eq!(t.to_string(), "02217");
    assert!(matches!(protocol::parse_turn_input("4\n", "02217\n"), Err(ProtocolError::LengthMismatch { .. })));
    assert!(matches!(protocol::parse_turn_input("x\n", "0\n"), Err(ProtocolError::BadLength(_))));
    assert!(matches!(protocol::parse_turn_input("1\n", "9\n"), Err(ProtocolError::BadTurn(_))));
}

#[test]
fn player_0_first_turn_gets_1_and_dash() {
    assert_eq!(protocol::turn_input(None), "1\n-\n");
    assert_eq!(protocol::parse_turn_input("1\n", "-\n"), Ok(None));
}

#[test]
fn the_answer_is_one_line_of_digits_taken_literally() {
    let g = PaperSoccer::default();
    assert!(protocol::check_answer(&g, "7\n").is_ok());
    assert!(protocol::check_answer(&g, "7\r\n").is_ok());
    assert!(protocol::check_answer(&g, "7").is_ok());
    assert_eq!(protocol::check_answer(&g, "7 \n"), Err(TurnError::BadCharacter { index: 1, found: ' ' }));
    assert_eq!(protocol::check_answer(&g, "\n"), Err(TurnError::Empty));
    assert_eq!(protocol::check_answer(&g, " 7\n").unwrap_err().kind(), "bad-character");
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
    assert_eq!(j.board.to_move(), PlayerId(1), "player 1 played the empty turn");
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

#[test]
fn a_parsed_answer_replays_step_by_step() {
    let mut g = PaperSoccer::default();
    g.play_turn("0").unwrap();
    g.play_turn("2").unwrap();
    // Player 0 bounces on (4,5) then leaves to a fresh point.
    let turn = protocol::parse_answer(&g, "56\n").unwrap();
    assert_eq!(turn.to_string(), "56");
    let expected = protocol::check_answer(&g, "56\n").unwrap();
    for &d in turn.steps() {
        g.play(g.to_move(), d).unwrap();
    }
    assert_eq!(g, expected);
    assert_eq!(protocol::parse_answer(&g, "8"), Err(TurnError::NoSuchPoint { index: 0, from: g.ball(), step: '8' }));
}

#[test]
fn time_limits_are_1000_ms_first_then_200_ms() {
    assert_eq!(protocol::FIRST_ANSWER_MS, 1000);
    assert_eq!(protocol::ANSWER_MS, 200);
}

#[test]
fn an_answer_that_is_not_utf8_is_a_bad_character() {
    let g = PaperSoccer::default();
    assert_eq!(
        protocol::check_answer_bytes(&g, b"0\xff\n"),
        Err(TurnError::BadCharacter { index: 1, found: char::REPLACEMENT_CHARACTER })
    );
    assert_eq!(protocol::check_answer_bytes(&g, b"x\xff"), Err(TurnError::BadCharacter { index: 0, found: 'x' }));
    assert_eq!(protocol::check_answer_bytes(&g, b"7\r\n"), protocol::check_answer(&g, "7"));
    assert_eq!(protocol::check_answer_bytes(&g, b"\n"), Err(TurnError::Empty));
}
