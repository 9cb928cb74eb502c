//! Parallel Football, the fast code against the crate's plain reference
//! model: a small configuration from the first byte, a walk chosen by the
//! second (uniform, crowded contested kicks, or kicks at homes) following
//! the next bytes as move indices, then `testing::reference::check` on the
//! position reached; any bytes left become raw joint orders (illegal ones
//! included) for `reference::check_turn`.
#![no_main]

use game_core::testing::{Uniform, state_from_indices_biased};
use libfuzzer_sys::fuzz_target;
use parallel_football::testing::edges::{CrowdedKicks, GoalKicks};
use parallel_football::testing::reference;
use parallel_football::{Config, Order, ParallelFootball};

fuzz_target!(|data: &[u8]| {
    let [shape, walk, len, rest @ ..] = data else { return };
    let config = Config::new(
        2 + u32::from(shape % 6),
        2 + u32::from(shape / 6 % 6),
        1 + u32::from(shape / 36 % 3),
        1 + u32::from(walk / 3 % 6),
        1 + u32::from(walk / 18 % 12),
    )
    .expect("a valid small configuration");
    let start = ParallelFootball::new(config).expect("valid");
    let steps = usize::from(*len).min(rest.len() / 2);
    let (path, orders) = rest.split_at(2 * steps);
    let indices: Vec<u16> = path.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    let state = match walk % 3 {
        0 => state_from_indices_biased(&start, &indices, &Uniform),
        1 => state_from_indices_biased(&start, &indices, &CrowdedKicks),
        _ => state_from_indices_biased(&start, &indices, &GoalKicks),
    };
    if let Err(v) = reference::check(&state) {
        panic!("{v}");
    }
    if state.in_placement() || orders.is_empty() {
        return;
    }
    let n = config.total_players();
    let joint: Vec<Order> = (0..n)
        .map(|i| {
            let b = |j: usize| orders.get((3 * i + j) % orders.len()).copied().unwrap_or(0);
            let (dx, dy) = (b(1) as i8, b(2) as i8);
            match b(0) % 4 {
                0 => Order::Stay,
                1 => Order::Move { dx: dx % 3, dy: dy % 3 },
                2 => Order::Kick { dx: dx % 8, dy: dy % 8 },
                _ => Order::Kick { dx, dy },
            }
        })
        .collect();
    if let Err(v) = reference::check_turn(state.field(), &joint) {
        panic!("{v}");
    }
});
