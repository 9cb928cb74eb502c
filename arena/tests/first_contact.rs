//! What a newcomer meets when something goes wrong: each case is a real
//! `arena` process (and real bot processes) given the mistake a new user
//! makes, and the test checks that the arena refuses what cannot work, says
//! what is wrong in the game's or the user's terms, and exits non-zero.
//!
//! One module per class of mistake.

mod common;

/// The cases, one module per class of mistake (in `tests/first_contact/`).
mod first_contact {
    mod bots;
    mod bundle;
    mod files;
    mod guides;
    mod judge;
    mod numbers;
}
