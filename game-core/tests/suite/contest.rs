//! The in-memory contest host (`game_core::testing::contest`, moved from
//! its unit tests: they play Nim, a crate of its own that game-core's unit
//! tests cannot name), on a contest of its own (the pile as the turn
//! message, an end message, blank lines skipped), not Nim's protocol.

use game_core::referee::{Contest, ContestError, FailurePolicy, ParsedAnswer, TurnLog};
use game_core::testing::contest::{HostedFailure, PipeSeat, host};
use game_core::{PlayerId, TimeControl};
use nim::Nim;
use std::io::{BufRead, Write};
use std::time::Duration;

/// Nim with the pile as the turn message, a take as the answer, and the
/// given failure policy.
struct NimContest(FailurePolicy);

impl Contest for NimContest {
    type Game = Nim;
    fn start(&self) -> Nim {
        Nim::new(9, 3)
    }
    fn time_control(&self) -> TimeControl {
        TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_secs(1) }
    }
    fn failure_policy(&self) -> FailurePolicy {
        self.0
    }
    fn format_move(&self, _: &Nim, take: u8) -> String {
        take.to_string()
    }
    fn turn_message(&self, s: &Nim, _: PlayerId, _: &[TurnLog<u8>], _: bool) -> String {
        format!("{}\n", s.pile)
    }
    fn end_message(&self, _: &Nim, _: PlayerId) -> String {
        "-1\n".into()
    }
    fn skips_line(&self, line: &[u8]) -> bool {
        line.is_empty()
    }
    fn parse_answer(&self, s: &Nim, p: PlayerId, lines: &[&[u8]]) -> Result<ParsedAnswer<u8>, ContestError> {
        self.judge_line(s, p, &String::from_utf8_lossy(lines[0])).map(ParsedAnswer::new)
    }
    fn judge_line(&self, _: &Nim, _: PlayerId, line: &str) -> Result<Vec<u8>, ContestError> {
        line.parse().map(|t| vec![t]).map_err(|_| ContestError::new("unreadable", "not a number"))
    }
}

/// A Nim bot program: reads the pile, answers a blank line (which the
/// contest skips) and the perfect take; stops at `-1` or the end of input.
fn perfect(input: &mut dyn BufRead, output: &mut dyn Write) {
    for line in input.lines() {
        let Ok(pile) = line.unwrap().parse::<i32>() else { return };
        if pile < 0 {
            return;
        }
        let take = if pile % 4 == 0 { 1 } else { pile % 4 };
        writeln!(output, "\n{take}").unwrap();
    }
}

#[test]
fn pipe_bots_play_a_whole_game_and_read_the_end_message() {
    let mut a = PipeSeat::spawn(Duration::from_secs(10), perfect);
    let mut b = PipeSeat::spawn(Duration::from_secs(10), perfect);
    let game = host(&NimContest(FailurePolicy::Loss), &mut [&mut a, &mut b], 1);
    // 9 stones, takes of 1 to 3: the first player wins with perfect play.
    assert_eq!(game.outcome.winner(), Some(PlayerId(0)));
    assert!(game.failures.is_empty());
    assert_eq!(game.turns.iter().map(|t| t.moves[0]).sum::<u8>(), 9);
    assert!(game.messages.iter().all(|m| m.last().map(String::as_str) == Some("-1\n")));
}

#[test]
fn a_bot_that_exits_is_a_crash_and_loses_under_the_loss_policy() {
    let mut a = PipeSeat::exiting();
    let mut b = PipeSeat::spawn(Duration::from_secs(10), perfect);
    let game = host(&NimContest(FailurePolicy::Loss), &mut [&mut a, &mut b], 1);
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(0), turn: 1, kind: "crash", substituted: false }]);
}

#[test]
fn a_silent_bot_times_out_and_gets_substitutes_under_the_substitute_policy() {
    let mut silent = PipeSeat::silent(Duration::from_millis(50));
    let mut b = PipeSeat::spawn(Duration::from_secs(10), perfect);
    let game = host(&NimContest(FailurePolicy::Substitute), &mut [&mut silent, &mut b], 3);
    assert_eq!(game.failures[0].kind, "timeout");
    assert!(game.failures.iter().all(|f| f.seat == PlayerId(0) && f.substituted));
    assert_eq!(game.turns.iter().map(|t| t.moves[0]).sum::<u8>(), 9, "substitutes are legal takes");
}
