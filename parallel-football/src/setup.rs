//! Configuration of a game (grid size, players per team, kick range, turn
//! limit) and the plain [`Setup`] of a position.

// Casts: values narrowed only after Config::new has checked their range; cell counts at most 255 * 255.
#![allow(clippy::cast_possible_truncation)]

use crate::error::ConfigError;
use crate::limits::{DEFAULT_MAX_TURNS, MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM, TEAM_IDS, TEAMS};
use crate::order::Order;
use game_core::PlayerId;
use game_core::grid::Cell;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// A game configuration: plain public data, checked by [`Config::validate`]
/// wherever it enters a game ([`Field::new`](crate::Field::new),
/// [`ParallelFootball::new`](crate::ParallelFootball::new), [`Geometry::new`](crate::Geometry::new),
/// deserialisation). [`Config::new`] builds and validates in one step. The
/// derived queries ([`Config::home`], [`Config::cells`], ...) assume a valid
/// configuration.
///
/// ```
/// use parallel_football::{Config, ConfigError};
/// let c = Config::standard(10, 5).unwrap();
/// assert_eq!((c.width, c.height, c.max_turns), (32, 32, 20_000));
/// let bad = Config { kick_range: 0, ..c };
/// assert_eq!(bad.validate(), Err(ConfigError::KickRange(0)));
/// assert_eq!(c.start_balls(), 1020);
/// assert_eq!(Config::standard(10, 47), Err(ConfigError::KickRange(47)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ConfigRepr", into = "ConfigRepr"))]
pub struct Config {
    /// Grid width, `2..=255`.
    pub width: u8,
    /// Grid height, `2..=255`.
    pub height: u8,
    /// Players per team (`p`), `1..=`[`MAX_PLAYERS_PER_TEAM`].
    pub players: u16,
    /// Kick range (`k`), `1..=`[`MAX_KICK_RANGE`].
    pub kick_range: u8,
    /// Turn limit, at least 1.
    pub max_turns: u32,
}

#[cfg(feature = "serde")]
#[derive(Serialize, Deserialize)]
struct ConfigRepr {
    width: u32,
    height: u32,
    players: u32,
    kick_range: u32,
    max_turns: u32,
}

#[cfg(feature = "serde")]
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

#[cfg(feature = "serde")]
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

    /// Checks the configuration: grid `2..=255` on each side, `players` per
    /// team `1..=`[`MAX_PLAYERS_PER_TEAM`], kick range `1..=46`, turn limit at
    /// least 1.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first bad field.
    pub fn validate(&self) -> Result<(), ConfigError> {
        Config::new(self.width.into(), self.height.into(), self.players.into(), self.kick_range.into(), self.max_turns)
            .map(|_| ())
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

    /// Players of all four teams (`4 p`).
    #[inline]
    #[must_use]
    pub const fn total_players(&self) -> usize {
        TEAMS * self.players as usize
    }

    /// Number of cells.
    #[inline]
    #[must_use]
    pub const fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Balls at the start: one on every cell but the four homes.
    #[inline]
    #[must_use]
    pub const fn start_balls(&self) -> u32 {
        self.cells() as u32 - TEAMS as u32
    }

    /// Home cell of `team`: the corners clockwise from the top-left (team 0
    /// at `(0, 0)`, 1 at `(w-1, 0)`, 2 at `(w-1, h-1)`, 3 at `(0, h-1)`).
    ///
    /// # Panics
    /// When `team` is not one of the four teams (`PlayerId(4)` and above):
    /// a seat that does not exist has no home.
    #[inline]
    #[must_use]
    pub const fn home(&self, team: PlayerId) -> Cell {
        let (w, h) = (self.width - 1, self.height - 1);
        match team.0 {
            0 => Cell { x: 0, y: 0 },
            1 => Cell { x: w, y: 0 },
            2 => Cell { x: w, y: h },
            3 => Cell { x: 0, y: h },
            _ => panic!("there are four teams: no home for a seat above 3"),
        }
    }

    /// The team whose home `cell` is, if any.
    #[inline]
    #[must_use]
    pub fn home_owner(&self, cell: Cell) -> Option<PlayerId> {
        TEAM_IDS.into_iter().find(|&t| self.home(t) == cell)
    }

    /// Whether `cell` lies on the grid.
    #[inline]
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        cell.x < self.width && cell.y < self.height
    }

    /// Row-major index of a cell on the grid (`y * width + x`).
    #[inline]
    #[must_use]
    pub const fn index(&self, cell: Cell) -> usize {
        cell.y as usize * self.width as usize + cell.x as usize
    }

    /// The cell of a row-major index (`index < cells()`).
    #[inline]
    #[must_use]
    pub const fn cell(&self, index: usize) -> Cell {
        Cell { x: (index % self.width as usize) as u8, y: (index / self.width as usize) as u8 }
    }

    /// Whether `(dx, dy)` is within kick range: `dx^2 + dy^2 <= k^2` and not
    /// `(0, 0)`.
    #[inline]
    #[must_use]
    pub const fn in_kick_range(&self, dx: i32, dy: i32) -> bool {
        let k = self.kick_range as i32;
        (dx != 0 || dy != 0) && dx * dx + dy * dy <= k * k
    }

    /// The team of a player index (`player / p`).
    #[inline]
    #[must_use]
    pub const fn team_of(&self, player: usize) -> PlayerId {
        PlayerId((player / self.players as usize) as u8)
    }

    /// The index of footballer `i` of `team` (`team * p + i`).
    #[inline]
    #[must_use]
    pub const fn player_index(&self, team: PlayerId, i: u16) -> usize {
        team.0 as usize * self.players as usize + i as usize
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

/// A plain description of a [`ParallelFootball`](crate::ParallelFootball) position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Setup {
    /// The configuration.
    pub config: Config,
    /// Turns played.
    pub turn: u32,
    /// Scores of teams 0..=3.
    pub scores: [u32; TEAMS],
    /// Balls per cell, row-major (`y * width + x`).
    pub balls: Vec<u16>,
    /// Per team, the cells of its footballers placed so far (all `p` once
    /// the placement is over).
    pub players: [Vec<Cell>; TEAMS],
    /// Per team, the orders it has given this turn (empty during placement).
    pub pending: [Vec<Order>; TEAMS],
}
