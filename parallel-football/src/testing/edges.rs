//! The hard cases of Parallel Football, for walks and fuzzers: biases that
//! steer [`game_core::testing`]'s walks towards them ([`CrowdedKicks`],
//! [`GoalKicks`]), the cases themselves as named predicates ([`edges`]),
//! and proptest strategies of states reached by the biased walks.
//!
//! A uniform walk scatters the footballers over the grid (a placement is
//! one of `width * height` cells), so two of them rarely share a ball, and
//! a kick is one of the up to `πk²` offsets of the disc, so it rarely lands
//! on a home. The biases gather the footballers where the contested kicks
//! and goals happen.

use crate::order::FootballMove;
use crate::order::Order;
use crate::state::ParallelFootball;
use game_core::grid::Cell;
use game_core::testing::{Bias, Edge, arb_state_biased};
use game_core::{Game, PlayerId, ToAct};
use proptest::strategy::Strategy;

/// Crowds the footballers together and makes them kick the same balls:
/// placements favour the 3 x 3 cells around the centre; a footballer
/// sharing its cell with others favours kicking (a contested ball), all
/// the more into a cell where others stand (so balls pile up where the
/// footballers are); a move favours cells where footballers are and cells
/// with more balls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CrowdedKicks;

/// Makes the footballers score: placements favour the cells within two of
/// a home, kicks that land on a home weigh most, then kicks that land next
/// to one, and moves favour cells nearer a home.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoalKicks;

/// The footballer of `seat` whose order is due, and its cell.
fn due(g: &ParallelFootball, seat: PlayerId) -> Option<(usize, Cell)> {
    let c = g.config();
    // The orders the seat has given this turn (none for a seat above 3).
    let i = c.player_index(seat, *g.given.get(seat.index())?);
    g.field().positions().get(i).map(|&cell| (i, cell))
}

/// `from + (dx, dy)` on the grid.
fn target(g: &ParallelFootball, from: Cell, dx: i8, dy: i8) -> Option<Cell> {
    let c = g.config();
    from.offset(dx.into(), dy.into(), c.width, c.height)
}

/// Chebyshev distance from `cell` to the nearest home.
fn home_distance(g: &ParallelFootball, cell: Cell) -> u32 {
    let c = g.config();
    crate::limits::TEAM_IDS.into_iter().map(|t| cell.steps_to(c.home(t))).min().unwrap_or(u32::MAX)
}

impl Bias<ParallelFootball> for CrowdedKicks {
    fn weight(&self, g: &ParallelFootball, seat: PlayerId, mv: FootballMove) -> u32 {
        let f = g.field();
        match mv {
            FootballMove::Place(cell) => {
                let c = g.config();
                let centre = Cell::new(c.width / 2, c.height / 2);
                if cell.steps_to(centre) <= 1 { 64 } else { 1 }
            }
            FootballMove::Order(order) => {
                let Some((me, from)) = due(g, seat) else { return 1 };
                let others = f.players_at(from).filter(|&i| i != me).count();
                match order {
                    Order::Stay => 2,
                    Order::Kick { dx, dy } => {
                        let crowd = target(g, from, dx, dy).map_or(0, |to| f.players_at(to).count());
                        let base = if others > 0 { 40 } else { 1 };
                        base * if crowd > 0 { 4 } else { 1 }
                    }
                    Order::Move { dx, dy } => target(g, from, dx, dy).map_or(1, |to| {
                        let people = f.players_at(to).count();
                        1 + 8 * u32::from(people > 0) + 3 * u32::from(f.balls_at(to).min(4))
                    }),
                }
            }
        }
    }
}

impl Bias<ParallelFootball> for GoalKicks {
    fn weight(&self, g: &ParallelFootball, seat: PlayerId, mv: FootballMove) -> u32 {
        match mv {
            FootballMove::Place(cell) => {
                if home_distance(g, cell) <= 2 {
                    32
                } else {
                    1
                }
            }
            FootballMove::Order(order) => {
                let Some((_, from)) = due(g, seat) else { return 1 };
                match order {
                    Order::Stay => 1,
                    Order::Kick { dx, dy } => match target(g, from, dx, dy).map(|to| home_distance(g, to)) {
                        Some(0) => 200,
                        Some(1) => 20,
                        _ => 1,
                    },
                    Order::Move { dx, dy } => target(g, from, dx, dy)
                        .map_or(1, |to| if home_distance(g, to) < home_distance(g, from) { 6 } else { 1 }),
                }
            }
        }
    }
}

/// The contested cells of the turn in progress (every order in): `(cell,
/// balls, kickers)`; empty before the chance step.
fn contests(g: &ParallelFootball) -> Vec<(Cell, u16, Vec<u16>)> {
    if g.to_act() != ToAct::Chance {
        return Vec::new();
    }
    g.field().contests(g.pending_orders()).unwrap_or_default()
}

/// The cells the legal kicks of the turn in progress land on (every order
/// in); empty before the chance step.
fn kick_targets(g: &ParallelFootball) -> Vec<Cell> {
    if g.to_act() != ToAct::Chance {
        return Vec::new();
    }
    let f = g.field();
    f.positions()
        .iter()
        .zip(g.pending_orders())
        .filter_map(|(&from, &o)| match o {
            Order::Kick { dx, dy } if f.check_order_from(from, o).is_ok() => target(g, from, dx, dy),
            _ => None,
        })
        .collect()
}

/// The teams with a footballer on `cell`.
fn teams_on(g: &ParallelFootball, cell: Cell) -> usize {
    let c = g.config();
    let mut teams = [false; crate::limits::TEAMS];
    for i in g.field().players_at(cell) {
        teams[c.team_of(i).index()] = true;
    }
    teams.iter().filter(|&&t| t).count()
}

/// The hard cases, as named predicates (kebab-case):
///
/// * `contested-kick`: all orders are in and a cell has more legal kicks
///   than balls (rules step 2);
/// * `mixed-team-contest`: such a cell's kickers belong to two teams or more;
/// * `multi-ball-contest`: such a cell holds two balls or more (some kicks
///   succeed, not all);
/// * `kick-into-crowd`: a legal kick lands on a cell where two footballers
///   or more stand;
/// * `kick-at-home`: a legal kick lands on a home (a goal, for whoever's
///   home it is);
/// * `crowded-ball`: during the turns, a cell with a ball and footballers
///   of three teams or more on it;
/// * `contest-next-to-home`: a contested cell next to a home (a contested
///   ball one short kick from a goal).
#[must_use]
pub fn edges() -> Vec<Edge<ParallelFootball>> {
    vec![
        Edge { name: "contested-kick", holds: |g| !contests(g).is_empty() },
        Edge {
            name: "mixed-team-contest",
            holds: |g| {
                let c = g.config();
                contests(g).iter().any(|(_, _, k)| k.iter().any(|&i| c.team_of(i.into()) != c.team_of(k[0].into())))
            },
        },
        Edge { name: "multi-ball-contest", holds: |g| contests(g).iter().any(|&(_, balls, _)| balls >= 2) },
        Edge {
            name: "kick-into-crowd",
            holds: |g| kick_targets(g).into_iter().any(|to| g.field().players_at(to).count() >= 2),
        },
        Edge {
            name: "kick-at-home",
            holds: |g| kick_targets(g).into_iter().any(|to| g.config().home_owner(to).is_some()),
        },
        Edge {
            name: "crowded-ball",
            holds: |g| {
                let f = g.field();
                !g.in_placement()
                    && !g.is_over()
                    && (0..g.config().cells()).any(|i| f.balls()[i] > 0 && teams_on(g, g.config().cell(i)) >= 3)
            },
        },
        Edge {
            name: "contest-next-to-home",
            holds: |g| contests(g).iter().any(|&(cell, _, _)| home_distance(g, cell) <= 1),
        },
    ]
}

/// States reached from `start` in up to `max_len` steps of a
/// [`CrowdedKicks`] walk (contested kicks of mixed teams, kicks into crowds).
pub fn arb_crowded_kick_state(start: ParallelFootball, max_len: usize) -> impl Strategy<Value = ParallelFootball> {
    arb_state_biased(start, max_len, CrowdedKicks)
}

/// States reached from `start` in up to `max_len` steps of a [`GoalKicks`]
/// walk (kicks at homes, contests next to homes).
pub fn arb_goal_kick_state(start: ParallelFootball, max_len: usize) -> impl Strategy<Value = ParallelFootball> {
    arb_state_biased(start, max_len, GoalKicks)
}
