//! Which planted rule bug is switched on (feature `planted-bugs`, for the
//! fuzz targets' planted-bug check, `fuzz/planted.sh`, only: never enable it
//! in a build that plays games).
//!
//! Each game crate has a `planted-bugs` feature of its own that puts a few
//! small, deliberate mistakes into its fast engine (a bounce not given, a
//! wall allowed across another, ...), each in a block compiled only with
//! that feature and run only when [`is`] says its name was chosen. The
//! environment variable `PLANTED_BUG` chooses at most one, by name, for the
//! whole process: one build of the fuzz targets serves every bug, and with
//! the variable unset the engines follow the rules. The script then checks
//! that the differential fuzz targets (the fast engine against the crate's
//! reference model) find each bug.

use std::sync::OnceLock;

/// The environment variable that names the planted bug to switch on.
pub const VAR: &str = "PLANTED_BUG";

/// Whether `PLANTED_BUG` names the planted bug `name` (read once per
/// process; false for every name when it is unset).
///
/// ```
/// // No planted bug is on unless the variable names one.
/// if std::env::var_os(game_core::planted::VAR).is_none() {
///     assert!(!game_core::planted::is("quoridor-wall-crosses-wall"));
/// }
/// ```
#[must_use]
pub fn is(name: &str) -> bool {
    static CHOSEN: OnceLock<Option<String>> = OnceLock::new();
    CHOSEN.get_or_init(|| std::env::var(VAR).ok()).as_deref() == Some(name)
}
