//! Two seats, game by game: wins, draws and losses (the trinomial model of
//! cutechess-cli and fastchess), and the Elo arithmetic shared with the
//! pentanomial model ([`super::pentanomial`]).
//!
//! A series is a sample of independent units (games, or pairs of games)
//! each scoring a value in `[0, 1]`. With `n` units, mean score `s` and
//! per-unit variance `v` (the empirical variance of the unit scores):
//! * Elo = `-400·log10(1/s - 1)`;
//! * the 95 % interval maps `s ± z·sqrt(v/n)` (`z` the 97.5 % normal
//!   quantile) through the same function, the score bounds clamped to
//!   `[0, 1]` (so a bound can be `±inf`); fastchess prints half its width as
//!   `+/-` (`EloWDL`, `EloPentanomial` in fastchess
//!   `app/src/matchmaking/elo/`);
//! * normalized Elo = `(s - 0.5)/sqrt(k·v)·800/ln 10` with `k = 1` for games
//!   and `k = 2` for pairs, its interval from the same score bounds
//!   (unclamped).
//!
//! * LOS (likelihood of superiority) = `(1 - erf(-(s - 0.5)/sqrt(2·v/n)))/2`,
//!   fastchess's normal approximation for games and pairs alike (the
//!   classic `0.5·(1 + erf((W - L)/sqrt(2(W + L))))` of cutechess-cli
//!   differs in the second decimal: 99.57 % instead of 99.60 % for
//!   +136 =111 -96).
//!
//! With no units nothing is known (all NaN). With no spread (`v = 0`: all
//! draws, or a clean sweep) the Elo is the point value (`0`, `±inf`) and the
//! intervals and the LOS are unknown: the normal approximation has nothing
//! to measure. fastchess prints `inf +/- nan` and LOS `100.00 %` for a
//! sweep; the table prints `+inf [n/a]` and LOS `n/a`.

use super::estimate::{Estimate, number, z95};
use serde::Serialize;

/// What the Elo arithmetic gives for one sample of unit scores.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloReport {
    /// Mean score per unit in `[0, 1]` (NaN without units).
    #[serde(serialize_with = "number")]
    pub score: f64,
    /// Elo difference (logistic) with its 95 % interval.
    pub elo: Estimate,
    /// Normalized Elo with its 95 % interval.
    pub nelo: Estimate,
    /// Likelihood of superiority in `[0, 1]`: the probability that the
    /// first entrant is the stronger one (NaN when it cannot be said).
    #[serde(serialize_with = "number")]
    pub los: f64,
}

/// The logistic Elo difference of a mean score: `-400·log10(1/s - 1)`
/// (`+inf` at 1, `-inf` at 0).
#[must_use]
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Mean, per-unit variance and unit count of a sample given as counts of
/// each possible unit score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sample {
    /// Number of units.
    pub n: f64,
    /// Mean unit score.
    pub mean: f64,
    /// Empirical variance of one unit's score.
    pub variance: f64,
}

impl Sample {
    /// The sample with `counts[i]` units scoring `values[i]`.
    pub(crate) fn new(values: &[f64], counts: &[u64]) -> Sample {
        let n: f64 = counts.iter().map(|&c| c as f64).sum();
        let mean = values.iter().zip(counts).map(|(v, &c)| v * c as f64).sum::<f64>() / n;
        let variance = values.iter().zip(counts).map(|(v, &c)| c as f64 / n * (v - mean).powi(2)).sum::<f64>();
        Sample { n, mean, variance }
    }

    /// Elo, normalized Elo (`k` units of variance per normalized unit: 1
    /// for games, 2 for pairs) and LOS.
    pub(crate) fn report(&self, k: f64) -> EloReport {
        let los = self.los();
        if self.n == 0.0 {
            return EloReport { score: f64::NAN, elo: Estimate::UNKNOWN, nelo: Estimate::UNKNOWN, los: f64::NAN };
        }
        let value = score_to_elo(self.mean);
        if self.variance <= 0.0 {
            let unknown = Estimate { value, ..Estimate::UNKNOWN };
            return EloReport { score: self.mean, elo: unknown, nelo: Estimate::UNKNOWN, los };
        }
        let margin = z95() * (self.variance / self.n).sqrt();
        let (lo, hi) = (self.mean - margin, self.mean + margin);
        let elo = Estimate { value, low: score_to_elo(lo.max(0.0)), high: score_to_elo(hi.min(1.0)) };
        let nelo_of = |s: f64| (s - 0.5) / (k * self.variance).sqrt() * (800.0 / std::f64::consts::LN_10);
        let nelo = Estimate { value: nelo_of(self.mean), low: nelo_of(lo), high: nelo_of(hi) };
        EloReport { score: self.mean, elo, nelo, los }
    }

    /// fastchess's likelihood of superiority from the normal approximation
    /// of the mean: `(1 - erf(-(s - 0.5)/sqrt(2·v/n)))/2` (NaN without
    /// spread).
    fn los(&self) -> f64 {
        if self.n == 0.0 || self.variance <= 0.0 {
            return f64::NAN;
        }
        (1.0 - statrs::function::erf::erf(-(self.mean - 0.5) / (2.0 * self.variance / self.n).sqrt())) / 2.0
    }
}

/// The first entrant's wins, draws and losses against the second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games the first entrant placed ahead.
    pub wins: u64,
    /// Games with both placed alike.
    pub draws: u64,
    /// Games the second entrant placed ahead.
    pub losses: u64,
}

impl Wdl {
    /// Number of games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Share of draws in `[0, 1]` (NaN without games).
    #[must_use]
    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games() as f64
    }

    /// Elo, normalized Elo (per game) and LOS of the first entrant.
    #[must_use]
    pub fn report(&self) -> EloReport {
        Sample::new(&[0.0, 0.5, 1.0], &[self.losses, self.draws, self.wins]).report(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Expected numbers: fastchess `app/tests/elo_test.cpp` (github.com/
    /// Disservin/fastchess), cases "EloWDL 1..3"; `Stats(w, l, d)`.
    #[test]
    fn wdl_matches_fastchess_published_numbers() {
        let r = Wdl { wins: 136, losses: 96, draws: 111 }.report();
        assert!(close(r.elo.value, 40.70, 0.01), "{r:?}");
        assert!(close(r.elo.half_width(), 30.43, 0.01), "{r:?}");
        assert!(close(r.nelo.value, 49.77, 0.01) && close(r.nelo.half_width(), 36.77, 0.01), "{r:?}");
        assert_eq!(format!("{:.2}", r.los * 100.0), "99.60");
        let r = Wdl { wins: 76, losses: 89, draws: 123 }.report();
        assert!(close(r.nelo.value, -20.76, 0.01) && close(r.nelo.half_width(), 40.13, 0.01), "{r:?}");
        assert_eq!(format!("{:.2}", r.los * 100.0), "15.53");
        assert!(close(r.score, 0.477, 0.001));
        let r = Wdl { wins: 34, losses: 356, draws: 0 }.report();
        assert!(close(r.nelo.value, -508.44, 0.01) && close(r.nelo.half_width(), 34.48, 0.01), "{r:?}");
    }

    /// The classic formula (cutechess-cli `projects/lib/src/elo.cpp`): 16
    /// wins and 4 losses score 0.8, Elo `-400·log10(1/0.8 - 1)` = 240.82;
    /// per-game variance 0.16, LOS `(1 - erf(-0.3/sqrt(2·0.16/20)))/2` = 0.99960.
    #[test]
    fn a_16_4_record_rates_the_winner_above_with_an_interval_excluding_zero() {
        let w = Wdl { wins: 16, draws: 0, losses: 4 };
        let r = w.report();
        assert!(close(r.elo.value, 240.82, 0.01), "{r:?}");
        assert!(close(r.los, 0.99960, 0.00001), "{r:?}");
        assert!(r.elo.low > 0.0 && r.elo.high > r.elo.value && r.elo.high.is_finite(), "{r:?}");
        let l = Wdl { wins: 4, draws: 0, losses: 16 }.report();
        assert!(close(l.elo.value, -r.elo.value, 1e-9) && close(l.elo.low, -r.elo.high, 1e-9), "{l:?}");
    }

    #[test]
    fn no_games_no_decisive_games_and_sweeps_give_no_fake_intervals() {
        let none = Wdl::default().report();
        assert!(none.elo.value.is_nan() && none.los.is_nan() && none.score.is_nan());
        let draws = Wdl { draws: 10, ..Wdl::default() };
        let d = draws.report();
        assert_eq!(d.elo.value, 0.0);
        assert!(d.elo.low.is_nan() && d.elo.high.is_nan() && d.los.is_nan() && d.nelo.value.is_nan());
        assert_eq!(draws.draw_ratio(), 1.0);
        let sweep = Wdl { wins: 10, ..Wdl::default() }.report();
        assert_eq!(sweep.elo.value, f64::INFINITY);
        assert!(sweep.elo.low.is_nan() && sweep.los.is_nan(), "{sweep:?}");
        // 19-1: the upper score bound passes 1, so the interval is open above.
        let r = Wdl { wins: 19, draws: 0, losses: 1 }.report();
        assert!(r.elo.low.is_finite() && r.elo.high == f64::INFINITY, "{r:?}");
    }
}
