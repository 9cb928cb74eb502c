//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file).

mod codec;
mod edges;
mod kit;
mod perft;
mod protocol;
mod queries;
mod referee;
mod reference;
mod rules;
mod sampling;
mod svg;
mod unchecked;
