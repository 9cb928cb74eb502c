//! The command line's parts beside `main.rs`: the clap definitions
//! ([`args`]), `arena play` and `arena merge` ([`series`]), and
//! `arena league` ([`league`]).

pub(crate) mod args;
pub(crate) mod league;
pub(crate) mod series;
