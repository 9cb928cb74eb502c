//! Built-in reference teams: [`RandomTeam`] and [`GreedyTeam`].

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
use crate::game::{Football, FootballMove};
use crate::order::Order;
use crate::setup::Config;
use game_core::PlayerId;
use game_core::grid::Cell;
use game_core::rng::{GameRng, below, seeded};

/// A team program inside the process: chooses start cells, then each turn
/// one order per footballer.
pub trait Team {
    /// Fills `out` with the start cells of the team's `p` footballers
    /// (`out` arrives empty). Missing or off-grid cells become the team's
    /// home cell (as in the protocol).
    fn place(&mut self, config: &Config, team: PlayerId, out: &mut Vec<Cell>);

    /// Writes the orders of the team's footballers into `out` (length `p`,
    /// prefilled with [`Order::Stay`]); footballer `i` stands on
    /// `field.team_positions(team)[i]`. Illegal orders make the footballer
    /// stay.
    fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]);

    /// The team's whole answer in the game `state` as team `me`: during
    /// placement `p` [`FootballMove::Place`] (from [`Team::place`], missing
    /// cells on the team's home, extra ones dropped), then each turn `p`
    /// [`FootballMove::Order`] (from [`Team::orders`]). This is the closure
    /// [`protocol::run_bot`](crate::protocol::run_bot) takes:
    /// `run_bot(input, output, |state, me, _| team.answer(state, me))`.
    fn answer(&mut self, state: &Football, me: PlayerId) -> Vec<FootballMove> {
        let config = state.config();
        let p = usize::from(config.players);
        if state.in_placement() {
            let mut cells = Vec::with_capacity(p);
            self.place(&config, me, &mut cells);
            cells.resize(p, config.home(me));
            cells.into_iter().map(FootballMove::Place).collect()
        } else {
            let mut orders = vec![Order::Stay; p];
            self.orders(state.field(), me, &mut orders);
            orders.into_iter().map(FootballMove::Order).collect()
        }
    }
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

impl Team for RandomTeam {
    fn place(&mut self, config: &Config, _team: PlayerId, out: &mut Vec<Cell>) {
        for _ in 0..config.players {
            out.push(config.cell(below(&mut self.rng, config.cells())));
        }
    }

    fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]) {
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

impl Team for GreedyTeam {
    fn place(&mut self, config: &Config, team: PlayerId, out: &mut Vec<Cell>) {
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

    fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]) {
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
