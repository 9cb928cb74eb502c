//! The arena's integration tests that need no machine of their own, one
//! module per file, built as one test binary (one link instead of one per
//! file). Kept apart: tests that load every core (`clocks`, `budgets`),
//! build crates or start a browser (`first_contact`, `view`), kill every
//! bot of the process (`kill_all`), and those run by name (`soak`,
//! `records`, `rules_pictures`).

mod analyze;
mod answers;
#[path = "../common/mod.rs"]
mod common;
mod games;
mod generic;
mod hostile;
mod judge_forms;
mod league;
mod nothing_lost;
mod orphans;
mod program_bots;
mod series;
