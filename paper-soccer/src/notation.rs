//! Steps and whole turns as text: the one-digit step notation
//! ([`MoveNotation`]), a step from its number (`Dir::try_from(u8)`), and
//! [`Turn`], a digit string such as `"02217"`.

// A `Turn` is never empty (`Turn::new` refuses no steps), so its `len` has
// no `is_empty` companion.
#![allow(clippy::len_without_is_empty)]

use crate::dir::Dir;
use crate::error::{DirError, ParseStepError, TurnError};
use crate::state::Board;
use game_core::MoveNotation;
use std::fmt;
use std::str::FromStr;

/// A direction from its number `0..=7` ([`Dir::index`]).
impl TryFrom<u8> for Dir {
    type Error = DirError;
    fn try_from(i: u8) -> Result<Dir, DirError> {
        Dir::from_index(i).ok_or(DirError(i))
    }
}

/// A whole turn: a non-empty sequence of steps, written as digits
/// (`"02217"`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn(pub(crate) Vec<Dir>);

impl Turn {
    /// A turn of these steps; `None` when empty.
    #[must_use]
    pub fn new(steps: Vec<Dir>) -> Option<Turn> {
        (!steps.is_empty()).then_some(Turn(steps))
    }

    /// The steps.
    #[inline]
    #[must_use]
    pub fn steps(&self) -> &[Dir] {
        &self.0
    }

    /// Number of steps (at least 1).
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// The steps, so a [`Turn`] goes wherever steps are taken
/// ([`protocol::format_answer`](crate::protocol::format_answer) and friends).
impl AsRef<[Dir]> for Turn {
    fn as_ref(&self) -> &[Dir] {
        &self.0
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|d| write!(f, "{}", d.digit()))
    }
}

/// Reads digits `0..=7` (check 1 of the referee, strictly: an `8` is a bad
/// character here; [`Board::play_turn`](crate::Board::play_turn) reproduces the referee's handling of
/// `8`).
impl FromStr for Turn {
    type Err = TurnError;
    fn from_str(s: &str) -> Result<Turn, TurnError> {
        if s.is_empty() {
            return Err(TurnError::Empty);
        }
        s.chars()
            .enumerate()
            .map(|(index, c)| Dir::from_digit(c).ok_or(TurnError::BadCharacter { index, found: c }))
            .collect::<Result<Vec<_>, _>>()
            .map(Turn)
    }
}

impl<const N: usize> MoveNotation for Board<N> {
    type ParseError = ParseStepError;

    /// One step as its protocol digit.
    fn format_move(&self, mv: Dir) -> String {
        mv.digit().to_string()
    }

    /// Exactly one digit `0..=7`, nothing around it.
    fn parse_move(&self, text: &str) -> Result<Dir, ParseStepError> {
        let mut chars = text.chars();
        match (chars.next().and_then(Dir::from_digit), chars.next()) {
            (Some(d), None) => Ok(d),
            _ => Err(ParseStepError(text.chars().take(32).collect())),
        }
    }
}
