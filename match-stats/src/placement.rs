//! More than two seats: one Plackett–Luce fit of every placement of the
//! series at once (so the order of the games cannot matter).
//!
//! Model: entrant `i` has strength `γ_i = e^θ_i`; a game's placement is
//! drawn best place first, each place going to one of the entrants left
//! with probability proportional to its strength. Reported on the Elo
//! scale `R_i = 400·log10 γ_i`, so that between two entrants
//! `P(i ahead of j) = 1/(1 + 10^((R_j - R_i)/400))`, as in Elo; the
//! ratings have mean 0 over the entrants that played.
//!
//! Ties split: entrants sharing a place count as the average of the
//! log-likelihoods of all orders of the tied group (the geometric mean of
//! their probabilities). For two entrants a tie is half a win and half a
//! loss, as a draw in Elo. The average over orders only needs, for each
//! size `m`, the mean over the group's subsets of size `m` of
//! `log(Σ_{left after the group} γ + Σ_subset γ)`.
//!
//! Regularisation: a bot that always wins (or always loses) has no finite
//! maximum-likelihood strength. Every rating gets a weak Gaussian prior,
//! `R_i ~ N(0, 1000²)` on the Elo scale, and the fit is the maximum a
//! posteriori (found by Newton's method; the log-posterior is strictly
//! concave). The prior moves ratings with a few dozen games by well under
//! an Elo point, and keeps a sweep's rating finite (its interval is then
//! wide: the data bound it on one side only).
//!
//! Intervals: `R_i ± z·sd_i` with the covariance from the observed
//! information (negative Hessian of the log-posterior at the fit), taken
//! under the mean-zero constraint: `C = (P·H·P + J/n)^-1 - J/n` (`P`
//! centres, `J/n` averages), the pseudo-inverse in the directions the
//! ratings can move. An entrant without games gets no rating.

use super::estimate::{Estimate, z95};
use std::collections::BTreeMap;

/// The prior's standard deviation on the Elo scale.
pub const PRIOR_ELO_SD: f64 = 1000.0;

/// Natural-log strength to Elo scale.
const ELO_PER_NATURAL: f64 = 400.0 / std::f64::consts::LN_10;

/// The log-posterior as sums: `Σ_i linear_i·θ_i - Σ_terms w·log Σ_{j∈U} e^θ_j
/// - λ/2·Σθ²`, each term's weight `count / choose` kept exact so that the
///   sums do not depend on the order the games came in.
struct Posterior {
    n: usize,
    linear: Vec<f64>,
    terms: Vec<(Vec<usize>, f64)>,
    lambda: f64,
}

impl Posterior {
    /// Collects the terms of the games (entrants per seat, rank per seat);
    /// games naming an entrant `>= n` or with mismatched lengths are left
    /// out.
    fn new(n: usize, games: &[(Vec<usize>, Vec<u8>)]) -> Posterior {
        let mut linear = vec![0u64; n];
        let mut terms: BTreeMap<(Vec<usize>, u64), u64> = BTreeMap::new();
        for (entrants, ranks) in games {
            if entrants.len() != ranks.len() || entrants.iter().any(|&e| e >= n) {
                continue;
            }
            for &e in entrants {
                linear[e] += 1;
            }
            let mut places: Vec<u8> = ranks.clone();
            places.sort_unstable();
            places.dedup();
            for &place in &places {
                let group: Vec<usize> = (0..ranks.len()).filter(|&s| ranks[s] == place).map(|s| entrants[s]).collect();
                let rest: Vec<usize> = (0..ranks.len()).filter(|&s| ranks[s] > place).map(|s| entrants[s]).collect();
                let d = group.len().min(20);
                for mask in 1u32..(1 << d) {
                    let m = mask.count_ones() as u64;
                    let mut members: Vec<usize> =
                        rest.iter().copied().chain((0..d).filter(|b| mask >> b & 1 == 1).map(|b| group[b])).collect();
                    members.sort_unstable();
                    *terms.entry((members, choose(d as u64, m))).or_default() += 1;
                }
            }
        }
        let prior_sd = PRIOR_ELO_SD / ELO_PER_NATURAL;
        Posterior {
            n,
            linear: linear.into_iter().map(|c| c as f64).collect(),
            terms: terms.into_iter().map(|((members, c), count)| (members, count as f64 / c as f64)).collect(),
            lambda: 1.0 / (prior_sd * prior_sd),
        }
    }

    /// The log-posterior at `theta`.
    fn value(&self, theta: &[f64]) -> f64 {
        let lin: f64 = self.linear.iter().zip(theta).map(|(l, t)| l * t).sum();
        let lse: f64 = self.terms.iter().map(|(u, w)| w * log_sum_exp(u.iter().map(|&j| theta[j]))).sum();
        lin - lse - 0.5 * self.lambda * theta.iter().map(|t| t * t).sum::<f64>()
    }

    /// Gradient and negative Hessian (the observed information) at `theta`.
    fn derivatives(&self, theta: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
        let n = self.n;
        let mut g: Vec<f64> = (0..n).map(|i| self.linear[i] - self.lambda * theta[i]).collect();
        let mut h = vec![vec![0.0; n]; n];
        for (i, row) in h.iter_mut().enumerate() {
            row[i] = self.lambda;
        }
        for (u, w) in &self.terms {
            let lse = log_sum_exp(u.iter().map(|&j| theta[j]));
            let p: Vec<f64> = u.iter().map(|&j| (theta[j] - lse).exp()).collect();
            for (a, &i) in u.iter().enumerate() {
                g[i] -= w * p[a];
                h[i][i] += w * p[a];
                for (b, &j) in u.iter().enumerate() {
                    h[i][j] -= w * p[a] * p[b];
                }
            }
        }
        (g, h)
    }
}

/// `C(n, k)`.
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// `log Σ e^x`, computed stably.
fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let m = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    m + xs.map(|x| (x - m).exp()).sum::<f64>().ln()
}

/// Solves `a·x = b` by Gaussian elimination with partial pivoting; `None`
/// when `a` is singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let piv = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[piv][col].abs() < 1e-300 || !a[piv][col].is_finite() {
            return None;
        }
        a.swap(col, piv);
        b.swap(col, piv);
        let (top, bottom) = a.split_at_mut(col + 1);
        let pivot = &top[col];
        for (k, row) in bottom.iter_mut().enumerate() {
            let f = row[col] / pivot[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot[col..]) {
                *x -= f * p;
            }
            b[col + 1 + k] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

/// Ratings on the Elo scale with 95 % intervals for `n` entrants from
/// games given as (entrant per seat, rank per seat; 0 best, ties share).
/// The same set of games in any order gives the same numbers, bit for bit.
#[must_use]
pub fn fit(n: usize, games: &[(Vec<usize>, Vec<u8>)]) -> Vec<Estimate> {
    let post = Posterior::new(n, games);
    let played: Vec<bool> = post.linear.iter().map(|&l| l > 0.0).collect();
    let mut theta = vec![0.0; n];
    let mut f = post.value(&theta);
    for _ in 0..200 {
        let (g, h) = post.derivatives(&theta);
        let Some(step) = solve(h, g) else { break };
        let mut t = 1.0;
        let (next, fnext) = loop {
            let next: Vec<f64> = theta.iter().zip(&step).map(|(x, s)| x + t * s).collect();
            let fnext = post.value(&next);
            if fnext >= f || t < 1e-12 {
                break (next, fnext);
            }
            t /= 2.0;
        };
        let moved = step.iter().map(|s| (t * s).abs()).fold(0.0, f64::max);
        if fnext < f || fnext.is_nan() {
            break;
        }
        (theta, f) = (next, fnext);
        if moved < 1e-12 {
            break;
        }
    }
    let mean = theta.iter().sum::<f64>() / n.max(1) as f64;
    let sd = covariance_diagonal(&post.derivatives(&theta).1);
    (0..n)
        .map(|i| {
            if !played[i] {
                return Estimate::UNKNOWN;
            }
            let value = (theta[i] - mean) * ELO_PER_NATURAL;
            let half = z95() * sd.get(i).copied().unwrap_or(f64::NAN).sqrt() * ELO_PER_NATURAL;
            Estimate { value, low: value - half, high: value + half }
        })
        .collect()
}

/// The diagonal of `(P·H·P + J/n)^-1 - J/n` (variances of mean-zero
/// ratings); NaN when it cannot be inverted.
fn covariance_diagonal(h: &[Vec<f64>]) -> Vec<f64> {
    let n = h.len();
    let nf = n as f64;
    let rows: Vec<f64> = h.iter().map(|r| r.iter().sum::<f64>() / nf).collect();
    let all = rows.iter().sum::<f64>() / nf;
    let m: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| h[i][j] - rows[i] - rows[j] + all + 1.0 / nf).collect()).collect();
    (0..n)
        .map(|i| {
            let e: Vec<f64> = (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect();
            solve(m.clone(), e).map_or(f64::NAN, |x| x[i] - 1.0 / nf)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four entrants rotated over the seats (as `play::schedule` does), the
    /// placement of entrant `e` given by `place(e, rotation)`.
    fn rotations(k: usize, place: impl Fn(usize, usize) -> u8) -> Vec<(Vec<usize>, Vec<u8>)> {
        (0..k)
            .map(|r| {
                let entrants: Vec<usize> = (0..4).map(|s| (s + 4 - r % 4) % 4).collect();
                let ranks = entrants.iter().map(|&e| place(e, r)).collect();
                (entrants, ranks)
            })
            .collect()
    }

    #[test]
    fn an_entrant_that_always_wins_is_rated_first_and_finite() {
        // Entrant 2 always first; the others take places 1..3 in turn.
        let games = rotations(16, |e, r| if e == 2 { 0 } else { [1, 2, 3][(e + r) % 3] });
        let est = fit(4, &games);
        let best = (0..4).max_by(|&a, &b| est[a].value.total_cmp(&est[b].value)).unwrap();
        assert_eq!(best, 2, "{est:?}");
        assert!(est.iter().all(|e| e.value.is_finite() && e.low.is_finite() && e.high.is_finite()), "{est:?}");
        assert!(est[2].low > est[0].high.max(est[1].high).max(est[3].high), "{est:?}");
        assert!(est.iter().map(|e| e.value).sum::<f64>().abs() < 1e-6);
    }

    #[test]
    fn the_order_of_the_games_does_not_change_a_bit() {
        let games = rotations(24, |e, r| [[0, 1, 2, 3], [1, 0, 3, 2], [0, 0, 2, 3], [3, 1, 1, 0]][r % 4][e]);
        let a = fit(4, &games);
        let mut shuffled = games.clone();
        shuffled.reverse();
        shuffled.swap(3, 17);
        shuffled.rotate_left(5);
        let b = fit(4, &shuffled);
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }

    #[test]
    fn two_entrants_without_ties_fit_the_bradley_terry_closed_form() {
        // 30 wins to 10: the maximum-likelihood difference is 400·log10(30/10)
        // = 190.85 Elo; the weak prior moves it by under one point.
        let mut games = vec![(vec![0, 1], vec![0, 1]); 30];
        games.extend(vec![(vec![0, 1], vec![1, 0]); 10]);
        let est = fit(2, &games);
        let diff = est[0].value - est[1].value;
        assert!((diff - 190.85).abs() < 1.0, "{diff}");
        // A tie is half a win each: 30 wins, 10 losses and 20 ties give the
        // same difference as 40 wins to 20.
        games.extend(vec![(vec![0, 1], vec![0, 0]); 20]);
        let est = fit(2, &games);
        let diff = est[0].value - est[1].value;
        assert!((diff - 400.0 * 2f64.log10()).abs() < 1.0, "{diff}");
    }

    #[test]
    fn ties_everywhere_and_no_games_say_what_they_can() {
        let draws = rotations(8, |_, _| 0);
        let est = fit(4, &draws);
        assert!(est.iter().all(|e| e.value.abs() < 1e-9 && e.low < 0.0 && e.high > 0.0), "{est:?}");
        let none = fit(4, &[]);
        assert!(none.iter().all(|e| e.value.is_nan()));
        // Malformed games are ignored, not a panic.
        let est = fit(2, &[(vec![0, 5], vec![0, 1]), (vec![0], vec![0, 1])]);
        assert!(est.iter().all(|e| e.value.is_nan()));
    }
}
