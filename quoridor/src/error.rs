//! Every error of the crate: illegal moves ([`MoveError`]), refused
//! configurations and setups ([`ConfigError`], [`SetupError`]), unreadable
//! move text ([`ParseMoveError`]), and the protocol's errors
//! ([`AnswerError`], [`ProtocolError`], [`RecordError`]). Each has a stable
//! kebab-case [`GameError::kind`](game_core::GameError::kind).

use crate::moves::Wall;
use game_core::grid::Cell;
use game_core::{PlayerId, SeatError};

/// Why a move is refused. The state is unchanged after a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The seat cannot play now: it does not exist (checked before
    /// anything else), the game is over, or another player is to move.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// The target cell is off the board.
    #[error("cell {} {} is off the board", cell.x, cell.y)]
    PawnOffBoard {
        /// The target.
        cell: Cell,
    },
    /// The pawn cannot reach that cell in one move (a wall, the edge or a
    /// pawn is in the way, or the cell is not a step, jump or side-step away).
    #[error("the pawn cannot move to {} {}", cell.x, cell.y)]
    IllegalPawnMove {
        /// The target.
        cell: Cell,
    },
    /// The wall's anchor is off the board (`x` or `y` above `M-2`).
    #[error("wall {wall} is off the board")]
    WallOffBoard {
        /// The wall.
        wall: Wall,
    },
    /// The player has no walls left.
    #[error("player {player} has no walls left")]
    NoWallsLeft {
        /// Who tried.
        player: PlayerId,
    },
    /// A wall of the same orientation lies at the same anchor or one step
    /// along its length.
    #[error("wall {wall} overlaps a wall already placed")]
    WallOverlaps {
        /// The wall.
        wall: Wall,
    },
    /// A wall of the other orientation has the same anchor (they cross).
    #[error("wall {wall} crosses a wall already placed")]
    WallCrosses {
        /// The wall.
        wall: Wall,
    },
    /// The wall would leave a pawn still in the game without a path to its
    /// goal.
    #[error("wall {wall} would cut player {player} off from its goal")]
    WallBlocksPath {
        /// The wall.
        wall: Wall,
        /// The first player (in seat order) it would cut off.
        player: PlayerId,
    },
}

game_core::error_kinds!(MoveError {
    MoveError::Seat(e) => game_core::GameError::kind(e),
    MoveError::PawnOffBoard { .. } => "pawn-off-board",
    MoveError::IllegalPawnMove { .. } => "illegal-pawn-move",
    MoveError::WallOffBoard { .. } => "wall-off-board",
    MoveError::NoWallsLeft { .. } => "no-walls-left",
    MoveError::WallOverlaps { .. } => "wall-overlaps",
    MoveError::WallCrosses { .. } => "wall-crosses",
    MoveError::WallBlocksPath { .. } => "wall-blocks-path",
});

/// Why a [`Setup`](crate::Setup) is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The configuration is invalid.
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    /// `pawns` or `walls_left` does not have one entry per player.
    #[error("{players} players but {pawns} pawn entries and {walls_left} walls-left entries")]
    PlayerCount {
        /// Players of the configuration.
        players: u8,
        /// Entries of `pawns`.
        pawns: usize,
        /// Entries of `walls_left`.
        walls_left: usize,
    },
    /// A pawn is off the board.
    #[error("pawn of player {player} is off the board")]
    PawnOffBoard {
        /// Whose pawn.
        player: PlayerId,
    },
    /// Two pawns share a cell.
    #[error("two pawns on cell ({}, {})", cell.x, cell.y)]
    SameCell {
        /// The cell.
        cell: Cell,
    },
    /// A player is removed in a two-player game, or every player is removed.
    #[error("impossible removals: {0}")]
    BadRemoval(&'static str),
    /// A wall is off the board.
    #[error("wall {wall} is off the board")]
    WallOffBoard {
        /// The wall.
        wall: Wall,
    },
    /// A wall overlaps or crosses another one (or is listed twice).
    #[error("wall {wall} overlaps or crosses another wall")]
    WallClash {
        /// The wall.
        wall: Wall,
    },
    /// A player has more walls left than its share.
    #[error("player {player} has {left} walls left, more than its share of {share}")]
    TooManyWallsLeft {
        /// Who.
        player: PlayerId,
        /// Walls left.
        left: u8,
        /// Its share.
        share: u8,
    },
    /// The walls on the board are not the walls the players used.
    #[error("{placed} walls on the board but the players used {used}")]
    WallCount {
        /// Walls on the board.
        placed: usize,
        /// Walls the players used (shares minus walls left).
        used: usize,
    },
    /// A pawn still in the game has no path to its goal.
    #[error("player {player} has no path to its goal")]
    NoPath {
        /// Who.
        player: PlayerId,
    },
    /// More than one pawn stands on its goal.
    #[error("more than one pawn stands on its goal")]
    TwoWinners,
    /// The tick is beyond the tick limit.
    #[error("tick {tick} is beyond the limit {limit}")]
    TickBeyondLimit {
        /// Turns played.
        tick: u32,
        /// The limit.
        limit: u32,
    },
    /// The player to move is not a player still in the game.
    #[error("player {0} cannot be to move")]
    BadToMove(PlayerId),
    /// The player to move has no legal move (it would have been removed).
    #[error("player {0} is to move but has no legal move")]
    Stuck(PlayerId),
}

// A configuration error keeps its own kind.
game_core::error_kinds!(SetupError {
    SetupError::Config(ConfigError::BadSize(_)) => "bad-size",
    SetupError::Config(ConfigError::BadPlayers(_)) => "bad-players",
    SetupError::Config(ConfigError::UnevenWalls { .. }) => "uneven-walls",
    SetupError::Config(ConfigError::BadFirstPlayer { .. }) => "bad-first-player",
    SetupError::Config(ConfigError::ZeroTickLimit) => "zero-tick-limit",
    SetupError::PlayerCount { .. } => "player-count",
    SetupError::PawnOffBoard { .. } => "pawn-off-board",
    SetupError::SameCell { .. } => "same-cell",
    SetupError::BadRemoval(_) => "bad-removal",
    SetupError::WallOffBoard { .. } => "wall-off-board",
    SetupError::WallClash { .. } => "wall-clash",
    SetupError::TooManyWallsLeft { .. } => "too-many-walls-left",
    SetupError::WallCount { .. } => "wall-count",
    SetupError::NoPath { .. } => "no-path",
    SetupError::TwoWinners => "two-winners",
    SetupError::TickBeyondLimit { .. } => "tick-beyond-limit",
    SetupError::BadToMove(_) => "bad-to-move",
    SetupError::Stuck(_) => "stuck",
});

/// Why a [`Config`](crate::Config) is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// The side is not one of 5, 7, 9, 11.
    #[error("board size {0} is not supported (odd sizes 5 to 11)")]
    BadSize(u8),
    /// Not 2 or 4 players.
    #[error("{0} players: Quoridor is played by 2 or 4")]
    BadPlayers(u8),
    /// The wall total cannot be shared equally.
    #[error("{walls} walls cannot be shared equally among {players} players")]
    UnevenWalls {
        /// The wall total.
        walls: u8,
        /// The number of players.
        players: u8,
    },
    /// The first player is not a seat of the game.
    #[error("first player {first} does not exist with {players} players")]
    BadFirstPlayer {
        /// The configured first player.
        first: PlayerId,
        /// The number of players.
        players: u8,
    },
    /// A tick limit of 0.
    #[error("the tick limit must be at least 1 (or none)")]
    ZeroTickLimit,
}

game_core::error_kinds!(ConfigError {
    ConfigError::BadSize(_) => "bad-size",
    ConfigError::BadPlayers(_) => "bad-players",
    ConfigError::UnevenWalls { .. } => "uneven-walls",
    ConfigError::BadFirstPlayer { .. } => "bad-first-player",
    ConfigError::ZeroTickLimit => "zero-tick-limit",
});

/// Why a move text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing to read.
    #[error("empty move")]
    Empty,
    /// Not 2 or 3 numbers.
    #[error("expected `x y` or `x y v`, got {0} tokens")]
    TokenCount(usize),
    /// A token is not an integer.
    #[error("`{0}` is not an integer")]
    NotANumber(String),
    /// A coordinate is negative or above 255.
    #[error("coordinate `{0}` is out of range")]
    OutOfRange(String),
    /// The wall orientation is not 0 or 1.
    #[error("wall orientation `{0}` is not 0 (horizontal) or 1 (vertical)")]
    BadOrientation(String),
    /// An algebraic move does not start with a column letter of the board.
    #[error("`{0}` does not start with a column letter of the board")]
    BadColumn(String),
    /// An algebraic move has no row number of the board.
    #[error("`{0}` has no row number of the board")]
    BadRow(String),
    /// An algebraic move ends with something other than `h` or `v`.
    #[error("`{0}` must end after the row, or with `h` or `v`")]
    BadSuffix(String),
    /// A move of a `/`-separated record cannot be read.
    #[error("move {index} of the record: {error}")]
    InRecord {
        /// Index of the move in the record, from 0.
        index: usize,
        /// What is wrong with it.
        error: Box<ParseMoveError>,
    },
}

game_core::error_kinds!(ParseMoveError {
    ParseMoveError::Empty => "empty",
    ParseMoveError::TokenCount(_) => "token-count",
    ParseMoveError::NotANumber(_) => "not-a-number",
    ParseMoveError::OutOfRange(_) => "out-of-range",
    ParseMoveError::BadOrientation(_) => "bad-orientation",
    ParseMoveError::BadColumn(_) => "bad-column",
    ParseMoveError::BadRow(_) => "bad-row",
    ParseMoveError::BadSuffix(_) => "bad-suffix",
    ParseMoveError::InRecord { .. } => "in-record",
});

/// Why the referee does not take a bot's answer line as a move of the board.
/// The messages say what is wrong without repeating the line (whoever
/// shows them names the answer once).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError {
    /// The line does not have 2 or 3 space-separated tokens.
    #[error(
        "{count} {} between single spaces, not `x y` (a pawn's cell) or `x y v` (a wall)",
        if *count == 1 { "token" } else { "tokens" }
    )]
    TokenCount {
        /// The trimmed line (at most 40 characters).
        line: String,
        /// The number of tokens (split on single spaces).
        count: usize,
    },
    /// A token is not a safe integer for JavaScript's `Number()`.
    #[error("`{token}` is not an integer (`x y` or `x y v` are integers)")]
    NotAnInteger {
        /// The trimmed line (at most 40 characters).
        line: String,
        /// The token (at most 40 characters).
        token: String,
    },
    /// The numbers are not a cell of the board, or not a wall anchor with
    /// orientation 0 or 1.
    #[error("the coordinates are outside the board")]
    OffBoard {
        /// The trimmed line (at most 40 characters).
        line: String,
    },
}

// `unreadable` (token count or a token that is not an integer) or `off-board`.
game_core::error_kinds!(AnswerError {
    AnswerError::TokenCount { .. } | AnswerError::NotAnInteger { .. } => "unreadable",
    AnswerError::OffBoard { .. } => "off-board",
});

/// Why the referee's messages cannot be read by a bot.
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
    /// The input ended in the middle of a message (or before the start).
    #[error("input ended while reading {0}")]
    UnexpectedEnd(&'static str),
    /// A token is not an integer.
    #[error("`{token}` is not an integer ({what})")]
    NotANumber {
        /// What was being read.
        what: &'static str,
        /// The token (at most 24 bytes of it, lossily decoded).
        token: String,
    },
    /// A number is outside its allowed range.
    #[error("{what} {value} is out of range")]
    OutOfRange {
        /// What was being read.
        what: &'static str,
        /// The value.
        value: i64,
    },
    /// The messages do not describe a legal position.
    #[error("the message describes no legal position: {0}")]
    BadPosition(SetupError),
}

game_core::error_kinds!(ProtocolError {
    ProtocolError::Io { .. } => "io",
    ProtocolError::UnexpectedEnd(_) => "unexpected-end",
    ProtocolError::NotANumber { .. } => "not-a-number",
    ProtocolError::OutOfRange { .. } => "out-of-range",
    ProtocolError::BadPosition(_) => "bad-position",
});

/// Why a record of moves does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// A line is not a move.
    #[error("line {line}: {error}")]
    Unreadable {
        /// Line number, from 1.
        line: usize,
        /// Why.
        error: ParseMoveError,
    },
    /// A move is illegal.
    #[error("line {line}: player {player}: {error}")]
    Illegal {
        /// Line number, from 1.
        line: usize,
        /// Who played it.
        player: PlayerId,
        /// Why it is illegal.
        error: MoveError,
    },
}

// A bad line has the kind of its notation or move error.
game_core::error_kinds!(RecordError {
    RecordError::Unreadable { error: ParseMoveError::Empty, .. } => "empty",
    RecordError::Unreadable { error: ParseMoveError::TokenCount(_), .. } => "token-count",
    RecordError::Unreadable { error: ParseMoveError::NotANumber(_), .. } => "not-a-number",
    RecordError::Unreadable { error: ParseMoveError::OutOfRange(_), .. } => "out-of-range",
    RecordError::Unreadable { error: ParseMoveError::BadOrientation(_), .. } => "bad-orientation",
    RecordError::Unreadable { error: ParseMoveError::BadColumn(_), .. } => "bad-column",
    RecordError::Unreadable { error: ParseMoveError::BadRow(_), .. } => "bad-row",
    RecordError::Unreadable { error: ParseMoveError::BadSuffix(_), .. } => "bad-suffix",
    RecordError::Unreadable { error: ParseMoveError::InRecord { .. }, .. } => "in-record",
    RecordError::Illegal { error: MoveError::Seat(e), .. } => game_core::GameError::kind(e),
    RecordError::Illegal { error: MoveError::PawnOffBoard { .. }, .. } => "pawn-off-board",
    RecordError::Illegal { error: MoveError::IllegalPawnMove { .. }, .. } => "illegal-pawn-move",
    RecordError::Illegal { error: MoveError::WallOffBoard { .. }, .. } => "wall-off-board",
    RecordError::Illegal { error: MoveError::NoWallsLeft { .. }, .. } => "no-walls-left",
    RecordError::Illegal { error: MoveError::WallOverlaps { .. }, .. } => "wall-overlaps",
    RecordError::Illegal { error: MoveError::WallCrosses { .. }, .. } => "wall-crosses",
    RecordError::Illegal { error: MoveError::WallBlocksPath { .. }, .. } => "wall-blocks-path",
});

impl From<std::io::Error> for ProtocolError {
    fn from(e: std::io::Error) -> ProtocolError {
        ProtocolError::Io { kind: e.kind(), message: e.to_string() }
    }
}
