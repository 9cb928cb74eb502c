//! How often walks reach the hard cases of the rules: the uniform walk and
//! each bias of `quoridor::testing::edges`, on the same seeds. Each bias
//! must reach the edges it aims at in more games than the uniform walk.
//! `cargo test -p quoridor --release --test suite edges -- --nocapture` prints
//! the table.

use game_core::testing::{Bias, Reach, Uniform, reach};
use quoridor::testing::edges::{BoxIn, CloseCorridors, PawnsMeet, edges};
use quoridor::{Config, Quoridor};

fn measure(name: &str, start: &Quoridor, bias: &dyn Bias<Quoridor>, games: u64) -> Reach {
    let r = reach(start, bias, &edges(), games, 2026);
    let states = r.states;
    print!("{name:<16} {games} games {states:>7} states |", games = r.games);
    for (i, h) in r.hits.iter().enumerate() {
        print!(" {} {:.2}% of states, {:.1}% of games;", h.name, r.state_percent(i), r.game_percent(i));
    }
    println!();
    r
}

fn games_reaching(r: &Reach, edge: &str) -> u64 {
    r.hits.iter().find(|h| h.name == edge).map_or(0, |h| h.games)
}

#[test]
fn pawns_meet_reaches_adjacent_pawns_and_jumps_in_more_games() {
    let start = Quoridor::default();
    let uniform = measure("2p uniform", &start, &Uniform, 300);
    let biased = measure("2p pawns-meet", &start, &PawnsMeet, 300);
    for edge in ["adjacent-pawns", "jump-or-side-step", "side-step"] {
        assert!(games_reaching(&biased, edge) > games_reaching(&uniform, edge), "{edge}");
    }
    assert!(games_reaching(&biased, "goal") > games_reaching(&uniform, "goal"));
}

#[test]
fn close_corridors_reaches_nearly_closed_corridors_in_more_games() {
    let start = Quoridor::new(Config { walls: 40, ..Config::new(7, 2).unwrap() }).unwrap();
    let uniform = measure("7x7 uniform", &start, &Uniform, 200);
    let biased = measure("7x7 corridors", &start, &CloseCorridors, 200);
    assert!(games_reaching(&biased, "nearly-closed-corridor") > games_reaching(&uniform, "nearly-closed-corridor"));
}

#[test]
fn box_in_removes_stuck_four_player_pawns_on_9x9() {
    let start = Quoridor::new(Config::new(9, 4).unwrap()).unwrap();
    let uniform = measure("4p uniform", &start, &Uniform, 500);
    let biased = measure("4p box-in", &start, &BoxIn, 500);
    assert!(games_reaching(&biased, "stuck-pawn-removed") > games_reaching(&uniform, "stuck-pawn-removed"));
    assert!(games_reaching(&biased, "adjacent-pawns") > games_reaching(&uniform, "adjacent-pawns"));
}
