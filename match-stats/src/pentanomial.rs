//! Two seats, pair by pair: the pentanomial model of fastchess and fishtest.
//!
//! Games `2k` and `2k+1` of a series share a seed with the seats swapped,
//! so the pair's total (0, ½, 1, 1½ or 2 points for the first entrant)
//! cancels most of the luck of the opening and the seat. Only complete
//! pairs count. A pair is one unit scoring its total / 2; Elo, interval and
//! normalized Elo and LOS follow [`super::elo`] with `k = 2` (fastchess's
//! `EloPentanomial`).

use super::elo::{EloReport, Sample};
use serde::Serialize;

/// Counts of complete pairs by the first entrant's points in the pair:
/// `[LL, LD, DD+WL, WD, WW]` (0, ½, 1, 1½, 2 points), fastchess's
/// `Ptnml(0-2)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Pentanomial {
    /// Pairs with 0, ½, 1, 1½ and 2 points for the first entrant.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// The unit scores of the five kinds of pairs (points / 2).
    pub(crate) const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

    /// Counts one pair worth `half_points` half-points (0..=4) to the first
    /// entrant; larger values count as 4.
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// Number of complete pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Elo, normalized Elo (per pair) and LOS of the first entrant.
    #[must_use]
    pub fn report(&self) -> EloReport {
        Sample::new(&Self::SCORES, &self.counts).report(2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Expected numbers: fastchess `app/tests/elo_test.cpp` (github.com/
    /// Disservin/fastchess), "EloPentanomial 1..3";
    /// `Stats(LL, LD, WL, DD, WD, WW)`.
    #[test]
    fn pentanomial_matches_fastchess_published_numbers() {
        let cases = [
            // LL, LD, WL+DD, WD, WW; Elo, +/-, nElo, +/-, LOS %
            ([34, 54, 31 + 32, 64, 75], 55.58, 27.65, 57.94, 28.28, "100.00"),
            ([332, 433, 457 + 41, 333, 334], -8.64, 10.33, -9.17, 10.96, "5.05"),
            ([7895, 8757, 5485 + 200, 568, 9999], -21.04, 2.95, -19.01, 2.65, "0.00"),
        ];
        for (counts, elo, err, nelo, nerr, los) in cases {
            let r = Pentanomial { counts }.report();
            assert!(close(r.elo.value, elo, 0.01) && close(r.elo.half_width(), err, 0.01), "{counts:?} {r:?}");
            assert!(close(r.nelo.value, nelo, 0.01) && close(r.nelo.half_width(), nerr, 0.01), "{counts:?} {r:?}");
            assert_eq!(format!("{:.2}", r.los * 100.0), los, "{counts:?}");
        }
    }

    #[test]
    fn pairs_are_counted_by_points_and_empty_counts_say_nothing() {
        let mut p = Pentanomial::default();
        for hp in [0, 2, 2, 4, 9] {
            p.add(hp);
        }
        assert_eq!(p.counts, [1, 0, 2, 0, 2]);
        assert_eq!(p.pairs(), 5);
        let r = Pentanomial::default().report();
        assert!(r.elo.value.is_nan() && r.los.is_nan());
    }
}
