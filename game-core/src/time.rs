//! Time limits of a bot protocol, and the clock both sides keep.
//!
//! Every game crate states its limits as one constant,
//! `protocol::TIME_CONTROL`, of type [`TimeControl`]. The referee (the
//! `arena`) and a bot program (`session::run_bot`) both keep
//! a [`Clock`] over it, so they agree on how much time an answer may take.
//!
//! ```
//! use game_core::time::{Clock, TimeControl};
//! use std::time::Duration;
//!
//! let ms = Duration::from_millis;
//! // A bank of 1000 ms plus 30 ms at each turn (Quoridor).
//! let mut clock = Clock::new(TimeControl::Clock { initial: ms(1000), increment: ms(30) });
//! assert_eq!(clock.start_answer(), ms(1030));
//! clock.end_answer(ms(400));
//! assert_eq!(clock.start_answer(), ms(660));
//!
//! // 1000 ms for the first answer, 100 ms for each later one (Yavalath).
//! let mut clock = Clock::new(TimeControl::PerAnswer { first: ms(1000), later: ms(100) });
//! assert_eq!(clock.start_answer(), ms(1000));
//! clock.end_answer(ms(999));
//! assert_eq!(clock.start_answer(), ms(100));
//! ```

use std::time::Duration;

#[cfg(all(feature = "browser-clock", target_arch = "wasm32"))]
pub use crate::browser_clock::Instant;
/// The clock the searches read: [`std::time::Instant`], except on
/// `wasm32` with the `browser-clock` feature, where `Instant::now()` would
/// panic and the host's clock is read instead (`browser_clock::Instant`:
/// the page's `performance.now()`).
#[cfg(not(all(feature = "browser-clock", target_arch = "wasm32")))]
pub use std::time::Instant;

/// The time a bot may take for its answers, as a game's rules state it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// A limit per answer: `first` for a seat's first answer, `later` after.
    PerAnswer {
        /// Limit of the first answer.
        first: Duration,
        /// Limit of every later answer.
        later: Duration,
    },
    /// A bank: `initial` at the start, `increment` added at each of the
    /// bot's turns, the time each answer takes spent from it.
    Clock {
        /// The bank at the start.
        initial: Duration,
        /// Added at each of the bot's turns, before it answers.
        increment: Duration,
    },
}

/// The factors [`TimeControl::scaled`] takes: a thousandth to a thousand
/// times the rules' limits.
pub const TIME_FACTORS: std::ops::RangeInclusive<f64> = 0.001..=1000.0;

impl TimeControl {
    /// The most a bot's first answer may take: `first`, or under a bank the
    /// bank after the first increment.
    #[must_use]
    pub const fn first_limit(self) -> Duration {
        match self {
            TimeControl::PerAnswer { first, .. } => first,
            TimeControl::Clock { initial, increment } => initial.saturating_add(increment),
        }
    }

    /// The limit of a later answer: `later`, or under a bank the least it
    /// can be (the increment alone, once the bank is spent).
    #[must_use]
    pub const fn later_limit(self) -> Duration {
        match self {
            TimeControl::PerAnswer { later, .. } => later,
            TimeControl::Clock { increment, .. } => increment,
        }
    }

    /// The same control with every duration multiplied by `factor`
    /// (clamped to [`TIME_FACTORS`]), for slow machines.
    #[must_use]
    pub fn scaled(self, factor: f64) -> TimeControl {
        let s = |d: Duration| d.mul_f64(factor.clamp(*TIME_FACTORS.start(), *TIME_FACTORS.end()));
        match self {
            TimeControl::PerAnswer { first, later } => TimeControl::PerAnswer { first: s(first), later: s(later) },
            TimeControl::Clock { initial, increment } => {
                TimeControl::Clock { initial: s(initial), increment: s(increment) }
            }
        }
    }
}

/// One bot's time: how long its next answer may take, given the answers so
/// far. Call [`start_answer`](Clock::start_answer) when the bot's turn
/// starts and [`end_answer`](Clock::end_answer) with the time it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    answers: u32,
    bank: Duration,
}

impl Clock {
    /// A clock before the bot's first answer.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let bank = match control {
            TimeControl::PerAnswer { .. } => Duration::ZERO,
            TimeControl::Clock { initial, .. } => initial,
        };
        Clock { control, answers: 0, bank }
    }

    /// The control this clock follows.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts a turn and returns the time the answer may take: the per-answer
    /// limit, or the bank after this turn's increment is added.
    pub fn start_answer(&mut self) -> Duration {
        match self.control {
            TimeControl::PerAnswer { first, later } => {
                if self.answers == 0 {
                    first
                } else {
                    later
                }
            }
            TimeControl::Clock { increment, .. } => {
                self.bank = self.bank.saturating_add(increment);
                self.bank
            }
        }
    }

    /// Ends a turn whose answer took `used` (an answer that never came
    /// counts with the time waited). Under a bank the time is spent from it,
    /// down to zero.
    pub fn end_answer(&mut self, used: Duration) {
        self.answers = self.answers.saturating_add(1);
        if let TimeControl::Clock { .. } = self.control {
            self.bank = self.bank.saturating_sub(used);
        }
    }

    /// How many turns have ended.
    #[must_use]
    pub fn answers(&self) -> u32 {
        self.answers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_bank_never_goes_below_zero_and_grows_by_the_increment_each_turn() {
        let mut c = Clock::new(TimeControl::Clock { initial: ms(100), increment: ms(30) });
        assert_eq!(c.start_answer(), ms(130));
        c.end_answer(ms(500));
        assert_eq!(c.start_answer(), ms(30), "a time-out leaves only the next increment");
        c.end_answer(ms(10));
        assert_eq!(c.start_answer(), ms(50));
        assert_eq!(c.answers(), 2);
    }

    #[test]
    fn per_answer_limits_do_not_carry_over() {
        let mut c = Clock::new(TimeControl::PerAnswer { first: ms(1000), later: ms(200) });
        assert_eq!(c.start_answer(), ms(1000));
        assert_eq!(c.start_answer(), ms(1000), "the first answer's limit holds until it ends");
        c.end_answer(ms(1));
        assert_eq!(c.start_answer(), ms(200));
        c.end_answer(ms(5000));
        assert_eq!(c.start_answer(), ms(200));
    }

    #[test]
    fn first_and_later_limits_read_either_control() {
        let bank = TimeControl::Clock { initial: ms(1000), increment: ms(30) };
        assert_eq!((bank.first_limit(), bank.later_limit()), (ms(1030), ms(30)));
        let each = TimeControl::PerAnswer { first: ms(1000), later: ms(100) };
        assert_eq!((each.first_limit(), each.later_limit()), (ms(1000), ms(100)));
        assert_eq!(Clock::new(bank).start_answer(), bank.first_limit());
    }

    #[test]
    fn scaling_multiplies_every_limit() {
        let t = TimeControl::Clock { initial: ms(1000), increment: ms(30) }.scaled(2.0);
        assert_eq!(t, TimeControl::Clock { initial: ms(2000), increment: ms(60) });
        let t = TimeControl::PerAnswer { first: ms(1000), later: ms(100) }.scaled(0.5);
        assert_eq!(t, TimeControl::PerAnswer { first: ms(500), later: ms(50) });
    }
}
