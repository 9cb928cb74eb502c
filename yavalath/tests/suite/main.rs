//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file).

mod answers;
mod bot_side;
mod cells;
mod codec;
mod common;
mod edges;
mod kit;
mod perft;
mod protocol;
mod referee;
mod reference;
mod rules;
mod sampling;
mod seats;
mod svg;
mod symmetry;
