//! The command line's parts beside `main.rs`: the clap definitions
//! ([`args`]), `arena play` and `arena merge` ([`series`]),
//! `arena league` ([`league`]) and `arena analyze` ([`analyze`]).

pub(crate) mod analyze;
pub(crate) mod args;
pub(crate) mod league;
pub(crate) mod series;
