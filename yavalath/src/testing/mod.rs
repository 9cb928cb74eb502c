//! Tools for people testing rules engines (feature `testing`): the crate's plain reference model
//! and its one-call differential check ([`reference`](mod@reference)), biases, edges and strategies aimed at
//! the game's hard cases ([`edges`]), and the move universe game-core's conformance kit checks
//! against. With [`game_core::testing`] (walks, the kit, the fuzz harness) this is what our own
//! property tests and fuzz targets use, and all a fuzzer of its own needs.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use yavalath::game_core::rng::seeded;
//! use yavalath::game_core::testing::{biased_walk, check_state};
//! use yavalath::testing::edges::{Threats, edges};
//! use yavalath::testing::reference;
//! use yavalath::{Cell, Yavalath};
//!
//! // The differential check of the fast game against the array-board model, on every state of
//! // a walk biased towards fours to make or block.
//! let mut checked = 0;
//! let end = biased_walk(&Yavalath::new(), &Threats, &mut seeded(7), 62, |g| {
//!     reference::check(g).unwrap();
//!     checked += 1;
//! });
//! assert!(end.end().is_some() && checked > 5);
//! assert!(edges().iter().any(|e| e.name == "won-by-four"));
//!
//! // An `Arbitrary`-driven property, as a fuzzer would write it: any position the bytes give
//! // passes the reference check and the conformance kit, and its perft agrees with the model's.
//! let bytes = [12u8, 0, 255, 3, 77, 9, 31, 4, 150, 8, 60, 2, 99];
//! let g = Yavalath::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! reference::check(&g).unwrap();
//! check_state(&g).unwrap();
//! assert_eq!(yavalath::game_core::perft(&g, 2), reference::perft(&g, 2));
//! let _ = Cell::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
//! ```

pub mod edges;
pub mod reference;
