//! The differential checks: the fast code ([`Field::resolve_turn`],
//! [`ParallelFootball`]'s `Game` view) against the reference model, position by
//! position.

// The setups here come from fields and games, valid by construction: the
// model's unvalidated entry points save rebuilding a game for each question.
use super::contests_valid as contests;
use super::resolve_valid as resolve;
use super::{
    ContestedCell, ReferenceError, allocations, end_reason, legal_moves, order_error, pending_orders, placed, position,
    setup_of, to_act,
};
use crate::allocation::ExplicitAllocation;
use crate::allocation::KickAllocation;
use crate::error::{MoveError, TurnError};
use crate::field::{Field, TurnReport};
use crate::limits::TEAMS;
use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::Setup;
use crate::state::ParallelFootball;
use game_core::SeatError;
use game_core::rng::{GameRng, below, seeded};
use game_core::testing::Violation;
use game_core::{Game, Outcome, PlayerId, ToAct};
use std::hash::{Hash, Hasher};

/// Every allocation is tried when a turn has at most this many; otherwise
/// the first few and a sample drawn uniformly.
const ALL_ALLOCATIONS: usize = 32;

/// Joint orders drawn per position by [`check`], besides the pending ones.
const STRESS_TURNS: u64 = 3;

fn fail<T>(check: &'static str, detail: impl Into<String>) -> Result<T, Violation> {
    Err(Violation { check, detail: detail.into(), at: None })
}

/// Checks one whole turn of the fast resolution ([`Field::resolve_turn`])
/// against the reference model ([`resolve`](super::resolve)): for `orders` (any orders,
/// illegal ones included) on `field`, under every allocation of the
/// contested kicks (or, when there are more than 32, a uniform sample of
/// them) given explicitly, and under three seeded generators, the fast
/// field and report equal the model's; the generator's draw is one the
/// model accepts and [`Field::draw_allocation`] draws the same; allocations
/// that do not fit are refused alike, leaving the field unchanged; a turn
/// the model refuses (game over, wrong number of orders) is refused alike.
///
/// # Errors
/// The first [`Violation`] (`turn-*`).
pub fn check_turn(field: &Field, orders: &[Order]) -> Result<(), Violation> {
    let setup = setup_of(field);
    let model_contests = match contests(&setup, orders) {
        Ok(c) if end_reason(&setup).is_none() => c,
        _ => return compare(field, &setup, orders, &[]),
    };
    let fast_contests = field.contests(orders).map_err(|e| Violation {
        check: "turn-contests",
        detail: format!("the fast contests refuse the orders: {e}"),
        at: None,
    })?;
    let as_model: Vec<ContestedCell> =
        fast_contests.into_iter().map(|(cell, balls, kickers)| ContestedCell { cell, balls, kickers }).collect();
    if as_model != model_contests {
        return fail("turn-contests", format!("fast {as_model:?}, reference {model_contests:?}"));
    }
    let mut lists = allocations(&model_contests, ALL_ALLOCATIONS + 1);
    if lists.len() > ALL_ALLOCATIONS {
        lists.truncate(4);
        let mut rng = seeded(u64::from(field.turn()) ^ 0xA110C);
        lists.extend((0..8).map(|_| draw(&model_contests, &mut rng)));
    }
    for list in &lists {
        compare(field, &setup, orders, list)?;
    }
    // Allocations that do not fit: one success short, an extra listed
    // player, a list out of order.
    let first = lists.first().cloned().unwrap_or_default();
    if let Some((_, short)) = first.split_last() {
        compare(field, &setup, orders, short)?;
    }
    let contested: Vec<u16> = model_contests.iter().flat_map(|c| c.kickers.iter().copied()).collect();
    if let Some(extra) = (0..orders.len() as u16).find(|i| !contested.contains(i)) {
        let mut more = first.clone();
        more.push(extra);
        more.sort_unstable();
        compare(field, &setup, orders, &more)?;
    }
    if first.len() >= 2 {
        let reversed: Vec<u16> = first.iter().rev().copied().collect();
        compare(field, &setup, orders, &reversed)?;
    }
    // The generator path.
    for seed in 0..3 {
        let mut fast = field.clone();
        let mut report = TurnReport::default();
        if let Err(e) = fast.resolve_turn(orders, &mut seeded(seed), &mut report) {
            return fail("turn-refused", format!("the fast resolution with a generator refused the turn: {e}"));
        }
        match field.draw_allocation(orders, &mut seeded(seed)) {
            Ok(drawn) if drawn == report.successes => {}
            other => {
                return fail("turn-draw", format!("draw_allocation {other:?}, the turn drew {:?}", report.successes));
            }
        }
        let model = resolve(&setup, orders, &report.successes).map_err(|e| Violation {
            check: "turn-draw",
            detail: format!("the generator's allocation {:?} does not fit the rules: {e}", report.successes),
            at: None,
        })?;
        if setup_of(&fast) != model.after || report != model.report {
            return fail(
                "turn-resolution",
                format!("with a generator (seed {seed}): fast {report:?}, reference {:?}", model.report),
            );
        }
    }
    Ok(())
}

/// A uniformly drawn allocation: for every contested cell, `balls` of its
/// kickers, each remaining kicker equally likely at each pick.
fn draw(contests: &[ContestedCell], rng: &mut GameRng) -> Vec<u16> {
    let mut out = Vec::new();
    for c in contests {
        let mut left = c.kickers.clone();
        for _ in 0..c.balls {
            out.push(left.remove(below(rng, left.len())));
        }
    }
    out.sort_unstable();
    out
}

/// Whether the fast code's refusal is the model's.
fn same_error(model: &ReferenceError, fast: &TurnError) -> bool {
    match (model, fast) {
        (ReferenceError::GameOver, TurnError::GameOver) => true,
        (ReferenceError::OrderCount { expected: a, got: b }, TurnError::OrderCount { expected: c, got: d }) => {
            (a, b) == (c, d)
        }
        (ReferenceError::Allocation(a), TurnError::Allocation(b)) => a == b,
        _ => false,
    }
}

/// One turn with one explicit allocation, fast against the model.
fn compare(field: &Field, setup: &Setup, orders: &[Order], list: &[u16]) -> Result<(), Violation> {
    let model = resolve(setup, orders, list);
    let mut fast = field.clone();
    let mut report = TurnReport::default();
    let got = match ExplicitAllocation::new(list) {
        Ok(mut alloc) => fast.resolve_turn(orders, &mut alloc, &mut report),
        Err(e) => Err(TurnError::Allocation(e)),
    };
    match (model, got) {
        (Ok(m), Ok(())) => {
            if setup_of(&fast) != m.after {
                return fail(
                    "turn-resolution",
                    format!("allocation {list:?}: fast {:?}, reference {:?}", setup_of(&fast), m.after),
                );
            }
            if report != m.report {
                return fail("turn-report", format!("allocation {list:?}: fast {report:?}, reference {:?}", m.report));
            }
            let left: u32 = m.after.balls.iter().map(|&b| u32::from(b)).sum();
            if fast.balls_left() != left || fast.end_reason() != end_reason(&m.after) {
                return fail(
                    "turn-end",
                    format!(
                        "fast {} balls left, {:?}; reference {left}, {:?}",
                        fast.balls_left(),
                        fast.end_reason(),
                        end_reason(&m.after)
                    ),
                );
            }
            Ok(())
        }
        (Err(m), Err(f)) => {
            if !same_error(&m, &f) {
                return fail(
                    "turn-error",
                    format!("allocation {list:?}: fast refuses with {f:?}, reference with {m:?}"),
                );
            }
            if fast != *field {
                return fail("turn-refused-changed-state", format!("allocation {list:?}: {f}"));
            }
            Ok(())
        }
        (Ok(_), Err(f)) => fail("turn-refused", format!("allocation {list:?}: fast refuses ({f}), reference resolves")),
        (Err(m), Ok(())) => {
            fail("turn-accepted", format!("allocation {list:?}: fast resolves, reference refuses ({m})"))
        }
    }
}

/// A sort key for moves (the model and the fast code may list in other orders).
fn key(mv: FootballMove) -> (u8, i16, i16) {
    match mv {
        FootballMove::Place(c) => (0, c.x.into(), c.y.into()),
        FootballMove::Order(Order::Stay) => (1, 0, 0),
        FootballMove::Order(Order::Move { dx, dy }) => (2, dx.into(), dy.into()),
        FootballMove::Order(Order::Kick { dx, dy }) => (3, dx.into(), dy.into()),
    }
}

/// Checks the fast code against the reference model on `state`, for every
/// seat: who acts, the end reason and outcome; each seat's legal moves
/// (the same set, nothing twice; nothing for a seat that does not exist,
/// which [`Game::check_move`] answers with [`SeatError::NoSuchPlayer`]);
/// `check_move`'s reason for every order within one cell of the kick disc
/// and two of a move; then, past the placement, [`check_turn`] on the
/// turn's joint orders so far (`stay` where not given yet) and on three
/// joint orders drawn from the state (illegal orders, kicks into crowds and
/// at homes among them); and at a chance step the `Game` view's
/// [`Game::apply_chance`] (every allocation, or a sample, and the sampled
/// one) against the model.
///
/// # Errors
/// The first [`Violation`].
pub fn check(state: &ParallelFootball) -> Result<(), Violation> {
    let setup = state.to_setup();
    let act = to_act(&setup);
    if act != state.to_act() {
        return fail("to-act", format!("fast {:?}, reference {act:?}", state.to_act()));
    }
    let reason = end_reason(&setup).map(crate::field::EndReason::as_str);
    if reason != state.end_reason() {
        return fail("end-reason", format!("fast {:?}, reference {reason:?}", state.end_reason()));
    }
    let outcome = reason.and_then(|_| Outcome::from_scores(&setup.scores.map(i64::from)).ok());
    if outcome != state.outcome() {
        return fail("outcome", format!("fast {:?}, reference {outcome:?}", state.outcome()));
    }
    let mut fast = Vec::new();
    for seat in (0..2 * TEAMS as u8).map(PlayerId) {
        state.legal_moves(seat, &mut fast);
        let mut model = if seat.index() < TEAMS { legal_moves(&setup, seat) } else { Vec::new() };
        let n = fast.len();
        fast.sort_by_key(|&m| key(m));
        fast.dedup();
        model.sort_by_key(|&m| key(m));
        if fast.len() != n {
            return fail("duplicate-move", format!("seat {seat}: a move is listed twice"));
        }
        if fast != model {
            return fail("legal-moves", format!("seat {seat}: fast {fast:?}, reference {model:?}"));
        }
        check_seat_errors(state, &setup, act, seat)?;
    }
    if !placed(&setup) {
        return Ok(());
    }
    let pending = pending_orders(&setup);
    if state.pending_orders() != pending {
        return fail("pending-orders", format!("fast {:?}, reference {pending:?}", state.pending_orders()));
    }
    check_turn(state.field(), &pending)?;
    if act == ToAct::Over {
        return Ok(());
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    state.hash(&mut hasher);
    let seed = hasher.finish();
    for i in 0..STRESS_TURNS {
        let orders = stress_orders(&setup, &mut seeded(seed ^ i));
        check_turn(state.field(), &orders)?;
    }
    if act == ToAct::Chance {
        check_chance(state, &setup, &pending)?;
    }
    Ok(())
}

/// `check_move` of every seat against the model's reasons.
fn check_seat_errors(state: &ParallelFootball, setup: &Setup, act: ToAct, seat: PlayerId) -> Result<(), Violation> {
    if seat.index() >= TEAMS {
        for mv in [FootballMove::Order(Order::Stay), FootballMove::Place(game_core::grid::Cell::new(0, 0))] {
            match state.check_move(seat, mv) {
                Err(MoveError::Seat(SeatError::NoSuchPlayer { player, players: TEAMS })) if player == seat => {}
                other => return fail("no-such-player", format!("seat {seat}: check_move({mv:?}) is {other:?}")),
            }
        }
        return Ok(());
    }
    if !act.includes(seat) || !placed(setup) {
        return Ok(());
    }
    let t = seat.index();
    let footballer = setup.pending[t].len();
    let from = position(setup, t * usize::from(setup.config.players) + footballer);
    let k = setup.config.kick_range as i8 + 1;
    let moves = (-2..=2).flat_map(|dy| (-2..=2).map(move |dx| Order::Move { dx, dy }));
    let kicks = (-k..=k).flat_map(|dy| (-k..=k).map(move |dx| Order::Kick { dx, dy }));
    for order in std::iter::once(Order::Stay).chain(moves).chain(kicks) {
        let model = order_error(setup, from, order);
        let got = state.check_move(seat, FootballMove::Order(order));
        let same = match (&got, model) {
            (Ok(()), None) => true,
            (Err(MoveError::IllegalOrder { team, footballer: f, reason }), Some(m)) => {
                *team == seat && usize::from(*f) == footballer && *reason == m
            }
            _ => false,
        };
        if !same {
            return fail(
                "check-move",
                format!("seat {seat}, {order:?} from {from:?}: fast {got:?}, reference {model:?}"),
            );
        }
    }
    Ok(())
}

/// The `Game` view's chance step against the model.
fn check_chance(state: &ParallelFootball, setup: &Setup, pending: &[Order]) -> Result<(), Violation> {
    let Ok(model_contests) = contests(setup, pending) else {
        return fail("chance", "the reference has no turn to resolve at a chance step");
    };
    let mut lists = allocations(&model_contests, 8);
    if let Some(c) = state.sample_chance(&mut seeded(u64::from(setup.turn))) {
        lists.push(c.successes);
    } else {
        return fail("chance", "no chance value sampled at a chance step");
    }
    if let Some((_, short)) = lists[0].split_last() {
        lists.push(short.to_vec());
    }
    for list in lists {
        let mut child = state.clone();
        let got = child.apply_chance(&KickAllocation { successes: list.clone() });
        match (resolve(setup, pending, &list), got) {
            (Ok(m), Ok(())) if child.to_setup() == m.after => {}
            (Err(ReferenceError::Allocation(a)), Err(MoveError::Allocation(b))) if a == b && child == *state => {}
            (m, f) => return fail("chance", format!("allocation {list:?}: fast {f:?}, reference {m:?}")),
        }
    }
    Ok(())
}

/// Joint orders drawn for a stress turn: per footballer, `stay`, a kick at
/// a random offset up to one past the range, a kick at a home or at another
/// footballer's cell (into a crowd), a move up to two cells (some not one
/// step, some off the grid), or one of its legal orders.
fn stress_orders(setup: &Setup, rng: &mut GameRng) -> Vec<Order> {
    let c = setup.config;
    let n = c.total_players();
    let k = i32::from(c.kick_range) + 1;
    let towards = |from: game_core::grid::Cell, to: game_core::grid::Cell| {
        let d = |a: u8, b: u8| (i32::from(b) - i32::from(a)).clamp(-128, 127) as i8;
        Order::Kick { dx: d(from.x, to.x), dy: d(from.y, to.y) }
    };
    let offset = |rng: &mut GameRng, r: i32| (below(rng, (2 * r + 1) as usize) as i32 - r) as i8;
    (0..n)
        .map(|i| {
            let from = position(setup, i);
            match below(rng, 8) {
                0 => Order::Stay,
                1 | 2 => Order::Kick { dx: offset(rng, k), dy: offset(rng, k) },
                3 => towards(from, super::homes(&c)[below(rng, TEAMS)]),
                4 => towards(from, position(setup, below(rng, n))),
                5 => Order::Move { dx: offset(rng, 1), dy: offset(rng, 1) },
                6 => Order::Move { dx: offset(rng, 2), dy: offset(rng, 2) },
                _ => {
                    let legal = super::legal_orders(setup, from);
                    legal[below(rng, legal.len())]
                }
            }
        })
        .collect()
}
