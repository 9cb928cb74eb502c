//! How much a search may spend on one move, and how much of a game's
//! time control to spend on each answer ([`TimeManager`]).

use game_core::bot::Bot;
use game_core::time::Instant;
use game_core::{Game, PlayerId, TimeControl};
use std::time::Duration;

pub use game_core::bot::{Budget, BudgetError};

/// Picks the thinking time of each answer from a game's time control, so
/// that a search plays at the contest's clock without tuning.
///
/// Give it the control (a game crate's `protocol::TIME_CONTROL`) once, and
/// at each answer the time that answer may take (what a game crate's
/// `protocol::run_bot` passes its closure, or a [`game_core::Clock`]'s
/// [`start_answer`](game_core::Clock::start_answer)):
/// [`budget`](TimeManager::budget) is the [`Budget`] to search with.
///
/// * Under a limit per answer (Paper Soccer, Yavalath, Parallel Football)
///   the whole limit is spent, less the [safety margin](TimeManager::margin).
/// * Under a bank (Quoridor: 1 s, plus 30 ms a turn) each answer spends a
///   [`BANK_SHARE`](TimeManager::BANK_SHARE)th of what is left, at least
///   the increment, and never more than what is left less the margin.
///
/// The margin covers what the search does not see: the last iterations
/// after the clock was read, writing the answer, and the referee reading
/// it (over a pipe, on a loaded machine). The arena's `docs/bots.md` gives
/// the lateness measured on this margin.
///
/// ```
/// use game_core::TimeControl;
/// use game_search::{Budget, TimeManager};
/// use std::time::Duration;
///
/// let ms = Duration::from_millis;
/// // Yavalath: 1 s for the first answer, 100 ms for each later one.
/// let tm = TimeManager::new(TimeControl::PerAnswer { first: ms(1000), later: ms(100) });
/// assert_eq!(tm.budget(ms(100)), Budget::Time(Duration::from_micros(77_500)));
/// assert_eq!(tm.budget(ms(1000)), Budget::Time(ms(865)));
/// // Quoridor: a bank of 1 s plus 30 ms a turn.
/// let tm = TimeManager::new(TimeControl::Clock { initial: ms(1000), increment: ms(30) });
/// assert_eq!(tm.think_time(ms(1500)), ms(100), "a fifteenth of the bank");
/// let spent = tm.think_time(ms(30));
/// assert_eq!(spent, Duration::from_micros(16_250), "a spent bank: the increment less the margin");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    control: TimeControl,
}

impl TimeManager {
    /// The fixed part of the safety margin.
    pub const MARGIN_BASE: Duration = Duration::from_millis(10);
    /// The part of the time left that the safety margin adds (one eighth).
    pub const MARGIN_DIVISOR: u32 = 8;
    /// Under a bank, the share of the time left that one answer spends
    /// (one fifteenth: the bank lasts many turns while the increment comes
    /// back each turn).
    pub const BANK_SHARE: u32 = 15;

    /// A manager for answers under `control` (already scaled, if the
    /// referee scales it: [`TimeControl::scaled`]).
    #[must_use]
    pub const fn new(control: TimeControl) -> TimeManager {
        TimeManager { control }
    }

    /// The control it follows.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The safety margin for an answer that may take `time_left`:
    /// [`MARGIN_BASE`](TimeManager::MARGIN_BASE) plus a
    /// [`MARGIN_DIVISOR`](TimeManager::MARGIN_DIVISOR)th of it.
    #[must_use]
    pub fn margin(&self, time_left: Duration) -> Duration {
        Self::MARGIN_BASE + time_left / Self::MARGIN_DIVISOR
    }

    /// How long to search for an answer that may take `time_left`.
    #[must_use]
    pub fn think_time(&self, time_left: Duration) -> Duration {
        let safe = time_left.saturating_sub(self.margin(time_left));
        match self.control {
            TimeControl::PerAnswer { .. } => safe,
            TimeControl::Clock { increment, .. } => (time_left / Self::BANK_SHARE).max(increment).min(safe),
        }
    }

    /// The most a fixed time budget for every answer ([`Timed::fixed`])
    /// may be and still fit the clock on every answer: the
    /// [`think_time`](TimeManager::think_time) of the least time an answer
    /// may have ([`TimeControl::later_limit`]). Under a limit per answer
    /// that is the later limit less its margin (the first answer's limit is
    /// never lower); under a bank, the increment less its margin (what
    /// comes back each turn, so the bank never runs dry).
    #[must_use]
    pub fn most_fixed(&self) -> Duration {
        self.think_time(self.control.later_limit())
    }

    /// The budget of an answer that may take `time_left`: a
    /// [`Budget::Time`] of [`think_time`](TimeManager::think_time).
    #[must_use]
    pub fn budget(&self, time_left: Duration) -> Budget {
        Budget::Time(self.think_time(time_left))
    }
}

/// A bot whose every turn gets a time budget: from the game's clock
/// ([`Timed::new`]: the time left it is told, [`Bot::set_time_left`],
/// becomes the turn's budget through a [`TimeManager`]; the `mcts` and
/// `alphabeta` specs without `iters=`, `depth=` or `ms=`), or a fixed one
/// ([`Timed::fixed`]: the `ms=N` specs, `N` ms for the whole answer, every
/// move of a Paper Soccer bounce included).
pub struct Timed<G: Game> {
    bot: Box<dyn Bot<G>>,
    source: TurnBudget,
}

/// Where a [`Timed`] bot's turn budget comes from.
#[derive(Clone, Copy, Debug)]
enum TurnBudget {
    /// The time left on the game's clock, through a manager.
    Clock(TimeManager),
    /// The same time every turn.
    Fixed(Duration),
}

impl<G: Game> Timed<G> {
    /// `bot`, budgeted by the clock `control` (scaled as the referee
    /// scales it).
    #[must_use]
    pub fn new(bot: Box<dyn Bot<G>>, control: TimeControl) -> Timed<G> {
        Timed { bot, source: TurnBudget::Clock(TimeManager::new(control)) }
    }

    /// `bot`, given `time` for each whole turn (all its moves together),
    /// whatever the clock says.
    #[must_use]
    pub fn fixed(bot: Box<dyn Bot<G>>, time: Duration) -> Timed<G> {
        Timed { bot, source: TurnBudget::Fixed(time) }
    }
}

impl<G: Game> Bot<G> for Timed<G> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.bot.choose(state, me)
    }

    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        self.bot.turn(state, me)
    }

    fn set_budget(&mut self, budget: Budget) {
        self.bot.set_budget(budget);
    }

    fn set_time_left(&mut self, time_left: Duration) {
        self.bot.set_budget(match self.source {
            TurnBudget::Clock(manager) => manager.budget(time_left),
            TurnBudget::Fixed(time) => Budget::Time(time),
        });
    }

    fn evaluate(&mut self, state: &G, me: PlayerId) -> Option<game_core::bot::Evaluation<G::Move>> {
        self.bot.evaluate(state, me)
    }
}

/// A bot's time budget for a whole turn ([`Bot::set_budget`](game_core::bot::Bot::set_budget)
/// with [`Budget::Time`]): each move of the turn searches in what is left
/// (a Paper Soccer bounce searches again), and the deadline ends with the
/// turn. An iteration budget replaces the search's own.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TurnClock {
    deadline: Option<Instant>,
}

impl TurnClock {
    /// Sets the coming turn's budget: a deadline, or the search's own
    /// iteration budget `own`.
    pub(crate) fn set(&mut self, budget: Budget, own: &mut Budget) {
        self.deadline = None;
        match budget {
            // A time too far off for a deadline is the search's own budget.
            Budget::Time(t) => match Instant::now().checked_add(t) {
                Some(end) => self.deadline = Some(end),
                None => *own = budget,
            },
            Budget::Iterations(_) => *own = budget,
        }
    }

    /// Before a move of the turn: the search's budget `own` becomes the time
    /// left until the deadline, if the turn has one.
    pub(crate) fn before_move(&self, own: &mut Budget) {
        if let Some(end) = self.deadline {
            *own = Budget::Time(end.saturating_duration_since(Instant::now()));
        }
    }

    /// The turn is over: its deadline goes.
    pub(crate) fn end_turn(&mut self) {
        self.deadline = None;
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
    fn a_manager_never_plans_past_the_time_left_less_its_margin() {
        let ms = Duration::from_millis;
        for control in [
            TimeControl::PerAnswer { first: ms(1000), later: ms(200) },
            TimeControl::Clock { initial: ms(1000), increment: ms(30) },
        ] {
            let tm = TimeManager::new(control);
            for left in [0, 1, 5, 6, 30, 100, 200, 1030, 5000].map(ms) {
                let think = tm.think_time(left);
                assert!(think + tm.margin(left) <= left || think.is_zero(), "{control:?} {left:?}: {think:?}");
            }
        }
    }

    #[test]
    fn a_bank_is_spread_over_turns_and_a_limit_per_answer_is_spent() {
        let ms = Duration::from_millis;
        let bank = TimeManager::new(TimeControl::Clock { initial: ms(1000), increment: ms(30) });
        assert!(bank.think_time(ms(1030)) < ms(100), "the first answer keeps most of the bank");
        assert!(bank.think_time(ms(300)) >= ms(30), "at least the increment while the bank lasts");
        let each = TimeManager::new(TimeControl::PerAnswer { first: ms(1000), later: ms(200) });
        assert_eq!(each.think_time(ms(200)), ms(165));
    }

    #[test]
    fn a_fixed_budget_fits_the_least_time_an_answer_may_have_less_its_margin() {
        let ms = Duration::from_millis;
        let each = TimeManager::new(TimeControl::PerAnswer { first: ms(1000), later: ms(100) });
        assert_eq!(each.most_fixed(), Duration::from_micros(77_500));
        let bank = TimeManager::new(TimeControl::Clock { initial: ms(1000), increment: ms(30) });
        assert_eq!(bank.most_fixed(), Duration::from_micros(16_250));
    }

    #[test]
    fn a_turn_budget_too_far_off_for_a_deadline_is_the_searchs_own() {
        let mut clock = TurnClock::default();
        let mut own = Budget::Iterations(5);
        clock.set(Budget::Time(Duration::MAX), &mut own);
        assert_eq!(own, Budget::Time(Duration::MAX));
        clock.before_move(&mut own);
        assert_eq!(own, Budget::Time(Duration::MAX));
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
