//! One test per rule sentence of the rules (`parallel_football::rules`, its text in
//! [doc/rules.md](../../doc/rules.md)), on the fast turn-level API.

use game_core::PlayerId;
use game_core::rng::seeded;
use parallel_football::{
    AllocationError, Cell, Config, ConfigError, EndReason, ExplicitAllocation, Field, Geometry, IllegalOrder, Order,
    OrderError, TurnError, TurnReport,
};
use std::collections::HashMap;
use std::sync::Arc;

fn cfg(w: u32, h: u32, p: u32, k: u32, turns: u32) -> Config {
    Config::new(w, h, p, k, turns).unwrap()
}

/// A field with the given balls (everything else empty) and players.
fn field(config: Config, balls: &[(u8, u8, u16)], players: &[(u8, u8)]) -> Field {
    let mut b = vec![0u16; config.cells()];
    for &(x, y, n) in balls {
        b[config.index(Cell::new(x, y))] = n;
    }
    let positions = players.iter().map(|&(x, y)| Cell::new(x, y)).collect();
    Field::from_parts(Arc::new(Geometry::new(config)), b, positions, [0; 4], 0).unwrap()
}

fn turn(f: &mut Field, orders: &[Order], seed: u64) -> TurnReport {
    f.play_turn(orders, &mut seeded(seed)).unwrap()
}

const S: Order = Order::Stay;

fn kick(dx: i8, dy: i8) -> Order {
    Order::Kick { dx, dy }
}

fn mv(dx: i8, dy: i8) -> Order {
    Order::Move { dx, dy }
}

fn total(f: &Field) -> u32 {
    f.balls_left() + f.scores().iter().sum::<u32>()
}

// ---- Parameters and start ----

#[test]
fn start_has_one_ball_on_every_cell_but_the_four_homes() {
    let c = Config::standard(1, 5).unwrap();
    let f = Field::new(c, &[Cell::new(0, 0); 4]).unwrap();
    assert_eq!(f.balls_left(), 1020);
    for t in 0..4 {
        assert_eq!(f.balls_at(c.home(PlayerId(t))), 0);
    }
    assert_eq!(f.balls_at(Cell::new(1, 0)), 1);
    assert_eq!(f.balls_at(Cell::new(31, 30)), 1);
    assert_eq!(f.balls().iter().map(|&b| u32::from(b)).sum::<u32>(), 1020);
}

#[test]
fn homes_are_the_corners_clockwise_from_the_top_left() {
    let c = Config::standard(1, 5).unwrap();
    assert_eq!(c.home(PlayerId(0)), Cell::new(0, 0));
    assert_eq!(c.home(PlayerId(1)), Cell::new(31, 0));
    assert_eq!(c.home(PlayerId(2)), Cell::new(31, 31));
    assert_eq!(c.home(PlayerId(3)), Cell::new(0, 31));
}

#[test]
fn kick_range_is_one_to_forty_six() {
    assert_eq!(Config::standard(1, 0), Err(ConfigError::KickRange(0)));
    assert_eq!(Config::standard(1, 47), Err(ConfigError::KickRange(47)));
    assert!(Config::standard(1, 1).is_ok());
    assert!(Config::standard(1, 46).is_ok());
}

#[test]
fn players_per_team_at_least_one_and_up_to_255_and_more() {
    assert_eq!(Config::standard(0, 5), Err(ConfigError::Players(0)));
    assert!(Config::standard(255, 5).is_ok());
    assert!(Config::standard(1024, 5).is_ok());
    assert!(Config::standard(1025, 5).is_err());
}

#[test]
fn grid_is_at_least_two_by_two_and_turn_limit_positive() {
    assert!(matches!(Config::new(1, 5, 1, 1, 10), Err(ConfigError::GridTooSmall { .. })));
    assert!(matches!(Config::new(256, 5, 1, 1, 10), Err(ConfigError::GridTooLarge { .. })));
    assert_eq!(Config::new(4, 4, 1, 1, 0), Err(ConfigError::MaxTurns));
    assert_eq!(Config::default().max_turns, 20_000);
    assert_eq!((Config::default().width, Config::default().height), (32, 32));
}

#[test]
fn every_k_of_44_or_more_reaches_every_cell_of_32_by_32() {
    let g = Geometry::new(Config::standard(1, 44).unwrap());
    for x in 0..32 {
        for y in 0..32 {
            for t in 0..4 {
                assert!(g.kicks_to_home(Cell::new(x, y), PlayerId(t)) <= 1);
            }
        }
    }
    let g = Geometry::new(Config::standard(1, 43).unwrap());
    assert_eq!(g.kicks_to_home(Cell::new(31, 31), PlayerId(0)), 2);
}

#[test]
fn players_may_start_anywhere_homes_included_and_share_cells() {
    let c = cfg(6, 6, 2, 2, 10);
    let starts = [Cell::new(0, 0); 8];
    let f = Field::new(c, &starts).unwrap();
    assert_eq!(f.players_at(Cell::new(0, 0)).count(), 8);
    assert_eq!(f.team_counts_at(Cell::new(0, 0)), [2, 2, 2, 2]);
    assert!(Field::new(c, &[Cell::new(6, 0); 8]).is_err());
    assert!(Field::new(c, &[Cell::new(1, 1); 7]).is_err());
}

// ---- Orders ----

#[test]
fn stay_keeps_the_player_in_place() {
    let c = cfg(6, 6, 1, 2, 10);
    let mut f = field(c, &[(2, 2, 1)], &[(2, 2), (3, 3), (4, 4), (1, 1)]);
    let r = turn(&mut f, &[S, S, S, S], 0);
    assert!(r.illegal.is_empty());
    assert_eq!(f.positions(), &[Cell::new(2, 2), Cell::new(3, 3), Cell::new(4, 4), Cell::new(1, 1)]);
    assert_eq!(f.balls_at(Cell::new(2, 2)), 1);
}

#[test]
fn move_goes_one_cell_in_any_direction_diagonals_included() {
    let c = cfg(6, 6, 1, 2, 10);
    let mut f = field(c, &[(5, 4, 1)], &[(2, 2), (2, 2), (2, 2), (2, 2)]);
    let r = turn(&mut f, &[mv(1, 1), mv(-1, 0), mv(0, -1), mv(-1, 1)], 0);
    assert!(r.illegal.is_empty());
    assert_eq!(f.positions(), &[Cell::new(3, 3), Cell::new(1, 2), Cell::new(2, 1), Cell::new(1, 3)]);
}

#[test]
fn move_of_two_cells_is_refused_and_that_player_stays() {
    let c = cfg(6, 6, 1, 2, 10);
    let mut f = field(c, &[(5, 4, 1)], &[(2, 2), (2, 2), (2, 2), (2, 2)]);
    let r = turn(&mut f, &[mv(2, 0), mv(1, 0), mv(-2, 2), mv(0, 0)], 0);
    assert_eq!(
        r.illegal,
        [
            IllegalOrder { player: 0, order: mv(2, 0), reason: OrderError::NotOneStep { dx: 2, dy: 0 } },
            IllegalOrder { player: 2, order: mv(-2, 2), reason: OrderError::NotOneStep { dx: -2, dy: 2 } },
            IllegalOrder { player: 3, order: mv(0, 0), reason: OrderError::NotOneStep { dx: 0, dy: 0 } },
        ]
    );
    // Only the illegal orders were cancelled.
    assert_eq!(f.positions(), &[Cell::new(2, 2), Cell::new(3, 2), Cell::new(2, 2), Cell::new(2, 2)]);
}

#[test]
fn move_off_the_grid_is_refused() {
    let c = cfg(6, 6, 1, 2, 10);
    let mut f = field(c, &[(3, 3, 1)], &[(0, 0), (5, 0), (5, 5), (0, 5)]);
    let r = turn(&mut f, &[mv(-1, 0), mv(1, 1), mv(0, 1), mv(1, -1)], 0);
    assert_eq!(r.illegal.iter().map(|i| i.player).collect::<Vec<_>>(), [0, 1, 2]);
    assert!(r.illegal.iter().all(|i| matches!(i.reason, OrderError::MoveOffGrid { .. })));
    assert_eq!(f.positions()[..3], [Cell::new(0, 0), Cell::new(5, 0), Cell::new(5, 5)]);
    assert_eq!(f.positions()[3], Cell::new(1, 4));
}

#[test]
fn kick_of_exactly_k_is_allowed() {
    let c = cfg(12, 12, 1, 5, 10);
    // (3, 4) is exactly 5 away; (5, 0) too.
    let mut f = field(c, &[(5, 5, 1), (1, 6, 1)], &[(5, 5), (1, 6), (9, 9), (9, 9)]);
    let r = turn(&mut f, &[kick(3, 4), kick(5, 0), S, S], 0);
    assert!(r.illegal.is_empty(), "{:?}", r.illegal);
    assert_eq!(f.balls_at(Cell::new(8, 9)), 1);
    assert_eq!(f.balls_at(Cell::new(6, 6)), 1);
    assert_eq!(f.balls_at(Cell::new(5, 5)), 0);
    assert_eq!(r.kicks, 2);
}

#[test]
fn kick_just_over_k_is_refused() {
    let c = cfg(12, 12, 1, 5, 10);
    // (4, 4): 32 > 25; (5, 1): 26 > 25.
    let mut f = field(c, &[(5, 5, 1), (1, 6, 1)], &[(5, 5), (1, 6), (9, 9), (9, 9)]);
    let before = f.clone();
    let r = turn(&mut f, &[kick(4, 4), kick(5, 1), S, S], 0);
    assert_eq!(
        r.illegal.iter().map(|i| i.reason).collect::<Vec<_>>(),
        [OrderError::OutOfRange { dx: 4, dy: 4, k: 5 }, OrderError::OutOfRange { dx: 5, dy: 1, k: 5 }]
    );
    assert_eq!(f.balls(), before.balls());
    assert_eq!(f.positions(), before.positions());
}

#[test]
fn kick_landing_off_the_grid_is_refused() {
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(4, 2, 1)], &[(4, 2), (1, 1), (1, 1), (1, 1)]);
    let r = turn(&mut f, &[kick(2, 0), S, S, S], 0);
    assert_eq!(r.illegal[0].reason, OrderError::KickOffGrid { dx: 2, dy: 0 });
    assert_eq!(f.balls_at(Cell::new(4, 2)), 1);
    assert_eq!(f.position(0), Cell::new(4, 2));
}

#[test]
fn zero_kick_is_refused() {
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(4, 2, 1)], &[(4, 2), (1, 1), (1, 1), (1, 1)]);
    let r = turn(&mut f, &[kick(0, 0), S, S, S], 0);
    assert_eq!(r.illegal[0].reason, OrderError::ZeroKick);
    assert_eq!(f.balls_at(Cell::new(4, 2)), 1);
}

#[test]
fn kick_from_a_cell_without_ball_is_refused() {
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(4, 2, 1)], &[(3, 3), (4, 2), (1, 1), (1, 1)]);
    let r = turn(&mut f, &[kick(1, 0), kick(-1, 0), S, S], 0);
    assert_eq!(r.illegal, [IllegalOrder { player: 0, order: kick(1, 0), reason: OrderError::NoBall }]);
    assert_eq!(f.balls_at(Cell::new(3, 2)), 1);
    assert_eq!(f.balls_at(Cell::new(4, 3)), 0);
}

#[test]
fn a_kicking_player_stays_on_its_cell() {
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(4, 2, 1)], &[(4, 2), (1, 1), (1, 1), (1, 1)]);
    turn(&mut f, &[kick(-2, 2), S, S, S], 0);
    assert_eq!(f.position(0), Cell::new(4, 2));
    assert_eq!(f.balls_at(Cell::new(2, 4)), 1);
}

#[test]
fn a_player_kicks_one_ball_at_a_time_and_cells_accumulate_balls() {
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(2, 2, 3), (4, 4, 1), (3, 3, 2)], &[(2, 2), (4, 4), (1, 1), (1, 1)]);
    turn(&mut f, &[kick(1, 1), kick(-1, -1), S, S], 0);
    assert_eq!(f.balls_at(Cell::new(2, 2)), 2);
    assert_eq!(f.balls_at(Cell::new(4, 4)), 0);
    assert_eq!(f.balls_at(Cell::new(3, 3)), 4);
}

#[test]
fn an_illegal_order_affects_no_other_player() {
    let c = cfg(6, 6, 2, 3, 10);
    let mut f = field(c, &[(2, 2, 2)], &[(2, 2), (2, 2), (3, 3), (3, 3), (4, 4), (4, 4), (1, 1), (1, 1)]);
    let r = turn(&mut f, &[kick(9, 9), kick(1, 0), mv(3, 0), mv(1, 0), kick(1, 0), S, mv(1, 1), S], 0);
    assert_eq!(r.illegal.iter().map(|i| i.player).collect::<Vec<_>>(), [0, 2, 4]);
    assert_eq!(f.balls_at(Cell::new(3, 2)), 1);
    assert_eq!(f.balls_at(Cell::new(2, 2)), 1);
    assert_eq!(f.position(3), Cell::new(4, 3));
    assert_eq!(f.position(6), Cell::new(2, 2));
}

// ---- Resolution ----

#[test]
fn orders_are_checked_against_the_state_at_the_start_of_the_turn() {
    // Player 0 walks off the ball cell while player 1, who stands there, kicks:
    // both orders are judged on the start-of-turn state, so both hold.
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(3, 3, 1)], &[(3, 3), (3, 3), (1, 1), (1, 1)]);
    let r = turn(&mut f, &[mv(1, 0), kick(1, 1), mv(1, 1), kick(1, 0)], 0);
    // Player 2 walks onto (2, 2) and player 3 kicks from (1, 1), which has no ball.
    assert_eq!(r.illegal.iter().map(|i| (i.player, i.reason)).collect::<Vec<_>>(), [(3, OrderError::NoBall)]);
    assert_eq!(f.position(0), Cell::new(4, 3));
    assert_eq!(f.position(1), Cell::new(3, 3));
    assert_eq!(f.balls_at(Cell::new(4, 4)), 1);
    assert_eq!(f.balls_at(Cell::new(3, 3)), 0);
}

#[test]
fn ball_landing_this_turn_cannot_be_kicked_this_turn() {
    let c = cfg(8, 8, 1, 3, 10);
    // Player 0 kicks the ball from (2, 2) to (4, 4) where player 1 stands and
    // kicks in the same turn: the cell was empty at the start, so refused.
    let mut f = field(c, &[(2, 2, 1)], &[(2, 2), (4, 4), (6, 6), (6, 6)]);
    let r = turn(&mut f, &[kick(2, 2), kick(1, 0), S, S], 0);
    assert_eq!(r.illegal.iter().map(|i| (i.player, i.reason)).collect::<Vec<_>>(), [(1, OrderError::NoBall)]);
    assert_eq!(f.balls_at(Cell::new(4, 4)), 1);
    assert_eq!(f.balls_at(Cell::new(5, 4)), 0);
    // Next turn it can be kicked.
    let r = turn(&mut f, &[S, kick(1, 0), S, S], 0);
    assert!(r.illegal.is_empty());
    assert_eq!(f.balls_at(Cell::new(5, 4)), 1);
}

#[test]
fn balls_kicked_into_each_other_cells_swap_without_loss() {
    let c = cfg(8, 8, 1, 3, 10);
    let mut f = field(c, &[(2, 2, 1), (4, 2, 1)], &[(2, 2), (4, 2), (6, 6), (6, 6)]);
    let r = turn(&mut f, &[kick(2, 0), kick(-2, 0), S, S], 0);
    assert_eq!(r.kicks, 2);
    assert_eq!(f.balls_at(Cell::new(2, 2)), 1);
    assert_eq!(f.balls_at(Cell::new(4, 2)), 1);
    assert_eq!(total(&f), 2);
}

#[test]
fn kicks_up_to_the_number_of_balls_all_succeed() {
    let c = cfg(8, 8, 1, 3, 10);
    let mut f = field(c, &[(3, 3, 4)], &[(3, 3), (3, 3), (3, 3), (3, 3)]);
    let r = turn(&mut f, &[kick(1, 0), kick(0, 1), kick(-1, 0), kick(0, -1)], 0);
    assert_eq!(r.kicks, 4);
    assert!(r.successes.is_empty() && r.failures.is_empty(), "no contest");
    assert_eq!(f.balls_at(Cell::new(3, 3)), 0);
}

#[test]
fn contested_cell_with_more_kickers_than_balls_lets_exactly_balls_succeed() {
    let c = cfg(8, 8, 2, 3, 10);
    // 2 balls on (3, 3); six kickers of all teams there; one other kicker elsewhere.
    let players = [(3, 3), (3, 3), (3, 3), (5, 5), (3, 3), (3, 3), (3, 3), (6, 1)];
    for seed in 0..50 {
        let mut f = field(c, &[(3, 3, 2), (5, 5, 1)], &players);
        let dirs = [kick(1, 0), kick(0, 1), kick(-1, 0), kick(1, 1), kick(0, -1), kick(-1, -1), kick(2, 0), mv(1, 1)];
        let r = turn(&mut f, &dirs, seed);
        assert_eq!(r.successes.len(), 2, "exactly `balls` contested kicks succeed");
        assert_eq!(r.failures.len(), 4);
        assert_eq!(r.kicks, 3);
        assert_eq!(f.balls_at(Cell::new(3, 3)), 0);
        assert_eq!(total(&f), 3);
        // The winners' balls landed; the losers' targets got nothing.
        let targets = [(4, 3), (3, 4), (2, 3), (0, 0), (3, 2), (2, 2), (5, 3)];
        for (i, &(x, y)) in targets.iter().enumerate() {
            if i == 3 {
                continue;
            }
            let expected = u16::from(r.successes.contains(&(i as u16)));
            assert_eq!(f.balls_at(Cell::new(x, y)), expected, "seed {seed} player {i}");
        }
        // Failed kickers simply stay.
        assert_eq!(f.position(0), Cell::new(3, 3));
    }
}

#[test]
fn contested_allocation_is_uniform_among_the_kickers_whatever_their_teams() {
    // 2 balls, 4 kickers of 4 teams: each of the 6 pairs has probability 1/6.
    let c = cfg(8, 8, 1, 3, 10);
    let base = field(c, &[(3, 3, 2)], &[(3, 3), (3, 3), (3, 3), (3, 3)]);
    let orders = [kick(1, 0), kick(0, 1), kick(-1, 0), kick(0, -1)];
    let n = 6000;
    let mut freq: HashMap<Vec<u16>, u32> = HashMap::new();
    let mut report = TurnReport::default();
    for seed in 0..n {
        let mut f = base.clone();
        f.resolve_turn(&orders, &mut seeded(seed), &mut report).unwrap();
        *freq.entry(report.successes.clone()).or_default() += 1;
    }
    assert_eq!(freq.len(), 6, "{freq:?}");
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.999 quantile.
    let expected = f64::from(n as u32) / 6.0;
    let chi2: f64 = freq.values().map(|&o| (f64::from(o) - expected).powi(2) / expected).sum();
    assert!(chi2 < 20.5, "chi-square {chi2} for {freq:?}");
    // A biased allocation (always the lowest indices) would fail this test.
    assert!(freq.values().all(|&o| o > 800 && o < 1200), "{freq:?}");
}

#[test]
fn same_seed_and_orders_give_the_same_allocation_and_explicit_replays_it() {
    let c = cfg(8, 8, 1, 3, 10);
    let base = field(c, &[(3, 3, 1)], &[(3, 3), (3, 3), (3, 3), (3, 3)]);
    let orders = [kick(1, 0), kick(0, 1), kick(-1, 0), kick(0, -1)];
    let mut a = base.clone();
    let ra = turn(&mut a, &orders, 99);
    let mut b = base.clone();
    let rb = turn(&mut b, &orders, 99);
    assert_eq!((ra.clone(), &a), (rb, &b));
    // draw_allocation predicts the generator's choice without resolving.
    assert_eq!(base.draw_allocation(&orders, &mut seeded(99)).unwrap(), ra.successes);
    // Replaying with the recorded successes, no generator.
    let mut c2 = base.clone();
    let mut alloc = ExplicitAllocation::new(&ra.successes).unwrap();
    c2.play_turn(&orders, &mut alloc).unwrap();
    assert_eq!(c2, a);
    // A caller can pick the winner.
    for w in 0..4u16 {
        let mut f = base.clone();
        let list = [w];
        let r = f.play_turn(&orders, &mut ExplicitAllocation::new(&list).unwrap()).unwrap();
        assert_eq!(r.successes, [w]);
        assert_eq!(f.balls_at(Cell::new(3, 3)), 0);
    }
}

#[test]
fn explicit_allocation_that_does_not_fit_is_refused_and_changes_nothing() {
    let c = cfg(8, 8, 1, 3, 10);
    let base = field(c, &[(3, 3, 1), (5, 5, 1)], &[(3, 3), (3, 3), (5, 5), (1, 1)]);
    let orders = [kick(1, 0), kick(0, 1), kick(1, 0), mv(1, 0)];
    type Check = fn(&AllocationError) -> bool;
    let cases: [(&[u16], Check); 4] = [
        (&[], |e| matches!(e, AllocationError::WrongCount { listed: 0, .. })),
        (&[0, 1], |e| matches!(e, AllocationError::WrongCount { listed: 2, .. })),
        (&[0, 2], |e| matches!(e, AllocationError::NotContested(1))),
        (&[1, 3], |e| matches!(e, AllocationError::NotContested(1))),
    ];
    for (list, ok) in cases {
        let mut f = base.clone();
        let mut alloc = ExplicitAllocation::new(list).unwrap();
        match f.play_turn(&orders, &mut alloc) {
            Err(TurnError::Allocation(e)) => assert!(ok(&e), "{list:?}: {e}"),
            other => panic!("{list:?}: {other:?}"),
        }
        assert_eq!(f, base);
    }
    assert_eq!(ExplicitAllocation::new(&[2, 1]).err(), Some(AllocationError::NotSorted));
    // Without a contest, an empty allocation is the only one.
    let mut f = base.clone();
    let quiet = [kick(1, 0), S, S, S];
    assert!(f.play_turn(&quiet, &mut ExplicitAllocation::new(&[0]).unwrap()).is_err());
    assert_eq!(f, base);
    assert!(f.play_turn(&quiet, &mut ExplicitAllocation::new(&[]).unwrap()).is_ok());
}

#[test]
fn wrong_number_of_orders_is_refused_and_changes_nothing() {
    let c = cfg(6, 6, 1, 3, 10);
    let base = field(c, &[(3, 3, 1)], &[(3, 3), (1, 1), (1, 1), (1, 1)]);
    let mut f = base.clone();
    assert_eq!(f.play_turn(&[S, S, S], &mut seeded(0)).err(), Some(TurnError::OrderCount { expected: 4, got: 3 }));
    assert_eq!(f, base);
}

// ---- Scoring and end ----

#[test]
fn ball_landing_on_a_home_scores_for_its_owner_whoever_kicked() {
    let c = cfg(6, 6, 1, 3, 10);
    // Team 0 kicks into team 2's home (5, 5); team 3 kicks into its own home (0, 5).
    let mut f = field(c, &[(3, 3, 1), (1, 4, 1), (2, 2, 1)], &[(3, 3), (2, 2), (4, 4), (1, 4)]);
    let r = turn(&mut f, &[kick(2, 2), S, S, kick(-1, 1)], 0);
    assert_eq!(r.scored, [0, 0, 1, 1]);
    assert_eq!(f.scores(), [0, 0, 1, 1]);
    assert_eq!(f.balls_at(c.home(PlayerId(2))), 0, "the ball is removed from the game");
    assert_eq!(f.balls_left(), 1);
}

#[test]
fn several_balls_landing_on_a_home_in_one_turn_all_score() {
    let c = cfg(6, 6, 2, 3, 10);
    let mut f = field(c, &[(1, 1, 1), (2, 0, 1)], &[(1, 1), (2, 0), (3, 3), (3, 3), (3, 3), (3, 3), (3, 3), (3, 3)]);
    let r = turn(&mut f, &[kick(-1, -1), kick(-2, 0), S, S, S, S, S, S], 0);
    assert_eq!(r.scored, [2, 0, 0, 0]);
    assert_eq!(f.scores(), [2, 0, 0, 0]);
}

#[test]
fn game_ends_when_no_ball_remains() {
    let c = cfg(6, 6, 1, 3, 10);
    let mut f = field(c, &[(1, 0, 1)], &[(1, 0), (3, 3), (3, 3), (3, 3)]);
    assert_eq!(f.end_reason(), None);
    turn(&mut f, &[kick(-1, 0), S, S, S], 0);
    assert_eq!(f.balls_left(), 0);
    assert!(f.is_over());
    assert_eq!(f.end_reason(), Some(EndReason::NoBalls));
    assert_eq!(f.turn(), 1);
    let before = f.clone();
    assert_eq!(f.play_turn(&[S; 4], &mut seeded(0)).err(), Some(TurnError::GameOver));
    assert_eq!(f, before);
}

#[test]
fn game_ends_at_the_turn_limit_and_balls_left_score_for_nobody() {
    let c = cfg(6, 6, 1, 3, 3);
    let mut f = Field::new(c, &[Cell::new(2, 2); 4]).unwrap();
    for i in 0..3 {
        assert!(!f.is_over(), "turn {i}");
        turn(&mut f, &[S; 4], 0);
    }
    assert_eq!(f.end_reason(), Some(EndReason::TurnLimit));
    assert_eq!(f.scores(), [0; 4]);
    assert_eq!(f.balls_left(), 32);
    assert_eq!(f.play_turn(&[S; 4], &mut seeded(0)).err(), Some(TurnError::GameOver));
}

#[test]
fn a_grid_without_balls_is_over_at_once() {
    let c = cfg(2, 2, 1, 1, 10);
    let f = Field::new(c, &[Cell::new(0, 0); 4]).unwrap();
    assert_eq!(f.end_reason(), Some(EndReason::NoBalls));
}

// ---- Queries ----

#[test]
fn kick_targets_are_the_in_range_cells_on_the_grid_and_need_a_ball() {
    let c = cfg(6, 6, 1, 2, 10);
    let f = field(c, &[(0, 1, 1), (3, 3, 1)], &[(1, 1); 4]);
    let corner: Vec<_> = f.kick_targets(Cell::new(0, 1)).collect();
    // From (0, 1) with k = 2: dx in 0..=2, dy so that the target is on the grid.
    let mut expected = Vec::new();
    for dy in -2i8..=2 {
        for dx in 0i8..=2 {
            let (x, y) = (dx, 1 + dy);
            if (dx, dy) != (0, 0) && dx * dx + dy * dy <= 4 && (0..6).contains(&x) && (0..6).contains(&y) {
                expected.push((dx, dy));
            }
        }
    }
    assert_eq!(corner.len(), expected.len());
    for t in &expected {
        assert!(corner.contains(t));
    }
    assert_eq!(f.kick_targets(Cell::new(3, 3)).count(), 12);
    assert_eq!(f.kick_targets(Cell::new(2, 2)).count(), 0, "no ball, no kick");
}

#[test]
fn kicks_to_home_counts_the_fewest_kicks() {
    let g = Geometry::new(Config::standard(1, 10).unwrap());
    assert_eq!(g.kicks_to_home(Cell::new(0, 0), PlayerId(0)), 0);
    assert_eq!(g.kicks_to_home(Cell::new(6, 8), PlayerId(0)), 1);
    assert_eq!(g.kicks_to_home(Cell::new(7, 8), PlayerId(0)), 2);
    assert_eq!(g.kicks_to_home(Cell::new(31, 31), PlayerId(0)), 5); // 43.8 / 10 -> 5
    // The first kick of a shortest route lands one kick closer.
    for (x, y) in [(7, 8), (31, 31), (15, 3)] {
        let from = Cell::new(x, y);
        let (dx, dy) = g.best_kick_toward_home(from, PlayerId(0)).unwrap();
        let to = from.offset(dx.into(), dy.into(), 32, 32).unwrap();
        assert_eq!(g.kicks_to_home(to, PlayerId(0)) + 1, g.kicks_to_home(from, PlayerId(0)));
    }
    assert_eq!(g.best_kick_toward_home(Cell::new(0, 0), PlayerId(0)), None);
}

#[test]
fn best_kick_toward_home_lands_one_kick_closer_nearest_the_home_first_offset_on_a_tie() {
    // Every cell of a small grid, every team: the kick lands on a cell one
    // kick closer; among those, the one nearest the home; among equally
    // near ones, the first in kick_offsets' order (nearest, then dy, dx).
    let config = cfg(7, 6, 1, 2, 10);
    let g = Geometry::new(config);
    let mut ties = 0;
    for team in (0..4).map(PlayerId) {
        let home = config.home(team);
        for y in 0..config.height {
            for x in 0..config.width {
                let from = Cell::new(x, y);
                let best = g.best_kick_toward_home(from, team);
                if from == home {
                    assert_eq!(best, None);
                    continue;
                }
                let closer: Vec<((i8, i8), u32)> = g
                    .kick_offsets()
                    .iter()
                    .filter_map(|&(dx, dy)| {
                        let to = from.offset(dx.into(), dy.into(), config.width, config.height)?;
                        (g.kicks_to_home(to, team) + 1 == g.kicks_to_home(from, team))
                            .then(|| ((dx, dy), to.distance2(home)))
                    })
                    .collect();
                let nearest = closer.iter().map(|c| c.1).min().unwrap();
                let first = closer.iter().find(|c| c.1 == nearest).unwrap().0;
                ties += usize::from(closer.iter().filter(|c| c.1 == nearest).count() > 1);
                assert_eq!(best, Some(first), "team {team:?} from {from:?}: {closer:?}");
            }
        }
    }
    assert!(ties > 0, "the grid has cells with two equally good kicks");
}

#[test]
fn picture_shows_balls_players_and_homes() {
    let c = cfg(4, 3, 1, 2, 10);
    let f = field(c, &[(1, 0, 1), (2, 1, 12), (1, 2, 3)], &[(1, 1), (1, 1), (2, 2), (2, 0)]);
    let text = f.to_string();
    let lines: Vec<_> = text.lines().collect();
    assert!(lines[0].contains("balls left 16"), "{text}");
    assert_eq!(&lines[1..], ["#1D#", ".*+.", "#3C#"]);
}

#[test]
fn a_hand_built_invalid_config_is_refused_where_it_enters_a_game() {
    let bad = Config { kick_range: 0, ..Config::default() };
    assert_eq!(bad.validate(), Err(ConfigError::KickRange(0)));
    assert_eq!(Field::new(bad, &[]), Err(parallel_football::FieldError::Config(ConfigError::KickRange(0))));
    assert_eq!(
        parallel_football::ParallelFootball::new(bad).unwrap_err(),
        parallel_football::SetupError::Config(ConfigError::KickRange(0))
    );
    assert_eq!(Config { players: 0, ..Config::default() }.validate(), Err(ConfigError::Players(0)));
    assert_eq!(Config::default().validate(), Ok(()));
}

#[test]
#[should_panic(expected = "four teams")]
fn a_seat_above_3_has_no_home() {
    let _ = Config::default().home(PlayerId(4));
}

#[test]
fn a_geometrys_debug_shows_its_configuration_and_how_many_kicks_it_has() {
    let shown = format!("{:?}", Geometry::new(cfg(7, 6, 1, 2, 10)));
    assert!(shown.starts_with("Geometry { config: Config {"), "{shown}");
    assert!(shown.contains("width: 7") && shown.ends_with("offsets: 12 }"), "{shown}");
}

#[test]
fn with_max_turns_keeps_the_grid_players_and_kick_range_and_refuses_zero() {
    let c = Config::new(9, 7, 3, 5, 100).unwrap();
    assert_eq!(c.with_max_turns(7), Config::new(9, 7, 3, 5, 7));
    assert_eq!(c.with_max_turns(0), Err(ConfigError::MaxTurns));
}

#[test]
fn the_grid_holds_the_cells_below_its_width_and_height() {
    let c = Config::new(9, 7, 1, 2, 10).unwrap();
    assert!(c.contains(Cell::new(0, 0)) && c.contains(Cell::new(8, 6)));
    assert!(!c.contains(Cell::new(9, 0)), "x = width is off the grid");
    assert!(!c.contains(Cell::new(0, 7)), "y = height is off the grid");
    assert!(!c.contains(Cell::new(9, 7)));
}

#[test]
fn a_configuration_reads_as_its_grid_players_kick_range_and_turn_limit() {
    let c = Config::new(9, 7, 3, 5, 100).unwrap();
    assert_eq!(c.to_string(), "9x7 grid, p=3, k=5, at most 100 turns");
}
