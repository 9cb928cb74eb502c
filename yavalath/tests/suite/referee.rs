//! Whole games through the contest alone, with no arena: the crate's own [`run_bot`] on one side
//! of in-memory pipes, the crate's [`Referee`] on the other (hosted by
//! `game_core::testing::contest`), and bots that fail in each way the contest knows. Every
//! failure loses the game at once: there is no substitute move and no removal in Yavalath.

use game_core::referee::{Contest, FailurePolicy};
use game_core::rng::SplitMix64;
use game_core::testing::contest::{HostedFailure, PipeSeat, Reply, ScriptSeat, host};
use game_core::{Game, PlayerId};
use std::io::{BufRead, Write};
use std::time::Duration;
use yavalath::protocol::{Answer, Referee, TIME_CONTROL, run_bot};
use yavalath::{Cell, Yavalath};

/// Long enough for a loaded machine: a real bot never comes near it.
const PATIENCE: Duration = Duration::from_secs(20);

/// A bot program on the crate's `run_bot`, playing `choose`; it panics (a crash, for the host)
/// if `run_bot` refuses what the referee sent.
fn bot_program(
    mut choose: impl FnMut(&Yavalath, PlayerId) -> Cell + Send + 'static,
) -> impl FnOnce(&mut dyn BufRead, &mut dyn Write) + Send + 'static {
    move |input, output| {
        run_bot(input, output, |g: &Yavalath, me: PlayerId, _left: Duration| Answer::from(choose(g, me)))
            .expect("the referee's messages follow the protocol");
    }
}

/// Wins at once when it can, else plays the first cell that does not lose.
fn careful(g: &Yavalath, me: PlayerId) -> Cell {
    let legal = g.legal();
    let win = g.winning_cells(me) & legal;
    let safe = legal & !g.losing_cells(me);
    win.first().or(safe.first()).or(legal.first()).expect("a position handed to a bot has a move")
}

/// A uniformly random legal cell (the steal included), from its own seeded generator.
fn random(seed: u64) -> impl FnMut(&Yavalath, PlayerId) -> Cell + Send + 'static {
    let mut rng = SplitMix64::new(seed);
    move |g, me| g.random_legal_move(me, &mut rng, &mut Vec::new()).expect("a position handed to a bot has a move")
}

/// Plays the recorded turns from the start: the position the host ended with.
fn replay(turns: &[game_core::referee::TurnLog<Cell>]) -> Yavalath {
    let mut g = Referee.start();
    for t in turns {
        assert_eq!(t.moves.len(), 1, "one cell a turn");
        assert_eq!(t.text, t.moves[0].to_string(), "a turn's text is `x y`");
        g.play(t.player, t.moves[0]).expect("a played turn is legal");
    }
    g
}

#[test]
fn contest_is_the_rules_standard_game_with_loss_for_any_failure() {
    assert_eq!(Referee.start(), Yavalath::new());
    assert_eq!(Referee.time_control(), TIME_CONTROL);
    assert_eq!(Referee.failure_policy(), FailurePolicy::Loss);
    assert!(!Referee.timeout_keeps_bot(), "a bot out of time is stopped");
    assert_eq!(Referee.name(), "yavalath");
}

#[test]
fn a_text_record_is_one_move_per_non_blank_line_each_read_as_x_y() {
    assert_eq!(Referee.judge_split("4 4\n\n  \r\n0 0\n"), ["4 4", "0 0"]);
    let g = Yavalath::new();
    let centre = Cell::from_xy(4, 4).unwrap();
    assert_eq!(Referee.judge_line(&g, PlayerId(0), "4 4").unwrap(), [centre]);
    for bad in ["4", "4 4 4", "x y", "9 9"] {
        assert!(Referee.judge_line(&g, PlayerId(0), bad).is_err(), "{bad:?}");
    }
}

#[test]
fn run_bot_plays_whole_games_against_run_bot_through_the_referee() {
    for seed in 0..6 {
        let mut a = PipeSeat::spawn(PATIENCE, bot_program(random(seed)));
        let mut b = PipeSeat::spawn(PATIENCE, bot_program(random(seed + 100)));
        let game = host(&Referee, &mut [&mut a, &mut b], seed);
        assert_eq!(game.failures, vec![], "seed {seed}");
        assert!(game.state.is_over(), "seed {seed}: the game is played to its end");
        assert_eq!(Some(game.outcome), game.state.outcome(), "seed {seed}: the rules decide, not a forfeit");
        assert_eq!(replay(&game.turns), game.state, "seed {seed}");
    }
}

#[test]
fn each_seat_reads_its_id_on_its_first_turn_only_and_nothing_before_or_after() {
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert!(game.failures.is_empty());
    for (seat, messages) in game.messages.iter().enumerate() {
        let (start, rest) = messages.split_first().expect("a start message");
        let (end, turns) = rest.split_last().expect("an end message");
        assert_eq!((start.as_str(), end.as_str()), ("", ""), "no start or end message in this contest");
        let id = if seat == 0 { "1" } else { "2" };
        assert_eq!(turns[0].lines().next(), Some(id), "seat {seat}'s first turn starts with its id");
        assert!(turns[1..].iter().all(|t| t.starts_with("9\n")), "seat {seat}: later turns start with the row count");
    }
    // The first player's first turn names no last move; the second player's names the first stone.
    assert_eq!(game.messages[0][1].lines().last(), Some("-1 -1"));
    assert_eq!(game.messages[1][1].lines().last(), Some(game.turns[0].text.as_str()));
}

#[test]
fn steal_reaches_the_first_player_s_run_bot_as_the_stolen_cell() {
    // The second player steals the first stone, then both play carefully to the end.
    let steal = |g: &Yavalath, me: PlayerId| g.steal_cell().unwrap_or_else(|| careful(g, me));
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(steal));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert!(game.failures.is_empty());
    assert_eq!(game.turns[0].moves, game.turns[1].moves, "the second move takes the first stone");
    assert!(replay(&game.turns).stolen());
    // The first player's second turn shows the stolen cell as the last move, its stone as the opponent's.
    let second = &game.messages[0][2];
    assert_eq!(second.lines().last(), Some(game.turns[0].text.as_str()));
    let rows: String = second.lines().skip(1).take(9).collect();
    assert_eq!((rows.matches('2').count(), rows.matches('1').count()), (1, 0), "one stone, the opponent's");
    assert!(game.state.is_over());
}

/// Plays `script` as the second player against a careful `run_bot` bot: the failure it makes.
fn second_player_fails(mut script: impl FnMut(&str) -> Reply) -> game_core::testing::contest::Hosted<Yavalath> {
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let mut b = ScriptSeat::new(move |message: &str| script(message));
    host(&Referee, &mut [&mut a, &mut b], 1)
}

/// The failure of the second player on turn `turn`, which loses the game for it at once.
fn assert_lost_at(game: &game_core::testing::contest::Hosted<Yavalath>, turn: usize, kind: &'static str) {
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(1), turn, kind, substituted: false }]);
    assert_eq!(game.outcome.winner(), Some(PlayerId(0)));
    assert_eq!(game.turns.len(), turn - 1, "nothing is played after the failure");
    assert!(!game.state.is_over(), "the game ends by forfeit, not by the rules");
}

#[test]
fn unreadable_answer_loses_two_spaces_between_the_numbers() {
    let game = second_player_fails(|_| Reply::line("4  4"));
    assert_lost_at(&game, 2, "unreadable");
}

#[test]
fn unreadable_answer_loses_a_line_that_is_not_utf8() {
    let game = second_player_fails(|_| Reply::Lines(vec![b"4 4 \xff".to_vec()]));
    assert_lost_at(&game, 2, "unreadable");
}

#[test]
fn off_board_answer_loses_as_an_illegal_move() {
    let game = second_player_fails(|_| Reply::line("9 9"));
    assert_lost_at(&game, 2, "off-board");
}

#[test]
fn occupied_cell_loses_once_the_steal_is_gone() {
    // The second player answers the first player's last move each turn: on its first turn that
    // is the steal (legal), on its second the cell holds a stone.
    let game = second_player_fails(|message| Reply::line(message.lines().last().expect("a last move line")));
    assert_lost_at(&game, 4, "cell-occupied");
    assert!(game.state.stolen());
}

#[test]
fn bot_that_exits_without_answering_loses_as_a_crash() {
    let mut a = PipeSeat::exiting();
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(0), turn: 1, kind: "crash", substituted: false }]);
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert!(game.turns.is_empty());
}

#[test]
fn bot_that_answers_one_turn_then_exits_loses_on_its_next_turn() {
    let mut a = PipeSeat::spawn(PATIENCE, |input: &mut dyn BufRead, output: &mut dyn Write| {
        let mut line = String::new();
        for _ in 0..12 {
            input.read_line(&mut line).expect("the first turn message");
        }
        writeln!(output, "4 4").expect("the answer");
    });
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(0), turn: 3, kind: "crash", substituted: false }]);
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert_eq!(game.turns.len(), 2);
}

#[test]
fn silent_bot_loses_on_time() {
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(careful));
    let mut silent = PipeSeat::silent(Duration::from_millis(50));
    let game = host(&Referee, &mut [&mut a, &mut silent], 1);
    assert_lost_at(&game, 2, "timeout");
}
