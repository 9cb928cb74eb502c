//! The searches on Nim, against exact game values from exhaustive search.

use game_core::bot::Bot;
use game_core::{Game, PlayerId, ToAct};
use game_search::{
    AlphaBeta, AlphaBetaConfig, Budget, FlatConfig, FlatMonteCarlo, Mcts, MctsConfig, NoEvaluation, Paranoid,
    ParanoidConfig, WIN,
};
use nim::Nim;

/// The exact value of `g` for the player to move (+1 win, -1 loss), by
/// exhaustive search over the whole game tree.
fn exact(g: &Nim) -> i32 {
    let ToAct::Player(p) = g.to_act() else { return -1 };
    let mut moves = Vec::new();
    g.legal_moves(p, &mut moves);
    if moves.iter().any(|&m| {
        let mut c = *g;
        c.play_unchecked(p, m);
        c.is_over() || exact(&c) < 0
    }) {
        1
    } else {
        -1
    }
}

/// Every position of piles 1..=max_pile, takes 1..=k for k in 1..=3,
/// either player to move.
fn positions(max_pile: u8) -> impl Iterator<Item = Nim> {
    (1..=3u8).flat_map(move |k| {
        (1..=max_pile).flat_map(move |pile| [0, 1].map(|p| Nim { pile, max_take: k, to_move: PlayerId(p) }))
    })
}

fn wins(g: &Nim, mv: u8) -> bool {
    (g.pile - mv) % (g.max_take + 1) == 0
}

#[test]
fn exhaustive_values_match_the_formula() {
    for g in positions(14) {
        assert_eq!(exact(&g) > 0, g.pile % (g.max_take + 1) != 0, "{g:?}");
    }
}

#[test]
fn alphabeta_finds_exact_values_and_winning_moves() {
    for g in positions(14) {
        let mut ab = AlphaBeta::new(
            AlphaBetaConfig {
                budget: Budget::Iterations(u32::from(g.pile)),
                tt_bits: 12,
                ..AlphaBetaConfig::default()
            },
            NoEvaluation,
        );
        let me = g.to_move;
        let info = ab.search(&g, me);
        let value = exact(&g);
        assert_eq!(info.score.signum(), value, "{g:?}: {info:?}");
        assert!(info.score.abs() > WIN - 1000, "{g:?} proven: {info:?}");
        if value > 0 {
            assert!(wins(&g, ab.choose(&g, me).unwrap()), "{g:?}");
        }
    }
}

#[test]
fn paranoid_finds_exact_values_and_winning_moves() {
    for g in positions(10) {
        let cfg = ParanoidConfig { budget: Budget::Iterations(u32::from(g.pile)), ..ParanoidConfig::default() };
        let mut p = Paranoid::new(cfg, NoEvaluation);
        let me = g.to_move;
        let (mv, score) = p.search(&g, me);
        let value = exact(&g);
        assert_eq!(score.signum(), value, "{g:?}: {score}");
        assert!(score.abs() > WIN - 1000, "{g:?} proven: {score}");
        // The win comes as soon as possible: WIN less the plies to it.
        if value > 0 {
            assert!(wins(&g, mv.unwrap()), "{g:?}");
            let plies = WIN - score;
            assert_eq!(plies % 2, 1, "{g:?}: the searcher makes the last move");
        }
    }
}

#[test]
fn mcts_finds_every_winning_move() {
    for g in positions(12).filter(|g| exact(g) > 0) {
        let cfg = MctsConfig { budget: Budget::Iterations(3000), ..MctsConfig::default() };
        let mut mcts = Mcts::new(cfg, u64::from(g.pile));
        let mv = mcts.choose(&g, g.to_move).unwrap();
        assert!(wins(&g, mv), "{g:?}: chose {mv}");
    }
}

#[test]
fn flat_monte_carlo_finds_winning_moves_near_the_end() {
    for g in positions(6).filter(|g| exact(g) > 0) {
        let mut flat = FlatMonteCarlo::new(FlatConfig { budget: Budget::Iterations(3000), ..FlatConfig::default() }, 1);
        let mv = flat.choose(&g, g.to_move).unwrap();
        assert!(wins(&g, mv), "{g:?}: chose {mv}");
    }
}

#[test]
fn searches_are_deterministic_for_a_seed() {
    let g = Nim::new(30, 4);
    let cfg = MctsConfig { budget: Budget::Iterations(500), ..MctsConfig::default() };
    let a = Mcts::new(cfg, 9).search(&g, PlayerId(0));
    let b = Mcts::new(cfg, 9).search(&g, PlayerId(0));
    assert_eq!(a, b);
    let fc = FlatConfig { budget: Budget::Iterations(500), ..FlatConfig::default() };
    assert_eq!(FlatMonteCarlo::new(fc, 4).search(&g, PlayerId(0)), FlatMonteCarlo::new(fc, 4).search(&g, PlayerId(0)));
}

#[test]
fn mcts_reuses_its_tree_and_beats_random() {
    let cfg = MctsConfig { budget: Budget::Iterations(400), ..MctsConfig::default() };
    let mut wins = 0;
    for seed in 0..10u64 {
        let mut g = Nim::new(21, 3);
        let mut a = Mcts::new(cfg, seed);
        let mut rng = game_core::rng::seeded(seed + 100);
        let mut moves = Vec::new();
        while let ToAct::Player(p) = g.to_act() {
            let mv = if p == PlayerId(0) {
                let before = a.tree_size();
                let mv = a.choose(&g, p).unwrap();
                assert!(before == 0 || a.tree_size() >= before, "the tree grows when reused");
                mv
            } else {
                g.legal_moves(p, &mut moves);
                moves[game_core::rng::below(&mut rng, moves.len())]
            };
            g.play(p, mv).unwrap();
        }
        wins += usize::from(g.outcome().unwrap().winner() == Some(PlayerId(0)));
    }
    assert!(wins >= 9, "mcts won only {wins} of 10");
}

#[test]
fn mcts_evaluation_gives_each_seat_the_sign_of_the_exact_value() {
    let cfg = MctsConfig { budget: Budget::Iterations(3000), ..MctsConfig::default() };
    for pile in 5..=12u8 {
        let g = Nim::new(pile, 3);
        let me = PlayerId(0);
        let e = Mcts::new(cfg, u64::from(pile)).evaluate(&g, me);
        assert_eq!(e.visits, 3000);
        let exact = exact(&g);
        assert_eq!(e.values[0] > 0.0, exact > 0, "pile {pile}: {:?}", e.values);
        assert_eq!(e.values[1] > 0.0, exact < 0, "pile {pile}: the other seat's value {:?}", e.values);
        if exact > 0 {
            assert!(wins(&g, e.best.unwrap()), "pile {pile}: best {:?} does not win", e.best);
        }
        // Asked about the seat that does not act: values, no move.
        let other = Mcts::new(cfg, 1).evaluate(&g, PlayerId(1));
        assert_eq!(other.best, None);
        assert_eq!(other.values[0] > 0.0, exact > 0);
    }
    // The end of the game: the outcome, exactly.
    let mut over = Nim::new(1, 3);
    over.play(PlayerId(0), 1).unwrap();
    let e = Mcts::new(cfg, 1).evaluate(&over, PlayerId(1));
    assert_eq!((e.best, e.visits), (None, 0));
    assert_eq!(
        &e.values[..2],
        &[over.outcome().unwrap().value_for(PlayerId(0)), over.outcome().unwrap().value_for(PlayerId(1))]
    );
}
