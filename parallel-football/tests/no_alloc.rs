//! Turn resolution allocates nothing after the first turn.
//!
//! The only way to observe heap allocations is a counting global allocator,
//! which needs `unsafe impl GlobalAlloc`; it forwards to the system allocator
//! and counts per thread, so other tests' threads cannot disturb it. This
//! test file is the only place of the crate with `unsafe`.
#![allow(unsafe_code)]

use game_core::PlayerId;
use game_core::rng::seeded;
use parallel_football::{Config, Field, GreedyTeam, Order, RandomTeam, Team, TurnReport};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn turn_resolution_allocates_nothing_after_the_first_turn() {
    for (p, k) in [(255u32, 10u32), (255, 46), (10, 10), (10, 46), (64, 3)] {
        let config = Config::standard(p, k).unwrap();
        let p = p as usize;
        let mut g0 = GreedyTeam::new();
        let mut g1 = GreedyTeam::new();
        let mut r2 = RandomTeam::new(2);
        let mut r3 = RandomTeam::new(3);
        let mut teams: [&mut dyn Team; 4] = [&mut g0, &mut g1, &mut r2, &mut r3];
        let mut starts = Vec::new();
        for (t, team) in teams.iter_mut().enumerate() {
            team.place(&config, PlayerId(t as u8), &mut starts);
        }
        // Everybody on a few cells: contested kicks every turn.
        for (i, s) in starts.iter_mut().enumerate().skip(2 * p) {
            *s = parallel_football::Cell::new((i % 3) as u8 + 5, 5);
        }
        let mut field = Field::new(config, &starts).unwrap();
        let mut orders = vec![Order::Stay; 4 * p];
        let mut report = TurnReport::default();
        let mut rng = seeded(1);
        let mut contested = 0;
        for turn in 0..60 {
            if field.is_over() {
                break;
            }
            for (t, team) in teams.iter_mut().enumerate() {
                team.orders(&field, PlayerId(t as u8), &mut orders[t * p..(t + 1) * p]);
            }
            let before = allocations();
            field.resolve_turn(&orders, &mut rng, &mut report).unwrap();
            let during = allocations() - before;
            if turn == 0 {
                assert!(during > 0, "the counter sees the first turn sizing its buffers");
            } else {
                assert_eq!(during, 0, "p={p} k={k}: turn {turn} allocated {during} times");
            }
            contested += report.failures.len();
        }
        assert!(contested > 0, "p={p} k={k}: the test must exercise contested cells");
    }
}
