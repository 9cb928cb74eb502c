//! Cells, walls, moves and the game configuration.

use game_core::{GameError, PlayerId};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell `(x, y)`: `(0, 0)` is the top-left cell, `x` grows to the right and
/// `y` downwards (the contest's coordinates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Column, from 0 at the left.
    pub x: u8,
    /// Row, from 0 at the top.
    pub y: u8,
}

impl Cell {
    /// The cell `(x, y)`.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }
}

impl fmt::Display for Cell {
    /// The contest's notation, `x y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x, self.y)
    }
}

/// A wall `(x, y, vertical)`, anchored at the cell `(x, y)` of the four
/// around its centre that is nearest `(0, 0)`; `0 <= x, y <= M-2`.
///
/// A horizontal wall lies below cells `(x, y)` and `(x+1, y)`; a vertical one
/// lies right of cells `(x, y)` and `(x, y+1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Wall {
    /// Anchor column.
    pub x: u8,
    /// Anchor row.
    pub y: u8,
    /// `true` for a vertical wall, `false` for a horizontal one.
    pub vertical: bool,
}

impl Wall {
    /// The horizontal wall anchored at `(x, y)`.
    #[inline]
    pub const fn horizontal(x: u8, y: u8) -> Wall {
        Wall { x, y, vertical: false }
    }

    /// The vertical wall anchored at `(x, y)`.
    #[inline]
    pub const fn vertical(x: u8, y: u8) -> Wall {
        Wall { x, y, vertical: true }
    }
}

impl fmt::Display for Wall {
    /// The contest's notation, `x y v` with `v` 1 for vertical.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, u8::from(self.vertical))
    }
}

/// One move: a pawn step or jump (written as the landing cell), or a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Move the pawn to this cell.
    Pawn(Cell),
    /// Place this wall.
    Wall(Wall),
}

impl fmt::Display for Move {
    /// The contest's notation: `x y` or `x y v`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pawn(c) => c.fmt(f),
            Move::Wall(w) => w.fmt(f),
        }
    }
}

impl From<Cell> for Move {
    fn from(c: Cell) -> Move {
        Move::Pawn(c)
    }
}

impl From<Wall> for Move {
    fn from(w: Wall) -> Move {
        Move::Wall(w)
    }
}

/// Why a [`Config`] is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
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

impl GameError for ConfigError {
    fn kind(&self) -> &'static str {
        match self {
            ConfigError::BadSize(_) => "bad-size",
            ConfigError::BadPlayers(_) => "bad-players",
            ConfigError::UnevenWalls { .. } => "uneven-walls",
            ConfigError::BadFirstPlayer { .. } => "bad-first-player",
            ConfigError::ZeroTickLimit => "zero-tick-limit",
        }
    }
}

/// The configuration of a game: board side, players, walls, first player and
/// tick limit. [`Config::default`] is the contest's: 9 x 9, 2 players, 20
/// walls, player 0 first, 100 ticks ([`Config::new`] with 4 players: 200
/// ticks, see [`Config::default_tick_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Config {
    /// Board side `M`: 5, 7, 9 or 11.
    pub size: u8,
    /// Number of players: 2 or 4.
    pub players: u8,
    /// Walls in total, shared equally among the players.
    pub walls: u8,
    /// Who plays the first turn.
    pub first_player: PlayerId,
    /// The game ends after the turn whose tick equals this (`None`: no limit).
    pub tick_limit: Option<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Config { size: 9, players: 2, walls: 20, first_player: PlayerId(0), tick_limit: Some(100) }
    }
}

impl Config {
    /// The default configuration with another side and number of players:
    /// 20 walls, player 0 first, and the tick limit of
    /// [`Config::default_tick_limit`] (100 with 2 players, 200 with 4); not
    /// validated yet.
    pub fn new(size: u8, players: u8) -> Config {
        Config { size, players, tick_limit: Config::default_tick_limit(players), ..Config::default() }
    }

    /// The contest's tick limit for `players`: 200 with 4 players (its only
    /// four-player start state), 100 otherwise (its two-player maps).
    pub const fn default_tick_limit(players: u8) -> Option<u32> {
        if players == 4 { Some(200) } else { Some(100) }
    }

    /// This configuration with another wall total.
    #[must_use]
    pub fn with_walls(self, walls: u8) -> Config {
        Config { walls, ..self }
    }

    /// This configuration with another tick limit.
    #[must_use]
    pub fn with_tick_limit(self, tick_limit: Option<u32>) -> Config {
        Config { tick_limit, ..self }
    }

    /// This configuration with another first player.
    #[must_use]
    pub fn with_first_player(self, first_player: PlayerId) -> Config {
        Config { first_player, ..self }
    }

    /// Checks the configuration.
    ///
    /// # Errors
    /// The first setting that is not supported.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !crate::geometry::SIZES.contains(&self.size) {
            return Err(ConfigError::BadSize(self.size));
        }
        if self.players != 2 && self.players != 4 {
            return Err(ConfigError::BadPlayers(self.players));
        }
        if self.walls % self.players != 0 {
            return Err(ConfigError::UnevenWalls { walls: self.walls, players: self.players });
        }
        if self.first_player.0 >= self.players {
            return Err(ConfigError::BadFirstPlayer { first: self.first_player, players: self.players });
        }
        if self.tick_limit == Some(0) {
            return Err(ConfigError::ZeroTickLimit);
        }
        Ok(())
    }

    /// Walls each player starts with.
    pub fn walls_per_player(&self) -> u8 {
        self.walls / self.players.max(1)
    }

    /// The start cell of `player` (the middle of its side), if it is a seat.
    pub fn start_cell(&self, player: PlayerId) -> Option<Cell> {
        let last = self.size.checked_sub(1)?;
        let c = last / 2;
        match (self.players, player.0) {
            (_, 0) => Some(Cell::new(c, 0)),
            (2, 1) | (4, 2) => Some(Cell::new(c, last)),
            (4, 1) => Some(Cell::new(last, c)),
            (4, 3) => Some(Cell::new(0, c)),
            _ => None,
        }
    }

    /// Whether `cell` is on the goal side of `player`: with 2 players P0 aims
    /// at `y = M-1` and P1 at `y = 0`; with 4 players P0 at `y = M-1`, P1 at
    /// `x = 0`, P2 at `y = 0` and P3 at `x = M-1`.
    pub fn is_goal(&self, player: PlayerId, cell: Cell) -> bool {
        let last = self.size.saturating_sub(1);
        match (self.players, player.0) {
            (_, 0) => cell.y == last,
            (2, 1) | (4, 2) => cell.y == 0,
            (4, 1) => cell.x == 0,
            (4, 3) => cell.x == last,
            _ => false,
        }
    }
}
