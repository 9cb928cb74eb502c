//! Whole games through the contest alone, with no arena: the crate's own [`run_bot`] on one side
//! of in-memory pipes, the crate's [`Referee`] on the other (hosted by
//! `game_core::testing::contest`), and bots that fail in each way the contest knows. Every
//! failure (an unreadable or illegal turn, no answer, a bot that exits) loses the game at once:
//! Paper Soccer has no substitute turn and no removal.

use game_core::bot::Bot;
use game_core::referee::{Contest, FailurePolicy, TurnLog, random_turn};
use game_core::rng::seeded;
use game_core::testing::contest::{Hosted, HostedFailure, PipeSeat, Reply, ScriptSeat, host};
use game_core::{Game, PlayerId};
use paper_soccer::opponents::Greedy;
use paper_soccer::protocol::{Referee, TIME_CONTROL, run_bot};
use paper_soccer::{Dir, PaperSoccer, Turn};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Long enough for a loaded machine: a real bot never comes near it.
const PATIENCE: Duration = Duration::from_secs(20);

/// A bot program on the crate's `run_bot`, playing the whole turns `choose` returns; it panics
/// (a crash, for the host) if `run_bot` refuses what the referee sent.
fn bot_program(
    mut choose: impl FnMut(&PaperSoccer, PlayerId) -> Vec<Dir> + Send + 'static,
) -> impl FnOnce(&mut dyn BufRead, &mut dyn Write) + Send + 'static {
    move |input, output| {
        run_bot(input, output, |g: &PaperSoccer, me: PlayerId, _left: Duration| choose(g, me))
            .expect("the referee's messages follow the protocol");
    }
}

/// A uniformly random whole turn, one random step at a time, from its own seeded generator.
fn random(seed: u64) -> impl FnMut(&PaperSoccer, PlayerId) -> Vec<Dir> + Send + 'static {
    let mut rng = seeded(seed);
    move |g, me| random_turn(g, me, &mut rng)
}

/// The crate's reference opponent.
fn greedy(seed: u64) -> impl FnMut(&PaperSoccer, PlayerId) -> Vec<Dir> + Send + 'static {
    let mut bot = Greedy::new(seed);
    move |g, me| bot.turn(g, me)
}

/// The first whole turn the generator lists: the same game every time.
fn first_turn(g: &PaperSoccer, _me: PlayerId) -> Vec<Dir> {
    g.legal_turns(1).remove(0).steps().to_vec()
}

/// Plays the recorded turns from the start: the position the host ended with.
fn replay(turns: &[TurnLog<Dir>]) -> PaperSoccer {
    let mut g = Referee.start();
    for t in turns {
        let digits: String = t.moves.iter().map(|d| d.digit()).collect();
        assert_eq!(t.text, digits, "a turn's text is its step digits");
        g.play_turn(&t.text).expect("a played turn is legal");
    }
    g
}

#[test]
fn a_text_record_is_one_turn_per_line_each_read_as_its_digits() {
    assert_eq!(Referee.judge_split("0\r\n\n22\n"), ["0", "", "22"]);
    let g = PaperSoccer::default();
    assert_eq!(Referee.judge_line(&g, PlayerId(0), "0").unwrap(), [Dir::N]);
    assert!(Referee.judge_line(&g, PlayerId(0), "").is_err(), "an empty line is an empty turn");
    assert!(Referee.judge_line(&g, PlayerId(0), "9").is_err());
    assert_eq!(Referee.format_move(&g, Dir::SW), "5");
}

#[test]
fn contest_is_the_rules_standard_game_with_loss_for_any_failure() {
    assert_eq!(Referee.start(), PaperSoccer::default());
    assert_eq!(Referee.time_control(), TIME_CONTROL);
    assert_eq!(Referee.failure_policy(), FailurePolicy::Loss);
    assert!(!Referee.timeout_keeps_bot(), "a bot out of time is stopped");
    assert_eq!(Referee.name(), "paper-soccer");
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
fn greedy_beats_random_through_the_referee() {
    let mut wins = 0;
    for seed in 0..4 {
        let mut a = PipeSeat::spawn(PATIENCE, bot_program(greedy(seed)));
        let mut b = PipeSeat::spawn(PATIENCE, bot_program(random(seed)));
        let game = host(&Referee, &mut [&mut a, &mut b], seed);
        assert_eq!(game.failures, vec![], "seed {seed}");
        assert_eq!(replay(&game.turns), game.state, "seed {seed}");
        wins += usize::from(game.outcome.winner() == Some(PlayerId(0)));
    }
    assert!(wins >= 3, "greedy won {wins} of 4");
}

#[test]
fn each_seat_reads_its_id_once_then_the_opponent_s_last_turn_and_nothing_at_the_end() {
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(random(1)));
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(random(2)));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert!(game.failures.is_empty());
    for (seat, messages) in game.messages.iter().enumerate() {
        let (start, rest) = messages.split_first().expect("a start message");
        assert_eq!(start, &format!("{seat}\n"), "seat {seat} reads its id at the start");
        let (end, _) = rest.split_last().expect("an end message");
        assert_eq!(end, "", "the input just ends: no end message");
    }
    // Before each turn its player reads the opponent's last turn (`1` and `-` before the first).
    let mut next = [1usize, 1];
    let mut last: Option<&str> = None;
    for t in &game.turns {
        let p = t.player.index();
        let expected = last.map_or_else(|| "1\n-\n".to_string(), |text| format!("{}\n{text}\n", text.len()));
        assert_eq!(game.messages[p][next[p]], expected, "seat {p}'s message before its turn {}", t.text);
        next[p] += 1;
        last = Some(&t.text);
    }
}

/// Plays `script` as the second player against a deterministic `run_bot` bot: the failure it
/// makes.
fn second_player_fails(mut script: impl FnMut(&str) -> Reply) -> Hosted<PaperSoccer> {
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(first_turn));
    let mut b = ScriptSeat::new(move |message: &str| script(message));
    host(&Referee, &mut [&mut a, &mut b], 1)
}

/// The failure of the second player on turn `turn`, which loses the game for it at once.
fn assert_lost_at(game: &Hosted<PaperSoccer>, turn: usize, kind: &'static str) {
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(1), turn, kind, substituted: false }]);
    assert_eq!(game.outcome.winner(), Some(PlayerId(0)));
    assert_eq!(game.turns.len(), turn - 1, "nothing is played after the failure");
    assert!(!game.state.is_over(), "the game ends by forfeit, not by the rules");
}

#[test]
fn unreadable_answer_loses_a_letter() {
    assert_lost_at(&second_player_fails(|_| Reply::line("0x")), 2, "bad-character");
}

#[test]
fn unreadable_answer_loses_a_line_that_is_not_utf8() {
    assert_lost_at(&second_player_fails(|_| Reply::Lines(vec![b"0\xff".to_vec()])), 2, "bad-character");
}

#[test]
fn empty_answer_loses_as_an_empty_turn() {
    assert_lost_at(&second_player_fails(|_| Reply::line("")), 2, "empty-turn");
}

#[test]
fn direction_8_passes_the_character_check_and_loses_as_no_such_point() {
    assert_lost_at(&second_player_fails(|_| Reply::line("8")), 2, "no-such-point");
}

#[test]
fn going_back_along_the_opponent_s_last_line_loses_as_a_line_already_drawn() {
    // The message's second line is the opponent's turn; its last step reversed is its last line.
    let game = second_player_fails(|message| {
        let turn: Turn = message.lines().nth(1).expect("a turn line").parse().expect("a turn");
        let last = turn.steps().last().expect("a step").index();
        Reply::line(&((last + 4) % 8).to_string())
    });
    assert_lost_at(&game, 2, "line-already-drawn");
}

#[test]
fn a_step_after_the_turn_ended_loses() {
    // `00`: the first step reaches a fresh point, so the turn is over before the second.
    let mut a = ScriptSeat::new(|_: &str| Reply::line("00"));
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(first_turn));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert_eq!(
        game.failures,
        vec![HostedFailure { seat: PlayerId(0), turn: 1, kind: "step-after-turn-end", substituted: false }]
    );
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert!(game.turns.is_empty());
}

#[test]
fn bot_that_exits_without_answering_loses_as_a_crash() {
    let mut a = PipeSeat::exiting();
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(first_turn));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(0), turn: 1, kind: "crash", substituted: false }]);
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert!(game.turns.is_empty());
}

#[test]
fn bot_that_answers_one_turn_then_exits_loses_on_its_next_turn() {
    let mut a = PipeSeat::spawn(PATIENCE, |input: &mut dyn BufRead, output: &mut dyn Write| {
        let mut lines = String::new();
        for _ in 0..3 {
            input.read_line(&mut lines).expect("the id and the first turn message");
        }
        writeln!(output, "0").expect("the answer");
    });
    let mut b = PipeSeat::spawn(PATIENCE, bot_program(first_turn));
    let game = host(&Referee, &mut [&mut a, &mut b], 1);
    assert_eq!(game.failures, vec![HostedFailure { seat: PlayerId(0), turn: 3, kind: "crash", substituted: false }]);
    assert_eq!(game.outcome.winner(), Some(PlayerId(1)));
    assert_eq!(game.turns.len(), 2);
}

#[test]
fn silent_bot_loses_on_time() {
    let mut a = PipeSeat::spawn(PATIENCE, bot_program(first_turn));
    let mut silent = PipeSeat::silent(Duration::from_millis(50));
    let game = host(&Referee, &mut [&mut a, &mut silent], 1);
    assert_lost_at(&game, 2, "timeout");
}
