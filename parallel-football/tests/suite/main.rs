//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file).

mod arbitrary;
mod codec;
mod edges;
mod field;
mod game;
mod invariants;
mod protocol;
mod referee;
mod reference;
mod rules;
mod seats;
mod svg;
