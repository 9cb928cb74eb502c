//! The adapters' best-move overlays ([`Adapter::best_move_svg`]): drawn for
//! every legal turn written as the contest writes turns, `None` for text
//! that is not one.

use super::{Adapter, Contest, parallel_football, quoridor, random_turn};
use game_core::referee::play_turn_on;
use game_core::rng::seeded;
use game_core::{Game, PlayerId, ToAct};

/// Plays a seeded random game of `rounds` rounds at most and checks that
/// every turn played is drawn, on the position its seat decided on and on
/// the position before its answer (which, in a simultaneous round, holds
/// the answers of the seats before it).
fn every_random_turn_is_drawn<A: Adapter>(adapter: &A, rounds: usize) {
    let mut rng = seeded(7);
    let mut state = adapter.start();
    for _ in 0..rounds {
        if state.to_act() == ToAct::Chance {
            state.resolve_chance(&mut rng);
        }
        let seats: Vec<PlayerId> = match state.to_act() {
            ToAct::Player(p) => vec![p],
            ToAct::Simultaneous(set) => set.iter().collect(),
            ToAct::Chance | ToAct::Over => break,
        };
        let snapshot = state.clone();
        for seat in seats {
            let turn = random_turn(&snapshot, seat, &mut rng);
            let text = adapter.format_turn(&snapshot, seat, &turn);
            for before in [&snapshot, &state] {
                let drawn = adapter.best_move_svg(before, seat, &text);
                let drawn = drawn.unwrap_or_else(|| panic!("{}: {text:?} by {seat} is not drawn", adapter.name()));
                assert!(drawn.starts_with("<g class=\"best-move\""), "{drawn}");
            }
            play_turn_on(adapter, &snapshot, &mut state, seat, &turn).unwrap();
        }
    }
}

/// Plays `player`'s turn `text` on `state`.
fn play<A: Adapter>(adapter: &A, state: &mut A::Game, player: u8, text: &str) {
    for m in adapter.judge_line(state, PlayerId(player), text).unwrap() {
        state.play(PlayerId(player), m).unwrap();
    }
}

/// Checks that none of `texts` is drawn for the seat to act in `state`.
fn none_is_drawn<A: Adapter>(adapter: &A, state: &A::Game, texts: &[&str]) {
    let seat = state.to_act().next_decider().expect("a seat to act");
    for text in texts {
        assert_eq!(adapter.best_move_svg(state, seat, text), None, "{}: {text:?}", adapter.name());
    }
}

#[test]
fn best_move_of_every_legal_turn_is_drawn() {
    every_random_turn_is_drawn(&paper_soccer::protocol::Referee, 60);
    every_random_turn_is_drawn(&yavalath::protocol::Referee, 30);
    every_random_turn_is_drawn(&quoridor::referee(2, Some(100)).unwrap(), 40);
    every_random_turn_is_drawn(&quoridor::referee(4, Some(200)).unwrap(), 40);
    every_random_turn_is_drawn(&parallel_football::referee(8, 2, 3, 20).unwrap(), 40);
}

#[test]
fn best_move_that_is_unreadable_or_illegal_is_not_drawn() {
    // Paper Soccer: after 0 went east and 1 north-west, the ball is on the
    // centre's neighbour (4,4); south bounces on (4,5), so "4" alone is
    // incomplete, "44" leaves the ball short, and north-west back is drawn.
    let ps = paper_soccer::protocol::Referee;
    let mut state = ps.start();
    play(&ps, &mut state, 0, "2");
    play(&ps, &mut state, 1, "7");
    none_is_drawn(&ps, &state, &["", "goal", "8", "4", "3", "4 5", "45 "]);
    assert!(ps.best_move_svg(&state, PlayerId(0), "45").is_some(), "the bounce, then on");
    // Yavalath: off the board, unreadable, or a cell taken after the steal
    // is no longer possible.
    let y = yavalath::protocol::Referee;
    let mut state = y.start();
    play(&y, &mut state, 0, "4 4");
    play(&y, &mut state, 1, "0 0");
    none_is_drawn(&y, &state, &["", "centre", "9 9", "4 4", "0 0", "1 1 1"]);
    assert!(y.best_move_svg(&state, PlayerId(0), "1 1").is_some(), "an empty cell");
    // Quoridor: a pawn that jumps two squares, a wall off the board, text.
    let q = quoridor::referee(2, Some(100)).unwrap();
    none_is_drawn(&q, &q.start(), &["", "pawn", "4 6", "8 8 1", "4 8 2"]);
    // Parallel Football (2 footballers, kicks of 3): one order short, a walk
    // of two cells, a kick out of range, text.
    let pf = parallel_football::referee(8, 2, 3, 20).unwrap();
    let mut state = pf.start();
    for t in 0..4 {
        play(&pf, &mut state, t, "3 3, 4 4");
    }
    none_is_drawn(&pf, &state, &["", "stay", "move 2 0, stay", "kick 4 0, stay", "dance, stay", "stay, stay, stay"]);
    assert!(pf.best_move_svg(&state, PlayerId(0), "kick 3 0, move 1 1").is_some(), "a legal turn");
    // The last team to answer a round, after the others: its turn resolves
    // the round (and a third order would be the next round's).
    for t in 0..3 {
        play(&pf, &mut state, t, "stay, stay");
    }
    assert!(pf.best_move_svg(&state, PlayerId(3), "kick 3 0, move 1 1").is_some(), "the round's last answer");
    none_is_drawn(&pf, &state, &["stay", "stay, stay, stay"]);
}
