//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file). Each rule of `doc/rules.md`
//! has a test named after it.

mod kit;
mod protocol;
mod referee;
mod rules;
mod svg;
