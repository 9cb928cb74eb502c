//! The plain reference model of Parallel Football, written straight from
//! the rules' five resolution steps ([`crate::rules`]): no geometry tables,
//! no scratch buffers, no incremental counts — every question is answered
//! by looking at the plain [`Setup`] again. It is slow and meant to
//! be obviously correct; [`check`] and [`check_turn`] compare the fast code
//! with it.
//!
//! * [`order_error`] is step 1 (is an order legal, and why not);
//!   [`legal_orders`], [`legal_moves`] and [`to_act`] list what a seat may do.
//! * [`contests`] is step 2 (which cells have more legal kicks than balls).
//! * [`resolve`] is a whole turn (steps 1 to 5) with the contested kicks
//!   decided by an explicit list of successful kickers, as a game record
//!   replays them; [`allocations`] lists every such list.
//! * [`perft`] counts decision sequences as `game_core::perft` does, with
//!   the model's own move lists.
//!
//! ```
//! use parallel_football::testing::reference;
//! use parallel_football::{Cell, Config, Field, Order};
//!
//! let config = Config::new(5, 5, 1, 3, 10).unwrap();
//! // Three teams on the ball of (2, 2), all kicking it; team 3 moves.
//! let field = Field::new(config, &[Cell::new(2, 2), Cell::new(2, 2), Cell::new(2, 2), Cell::new(3, 3)]).unwrap();
//! let orders = [Order::Kick { dx: -2, dy: 0 }, Order::Kick { dx: 2, dy: -2 }, Order::Kick { dx: 0, dy: 2 }, Order::Move { dx: 1, dy: 1 }];
//! let setup = reference::setup_of(&field);
//! let contests = reference::contests(&setup, &orders).unwrap();
//! assert_eq!((contests.len(), contests[0].balls, contests[0].kickers.len()), (1, 1, 3));
//! // One ball, three kickers: three ways to resolve the turn.
//! assert_eq!(reference::allocations(&contests, 100).len(), 3);
//! // Team 1's kick wins and lands on its home (4, 0): a goal.
//! let done = reference::resolve(&setup, &orders, &[1]).unwrap();
//! assert_eq!(done.after.scores, [0, 1, 0, 0]);
//! assert_eq!(done.report.failures, [0, 2]);
//! // The one-call differential check of the fast resolution on this turn.
//! reference::check_turn(&field, &orders).unwrap();
//! ```

// Casts: player indices below 4 * 1024 and ball totals below 65,536, as the
// setup guarantees.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_possible_wrap)]

mod check;

pub use check::{check, check_turn};

use crate::error::{AllocationError, OrderError};
use crate::field::{EndReason, Field, IllegalOrder, TurnReport};
use crate::limits::{TEAM_IDS, TEAMS};
use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::{Config, Setup};
use crate::state::ParallelFootball;
use game_core::grid::Cell;
use game_core::{Game, PlayerId, PlayerSet, ToAct};

pub use crate::error::ReferenceError;

/// A contested cell of a turn (step 2): more legal kicks than balls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestedCell {
    /// The cell.
    pub cell: Cell,
    /// Balls on it at the start of the turn (at least 1: a kick needs a ball).
    pub balls: u16,
    /// Footballers kicking from it with a legal kick (player indices, increasing).
    pub kickers: Vec<u16>,
}

/// A turn resolved by [`resolve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The position after the turn (no pending orders).
    pub after: Setup,
    /// What happened, in the fast code's report format.
    pub report: TurnReport,
}

/// The plain description of a field (all footballers placed, no pending
/// order): the reference model's view of it.
#[must_use]
pub fn setup_of(field: &Field) -> Setup {
    let c = field.config();
    let p = usize::from(c.players);
    Setup {
        config: c,
        turn: field.turn(),
        scores: field.scores(),
        balls: field.balls().to_vec(),
        players: std::array::from_fn(|t| field.positions()[t * p..(t + 1) * p].to_vec()),
        pending: Default::default(),
    }
}

/// Balls on `cell` (0 off the grid).
fn balls_at(setup: &Setup, cell: Cell) -> u32 {
    let c = setup.config;
    if cell.x < c.width && cell.y < c.height {
        let i = usize::from(cell.y) * usize::from(c.width) + usize::from(cell.x);
        setup.balls.get(i).map_or(0, |&b| u32::from(b))
    } else {
        0
    }
}

/// `from + (dx, dy)` when it is on the grid.
fn step(config: &Config, from: Cell, dx: i8, dy: i8) -> Option<Cell> {
    let x = i32::from(from.x) + i32::from(dx);
    let y = i32::from(from.y) + i32::from(dy);
    let on = x >= 0 && y >= 0 && x < i32::from(config.width) && y < i32::from(config.height);
    on.then(|| Cell::new(x as u8, y as u8))
}

/// The home of each team: the corners clockwise from the top-left.
fn homes(config: &Config) -> [Cell; TEAMS] {
    let (r, b) = (config.width - 1, config.height - 1);
    [Cell::new(0, 0), Cell::new(r, 0), Cell::new(r, b), Cell::new(0, b)]
}

/// Step 1 for one order of a footballer on `from`: `None` when it is legal,
/// otherwise the first failing reason (a move: not one step, off the grid;
/// a kick: zero kick, no ball, out of range, off the grid).
#[must_use]
pub fn order_error(setup: &Setup, from: Cell, order: Order) -> Option<OrderError> {
    let c = setup.config;
    match order {
        Order::Stay => None,
        Order::Move { dx, dy } => {
            if i32::from(dx).abs().max(i32::from(dy).abs()) != 1 {
                Some(OrderError::NotOneStep { dx, dy })
            } else if step(&c, from, dx, dy).is_none() {
                Some(OrderError::MoveOffGrid { dx, dy })
            } else {
                None
            }
        }
        Order::Kick { dx, dy } => {
            let (a, b, k) = (i32::from(dx), i32::from(dy), i32::from(c.kick_range));
            if a == 0 && b == 0 {
                Some(OrderError::ZeroKick)
            } else if balls_at(setup, from) == 0 {
                Some(OrderError::NoBall)
            } else if a * a + b * b > k * k {
                Some(OrderError::OutOfRange { dx, dy, k: c.kick_range })
            } else if step(&c, from, dx, dy).is_none() {
                Some(OrderError::KickOffGrid { dx, dy })
            } else {
                None
            }
        }
    }
}

/// Every legal order of a footballer on `from`: stay, the one-cell moves on
/// the grid, and (on a ball) every kick of the disc landing on the grid.
#[must_use]
pub fn legal_orders(setup: &Setup, from: Cell) -> Vec<Order> {
    let k = setup.config.kick_range as i8;
    let mut out = vec![Order::Stay];
    for dy in -1..=1 {
        for dx in -1..=1 {
            out.push(Order::Move { dx, dy });
        }
    }
    for dy in -k..=k {
        for dx in -k..=k {
            out.push(Order::Kick { dx, dy });
        }
    }
    out.retain(|&o| order_error(setup, from, o).is_none());
    out
}

/// Why the game is over, if it is (step 5): no ball left, or the turn limit.
#[must_use]
pub fn end_reason(setup: &Setup) -> Option<EndReason> {
    if setup.balls.iter().all(|&b| b == 0) {
        Some(EndReason::NoBalls)
    } else if setup.turn >= setup.config.max_turns {
        Some(EndReason::TurnLimit)
    } else {
        None
    }
}

/// Whether every team has placed all its footballers.
fn placed(setup: &Setup) -> bool {
    setup.players.iter().all(|v| v.len() == usize::from(setup.config.players))
}

/// Who acts (on a valid setup): nobody when the game is over; during the
/// placement the teams with footballers to place; then the teams owing
/// orders this turn, or the chance step once every order is in.
#[must_use]
pub fn to_act(setup: &Setup) -> ToAct {
    if end_reason(setup).is_some() {
        return ToAct::Over;
    }
    let p = usize::from(setup.config.players);
    let owing: PlayerSet = if placed(setup) {
        TEAM_IDS.into_iter().filter(|t| setup.pending[t.index()].len() < p).collect()
    } else {
        TEAM_IDS.into_iter().filter(|t| setup.players[t.index()].len() < p).collect()
    };
    if owing.is_empty() { ToAct::Chance } else { ToAct::Simultaneous(owing) }
}

/// The legal moves of `seat` in the `Game` view: nothing for a seat that
/// does not owe a move; a placement on any cell; else the legal orders of
/// the team's next footballer.
#[must_use]
pub fn legal_moves(setup: &Setup, seat: PlayerId) -> Vec<FootballMove> {
    if !to_act(setup).includes(seat) {
        return Vec::new();
    }
    let c = setup.config;
    if !placed(setup) {
        let mut out = Vec::new();
        for y in 0..c.height {
            for x in 0..c.width {
                out.push(FootballMove::Place(Cell::new(x, y)));
            }
        }
        return out;
    }
    let t = seat.index();
    let Some(&from) = setup.players[t].get(setup.pending[t].len()) else {
        return Vec::new();
    };
    legal_orders(setup, from).into_iter().map(FootballMove::Order).collect()
}

/// The cell of player `i` (`team * p + footballer`).
fn position(setup: &Setup, i: usize) -> Cell {
    let p = usize::from(setup.config.players);
    setup.players[i / p][i % p]
}

/// Step 2's question: every cell (row-major) where more footballers kick
/// legally than it holds balls, with its kickers.
///
/// # Errors
/// [`ReferenceError::Setup`], [`ReferenceError::Placement`] or
/// [`ReferenceError::OrderCount`].
pub fn contests(setup: &Setup, orders: &[Order]) -> Result<Vec<ContestedCell>, ReferenceError> {
    ParallelFootball::from_setup(setup.clone())?;
    contests_valid(setup, orders)
}

/// [`contests`] on a setup known to be valid.
fn contests_valid(setup: &Setup, orders: &[Order]) -> Result<Vec<ContestedCell>, ReferenceError> {
    check_orders(setup, orders)?;
    let c = setup.config;
    let mut out = Vec::new();
    for y in 0..c.height {
        for x in 0..c.width {
            let cell = Cell::new(x, y);
            let kickers: Vec<u16> = (0..orders.len())
                .filter(|&i| {
                    position(setup, i) == cell && orders[i].is_kick() && order_error(setup, cell, orders[i]).is_none()
                })
                .map(|i| i as u16)
                .collect();
            let balls = balls_at(setup, cell);
            if kickers.len() as u32 > balls {
                out.push(ContestedCell { cell, balls: balls as u16, kickers });
            }
        }
    }
    Ok(out)
}

/// The setup is past the placement, with one order per footballer.
fn check_orders(setup: &Setup, orders: &[Order]) -> Result<(), ReferenceError> {
    if !placed(setup) {
        return Err(ReferenceError::Placement);
    }
    let expected = setup.config.total_players();
    if orders.len() == expected { Ok(()) } else { Err(ReferenceError::OrderCount { expected, got: orders.len() }) }
}

/// The lists of successful contested kickers that fit `contests`: for
/// every contested cell, any `balls` of its kickers (a product of binomial
/// choices), each list increasing. At most `limit` lists, in lexicographic
/// order of the choices.
#[must_use]
pub fn allocations(contests: &[ContestedCell], limit: usize) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    allocate_from(contests, 0, &mut chosen, &mut out, limit);
    out
}

fn allocate_from(
    contests: &[ContestedCell],
    start: usize,
    chosen: &mut Vec<u16>,
    out: &mut Vec<Vec<u16>>,
    limit: usize,
) {
    if out.len() >= limit {
        return;
    }
    let Some((first, rest)) = contests.split_first() else {
        let mut list = chosen.clone();
        list.sort_unstable();
        out.push(list);
        return;
    };
    let need = usize::from(first.balls);
    let picked = chosen.iter().filter(|&&i| first.kickers.contains(&i)).count();
    if picked == need {
        allocate_from(rest, 0, chosen, out, limit);
        return;
    }
    for j in start..first.kickers.len() {
        chosen.push(first.kickers[j]);
        allocate_from(contests, j + 1, chosen, out, limit);
        chosen.pop();
    }
}

/// Resolves one turn by the rules' five steps, on the plain setup, with
/// `successes` the contested kickers whose kicks succeed (strictly
/// increasing, exactly `balls` kickers of every contested cell, nobody
/// else), as a record replays a turn:
///
/// 1. every order is checked against the start of the turn; an illegal one
///    makes that footballer stay;
/// 2. on a cell with more legal kicks than balls only the listed kickers
///    kick, the others stay; elsewhere every legal kick succeeds;
/// 3. every successful kick takes its ball from its cell; then every legal
///    move happens; then every kicked ball lands on its target;
/// 4. the balls on each home are removed and score for its owner;
/// 5. the turn counter advances (the game is then over when no ball is
///    left or the limit is reached: [`end_reason`]).
///
/// # Errors
/// [`ReferenceError`]: the setup is not valid, the game is over, the
/// placement is not finished,
/// not `4 p` orders, or `successes` does not fit step 2 (checked in this
/// order: not sorted, a contested cell in row-major order with the wrong
/// number of listed kickers, listed players that made no contested kick).
pub fn resolve(setup: &Setup, orders: &[Order], successes: &[u16]) -> Result<Resolution, ReferenceError> {
    // The model answers questions about valid positions only.
    ParallelFootball::from_setup(setup.clone())?;
    resolve_valid(setup, orders, successes)
}

/// [`resolve`] on a setup known to be valid (one made by [`setup_of`] or
/// `ParallelFootball::to_setup`).
fn resolve_valid(setup: &Setup, orders: &[Order], successes: &[u16]) -> Result<Resolution, ReferenceError> {
    if end_reason(setup).is_some() {
        return Err(ReferenceError::GameOver);
    }
    check_orders(setup, orders)?;
    let c = setup.config;
    let n = orders.len();
    // (1) Legality against the start of the turn.
    let mut report = TurnReport::default();
    let mut effective = orders.to_vec();
    for (i, &order) in orders.iter().enumerate() {
        if let Some(reason) = order_error(setup, position(setup, i), order) {
            report.illegal.push(IllegalOrder { player: i as u16, order, reason });
            effective[i] = Order::Stay;
        }
    }
    // (2) Contested cells: only the listed kickers kick.
    if successes.windows(2).any(|w| w[0] >= w[1]) {
        return Err(AllocationError::NotSorted.into());
    }
    let mut used = 0;
    for contest in contests_valid(setup, &effective)? {
        let (won, lost): (Vec<u16>, Vec<u16>) = contest.kickers.iter().partition(|i| successes.contains(i));
        if won.len() != usize::from(contest.balls) {
            let (x, y) = (contest.cell.x, contest.cell.y);
            return Err(AllocationError::WrongCount { x, y, balls: contest.balls, listed: won.len() }.into());
        }
        used += won.len();
        report.successes.extend(won);
        report.failures.extend(lost);
    }
    if used != successes.len() {
        return Err(AllocationError::NotContested(successes.len() - used).into());
    }
    report.successes.sort_unstable();
    report.failures.sort_unstable();
    for &i in &report.failures {
        effective[usize::from(i)] = Order::Stay;
    }
    // (3) Kicked balls leave, footballers move, kicked balls land.
    let mut balls: Vec<u32> = setup.balls.iter().map(|&b| u32::from(b)).collect();
    let index = |cell: Cell| usize::from(cell.y) * usize::from(c.width) + usize::from(cell.x);
    for (i, &order) in effective.iter().enumerate() {
        if order.is_kick() {
            balls[index(position(setup, i))] -= 1;
        }
    }
    let mut positions: Vec<Cell> = (0..n).map(|i| position(setup, i)).collect();
    for (i, &order) in effective.iter().enumerate() {
        if let Order::Move { dx, dy } = order {
            positions[i] = step(&c, positions[i], dx, dy).unwrap_or(positions[i]);
        }
    }
    for (i, &order) in effective.iter().enumerate() {
        if let Order::Kick { dx, dy } = order {
            let from = position(setup, i);
            balls[index(step(&c, from, dx, dy).unwrap_or(from))] += 1;
            report.kicks += 1;
        }
    }
    // (4) Homes score for their owners.
    let mut scores = setup.scores;
    for (t, home) in homes(&c).into_iter().enumerate() {
        report.scored[t] = std::mem::take(&mut balls[index(home)]);
        scores[t] += report.scored[t];
    }
    // (5) The turn is over.
    let p = usize::from(c.players);
    let after = Setup {
        config: c,
        turn: setup.turn + 1,
        scores,
        balls: balls.into_iter().map(|b| b as u16).collect(),
        players: std::array::from_fn(|t| positions[t * p..(t + 1) * p].to_vec()),
        pending: Default::default(),
    };
    Ok(Resolution { after, report })
}

/// The joint orders of the turn in progress: each team's given orders, then
/// `stay` for the footballers without one yet (as
/// [`ParallelFootball::pending_orders`]).
#[must_use]
pub fn pending_orders(setup: &Setup) -> Vec<Order> {
    let p = usize::from(setup.config.players);
    setup.pending.iter().flat_map(|given| given.iter().copied().chain(std::iter::repeat(Order::Stay)).take(p)).collect()
}

/// The setup after `seat` plays `mv` (a placement or the order of its next
/// footballer), as the `Game` view records it.
fn play(setup: &Setup, seat: PlayerId, mv: FootballMove) -> Setup {
    let mut next = setup.clone();
    match mv {
        FootballMove::Place(cell) => next.players[seat.index()].push(cell),
        FootballMove::Order(order) => next.pending[seat.index()].push(order),
    }
    next
}

/// Counts the decision sequences of exactly `depth` decisions from `state`
/// as `game_core::perft` does (the lowest seat owing a move decides first;
/// a finished game before `depth` counts 0; a chance step counts as one
/// leaf), with the model's own move lists. The crate docs say why no
/// table of these numbers is published.
#[must_use]
pub fn perft(state: &ParallelFootball, depth: u32) -> u64 {
    perft_setup(&state.to_setup(), depth)
}

fn perft_setup(setup: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let seat = match to_act(setup) {
        ToAct::Over => return 0,
        ToAct::Chance => return 1,
        act => match act.next_decider() {
            Some(s) => s,
            None => return 0,
        },
    };
    legal_moves(setup, seat).into_iter().map(|mv| perft_setup(&play(setup, seat, mv), depth - 1)).sum()
}
