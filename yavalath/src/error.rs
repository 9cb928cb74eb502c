//! Every error of the crate: illegal moves ([`MoveError`]), unreadable move text
//! ([`ParseMoveError`]) and records ([`RecordError`]), invalid setups ([`SetupError`]), and the
//! protocol's ([`ProtocolError`] for a bot reading its turns, [`AnswerError`] for the referee
//! reading an answer). Each has a kebab-case [`GameError::kind`](game_core::GameError::kind).

use crate::cell::Cell;
use game_core::{PlayerId, SeatError};

/// Why a move is refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The seat cannot move now, whatever the cell: it does not exist (Yavalath has two,
    /// `PlayerId(0)` and `PlayerId(1)`; checked before anything else), the game is over, or it is
    /// the other player's turn.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// The cell holds a stone, and this is not the second player's first turn on the first stone
    /// (the only legal steal).
    #[error("cell {cell} is occupied")]
    Occupied {
        /// The cell.
        cell: Cell,
    },
    /// `x y` is not on the board.
    #[error("{x} {y} is off the board")]
    OffBoard {
        /// The `x` given.
        x: i64,
        /// The `y` given.
        y: i64,
    },
}

game_core::error_kinds!(MoveError {
    MoveError::Seat(e) => game_core::GameError::kind(e),
    MoveError::Occupied { .. } => "cell-occupied",
    MoveError::OffBoard { .. } => "off-board",
});

/// Why a move text (`x y`) cannot be read as a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is not two integers in the expected form. The message says what is wrong,
    /// naming the piece; it does not repeat the text (whoever shows it names it once).
    #[error("{reason}")]
    Unreadable {
        /// The text (at most 80 characters of it).
        text: String,
        /// What is wrong, in the move's terms (at most 80 characters of a piece quoted).
        reason: String,
    },
    /// Two integers, but not a cell of the board.
    #[error("{x} {y} is off the board")]
    OffBoard {
        /// The `x` read.
        x: i64,
        /// The `y` read.
        y: i64,
    },
}

impl ParseMoveError {
    pub(crate) fn unreadable(text: &str, reason: String) -> ParseMoveError {
        ParseMoveError::Unreadable { text: text.chars().take(80).collect(), reason }
    }
}

game_core::error_kinds!(ParseMoveError {
    ParseMoveError::Unreadable { .. } => "unreadable",
    ParseMoveError::OffBoard { .. } => "off-board",
});

/// Why a [`Setup`](crate::Setup) or a position text is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not 9 rows.
    #[error("expected 9 rows, found {0}")]
    RowCount(usize),
    /// A row has the wrong number of cells.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// The row (0 is the top).
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells of that row.
        expected: usize,
    },
    /// A character that is not a cell (`.`, `x`, `o`) or, in the compact notation, an empty-run digit.
    #[error("unexpected character {0:?}")]
    BadChar(char),
    /// The player to move, in a text, is not `x`/`o`.
    #[error("bad player to move: {0}")]
    BadPlayer(String),
    /// The player to move is a seat that does not exist ([`SeatError::NoSuchPlayer`], the only
    /// seat error here: Yavalath has `PlayerId(0)` and `PlayerId(1)`). Checked before anything
    /// else.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// The numbers of stones cannot arise with this player to move (with or without a steal).
    #[error("{first} first-player and {second} second-player stones cannot arise with player {to_move} to move")]
    StoneCounts {
        /// Stones of player 0.
        first: usize,
        /// Stones of player 1.
        second: usize,
        /// The player to move.
        to_move: PlayerId,
    },
    /// Lines of 3 or more that no game reaches: the game ends at the first stone making one, so the
    /// lines must all go through one stone of the player who moved last, and that player's
    /// opponent has none.
    #[error("unreachable position: {0}")]
    Unreachable(&'static str),
}

game_core::error_kinds!(SetupError {
    SetupError::RowCount(_) => "row-count",
    SetupError::RowLength { .. } => "row-length",
    SetupError::BadChar(_) => "bad-char",
    SetupError::BadPlayer(_) => "bad-player",
    SetupError::Seat(e) => game_core::GameError::kind(e),
    SetupError::StoneCounts { .. } => "stone-counts",
    SetupError::Unreachable(_) => "unreachable",
});

/// A record line that cannot be read ([`parse_record`](crate::parse_record)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct RecordError {
    /// 1-based line number in the text.
    pub line: usize,
    /// Why.
    pub error: ParseMoveError,
}

game_core::error_kinds!(RecordError {
    RecordError { error: ParseMoveError::Unreadable { .. }, .. } => "unreadable",
    RecordError { error: ParseMoveError::OffBoard { .. }, .. } => "off-board",
});

/// Why a turn message cannot be built, read or followed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// Reading the input or writing the answer failed.
    #[error("input/output: {0}")]
    Io(#[from] std::io::Error),
    /// The game is over, so nobody receives a turn ([`SeatError::GameOver`], the only seat error
    /// here).
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// After the first move, the opponent's last move is needed.
    #[error("the opponent's last move is missing")]
    MissingLastMove,
    /// On the very first turn there is no last move (`-1 -1`).
    #[error("no move was played yet, but a last move was given")]
    UnexpectedLastMove,
    /// The last move given does not hold a stone of the receiver's opponent.
    #[error("the last move {0} is not an opponent's stone")]
    LastMoveNotOpponent(Cell),
    /// A turn message text that does not follow the protocol.
    #[error("line {line} of the turn message: {reason}")]
    BadInput {
        /// 1-based line number inside the turn message.
        line: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// The bot's first turn message has no id line, so the bot cannot know who it is.
    #[error("the first turn message has no id line")]
    MissingId,
    /// A later turn message carries an id other than the first one.
    #[error("the id changed from {first} to {now}")]
    IdChanged {
        /// The id of the first turn.
        first: u8,
        /// The id received now.
        now: u8,
    },
    /// The rows describe no position a game reaches with the receiver to move.
    #[error("the turn message describes no reachable position: {0}")]
    Position(#[from] SetupError),
}

game_core::error_kinds!(ProtocolError {
    ProtocolError::Io(_) => "io",
    ProtocolError::Seat(e) => game_core::GameError::kind(e),
    ProtocolError::MissingLastMove => "missing-last-move",
    ProtocolError::UnexpectedLastMove => "unexpected-last-move",
    ProtocolError::LastMoveNotOpponent(_) => "last-move-not-opponent",
    ProtocolError::BadInput { .. } => "bad-input",
    ProtocolError::MissingId => "missing-id",
    ProtocolError::IdChanged { .. } => "id-changed",
    ProtocolError::Position(_) => "unreachable-position",
});

/// Why the referee cannot use an answer line (`protocol::parse_answer`).
/// Both kinds lose the game. Feature `referee`.
#[cfg(feature = "referee")]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// Not two integers in the referee's form (see the `protocol` module docs), or not
    /// UTF-8 text. The message says what is wrong, naming the piece that is not an integer;
    /// it does not repeat the answer (whoever shows it names the answer once).
    #[error("{reason}")]
    Unreadable {
        /// The line (at most 80 characters of it; bytes that are not UTF-8 shown as U+FFFD).
        text: String,
        /// What is wrong, in the answer's terms (at most 80 characters of a piece quoted).
        reason: String,
    },
    /// Two integers, but not a cell of the board: an illegal move.
    #[error("{x} {y} is off the board")]
    OffBoard {
        /// The `x` read.
        x: i32,
        /// The `y` read.
        y: i32,
    },
}

#[cfg(feature = "referee")]
game_core::error_kinds!(AnswerError {
    AnswerError::Unreadable { .. } => "unreadable",
    AnswerError::OffBoard { .. } => "off-board",
});
