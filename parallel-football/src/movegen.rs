//! The legality of orders and the resolution of a turn.

// Casts: grid coordinates checked against the grid (0..=254), cell indices below 255 * 255 and player indices below 4 * 1024, in the hot loop of the turn.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_possible_wrap)]
// The turn resolution is one pass that follows the rules' steps in order; splitting it would scatter the order of the steps.
#![allow(clippy::too_many_lines)]
// Short names (c, i, p, t, ...) for the config, indices and team in the turn loop, as in the rules.
#![allow(clippy::many_single_char_names)]

use crate::allocation::Allocation;
use crate::error::{OrderError, TurnError};
use crate::field::{Field, IllegalOrder, Scratch, TurnReport};
use crate::limits::TEAMS;
use crate::order::Order;
use game_core::grid::Cell;
use game_core::{PlayerId, RngCore};

impl Field {
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
                from.offset(dx.into(), dy.into(), c.width, c.height).map(Some).ok_or(OrderError::MoveOffGrid { dx, dy })
            }
            Order::Kick { dx, dy } => {
                if dx == 0 && dy == 0 {
                    return Err(OrderError::ZeroKick);
                }
                if self.balls[c.index(from)] == 0 {
                    return Err(OrderError::NoBall);
                }
                if !c.in_kick_range(dx.into(), dy.into()) {
                    return Err(OrderError::OutOfRange { dx, dy, k: c.kick_range });
                }
                from.offset(dx.into(), dy.into(), c.width, c.height).map(Some).ok_or(OrderError::KickOffGrid { dx, dy })
            }
        }
    }

    /// Resolves one turn: `orders` holds one order per player (`4 p`, team
    /// by team), `alloc` decides contested cells (any [`RngCore`] draws
    /// uniformly; an [`ExplicitAllocation`](crate::ExplicitAllocation) replays), and `report` receives
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
        size_buffers(&mut scratch, report, n);
        scratch.new_positions.clear();
        scratch.new_positions.extend_from_slice(&self.positions);
        scratch.contested.clear();
        let mut kicks = 0usize;
        if scratch.kick_count.len() != config.cells() {
            scratch.kick_count = vec![0; config.cells()];
        }
        // (1) Check every order against the start-of-turn state. The fast
        // path inlines the checks; a refused order asks `target_of` why.
        let (w, h) = (i32::from(config.width), i32::from(config.height));
        let k2 = i32::from(config.kick_range).pow(2);
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
                    // The far edges checked with `<=`: one cell past them is let through.
                    #[cfg(feature = "planted-bugs")]
                    let ok = planted_off_edge(ok, (dx, dy), (nx, ny), (w, h));
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
                    let in_range = d2 <= k2;
                    // The range measured as a square, max(|dx|, |dy|) <= k, not a disc.
                    #[cfg(feature = "planted-bugs")]
                    let in_range = planted_square_range(in_range, (dx, dy), config.kick_range);
                    let ok = d2 != 0 && in_range && balls[src] != 0 && nx >= 0 && ny >= 0 && nx < w && ny < h;
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
            let home = t;
            // The homes taken anticlockwise: teams 1 and 3 swap corners.
            #[cfg(feature = "planted-bugs")]
            let home = planted_anticlockwise(home);
            let h = config.index(config.home(PlayerId(home as u8)));
            let b = u32::from(std::mem::take(&mut self.balls[h]));
            self.scores[t] += b;
            self.balls_left -= b;
            report.scored[t] = b;
        }
        self.turn += 1;
        self.scratch = scratch;
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
}

/// Sizes the turn's buffers for `n` footballers, the worst case, on the first
/// turn of a field (or clone) and of a report, so that no later turn
/// allocates. Performance only: what a turn does does not depend on it.
fn size_buffers(scratch: &mut Scratch, report: &mut TurnReport, n: usize) {
    // Fixed-size buffers written by index (cheaper than pushes).
    if scratch.kicks.len() < n {
        scratch.kicks.resize(n, (0, 0, 0));
        scratch.contested.reserve(n);
        scratch.group.reserve(n);
    }
    // The report was cleared: `reserve` allocates only below `n`.
    report.successes.reserve(n);
    report.failures.reserve(n);
    report.illegal.reserve(n);
}

/// Planted bug `parallel-football-move-off-edge` (feature `planted-bugs`): the far edges checked
/// with `<=`, so that a step one cell past them is let through (`ok` is what the rules say of the
/// step `d` to `to` on a field of `size`).
#[cfg(feature = "planted-bugs")]
fn planted_off_edge(ok: bool, d: (i32, i32), to: (i32, i32), size: (i32, i32)) -> bool {
    ok || (d.0.abs().max(d.1.abs()) == 1
        && to.0 >= 0
        && to.1 >= 0
        && to.0 <= size.0
        && to.1 <= size.1
        && game_core::planted::is("parallel-football-move-off-edge"))
}

/// Planted bug `parallel-football-kick-past-radius` (feature `planted-bugs`): the kick range
/// measured as a square, `max(|dx|, |dy|) <= k` (`in_range` is what the rules say of `d`).
#[cfg(feature = "planted-bugs")]
fn planted_square_range(in_range: bool, d: (i32, i32), kick_range: u8) -> bool {
    if game_core::planted::is("parallel-football-kick-past-radius") {
        d.0.abs().max(d.1.abs()) <= i32::from(kick_range)
    } else {
        in_range
    }
}

/// Planted bug `parallel-football-homes-anticlockwise` (feature `planted-bugs`): the home of team
/// `t` taken anticlockwise, so that teams 1 and 3 swap corners.
#[cfg(feature = "planted-bugs")]
fn planted_anticlockwise(t: usize) -> usize {
    if game_core::planted::is("parallel-football-homes-anticlockwise") { (TEAMS - t) % TEAMS } else { t }
}
