//! Every error type of the crate.

use crate::limits::{MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM, TEAMS};
use game_core::{GameError, PlayerId, SeatError};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// Width or height below 2 (the four home corners must be distinct).
    #[error("the grid must be at least 2 x 2, got {width} x {height}")]
    GridTooSmall {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// Width or height above 255.
    #[error("the grid must be at most 255 x 255, got {width} x {height}")]
    GridTooLarge {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// Players per team outside `1..=MAX_PLAYERS_PER_TEAM`.
    #[error("players per team must be 1 to {MAX_PLAYERS_PER_TEAM}, got {0}")]
    Players(u32),
    /// Kick range outside `1..=46`.
    #[error("the kick range must be 1 to {MAX_KICK_RANGE}, got {0}")]
    KickRange(u32),
    /// A turn limit of 0.
    #[error("the turn limit must be at least 1")]
    MaxTurns,
}

game_core::error_kinds!(ConfigError {
            ConfigError::GridTooSmall { .. } => "grid-too-small",
            ConfigError::GridTooLarge { .. } => "grid-too-large",
            ConfigError::Players(_) => "bad-player-count",
            ConfigError::KickRange(_) => "bad-kick-range",
            ConfigError::MaxTurns => "bad-turn-limit",
});

/// Why an order is illegal against the state at the start of the turn. In a
/// turn resolution an illegal order makes that player stay and is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum OrderError {
    /// A move with `max(|dx|, |dy|) != 1` (two cells, or zero).
    #[error("a move goes exactly one cell (max(|dx|,|dy|) == 1), not ({dx}, {dy})")]
    NotOneStep {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
    },
    /// A move that would leave the grid.
    #[error("the move ({dx}, {dy}) leaves the grid")]
    MoveOffGrid {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
    },
    /// A kick of `(0, 0)`.
    #[error("a kick must go somewhere: (0, 0) is not a kick")]
    ZeroKick,
    /// A kick from a cell with no ball at the start of the turn.
    #[error("there is no ball on the player's cell to kick")]
    NoBall,
    /// A kick with `dx^2 + dy^2 > k^2`.
    #[error("the kick ({dx}, {dy}) is longer than the kick range {k}")]
    OutOfRange {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
        /// The kick range.
        k: u8,
    },
    /// A kick whose target is off the grid.
    #[error("the kick ({dx}, {dy}) lands off the grid")]
    KickOffGrid {
        /// Column change asked.
        dx: i8,
        /// Row change asked.
        dy: i8,
    },
}

game_core::error_kinds!(OrderError {
            OrderError::NotOneStep { .. } => "not-one-step",
            OrderError::MoveOffGrid { .. } => "move-off-grid",
            OrderError::ZeroKick => "zero-kick",
            OrderError::NoBall => "no-ball",
            OrderError::OutOfRange { .. } => "out-of-range",
            OrderError::KickOffGrid { .. } => "kick-off-grid",
});

/// Why a turn could not be resolved (the field is then unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurnError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not one order per player.
    #[error("expected {expected} orders (4 teams x p), got {got}")]
    OrderCount {
        /// `4 p`.
        expected: usize,
        /// Orders given.
        got: usize,
    },
    /// An explicit allocation of contested kicks does not fit the turn.
    #[error(transparent)]
    Allocation(#[from] AllocationError),
}

// Written by hand, not with `game_core::error_kinds!`: a wrapped error passes
// its own kind through, and the macro takes literal kinds only.
impl game_core::GameError for TurnError {
    fn kind(&self) -> &'static str {
        match self {
            TurnError::GameOver => "game-over",
            TurnError::OrderCount { .. } => "order-count",
            TurnError::Allocation(e) => e.kind(),
        }
    }
}

/// Why an explicit allocation of contested kicks is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AllocationError {
    /// The listed players are not in strictly increasing order.
    #[error("the successful kickers must be listed in strictly increasing order")]
    NotSorted,
    /// A contested cell gets another number of successes than its balls.
    #[error("contested cell ({x}, {y}) has {balls} balls but {listed} of its kickers are listed as successful")]
    WrongCount {
        /// Column of the cell.
        x: u8,
        /// Row of the cell.
        y: u8,
        /// Balls on the cell.
        balls: u16,
        /// Its kickers listed.
        listed: usize,
    },
    /// A listed player did not make a contested kick this turn.
    #[error("{0} listed player(s) did not make a contested kick this turn")]
    NotContested(usize),
}

game_core::error_kinds!(AllocationError {
            AllocationError::NotSorted => "allocation-not-sorted",
            AllocationError::WrongCount { .. } => "allocation-wrong-count",
            AllocationError::NotContested(_) => "allocation-not-contested",
});

/// Why a field description is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldError {
    /// The configuration is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Not one start cell per player.
    #[error("expected {expected} player cells, got {got}")]
    PlayerCount {
        /// `4 p`.
        expected: usize,
        /// Cells given.
        got: usize,
    },
    /// A player cell off the grid.
    #[error("player {player} is off the grid at ({x}, {y})")]
    PlayerOffGrid {
        /// Player index.
        player: usize,
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// The ball list does not have one entry per cell.
    #[error("expected {expected} ball counts (one per cell), got {got}")]
    BallCount {
        /// Cells.
        expected: usize,
        /// Entries given.
        got: usize,
    },
    /// Balls lying on a home cell (they would have scored).
    #[error("home cell ({x}, {y}) holds balls")]
    BallOnHome {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// More than 65,535 balls on the grid.
    #[error("{0} balls on the grid is too many (at most 65535)")]
    TooManyBalls(u64),
    /// A score so high that the balls on the grid could take it past
    /// `u32::MAX` (scores only grow by the balls left).
    #[error("team {team}'s score {score} plus the {balls} balls on the grid would overflow")]
    ScoreOverflow {
        /// The team (0..=3).
        team: usize,
        /// Its score.
        score: u32,
        /// Balls on the grid.
        balls: u64,
    },
    /// A turn number past the turn limit.
    #[error("turn {turn} is past the limit {max}")]
    TurnPastLimit {
        /// Turns played.
        turn: u32,
        /// The limit.
        max: u32,
    },
}

// Written by hand, not with `game_core::error_kinds!`: a wrapped error passes
// its own kind through, and the macro takes literal kinds only.
impl GameError for FieldError {
    fn kind(&self) -> &'static str {
        match self {
            FieldError::Config(e) => e.kind(),
            FieldError::PlayerCount { .. } => "player-count",
            FieldError::PlayerOffGrid { .. } => "player-off-grid",
            FieldError::BallCount { .. } => "ball-count",
            FieldError::BallOnHome { .. } => "ball-on-home",
            FieldError::TooManyBalls(_) => "too-many-balls",
            FieldError::ScoreOverflow { .. } => "score-overflow",
            FieldError::TurnPastLimit { .. } => "turn-past-limit",
        }
    }
}

/// Why a move or chance value is refused in the [`Game`](game_core::Game) view.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// A seat that does not exist (the seats are `PlayerId(0)` to
    /// `PlayerId(3)`; checked before anything else), or the game is over.
    /// The teams act simultaneously, so a team that owes nothing is
    /// [`MoveError::NotToAct`], not [`SeatError::NotYourTurn`].
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// The team does not owe a move now (it has given all of them, or the
    /// turn awaits its chance step).
    #[error("team {0} does not owe a move now")]
    NotToAct(PlayerId),
    /// A placement during the turns, or an order during the placement.
    #[error("wrong kind of move for the {0} phase")]
    WrongPhase(&'static str),
    /// A start cell off the grid.
    #[error("start cell ({x}, {y}) is off the grid")]
    PlaceOffGrid {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// An illegal order (the turn-level [`Field::resolve_turn`](crate::Field::resolve_turn) would make
    /// the player stay instead).
    #[error("footballer {footballer} of team {team}: {reason}")]
    IllegalOrder {
        /// The team.
        team: PlayerId,
        /// Its footballer (0-based).
        footballer: u16,
        /// Why.
        reason: OrderError,
    },
    /// A chance value outside a chance step.
    #[error("no chance step is due")]
    NoChanceDue,
    /// A chance value that does not fit the turn's contested kicks.
    #[error(transparent)]
    Allocation(#[from] AllocationError),
}

// Written by hand, not with `game_core::error_kinds!`: a wrapped error passes
// its own kind through, and the macro takes literal kinds only.
impl GameError for MoveError {
    fn kind(&self) -> &'static str {
        match self {
            MoveError::Seat(e) => e.kind(),
            MoveError::NotToAct(_) => "not-to-act",
            MoveError::WrongPhase(_) => "wrong-phase",
            MoveError::PlaceOffGrid { .. } => "place-off-grid",
            MoveError::IllegalOrder { reason, .. } => reason.kind(),
            MoveError::NoChanceDue => "no-chance-due",
            MoveError::Allocation(e) => e.kind(),
        }
    }
}

/// Why a [`Setup`](crate::Setup) is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Bad configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Bad field.
    #[error(transparent)]
    Field(#[from] FieldError),
    /// Inconsistent phase data.
    #[error("inconsistent setup: {0}")]
    Inconsistent(&'static str),
    /// A pending order that is illegal.
    #[error("pending order of player {player} is illegal: {reason}")]
    PendingOrder {
        /// Player index.
        player: usize,
        /// Why.
        reason: OrderError,
    },
}

// Written by hand, not with `game_core::error_kinds!`: a wrapped error passes
// its own kind through, and the macro takes literal kinds only.
impl GameError for SetupError {
    fn kind(&self) -> &'static str {
        match self {
            SetupError::Config(e) => e.kind(),
            SetupError::Field(e) => e.kind(),
            SetupError::Inconsistent(_) => "inconsistent-setup",
            SetupError::PendingOrder { .. } => "illegal-pending-order",
        }
    }
}

/// Why a move text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unreadable move {text:?}: expected `x y`, `stay`, `move dx dy` or `kick dx dy`")]
pub struct ParseMoveError {
    /// The text (at most 80 characters of it).
    pub text: String,
}

game_core::error_kinds!(ParseMoveError { ParseMoveError { .. } => "unreadable-move" });

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The start cells are invalid.
    #[error("bad start: {0}")]
    Start(#[from] FieldError),
    /// Turn `turn` (0-based) cannot be resolved.
    #[error("turn {turn}: {error}")]
    Turn {
        /// 0-based turn index.
        turn: usize,
        /// Why.
        error: TurnError,
    },
    /// The replayed turn refuses other orders than the record says.
    #[error("turn {0}: the refused orders differ from the record")]
    IllegalMismatch(usize),
    /// The replayed end differs from the record.
    #[error("the replayed end (scores {scores:?}, balls left {balls_left}) differs from the record")]
    EndMismatch {
        /// Replayed scores.
        scores: [u32; TEAMS],
        /// Replayed balls left.
        balls_left: u32,
    },
}

game_core::error_kinds!(RecordError {
            RecordError::Start(_) => "bad-start",
            RecordError::Turn { .. } => "bad-turn",
            RecordError::IllegalMismatch(_) => "illegal-mismatch",
            RecordError::EndMismatch { .. } => "end-mismatch",
});

/// Why what the referee sent cannot be read (bot side).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// A line that does not have the expected shape (or is not UTF-8).
    #[error("unreadable line {line:?}: expected {expected}")]
    Unreadable {
        /// The line (at most 80 characters of it, lossily decoded).
        line: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The input ended early.
    #[error("missing line: expected {0}")]
    Missing(&'static str),
    /// Numbers that are readable but wrong (a team above 3, a cell off the
    /// grid, a ball total that does not add up, ...).
    #[error("invalid message: {0}")]
    Invalid(&'static str),
    /// The start line describes an invalid configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The message describes an invalid field.
    #[error(transparent)]
    Field(#[from] FieldError),
    /// Reading or writing failed.
    #[error("i/o error: {message}")]
    Io {
        /// The kind of the I/O error, as `std::io` reported it.
        kind: std::io::ErrorKind,
        /// What `std::io` said.
        message: String,
    },
}

game_core::error_kinds!(ProtocolError {
            ProtocolError::Unreadable { .. } => "unreadable-line",
            ProtocolError::Missing(_) => "missing-line",
            ProtocolError::Invalid(_) => "invalid-message",
            ProtocolError::Config(_) => "invalid-config",
            ProtocolError::Field(_) => "invalid-field",
            ProtocolError::Io { .. } => "io",
});

/// Why a line of a team's answer cannot be used (referee side): the
/// footballer stays, or during placement starts on its team's home cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// A line that does not have the expected shape (or is not UTF-8).
    #[error("{line:?} is not {expected}")]
    Unreadable {
        /// The line (at most 80 characters of it, lossily decoded).
        line: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The answer has fewer lines than footballers.
    #[error("missing line: expected {0}")]
    Missing(&'static str),
    /// A start cell off the grid.
    #[error("start cell ({x}, {y}) is off the grid")]
    OffGrid {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// A non-blank line after the `p`-th (ignored).
    #[error("extra line {0:?} after the last footballer's")]
    Extra(String),
}

game_core::error_kinds!(AnswerError {
            AnswerError::Unreadable { .. } => "unreadable-line",
            AnswerError::Missing(_) => "missing-line",
            AnswerError::OffGrid { .. } => "off-grid",
            AnswerError::Extra(_) => "extra-line",
});

impl From<std::io::Error> for ProtocolError {
    fn from(e: std::io::Error) -> ProtocolError {
        ProtocolError::Io { kind: e.kind(), message: e.to_string() }
    }
}

/// Why the reference model (`testing::reference`, feature `testing`)
/// refuses to resolve a turn.
#[cfg(feature = "testing")]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReferenceError {
    /// The game is over (step 5 held before this turn).
    #[error("the game is over")]
    GameOver,
    /// Some footballers have not been placed yet: there is no turn to resolve.
    #[error("footballers are still to be placed")]
    Placement,
    /// Not one order per footballer.
    #[error("expected {expected} orders, got {got}")]
    OrderCount {
        /// `4 p`.
        expected: usize,
        /// Orders given.
        got: usize,
    },
    /// The list of successful contested kickers does not fit step 2.
    #[error(transparent)]
    Allocation(#[from] AllocationError),
    /// The setup is not a valid position (`ParallelFootball::from_setup` refuses it).
    #[error(transparent)]
    Setup(#[from] SetupError),
}

#[cfg(feature = "testing")]
game_core::error_kinds!(ReferenceError {
    ReferenceError::GameOver => "game-over",
    ReferenceError::Placement => "placement",
    ReferenceError::OrderCount { .. } => "order-count",
    ReferenceError::Allocation(_) => "allocation",
    ReferenceError::Setup(_) => "setup",
});
