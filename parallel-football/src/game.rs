//! The `game_core::Game` view: a placement phase, then turns of simultaneous
//! orders, each followed by a chance step that allocates contested kicks.

// Casts: team numbers 0..=3 and footballer counts at most MAX_PLAYERS_PER_TEAM (1024), which fit u8 / u16.
#![allow(clippy::cast_possible_truncation)]

use crate::allocation::{ExplicitAllocation, KickAllocation};
use crate::error::{MoveError, SetupError, TurnError};
use crate::field::TurnReport;
use crate::field::{EndReason, Field};
use crate::geometry::Geometry;
use crate::limits::TEAMS;
use crate::order::{FootballMove, Order};
use crate::setup::Setup;
use crate::state::{ParallelFootball, check_seat};
use game_core::grid::Cell;
use game_core::{Game, Outcome, PlayerId, RngCore, SeatError, ToAct};
use std::sync::Arc;

impl Game for ParallelFootball {
    type Move = FootballMove;
    type Chance = KickAllocation;
    type Error = MoveError;
    type Setup = Setup;
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

    /// A seat above 3 is [`SeatError::NoSuchPlayer`], whatever the state.
    fn check_move(&self, player: PlayerId, mv: FootballMove) -> Result<(), MoveError> {
        check_seat(player)?;
        if self.field.is_over() {
            return Err(SeatError::GameOver.into());
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
        if t >= TEAMS {
            return;
        }
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
            return Err(SeatError::GameOver.into());
        }
        if self.to_act() != ToAct::Chance {
            return Err(MoveError::NoChanceDue);
        }
        let mut alloc = ExplicitAllocation::new(&chance.successes)?;
        let mut report = TurnReport::default();
        match self.field.resolve_turn(&self.pending, &mut alloc, &mut report) {
            Ok(()) => {}
            Err(TurnError::Allocation(e)) => return Err(e.into()),
            Err(TurnError::GameOver) => return Err(SeatError::GameOver.into()),
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

    fn to_setup(&self) -> Setup {
        let c = self.config();
        let p = usize::from(c.players);
        let players =
            std::array::from_fn(|t| self.field.positions()[t * p..t * p + usize::from(self.placed[t])].to_vec());
        let pending = std::array::from_fn(|t| self.pending[t * p..t * p + usize::from(self.given[t])].to_vec());
        Setup {
            config: c,
            turn: self.field.turn(),
            scores: self.field.scores(),
            balls: self.field.balls().to_vec(),
            players,
            pending,
        }
    }

    fn from_setup(setup: Setup) -> Result<ParallelFootball, SetupError> {
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
        Ok(ParallelFootball {
            field,
            placed: std::array::from_fn(|t| setup.players[t].len() as u16),
            given: std::array::from_fn(|t| setup.pending[t].len() as u16),
            pending,
        })
    }
}

#[cfg(feature = "testing")]
/// Every cell to place on, every walk and every kick within the range: a
/// move of any position is one of them.
impl game_core::testing::MoveUniverse for ParallelFootball {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(FootballMove)) {
        let c = self.config();
        for i in 0..c.cells() {
            f(FootballMove::Place(c.cell(i)));
        }
        f(FootballMove::Order(Order::Stay));
        for m in Order::MOVES {
            f(FootballMove::Order(m));
        }
        for &(dx, dy) in self.field().geometry().kick_offsets() {
            f(FootballMove::Order(Order::Kick { dx, dy }));
        }
    }
}
