//! How much a search may spend on one move.

use std::str::FromStr;
use std::time::{Duration, Instant};

/// How much a search may spend on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (playouts, or for alpha-beta a maximum
    /// depth): reproducible.
    Iterations(u32),
    /// Wall-clock time per move (not reproducible).
    Time(Duration),
}

/// Why a budget text (`iters=N`, `ms=N`) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BudgetError {
    /// Not `iters=N` or `ms=N`.
    Syntax(String),
}

impl std::fmt::Display for BudgetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BudgetError::Syntax(s) => write!(f, "budget {s:?}: expected iters=N or ms=N"),
        }
    }
}

impl std::error::Error for BudgetError {}

impl FromStr for Budget {
    type Err = BudgetError;
    /// Reads `iters=N` or `ms=N`.
    fn from_str(s: &str) -> Result<Budget, BudgetError> {
        let bad = || BudgetError::Syntax(s.to_string());
        let (k, v) = s.split_once('=').ok_or_else(bad)?;
        let n: u32 = v.parse().map_err(|_| bad())?;
        match k {
            "iters" => Ok(Budget::Iterations(n)),
            "ms" => Ok(Budget::Time(Duration::from_millis(u64::from(n)))),
            _ => Err(bad()),
        }
    }
}

/// A running budget: counts iterations and looks at the clock only every
/// `check_every` iterations.
#[derive(Debug)]
pub(crate) struct Meter {
    budget: Budget,
    start: Instant,
    done: u32,
    check_every: u32,
}

impl Meter {
    pub(crate) fn start(budget: Budget, check_every: u32) -> Meter {
        Meter { budget, start: Instant::now(), done: 0, check_every: check_every.max(1) }
    }

    /// Counts one iteration; whether another one may start. At least one
    /// iteration always runs.
    pub(crate) fn go_on(&mut self) -> bool {
        if self.done == 0 {
            self.done = 1;
            return true;
        }
        let ok = match self.budget {
            Budget::Iterations(n) => self.done < n,
            Budget::Time(t) => self.done % self.check_every != 0 || self.start.elapsed() < t,
        };
        if ok {
            self.done += 1;
        }
        ok
    }

    /// Whether the time is up (for searches that check from inside).
    pub(crate) fn out_of_time(&self) -> bool {
        matches!(self.budget, Budget::Time(t) if self.start.elapsed() >= t)
    }

    pub(crate) fn iterations(&self) -> u32 {
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_parse() {
        assert_eq!("iters=5".parse(), Ok(Budget::Iterations(5)));
        assert_eq!("ms=20".parse(), Ok(Budget::Time(Duration::from_millis(20))));
        assert!("x=1".parse::<Budget>().is_err());
        assert!("iters=-1".parse::<Budget>().is_err());
    }

    #[test]
    fn a_meter_runs_exactly_n_iterations() {
        let mut m = Meter::start(Budget::Iterations(3), 1);
        let mut n = 0;
        while m.go_on() {
            n += 1;
        }
        assert_eq!((n, m.iterations()), (3, 3));
    }
}
