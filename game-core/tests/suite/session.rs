//! The one bot-side loop ([`game_core::session::run_bot`]) with a made-up
//! Nim protocol: a start line `me` (or, where the start asks, `me pile`),
//! then one `pile` line a turn.

use game_core::PlayerId;
use game_core::session::{Answers, BotSession, run_bot};
use game_core::time::TimeControl;
use nim::Nim;
use std::io::{BufRead, Write};
use std::time::Duration;

const LIMITS: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_millis(1000), later: Duration::from_millis(100) };

/// Reads one line as numbers; `None` at the end of the input.
fn numbers(input: &mut dyn BufRead) -> Result<Option<Vec<u8>>, String> {
    let mut line = String::new();
    if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
        return Ok(None);
    }
    line.split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("not a number: {w:?}")))
        .collect::<Result<_, _>>()
        .map(Some)
}

/// A session whose start line only opens the game (`START_ASKS` false) or
/// also holds the first pile (`true`), as the protocols of the four games
/// do one or the other.
struct Pile<const ASKS: bool> {
    game: Nim,
    noted: Vec<u8>,
}

impl<const ASKS: bool> BotSession for Pile<ASKS> {
    type Game = Nim;
    type Start = Vec<u8>;
    type Turn = Vec<u8>;
    type Error = String;
    type Reply = u8;
    const TIME_CONTROL: TimeControl = LIMITS;
    const START_ASKS: bool = ASKS;
    fn read_start(input: &mut dyn BufRead) -> Result<Option<Vec<u8>>, String> {
        numbers(input)
    }
    fn start(first: Vec<u8>) -> Result<Self, String> {
        let me = PlayerId(*first.first().ok_or("no id")?);
        let pile = first.get(1).copied().unwrap_or(0);
        Ok(Pile { game: Nim { to_move: me, ..Nim::new(pile, 3) }, noted: Vec::new() })
    }
    fn read_turn(&self, input: &mut dyn BufRead) -> Result<Option<Vec<u8>>, String> {
        numbers(input)
    }
    fn update(&mut self, turn: &Vec<u8>) -> Result<(), String> {
        let pile = *turn.first().ok_or("an empty turn line")?;
        self.game = Nim { pile, ..self.game };
        Ok(())
    }
    fn state(&self) -> &Nim {
        &self.game
    }
    fn me(&self) -> PlayerId {
        self.game.to_move
    }
    fn reply(_: &Nim, _: PlayerId, turn: Vec<u8>) -> u8 {
        turn.first().copied().unwrap_or(1)
    }
}

impl<const ASKS: bool> Answers<u8> for Pile<ASKS> {
    fn write_answer(&self, out: &mut dyn Write, take: &u8) -> Result<(), String> {
        writeln!(out, "{take}").map_err(|e| e.to_string())
    }
    fn answered(&mut self, take: &u8) -> Result<(), String> {
        if *take > self.game.pile {
            return Err(format!("took {take} of {}", self.game.pile));
        }
        self.noted.push(*take);
        Ok(())
    }
}

/// What a bot was asked: the pile, its seat, the time left.
type Asked = Vec<(u8, PlayerId, Duration)>;

/// Plays `input` with a bot that takes one stone: the result, the output
/// and what the bot was asked.
fn play<const ASKS: bool>(input: &str) -> (Result<(), String>, String, Asked) {
    let mut out = Vec::new();
    let mut asked = Vec::new();
    let r = run_bot::<Pile<ASKS>, u8, _, _, _>(input.as_bytes(), &mut out, |g: &Nim, me, left| {
        asked.push((g.pile, me, left));
        1
    });
    (r, String::from_utf8(out).unwrap(), asked)
}

#[test]
fn a_start_that_only_opens_the_game_is_not_answered() {
    let (r, out, asked) = play::<false>("1\n5\n4\n");
    assert_eq!(r, Ok(()));
    assert_eq!(out, "1\n1\n");
    assert_eq!(asked.iter().map(|a| (a.0, a.1)).collect::<Vec<_>>(), [(5, PlayerId(1)), (4, PlayerId(1))]);
}

#[test]
fn a_start_that_asks_is_answered_before_the_first_turn_message() {
    let (r, out, asked) = play::<true>("0 7\n5\n");
    assert_eq!(r, Ok(()));
    assert_eq!(out, "1\n1\n");
    assert_eq!(asked.iter().map(|a| a.0).collect::<Vec<_>>(), [7, 5]);
}

#[test]
fn the_time_left_is_the_first_limit_then_the_later_one() {
    let (_, _, asked) = play::<false>("0\n9\n8\n7\n");
    let lefts: Vec<Duration> = asked.iter().map(|a| a.2).collect();
    assert!(lefts[0] <= LIMITS.first_limit() && lefts[0] > Duration::from_millis(500), "{lefts:?}");
    for &later in &lefts[1..] {
        assert!(later <= Duration::from_millis(100) && later > Duration::from_millis(50), "{lefts:?}");
    }
}

#[test]
fn empty_input_is_no_game_and_writes_nothing() {
    assert_eq!(play::<false>(""), (Ok(()), String::new(), Vec::new()));
    assert_eq!(play::<true>(""), (Ok(()), String::new(), Vec::new()));
}

#[test]
fn a_message_that_leaves_the_game_over_ends_the_loop_unanswered() {
    let (r, out, asked) = play::<false>("0\n3\n0\n2\n");
    assert_eq!(r, Ok(()));
    assert_eq!(out, "1\n", "the pile of 0 is over: not answered, and nothing after it read");
    assert_eq!(asked.len(), 1);
}

#[test]
fn protocol_errors_stop_the_loop_with_the_sessions_error() {
    assert_eq!(play::<false>("x\n").0, Err("not a number: \"x\"".to_string()));
    assert_eq!(play::<false>("0\n5\n\n").0, Err("an empty turn line".to_string()));
    assert_eq!(play::<false>("\n").0, Err("no id".to_string()));
}

#[test]
fn an_answer_the_session_refuses_is_written_first_then_reported() {
    let mut out = Vec::new();
    let r = run_bot::<Pile<false>, u8, _, _, _>("0\n2\n".as_bytes(), &mut out, |_: &Nim, _, _| 3);
    assert_eq!(r, Err("took 3 of 2".to_string()));
    assert_eq!(out, b"3\n", "the referee decides about the answer, so it is written");
}

#[cfg(feature = "bot")]
#[test]
fn serve_writes_a_bots_turn_as_the_sessions_reply() {
    let mut take_two = |_: &Nim, _: PlayerId| Some(2u8);
    let mut out = Vec::new();
    let r = game_core::session::serve::<Pile<false>>(&mut take_two, &mut "1\n6\n3\n".as_bytes(), &mut out);
    assert_eq!(r, Ok(()));
    assert_eq!(out, b"2\n2\n");
}
