//! Every error of the crate: refused moves and setups ([`NimError`]), an unreadable take
//! ([`ParseTakeError`], what the referee makes of an answer it cannot read), and a bot's input
//! that does not follow the protocol ([`ProtocolError`]). The first two have a kebab-case
//! [`GameError::kind`](game_core::GameError::kind).

use game_core::SeatError;

/// Why a Nim move or setup is refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NimError {
    /// The seat cannot play now (the game is over, or it is the other
    /// player's turn).
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// Taking 0, more than `max_take`, or more than the pile holds.
    #[error("cannot take {take} stones (pile {pile}, at most {max_take} a move)")]
    BadTake {
        /// Stones asked for.
        take: u8,
        /// Stones on the pile.
        pile: u8,
        /// Most stones one move may take.
        max_take: u8,
    },
    /// A setup with `max_take == 0` or a player other than 0 or 1 to move.
    #[error("invalid setup: {0}")]
    BadSetup(&'static str),
}

game_core::error_kinds!(NimError {
    NimError::Seat(e) => game_core::GameError::kind(e),
    NimError::BadTake { .. } => "bad-take",
    NimError::BadSetup(_) => "bad-setup",
});

/// Why a text is not a take: it is not one whole number from 0 to 255, written as Rust's
/// `u8::from_str` reads it (see [`parse_take`](crate::parse_take)). Kind `unreadable`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseTakeError {
    /// The text, at most 80 characters of it.
    #[error("not a number of stones (the answer is one whole number)")]
    Unreadable(String),
}

game_core::error_kinds!(ParseTakeError {
    ParseTakeError::Unreadable(_) => "unreadable",
});

/// Why a Nim bot's input does not follow the protocol.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// The id line is not `0` or `1`.
    #[error("the id line is {0:?}, not 0 or 1")]
    BadId(String),
    /// A turn line is not `pile max_take` (two whole numbers, `max_take` at least 1).
    #[error("the turn line is {0:?}, not `pile max_take`")]
    BadTurn(String),
    /// A turn line that no game reaches from the one before: more stones
    /// than before, or another `max_take`.
    #[error("the turn line {now:?} does not follow {before:?} (stones only go, max_take stays)")]
    Unreachable {
        /// The previous turn's `pile max_take`.
        before: String,
        /// This turn's.
        now: String,
    },
    /// Reading or writing failed (a line that is not UTF-8 text included).
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
