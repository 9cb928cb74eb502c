//! Whole games through [`quoridor::protocol::Referee`] alone (no arena):
//! the crate's own `run_bot` behind in-memory pipes on one side, the
//! contest on the other ([`game_core::testing::contest::host`]), and bots
//! that fail in each way the contest knows. A failed answer never loses in
//! Quoridor: a random legal move is played for the bot; a bot that timed out
//! stays in the game, one that exited is stopped; a stuck player of a
//! four-player game is removed and reads `-1` at once.

use game_core::bot::Bot;
use game_core::referee::Contest;
use game_core::testing::contest::{Hosted, PipeSeat, Reply, ScriptSeat, host};
use game_core::{Game, PlayerId};
use quoridor::opponents::Walker;
use quoridor::protocol::{self, Referee, run_bot};
use quoridor::{Config, Move, Quoridor};
use std::io::{BufRead, Write};
use std::time::Duration;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);
const PATIENCE: Duration = Duration::from_secs(10);

/// The crate's `run_bot` playing the reference walker, on a thread.
fn walker(seed: u64) -> PipeSeat {
    PipeSeat::spawn(PATIENCE, move |input: &mut dyn BufRead, output: &mut dyn Write| {
        let mut w = Walker::new(seed);
        run_bot(input, output, |state: &Quoridor, me, _left| w.choose(state, me).expect("a player to move has a move"))
            .expect("the referee's messages are the protocol's");
    })
}

/// A seat answering `answers` in order, then the last one forever.
fn script(answers: &'static [&'static str]) -> ScriptSeat<impl FnMut(&str) -> Reply> {
    let mut turn = 0;
    ScriptSeat::new(move |_: &str| {
        let answer = answers[turn.min(answers.len() - 1)];
        turn += 1;
        Reply::line(answer)
    })
}

/// How many turns `seat` played.
fn turns_of(game: &Hosted<Quoridor>, seat: PlayerId) -> usize {
    game.turns.iter().filter(|t| t.player == seat).count()
}

#[test]
fn two_run_bots_play_a_whole_game_through_the_referee_alone() {
    let referee = Referee::default();
    let (mut a, mut b) = (walker(1), walker(2));
    let game = host(&referee, &mut [&mut a, &mut b], 7);
    assert!(game.failures.is_empty(), "{:?}", game.failures);
    assert_eq!(game.state.end_reason(), Some("goal"));
    // The winner's pawn stands on its goal.
    let winner = game.outcome.winner().expect("one winner");
    assert!(game.state.is_goal(winner, game.state.pawn(winner).expect("a pawn")));
    assert!(game.turns.iter().all(|t| matches!(t.moves[..], [Move::Pawn(_)])));
    for seat in [P0, P1] {
        let messages = &game.messages[seat.index()];
        assert_eq!(messages[0], protocol::start_message(&referee.start(), seat));
        assert_eq!(messages.last().map(String::as_str), Some(protocol::END_MESSAGE));
        // The start, one message a turn, the end.
        assert_eq!(messages.len(), turns_of(&game, seat) + 2);
    }
}

#[test]
fn an_unreadable_or_illegal_answer_is_replaced_by_a_random_pawn_move_and_the_bot_plays_on() {
    // (0, 0) is not a step from (4, 0); (9, 9) is off the 9 x 9 board;
    // `4  1 1` has four tokens between single spaces.
    let mut wrong = script(&["0 0", "9 9", "4  1 1", "hello"]);
    let mut b = walker(3);
    let game = host(&Referee::default(), &mut [&mut wrong, &mut b], 5);
    let kinds: Vec<&str> = game.failures.iter().map(|f| f.kind).collect();
    assert_eq!(kinds[..4], ["illegal-pawn-move", "off-board", "unreadable", "unreadable"]);
    assert_eq!(game.failures.len(), turns_of(&game, P0), "every answer of seat 0 failed");
    assert!(game.failures.iter().all(|f| f.seat == P0 && f.substituted));
    // The substitutes are pawn moves (a wall only when the pawn is stuck).
    let substitutes = game.turns.iter().filter(|t| t.player == P0);
    assert!(substitutes.into_iter().all(|t| matches!(t.moves[..], [Move::Pawn(_)])));
    // The bot is asked again on every turn, and reads the end.
    assert_eq!(game.messages[0].len(), turns_of(&game, P0) + 2);
    assert_eq!(game.outcome.winner(), Some(P1));
}

#[test]
fn a_bot_that_exits_is_stopped_and_every_later_turn_is_a_random_move() {
    let mut gone = PipeSeat::exiting();
    let mut b = walker(4);
    let game = host(&Referee::default(), &mut [&mut gone, &mut b], 9);
    assert!(turns_of(&game, P0) > 1);
    assert_eq!(game.failures.len(), turns_of(&game, P0));
    assert!(game.failures.iter().all(|f| f.seat == P0 && f.kind == "crash" && f.substituted));
    // Stopped at its first failure: it read the start and one turn, no end.
    assert_eq!(game.messages[0].len(), 2);
    assert_eq!(game.outcome.winner(), Some(P1));
}

#[test]
fn a_bot_that_runs_out_of_time_stays_in_the_game() {
    assert!(Referee::default().timeout_keeps_bot());
    let mut silent = PipeSeat::silent(Duration::from_millis(30));
    let mut b = walker(5);
    let game = host(&Referee::default(), &mut [&mut silent, &mut b], 11);
    assert_eq!(game.failures.len(), turns_of(&game, P0));
    assert!(game.failures.iter().all(|f| f.seat == P0 && f.kind == "timeout" && f.substituted));
    // Unlike a bot that exited, it reads every turn and the end.
    assert_eq!(game.messages[0].len(), turns_of(&game, P0) + 2);
    assert_eq!(game.messages[0].last().map(String::as_str), Some(protocol::END_MESSAGE));
}

#[test]
fn a_stuck_player_of_a_four_player_game_is_removed_and_reads_the_end_at_once() {
    // 5 x 5, four players: P0 on (2, 0) walls itself in between two
    // vertical walls and spends its five walls; P3 comes below it to (2, 2)
    // and P2 jumps over P3 to (2, 1). P0 then has no move: it is removed.
    let referee = Referee::new(Config::new(5, 4).expect("5 x 5 for four")).expect("a valid configuration");
    let mut p0 = script(&["1 0 1", "2 0 1", "0 3 0", "3 0 0", "0 2 0"]);
    let mut p1 = script(&["4 3", "4 2", "4 3", "4 2", "4 3", "?"]);
    let mut p2 = script(&["3 3 1", "3 4", "3 3", "2 3", "2 1", "?"]);
    let mut p3 = script(&["1 2", "1 1", "1 2", "2 2", "0 0 0", "?"]);
    let game = host(&referee, &mut [&mut p0, &mut p1, &mut p2, &mut p3], 13);
    assert!(game.state.is_removed(P0));
    let first_failure = game.failures.first().map_or(game.turns.len(), |f| f.turn - 1);
    assert!(first_failure >= 20, "the script is legal: {:?}", game.failures.first());
    // The start, five turns, then `-1` as soon as it is removed.
    let p0_messages = &game.messages[0];
    assert_eq!(p0_messages.len(), 7);
    assert_eq!(p0_messages.last().map(String::as_str), Some(protocol::END_MESSAGE));
    assert_eq!(turns_of(&game, P0), 5);
    assert!(game.turns.len() > 20, "the game went on without P0");
}

#[test]
fn the_contest_writes_moves_as_the_server_does_and_names_each_wall_s_owner() {
    use game_core::referee::TurnLog;
    use quoridor::{Cell, Wall};
    let config = Config::new(9, 4).unwrap();
    let r = Referee::new(config).unwrap();
    assert_eq!(r.config(), config);
    let mut s = r.start();
    let wall = Move::Wall(Wall::horizontal(3, 3));
    assert_eq!(r.format_move(&s, wall), "3 3 0");
    assert_eq!(r.format_move(&s, Move::Pawn(Cell::new(4, 1))), "4 1");
    // The server drops the lines that are blank once trimmed before it
    // reads an answer.
    assert!(r.skips_line(b" \t\r") && r.skips_line(b""));
    assert!(!r.skips_line(b"4 1"));
    // A text record to judge: one move per line, or several split by `/`.
    assert_eq!(r.judge_split("e2/e8\n4 1\n\n 3 3 0 / 4 2 \n"), ["e2", "e8", "4 1", "3 3 0", "4 2"]);
    // A judged line is a move in either notation.
    assert_eq!(r.judge_line(&s, PlayerId(2), "e2"), Ok(vec![Move::Pawn(Cell::new(4, 1))]));
    assert_eq!(r.judge_line(&s, PlayerId(2), "3 3 1"), Ok(vec![Move::Wall(Wall::vertical(3, 3))]));
    assert!(r.judge_line(&s, PlayerId(2), "e").is_err());
    // A removed player is done: it reads the end message and is stopped.
    let removed = crate::rules::position(9, &[Some((4, 0)), None, Some((4, 8)), Some((0, 4))], &[], 0);
    assert!(r.seat_done(&removed, PlayerId(1)));
    assert!(!r.seat_done(&removed, PlayerId(2)));
    let step = Move::Pawn(Cell::new(4, 1));
    s.play(PlayerId(0), step).unwrap();
    s.play(PlayerId(1), wall).unwrap();
    let log = [
        TurnLog { player: PlayerId(0), moves: vec![step], text: "4 1".into() },
        TurnLog { player: PlayerId(1), moves: vec![wall], text: "3 3 0".into() },
    ];
    let message = r.turn_message(&s, PlayerId(2), &log, false);
    // The wall line: x y is_vertical who.
    assert!(message.ends_with("1\n3 3 0 1\n"), "{message:?}");
    let mut history = protocol::History::new();
    history.record(PlayerId(0), step);
    history.record(PlayerId(1), wall);
    assert_eq!(message, protocol::turn_message(&s, &history));
}
