//! The clock of the browser pages (feature `browser-clock`, `wasm32` only):
//! an [`Instant`] with the methods of [`std::time::Instant`] the searches
//! use, read from the host's clock, which the page's module hands over
//! once with [`set_clock`] (`web/` imports the page's `performance.now()`).
//! On `wasm32-unknown-unknown` the standard library's `Instant::now()`
//! panics: there is no clock without the host.

use std::sync::OnceLock;
use std::time::Duration;

/// The host's clock, in milliseconds.
static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

/// Sets the host's monotonic clock, in milliseconds (the first call
/// counts). Until it is set, the clock reads 0 and time does not pass: a
/// search on a time budget would then stop only at its iteration cap.
pub fn set_clock(now_ms: fn() -> f64) {
    let _ = CLOCK.set(now_ms);
}

fn now_ms() -> f64 {
    CLOCK.get().map_or(0.0, |f| f())
}

/// A moment of the host's monotonic clock, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Instant(f64);

/// Milliseconds as a duration: zero for a negative or not-a-number span,
/// [`Duration::MAX`] for one too long for a duration.
fn span(ms: f64) -> Duration {
    if ms.is_nan() || ms <= 0.0 {
        return Duration::ZERO;
    }
    Duration::try_from_secs_f64(ms / 1000.0).unwrap_or(Duration::MAX)
}

impl Instant {
    /// Now.
    #[must_use]
    pub fn now() -> Instant {
        Instant(now_ms())
    }

    /// The time since `self` (zero if the host's clock went back).
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        span(now_ms() - self.0)
    }

    /// `self` plus `d`; `None` when that is beyond what the clock can
    /// tell apart (past 2^53 ms).
    #[must_use]
    pub fn checked_add(&self, d: Duration) -> Option<Instant> {
        let end = self.0 + d.as_secs_f64() * 1000.0;
        (end.is_finite() && end < 9_007_199_254_740_992.0).then_some(Instant(end))
    }

    /// The time from `earlier` to `self`, zero if `earlier` is later.
    #[must_use]
    pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
        span(self.0 - earlier.0)
    }
}
