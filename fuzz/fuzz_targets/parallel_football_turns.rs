//! Parallel Football turn resolution on arbitrary configurations, start
//! cells, orders and explicit allocations: every ball stays accounted for,
//! every player stays on the grid, a refused turn changes nothing, and
//! every turn (its field and report, or its refusal) is the one the plain
//! reference model (`testing::reference::resolve`) gives with the same
//! allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use parallel_football::testing::reference;
use parallel_football::{Cell, Config, ExplicitAllocation, Field, Order, TurnError, TurnReport};

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let w = 2 + u32::from(b.byte() % 11);
    let h = 2 + u32::from(b.byte() % 11);
    let p = 1 + u32::from(b.byte() % 4);
    let k = u32::from(b.byte() % 48); // 0 and 47 are invalid: typed errors
    let Ok(config) = Config::new(w, h, p, k, 1 + u32::from(b.byte() % 40)) else { return };
    let n = config.total_players();
    let starts: Vec<Cell> = (0..n).map(|_| Cell::new(b.byte() % config.width, b.byte() % config.height)).collect();
    let Ok(mut field) = Field::new(config, &starts) else { return };
    let total = config.start_balls();
    let mut report = TurnReport::default();
    let mut orders = vec![Order::Stay; n];
    while !b.0.is_empty() {
        for o in orders.iter_mut() {
            let (kind, dx, dy) = (b.byte() % 3, b.byte() as i8, b.byte() as i8);
            *o = match kind {
                0 => Order::Stay,
                1 => Order::Move { dx: dx % 3, dy: dy % 3 },
                _ => Order::Kick { dx: dx % 50, dy: dy % 50 },
            };
        }
        let before = field.clone();
        let setup = reference::setup_of(&field);
        let (result, listed) = if b.byte() % 2 == 0 {
            let mut rng = game_core::rng::seeded(u64::from(b.byte()));
            (field.resolve_turn(&orders, &mut rng, &mut report), None)
        } else {
            let mut successes: Vec<u16> = (0..b.byte() % 4).map(|_| u16::from(b.byte()) % n as u16).collect();
            successes.sort_unstable();
            successes.dedup();
            match ExplicitAllocation::new(&successes) {
                Ok(mut alloc) => (field.resolve_turn(&orders, &mut alloc, &mut report), Some(successes)),
                Err(_) => continue,
            }
        };
        // The same turn in the reference model, with the same allocation.
        let model = reference::resolve(&setup, &orders, listed.as_deref().unwrap_or(&report.successes));
        match (&result, &model) {
            (Ok(()), Ok(m)) => {
                assert_eq!(reference::setup_of(&field), m.after, "the fast turn differs from the reference");
                assert_eq!(report, m.report, "the fast report differs from the reference");
            }
            (Err(TurnError::Allocation(a)), Err(reference::ReferenceError::Allocation(b))) => assert_eq!(a, b),
            (Err(TurnError::GameOver), Err(reference::ReferenceError::GameOver)) => {}
            (r, m) => panic!("fast {r:?}, reference {m:?}"),
        }
        if result.is_err() {
            assert!(field == before, "a refused turn changed the field: {result:?}");
            if field.is_over() {
                break;
            }
            continue;
        }
        let on_grid: u32 = field.balls_left();
        let scored: u32 = field.scores().iter().sum();
        assert_eq!(on_grid + scored, total, "balls lost or duplicated");
        for c in field.positions() {
            assert!(c.x < config.width && c.y < config.height, "player off the grid at {c:?}");
        }
        if field.is_over() {
            break;
        }
    }
});
