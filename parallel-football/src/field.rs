//! The field: balls, players, scores, and its queries.

// Casts: team numbers 0..=3, and a ball total checked to fit in u16 before it is narrowed.
#![allow(clippy::cast_possible_truncation)]
// The Debug output shows the state; the scratch buffers of the turn resolution are not part of it.
#![allow(clippy::missing_fields_in_debug)]

use crate::error::{FieldError, OrderError};
use crate::geometry::Geometry;
use crate::limits::TEAMS;
use crate::order::Order;
use crate::setup::Config;
use game_core::PlayerId;
use game_core::grid::Cell;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// An order that was refused in a turn (the player stayed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct IllegalOrder {
    /// Player index (`team * p + i`).
    pub player: u16,
    /// The order given.
    pub order: Order,
    /// Why it was refused.
    pub reason: OrderError,
}

/// What happened in a turn. Reused from turn to turn by
/// [`Field::resolve_turn`] (its vectors keep their capacity).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct TurnReport {
    /// Refused orders, by increasing player index.
    pub illegal: Vec<IllegalOrder>,
    /// Players whose kick from a contested cell succeeded, increasing. With
    /// the orders, this replays the turn without a random generator
    /// ([`ExplicitAllocation`](crate::ExplicitAllocation)).
    pub successes: Vec<u16>,
    /// Players whose kick from a contested cell failed (they stayed), increasing.
    pub failures: Vec<u16>,
    /// Successful kicks this turn.
    pub kicks: u32,
    /// Balls each team scored this turn.
    pub scored: [u32; TEAMS],
}

impl TurnReport {
    /// Empties the report, keeping its capacity.
    pub fn clear(&mut self) {
        self.illegal.clear();
        self.successes.clear();
        self.failures.clear();
        self.kicks = 0;
        self.scored = [0; TEAMS];
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum EndReason {
    /// No ball is left on the grid.
    NoBalls,
    /// The turn limit was reached.
    TurnLimit,
}

impl EndReason {
    /// Kebab-case name (`"no-balls"`, `"turn-limit"`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::NoBalls => "no-balls",
            EndReason::TurnLimit => "turn-limit",
        }
    }
}

/// Reusable buffers of the turn resolution (not part of the state).
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// Legal kicks from each cell this turn (all zero between turns).
    pub(crate) kick_count: Vec<u16>,
    /// Legal kicks: (player, source index, target index), by player (a
    /// prefix of `4 p` slots; the turn keeps the count).
    pub(crate) kicks: Vec<(u16, u32, u32)>,
    /// Positions after the moves.
    pub(crate) new_positions: Vec<Cell>,
    /// Kickers of contested cells: (source index, player).
    pub(crate) contested: Vec<(u32, u16)>,
    /// One contested cell's kickers.
    pub(crate) group: Vec<u16>,
}

/// The state of the field during the turns: balls per cell, every player's
/// cell, scores, turns played. This is the fast core bots and benches use;
/// [`ParallelFootball`](crate::ParallelFootball) wraps it in the `game_core::Game` trait.
///
/// Players are numbered team by team: player `team * p + i` is footballer
/// `i` of `team`.
///
/// ```
/// use parallel_football::{Cell, Config, Field, Order, TurnReport};
/// let config = Config::new(6, 6, 1, 2, 100).unwrap();
/// // One player per team, each on the cell diagonally next to its home.
/// let starts = [Cell::new(1, 1), Cell::new(4, 1), Cell::new(4, 4), Cell::new(1, 4)];
/// let mut field = Field::new(config, &starts).unwrap();
/// let orders = [
///     Order::Kick { dx: -1, dy: -1 }, // into home (0, 0): team 0 scores
///     Order::Kick { dx: 0, dy: 3 },   // out of range (k = 2): refused, stays
///     Order::Move { dx: 1, dy: 1 },
///     Order::Stay,
/// ];
/// let mut report = TurnReport::default();
/// field.resolve_turn(&orders, &mut parallel_football::game_core::rng::seeded(1), &mut report).unwrap();
/// assert_eq!(field.scores(), [1, 0, 0, 0]);
/// assert_eq!(report.illegal.len(), 1);
/// assert_eq!(field.position(2), Cell::new(5, 5));
/// assert_eq!(field.balls_left() + 1, config.start_balls());
/// ```
#[derive(Clone)]
pub struct Field {
    pub(crate) geometry: Arc<Geometry>,
    pub(crate) balls: Vec<u16>,
    pub(crate) positions: Vec<Cell>,
    pub(crate) scores: [u32; TEAMS],
    pub(crate) balls_left: u32,
    pub(crate) turn: u32,
    pub(crate) scratch: Scratch,
}

impl PartialEq for Field {
    fn eq(&self, other: &Self) -> bool {
        self.config() == other.config()
            && self.turn == other.turn
            && self.scores == other.scores
            && self.balls_left == other.balls_left
            && self.positions == other.positions
            && self.balls == other.balls
    }
}

impl Eq for Field {}

/// Hashes what [`PartialEq`] compares (not the shared geometry tables or
/// the scratch space), so equal fields hash alike.
impl std::hash::Hash for Field {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.config().hash(state);
        self.turn.hash(state);
        self.scores.hash(state);
        self.balls_left.hash(state);
        self.positions.hash(state);
        self.balls.hash(state);
    }
}

impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Field")
            .field("config", &self.config())
            .field("turn", &self.turn)
            .field("scores", &self.scores)
            .field("balls_left", &self.balls_left)
            .field("positions", &self.positions)
            .field("balls", &self.balls)
            .finish()
    }
}

impl Field {
    /// The start of a game: a ball on every cell but the homes, no score, and
    /// the players on `starts` (`4 p` cells, team by team; any cell, homes
    /// included, shared or not).
    ///
    /// # Errors
    /// [`FieldError::Config`] for an invalid configuration, [`FieldError`]
    /// when `starts` has the wrong length or a cell is off the grid.
    pub fn new(config: Config, starts: &[Cell]) -> Result<Field, FieldError> {
        config.validate()?;
        Field::with_geometry(Arc::new(Geometry::new(config)), starts)
    }

    /// As [`Field::new`], sharing an already computed [`Geometry`].
    ///
    /// # Errors
    /// As [`Field::new`].
    pub fn with_geometry(geometry: Arc<Geometry>, starts: &[Cell]) -> Result<Field, FieldError> {
        let config = geometry.config();
        let mut balls = vec![1u16; config.cells()];
        for t in 0..TEAMS as u8 {
            balls[config.index(config.home(PlayerId(t)))] = 0;
        }
        Field::from_parts(geometry, balls, starts.to_vec(), [0; TEAMS], 0)
    }

    /// A field from its parts, validated: one ball count per cell
    /// (row-major), none on a home, at most 65,535 in all; no score that the
    /// balls left could take past `u32::MAX`; `4 p` player cells on the
    /// grid; `turn <= max_turns`. Any arrangement of balls is allowed
    /// (puzzles, tests), so the total need not be the start total.
    ///
    /// # Errors
    /// [`FieldError`] naming the first problem.
    pub fn from_parts(
        geometry: Arc<Geometry>,
        balls: Vec<u16>,
        positions: Vec<Cell>,
        scores: [u32; TEAMS],
        turn: u32,
    ) -> Result<Field, FieldError> {
        let config = geometry.config();
        if balls.len() != config.cells() {
            return Err(FieldError::BallCount { expected: config.cells(), got: balls.len() });
        }
        for t in 0..TEAMS as u8 {
            let h = config.home(PlayerId(t));
            if balls[config.index(h)] != 0 {
                return Err(FieldError::BallOnHome { x: h.x, y: h.y });
            }
        }
        let total: u64 = balls.iter().map(|&b| u64::from(b)).sum();
        if total > u64::from(u16::MAX) {
            return Err(FieldError::TooManyBalls(total));
        }
        if let Some((team, &score)) =
            scores.iter().enumerate().find(|(_, s)| u64::from(**s) + total > u64::from(u32::MAX))
        {
            return Err(FieldError::ScoreOverflow { team, score, balls: total });
        }
        if positions.len() != config.total_players() {
            return Err(FieldError::PlayerCount { expected: config.total_players(), got: positions.len() });
        }
        if let Some((player, c)) = positions.iter().enumerate().find(|(_, c)| !config.contains(**c)) {
            return Err(FieldError::PlayerOffGrid { player, x: c.x, y: c.y });
        }
        if turn > config.max_turns {
            return Err(FieldError::TurnPastLimit { turn, max: config.max_turns });
        }
        let scratch = Scratch {
            kick_count: vec![0; config.cells()],
            kicks: Vec::with_capacity(positions.len()),
            new_positions: Vec::with_capacity(positions.len()),
            contested: Vec::new(),
            group: Vec::new(),
        };
        Ok(Field { geometry, balls, positions, scores, balls_left: total as u32, turn, scratch })
    }

    /// The configuration.
    #[inline]
    #[must_use]
    pub fn config(&self) -> Config {
        self.geometry.config()
    }

    /// The shared precomputed geometry (kick disc, routes home).
    #[inline]
    #[must_use]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Turns played so far.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Each team's score.
    #[inline]
    #[must_use]
    pub fn scores(&self) -> [u32; TEAMS] {
        self.scores
    }

    /// Balls still on the grid.
    #[inline]
    #[must_use]
    pub fn balls_left(&self) -> u32 {
        self.balls_left
    }

    /// Balls on every cell, row-major (`y * width + x`).
    #[inline]
    #[must_use]
    pub fn balls(&self) -> &[u16] {
        &self.balls
    }

    /// Balls on `cell` (0 off the grid).
    #[inline]
    #[must_use]
    pub fn balls_at(&self, cell: Cell) -> u16 {
        let c = self.config();
        if c.contains(cell) { self.balls[c.index(cell)] } else { 0 }
    }

    /// Every player's cell, team by team (`team * p + i`).
    #[inline]
    #[must_use]
    pub fn positions(&self) -> &[Cell] {
        &self.positions
    }

    /// The cell of player `player` (index `team * p + i`).
    ///
    /// # Panics
    /// When `player >= 4 p`.
    #[inline]
    #[must_use]
    pub fn position(&self, player: usize) -> Cell {
        self.positions[player]
    }

    /// Puts player `player` on `cell` (placement; both must be valid).
    pub(crate) fn set_position(&mut self, player: usize, cell: Cell) {
        if self.config().contains(cell) {
            if let Some(p) = self.positions.get_mut(player) {
                *p = cell;
            }
        }
    }

    /// The cells of `team`'s players (none for a seat above 3, which is
    /// no team).
    #[must_use]
    pub fn team_positions(&self, team: PlayerId) -> &[Cell] {
        let p = usize::from(self.config().players);
        let t = team.index();
        self.positions.get(t * p..(t + 1) * p).unwrap_or(&[])
    }

    /// The players (indices) standing on `cell`.
    pub fn players_at(&self, cell: Cell) -> impl Iterator<Item = usize> + '_ {
        self.positions.iter().enumerate().filter(move |(_, c)| **c == cell).map(|(i, _)| i)
    }

    /// How many players of each team stand on `cell`.
    #[must_use]
    pub fn team_counts_at(&self, cell: Cell) -> [u32; TEAMS] {
        let mut counts = [0; TEAMS];
        for i in self.players_at(cell) {
            counts[self.config().team_of(i).index()] += 1;
        }
        counts
    }

    /// Whether the game is over: no ball left, or the turn limit reached.
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.end_reason().is_some()
    }

    /// Why the game is over, if it is (no balls wins over the turn limit
    /// when both hold).
    #[inline]
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        let limit_reached = self.turn >= self.config().max_turns;
        // The limit compared with `>`: one turn more is played.
        #[cfg(feature = "planted-bugs")]
        let limit_reached = planted_limit_late(limit_reached, self.turn, self.config().max_turns);
        if self.balls_left == 0 {
            Some(EndReason::NoBalls)
        } else if limit_reached {
            Some(EndReason::TurnLimit)
        } else {
            None
        }
    }

    /// Fewest kicks from `cell` to `team`'s home (see [`Geometry::kicks_to_home`];
    /// `u16::MAX` off the grid or for a seat above 3).
    #[must_use]
    pub fn kicks_to_home(&self, cell: Cell, team: PlayerId) -> u16 {
        self.geometry.kicks_to_home(cell, team)
    }

    /// Squared Euclidean distance from `cell` to `team`'s home (`u32::MAX`
    /// for a seat above 3, which has no home).
    #[must_use]
    pub fn distance2_to_home(&self, cell: Cell, team: PlayerId) -> u32 {
        if team.index() < TEAMS { cell.distance2(self.config().home(team)) } else { u32::MAX }
    }

    /// Legal kick targets from `cell`, as offsets: nothing when the cell has
    /// no ball, otherwise every in-range offset landing on the grid.
    pub fn kick_targets(&self, cell: Cell) -> impl Iterator<Item = (i8, i8)> + '_ {
        let c = self.config();
        let has_ball = self.balls_at(cell) > 0;
        self.geometry
            .kick_offsets()
            .iter()
            .copied()
            .filter(move |&(dx, dy)| has_ball && cell.offset(dx.into(), dy.into(), c.width, c.height).is_some())
    }
}

/// Planted bug `parallel-football-turn-limit-late` (feature `planted-bugs`): the turn limit
/// compared with `>`, so that one more turn is played (`reached` is what the rules say).
#[cfg(feature = "planted-bugs")]
fn planted_limit_late(reached: bool, turn: u32, max_turns: u32) -> bool {
    if game_core::planted::is("parallel-football-turn-limit-late") { turn > max_turns } else { reached }
}
