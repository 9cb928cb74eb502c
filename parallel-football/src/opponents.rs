//! The reference opponents, each a [`Bot`] of [`ParallelFootball`]
//! whose [`turn`](Bot::turn) is the team's whole answer (`p` start cells,
//! then `p` orders each turn): [`RandomTeam`], [`GreedyTeam`] and
//! [`PileTeam`] (the base team of [`FootballSearch`](crate::search::FootballSearch)).
//! Each also has the fast path `place` / `orders`, which writes into
//! buffers the caller keeps.
//!
//! ```
//! use parallel_football::game_core::bot::Bot;
//! use parallel_football::game_core::PlayerId;
//! use parallel_football::{Config, FootballMove, GreedyTeam, ParallelFootball};
//!
//! let state = ParallelFootball::new(Config::new(8, 8, 3, 3, 50).unwrap()).unwrap();
//! let answer = GreedyTeam::new().turn(&state, PlayerId(2));
//! // Three start cells, all in team 2's quarter (bottom right).
//! assert_eq!(answer.len(), 3);
//! assert!(answer.iter().all(|m| matches!(m, FootballMove::Place(c) if c.x >= 4 && c.y >= 4)));
//! ```

// Casts: grid coordinates (0..=254) and distances on a grid of at most 255 x 255.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss
)]
// Short names for grid arithmetic (w, h, n, a, b, x, y).
#![allow(clippy::many_single_char_names)]
// `(1..).find(|n| n * n >= p)` stops at n = p at the latest.
#![allow(clippy::maybe_infinite_iter)]

use crate::field::Field;
use crate::limits::TEAMS;
use crate::order::{FootballMove, Order};
use crate::setup::Config;
use crate::state::ParallelFootball;
use game_core::bot::Bot;
use game_core::grid::Cell;
use game_core::rng::{GameRng, below, seeded};
use game_core::{Game, PlayerId};

/// A team's whole answer (what [`Bot::turn`] returns) from its start cells
/// (`place`) and its orders (`orders`): during placement `p`
/// [`FootballMove::Place`] (missing or off-grid cells on the team's home,
/// extra ones dropped), then each turn `p` [`FootballMove::Order`] (an
/// illegal order as `stay`, as the turn resolution would make it). Empty
/// for a seat above 3, which has no home.
fn answer<T>(
    team: &mut T,
    state: &ParallelFootball,
    me: PlayerId,
    place: fn(&mut T, &Config, PlayerId, &mut Vec<Cell>),
    orders: fn(&mut T, &Field, PlayerId, &mut [Order]),
) -> Vec<FootballMove> {
    if me.index() >= TEAMS {
        return Vec::new();
    }
    let config = state.config();
    if state.in_placement() {
        let mut cells: Vec<Cell> = Vec::new();
        place(team, &config, me, &mut cells);
        let p = usize::from(config.players);
        cells.resize(p, config.home(me));
        cells.into_iter().map(|c| FootballMove::Place(if config.contains(c) { c } else { config.home(me) })).collect()
    } else {
        let mut out = vec![Order::Stay; usize::from(config.players)];
        orders(team, state.field(), me, &mut out);
        // Illegal orders stay, as the turn resolution would make them.
        let mut s = state.clone();
        out.into_iter()
            .map(|o| {
                let mv = if s.check_move(me, FootballMove::Order(o)).is_ok() {
                    FootballMove::Order(o)
                } else {
                    FootballMove::Order(Order::Stay)
                };
                s.play_unchecked(me, mv);
                mv
            })
            .collect()
    }
}

/// [`Bot`] for a team with inherent `place` and `orders` methods: its whole
/// answer through [`answer`], and its first move for `choose`.
macro_rules! team_bot {
    ($team:ty) => {
        impl Bot<ParallelFootball> for $team {
            fn choose(&mut self, state: &ParallelFootball, me: PlayerId) -> Option<FootballMove> {
                self.turn(state, me).first().copied()
            }
            fn turn(&mut self, state: &ParallelFootball, me: PlayerId) -> Vec<FootballMove> {
                answer(self, state, me, <$team>::place, <$team>::orders)
            }
        }
    };
}

/// Start cells, and each turn for each footballer an order drawn uniformly
/// among its legal orders, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomTeam {
    rng: GameRng,
}

impl RandomTeam {
    /// A random team drawing from a generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomTeam {
        RandomTeam { rng: seeded(seed) }
    }
}

impl RandomTeam {
    /// Fills `out` with the start cells of the team's `p` footballers, each
    /// drawn uniformly among the cells.
    pub fn place(&mut self, config: &Config, _team: PlayerId, out: &mut Vec<Cell>) {
        for _ in 0..config.players {
            out.push(config.cell(below(&mut self.rng, config.cells())));
        }
    }

    /// Writes the orders of `team`'s footballers into `out` (length `p`;
    /// footballer `i` stands on `field.team_positions(team)[i]`): for each,
    /// an order drawn uniformly among its legal orders.
    pub fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]) {
        let offsets = field.geometry().kick_offsets();
        for (slot, &from) in out.iter_mut().zip(field.team_positions(team)) {
            let kicks = if field.balls_at(from) > 0 { offsets.len() } else { 0 };
            // Rejection sampling over stay, the 8 moves and the kicks: uniform
            // over the legal orders, and `stay` is always legal.
            *slot = loop {
                let i = below(&mut self.rng, 9 + kicks);
                let order = match i {
                    0 => Order::Stay,
                    1..=8 => Order::MOVES[i - 1],
                    _ => {
                        let (dx, dy) = offsets[i - 9];
                        Order::Kick { dx, dy }
                    }
                };
                if field.check_order_from(from, order).is_ok() {
                    break order;
                }
            };
        }
    }
}

/// The greedy reference team: a footballer on a ball kicks it along a
/// shortest multi-kick route to the team's home (fewest kicks, then the
/// target nearest the home); the others walk to the nearest ball (king
/// moves; ties to the ball with the fewest kicks home, then row-major) not
/// already claimed by a teammate this turn. Players start spread over the
/// team's quarter of the grid.
#[derive(Clone, Debug, Default)]
pub struct GreedyTeam {
    /// Balls already targeted by a teammate this turn, per cell.
    claimed: Vec<u16>,
    /// Cells holding balls (built once per turn when needed).
    ball_cells: Vec<u32>,
    /// Whether `ball_cells` is up to date this turn.
    listed: bool,
}

impl GreedyTeam {
    /// A greedy team.
    #[must_use]
    pub fn new() -> GreedyTeam {
        GreedyTeam::default()
    }

    /// The nearest unclaimed ball from `from` (not `from` itself): fewest
    /// king moves, then fewest kicks home, then row-major. Searches rings
    /// around `from` up to [`RING_LIMIT`], then scans the list of ball cells
    /// (same order of preference, cheaper when balls are scarce).
    fn nearest_ball(&mut self, field: &Field, from: Cell, kicks_home: &[u16]) -> Option<Cell> {
        let c = field.config();
        let (w, h) = (i32::from(c.width), i32::from(c.height));
        let (x0, y0) = (i32::from(from.x), i32::from(from.y));
        let max_r = (x0.max(w - 1 - x0)).max(y0.max(h - 1 - y0));
        let balls = field.balls();
        let claimed = &self.claimed;
        for r in 1..=max_r.min(RING_LIMIT) {
            let mut best: Option<(u16, usize)> = None;
            let mut consider = |x: i32, y: i32| {
                if x < 0 || y < 0 || x >= w || y >= h {
                    return;
                }
                let i = y as usize * w as usize + x as usize;
                if balls[i] > claimed[i] {
                    let key = (kicks_home[i], i);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            };
            for dx in -r..=r {
                consider(x0 + dx, y0 - r);
                consider(x0 + dx, y0 + r);
            }
            for dy in 1 - r..r {
                consider(x0 - r, y0 + dy);
                consider(x0 + r, y0 + dy);
            }
            if let Some((_, i)) = best {
                return Some(c.cell(i));
            }
        }
        if max_r <= RING_LIMIT {
            return None;
        }
        if !self.listed {
            self.ball_cells.clear();
            self.ball_cells.extend(balls.iter().enumerate().filter(|(_, b)| **b > 0).map(|(i, _)| i as u32));
            self.listed = true;
        }
        let mut best: Option<(u32, u16, usize)> = None;
        for &i in &self.ball_cells {
            let i = i as usize;
            if balls[i] > self.claimed[i] {
                let steps = from.steps_to(c.cell(i));
                if steps == 0 {
                    continue;
                }
                let key = (steps, kicks_home[i], i);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
        }
        best.map(|(_, _, i)| c.cell(i))
    }
}

/// Rings searched around a player before scanning the list of ball cells.
const RING_LIMIT: i32 = 4;

impl GreedyTeam {
    /// Fills `out` with the start cells of the team's `p` footballers,
    /// spread over the team's quarter of the grid.
    pub fn place(&mut self, config: &Config, team: PlayerId, out: &mut Vec<Cell>) {
        let p = usize::from(config.players);
        let n = (1..).find(|n| n * n >= p).unwrap_or(1);
        let (w, h) = (usize::from(config.width), usize::from(config.height));
        let (qw, qh) = (w.div_ceil(2), h.div_ceil(2));
        let x0 = if matches!(team.0, 1 | 2) { w - qw } else { 0 };
        let y0 = if team.0 >= 2 { h - qh } else { 0 };
        for i in 0..p {
            let (a, b) = (i % n, i / n);
            let x = (x0 + (2 * a + 1) * qw / (2 * n)).min(w - 1);
            let y = (y0 + (2 * b + 1) * qh / (2 * n)).min(h - 1);
            out.push(Cell::new(x as u8, y as u8));
        }
    }

    /// Writes the orders of `team`'s footballers into `out` (length `p`;
    /// footballer `i` stands on `field.team_positions(team)[i]`): kicks home
    /// for those on a ball, walks to the nearest unclaimed ball for the
    /// others (see [`GreedyTeam`]). Allocates nothing once its buffers have
    /// the field's size.
    pub fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]) {
        let c = field.config();
        self.claimed.clear();
        self.claimed.resize(c.cells(), 0);
        self.listed = false;
        let geometry = field.geometry().clone();
        let kicks_home = geometry.kicks_table(team);
        let positions = field.team_positions(team);
        out.fill(Order::Stay);
        // Footballers on a ball kick it home first.
        for (slot, &from) in out.iter_mut().zip(positions) {
            let i = c.index(from);
            if field.balls()[i] > self.claimed[i] {
                if let Some((dx, dy)) = field.geometry().best_kick_toward_home(from, team) {
                    self.claimed[i] += 1;
                    *slot = Order::Kick { dx, dy };
                }
            }
        }
        // The others walk to the nearest unclaimed ball.
        for (slot, &from) in out.iter_mut().zip(positions) {
            if slot.is_kick() {
                continue;
            }
            *slot = match self.nearest_ball(field, from, kicks_home) {
                Some(to) => {
                    self.claimed[c.index(to)] += 1;
                    let dx = (i32::from(to.x) - i32::from(from.x)).signum() as i8;
                    let dy = (i32::from(to.y) - i32::from(from.y)).signum() as i8;
                    Order::Move { dx, dy }
                }
                None => Order::Stay,
            };
        }
    }
}

/// The most balls of one cell a [`PileTeam`] walker counts as waiting.
pub const PILE_CAP: u16 = 8;

/// The base team of the search: footballers on a ball kick it as the
/// [`GreedyTeam`] does (along a shortest multi-kick route home); each of
/// the others walks towards the ball cell with the smallest steps + kicks
/// home - waiting balls (at most [`PILE_CAP`]), not counting balls already
/// claimed by a teammate this turn (ties row-major).
#[derive(Clone, Debug, Default)]
pub struct PileTeam {
    greedy: GreedyTeam,
    /// Balls targeted by a teammate this turn, per cell.
    claimed: Vec<u16>,
}

impl PileTeam {
    /// A pile team.
    #[must_use]
    pub fn new() -> PileTeam {
        PileTeam::default()
    }

    /// The ball cell walker at `from` heads for (see [`PileTeam`]).
    fn target(&self, field: &Field, from: Cell, kicks_home: &[u16]) -> Option<usize> {
        let c = field.config();
        let mut best: Option<(i64, usize)> = None;
        for (i, (&balls, &claimed)) in field.balls().iter().zip(&self.claimed).enumerate() {
            if balls <= claimed {
                continue;
            }
            let steps = from.steps_to(c.cell(i));
            if steps == 0 {
                continue;
            }
            let waiting = (balls - claimed).min(PILE_CAP);
            let key = i64::from(steps) + i64::from(kicks_home[i]) - i64::from(waiting);
            if best.is_none_or(|b| (key, i) < b) {
                best = Some((key, i));
            }
        }
        best.map(|b| b.1)
    }
}

impl PileTeam {
    /// Fills `out` with the start cells of the team's `p` footballers, as
    /// the [`GreedyTeam`] places them.
    pub fn place(&mut self, config: &Config, team: PlayerId, out: &mut Vec<Cell>) {
        self.greedy.place(config, team, out);
    }

    /// Writes the orders of `team`'s footballers into `out` (length `p`;
    /// footballer `i` stands on `field.team_positions(team)[i]`): see
    /// [`PileTeam`].
    pub fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]) {
        // The greedy team's kicks; its walkers are redirected below.
        self.greedy.orders(field, team, out);
        let c = field.config();
        self.claimed.clear();
        self.claimed.resize(c.cells(), 0);
        let positions = field.team_positions(team);
        for (o, &from) in out.iter().zip(positions) {
            if o.is_kick() {
                self.claimed[c.index(from)] += 1;
            }
        }
        let geometry = field.geometry().clone();
        let kicks_home = geometry.kicks_table(team);
        for (slot, &from) in out.iter_mut().zip(positions) {
            if slot.is_kick() {
                continue;
            }
            *slot = match self.target(field, from, kicks_home) {
                Some(i) => {
                    self.claimed[i] += 1;
                    let to = c.cell(i);
                    let step = |a: u8, b: u8| match b.cmp(&a) {
                        std::cmp::Ordering::Less => -1,
                        std::cmp::Ordering::Equal => 0,
                        std::cmp::Ordering::Greater => 1,
                    };
                    Order::Move { dx: step(from.x, to.x), dy: step(from.y, to.y) }
                }
                None => Order::Stay,
            };
        }
    }
}

team_bot!(RandomTeam);
team_bot!(GreedyTeam);
team_bot!(PileTeam);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use std::sync::Arc;

    #[test]
    fn pile_team_walks_to_a_pile_one_kick_from_home_past_a_nearer_ball() {
        // Team 0's footballer at (12, 12); a ball two steps away (two kicks
        // from home) and 8 balls at (4, 4), one kick from home (0, 0).
        let config = Config::new(32, 32, 1, 10, 300).unwrap();
        let mut balls = vec![0u16; config.cells()];
        balls[config.index(Cell::new(12, 14))] = 1;
        balls[config.index(Cell::new(4, 4))] = 8;
        let positions = vec![Cell::new(12, 12), Cell::new(31, 5), Cell::new(31, 31), Cell::new(0, 20)];
        let field = Field::from_parts(Arc::new(Geometry::new(config)), balls, positions, [0; TEAMS], 0).unwrap();
        let mut greedy = [Order::Stay];
        GreedyTeam::new().orders(&field, PlayerId(0), &mut greedy);
        assert_eq!(greedy, [Order::Move { dx: 0, dy: 1 }], "greedy walks to the nearest ball");
        let mut pile = [Order::Stay];
        PileTeam::new().orders(&field, PlayerId(0), &mut pile);
        assert_eq!(pile, [Order::Move { dx: -1, dy: -1 }]);
    }
}
