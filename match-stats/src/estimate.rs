//! A number with a 95 % interval, and how numbers that are not finite are
//! written (in the table and in JSON).

use serde::{Serialize, Serializer};

/// The two-sided 95 % quantile of the standard normal distribution
/// (`1.959963984540054`, the `CI95ZSCORE` of fastchess).
pub(crate) fn z95() -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal};
    Normal::standard().inverse_cdf(0.975)
}

/// A point estimate with a 95 % interval `[low, high]`.
///
/// Any of the three may be infinite (an unbounded side, or a record of only
/// wins) or NaN (nothing can be said: no games, or no spread to measure).
/// In JSON a finite number is a number and the others are the strings
/// `"+inf"`, `"-inf"` and `"n/a"`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// The point estimate.
    #[serde(serialize_with = "number")]
    pub value: f64,
    /// The lower end of the 95 % interval.
    #[serde(serialize_with = "number")]
    pub low: f64,
    /// The upper end of the 95 % interval.
    #[serde(serialize_with = "number")]
    pub high: f64,
}

impl Estimate {
    /// Nothing known: all three NaN.
    pub const UNKNOWN: Estimate = Estimate { value: f64::NAN, low: f64::NAN, high: f64::NAN };

    /// Half the interval's width: the `+/-` that fastchess and cutechess-cli
    /// print next to an Elo difference (NaN when a side is unknown).
    #[must_use]
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// The same estimate seen from the other side (`-value`, interval
    /// mirrored).
    #[must_use]
    pub fn negated(&self) -> Estimate {
        Estimate { value: -self.value, low: -self.high, high: -self.low }
    }

    /// `+40.70 ± 30.43 [+10.35, +71.21]`; the `±` part only when both ends
    /// are finite, the interval `n/a` when either end is unknown.
    #[must_use]
    pub fn text(&self, decimals: usize) -> String {
        let value = signed(self.value, decimals);
        if self.low.is_nan() || self.high.is_nan() {
            return format!("{value} [n/a]");
        }
        let range = format!("[{}, {}]", signed(self.low, decimals), signed(self.high, decimals));
        let hw = self.half_width();
        if hw.is_finite() { format!("{value} ± {} {range}", fixed(hw, decimals)) } else { format!("{value} {range}") }
    }
}

/// `x` with `decimals` decimals, `+inf`, `-inf` or `n/a` (never `-0.00`).
///
/// ```
/// assert_eq!(match_stats::estimate::fixed(-0.001, 2), "0.00");
/// assert_eq!(match_stats::estimate::fixed(f64::NAN, 2), "n/a");
/// ```
#[must_use]
pub fn fixed(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "n/a".into()
    } else if x.is_infinite() {
        if x > 0.0 { "+inf".into() } else { "-inf".into() }
    } else {
        // `0.00` not `-0.00`: the sign of a number that rounds to zero
        // depends on rounding, not on the data.
        let s = format!("{x:.decimals$}");
        match s.strip_prefix('-') {
            Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
            _ => s,
        }
    }
}

/// Like [`fixed`] with a sign on positive numbers (`+12.30`).
#[must_use]
pub fn signed(x: f64, decimals: usize) -> String {
    let s = fixed(x, decimals);
    if x.is_finite() && !s.starts_with('-') { format!("+{s}") } else { s }
}

/// Serializes a finite `f64` as a number and the others as `"+inf"`,
/// `"-inf"` or `"n/a"` (JSON has no infinities): a `serialize_with`
/// function for `f64` fields.
///
/// # Errors
/// The serializer's error.
pub fn number<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() { s.serialize_f64(if *x == 0.0 { 0.0 } else { *x }) } else { s.serialize_str(&fixed(*x, 0)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z95_is_the_normal_quantile_fastchess_uses() {
        // fastchess app/src/matchmaking/elo/elo.hpp: CI95ZSCORE = 1.959963984540054.
        assert!((z95() - 1.959963984540054).abs() < 1e-12, "{}", z95());
    }

    #[test]
    fn estimates_print_unbounded_and_unknown_sides_honestly() {
        let e = Estimate { value: 40.7, low: 10.349, high: 71.2 };
        assert_eq!(e.text(2), "+40.70 ± 30.43 [+10.35, +71.20]");
        assert_eq!(e.negated().text(1), "-40.7 ± 30.4 [-71.2, -10.3]");
        let open = Estimate { value: 240.0, low: 88.7, high: f64::INFINITY };
        assert_eq!(open.text(1), "+240.0 [+88.7, +inf]");
        assert_eq!(Estimate::UNKNOWN.text(1), "n/a [n/a]");
        assert_eq!(Estimate { value: -1e-15, low: -0.04, high: 0.04 }.text(1), "+0.0 ± 0.0 [+0.0, +0.0]");
        let json = serde_json::to_string(&Estimate { value: f64::INFINITY, low: -0.0, high: f64::NAN }).unwrap();
        assert_eq!(json, r#"{"value":"+inf","low":0.0,"high":"n/a"}"#);
    }
}
