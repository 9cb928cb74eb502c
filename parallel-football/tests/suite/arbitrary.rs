//! The `arbitrary` feature: configurations and setups drawn from any bytes
//! are valid, and moves drawn from bytes are refused with typed errors.

use arbitrary::{Arbitrary, Unstructured};
use game_core::Game;
use game_core::rng::{below, seeded};
use parallel_football::testing::reference;
use parallel_football::{Config, FootballMove, KickAllocation, ParallelFootball, Setup};

/// Byte strings of many lengths and contents, the empty one included.
fn inputs() -> impl Iterator<Item = Vec<u8>> {
    let mut rng = seeded(2026);
    (0..300).map(move |i| {
        let len = if i < 4 { i * 3 } else { below(&mut rng, 600) };
        (0..len).map(|_| below(&mut rng, 256) as u8).collect()
    })
}

#[test]
fn arbitrary_configurations_are_valid() {
    for bytes in inputs() {
        let c = Config::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(c.validate(), Ok(()), "{c:?}");
    }
}

#[test]
fn arbitrary_setups_rebuild_a_game_that_passes_the_reference_check() {
    let (mut built, mut checked) = (0, 0);
    for bytes in inputs() {
        let Ok(setup) = Setup::arbitrary(&mut Unstructured::new(&bytes)) else { continue };
        let g = ParallelFootball::from_setup(setup.clone()).unwrap_or_else(|e| panic!("{e}: {setup:?}"));
        assert_eq!(g.to_setup(), setup);
        built += 1;
        // Large grids and teams are valid too; the reference is slow on them.
        if g.config().cells() <= 400 && g.config().players <= 8 {
            reference::check(&g).unwrap();
            checked += 1;
        }
    }
    println!("{built} setups built, {checked} checked against the reference");
    assert!(built > 250 && checked > 10, "{built} setups built, {checked} checked");
}

#[test]
fn arbitrary_moves_and_allocations_are_legal_or_refused_with_a_typed_error() {
    let g = ParallelFootball::new(Config::new(5, 5, 1, 2, 4).unwrap()).unwrap();
    for bytes in inputs() {
        let mut u = Unstructured::new(&bytes);
        let (Ok(mv), Ok(chance)) = (FootballMove::arbitrary(&mut u), KickAllocation::arbitrary(&mut u)) else {
            continue;
        };
        let mut child = g.clone();
        if child.play(game_core::PlayerId(0), mv).is_err() {
            assert_eq!(child, g);
        }
        assert!(child.clone().apply_chance(&chance).is_err(), "no chance step is due");
    }
}
