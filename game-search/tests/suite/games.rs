//! The searches on every game: legal play through simultaneous and chance
//! nodes (Parallel Football), four players with eliminations (Quoridor),
//! repeated turns (Paper Soccer) and alpha-beta on Yavalath.

use game_core::bot::Bot;
use game_core::rng::seeded;
use game_core::{Game, PlayerId, ToAct};
use game_search::{AlphaBeta, AlphaBetaConfig, Budget, FlatConfig, FlatMonteCarlo, Mcts, MctsConfig, NoEvaluation};
use std::time::Duration;

/// Plays `me`'s whole turn with `s` (moves while `me` stays to act).
fn turn<G: Game>(s: &mut dyn Bot<G>, state: &G, me: PlayerId) -> Vec<G::Move> {
    let mut g = state.clone();
    let mut out = Vec::new();
    while g.to_act().includes(me) {
        let mv = s.choose(&g, me).expect("a legal move");
        g.play(me, mv).expect("a legal move");
        out.push(mv);
    }
    out
}

#[test]
fn mcts_plays_simultaneous_and_chance_nodes_legally() {
    use parallel_football::{Config, ParallelFootball};
    let mut g = ParallelFootball::new(Config::new(6, 6, 2, 3, 12).unwrap()).unwrap();
    let cfg = MctsConfig { budget: Budget::Iterations(40), playout_limit: 60, ..MctsConfig::default() };
    let mut bots: Vec<Mcts<ParallelFootball>> = (0..4).map(|i| Mcts::new(cfg, i)).collect();
    let mut rng = seeded(5);
    let mut turns = 0;
    while !g.is_over() {
        match g.to_act() {
            ToAct::Chance => {
                g.resolve_chance(&mut rng).unwrap();
            }
            ToAct::Simultaneous(set) => {
                let snapshot = g.clone();
                for p in set.iter() {
                    let moves = turn(&mut bots[p.index()], &snapshot, p);
                    assert_eq!(moves.len(), 2, "one move per footballer");
                    for m in moves {
                        g.play(p, m).unwrap();
                    }
                }
                turns += 1;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(turns, 13, "placement plus 12 turns");
}

#[test]
fn mcts_handles_four_players_and_repeated_turns() {
    let mut q =
        quoridor::Quoridor::new(quoridor::Config { tick_limit: Some(24), ..quoridor::Config::new(5, 4).unwrap() })
            .unwrap();
    let mut bot =
        Mcts::<quoridor::Quoridor>::new(MctsConfig { budget: Budget::Iterations(30), ..MctsConfig::default() }, 3);
    while let Some(p) = q.to_act().next_decider() {
        let mv = bot.choose(&q, p).unwrap();
        q.play(p, mv).unwrap();
    }
    assert!(q.outcome().is_some());
    let mut ps = paper_soccer::PaperSoccer::default();
    let mut bot = Mcts::<paper_soccer::PaperSoccer>::new(
        MctsConfig { budget: Budget::Time(Duration::from_millis(2)), ..MctsConfig::default() },
        4,
    );
    while let Some(p) = ps.to_act().next_decider() {
        for m in turn(&mut bot, &ps, p) {
            ps.play(p, m).unwrap();
        }
    }
    assert!(ps.outcome().is_some());
}

#[test]
fn paranoid_plays_four_player_quoridor_and_paper_soccer_turns() {
    use game_search::{EvalFn, Paranoid, ParanoidConfig};
    let mut q =
        quoridor::Quoridor::new(quoridor::Config { tick_limit: Some(40), ..quoridor::Config::new(5, 4).unwrap() })
            .unwrap();
    let cfg = ParanoidConfig { budget: Budget::Iterations(2), ..ParanoidConfig::default() };
    let mut bot = Paranoid::new(cfg, EvalFn(|g: &quoridor::Quoridor, me: PlayerId| quoridor::evaluation::score(g, me)));
    while let Some(p) = q.to_act().next_decider() {
        let mv = bot.choose(&q, p).unwrap();
        q.play(p, mv).unwrap();
    }
    assert!(q.outcome().is_some());
    let mut ps = paper_soccer::PaperSoccer::default();
    let cfg = ParanoidConfig { budget: Budget::Iterations(3), ..ParanoidConfig::default() };
    let mut bot = Paranoid::new(
        cfg,
        EvalFn(|g: &paper_soccer::PaperSoccer, me: PlayerId| paper_soccer::evaluation::score(g, me)),
    );
    while let Some(p) = ps.to_act().next_decider() {
        for m in turn(&mut bot, &ps, p) {
            ps.play(p, m).unwrap();
        }
    }
    assert!(ps.outcome().is_some());
}

#[test]
fn alphabeta_and_flat_play_whole_yavalath_games() {
    let mut g = yavalath::Yavalath::default();
    let mut ab = AlphaBeta::new(
        AlphaBetaConfig { budget: Budget::Iterations(2), tt_bits: 14, ..Default::default() },
        NoEvaluation,
    );
    let mut flat = FlatMonteCarlo::new(FlatConfig { budget: Budget::Iterations(200), ..FlatConfig::default() }, 2);
    while let ToAct::Player(p) = g.to_act() {
        let mv = if p == PlayerId(0) { ab.choose(&g, p) } else { flat.choose(&g, p) };
        g.play(p, mv.unwrap()).unwrap();
    }
    assert!(g.outcome().is_some());
}
