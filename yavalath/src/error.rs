//! Typed errors: illegal moves, unreadable move text, invalid setups.

use crate::cell::Cell;
use game_core::{GameError, PlayerId};

/// Why a move is refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum YavalathError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not this player's turn.
    #[error("it is player {to_move}'s turn, not player {player}'s")]
    NotYourTurn {
        /// Who tried.
        player: PlayerId,
        /// Who is to move.
        to_move: PlayerId,
    },
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

impl GameError for YavalathError {
    fn kind(&self) -> &'static str {
        match self {
            YavalathError::GameOver => "game-over",
            YavalathError::NotYourTurn { .. } => "not-your-turn",
            YavalathError::Occupied { .. } => "cell-occupied",
            YavalathError::OffBoard { .. } => "off-board",
        }
    }
}

/// Why a move text (`x y`) cannot be read as a cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// The text is not two integers in the expected form.
    #[error("unreadable move {text:?}: {reason}")]
    Unreadable {
        /// The text (at most 80 characters of it).
        text: String,
        /// What is wrong.
        reason: &'static str,
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

impl MoveParseError {
    pub(crate) fn unreadable(text: &str, reason: &'static str) -> MoveParseError {
        MoveParseError::Unreadable { text: text.chars().take(80).collect(), reason }
    }
}

impl GameError for MoveParseError {
    fn kind(&self) -> &'static str {
        match self {
            MoveParseError::Unreadable { .. } => "unreadable",
            MoveParseError::OffBoard { .. } => "off-board",
        }
    }
}

/// Why a [`Setup`](crate::Setup) or a position text is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
    /// The player to move is not `x`/`o` (0/1).
    #[error("bad player to move: {0}")]
    BadPlayer(String),
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

impl GameError for SetupError {
    fn kind(&self) -> &'static str {
        match self {
            SetupError::RowCount(_) => "row-count",
            SetupError::RowLength { .. } => "row-length",
            SetupError::BadChar(_) => "bad-char",
            SetupError::BadPlayer(_) => "bad-player",
            SetupError::StoneCounts { .. } => "stone-counts",
            SetupError::Unreachable(_) => "unreachable",
        }
    }
}
