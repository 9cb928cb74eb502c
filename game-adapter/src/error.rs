//! The errors of a game's adapter: a configuration its crate refuses
//! ([`RefusedError`]), an option or a value it does not take
//! ([`OptionError`], [`ValueError`], [`NumberError`]), and a bot program's input that does not follow the
//! protocol ([`ServeError`]). The game crates' own errors are kept as
//! `source`s (boxed, so that the arena does not depend on their names;
//! downcast to inspect them).

use std::error::Error;
use std::io;

/// A game crate's error, kept as a source.
pub type BoxError = Box<dyn Error + Send + Sync + 'static>;

/// The game's crate refuses a configuration (Quoridor for 3 players): what
/// an adapter's `build` returns.
#[derive(Debug, thiserror::Error)]
#[error("{game}: {source}")]
pub struct RefusedError {
    /// The game.
    pub game: &'static str,
    /// The crate's error.
    pub source: BoxError,
}

impl RefusedError {
    /// `game`'s crate refuses the configuration with `e`.
    pub fn new(game: &'static str, e: impl Error + Send + Sync + 'static) -> RefusedError {
        RefusedError { game, source: Box::new(e) }
    }
}

/// Why `arena bot` ([`Adapter::serve`](crate::Adapter::serve))
/// stops before the end of its input or of the game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The game crate's bot loop failed: the input does not follow the
    /// protocol, or reading or writing failed ([`ServeError::io_kind`]).
    #[error("{source}")]
    Protocol {
        /// The game.
        game: &'static str,
        /// The crate's protocol error.
        source: BoxError,
    },
}

impl ServeError {
    /// `game`'s protocol error `e`.
    pub fn protocol(game: &'static str, e: impl Error + Send + Sync + 'static) -> ServeError {
        ServeError::Protocol { game, source: Box::new(e) }
    }

    /// The kind of the I/O error behind this one, when there is one: the
    /// first [`io::Error`] in the chain of sources (a game crate's protocol
    /// error that keeps its I/O error keeps its kind).
    #[must_use]
    pub fn io_kind(&self) -> Option<io::ErrorKind> {
        let mut cur: Option<&(dyn Error + 'static)> = self.source();
        while let Some(e) = cur {
            if let Some(io) = e.downcast_ref::<io::Error>() {
                return Some(io.kind());
            }
            cur = e.source();
        }
        None
    }
}

/// A game option (the registry's `GameOptions`) the game does not take.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OptionError {
    /// The game has no such option.
    #[error(
        "--{flag} is not an option of {game} (its options: {})",
        if options.is_empty() { "none".to_string() } else { options.join(", ") }
    )]
    NotAnOption {
        /// The option, without its dashes.
        flag: &'static str,
        /// The game.
        game: &'static str,
        /// The game's options, with their dashes.
        options: Vec<String>,
    },
    /// The option does not take this value.
    #[error("--{flag} {value}: {reason}")]
    Value {
        /// The option, without its dashes.
        flag: &'static str,
        /// The value.
        value: u64,
        /// Why not.
        reason: ValueError,
    },
}

/// Why an option does not take a value (its text on the command line, or
/// a number given in a program).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ValueError {
    /// Not a whole number in the option's range.
    #[error(transparent)]
    Number(#[from] NumberError),
    /// Not one of the option's few values: what the option says of them.
    #[error("{0}")]
    NotOneOf(&'static str),
}

/// A number on the command line that is refused
/// ([`parse_whole`](crate::info::parse_whole)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NumberError {
    /// Not a whole number from `min` to `max` (a sign, a fraction, a word,
    /// nothing, or below `min`).
    #[error("expected a whole number{}", range(*.min, *.max))]
    NotWhole {
        /// The smallest number taken.
        min: u64,
        /// The largest.
        max: u64,
    },
    /// Above `max`.
    #[error("too large: at most {max}")]
    TooLarge {
        /// The largest number taken.
        max: u64,
    },
}

/// `from MIN to MAX`, or `, MIN or more` when any `u64` above is taken.
fn range(min: u64, max: u64) -> String {
    if max == u64::MAX { format!(", {min} or more") } else { format!(" from {min} to {max}") }
}
