//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file).

mod codec;
mod common;
mod conformance;
mod dirs;
mod edges;
mod perft;
mod protocol;
mod referee;
mod reference;
mod rules;
mod svg;
