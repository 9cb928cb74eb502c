//! What both sides of the protocol share: the time limits, and reading numbers.

use crate::error::{AnswerError, ProtocolError};
use crate::notation::{number, tokens};
use game_core::time::TimeControl;
use std::time::Duration;

/// The time a team program has: 1000 ms for its start answer (the
/// placements), 200 ms for each turn's answer, each counted from when the
/// message has been sent.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(200) };

/// A line of a team's answer that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// 0-based line of the answer (the footballer's index for lines below `p`).
    pub line: usize,
    /// What was wrong.
    pub error: AnswerError,
}

pub(super) fn excerpt(line: &str) -> String {
    line.chars().take(80).collect()
}

pub(super) fn unreadable(line: &str, expected: &'static str) -> ProtocolError {
    ProtocolError::Unreadable { line: excerpt(line), expected }
}

/// Reads `N` numbers of one line, or the protocol error naming `expected`.
pub(super) fn numbers<T: std::str::FromStr + Copy + Default, const N: usize>(
    line: &str,
    expected: &'static str,
) -> Result<[T; N], ProtocolError> {
    let toks = tokens::<N>(line).ok_or_else(|| unreadable(line, expected))?;
    let mut out = [T::default(); N];
    for (slot, tok) in out.iter_mut().zip(toks) {
        *slot = number(tok).ok_or_else(|| unreadable(line, expected))?;
    }
    Ok(out)
}
