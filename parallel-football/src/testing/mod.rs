//! Tools for testing and fuzzing Parallel Football (feature `testing`):
//! the plain reference model with its one-call differential check
//! ([`reference`](mod@reference)), biases, hard cases and strategies for walks
//! ([`edges`]), and the move universe the conformance kit of
//! [`game_core::testing`] checks against.
//!
//! One differential check, one biased walk, one property driven by
//! [`arbitrary`](https://docs.rs/arbitrary) (feature `arbitrary`):
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use parallel_football::game_core::rng::seeded;
//! use parallel_football::game_core::testing::{biased_walk, state_from_indices_biased};
//! use parallel_football::testing::{edges::CrowdedKicks, reference};
//! use parallel_football::{Config, ParallelFootball, Order};
//!
//! let start = ParallelFootball::new(Config::new(6, 6, 2, 3, 12).unwrap()).unwrap();
//! // The fast code against the reference model, on every state of a walk
//! // that crowds the footballers together and makes them kick the same balls.
//! let end = biased_walk(&start, &CrowdedKicks, &mut seeded(7), 60, |g| reference::check(g).unwrap());
//! assert!(!end.in_placement());
//!
//! // Any orders (illegal ones too) on a position built from indices, as a
//! // fuzz target does with its input bytes: the fast turn is the model's.
//! let indices: Vec<u16> = (0..40u16).map(|i| i.wrapping_mul(977)).collect();
//! let g = state_from_indices_biased(&start, &indices, &CrowdedKicks);
//! let bytes: Vec<u8> = (0..64u8).map(|b| b.wrapping_mul(37)).collect();
//! let mut u = Unstructured::new(&bytes);
//! let orders: Vec<Order> = (0..8).map(|_| Order::arbitrary(&mut u).unwrap()).collect();
//! reference::check_turn(g.field(), &orders).unwrap();
//! ```

pub mod edges;
pub mod reference;
