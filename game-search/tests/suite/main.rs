//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file).

mod dag;
mod games;
mod nim;
