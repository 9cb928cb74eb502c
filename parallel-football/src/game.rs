//! The `game_core::Game` view: a placement phase, then turns of simultaneous
//! orders, each followed by a chance step that allocates contested kicks.

// Casts: team numbers 0..=3 and footballer counts at most MAX_PLAYERS_PER_TEAM (1024), which fit u8 / u16.
#![allow(clippy::cast_possible_truncation)]

use crate::allocation::ExplicitAllocation;
use crate::error::{MoveError, SetupError, TurnError};
use crate::field::{EndReason, Field};
use crate::field::{IllegalOrder, TurnReport};
use crate::geometry::Geometry;
use crate::limits::TEAMS;
use crate::order::Order;
use crate::setup::{Config, FootballSetup};
use game_core::grid::Cell;
use game_core::{Game, Outcome, PlayerId, PlayerSet, RngCore, ToAct};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// One decision of a team in the [`Game`] view: the start cell of its next
/// footballer (placement phase), or the order of its next footballer (turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FootballMove {
    /// Place the team's next footballer on this cell.
    Place(Cell),
    /// The order of the team's next footballer this turn.
    Order(Order),
}

/// The chance value of a turn: the players whose contested kicks succeed
/// (strictly increasing; empty when no cell is contested).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct KickAllocation {
    /// Successful contested kickers (player indices `team * p + i`).
    pub successes: Vec<u16>,
}

/// A game of Parallel Football on the [`Game`] trait (seats are the four
/// teams). See the crate docs for the phases and the outcome.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Football {
    field: Field,
    /// Footballers placed per team (placement phase while any is below p).
    placed: [u16; TEAMS],
    /// Orders given per team this turn.
    given: [u16; TEAMS],
    /// This turn's orders (`Stay` where not given yet).
    pending: Vec<Order>,
}

impl fmt::Debug for Football {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Football")
            .field("field", &self.field)
            .field("placed", &self.placed)
            .field("given", &self.given)
            .field("pending", &self.pending)
            .finish()
    }
}

impl Football {
    /// A new game at the start of the placement phase.
    ///
    /// # Errors
    /// [`SetupError::Config`] when `config` is invalid ([`Config::validate`]).
    pub fn new(config: Config) -> Result<Football, SetupError> {
        config.validate()?;
        let geometry = Arc::new(Geometry::new(config));
        let field = Field::with_geometry(geometry, &vec![Cell::default(); config.total_players()])?;
        Ok(Football {
            field,
            placed: [0; TEAMS],
            given: [0; TEAMS],
            pending: vec![Order::Stay; config.total_players()],
        })
    }

    /// A game past the placement phase, on `field` (no orders given yet).
    #[must_use]
    pub fn from_field(field: Field) -> Football {
        let config = field.config();
        let p = config.players;
        Football { field, placed: [p; TEAMS], given: [0; TEAMS], pending: vec![Order::Stay; config.total_players()] }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> Config {
        self.field.config()
    }

    /// The field (during placement, footballers not placed yet stand on
    /// `(0, 0)`).
    #[must_use]
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// Whether the teams are still placing their footballers.
    #[must_use]
    pub fn in_placement(&self) -> bool {
        let p = self.config().players;
        self.placed.iter().any(|&n| n < p)
    }

    /// The orders given this turn so far (`Stay` where not given yet).
    #[must_use]
    pub fn pending_orders(&self) -> &[Order] {
        &self.pending
    }

    /// Submits a team's whole placement answer (what the arena reads from a
    /// team program): the start cells of its footballers still to place, in
    /// order. A missing or off-grid cell places that footballer on the team's
    /// home instead; the footballers concerned (0-based, within the team)
    /// are returned.
    ///
    /// # Errors
    /// [`MoveError::NotToAct`] / [`MoveError::WrongPhase`] /
    /// [`MoveError::GameOver`] when the team owes no placement (the
    /// state is then unchanged).
    pub fn submit_placements(&mut self, team: PlayerId, cells: &[Cell]) -> Result<Vec<u16>, MoveError> {
        let c = self.config();
        let home = c.home(team);
        self.check_move(team, FootballMove::Place(home))?;
        let t = usize::from(team.0);
        let mut refused = Vec::new();
        let first = self.placed[t];
        for (j, i) in (first..c.players).enumerate() {
            let cell = match cells.get(j) {
                Some(&cell) if c.contains(cell) => cell,
                _ => {
                    refused.push(i);
                    home
                }
            };
            self.play_unchecked(team, FootballMove::Place(cell));
        }
        Ok(refused)
    }

    /// Submits a team's whole turn answer: the orders of its footballers
    /// still to give, in order. As in the turn-level rules, an illegal or
    /// missing order makes that footballer stay; the refused orders are
    /// returned (player indices `team * p + i`).
    ///
    /// # Errors
    /// [`MoveError::NotToAct`] / [`MoveError::WrongPhase`] /
    /// [`MoveError::GameOver`] when the team owes no order (the state is
    /// then unchanged).
    pub fn submit_orders(&mut self, team: PlayerId, orders: &[Order]) -> Result<Vec<IllegalOrder>, MoveError> {
        let c = self.config();
        self.check_move(team, FootballMove::Order(Order::Stay))?;
        let t = usize::from(team.0);
        let mut refused = Vec::new();
        let first = self.given[t];
        for (j, i) in (first..c.players).enumerate() {
            let player = c.player_index(team, i);
            let order = orders.get(j).copied().unwrap_or(Order::Stay);
            let order = match self.field.check_order(player, order) {
                Ok(()) => order,
                Err(reason) => {
                    refused.push(IllegalOrder { player: player as u16, order, reason });
                    Order::Stay
                }
            };
            self.play_unchecked(team, FootballMove::Order(order));
        }
        Ok(refused)
    }

    fn owing(&self) -> PlayerSet {
        let p = self.config().players;
        let counts = if self.in_placement() { &self.placed } else { &self.given };
        (0..TEAMS as u8).filter(|&t| counts[usize::from(t)] < p).map(PlayerId).collect()
    }
}

impl Game for Football {
    type Move = FootballMove;
    type Chance = KickAllocation;
    type Error = MoveError;
    type Setup = FootballSetup;
    type SetupError = SetupError;
    const NAME: &'static str = "parallel-football";

    fn players(&self) -> usize {
        TEAMS
    }

    fn to_act(&self) -> ToAct {
        if self.field.is_over() {
            return ToAct::Over;
        }
        let owing = self.owing();
        if owing.is_empty() { ToAct::Chance } else { ToAct::Simultaneous(owing) }
    }

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<FootballMove>) {
        out.clear();
        if !self.to_act().includes(player) {
            return;
        }
        let c = self.config();
        let t = player;
        if self.in_placement() {
            out.extend((0..c.cells()).map(|i| FootballMove::Place(c.cell(i))));
            return;
        }
        let from = self.field.position(c.player_index(t, self.given[t.index()]));
        out.push(FootballMove::Order(Order::Stay));
        for m in Order::MOVES {
            if self.field.check_order_from(from, m).is_ok() {
                out.push(FootballMove::Order(m));
            }
        }
        out.extend(self.field.kick_targets(from).map(|(dx, dy)| FootballMove::Order(Order::Kick { dx, dy })));
    }

    fn check_move(&self, player: PlayerId, mv: FootballMove) -> Result<(), MoveError> {
        if self.field.is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.to_act().includes(player) {
            return Err(MoveError::NotToAct(player));
        }
        let c = self.config();
        let t = player;
        match (self.in_placement(), mv) {
            (true, FootballMove::Place(cell)) => {
                if c.contains(cell) {
                    Ok(())
                } else {
                    Err(MoveError::PlaceOffGrid { x: cell.x, y: cell.y })
                }
            }
            (false, FootballMove::Order(order)) => {
                let footballer = self.given[t.index()];
                self.field.check_order(c.player_index(t, footballer), order).map_err(|reason| MoveError::IllegalOrder {
                    team: t,
                    footballer,
                    reason,
                })
            }
            (true, FootballMove::Order(_)) => Err(MoveError::WrongPhase("placement")),
            (false, FootballMove::Place(_)) => Err(MoveError::WrongPhase("turn")),
        }
    }

    fn play_unchecked(&mut self, player: PlayerId, mv: FootballMove) {
        let c = self.config();
        let t = player.index();
        match mv {
            FootballMove::Place(cell) => {
                let i = self.placed[t];
                if i < c.players && c.contains(cell) {
                    self.field.set_position(c.player_index(PlayerId(t as u8), i), cell);
                    self.placed[t] += 1;
                }
            }
            FootballMove::Order(order) => {
                let i = self.given[t];
                if i < c.players {
                    self.pending[c.player_index(PlayerId(t as u8), i)] = order;
                    self.given[t] += 1;
                }
            }
        }
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, rng: &mut R) -> Option<KickAllocation> {
        if self.to_act() != ToAct::Chance {
            return None;
        }
        self.field.draw_allocation(&self.pending, rng).ok().map(|successes| KickAllocation { successes })
    }

    fn apply_chance(&mut self, chance: &KickAllocation) -> Result<(), MoveError> {
        if self.field.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.to_act() != ToAct::Chance {
            return Err(MoveError::NoChanceDue);
        }
        let mut alloc = ExplicitAllocation::new(&chance.successes)?;
        let mut report = TurnReport::default();
        match self.field.resolve_turn(&self.pending, &mut alloc, &mut report) {
            Ok(()) => {}
            Err(TurnError::Allocation(e)) => return Err(e.into()),
            Err(TurnError::GameOver) => return Err(MoveError::GameOver),
            Err(TurnError::OrderCount { .. }) => return Err(MoveError::NoChanceDue),
        }
        self.given = [0; TEAMS];
        self.pending.iter_mut().for_each(|o| *o = Order::Stay);
        Ok(())
    }

    /// Scores are the teams' balls; ranks follow the scores, equal scores
    /// share a rank.
    fn outcome(&self) -> Option<Outcome> {
        if !self.field.is_over() {
            return None;
        }
        let s = self.field.scores().map(i64::from);
        Outcome::from_scores(&s).ok()
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.field.end_reason().map(EndReason::as_str)
    }

    fn max_plies(&self) -> Option<u64> {
        let c = self.config();
        let per_turn = c.total_players() as u64 + 1;
        let placements: u64 = self.placed.iter().map(|&n| u64::from(c.players - n)).sum();
        let left = u64::from(c.max_turns - self.field.turn());
        Some(placements + left * per_turn)
    }

    fn to_setup(&self) -> FootballSetup {
        let c = self.config();
        let p = usize::from(c.players);
        let players =
            std::array::from_fn(|t| self.field.positions()[t * p..t * p + usize::from(self.placed[t])].to_vec());
        let pending = std::array::from_fn(|t| self.pending[t * p..t * p + usize::from(self.given[t])].to_vec());
        FootballSetup {
            config: c,
            turn: self.field.turn(),
            scores: self.field.scores(),
            balls: self.field.balls().to_vec(),
            players,
            pending,
        }
    }

    fn from_setup(setup: FootballSetup) -> Result<Football, SetupError> {
        let c = setup.config;
        c.validate()?;
        let p = usize::from(c.players);
        if setup.players.iter().any(|v| v.len() > p) || setup.pending.iter().any(|v| v.len() > p) {
            return Err(SetupError::Inconsistent("more cells or orders than players in a team"));
        }
        let placing = setup.players.iter().any(|v| v.len() < p);
        if placing && setup.turn != 0 {
            return Err(SetupError::Inconsistent("footballers still to place after turn 0"));
        }
        if placing && setup.pending.iter().any(|v| !v.is_empty()) {
            return Err(SetupError::Inconsistent("orders given during the placement"));
        }
        let mut positions = vec![Cell::default(); c.total_players()];
        for (t, cells) in setup.players.iter().enumerate() {
            positions[t * p..t * p + cells.len()].copy_from_slice(cells);
        }
        let field = Field::from_parts(Arc::new(Geometry::new(c)), setup.balls, positions, setup.scores, setup.turn)?;
        if field.is_over() && setup.pending.iter().any(|v| !v.is_empty()) {
            return Err(SetupError::Inconsistent("orders given after the end of the game"));
        }
        let mut pending = vec![Order::Stay; c.total_players()];
        for (t, orders) in setup.pending.iter().enumerate() {
            for (i, &o) in orders.iter().enumerate() {
                let player = t * p + i;
                field.check_order(player, o).map_err(|reason| SetupError::PendingOrder { player, reason })?;
                pending[player] = o;
            }
        }
        Ok(Football {
            field,
            placed: std::array::from_fn(|t| setup.players[t].len() as u16),
            given: std::array::from_fn(|t| setup.pending[t].len() as u16),
            pending,
        })
    }
}

impl fmt::Display for Football {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.in_placement() {
            writeln!(f, "placement: footballers placed per team {:?}", self.placed)?;
        } else if !self.field.is_over() && self.given.iter().any(|&g| g > 0) {
            writeln!(f, "orders given per team this turn {:?}", self.given)?;
        }
        if let Some(r) = self.field.end_reason() {
            writeln!(f, "game over ({})", r.as_str())?;
        }
        write!(f, "{}", self.field)
    }
}

#[cfg(feature = "testing")]
impl game_core::testing::MoveUniverse for Football {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(FootballMove)) {
        let c = self.config();
        for i in 0..c.cells() {
            f(FootballMove::Place(c.cell(i)));
        }
        f(FootballMove::Order(Order::Stay));
        for m in Order::MOVES {
            f(FootballMove::Order(m));
        }
        for &(dx, dy) in self.field.geometry().kick_offsets() {
            f(FootballMove::Order(Order::Kick { dx, dy }));
        }
    }
}
