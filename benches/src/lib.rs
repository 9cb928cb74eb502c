//! Criterion benchmarks for the workspace live in `benches/benches/`, one file
//! per game (`cargo bench -p benches --bench <game>`). This library holds
//! nothing but this note.

/// The README's code examples, run as doctests so the quick start stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
