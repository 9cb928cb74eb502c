//! The `game_core::Game` view: conformance kit, phases, chance, outcome,
//! notation and records.

use game_core::rng::seeded;
use game_core::testing::{KitConfig, assert_conforms, check_state};
use game_core::{Event, Game, GameError, MoveNotation, PlayerId, PlayerSet, Record, SeatError, ToAct};
use parallel_football::{
    Cell, Config, Field, FootballMove, GreedyTeam, KickAllocation, MoveError, Order, OrderError, ParallelFootball,
    RandomTeam, Setup, SetupError, play_game,
};

fn cfg(w: u32, h: u32, p: u32, k: u32, turns: u32) -> Config {
    Config::new(w, h, p, k, turns).unwrap()
}

#[test]
fn conformance_kit_small_configs() {
    for (config, games) in [
        (cfg(6, 6, 1, 1, 6), 12),
        (cfg(6, 6, 1, 3, 6), 12),
        (cfg(5, 4, 2, 2, 4), 8),
        (cfg(3, 3, 2, 2, 30), 8),
        (cfg(2, 3, 1, 1, 5), 8),
        (cfg(2, 2, 1, 1, 3), 2),
        (cfg(4, 4, 3, 46, 3), 4),
    ] {
        let report =
            assert_conforms(&ParallelFootball::new(config).unwrap(), &KitConfig { games, seed: 11, check_every: 1 });
        assert_eq!(report.games, games);
    }
}

#[test]
fn conformance_kit_from_a_greedy_midgame() {
    // Crowded positions with contested cells: a greedy game on a small grid.
    let config = cfg(6, 6, 2, 2, 40);
    let (mut a, mut b, mut c, mut d) = (GreedyTeam::new(), GreedyTeam::new(), GreedyTeam::new(), GreedyTeam::new());
    let record = play_game(config, [&mut a, &mut b, &mut c, &mut d], 3);
    let mut field = Field::new(config, &record.starts).unwrap();
    for t in record.turns.iter().take(3) {
        field.play_turn(&t.orders, &mut parallel_football::ExplicitAllocation::new(&t.successes).unwrap()).unwrap();
    }
    if !field.is_over() {
        let start = ParallelFootball::from_field(field);
        assert_conforms(&start, &KitConfig { games: 10, seed: 5, check_every: 1 });
    }
}

#[test]
fn placement_phase_is_simultaneous_then_turns_then_chance() {
    let config = cfg(6, 6, 2, 2, 5);
    let mut g = ParallelFootball::new(config).unwrap();
    assert_eq!(g.to_act(), ToAct::Simultaneous(PlayerSet::first(4)));
    assert!(g.in_placement());
    // Orders are refused during the placement, places during the turns.
    assert_eq!(g.check_move(PlayerId(0), FootballMove::Order(Order::Stay)), Err(MoveError::WrongPhase("placement")));
    assert_eq!(g.play(PlayerId(1), FootballMove::Place(Cell::new(6, 0))), Err(MoveError::PlaceOffGrid { x: 6, y: 0 }));
    g.play(PlayerId(2), FootballMove::Place(Cell::new(1, 1))).unwrap();
    g.play(PlayerId(2), FootballMove::Place(Cell::new(2, 1))).unwrap();
    assert_eq!(g.to_act(), ToAct::Simultaneous(PlayerSet::first(4).without(PlayerId(2))));
    assert_eq!(g.play(PlayerId(2), FootballMove::Place(Cell::new(1, 1))), Err(MoveError::NotToAct(PlayerId(2))));
    for t in [0, 1, 3] {
        for _ in 0..2 {
            g.play(PlayerId(t), FootballMove::Place(Cell::new(3, 3))).unwrap();
        }
    }
    assert!(!g.in_placement());
    assert_eq!(g.field().position(4), Cell::new(1, 1));
    assert_eq!(g.field().position(5), Cell::new(2, 1));
    assert_eq!(g.to_act(), ToAct::Simultaneous(PlayerSet::first(4)));
    assert_eq!(g.check_move(PlayerId(0), FootballMove::Place(Cell::new(0, 0))), Err(MoveError::WrongPhase("turn")));
    // Orders, footballer by footballer; illegal ones are typed errors.
    let e = g.check_move(PlayerId(0), FootballMove::Order(Order::Kick { dx: 3, dy: 0 })).unwrap_err();
    assert_eq!(
        e,
        MoveError::IllegalOrder {
            team: PlayerId(0),
            footballer: 0,
            reason: OrderError::OutOfRange { dx: 3, dy: 0, k: 2 }
        }
    );
    assert_eq!(e.kind(), "out-of-range");
    for t in 0..4 {
        g.play(PlayerId(t), FootballMove::Order(Order::Kick { dx: 1, dy: 0 })).unwrap();
        g.play(PlayerId(t), FootballMove::Order(Order::Stay)).unwrap();
    }
    assert_eq!(g.to_act(), ToAct::Chance);
    // Footballer 4 (team 2) kicks alone from (1, 1); players 0, 2 and 6 all
    // kick from (3, 3), which holds one ball: contested, one succeeds.
    let chance = g.sample_chance(&mut seeded(4)).unwrap();
    assert_eq!(chance.successes.len(), 1);
    let before = g.clone();
    assert!(g.apply_chance(&KickAllocation { successes: vec![] }).is_err());
    assert_eq!(g, before);
    g.apply_chance(&chance).unwrap();
    assert_eq!(g.field().turn(), 1);
    assert_eq!(g.to_act(), ToAct::Simultaneous(PlayerSet::first(4)));
    assert_eq!(g.field().balls_at(Cell::new(3, 3)), 0);
    assert_eq!(g.field().balls_at(Cell::new(1, 1)), 0);
    assert_eq!(g.field().balls_at(Cell::new(2, 1)), 2);
}

#[test]
fn uncontested_turn_has_an_empty_chance_value() {
    let config = cfg(6, 6, 1, 2, 5);
    let mut g = ParallelFootball::new(config).unwrap();
    for t in 0..4 {
        g.play(PlayerId(t), FootballMove::Place(Cell::new(t + 1, 2))).unwrap();
    }
    for t in 0..4 {
        g.play(PlayerId(t), FootballMove::Order(Order::Kick { dx: 0, dy: 1 })).unwrap();
    }
    assert_eq!(g.sample_chance(&mut seeded(1)), Some(KickAllocation::default()));
    assert!(g.apply_chance(&KickAllocation { successes: vec![0] }).is_err());
    g.resolve_chance(&mut seeded(1)).unwrap();
    assert_eq!(g.field().balls_at(Cell::new(1, 3)), 2);
}

#[test]
fn outcome_ranks_by_score_and_ties_share() {
    let config = cfg(4, 4, 1, 3, 1);
    let mut g = ParallelFootball::new(config).unwrap();
    let starts = [Cell::new(1, 1), Cell::new(2, 1), Cell::new(2, 2), Cell::new(1, 2)];
    for (t, c) in starts.into_iter().enumerate() {
        g.play(PlayerId(t as u8), FootballMove::Place(c)).unwrap();
    }
    // Teams 0 and 1 score into their homes, 2 kicks into home 0, 3 stays.
    let orders =
        [Order::Kick { dx: -1, dy: -1 }, Order::Kick { dx: 1, dy: -1 }, Order::Kick { dx: -2, dy: -2 }, Order::Stay];
    for (t, o) in orders.into_iter().enumerate() {
        g.play(PlayerId(t as u8), FootballMove::Order(o)).unwrap();
    }
    g.resolve_chance(&mut seeded(0)).unwrap();
    assert_eq!(g.to_act(), ToAct::Over);
    assert_eq!(g.end_reason(), Some("turn-limit"));
    let o = g.outcome().unwrap();
    assert_eq!(o.scores(), [2, 1, 0, 0]);
    assert_eq!(o.ranks(), [0, 1, 2, 2]);
    assert_eq!(o.winner(), Some(PlayerId(0)));
    assert!(g.check_move(PlayerId(0), FootballMove::Order(Order::Stay)) == Err(MoveError::Seat(SeatError::GameOver)));
}

#[test]
fn move_notation_round_trips() {
    let g = ParallelFootball::new(Config::default()).unwrap();
    for mv in [
        FootballMove::Place(Cell::new(31, 0)),
        FootballMove::Order(Order::Stay),
        FootballMove::Order(Order::Move { dx: -1, dy: 1 }),
        FootballMove::Order(Order::Kick { dx: -46, dy: 0 }),
    ] {
        let text = g.format_move(mv);
        assert_eq!(g.parse_move(&text), Ok(mv), "{text}");
    }
    assert_eq!(g.format_move(FootballMove::Order(Order::Kick { dx: 3, dy: -4 })), "kick 3 -4");
    assert_eq!(g.format_move(FootballMove::Place(Cell::new(4, 7))), "4 7");
    for bad in ["", "kick", "kick 1", "run 1 1", "1 2 3", "stay now", "kick 1 1000", "-1 4"] {
        let e = g.parse_move(bad).unwrap_err();
        assert_eq!(e.kind(), "unreadable-move");
    }
}

#[test]
fn setup_round_trips_in_every_phase() {
    let config = cfg(5, 5, 2, 2, 10);
    let mut g = ParallelFootball::new(config).unwrap();
    let mut rng = seeded(8);
    let mut moves = Vec::new();
    for _ in 0..40 {
        check_state(&g).unwrap();
        let back = ParallelFootball::from_setup(g.to_setup()).unwrap();
        assert_eq!(back, g);
        match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                g.resolve_chance(&mut rng).unwrap();
            }
            act => {
                let p = act.next_decider().unwrap();
                g.legal_moves(p, &mut moves);
                let mv = moves[game_core::rng::below(&mut rng, moves.len())];
                g.play(p, mv).unwrap();
            }
        }
    }
}

#[test]
fn invalid_setups_are_refused() {
    let g = ParallelFootball::new(cfg(5, 5, 1, 2, 10)).unwrap();
    let mut s = g.to_setup();
    s.balls[0] = 1; // a ball on home 0
    assert_eq!(ParallelFootball::from_setup(s).unwrap_err().kind(), "ball-on-home");
    let mut s = g.to_setup();
    s.balls.pop();
    assert_eq!(ParallelFootball::from_setup(s).unwrap_err().kind(), "ball-count");
    let mut s = g.to_setup();
    s.turn = 3; // still placing after turn 0
    assert_eq!(ParallelFootball::from_setup(s).unwrap_err().kind(), "inconsistent-setup");
    let mut s = g.to_setup();
    s.players = [vec![Cell::new(2, 2)], vec![Cell::new(2, 2)], vec![Cell::new(2, 2)], vec![Cell::new(2, 2)]];
    s.pending[0] = vec![Order::Kick { dx: 0, dy: 0 }];
    assert_eq!(ParallelFootball::from_setup(s).unwrap_err().kind(), "illegal-pending-order");
    let json = r#"{"config":{"width":1,"height":5,"players":1,"kick_range":1,"max_turns":5}}"#;
    assert!(serde_json::from_str::<parallel_football::Setup>(json).is_err());
}

#[test]
fn a_setup_with_more_cells_or_more_orders_than_a_teams_footballers_is_refused() {
    let g = ParallelFootball::new(cfg(5, 5, 1, 2, 10)).unwrap();
    let one = || vec![Cell::new(2, 2)];
    for team in 0..4 {
        // Two cells for a team of one (no orders).
        let mut s = g.to_setup();
        s.players = [one(), one(), one(), one()];
        s.players[team].push(Cell::new(1, 1));
        let e = ParallelFootball::from_setup(s).unwrap_err();
        assert_eq!(e, SetupError::Inconsistent("more cells or orders than players in a team"), "team {team}: cells");
        // Two orders for a team of one (its cells right).
        let mut s = g.to_setup();
        s.players = [one(), one(), one(), one()];
        s.pending[team] = vec![Order::Stay, Order::Stay];
        let e = ParallelFootball::from_setup(s).unwrap_err();
        assert_eq!(e, SetupError::Inconsistent("more cells or orders than players in a team"), "team {team}: orders");
    }
}

#[test]
fn a_game_record_replays_through_the_game_trait() {
    let config = cfg(8, 8, 2, 3, 60);
    let (mut a, mut b) = (GreedyTeam::new(), RandomTeam::new(1));
    let (mut c, mut d) = (GreedyTeam::new(), RandomTeam::new(2));
    let record = play_game(config, [&mut a, &mut b, &mut c, &mut d], 17);
    let core: Record<ParallelFootball> = record.to_core_record().unwrap();
    let json = serde_json::to_string(&core).unwrap();
    let back: Record<ParallelFootball> = serde_json::from_str(&json).unwrap();
    let end = back.replay().unwrap();
    assert_eq!(end.field(), &record.replay().unwrap());
    assert_eq!(end.outcome(), core.outcome);
    assert!(core.events.iter().any(|e| matches!(e, Event::Chance(_))));
}

#[test]
fn whole_team_answers_turn_illegal_orders_into_stay() {
    let config = cfg(6, 6, 2, 2, 5);
    let mut g = ParallelFootball::new(config).unwrap();
    // Team 0: one good cell, one off the grid -> home; team 1: nothing -> home.
    assert_eq!(g.submit_placements(PlayerId(0), &[Cell::new(2, 2), Cell::new(9, 9)]), Ok(vec![1]));
    assert_eq!(g.submit_placements(PlayerId(1), &[]), Ok(vec![0, 1]));
    assert_eq!(g.submit_placements(PlayerId(0), &[Cell::new(2, 2)]), Err(MoveError::NotToAct(PlayerId(0))));
    g.submit_placements(PlayerId(2), &[Cell::new(3, 3), Cell::new(3, 3)]).unwrap();
    g.submit_placements(PlayerId(3), &[Cell::new(4, 4), Cell::new(4, 4)]).unwrap();
    assert_eq!(g.field().position(1), Cell::new(0, 0));
    assert_eq!(g.field().position(2), Cell::new(5, 0));
    // Team 0 orders a kick out of range and a kick from its home (no ball).
    let refused = g.submit_orders(PlayerId(0), &[Order::Kick { dx: 2, dy: 2 }, Order::Kick { dx: 1, dy: 0 }]).unwrap();
    assert_eq!(
        refused.iter().map(|r| (r.player, r.reason)).collect::<Vec<_>>(),
        [(0, OrderError::OutOfRange { dx: 2, dy: 2, k: 2 }), (1, OrderError::NoBall)]
    );
    assert_eq!(g.pending_orders()[..2], [Order::Stay, Order::Stay]);
    // A partial answer: the missing footballer stays, silently (not an illegal order).
    assert_eq!(g.submit_orders(PlayerId(1), &[Order::Move { dx: -1, dy: 1 }]), Ok(vec![]));
    assert_eq!(g.pending_orders()[2..4], [Order::Move { dx: -1, dy: 1 }, Order::Stay]);
    g.submit_orders(PlayerId(2), &[Order::Kick { dx: 1, dy: 0 }, Order::Kick { dx: 0, dy: 1 }]).unwrap();
    g.submit_orders(PlayerId(3), &[]).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    let c = g.resolve_chance(&mut seeded(2)).unwrap();
    assert_eq!(c.successes.len(), 1, "two kickers, one ball on (3, 3)");
    assert_eq!(g.field().position(2), Cell::new(4, 1));
}

#[test]
fn a_setup_whose_scores_could_overflow_is_refused() {
    // Scores only grow by the balls on the grid: a team at u32::MAX with a
    // ball left would overflow on its next goal, so the setup is refused.
    let config = Config::new(4, 4, 1, 2, 10).unwrap();
    let mut balls = vec![0u16; 16];
    balls[config.index(Cell::new(1, 0))] = 1;
    let setup = Setup {
        config,
        turn: 0,
        scores: [u32::MAX, 0, 0, 0],
        balls,
        players: [vec![Cell::new(1, 0)], vec![Cell::new(1, 0)], vec![Cell::new(1, 0)], vec![Cell::new(1, 0)]],
        pending: Default::default(),
    };
    let e = ParallelFootball::from_setup(setup.clone()).unwrap_err();
    assert_eq!(e.kind(), "score-overflow");
    let ok = Setup { scores: [u32::MAX - 1, 0, 0, 0], ..setup };
    let mut g = ParallelFootball::from_setup(ok).unwrap();
    for t in 0..4u8 {
        g.play(PlayerId(t), FootballMove::Order(Order::Kick { dx: -1, dy: 0 })).unwrap();
    }
    g.resolve_chance(&mut game_core::rng::seeded(1)).unwrap();
    assert_eq!(g.field().scores()[0], u32::MAX);
}

#[test]
fn max_plies_counts_the_placements_and_whole_turns_left() {
    // Every footballer's placement and order is one move and every turn ends
    // with one chance value (empty when nothing is contested): a game of
    // stays runs to its turn limit in exactly max_plies from the start, and
    // after each placement and each turn in exactly what max_plies says.
    // Within a turn it is a bound (the turn counts whole).
    let config = cfg(6, 6, 2, 2, 6);
    let mut g = ParallelFootball::new(config).unwrap();
    let total = 4 * 2 + 6 * (4 * 2 + 1);
    assert_eq!(g.max_plies(), Some(total));
    let mut rng = seeded(3);
    let mut played = 0u64;
    while !g.is_over() {
        let exact = match g.to_act() {
            ToAct::Chance => {
                g.resolve_chance(&mut rng).unwrap();
                true
            }
            ToAct::Simultaneous(set) => {
                let team = set.iter().next().unwrap();
                let placing = g.in_placement();
                let mv = if placing {
                    FootballMove::Place(Cell::new(team.0 + 1, 2))
                } else {
                    FootballMove::Order(Order::Stay)
                };
                g.play(team, mv).unwrap();
                placing
            }
            other => panic!("{other:?}"),
        };
        played += 1;
        let max = g.max_plies().unwrap();
        if exact {
            assert_eq!(max, total - played, "after {played} plies");
        } else {
            assert!(max >= total - played, "after {played} plies: {max} is less than what is left");
        }
    }
    assert_eq!(played, total, "only the turn limit ends a game of stays");
}

#[test]
fn unchecked_moves_past_a_teams_footballers_are_ignored_not_a_panic() {
    // play_unchecked trusts its caller, but an extra move must not reach
    // past the team's footballers into another team's (or past the end).
    let config = cfg(5, 5, 1, 2, 10);
    let mut g = ParallelFootball::new(config).unwrap();
    for t in 0..4 {
        g.play_unchecked(PlayerId(t), FootballMove::Place(Cell::new(t + 1, 2)));
    }
    let placed = g.field().positions().to_vec();
    for t in 0..4 {
        g.play_unchecked(PlayerId(t), FootballMove::Place(Cell::new(0, 4)));
    }
    assert_eq!(g.field().positions(), placed, "a fifth placement changes no footballer");
    g.play_unchecked(PlayerId(3), FootballMove::Order(Order::Kick { dx: 0, dy: 1 }));
    g.play_unchecked(PlayerId(3), FootballMove::Order(Order::Kick { dx: 1, dy: 0 }));
    assert_eq!(g.pending_orders()[3], Order::Kick { dx: 0, dy: 1 }, "the team's second order is dropped");
}

#[test]
fn a_games_debug_shows_its_field_and_the_placements_and_orders_given() {
    let mut g = ParallelFootball::new(cfg(5, 5, 1, 2, 10)).unwrap();
    g.play(PlayerId(2), FootballMove::Place(Cell::new(3, 1))).unwrap();
    let shown = format!("{g:?}");
    assert!(shown.starts_with("ParallelFootball { field: Field {"), "{shown}");
    assert!(shown.contains("placed: [0, 0, 1, 0]") && shown.contains("given: [0, 0, 0, 0]"), "{shown}");
    assert!(shown.contains("pending: [Stay, Stay, Stay, Stay]"), "{shown}");
}
