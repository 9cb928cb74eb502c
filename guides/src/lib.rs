//! The README's and the guides' code examples, run as doctests by `cargo
//! test --workspace`, so that each one works as written. This library holds
//! nothing but these examples.

/// The README's code examples, run as doctests so the quick start stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The guides (`docs/*.md`) and the library crates' READMEs, run as doctests
/// so that every Rust block in them compiles and runs (this crate depends on
/// every game; shell blocks are marked `sh` and not run). The fuzzing guide
/// needs the `testing` and `arbitrary` features: CI runs it in a scratch
/// crate outside the workspace instead (`.ci/scratch-crate.sh`).
#[cfg(doctest)]
pub mod guides {
    #[doc = include_str!("../../docs/bots.md")]
    pub struct Bots;
    #[doc = include_str!("../../docs/arena.md")]
    pub struct Arena;
    #[doc = include_str!("../../docs/benchmarks.md")]
    pub struct Benchmarks;
    #[doc = include_str!("../../game-core/README.md")]
    pub struct GameCoreReadme;
    #[doc = include_str!("../../paper-soccer/README.md")]
    pub struct PaperSoccerReadme;
    #[doc = include_str!("../../yavalath/README.md")]
    pub struct YavalathReadme;
    #[doc = include_str!("../../quoridor/README.md")]
    pub struct QuoridorReadme;
    #[doc = include_str!("../../parallel-football/README.md")]
    pub struct ParallelFootballReadme;
    #[doc = include_str!("../../nim/README.md")]
    pub struct NimReadme;
    #[doc = include_str!("../../game-search/README.md")]
    pub struct GameSearchReadme;
}
