//! The graph search ([`DagMcts`]): positions merged across move orders,
//! solved wins, whole legal turns, reproducible play.

use game_core::bot::Bot;
use game_core::rng::seeded;
use game_core::{Game, MAX_PLAYERS, PlayerId, Zobrist};
use game_search::{Budget, DagConfig, DagMcts, EvalCut, UniformRandom};
use nim::Nim;
use paper_soccer::PaperSoccer;

/// Every non-final position is worth 0: only finished games count.
fn no_eval<G: Game>() -> EvalCut<fn(&G, &mut [f64; MAX_PLAYERS])> {
    EvalCut(|_, _| {})
}

fn iterations(n: u32) -> DagConfig {
    DagConfig { budget: Budget::Iterations(n), ..DagConfig::default() }
}

#[test]
fn two_move_orders_reaching_one_position_are_one_node() {
    let start = Nim::new(12, 3);
    let mut dag = DagMcts::with_policy(iterations(3000), no_eval(), 1);
    dag.search(&start, Budget::Iterations(3000));
    let after = |a: u8, b: u8| {
        let mut g = start;
        g.play(PlayerId(0), a).unwrap();
        g.play(PlayerId(1), b).unwrap();
        g
    };
    let (one_two, two_one) = (after(1, 2), after(2, 1));
    assert_eq!(one_two, two_one);
    let node = dag.node_of(one_two.zobrist()).expect("searched");
    assert_eq!(dag.node_of(two_one.zobrist()), Some(node));
    // Piles 0 to 12, either player to move: a tree would have thousands.
    assert!(dag.graph_size() <= 26, "{} nodes", dag.graph_size());
}

#[test]
fn a_solved_win_is_played_from_every_winning_nim_position() {
    for pile in 1..=14u8 {
        let g = Nim::new(pile, 3);
        if pile % 4 == 0 {
            continue;
        }
        let mut dag = DagMcts::with_policy(iterations(5000), no_eval(), u64::from(pile));
        let mv = dag.choose(&g, PlayerId(0)).unwrap();
        assert_eq!((pile - mv) % 4, 0, "pile {pile}: took {mv}");
    }
}

#[test]
fn the_bot_plays_whole_legal_paper_soccer_turns() {
    let mut rng = seeded(5);
    let mut buf = Vec::new();
    let mut dag = DagMcts::with_policy(DagConfig { playout_limit: 300, ..iterations(300) }, UniformRandom, 2);
    for game in 0..4 {
        let mut g = PaperSoccer::default();
        while let Some(p) = g.to_act().next_decider() {
            if p == PlayerId(game % 2) {
                let turn = dag.turn(&g, p);
                assert!(!turn.is_empty());
                for step in turn {
                    g.play(p, step).expect("a legal step");
                }
                assert_ne!(g.to_move(), Some(p), "the turn is whole");
            } else {
                let mv = g.random_legal_move(p, &mut rng, &mut buf).unwrap();
                g.play(p, mv).unwrap();
            }
        }
    }
}

#[test]
fn a_seeded_search_with_an_iteration_budget_is_deterministic() {
    let play = || {
        let mut dag = DagMcts::with_policy(DagConfig { playout_limit: 300, ..iterations(400) }, UniformRandom, 9);
        let mut g = PaperSoccer::default();
        let mut turns = Vec::new();
        while let Some(p) = g.to_act().next_decider() {
            let turn = dag.turn(&g, p);
            for &step in &turn {
                g.play(p, step).unwrap();
            }
            turns.push(turn);
        }
        turns
    };
    assert_eq!(play(), play());
}

#[test]
fn a_bounce_chain_into_the_goal_that_the_evaluation_finds_is_played() {
    use paper_soccer::evaluation::{TURN_STEPS, turn_score, turn_value};
    let eval = EvalCut(|g: &PaperSoccer, out: &mut [f64; MAX_PLAYERS]| {
        out[0] = turn_value(g, PlayerId(0));
        out[1] = -out[0];
    });
    // One bot for both seats: the position where a turn starts was often
    // a leaf of the previous turn's search, solved by its evaluation.
    let mut dag = DagMcts::with_policy(iterations(300), eval, 3);
    let mut wins = 0;
    for _ in 0..10 {
        let mut g = PaperSoccer::default();
        while let Some(p) = g.to_act().next_decider() {
            let can_win = turn_score(&g, TURN_STEPS) == 1000;
            for step in dag.turn(&g, p) {
                g.play(p, step).unwrap();
            }
            if can_win {
                assert_eq!(g.winner(), Some(p), "{g}");
                wins += 1;
            }
        }
    }
    assert!(wins > 0);
}
