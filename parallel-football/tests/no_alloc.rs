//! Turn resolution allocates nothing after the first turn.
//!
//! The only way to observe heap allocations is a counting global allocator,
//! which needs `unsafe impl GlobalAlloc`; it forwards to the system allocator
//! and counts per thread, so other tests' threads cannot disturb it. This
//! test file is the only place of the crate with `unsafe`.
#![allow(unsafe_code)]

use game_core::PlayerId;
use game_core::rng::seeded;
use parallel_football::{Config, Field, GreedyTeam, Order, RandomTeam, TurnReport};
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
        // Teams 0 and 1 greedy, 2 and 3 random.
        let mut greedy = [GreedyTeam::new(), GreedyTeam::new()];
        let mut random = [RandomTeam::new(2), RandomTeam::new(3)];
        let mut starts = Vec::new();
        for (t, g) in (0u8..).zip(&mut greedy) {
            g.place(&config, PlayerId(t), &mut starts);
        }
        for (t, r) in (2u8..).zip(&mut random) {
            r.place(&config, PlayerId(t), &mut starts);
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
            let (mine, theirs) = orders.split_at_mut(2 * p);
            for ((t, g), out) in (0u8..).zip(&mut greedy).zip(mine.chunks_mut(p)) {
                g.orders(&field, PlayerId(t), out);
            }
            for ((t, r), out) in (2u8..).zip(&mut random).zip(theirs.chunks_mut(p)) {
                r.orders(&field, PlayerId(t), out);
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

#[test]
fn refused_orders_allocate_nothing_after_a_first_turn_without_any() {
    // The first turn refuses nothing; later ones refuse every order: the
    // report's list of refused orders was sized for them all on the first.
    let config = Config::standard(64, 3).unwrap();
    let starts = vec![parallel_football::Cell::new(10, 10); 4 * 64];
    let mut field = Field::new(config, &starts).unwrap();
    let mut report = TurnReport::default();
    let mut rng = seeded(1);
    field.resolve_turn(&vec![Order::Stay; 4 * 64], &mut rng, &mut report).unwrap();
    assert!(report.illegal.is_empty());
    let refused = vec![Order::Move { dx: 5, dy: 5 }; 4 * 64];
    for turn in 1..4 {
        let before = allocations();
        field.resolve_turn(&refused, &mut rng, &mut report).unwrap();
        assert_eq!(allocations() - before, 0, "turn {turn} allocated");
        assert_eq!(report.illegal.len(), 4 * 64, "turn {turn} refused every order");
    }
}
