//! Configuration of a game: grid size, players per team, kick range, turn limit.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of teams; always four.
pub const TEAMS: usize = 4;

/// The most players a team may field (the course used up to 255).
pub const MAX_PLAYERS_PER_TEAM: u16 = 1024;

/// The largest kick range (`46 = ceil(32 * sqrt(2))`).
pub const MAX_KICK_RANGE: u8 = 46;

/// The default turn limit (the statement says only "a large number of moves").
pub const DEFAULT_MAX_TURNS: u32 = 20_000;

/// The default grid side, the only size the arena protocol uses.
pub const DEFAULT_SIDE: u8 = 32;

/// A cell of the grid, `x` in `0..width` (left to right), `y` in `0..height`
/// (top to bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
pub struct Cell {
    /// Column, from the left.
    pub x: u8,
    /// Row, from the top.
    pub y: u8,
}

impl Cell {
    /// The cell `(x, y)`.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Cell {
        Cell { x, y }
    }

    /// The cell `(x + dx, y + dy)` when it lies on a `width` x `height` grid.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32, width: u8, height: u8) -> Option<Cell> {
        let x = i32::from(self.x) + dx;
        let y = i32::from(self.y) + dy;
        if (0..i32::from(width)).contains(&x) && (0..i32::from(height)).contains(&y) {
            Some(Cell { x: x as u8, y: y as u8 })
        } else {
            None
        }
    }

    /// Squared Euclidean distance between the centres of two cells.
    #[inline]
    pub fn distance2(self, other: Cell) -> u32 {
        let dx = i32::from(self.x) - i32::from(other.x);
        let dy = i32::from(self.y) - i32::from(other.y);
        (dx * dx + dy * dy) as u32
    }

    /// King-move (Chebyshev) distance: the number of `move` orders a player
    /// needs to walk from one cell to the other.
    #[inline]
    pub fn steps_to(self, other: Cell) -> u32 {
        u32::from(self.x.abs_diff(other.x).max(self.y.abs_diff(other.y)))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x, self.y)
    }
}

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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

impl game_core::GameError for ConfigError {
    fn kind(&self) -> &'static str {
        match self {
            ConfigError::GridTooSmall { .. } => "grid-too-small",
            ConfigError::GridTooLarge { .. } => "grid-too-large",
            ConfigError::Players(_) => "bad-player-count",
            ConfigError::KickRange(_) => "bad-kick-range",
            ConfigError::MaxTurns => "bad-turn-limit",
        }
    }
}

/// A validated game configuration.
///
/// ```
/// use parallel_football::{Config, ConfigError};
/// let c = Config::standard(10, 5).unwrap();
/// assert_eq!((c.width(), c.height(), c.max_turns()), (32, 32, 20_000));
/// assert_eq!(c.start_balls(), 1020);
/// assert_eq!(Config::standard(10, 47), Err(ConfigError::KickRange(47)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ConfigRepr", into = "ConfigRepr")]
pub struct Config {
    width: u8,
    height: u8,
    players: u16,
    kick_range: u8,
    max_turns: u32,
}

#[derive(Serialize, Deserialize)]
struct ConfigRepr {
    width: u32,
    height: u32,
    players: u32,
    kick_range: u32,
    max_turns: u32,
}

impl From<Config> for ConfigRepr {
    fn from(c: Config) -> Self {
        ConfigRepr {
            width: c.width.into(),
            height: c.height.into(),
            players: c.players.into(),
            kick_range: c.kick_range.into(),
            max_turns: c.max_turns,
        }
    }
}

impl TryFrom<ConfigRepr> for Config {
    type Error = ConfigError;
    fn try_from(r: ConfigRepr) -> Result<Self, ConfigError> {
        Config::new(r.width, r.height, r.players, r.kick_range, r.max_turns)
    }
}

impl Default for Config {
    /// 32 x 32, 10 players per team, kick range 10, 20,000 turns.
    fn default() -> Self {
        Config { width: 32, height: 32, players: 10, kick_range: 10, max_turns: DEFAULT_MAX_TURNS }
    }
}

impl Config {
    /// A configuration, validated: grid `2..=255` on each side, `players` per
    /// team `1..=`[`MAX_PLAYERS_PER_TEAM`], kick range `1..=46`, turn limit at
    /// least 1.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first bad parameter.
    pub fn new(width: u32, height: u32, players: u32, kick_range: u32, max_turns: u32) -> Result<Config, ConfigError> {
        if width < 2 || height < 2 {
            return Err(ConfigError::GridTooSmall { width, height });
        }
        if width > 255 || height > 255 {
            return Err(ConfigError::GridTooLarge { width, height });
        }
        if players == 0 || players > u32::from(MAX_PLAYERS_PER_TEAM) {
            return Err(ConfigError::Players(players));
        }
        if kick_range == 0 || kick_range > u32::from(MAX_KICK_RANGE) {
            return Err(ConfigError::KickRange(kick_range));
        }
        if max_turns == 0 {
            return Err(ConfigError::MaxTurns);
        }
        Ok(Config {
            width: width as u8,
            height: height as u8,
            players: players as u16,
            kick_range: kick_range as u8,
            max_turns,
        })
    }

    /// The contest configuration: 32 x 32, the default turn limit.
    ///
    /// # Errors
    /// As [`Config::new`].
    pub fn standard(players: u32, kick_range: u32) -> Result<Config, ConfigError> {
        Config::new(32, 32, players, kick_range, DEFAULT_MAX_TURNS)
    }

    /// The same configuration with another turn limit.
    ///
    /// # Errors
    /// [`ConfigError::MaxTurns`] for 0.
    pub fn with_max_turns(self, max_turns: u32) -> Result<Config, ConfigError> {
        Config::new(self.width.into(), self.height.into(), self.players.into(), self.kick_range.into(), max_turns)
    }

    /// Grid width.
    #[inline]
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Grid height.
    #[inline]
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Players per team (`p`).
    #[inline]
    pub const fn players(&self) -> u16 {
        self.players
    }

    /// Players of all four teams (`4 p`).
    #[inline]
    pub const fn total_players(&self) -> usize {
        TEAMS * self.players as usize
    }

    /// Kick range (`k`).
    #[inline]
    pub const fn kick_range(&self) -> u8 {
        self.kick_range
    }

    /// Turn limit.
    #[inline]
    pub const fn max_turns(&self) -> u32 {
        self.max_turns
    }

    /// Number of cells.
    #[inline]
    pub const fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Balls at the start: one on every cell but the four homes.
    #[inline]
    pub const fn start_balls(&self) -> u32 {
        self.cells() as u32 - TEAMS as u32
    }

    /// Home cell of `team` (0..=3): the corners clockwise from the top-left.
    /// Teams above 3 are taken modulo 4.
    #[inline]
    pub const fn home(&self, team: u8) -> Cell {
        let (w, h) = (self.width - 1, self.height - 1);
        match team % 4 {
            0 => Cell { x: 0, y: 0 },
            1 => Cell { x: w, y: 0 },
            2 => Cell { x: w, y: h },
            _ => Cell { x: 0, y: h },
        }
    }

    /// The team whose home `cell` is, if any.
    #[inline]
    pub fn home_owner(&self, cell: Cell) -> Option<u8> {
        (0..4u8).find(|&t| self.home(t) == cell)
    }

    /// Whether `cell` lies on the grid.
    #[inline]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// Row-major index of a cell on the grid (`y * width + x`).
    #[inline]
    pub const fn index(&self, cell: Cell) -> usize {
        cell.y as usize * self.width as usize + cell.x as usize
    }

    /// The cell of a row-major index (`index < cells()`).
    #[inline]
    pub const fn cell(&self, index: usize) -> Cell {
        Cell { x: (index % self.width as usize) as u8, y: (index / self.width as usize) as u8 }
    }

    /// Whether `(dx, dy)` is within kick range: `dx^2 + dy^2 <= k^2` and not
    /// `(0, 0)`.
    #[inline]
    pub const fn in_kick_range(&self, dx: i32, dy: i32) -> bool {
        let k = self.kick_range as i32;
        (dx != 0 || dy != 0) && dx * dx + dy * dy <= k * k
    }

    /// The team of a player index (`player / p`).
    #[inline]
    pub const fn team_of(&self, player: usize) -> u8 {
        (player / self.players as usize) as u8
    }

    /// The index of footballer `i` of `team` (`team * p + i`).
    #[inline]
    pub const fn player_index(&self, team: u8, i: u16) -> usize {
        team as usize * self.players as usize + i as usize
    }
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} grid, p={}, k={}, at most {} turns",
            self.width, self.height, self.players, self.kick_range, self.max_turns
        )
    }
}
