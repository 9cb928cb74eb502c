//! For fuzzers, property tests and anyone comparing a move generator of
//! their own with this one (feature `testing`): the plain reference model
//! and its one-call differential check ([`reference`](mod@reference)), the hard cases of
//! the game with biases that reach them ([`edges`]), and the move universe
//! of `game_core`'s conformance kit.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use paper_soccer::game_core::testing::{biased_walk, state_from_indices_biased};
//! use paper_soccer::testing::{edges::Dense, reference};
//! use paper_soccer::{PaperSoccer, Turn};
//!
//! // 1. The differential check, on a position of your own: steps, both
//! //    seats, successors and every whole turn against the plain model.
//! let mut g = PaperSoccer::default();
//! g.play_turn("0").unwrap();
//! reference::check(&g).unwrap();
//!
//! // 2. A walk biased towards bounces: crowded ground, long turns.
//! let mut rng = paper_soccer::game_core::rng::seeded(7);
//! let mut n = 0;
//! let crowded = biased_walk(&PaperSoccer::default(), &Dense, &mut rng, 60, |b| {
//!     n += 1;
//!     if n % 20 == 0 {
//!         reference::check(b).unwrap();
//!     }
//! });
//! assert!(crowded.lines_drawn() > 20);
//!
//! // 3. A property driven by `Arbitrary` (a fuzzer's bytes; fixed here):
//! //    whatever the turn, it is played completely or not at all.
//! let bytes = [3u8, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3];
//! let mut u = Unstructured::new(&bytes);
//! let turn = Turn::arbitrary(&mut u).unwrap();
//! let start = state_from_indices_biased(&PaperSoccer::default(), &[9, 400, 7, 123], &Dense);
//! let mut after = start;
//! match after.play_turn_steps(&turn) {
//!     Ok(()) => reference::check(&after).unwrap(),
//!     Err(_) => assert_eq!(after, start),
//! }
//! ```

pub mod edges;
pub mod reference;
