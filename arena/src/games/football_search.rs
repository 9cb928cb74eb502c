//! The `mcts` bot of Parallel Football: UCB over the greedy team's orders
//! and their one-footballer variations, with `GreedyTeam` rollouts.
//!
//! The full game tree is far too wide (every team orders every footballer
//! at once, kicks reach `k` cells), so the search is flat over one turn.
//! The candidates are the greedy team's orders and every variation that
//! changes one footballer's order to `stay` or a legal king move (about
//! `1 + 9p` candidates). An iteration picks a candidate by UCB1, lets the
//! other teams play their greedy orders, resolves the turn and plays
//! [`ROLLOUT_TURNS`] more turns of greedy teams; the value is the goals
//! the searching team scored in them less the most any other team scored.
//! (Decoupled statistics per footballer, tried first, did worse than
//! greedy: a footballer's statistics mixed in its team mates' random
//! choices, and the greedy team's coordinated orders were rarely tried
//! together.)
//! The search stops at its budget and never after [`TURN_TIME`], so the
//! bot answers within the protocol's 200 ms per turn.

// Footballer counts and iteration counts convert to f64 exactly.
#![allow(clippy::cast_precision_loss)]

use crate::bot::{Bot, Budget, MctsConfig};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, PlayerId};
use parallel_football::{Football, FootballMove, GreedyTeam, Order, Team};
use std::time::{Duration, Instant};

/// Turns of greedy play after the searched turn.
pub const ROLLOUT_TURNS: u32 = 4;
/// The most time one turn's search takes.
pub const TURN_TIME: Duration = Duration::from_millis(150);

/// A candidate: the greedy orders with footballer `who`'s replaced by
/// `order` (`who == usize::MAX`: the greedy orders unchanged).
#[derive(Clone, Copy, Debug)]
struct Arm {
    who: usize,
    order: Order,
    visits: u32,
    total: f64,
}

/// See the module docs.
pub struct FootballSearch {
    cfg: MctsConfig,
    rng: GameRng,
    greedy: GreedyTeam,
    orders: Vec<Order>,
    /// Candidate team orders: the greedy team's, then each variation of
    /// one footballer's order, with visits and total value.
    arms: Vec<Arm>,
}

impl FootballSearch {
    /// A search with `cfg`'s budget and exploration, seeded.
    pub fn new(cfg: MctsConfig, seed: u64) -> FootballSearch {
        FootballSearch { cfg, rng: seeded(seed), greedy: GreedyTeam::new(), orders: Vec::new(), arms: Vec::new() }
    }

    fn greedy_orders(&mut self, state: &Football, team: PlayerId) -> Vec<Order> {
        let mut out = vec![Order::Stay; usize::from(state.config().players)];
        self.greedy.orders(state.field(), team, &mut out);
        out
    }

    /// Plays one turn: `mine` for `me`, greedy orders for the others.
    fn play_turn(&mut self, s: &mut Football, me: PlayerId, mine: Option<&[Order]>) {
        for t in 0..4u8 {
            let team = PlayerId(t);
            if !s.to_act().includes(team) {
                continue;
            }
            let orders = match mine {
                Some(m) if team == me => m.to_vec(),
                _ => self.greedy_orders(s, team),
            };
            let _ = s.submit_orders(team, &orders);
        }
        let _ = s.resolve_chance(&mut self.rng);
    }

    /// The searching team's gain over the turns searched: its goals since
    /// `before` less the most any other team scored since, squashed into
    /// `[-1, 1]` (the final outcome once the game is over). Scores so far
    /// do not count: a big lead or deficit would flatten every candidate
    /// to the same value.
    fn value(s: &Football, me: PlayerId, before: &[f64; 4]) -> f64 {
        if let Some(o) = s.outcome() {
            return o.value_for(me);
        }
        let scores = s.field().scores();
        let gain = |i: usize| scores.get(i).map_or(0.0, |&v| f64::from(v) - before[i]);
        let best_other = (0..scores.len()).filter(|&i| i != me.index()).map(gain).fold(f64::NEG_INFINITY, f64::max);
        ((gain(me.index()) - best_other.max(0.0)) / 2.0).tanh()
    }

    fn search_turn(&mut self, state: &Football, me: PlayerId) -> Vec<Order> {
        let greedy = self.greedy_orders(state, me);
        let field = state.field();
        let mut before = [0.0; 4];
        for (b, v) in before.iter_mut().zip(field.scores()) {
            *b = f64::from(v);
        }
        let positions = field.team_positions(me).to_vec();
        let greedy: Vec<Order> = positions
            .iter()
            .zip(&greedy)
            .map(|(&from, &g)| if field.check_order_from(from, g).is_ok() { g } else { Order::Stay })
            .collect();
        self.arms.clear();
        self.arms.push(Arm { who: usize::MAX, order: Order::Stay, visits: 0, total: 0.0 });
        for (who, (&from, &g)) in positions.iter().zip(&greedy).enumerate() {
            for o in std::iter::once(Order::Stay).chain(Order::MOVES) {
                if o != g && field.check_order_from(from, o).is_ok() {
                    self.arms.push(Arm { who, order: o, visits: 0, total: 0.0 });
                }
            }
        }
        let start = Instant::now();
        let limit = match self.cfg.budget {
            Budget::Iterations(n) => (n, TURN_TIME),
            Budget::Time(t) => (u32::MAX, t.min(TURN_TIME)),
        };
        let mut iters = 0u32;
        while iters < limit.0.max(1) && (iters == 0 || start.elapsed() < limit.1) {
            iters += 1;
            let j = pick(&self.arms, f64::from(iters).ln(), self.cfg.exploration);
            let arm = self.arms[j];
            self.orders.clear();
            self.orders.extend_from_slice(&greedy);
            if let Some(o) = self.orders.get_mut(arm.who) {
                *o = arm.order;
            }
            let mut s = state.clone();
            let mine = std::mem::take(&mut self.orders);
            self.play_turn(&mut s, me, Some(&mine));
            self.orders = mine;
            for _ in 0..ROLLOUT_TURNS {
                if s.is_over() {
                    break;
                }
                self.play_turn(&mut s, me, None);
            }
            let v = Self::value(&s, me, &before);
            self.arms[j].visits += 1;
            self.arms[j].total += v;
        }
        let best = self.arms.iter().max_by(|a, b| a.visits.cmp(&b.visits).then(a.total.total_cmp(&b.total)));
        let mut out = greedy;
        if let Some(a) = best {
            if let Some(o) = out.get_mut(a.who) {
                *o = a.order;
            }
        }
        out
    }
}

/// UCB1 over the candidates (unvisited first).
fn pick(arms: &[Arm], ln: f64, c: f64) -> usize {
    let mut best = (f64::NEG_INFINITY, 0);
    for (j, &Arm { visits: n, total, .. }) in arms.iter().enumerate() {
        if n == 0 {
            return j;
        }
        let n = f64::from(n);
        let score = total / n + c * (ln / n).sqrt();
        if score > best.0 {
            best = (score, j);
        }
    }
    best.1
}

impl Bot<Football> for FootballSearch {
    fn choose(&mut self, state: &Football, me: PlayerId) -> Option<FootballMove> {
        self.turn(state, me).first().copied()
    }

    fn turn(&mut self, state: &Football, me: PlayerId) -> Vec<FootballMove> {
        if !state.to_act().includes(me) {
            return Vec::new();
        }
        if state.in_placement() {
            let config = state.config();
            let mut cells = Vec::new();
            self.greedy.place(&config, me, &mut cells);
            cells.resize(usize::from(config.players), config.home(me));
            return cells
                .into_iter()
                .map(|c| FootballMove::Place(if config.contains(c) { c } else { config.home(me) }))
                .collect();
        }
        self.search_turn(state, me).into_iter().map(FootballMove::Order).collect()
    }
}
