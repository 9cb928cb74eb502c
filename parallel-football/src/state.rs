//! The state of a game, [`ParallelFootball`]: the field, the placement so
//! far and the orders given in the turn in progress.

// Casts: footballer indices below MAX_PLAYERS_PER_TEAM (1024), which fit u16.
#![allow(clippy::cast_possible_truncation)]

use crate::error::{MoveError, SetupError};
use crate::field::{Field, IllegalOrder};
use crate::geometry::Geometry;
use crate::limits::TEAMS;
use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::Config;
use game_core::grid::Cell;
use game_core::{Game, PlayerId, PlayerSet, SeatError};
use std::fmt;
use std::sync::Arc;

/// A game of Parallel Football on the [`Game`] trait (seats are the four
/// teams). See the crate docs for the phases and the outcome.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ParallelFootball {
    pub(crate) field: Field,
    /// Footballers placed per team (placement phase while any is below p).
    pub(crate) placed: [u16; TEAMS],
    /// Orders given per team this turn.
    pub(crate) given: [u16; TEAMS],
    /// This turn's orders (`Stay` where not given yet).
    pub(crate) pending: Vec<Order>,
}

impl fmt::Debug for ParallelFootball {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParallelFootball")
            .field("field", &self.field)
            .field("placed", &self.placed)
            .field("given", &self.given)
            .field("pending", &self.pending)
            .finish()
    }
}

impl Default for ParallelFootball {
    /// The standard start: the placement phase of [`Config::default`].
    fn default() -> ParallelFootball {
        ParallelFootball::new(Config::default()).expect("the default configuration is valid")
    }
}

impl ParallelFootball {
    /// A new game at the start of the placement phase.
    ///
    /// Fallible, unlike a constructor from a validated configuration:
    /// [`Config`] is plain public data, so a hand-built one may be invalid
    /// and is checked here.
    ///
    /// # Errors
    /// [`SetupError::Config`] when `config` is invalid ([`Config::validate`]).
    pub fn new(config: Config) -> Result<ParallelFootball, SetupError> {
        config.validate()?;
        let geometry = Arc::new(Geometry::new(config));
        let field = Field::with_geometry(geometry, &vec![Cell::default(); config.total_players()])?;
        Ok(ParallelFootball {
            field,
            placed: [0; TEAMS],
            given: [0; TEAMS],
            pending: vec![Order::Stay; config.total_players()],
        })
    }

    /// A game past the placement phase, on `field` (no orders given yet).
    #[must_use]
    pub fn from_field(field: Field) -> ParallelFootball {
        let config = field.config();
        let p = config.players;
        ParallelFootball {
            field,
            placed: [p; TEAMS],
            given: [0; TEAMS],
            pending: vec![Order::Stay; config.total_players()],
        }
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
    /// [`SeatError::NoSuchPlayer`] for a seat above 3;
    /// [`MoveError::NotToAct`] / [`MoveError::WrongPhase`] /
    /// [`SeatError::GameOver`] when the team owes no placement (the
    /// state is then unchanged).
    pub fn submit_placements(&mut self, team: PlayerId, cells: &[Cell]) -> Result<Vec<u16>, MoveError> {
        let c = self.config();
        check_seat(team)?;
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
    /// [`SeatError::NoSuchPlayer`] for a seat above 3;
    /// [`MoveError::NotToAct`] / [`MoveError::WrongPhase`] /
    /// [`SeatError::GameOver`] when the team owes no order (the state is
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

    pub(crate) fn owing(&self) -> PlayerSet {
        let p = self.config().players;
        let counts = if self.in_placement() { &self.placed } else { &self.given };
        (0..TEAMS as u8).filter(|&t| counts[usize::from(t)] < p).map(PlayerId).collect()
    }
}

/// [`SeatError::NoSuchPlayer`] for a seat that is not one of the four teams.
pub(crate) fn check_seat(player: PlayerId) -> Result<(), MoveError> {
    Ok(SeatError::check_exists(player, TEAMS)?)
}
