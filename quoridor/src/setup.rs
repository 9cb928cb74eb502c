//! The configuration ([`Config`]) and the plain serialisable position
//! ([`Setup`]): public data, validated into the opaque [`Quoridor`].

// Player numbers are below 4, so `as u8` is exact; the pawn list has at most
// four bytes, so a plain count is clearer than a byte-counting routine.
#![allow(clippy::cast_possible_truncation, clippy::naive_bytecount)]

use crate::error::{ConfigError, SetupError};
use crate::geometry::by_size;
use crate::movegen::fitting;
use crate::moves::Wall;
use crate::state::{NO_PAWN, Quoridor, Status};
use game_core::grid::Cell;
use game_core::{PlayerId, Zobrist};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The configuration of a game: board side, players, walls, first player and
/// tick limit. [`Config::default`] is the contest's: 9 x 9, 2 players, 20
/// walls, player 0 first, 100 ticks ([`Config::new`] with 4 players: 200
/// ticks, see [`Config::default_tick_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
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
    /// [`Config::default_tick_limit`] (100 with 2 players, 200 with 4).
    ///
    /// ```
    /// use quoridor::{Config, ConfigError};
    /// assert_eq!(Config::new(9, 2), Ok(Config::default()));
    /// assert_eq!(Config::new(9, 3), Err(ConfigError::BadPlayers(3)));
    /// ```
    ///
    /// # Errors
    /// [`ConfigError`] for a size or number of players the game does not
    /// have ([`Config::validate`]).
    pub fn new(size: u8, players: u8) -> Result<Config, ConfigError> {
        let config = Config { size, players, tick_limit: Config::default_tick_limit(players), ..Config::default() };
        config.validate()?;
        Ok(config)
    }

    /// The contest's tick limit for `players`: 200 with 4 players (its only
    /// four-player start state), 100 otherwise (its two-player maps).
    #[must_use]
    pub const fn default_tick_limit(players: u8) -> Option<u32> {
        if players == 4 { Some(200) } else { Some(100) }
    }

    /// Checks the configuration (its fields are public, so a configuration
    /// may be changed after [`Config::new`] checked it).
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
    #[must_use]
    pub fn walls_per_player(&self) -> u8 {
        self.walls / self.players.max(1)
    }

    /// The start cell of `player` (the middle of its side), if it is a seat.
    #[must_use]
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
    #[must_use]
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

/// A plain, serialisable description of a position (configuration included),
/// validated by [`Game::from_setup`](game_core::Game::from_setup).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Setup {
    /// The configuration.
    pub config: Config,
    /// Each player's pawn, `None` for a removed player.
    pub pawns: Vec<Option<Cell>>,
    /// Each player's walls left.
    pub walls_left: Vec<u8>,
    /// The walls on the board (any order; [`Game::to_setup`](game_core::Game::to_setup) lists the
    /// horizontal ones, then the vertical ones, each by row then column).
    pub walls: Vec<Wall>,
    /// Turns played so far (the tick of the turn to come is `tick + 1`).
    pub tick: u32,
    /// The player to move (when the game is over: the player who moved last,
    /// or whose turn was last).
    pub to_move: PlayerId,
}

impl Default for Quoridor {
    /// The contest's default game: 9 x 9, 2 players, 10 walls each, 100 ticks.
    fn default() -> Self {
        Quoridor::start(Config::default())
    }
}

impl Quoridor {
    /// The start position of a configuration. Fallible although
    /// [`Config::new`] validates: the fields of a [`Config`] are public (it
    /// is plain data, as in a [`Setup`]), so it is checked again here.
    ///
    /// # Errors
    /// [`ConfigError`] for an unsupported configuration.
    pub fn new(config: Config) -> Result<Quoridor, ConfigError> {
        config.validate()?;
        Ok(Quoridor::start(config))
    }

    /// The start position of a configuration already validated.
    pub(crate) fn start(config: Config) -> Quoridor {
        let mut s = Quoridor {
            h: 0,
            v: 0,
            hash: 0,
            tick: 0,
            tick_limit: config.tick_limit.unwrap_or(0),
            pawns: [NO_PAWN; 4],
            walls_left: [0; 4],
            m: config.size,
            players: config.players,
            wall_total: config.walls,
            first: config.first_player.0,
            to_move: config.first_player.0,
            status: Status::Running,
        };
        for p in 0..config.players {
            if let Some(c) = config.start_cell(PlayerId(p)) {
                s.pawns[p as usize] = s.index(c);
            }
            s.walls_left[p as usize] = config.walls_per_player();
        }
        s.hash = s.zobrist_from_scratch();
        s
    }

    /// The standard game for `players` (2 or 4) on the default 9 x 9 board
    /// ([`Config::new`]`(9, players)`: 100 ticks with 2 players, 200 with 4).
    ///
    /// # Errors
    /// [`ConfigError::BadPlayers`] unless `players` is 2 or 4.
    pub fn with_players(players: u8) -> Result<Quoridor, ConfigError> {
        Quoridor::new(Config::new(9, players)?)
    }

    /// The configuration of the game.
    #[must_use]
    pub fn config(&self) -> Config {
        Config {
            size: self.m,
            players: self.players,
            walls: self.wall_total,
            first_player: PlayerId(self.first),
            tick_limit: (self.tick_limit != 0).then_some(self.tick_limit),
        }
    }

    /// Whether `cell` is a goal cell of `player`.
    #[must_use]
    pub fn is_goal(&self, player: PlayerId, cell: Cell) -> bool {
        self.config().is_goal(player, cell)
    }
}

/// Checks a [`Setup`] and builds its position (the body of
/// [`Game::from_setup`](game_core::Game::from_setup)).
pub(crate) fn validate(setup: &Setup) -> Result<Quoridor, SetupError> {
    let cfg = setup.config;
    cfg.validate()?;
    let n = cfg.players as usize;
    if setup.pawns.len() != n || setup.walls_left.len() != n {
        return Err(SetupError::PlayerCount {
            players: cfg.players,
            pawns: setup.pawns.len(),
            walls_left: setup.walls_left.len(),
        });
    }
    let mut s = Quoridor::start(cfg);
    s.tick = setup.tick;
    s.to_move = setup.to_move.0;
    for (p, pawn) in setup.pawns.iter().enumerate() {
        match *pawn {
            None => s.pawns[p] = NO_PAWN,
            Some(c) if !s.on_board(c) => return Err(SetupError::PawnOffBoard { player: PlayerId(p as u8) }),
            Some(c) => {
                let i = s.index(c);
                if s.pawns[..p].contains(&i) {
                    return Err(SetupError::SameCell { cell: c });
                }
                s.pawns[p] = i;
            }
        }
    }
    let removed = s.pawns[..n].iter().filter(|&&c| c == NO_PAWN).count();
    if removed != 0 && n == 2 {
        return Err(SetupError::BadRemoval("nobody can be removed in a two-player game"));
    }
    if removed == n {
        return Err(SetupError::BadRemoval("every player is removed"));
    }
    for &w in &setup.walls {
        if w.x > s.m - 2 || w.y > s.m - 2 {
            return Err(SetupError::WallOffBoard { wall: w });
        }
        let b = 1u128 << s.index(Cell::new(w.x, w.y));
        let (fh, fv) = by_size!(s.m, fitting(s.geom(), s.h, s.v));
        if (if w.vertical { fv } else { fh }) & b == 0 {
            return Err(SetupError::WallClash { wall: w });
        }
        if w.vertical {
            s.v |= b;
        } else {
            s.h |= b;
        }
    }
    let share = cfg.walls_per_player();
    let mut used = 0usize;
    for (p, &left) in setup.walls_left.iter().enumerate() {
        if left > share {
            return Err(SetupError::TooManyWallsLeft { player: PlayerId(p as u8), left, share });
        }
        s.walls_left[p] = left;
        used += usize::from(share - left);
    }
    let placed = setup.walls.len();
    if placed != used {
        return Err(SetupError::WallCount { placed, used });
    }
    for p in 0..cfg.players {
        if s.pawns[p as usize] != NO_PAWN && s.distance_to_goal(PlayerId(p)).is_none() {
            return Err(SetupError::NoPath { player: PlayerId(p) });
        }
    }
    let winners = (0..n).filter(|&p| s.pawns[p] != NO_PAWN && s.goal_mask(p) & (s.pawn_bit(p)) != 0);
    if winners.count() > 1 {
        return Err(SetupError::TwoWinners);
    }
    if s.tick_limit != 0 && s.tick > s.tick_limit {
        return Err(SetupError::TickBeyondLimit { tick: s.tick, limit: s.tick_limit });
    }
    if s.to_move as usize >= n {
        return Err(SetupError::BadToMove(setup.to_move));
    }
    s.status = if s.goal_winner().is_some() {
        Status::Goal
    } else if s.tick_limit != 0 && s.tick == s.tick_limit {
        Status::TickLimit
    } else {
        Status::Running
    };
    if s.status == Status::Running {
        if s.pawns[s.to_move as usize] == NO_PAWN {
            return Err(SetupError::BadToMove(setup.to_move));
        }
        if !s.has_move(s.to_move as usize) {
            return Err(SetupError::Stuck(setup.to_move));
        }
    }
    s.hash = s.zobrist_from_scratch();
    Ok(s)
}
