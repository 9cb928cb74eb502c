//! Invariants every turn on seeded random and greedy games.

use game_core::bot::Bot;
use game_core::rng::seeded;
use game_core::testing::arb_state;
use game_core::{Game, PlayerId};
use parallel_football::{
    Cell, Config, Field, FootballMove, GreedyTeam, Order, ParallelFootball, RandomTeam, TurnReport, play_game, run_game,
};
use proptest::prelude::*;

/// Plays a game turn by turn, checking the invariants after every turn.
fn checked_game(config: Config, teams: &mut [&mut dyn Bot<ParallelFootball>; 4], seed: u64) -> Field {
    let p = usize::from(config.players);
    let mut starts = Vec::new();
    let start = ParallelFootball::new(config).unwrap();
    for (t, team) in teams.iter_mut().enumerate() {
        let buf: Vec<Cell> = team
            .turn(&start, PlayerId(t as u8))
            .into_iter()
            .map(|mv| match mv {
                FootballMove::Place(c) => c,
                FootballMove::Order(o) => panic!("an order {o} in the placement"),
            })
            .collect();
        assert_eq!(buf.len(), p);
        assert!(buf.iter().all(|&c| config.contains(c)));
        starts.extend(buf);
    }
    let mut field = Field::new(config, &starts).unwrap();
    let start_total = field.balls_left();
    assert_eq!(start_total, config.start_balls());
    let mut rng = seeded(seed);
    let mut orders = vec![Order::Stay; config.total_players()];
    let mut report = TurnReport::default();
    while !field.is_over() {
        orders.iter_mut().for_each(|o| *o = Order::Stay);
        let state = ParallelFootball::from_field(field.clone());
        for (t, team) in teams.iter_mut().enumerate() {
            let answer = team.turn(&state, PlayerId(t as u8));
            assert_eq!(answer.len(), p);
            for (slot, mv) in orders[t * p..(t + 1) * p].iter_mut().zip(answer) {
                let FootballMove::Order(o) = mv else { panic!("a placement in a turn") };
                *slot = o;
            }
        }
        let before = field.clone();
        field.resolve_turn(&orders, &mut rng, &mut report).unwrap();
        // No ball lost or duplicated.
        let on_grid: u32 = field.balls().iter().map(|&b| u32::from(b)).sum();
        assert_eq!(on_grid, field.balls_left());
        assert_eq!(on_grid + field.scores().iter().sum::<u32>(), start_total);
        // Every player on the grid, having moved at most one cell.
        for (a, b) in before.positions().iter().zip(field.positions()) {
            assert!(config.contains(*b));
            assert!(a.steps_to(*b) <= 1);
        }
        // The reference teams never give illegal orders.
        assert!(report.illegal.is_empty(), "{:?}", report.illegal);
        // Scores only grow, by what the report says.
        for t in 0..4 {
            assert_eq!(field.scores()[t], before.scores()[t] + report.scored[t]);
        }
        // Homes are always empty between turns.
        for t in 0..4 {
            assert_eq!(field.balls_at(config.home(PlayerId(t))), 0);
        }
        assert_eq!(field.turn(), before.turn() + 1);
    }
    field
}

#[test]
fn greedy_teams_on_the_standard_grid_conserve_1020_balls() {
    let config = Config::new(32, 32, 10, 10, 400).unwrap();
    let mut g: [GreedyTeam; 4] = Default::default();
    let [a, b, c, d] = &mut g;
    let end = checked_game(config, &mut [a, b, c, d], 1);
    assert!(end.scores().iter().sum::<u32>() > 500, "greedy teams score: {:?}", end.scores());
}

#[test]
fn greedy_beats_random() {
    let config = Config::new(16, 16, 4, 5, 600).unwrap();
    let mut greedy_total = 0;
    let mut random_total = 0;
    for seed in 0..4 {
        let (mut a, mut c) = (GreedyTeam::new(), GreedyTeam::new());
        let (mut b, mut d) = (RandomTeam::new(seed), RandomTeam::new(seed + 100));
        let end = run_game(config, [&mut a, &mut b, &mut c, &mut d], seed);
        greedy_total += end.scores()[0] + end.scores()[2];
        random_total += end.scores()[1] + end.scores()[3];
    }
    assert!(greedy_total > 4 * random_total, "greedy {greedy_total} vs random {random_total}");
}

#[test]
fn greedy_kicks_start_a_shortest_route_home() {
    let config = Config::new(20, 20, 1, 4, 10).unwrap();
    let starts = [Cell::new(9, 9), Cell::new(9, 9), Cell::new(9, 9), Cell::new(9, 9)];
    let field = Field::new(config, &starts).unwrap();
    for t in parallel_football::TEAM_IDS {
        let mut out = [Order::Stay];
        GreedyTeam::new().orders(&field, t, &mut out);
        let Order::Kick { dx, dy } = out[0] else { panic!("a player on a ball kicks: {:?}", out[0]) };
        let to = Cell::new(9, 9).offset(dx.into(), dy.into(), 20, 20).unwrap();
        assert_eq!(field.kicks_to_home(to, t) + 1, field.kicks_to_home(Cell::new(9, 9), t));
    }
}

#[test]
fn greedy_walks_to_the_nearest_ball() {
    let config = Config::new(8, 8, 1, 2, 10).unwrap();
    let mut balls = vec![0u16; 64];
    balls[config.index(Cell::new(6, 3))] = 1;
    balls[config.index(Cell::new(2, 6))] = 1;
    let geometry = std::sync::Arc::new(parallel_football::Geometry::new(config));
    let positions = vec![Cell::new(3, 3), Cell::new(1, 1), Cell::new(2, 3), Cell::new(0, 4)];
    let field = Field::from_parts(geometry, balls, positions, [0; 4], 0).unwrap();
    let mut out = [Order::Stay];
    GreedyTeam::new().orders(&field, PlayerId(0), &mut out);
    // Both balls are 3 king moves away; (2, 6) needs 4 kicks home (0, 0) with
    // k = 2, (6, 3) needs 5: the tie goes to fewer kicks home.
    assert_eq!(
        (field.kicks_to_home(Cell::new(2, 6), PlayerId(0)), field.kicks_to_home(Cell::new(6, 3), PlayerId(0))),
        (4, 5)
    );
    assert_eq!(out[0], Order::Move { dx: -1, dy: 1 });
    GreedyTeam::new().orders(&field, PlayerId(3), &mut out);
    assert_eq!(out[0], Order::Move { dx: 1, dy: 1 }, "(2, 6) is 2 king moves away");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_every_turn_of_random_and_greedy_games(
        w in 2u32..12, h in 2u32..12, p in 1u32..4, k in 1u32..=46, turns in 1u32..120,
        mix in 0u8..16, seed in any::<u64>(),
    ) {
        let config = Config::new(w, h, p, k, turns).unwrap();
        let mut greedy: [GreedyTeam; 4] = Default::default();
        let mut random = [0u64, 1, 2, 3].map(|i| RandomTeam::new(seed ^ i));
        let [g0, g1, g2, g3] = &mut greedy;
        let [r0, r1, r2, r3] = &mut random;
        let mut teams: [&mut dyn Bot<ParallelFootball>; 4] = [
            if mix & 1 != 0 { g0 } else { r0 },
            if mix & 2 != 0 { g1 } else { r1 },
            if mix & 4 != 0 { g2 } else { r2 },
            if mix & 8 != 0 { g3 } else { r3 },
        ];
        let end = checked_game(config, &mut teams, seed);
        prop_assert!(end.is_over());
    }

    #[test]
    fn same_seed_and_teams_give_the_same_game_and_records_replay(
        p in 1u32..4, k in 1u32..8, seed in any::<u64>(),
    ) {
        let config = Config::new(9, 7, p, k, 150).unwrap();
        let play = || {
            let (mut a, mut b) = (GreedyTeam::new(), RandomTeam::new(seed));
            let (mut c, mut d) = (RandomTeam::new(seed.wrapping_add(1)), GreedyTeam::new());
            play_game(config, [&mut a, &mut b, &mut c, &mut d], seed)
        };
        let r1 = play();
        let r2 = play();
        prop_assert_eq!(&r1, &r2);
        let json = serde_json::to_string(&r1).unwrap();
        let back: parallel_football::GameRecord = serde_json::from_str(&json).unwrap();
        let field = back.replay().unwrap();
        prop_assert_eq!(field.scores(), r1.scores);
        prop_assert_eq!(field.balls_left() + field.scores().iter().sum::<u32>(), config.start_balls());
        // The game_core record replays to the same field too.
        let core = r1.to_core_record().unwrap().replay().unwrap();
        prop_assert_eq!(core.field(), &field);
    }

    #[test]
    fn reachable_game_states_keep_the_ball_total(
        state in arb_state(ParallelFootball::new(Config::new(5, 5, 2, 2, 12).unwrap()).unwrap(), 120)
    ) {
        let f = state.field();
        prop_assert_eq!(f.balls_left() + f.scores().iter().sum::<u32>(), 21);
        prop_assert!(f.positions().iter().all(|&c| f.config().contains(c)));
        prop_assert_eq!(ParallelFootball::from_setup(state.to_setup()).unwrap(), state.clone());
    }
}

#[test]
fn record_summary_names_turns_end_scores_and_ranks() {
    let config = Config::new(6, 6, 1, 3, 300).unwrap();
    let mut g: [GreedyTeam; 4] = Default::default();
    let [a, b, c, d] = &mut g;
    let r = play_game(config, [a, b, c, d], 0);
    let text = r.to_string();
    assert!(text.contains(&format!("{} turns", r.turns.len())), "{text}");
    assert!(
        text.contains(&format!("scores {} {} {} {}", r.scores[0], r.scores[1], r.scores[2], r.scores[3])),
        "{text}"
    );
    assert!(text.contains("no-balls") || text.contains("turn-limit"), "{text}");
    let field = r.replay().unwrap();
    assert!(field.to_string().starts_with(&field.summary()));
}
