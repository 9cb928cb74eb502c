//! Every error of the crate. Each implements
//! [`GameError`](game_core::GameError) with a kebab-case kind, except the
//! two building-block ones ([`DirError`], [`PitchError`]), which are only
//! ever returned by the conversions that check them.

use crate::dir::{Dir, Point};
use crate::pitch::Pitch;
use game_core::{PlayerId, SeatError};

/// The longest input line the bot side reads: game-core's
/// ([`game_core::session::MAX_LINE`]), which [`ProtocolError`] names.
pub(crate) const MAX_LINE: usize = game_core::session::MAX_LINE;

/// A number that is not a direction (not `0..=7`): the error of
/// `Dir::try_from(u8)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a direction (0..=7)")]
pub struct DirError(pub u8);

/// A pitch size this library cannot play: the error of [`Pitch::new`]..
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pitch {width}x{height} is not supported (even sizes, width >= 4, height >= 2, at most 256 slots)")]
pub struct PitchError {
    /// Width asked for.
    pub width: u8,
    /// Height asked for.
    pub height: u8,
}

/// Why a step is refused (the [`Game::Error`](game_core::Game::Error) of [`Board`](crate::Board)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepError {
    /// The seat does not exist (Paper Soccer has players 0 and 1 only;
    /// checked before anything else), the game is over, or another player
    /// must make the step.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// The step leads off the pitch or along an outer diagonal into a goal.
    #[error("no point in direction {dir} from {from}")]
    NoSuchPoint {
        /// The ball.
        from: Point,
        /// The direction tried.
        dir: Dir,
    },
    /// The line is pre-drawn or was drawn before.
    #[error("the line from {from} in direction {dir} is already drawn")]
    LineAlreadyDrawn {
        /// The ball.
        from: Point,
        /// The direction tried.
        dir: Dir,
    },
}

game_core::error_kinds!(StepError {
    StepError::Seat(e) => game_core::GameError::kind(e),
    StepError::NoSuchPoint { .. } => "no-such-point",
    StepError::LineAlreadyDrawn { .. } => "line-already-drawn",
});

/// Why a [`Setup`](crate::Setup) (or a position text) is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// An unsupported pitch size.
    #[error(transparent)]
    BadPitch(#[from] PitchError),
    /// The pitch does not fit this board type's slot count.
    #[error("pitch {pitch} needs {needed} slots but this board type has {have}")]
    WrongBoardType {
        /// The pitch asked for.
        pitch: Pitch,
        /// Slots that pitch needs.
        needed: usize,
        /// Slots of the board type.
        have: usize,
    },
    /// The ball is not on a point.
    #[error("the ball at {0} is not on a point of the pitch")]
    BallOffPitch(Point),
    /// A listed line does not exist.
    #[error("there is no line from {from} in direction {dir}")]
    NoSuchLine {
        /// One end.
        from: Point,
        /// Direction to the other end.
        dir: Dir,
    },
    /// A listed line is pre-drawn (only drawable lines are listed).
    #[error("the line from {from} in direction {dir} is pre-drawn")]
    PreDrawnLine {
        /// One end.
        from: Point,
        /// Direction to the other end.
        dir: Dir,
    },
    /// A line is listed twice.
    #[error("the line from {from} in direction {dir} is listed twice")]
    DuplicateLine {
        /// One end.
        from: Point,
        /// Direction to the other end.
        dir: Dir,
    },
    /// The player is not 0 or 1.
    #[error("player {0} does not exist (0 or 1)")]
    BadPlayer(PlayerId),
    /// The position text cannot be read.
    #[error("bad position text: {0}")]
    Syntax(&'static str),
}

game_core::error_kinds!(SetupError {
    SetupError::BadPitch(_) => "bad-pitch",
    SetupError::WrongBoardType { .. } => "wrong-board-type",
    SetupError::BallOffPitch(_) => "ball-off-pitch",
    SetupError::NoSuchLine { .. } => "no-such-line",
    SetupError::PreDrawnLine { .. } => "pre-drawn-line",
    SetupError::DuplicateLine { .. } => "duplicate-line",
    SetupError::BadPlayer(_) => "bad-player",
    SetupError::Syntax(_) => "syntax",
});

/// A step text that is not one direction digit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a step is one digit 0..=7, not {0:?}")]
pub struct ParseStepError(pub String);

game_core::error_kinds!(ParseStepError {
    ParseStepError(_) => "bad-step",
});

/// Why a whole turn is illegal. Variants 2 to 6 are the referee's checks 1
/// to 5 of the rules ([`crate::rules`]), in their order; each loses for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurnError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// Check 1: an empty turn.
    #[error("empty turn")]
    Empty,
    /// Check 1: a character outside `0`..`7` (the referee lets `8` past
    /// this check; see [`TurnError::NoSuchPoint`]).
    #[error("character {found:?} at position {index} is not a direction digit")]
    BadCharacter {
        /// Position of the character (in characters, from 0).
        index: usize,
        /// The character.
        found: char,
    },
    /// Check 2: a step after the turn had ended (fresh point, goal or
    /// blocked ball).
    #[error("step {index} comes after the turn ended")]
    StepAfterTurnEnded {
        /// Position of the step (from 0).
        index: usize,
    },
    /// Check 3: a step to a point that does not exist (off the pitch, an
    /// outer diagonal into a goal, or the referee's direction `8`).
    #[error("step {index} ({step}) from {from} leads to no point")]
    NoSuchPoint {
        /// Position of the step (from 0).
        index: usize,
        /// The ball before the step.
        from: Point,
        /// The step's character (`'0'..='8'`).
        step: char,
    },
    /// Check 4: a step along a line already drawn.
    #[error("step {index} ({dir}) from {from} is along a line already drawn")]
    LineAlreadyDrawn {
        /// Position of the step (from 0).
        index: usize,
        /// The ball before the step.
        from: Point,
        /// The direction.
        dir: Dir,
    },
    /// Check 5: the string ended with the ball on a bounce point.
    #[error("the turn ends with the ball on the bounce point {at}")]
    EndedOnBouncePoint {
        /// Where the ball stopped.
        at: Point,
    },
}

game_core::error_kinds!(TurnError {
    TurnError::GameOver => "game-over",
    TurnError::Empty => "empty-turn",
    TurnError::BadCharacter { .. } => "bad-character",
    TurnError::StepAfterTurnEnded { .. } => "step-after-turn-end",
    TurnError::NoSuchPoint { .. } => "no-such-point",
    TurnError::LineAlreadyDrawn { .. } => "line-already-drawn",
    TurnError::EndedOnBouncePoint { .. } => "ended-on-bounce-point",
});

/// Why the bot side cannot go on: the input does not follow the protocol,
/// or reading or writing failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// Reading or writing failed.
    #[error("i/o error: {message}")]
    Io {
        /// The kind of the I/O error, as `std::io` reported it.
        kind: std::io::ErrorKind,
        /// What `std::io` said.
        message: String,
    },
    /// The input ended in the middle of a message.
    #[error("the input ended while reading {0}")]
    UnexpectedEnd(&'static str),
    /// An input line is longer than
    /// [`protocol::MAX_LINE`](crate::protocol::MAX_LINE) bytes.
    #[error("the {0} is longer than {MAX_LINE} bytes")]
    LineTooLong(&'static str),
    /// An input line is not UTF-8 text.
    #[error("the {0} is not UTF-8 text")]
    NotText(&'static str),
    /// The id line is not `0` or `1`.
    #[error("the id line must be 0 or 1, not {0:?}")]
    BadId(String),
    /// The length line is not a number.
    #[error("the length line is not a number: {0:?}")]
    BadLength(String),
    /// The turn line's length differs from the announced one.
    #[error("announced length {announced} but the turn {turn:?} has {actual} characters")]
    LengthMismatch {
        /// The number on the length line.
        announced: usize,
        /// Characters of the turn line.
        actual: usize,
        /// The turn line (at most 64 characters of it).
        turn: String,
    },
    /// The turn line is neither `-` nor digits `0`..`7`.
    #[error("bad turn line: {0}")]
    BadTurn(TurnError),
    /// `1` and `-` (no turn yet) came where the opponent has played:
    /// anywhere but player 0's very first turn.
    #[error("the message says no turn was played, but the opponent has moved")]
    MissingTurn,
    /// A turn came while the opponent was not to move (player 0's first
    /// message must be `1` and `-`; or the bot's own answer was not
    /// recorded with [`Session::answered`](crate::protocol::Session::answered)).
    #[error("the message carries a turn {turn} but the opponent is not to move")]
    OutOfTurn {
        /// The turn received.
        turn: String,
    },
    /// The turn in the message is illegal on the session's board.
    #[error("the turn {turn} is illegal here: {error}")]
    IllegalTurn {
        /// The turn received (or answered, see [`Session::answered`](crate::protocol::Session::answered)).
        turn: String,
        /// Why it is illegal.
        error: TurnError,
    },
}

game_core::error_kinds!(ProtocolError {
    ProtocolError::Io { .. } => "io",
    ProtocolError::UnexpectedEnd(_) => "unexpected-end",
    ProtocolError::LineTooLong(_) => "line-too-long",
    ProtocolError::NotText(_) => "not-text",
    ProtocolError::BadId(_) => "bad-id",
    ProtocolError::BadLength(_) => "bad-length",
    ProtocolError::LengthMismatch { .. } => "length-mismatch",
    ProtocolError::BadTurn(_) => "bad-turn",
    ProtocolError::MissingTurn => "missing-turn",
    ProtocolError::OutOfTurn { .. } => "out-of-turn",
    ProtocolError::IllegalTurn { .. } => "illegal-turn",
});

impl From<std::io::Error> for ProtocolError {
    fn from(e: std::io::Error) -> ProtocolError {
        ProtocolError::Io { kind: e.kind(), message: e.to_string() }
    }
}
