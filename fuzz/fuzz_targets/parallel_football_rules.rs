//! Parallel Football through the generic Game view (placement, simultaneous
//! orders, chance) driven by arbitrary bytes: game_core's fuzz harness plus
//! "no ball is ever lost", then the plain reference model's check
//! (`testing::reference::check`) on the last state.
#![no_main]

use game_core::testing::{Violation, fuzz_game_with};
use libfuzzer_sys::fuzz_target;
use parallel_football::{Config, ParallelFootball};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else { return };
    let config = Config::new(
        4 + u32::from(shape % 4),
        4 + u32::from(shape / 4 % 4),
        1 + u32::from(shape / 16 % 2),
        1 + u32::from(shape / 32 % 4),
        30,
    )
    .expect("a valid small configuration");
    let total = config.start_balls();
    let result = fuzz_game_with(&ParallelFootball::new(config).unwrap(), rest, |g: &ParallelFootball| {
        let f = g.field();
        let sum = f.balls_left() + f.scores().iter().sum::<u32>();
        if sum == total {
            Ok(())
        } else {
            Err(Violation { check: "balls-accounted", detail: format!("{sum} != {total}"), at: None })
        }
    });
    match result {
        Ok(last) => {
            if let Err(v) = parallel_football::testing::reference::check(&last) {
                panic!("{v}");
            }
        }
        Err(v) => panic!("{v}"),
    }
});
