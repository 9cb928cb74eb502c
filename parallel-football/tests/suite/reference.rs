//! The fast code against the plain reference model
//! (`parallel_football::testing::reference`), on many random and biased
//! positions and on arbitrary orders, illegal ones included.

use game_core::perft;
use game_core::testing::{arb_state, state_from_indices};
use parallel_football::testing::edges::{arb_crowded_kick_state, arb_goal_kick_state};
use parallel_football::testing::reference;
use parallel_football::{Cell, Config, Field, Geometry, Order, ParallelFootball};
use proptest::prelude::*;
use std::sync::Arc;

/// Small configurations: every grid shape from 2 x 2, one to three
/// footballers a team, kick ranges from 1 to past the grid's diagonal.
fn arb_config() -> impl Strategy<Value = Config> {
    (2u32..9, 2u32..9, 1u32..4, 1u32..12, 1u32..30).prop_map(|(w, h, p, k, t)| Config::new(w, h, p, k, t).unwrap())
}

fn arb_start() -> impl Strategy<Value = ParallelFootball> {
    arb_config().prop_map(|c| ParallelFootball::new(c).unwrap())
}

/// Any order, mostly kicks within the range's square (contests need
/// several legal kicks from one cell), also moves up to two cells, kicks up
/// to two cells past the range, and any bytes now and then.
fn arb_order(k: i8) -> impl Strategy<Value = Order> {
    let r = k.saturating_add(2);
    prop_oneof![
        1 => Just(Order::Stay),
        2 => (-2i8..=2, -2i8..=2).prop_map(|(dx, dy)| Order::Move { dx, dy }),
        6 => (-k..=k, -k..=k).prop_map(|(dx, dy)| Order::Kick { dx, dy }),
        2 => (-r..=r, -r..=r).prop_map(|(dx, dy)| Order::Kick { dx, dy }),
        1 => (any::<i8>(), any::<i8>()).prop_map(|(dx, dy)| Order::Kick { dx, dy }),
    ]
}

/// A field with a crowd: balls 0 to 4 a cell (none on a home), footballers
/// packed on a few cells, and one order per footballer.
fn arb_crowded_turn() -> impl Strategy<Value = (Field, Vec<Order>)> {
    arb_config()
        .prop_flat_map(|c| {
            let cells = c.cells();
            let n = c.total_players();
            let spots = prop::collection::vec(0..cells, 1..4);
            (
                Just(c),
                prop::collection::vec(0u16..4, cells),
                spots,
                prop::collection::vec(any::<prop::sample::Index>(), n),
                prop::collection::vec(arb_order(c.kick_range as i8), n),
                0u32..c.max_turns,
            )
        })
        .prop_map(|(c, mut balls, spots, picks, orders, turn)| {
            for t in parallel_football::TEAM_IDS {
                balls[c.index(c.home(t))] = 0;
            }
            let positions = picks.iter().map(|i| c.cell(spots[i.index(spots.len())])).collect();
            let field = Field::from_parts(Arc::new(Geometry::new(c)), balls, positions, [0; 4], turn).unwrap();
            (field, orders)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn fast_code_equals_the_reference_on_uniform_walks(g in arb_start().prop_flat_map(|s| arb_state(s, 160))) {
        reference::check(&g)?;
    }

    #[test]
    fn fast_code_equals_the_reference_on_crowded_kick_walks(
        g in arb_start().prop_flat_map(|s| arb_crowded_kick_state(s, 160))
    ) {
        reference::check(&g)?;
    }

    #[test]
    fn fast_code_equals_the_reference_on_goal_kick_walks(g in arb_start().prop_flat_map(|s| arb_goal_kick_state(s, 160))) {
        reference::check(&g)?;
    }

    #[test]
    fn any_orders_on_crowded_fields_resolve_as_the_rules_say((field, orders) in arb_crowded_turn()) {
        reference::check_turn(&field, &orders)?;
    }

    #[test]
    fn wrong_order_counts_are_refused_alike((field, mut orders) in arb_crowded_turn(), extra in any::<bool>()) {
        if extra { orders.push(Order::Stay) } else { orders.pop(); }
        reference::check_turn(&field, &orders)?;
    }
}

#[test]
fn reference_perft_equals_game_core_perft() {
    let config = Config::new(4, 3, 1, 2, 5).unwrap();
    let start = ParallelFootball::new(config).unwrap();
    for depth in 0..4 {
        assert_eq!(reference::perft(&start, depth), perft(&start, depth), "placement, depth {depth}");
    }
    // Past the placement: one decision per footballer, then the chance step
    // counts as one leaf.
    let turn = state_from_indices(&start, &[5, 1, 10, 7]);
    assert!(!turn.in_placement());
    for depth in 0..7 {
        assert_eq!(reference::perft(&turn, depth), perft(&turn, depth), "turn, depth {depth}");
    }
}

#[test]
fn perft_within_a_turn_is_the_product_of_each_footballers_legal_orders() {
    // Why no perft table is published (crate docs, "Perft"): the orders of a
    // turn are all checked against its start, so the count of d decisions
    // is a product, and the chance step stops it.
    let config = Config::new(5, 5, 1, 2, 5).unwrap();
    let field = Field::new(config, &[Cell::new(1, 1), Cell::new(2, 2), Cell::new(4, 4), Cell::new(0, 2)]).unwrap();
    let g = ParallelFootball::from_field(field.clone());
    let setup = reference::setup_of(&field);
    let counts: Vec<u64> = field.positions().iter().map(|&c| reference::legal_orders(&setup, c).len() as u64).collect();
    // (1, 1): 8 moves, 10 of the 12 kicks land on the grid; (4, 4) is a
    // home (no ball): 3 moves; (0, 2): 5 moves, 8 kicks.
    assert_eq!(counts, [1 + 8 + 10, 1 + 8 + 12, 1 + 3, 1 + 5 + 8]);
    for depth in 0..=6u32 {
        let product: u64 = counts.iter().take(depth as usize).product();
        assert_eq!(perft(&g, depth), product, "depth {depth}");
    }
}

#[test]
fn the_reference_finds_every_allocation_of_a_crowded_cell() {
    // Five kickers of all four teams on a cell with two balls: C(5, 2) = 10.
    let config = Config::new(5, 5, 2, 2, 5).unwrap();
    let mut balls = vec![0u16; 25];
    balls[config.index(Cell::new(2, 2))] = 2;
    let positions = vec![Cell::new(2, 2); 8];
    let field = Field::from_parts(Arc::new(Geometry::new(config)), balls, positions, [0; 4], 0).unwrap();
    let mut orders = vec![Order::Kick { dx: 1, dy: 1 }; 8];
    orders[1] = Order::Stay;
    orders[3] = Order::Move { dx: 1, dy: 0 };
    orders[5] = Order::Kick { dx: 3, dy: 0 }; // out of range: stays
    let setup = reference::setup_of(&field);
    let contests = reference::contests(&setup, &orders).unwrap();
    assert_eq!(contests.len(), 1);
    assert_eq!(contests[0].kickers, [0, 2, 4, 6, 7]);
    assert_eq!(reference::allocations(&contests, 100).len(), 10);
    reference::check_turn(&field, &orders).unwrap();
}
