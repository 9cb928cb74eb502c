//! A seat's failed answers counted by kind: what a record keeps per seat
//! and what a series' journal adds up per bot, so that a merged or resumed
//! series shows its failures as one run would.

use crate::referee::Failure;
use serde::{Deserialize, Serialize};

/// Failed answers of one seat (or one bot over a series), by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Failures {
    /// Answers that did not come within the time limit.
    pub timeout: u32,
    /// Bots that exited, closed their output, stopped reading, or did not
    /// start.
    pub crash: u32,
    /// Answers that cannot be read as a turn.
    pub unreadable: u32,
    /// Readable turns the rules do not allow.
    pub illegal: u32,
}

impl Failures {
    /// Counts one failure.
    pub fn add(&mut self, f: Failure) {
        let n = match f {
            Failure::Timeout => &mut self.timeout,
            Failure::Crash => &mut self.crash,
            Failure::Unreadable => &mut self.unreadable,
            Failure::Illegal => &mut self.illegal,
        };
        *n = n.saturating_add(1);
    }

    /// Adds another count to this one.
    pub fn absorb(&mut self, o: &Failures) {
        self.timeout = self.timeout.saturating_add(o.timeout);
        self.crash = self.crash.saturating_add(o.crash);
        self.unreadable = self.unreadable.saturating_add(o.unreadable);
        self.illegal = self.illegal.saturating_add(o.illegal);
    }

    /// All failures.
    pub fn total(&self) -> u64 {
        u64::from(self.timeout) + u64::from(self.crash) + u64::from(self.unreadable) + u64::from(self.illegal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_count_by_kind_and_add_up() {
        let mut a = Failures::default();
        a.add(Failure::Timeout);
        a.add(Failure::Timeout);
        a.add(Failure::Illegal);
        let mut b = Failures { crash: 1, ..Failures::default() };
        b.absorb(&a);
        assert_eq!(b, Failures { timeout: 2, crash: 1, unreadable: 0, illegal: 1 });
        assert_eq!(b.total(), 4);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(serde_json::from_str::<Failures>(&json).unwrap(), b);
    }
}
