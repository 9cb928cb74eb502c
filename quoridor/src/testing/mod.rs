//! For fuzzers and property tests (feature `testing`): the plain reference
//! model of the rules and its one-call differential check
//! ([`reference::check`]), perft counted by that model
//! ([`reference::perft`]), the hard cases of the rules as edges with biased
//! walks towards them ([`edges`]), and the move universe the conformance kit
//! and `game_core::testing::fuzz_game` enumerate.
//!
//! The reference check, a biased walk and a property over `Arbitrary` moves:
//!
//! ```
//! use quoridor::game_core::testing::{biased_walk, reach, Uniform};
//! use quoridor::game_core::{Game, rng};
//! use quoridor::testing::edges::{edges, PawnsMeet};
//! use quoridor::testing::reference;
//! use quoridor::{Config, Move, Quoridor};
//!
//! let start = Quoridor::new(Config::new(5, 2).unwrap()).unwrap();
//! // Walk towards meeting pawns, checking every position against the model.
//! biased_walk(&start, &PawnsMeet, &mut rng::seeded(3), 40, |s| reference::check(s).unwrap());
//! // The bias reaches adjacent pawns in more games than the uniform walk.
//! let (uniform, biased) = (reach(&start, &Uniform, &edges(), 40, 1), reach(&start, &PawnsMeet, &edges(), 40, 1));
//! assert!(biased.hits[0].games >= uniform.hits[0].games);
//!
//! // Any move built from bytes is either refused with a typed error or
//! // played, and the position still agrees with the model.
//! # #[cfg(feature = "arbitrary")] {
//! use arbitrary::{Arbitrary, Unstructured};
//! let bytes = [7u8, 1, 2, 0, 3, 1, 9, 4, 4, 0, 1, 1];
//! let mut u = Unstructured::new(&bytes);
//! let mut s = start;
//! // (An exhausted `Unstructured` keeps answering zeros: take a few moves.)
//! for _ in 0..4 {
//!     let (Ok(mv), Some(p)) = (Move::arbitrary(&mut u), s.to_move()) else { break };
//!     if s.play(p, mv).is_ok() {
//!         reference::check(&s).unwrap();
//!     }
//! }
//! # }
//! ```

pub mod edges;
pub mod reference;
