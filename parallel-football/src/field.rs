//! The field (balls, players, scores) and the turn resolution.

use crate::config::{Cell, Config, TEAMS};
use crate::geometry::Geometry;
use crate::order::{Order, OrderError};
use game_core::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// Why a turn could not be resolved (the field is then unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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

impl AllocationError {
    /// A stable kebab-case name.
    pub const fn kind(&self) -> &'static str {
        match self {
            AllocationError::NotSorted => "allocation-not-sorted",
            AllocationError::WrongCount { .. } => "allocation-wrong-count",
            AllocationError::NotContested(_) => "allocation-not-contested",
        }
    }
}

impl game_core::GameError for AllocationError {
    fn kind(&self) -> &'static str {
        AllocationError::kind(self)
    }
}

/// Who wins the balls of a contested cell (a cell with more legal kicks
/// than balls).
///
/// Every [`RngCore`] is an allocation: it picks uniformly at random (a
/// partial Fisher-Yates shuffle with [`game_core::rng::below`]).
/// [`ExplicitAllocation`] replays a recorded choice.
pub trait Allocation {
    /// `kickers` (player indices, increasing) all kick from `cell`, which
    /// holds `balls < kickers.len()` balls. Reorders `kickers` so that the
    /// first `balls` are the successful ones.
    ///
    /// # Errors
    /// When the allocation cannot serve this cell.
    fn choose(&mut self, cell: Cell, balls: u16, kickers: &mut [u16]) -> Result<(), AllocationError>;

    /// Called once after the last contested cell of a turn.
    ///
    /// # Errors
    /// When part of the allocation was not used.
    fn finish(&mut self) -> Result<(), AllocationError> {
        Ok(())
    }
}

impl<R: RngCore + ?Sized> Allocation for R {
    #[inline]
    fn choose(&mut self, _cell: Cell, balls: u16, kickers: &mut [u16]) -> Result<(), AllocationError> {
        let n = kickers.len();
        for j in 0..usize::from(balls).min(n) {
            let r = j + game_core::rng::below(self, n - j);
            kickers.swap(j, r);
        }
        Ok(())
    }
}

/// An allocation given explicitly: the players (indices, strictly increasing)
/// whose contested kicks succeed, as recorded in [`TurnReport::successes`].
#[derive(Clone, Copy, Debug)]
pub struct ExplicitAllocation<'a> {
    successes: &'a [u16],
    used: usize,
}

impl<'a> ExplicitAllocation<'a> {
    /// Wraps a list of successful contested kickers.
    ///
    /// # Errors
    /// [`AllocationError::NotSorted`] when the list is not strictly increasing.
    pub fn new(successes: &'a [u16]) -> Result<Self, AllocationError> {
        if successes.windows(2).any(|w| w[0] >= w[1]) {
            return Err(AllocationError::NotSorted);
        }
        Ok(ExplicitAllocation { successes, used: 0 })
    }
}

impl Allocation for ExplicitAllocation<'_> {
    fn choose(&mut self, cell: Cell, balls: u16, kickers: &mut [u16]) -> Result<(), AllocationError> {
        let mut front = 0;
        for i in 0..kickers.len() {
            if self.successes.binary_search(&kickers[i]).is_ok() {
                kickers.swap(front, i);
                front += 1;
            }
        }
        if front != usize::from(balls) {
            return Err(AllocationError::WrongCount { x: cell.x, y: cell.y, balls, listed: front });
        }
        self.used += front;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), AllocationError> {
        if self.used != self.successes.len() {
            return Err(AllocationError::NotContested(self.successes.len() - self.used));
        }
        Ok(())
    }
}

/// An order that was refused in a turn (the player stayed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnReport {
    /// Refused orders, by increasing player index.
    pub illegal: Vec<IllegalOrder>,
    /// Players whose kick from a contested cell succeeded, increasing. With
    /// the orders, this replays the turn without a random generator
    /// ([`ExplicitAllocation`]).
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

/// Why a field description is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
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
    /// A turn number past the turn limit.
    #[error("turn {turn} is past the limit {max}")]
    TurnPastLimit {
        /// Turns played.
        turn: u32,
        /// The limit.
        max: u32,
    },
}

impl game_core::GameError for FieldError {
    fn kind(&self) -> &'static str {
        match self {
            FieldError::PlayerCount { .. } => "player-count",
            FieldError::PlayerOffGrid { .. } => "player-off-grid",
            FieldError::BallCount { .. } => "ball-count",
            FieldError::BallOnHome { .. } => "ball-on-home",
            FieldError::TooManyBalls(_) => "too-many-balls",
            FieldError::TurnPastLimit { .. } => "turn-past-limit",
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// No ball is left on the grid.
    NoBalls,
    /// The turn limit was reached.
    TurnLimit,
}

impl EndReason {
    /// Kebab-case name (`"no-balls"`, `"turn-limit"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::NoBalls => "no-balls",
            EndReason::TurnLimit => "turn-limit",
        }
    }
}

/// Reusable buffers of the turn resolution (not part of the state).
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Legal kicks from each cell this turn (all zero between turns).
    kick_count: Vec<u16>,
    /// Legal kicks: (player, source index, target index), by player (a
    /// prefix of `4 p` slots; the turn keeps the count).
    kicks: Vec<(u16, u32, u32)>,
    /// Positions after the moves.
    new_positions: Vec<Cell>,
    /// Kickers of contested cells: (source index, player).
    contested: Vec<(u32, u16)>,
    /// One contested cell's kickers.
    group: Vec<u16>,
}

/// The state of the field during the turns: balls per cell, every player's
/// cell, scores, turns played. This is the fast core bots and benches use;
/// [`Football`](crate::Football) wraps it in the `game_core::Game` trait.
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
/// field.resolve_turn(&orders, &mut game_core::rng::seeded(1), &mut report).unwrap();
/// assert_eq!(field.scores(), [1, 0, 0, 0]);
/// assert_eq!(report.illegal.len(), 1);
/// assert_eq!(field.position(2), Cell::new(5, 5));
/// assert_eq!(field.balls_left() + 1, config.start_balls());
/// ```
#[derive(Clone)]
pub struct Field {
    geometry: Arc<Geometry>,
    balls: Vec<u16>,
    positions: Vec<Cell>,
    scores: [u32; TEAMS],
    balls_left: u32,
    turn: u32,
    scratch: Scratch,
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
    /// [`FieldError`] when `starts` has the wrong length or a cell is off the grid.
    pub fn new(config: Config, starts: &[Cell]) -> Result<Field, FieldError> {
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
            balls[config.index(config.home(t))] = 0;
        }
        Field::from_parts(geometry, balls, starts.to_vec(), [0; TEAMS], 0)
    }

    /// A field from its parts, validated: one ball count per cell
    /// (row-major), none on a home, at most 65,535 in all; `4 p` player cells
    /// on the grid; `turn <= max_turns`. Any arrangement of balls is allowed
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
            let h = config.home(t);
            if balls[config.index(h)] != 0 {
                return Err(FieldError::BallOnHome { x: h.x, y: h.y });
            }
        }
        let total: u64 = balls.iter().map(|&b| u64::from(b)).sum();
        if total > u64::from(u16::MAX) {
            return Err(FieldError::TooManyBalls(total));
        }
        if positions.len() != config.total_players() {
            return Err(FieldError::PlayerCount { expected: config.total_players(), got: positions.len() });
        }
        if let Some((player, c)) = positions.iter().enumerate().find(|(_, c)| !config.contains(**c)) {
            return Err(FieldError::PlayerOffGrid { player, x: c.x, y: c.y });
        }
        if turn > config.max_turns() {
            return Err(FieldError::TurnPastLimit { turn, max: config.max_turns() });
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
    pub fn config(&self) -> Config {
        self.geometry.config()
    }

    /// The shared precomputed geometry (kick disc, routes home).
    #[inline]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Turns played so far.
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Each team's score.
    #[inline]
    pub fn scores(&self) -> [u32; TEAMS] {
        self.scores
    }

    /// Balls still on the grid.
    #[inline]
    pub fn balls_left(&self) -> u32 {
        self.balls_left
    }

    /// Balls on every cell, row-major (`y * width + x`).
    #[inline]
    pub fn balls(&self) -> &[u16] {
        &self.balls
    }

    /// Balls on `cell` (0 off the grid).
    #[inline]
    pub fn balls_at(&self, cell: Cell) -> u16 {
        let c = self.config();
        if c.contains(cell) { self.balls[c.index(cell)] } else { 0 }
    }

    /// Every player's cell, team by team (`team * p + i`).
    #[inline]
    pub fn positions(&self) -> &[Cell] {
        &self.positions
    }

    /// The cell of player `player` (index `team * p + i`).
    ///
    /// # Panics
    /// When `player >= 4 p`.
    #[inline]
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

    /// The cells of `team`'s players.
    pub fn team_positions(&self, team: u8) -> &[Cell] {
        let p = usize::from(self.config().players());
        let t = usize::from(team % 4);
        &self.positions[t * p..(t + 1) * p]
    }

    /// The players (indices) standing on `cell`.
    pub fn players_at(&self, cell: Cell) -> impl Iterator<Item = usize> + '_ {
        self.positions.iter().enumerate().filter(move |(_, c)| **c == cell).map(|(i, _)| i)
    }

    /// How many players of each team stand on `cell`.
    pub fn team_counts_at(&self, cell: Cell) -> [u32; TEAMS] {
        let mut counts = [0; TEAMS];
        for i in self.players_at(cell) {
            counts[usize::from(self.config().team_of(i))] += 1;
        }
        counts
    }

    /// Whether the game is over: no ball left, or the turn limit reached.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.end_reason().is_some()
    }

    /// Why the game is over, if it is (no balls wins over the turn limit
    /// when both hold).
    #[inline]
    pub fn end_reason(&self) -> Option<EndReason> {
        if self.balls_left == 0 {
            Some(EndReason::NoBalls)
        } else if self.turn >= self.config().max_turns() {
            Some(EndReason::TurnLimit)
        } else {
            None
        }
    }

    /// Fewest kicks from `cell` to `team`'s home (see [`Geometry::kicks_to_home`]).
    pub fn kicks_to_home(&self, cell: Cell, team: u8) -> u16 {
        self.geometry.kicks_to_home(cell, team)
    }

    /// Squared Euclidean distance from `cell` to `team`'s home.
    pub fn distance2_to_home(&self, cell: Cell, team: u8) -> u32 {
        cell.distance2(self.config().home(team))
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
            .filter(move |&(dx, dy)| has_ball && cell.offset(dx.into(), dy.into(), c.width(), c.height()).is_some())
    }

    /// Checks `order` for a player standing on `from`, against the current
    /// balls.
    ///
    /// # Errors
    /// The [`OrderError`] reason.
    #[inline]
    pub fn check_order_from(&self, from: Cell, order: Order) -> Result<(), OrderError> {
        self.target_of(from, order).map(|_| ())
    }

    /// Checks the order of player `player` (index) against the current state.
    ///
    /// # Errors
    /// The [`OrderError`] reason.
    ///
    /// # Panics
    /// When `player >= 4 p`.
    #[inline]
    pub fn check_order(&self, player: usize, order: Order) -> Result<(), OrderError> {
        self.check_order_from(self.positions[player], order)
    }

    /// Where the order leads: `Stay` -> None, move -> new cell, kick -> target.
    #[inline]
    fn target_of(&self, from: Cell, order: Order) -> Result<Option<Cell>, OrderError> {
        let c = self.config();
        match order {
            Order::Stay => Ok(None),
            Order::Move { dx, dy } => {
                if dx.unsigned_abs().max(dy.unsigned_abs()) != 1 {
                    return Err(OrderError::NotOneStep { dx, dy });
                }
                from.offset(dx.into(), dy.into(), c.width(), c.height())
                    .map(Some)
                    .ok_or(OrderError::MoveOffGrid { dx, dy })
            }
            Order::Kick { dx, dy } => {
                if dx == 0 && dy == 0 {
                    return Err(OrderError::ZeroKick);
                }
                if self.balls[c.index(from)] == 0 {
                    return Err(OrderError::NoBall);
                }
                if !c.in_kick_range(dx.into(), dy.into()) {
                    return Err(OrderError::OutOfRange { dx, dy, k: c.kick_range() });
                }
                from.offset(dx.into(), dy.into(), c.width(), c.height())
                    .map(Some)
                    .ok_or(OrderError::KickOffGrid { dx, dy })
            }
        }
    }

    /// Resolves one turn: `orders` holds one order per player (`4 p`, team
    /// by team), `alloc` decides contested cells (any [`RngCore`] draws
    /// uniformly; an [`ExplicitAllocation`] replays), and `report` receives
    /// what happened (cleared first; reused to avoid allocation).
    ///
    /// The rules' order: (1) every order is checked against the state at the
    /// start of the turn, an illegal one makes that player stay and is
    /// reported; (2) on a cell with more legal kicks than balls exactly
    /// `balls` kicks succeed, chosen by `alloc` (cells in row-major order,
    /// kickers by increasing index); (3) kicked balls leave, players move,
    /// kicked balls land (a ball that lands cannot be kicked before the next
    /// turn); (4) balls on a home cell score for its owner; (5) the turn
    /// counter advances.
    ///
    /// No heap allocation happens once the field's buffers and `report` have
    /// grown to the turn's size.
    ///
    /// # Errors
    /// [`TurnError`] (game over, wrong number of orders, a refused explicit
    /// allocation); the field is then unchanged.
    pub fn resolve_turn<A: Allocation + ?Sized>(
        &mut self,
        orders: &[Order],
        alloc: &mut A,
        report: &mut TurnReport,
    ) -> Result<(), TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        if orders.len() != self.positions.len() {
            return Err(TurnError::OrderCount { expected: self.positions.len(), got: orders.len() });
        }
        report.clear();
        let config = self.config();
        let mut scratch = std::mem::take(&mut self.scratch);
        let n = self.positions.len();
        // Fixed-size buffers written by index (cheaper than pushes).
        if scratch.kicks.len() < n {
            // First turn (of this field or clone): size every buffer for the
            // worst case, so no later turn allocates.
            scratch.kicks.resize(n, (0, 0, 0));
            scratch.contested.reserve(n);
            scratch.group.reserve(n);
        }
        for v in [&mut report.successes, &mut report.failures] {
            if v.capacity() < n {
                v.reserve(n);
            }
        }
        if report.illegal.capacity() < n {
            report.illegal.reserve(n);
        }
        scratch.new_positions.clear();
        scratch.new_positions.extend_from_slice(&self.positions);
        scratch.contested.clear();
        let mut kicks = 0usize;
        if scratch.kick_count.len() != config.cells() {
            scratch.kick_count = vec![0; config.cells()];
        }
        // (1) Check every order against the start-of-turn state. The fast
        // path inlines the checks; a refused order asks `target_of` why.
        let (w, h) = (i32::from(config.width()), i32::from(config.height()));
        let k2 = i32::from(config.kick_range()).pow(2);
        // Plain slices keep pointers and lengths in registers.
        let balls = &self.balls[..];
        let positions = &self.positions[..];
        let kick_count = &mut scratch.kick_count[..];
        let kick_list = &mut scratch.kicks[..n];
        let new_positions = &mut scratch.new_positions[..n];
        for (i, (&from, &order)) in positions.iter().zip(orders).enumerate() {
            let (x, y) = (i32::from(from.x), i32::from(from.y));
            let ok = match order {
                Order::Stay => true,
                Order::Move { dx, dy } => {
                    let (dx, dy) = (i32::from(dx), i32::from(dy));
                    let (nx, ny) = (x + dx, y + dy);
                    let ok = dx.abs().max(dy.abs()) == 1 && nx >= 0 && ny >= 0 && nx < w && ny < h;
                    if ok {
                        new_positions[i] = Cell { x: nx as u8, y: ny as u8 };
                    }
                    ok
                }
                Order::Kick { dx, dy } => {
                    let (dx, dy) = (i32::from(dx), i32::from(dy));
                    let (nx, ny) = (x + dx, y + dy);
                    let src = (y * w + x) as usize;
                    let d2 = dx * dx + dy * dy;
                    let ok = d2 != 0 && d2 <= k2 && balls[src] != 0 && nx >= 0 && ny >= 0 && nx < w && ny < h;
                    if ok {
                        kick_count[src] += 1;
                        kick_list[kicks] = (i as u16, src as u32, (ny * w + nx) as u32);
                        kicks += 1;
                    }
                    ok
                }
            };
            if !ok {
                if let Err(reason) = self.target_of(from, order) {
                    report.illegal.push(IllegalOrder { player: i as u16, order, reason });
                }
            }
        }
        // (2) Contested cells.
        for &(player, src, _) in &scratch.kicks[..kicks] {
            if scratch.kick_count[src as usize] > balls[src as usize] {
                scratch.contested.push((src, player));
            }
        }
        if !scratch.contested.is_empty() {
            if let Err(e) = self.allocate(&mut scratch, alloc, report) {
                for &(_, src, _) in &scratch.kicks[..kicks] {
                    scratch.kick_count[src as usize] = 0;
                }
                self.scratch = scratch;
                report.clear();
                return Err(e.into());
            }
        } else if let Err(e) = alloc.finish() {
            for &(_, src, _) in &scratch.kicks[..kicks] {
                scratch.kick_count[src as usize] = 0;
            }
            self.scratch = scratch;
            report.clear();
            return Err(e.into());
        }
        // (3) Balls leave, players move, balls land. A cell never loses more
        // balls than it held, so the three steps can share one pass.
        let mut failed = report.failures.iter().peekable();
        let kick_count = &mut scratch.kick_count[..];
        let balls = &mut self.balls[..];
        let mut done = 0;
        for &(player, src, dst) in &scratch.kicks[..kicks] {
            kick_count[src as usize] = 0;
            if failed.peek() == Some(&&player) {
                failed.next();
                continue;
            }
            balls[src as usize] -= 1;
            balls[dst as usize] += 1;
            done += 1;
        }
        report.kicks = done;
        std::mem::swap(&mut self.positions, &mut scratch.new_positions);
        // (4) Homes score for their owners.
        for t in 0..TEAMS {
            let h = config.index(config.home(t as u8));
            let b = u32::from(std::mem::take(&mut self.balls[h]));
            self.scores[t] += b;
            self.balls_left -= b;
            report.scored[t] = b;
        }
        self.turn += 1;
        self.scratch = scratch;
        Ok(())
    }

    /// Step (2) on the contested kickers: fills `report.successes` and
    /// `report.failures`.
    fn allocate<A: Allocation + ?Sized>(
        &self,
        scratch: &mut Scratch,
        alloc: &mut A,
        report: &mut TurnReport,
    ) -> Result<(), AllocationError> {
        let config = self.config();
        scratch.contested.sort_unstable();
        let mut start = 0;
        while start < scratch.contested.len() {
            let src = scratch.contested[start].0;
            let mut end = start;
            scratch.group.clear();
            while end < scratch.contested.len() && scratch.contested[end].0 == src {
                scratch.group.push(scratch.contested[end].1);
                end += 1;
            }
            let balls = self.balls[src as usize];
            alloc.choose(config.cell(src as usize), balls, &mut scratch.group)?;
            let (won, lost) = scratch.group.split_at(usize::from(balls).min(scratch.group.len()));
            report.successes.extend_from_slice(won);
            report.failures.extend_from_slice(lost);
            start = end;
        }
        alloc.finish()?;
        report.successes.sort_unstable();
        report.failures.sort_unstable();
        Ok(())
    }

    /// Resolves one turn with a fresh report (allocates; the fast path is
    /// [`Field::resolve_turn`]).
    ///
    /// # Errors
    /// As [`Field::resolve_turn`].
    pub fn play_turn<A: Allocation + ?Sized>(
        &mut self,
        orders: &[Order],
        alloc: &mut A,
    ) -> Result<TurnReport, TurnError> {
        let mut report = TurnReport::default();
        self.resolve_turn(orders, alloc, &mut report)?;
        Ok(report)
    }

    /// The contested kickers of a turn with these orders, without resolving
    /// it: `(cell, balls, kickers)` for every cell with more legal kicks than
    /// balls, cells in row-major order, kickers increasing.
    ///
    /// # Errors
    /// [`TurnError::OrderCount`] when `orders` does not have `4 p` entries.
    pub fn contests(&self, orders: &[Order]) -> Result<Vec<(Cell, u16, Vec<u16>)>, TurnError> {
        if orders.len() != self.positions.len() {
            return Err(TurnError::OrderCount { expected: self.positions.len(), got: orders.len() });
        }
        let config = self.config();
        let mut kickers: Vec<(usize, u16)> = Vec::new();
        for (i, (&from, &order)) in self.positions.iter().zip(orders).enumerate() {
            if order.is_kick() && self.target_of(from, order).is_ok() {
                kickers.push((config.index(from), i as u16));
            }
        }
        kickers.sort_unstable();
        let mut out: Vec<(Cell, u16, Vec<u16>)> = Vec::new();
        for chunk in kickers.chunk_by(|a, b| a.0 == b.0) {
            let balls = self.balls[chunk[0].0];
            if chunk.len() > usize::from(balls) {
                out.push((config.cell(chunk[0].0), balls, chunk.iter().map(|k| k.1).collect()));
            }
        }
        Ok(out)
    }

    /// Draws the successful contested kicks of a turn with these orders, as
    /// [`Field::resolve_turn`] would with the same generator, without
    /// resolving the turn (strictly increasing player indices).
    ///
    /// # Errors
    /// [`TurnError::OrderCount`] when `orders` does not have `4 p` entries.
    pub fn draw_allocation<R: RngCore + ?Sized>(&self, orders: &[Order], rng: &mut R) -> Result<Vec<u16>, TurnError> {
        let mut successes = Vec::new();
        for (cell, balls, mut kickers) in self.contests(orders)? {
            rng.choose(cell, balls, &mut kickers)?;
            successes.extend_from_slice(&kickers[..usize::from(balls)]);
        }
        successes.sort_unstable();
        Ok(successes)
    }

    /// A multi-line text picture of the field: a summary line, then one row
    /// per grid row. Cells: `A`-`D` a player of team 0-3 (`*` players of
    /// several teams), `#` an empty home, `.` an empty cell, `1`-`9` that
    /// many balls, `+` ten or more.
    pub fn picture(&self) -> String {
        self.to_string()
    }

    /// The one-line summary (the first line of the picture): turn, balls
    /// left, scores, configuration.
    pub fn summary(&self) -> String {
        let c = self.config();
        let s = self.scores;
        format!(
            "turn {}/{}  balls left {}  scores {} {} {} {}  ({c})",
            self.turn,
            c.max_turns(),
            self.balls_left,
            s[0],
            s[1],
            s[2],
            s[3]
        )
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.config();
        writeln!(f, "{}", self.summary())?;
        // Bit t of occupancy[cell]: a player of team t is there.
        let mut occupancy = vec![0u8; c.cells()];
        for (i, &p) in self.positions.iter().enumerate() {
            occupancy[c.index(p)] |= 1 << c.team_of(i);
        }
        let mut line = String::with_capacity(usize::from(c.width()) + 1);
        for y in 0..c.height() {
            line.clear();
            for x in 0..c.width() {
                let cell = Cell::new(x, y);
                let i = c.index(cell);
                let ch = match occupancy[i] {
                    0 => match (c.home_owner(cell), self.balls[i]) {
                        (Some(_), _) => '#',
                        (None, 0) => '.',
                        (None, b @ 1..=9) => char::from(b'0' + b as u8),
                        _ => '+',
                    },
                    o if o.count_ones() == 1 => char::from(b'A' + o.trailing_zeros() as u8),
                    _ => '*',
                };
                line.push(ch);
            }
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}
