//! Whole games through the contest alone, with no arena: the crate's own [`run_bot`] on one side
//! of in-memory pipes, the crate's [`Referee`] on the other (hosted by
//! `game_core::testing::contest`), and teams that fail in each way the contest knows. Nothing
//! loses at once in Parallel Football: an unreadable or illegal line makes that footballer stay
//! (a bad start cell puts it on its home) and the answer is still played; a team that crashes or
//! runs out of time is stopped and stays for the rest of the game (substitute turns).

use game_core::bot::Bot;
use game_core::referee::{Contest, FailurePolicy, TurnLog};
use game_core::testing::contest::{Hosted, HostedFailure, PipeSeat, Reply, ScriptSeat, Seat, host};
use game_core::{Game, GameError, PlayerId};
use parallel_football::protocol::{Referee, TIME_CONTROL, run_bot};
use parallel_football::{Cell, Config, FootballMove, GreedyTeam, Order, ParallelFootball, RandomTeam};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Long enough for a loaded machine: a real bot never comes near it.
const PATIENCE: Duration = Duration::from_secs(20);

/// A small contest: 8 x 8, two footballers a team, kick range 3, 20 turns.
fn referee() -> Referee {
    Referee::new(Config::new(8, 8, 2, 3, 20).expect("a valid configuration")).expect("a valid contest")
}

/// A team program on the crate's `run_bot`, answering with `bot`'s whole turns; it panics (a
/// crash, for the host) if `run_bot` refuses what the referee sent.
fn program(mut bot: impl Bot<ParallelFootball> + 'static) -> impl FnOnce(&mut dyn BufRead, &mut dyn Write) + Send {
    move |input, output| {
        run_bot(input, output, |state, me, _left| bot.turn(state, me))
            .expect("the referee's messages follow the protocol");
    }
}

/// Hosts a game of `referee()` with greedy and random `run_bot` teams on seats 0, 2 and 3 and
/// `seat1` on seat 1.
fn with_seat1(seat1: &mut dyn Seat, seed: u64) -> Hosted<ParallelFootball> {
    let mut a = PipeSeat::spawn(PATIENCE, program(GreedyTeam::new()));
    let mut c = PipeSeat::spawn(PATIENCE, program(RandomTeam::new(seed)));
    let mut d = PipeSeat::spawn(PATIENCE, program(GreedyTeam::new()));
    host(&referee(), &mut [&mut a, seat1, &mut c, &mut d], seed)
}

/// Seat 1's turns, in order.
fn turns_of(game: &Hosted<ParallelFootball>, seat: PlayerId) -> Vec<&TurnLog<FootballMove>> {
    game.turns.iter().filter(|t| t.player == seat).collect()
}

/// Whether seat 1 started on its home and stayed there all game, every turn of its `p` orders
/// a `stay`: what the contest makes of a team none of whose lines can be used.
fn assert_seat1_stayed_home(game: &Hosted<ParallelFootball>) {
    let home = FootballMove::Place(referee().config().home(PlayerId(1)));
    let turns = turns_of(game, PlayerId(1));
    let (placement, orders) = turns.split_first().expect("a placement turn");
    assert_eq!(placement.moves, [home, home], "both footballers start on the home");
    assert!(!orders.is_empty());
    assert!(orders.iter().all(|t| t.moves == [FootballMove::Order(Order::Stay); 2]), "every order is stay");
    assert!(game.state.field().team_positions(PlayerId(1)).iter().all(|&c| c == Cell::new(7, 0)));
}

/// The game ran to its end under the rules (no forfeit in this contest), no ball lost.
fn assert_played_to_the_end(game: &Hosted<ParallelFootball>) {
    let field = game.state.field();
    assert!(game.state.is_over(), "the game is played to its end");
    assert_eq!(Some(&game.outcome), game.state.outcome().as_ref(), "the rules decide, not a forfeit");
    assert_eq!(field.balls_left() + field.scores().iter().sum::<u32>(), referee().config().start_balls());
}

#[test]
fn contest_substitutes_stays_for_failures_and_stops_a_team_that_times_out() {
    let standard = Referee::default();
    assert_eq!(standard.start(), ParallelFootball::default());
    assert_eq!(standard.config(), Config::default());
    assert_eq!(standard.time_control(), TIME_CONTROL);
    assert_eq!(standard.failure_policy(), FailurePolicy::Substitute);
    assert!(!standard.timeout_keeps_bot(), "a team out of time is stopped");
    assert!(!standard.text_records(), "records are structured only");
    assert_eq!(standard.name(), "parallel-football");
    let hand_built = Config { kick_range: 0, ..Config::default() };
    assert_eq!(Referee::new(hand_built).unwrap_err().kind(), "bad-kick-range");
}

#[test]
fn run_bot_teams_play_whole_games_through_the_referee() {
    for seed in 0..4 {
        let mut a = PipeSeat::spawn(PATIENCE, program(GreedyTeam::new()));
        let mut b = PipeSeat::spawn(PATIENCE, program(RandomTeam::new(seed)));
        let mut c = PipeSeat::spawn(PATIENCE, program(GreedyTeam::new()));
        let mut d = PipeSeat::spawn(PATIENCE, program(RandomTeam::new(seed + 100)));
        let game = host(&referee(), &mut [&mut a, &mut b, &mut c, &mut d], seed);
        assert_eq!(game.failures, vec![], "seed {seed}");
        assert_played_to_the_end(&game);
        // One placement turn, then one turn per played turn, for each of the four teams.
        assert_eq!(game.turns.len(), 4 * (1 + game.state.field().turn() as usize), "seed {seed}");
        assert!(game.turns.iter().all(|t| t.moves.len() == 2), "seed {seed}: two footballers a team");
    }
}

#[test]
fn each_team_reads_its_start_line_then_the_same_turn_message_as_every_other_team() {
    let mut seats: Vec<PipeSeat> = (0..4).map(|_| PipeSeat::spawn(PATIENCE, program(GreedyTeam::new()))).collect();
    let [a, b, c, d] = &mut seats[..] else { unreachable!("four seats") };
    let game = host(&referee(), &mut [a, b, c, d], 1);
    assert!(game.failures.is_empty());
    for (team, messages) in game.messages.iter().enumerate() {
        assert_eq!(messages[0], format!("{team} 2 3 8 8 20\n"), "team p k width height max_turns");
        assert_eq!(messages[1], "", "nothing more before the placement answer");
        assert!(messages[2].starts_with("1 0 0 0 0 "), "turn 1, no score yet: {:?}", messages[2]);
        assert_eq!(messages.last().map(String::as_str), Some(""), "no end message: the input ends");
        assert_eq!(messages[1..], game.messages[0][1..], "complete information: every team reads the same");
    }
}

#[test]
fn unreadable_lines_put_the_team_on_its_home_and_make_it_stay() {
    let mut dancer = ScriptSeat::new(|_: &str| Reply::Lines(vec![b"dance".to_vec(), b"4 4 \xff".to_vec()]));
    let game = with_seat1(&mut dancer, 3);
    assert_eq!(game.failures, vec![], "unreadable lines are forgiven, line by line");
    assert_seat1_stayed_home(&game);
    assert_played_to_the_end(&game);
}

#[test]
fn unreadable_lines_are_noted_with_their_kind_and_line() {
    let r = referee();
    let start = r.start();
    let placed = r.parse_answer(&start, PlayerId(1), &[b"dance", b"9 9", b"1 1"]).expect("an answer to play");
    let kinds: Vec<&str> = placed.notes.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, ["unreadable-line", "off-grid", "extra-line"]);
    assert!(placed.notes[0].message.starts_with("line 1: "), "{}", placed.notes[0].message);
    assert!(placed.notes[1].message.ends_with("(starts on its home)"), "{}", placed.notes[1].message);
}

#[test]
fn illegal_orders_make_the_footballer_stay_and_the_game_go_on() {
    // Start on (3, 3) and (4, 4), then each turn kick from a cell that may have no ball, and
    // move five cells: both read fine and are illegal, so both footballers stay.
    let mut wild = ScriptSeat::new(|message: &str| {
        if message.is_empty() {
            Reply::Lines(vec![b"3 3".to_vec(), b"4 4".to_vec()])
        } else {
            Reply::Lines(vec![b"kick 0 0".to_vec(), b"move 5 0".to_vec()])
        }
    });
    let game = with_seat1(&mut wild, 5);
    assert_eq!(game.failures, vec![]);
    let turns = turns_of(&game, PlayerId(1));
    assert_eq!(turns[0].moves, [FootballMove::Place(Cell::new(3, 3)), FootballMove::Place(Cell::new(4, 4))]);
    assert!(turns[1..].iter().all(|t| t.moves == [FootballMove::Order(Order::Stay); 2]));
    assert_eq!(game.state.field().team_positions(PlayerId(1)), [Cell::new(3, 3), Cell::new(4, 4)]);
    assert_played_to_the_end(&game);
    // The referee notes each refused order with the rules' own kind.
    let r = referee();
    let mut state = r.start();
    for (t, cells) in [(0, [0, 1]), (1, [3, 4]), (2, [5, 6]), (3, [1, 6])] {
        for c in cells {
            state.play(PlayerId(t), FootballMove::Place(Cell::new(c, c))).expect("a cell on the grid");
        }
    }
    let orders = r.parse_answer(&state, PlayerId(1), &[b"kick 0 0", b"move 5 0"]).expect("an answer to play");
    assert_eq!(orders.moves, [FootballMove::Order(Order::Stay); 2]);
    assert_eq!(orders.notes.iter().map(|n| n.kind).collect::<Vec<_>>(), ["zero-kick", "not-one-step"]);
}

#[test]
fn a_team_whose_program_exits_is_stopped_and_stays_for_the_rest_of_the_game() {
    // The program answers its placement, then exits: the end of its output is a crash.
    let mut quitter = PipeSeat::spawn(PATIENCE, |_input: &mut dyn BufRead, output: &mut dyn Write| {
        output.write_all(b"7 0\n7 0\n").expect("the host reads the placement");
    });
    let game = with_seat1(&mut quitter, 7);
    let mine: Vec<&HostedFailure> = game.failures.iter().filter(|f| f.seat == PlayerId(1)).collect();
    assert_eq!(mine.len(), game.failures.len(), "only seat 1 fails");
    assert_eq!(mine.len(), turns_of(&game, PlayerId(1)).len() - 1, "every turn after the placement");
    assert!(mine.iter().all(|f| f.kind == "crash" && f.substituted));
    assert_seat1_stayed_home(&game);
    assert_played_to_the_end(&game);
}

#[test]
fn a_team_out_of_time_is_stopped_and_stays_on_its_home() {
    let mut silent = ScriptSeat::new(|_: &str| Reply::Timeout);
    let game = with_seat1(&mut silent, 9);
    let kinds: Vec<&str> = game.failures.iter().map(|f| f.kind).collect();
    assert_eq!(kinds[0], "timeout", "the first answer runs out of time");
    assert!(kinds[1..].iter().all(|&k| k == "crash"), "then the team is gone: {kinds:?}");
    assert!(game.failures.iter().all(|f| f.seat == PlayerId(1) && f.substituted));
    assert_eq!(game.failures.len(), turns_of(&game, PlayerId(1)).len(), "every turn, the placement included");
    assert_seat1_stayed_home(&game);
    assert_played_to_the_end(&game);
}

#[test]
fn a_short_answer_makes_the_missing_footballers_start_home_and_stay() {
    // One line where two are due: the second footballer starts on the home and stays.
    let mut short = ScriptSeat::new(|message: &str| {
        Reply::Lines(vec![if message.is_empty() { b"7 0".to_vec() } else { b"stay".to_vec() }])
    });
    let game = with_seat1(&mut short, 11);
    assert_eq!(game.failures, vec![]);
    assert_seat1_stayed_home(&game);
    assert_played_to_the_end(&game);
}
