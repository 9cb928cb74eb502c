//! The crate's integration tests, one module per file, built as one test
//! binary (one link instead of one per file).

mod bot;
mod contest;
mod layout;
mod rng;
mod session;
mod tic_tac_toe;
mod walk;
