//! What each game declares once for the arena's registry: its
//! [`GameInfo`] (name, title, rules page, options, own bots, legend) and
//! the values of its options ([`GameOptions`]). Reading and checking them
//! is the registry's (`game_arena::registry`); each option reads its own
//! values ([`GameOption::parse`]).

use crate::error::{NumberError, OptionError, ValueError};

/// What the registry knows of one game, declared once as `INFO` in its
/// crate's `adapter` module.
#[derive(Debug)]
pub struct GameInfo {
    /// Its name on the command line and in records (`paper-soccer`).
    pub name: &'static str,
    /// Its name in prose (`Paper Soccer`), which the options' help starts with.
    pub title: &'static str,
    /// What it is, in a few words (`Quoridor, 2 or 4 players`).
    pub summary: &'static str,
    /// Its rules page, from the workspace's root; `None` for a test game.
    pub rules: Option<&'static str>,
    /// Its options, in the order the command line lists them.
    pub options: &'static [GameOption],
    /// Its own built-in bots beside `random`, `mcts` and `best`.
    pub bots: &'static [BotHelp],
    /// What the marks of its text board mean.
    pub legend: &'static str,
    /// Whether `arena` without a command plays a demonstration game of it.
    pub demo: bool,
}

/// One option of a game: a command-line flag (`--max-ticks`) and the field
/// of the record's `config` it is read back from.
#[derive(Debug)]
pub struct GameOption {
    /// The flag without its dashes (`max-ticks`).
    pub flag: &'static str,
    /// What it sets, with its default (shown after the game's title).
    pub help: &'static str,
    /// The values it takes.
    pub values: Values,
    /// The field of the record's `config` holding its value (`tick_limit`).
    pub field: &'static str,
    /// The value a `null` in that field stands for (a tick limit of none
    /// is `0`); `None`: the field is never `null`.
    pub null: Option<u64>,
    /// Whether it sets the number of seats (Quoridor's `--players`): a
    /// wrong number of bots is told which of its values takes them.
    pub seats: bool,
}

/// The values a [`GameOption`] takes.
#[derive(Debug)]
pub enum Values {
    /// A whole number from `min` to `max`.
    Whole {
        /// The smallest.
        min: u64,
        /// The largest.
        max: u64,
    },
    /// One of a few numbers.
    OneOf {
        /// The numbers.
        values: &'static [u64],
        /// What any other value is told (`Quoridor is played by 2 or 4 players`).
        refusal: &'static str,
    },
}

/// A built-in bot a game adds, for the help of `--bot`.
#[derive(Debug)]
pub struct BotHelp {
    /// The bot's name as a spec starts (`walker`).
    pub name: &'static str,
    /// Its spec's options (`[:depth=N|ms=N]`), or empty.
    pub options: &'static str,
    /// What it does, or empty.
    pub about: &'static str,
}

/// The values of a game's options, by flag, in the order they were set;
/// an option not set takes the game's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    given: Vec<(&'static str, u64)>,
}

impl GameOptions {
    /// Sets `flag` (without its dashes) to `value`, replacing an earlier value.
    pub fn set(&mut self, flag: &'static str, value: u64) {
        match self.given.iter_mut().find(|(f, _)| *f == flag) {
            Some(slot) => slot.1 = value,
            None => self.given.push((flag, value)),
        }
    }

    /// The value of `flag`, if set and representable as `T`.
    pub fn value<T: TryFrom<u64>>(&self, flag: &str) -> Option<T> {
        self.given.iter().find(|(f, _)| *f == flag).and_then(|&(_, v)| T::try_from(v).ok())
    }

    /// The flags set and their values, in the order they were set.
    pub fn values(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.given.iter().copied()
    }

    /// The flags set, in the order they were.
    pub fn given(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.given.iter().map(|&(f, _)| f)
    }

    /// These options, and `other`'s where these leave one unset.
    #[must_use]
    pub fn or(&self, other: &GameOptions) -> GameOptions {
        let mut all = self.clone();
        for &(flag, value) in &other.given {
            if all.value::<u64>(flag).is_none() {
                all.given.push((flag, value));
            }
        }
        all
    }
}

impl GameOption {
    /// Reads a value of this option from the command line's text.
    ///
    /// # Errors
    /// [`ValueError`] saying what the option takes.
    pub fn parse(&self, text: &str) -> Result<u64, ValueError> {
        match self.values {
            Values::Whole { min, max } => Ok(parse_whole(text, min, max)?),
            Values::OneOf { values, refusal } => match text.parse::<u64>() {
                Ok(v) if values.contains(&v) => Ok(v),
                _ => Err(ValueError::NotOneOf(refusal)),
            },
        }
    }

    /// Checks a value given in a program (not as text).
    ///
    /// # Errors
    /// [`OptionError::Value`] naming the option, the value and what the
    /// option takes.
    pub fn check(&self, value: u64) -> Result<(), OptionError> {
        match self.parse(&value.to_string()) {
            Ok(_) => Ok(()),
            Err(reason) => Err(OptionError::Value { flag: self.flag, value, reason }),
        }
    }

    /// The name the command line shows for its value (`MAX_TICKS`).
    pub fn value_name(&self) -> String {
        self.flag.to_uppercase().replace('-', "_")
    }
}

/// Reads a whole number from `min` to `max` written in decimal digits (an
/// optional `+` first), as the command line's numbers are read.
///
/// # Errors
/// [`NumberError`]: not such a number (a sign, a fraction, a word or
/// nothing), below `min`, or above `max`.
pub fn parse_whole(text: &str, min: u64, max: u64) -> Result<u64, NumberError> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NumberError::NotWhole { min, max });
    }
    match digits.parse::<u64>() {
        Ok(n) if n < min => Err(NumberError::NotWhole { min, max }),
        Ok(n) if n <= max => Ok(n),
        _ => Err(NumberError::TooLarge { max }),
    }
}
