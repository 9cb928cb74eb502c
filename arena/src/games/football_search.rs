//! The `mcts` bot of Parallel Football: decoupled UCB over the greedy
//! team's candidate orders per footballer, with `GreedyTeam` rollouts.
//!
//! The full game tree is far too wide (every team orders every footballer
//! at once, kicks reach `k` cells), so the search is flat over one turn:
//! each footballer of the searching team has a few candidate orders (the
//! greedy team's order, `stay`, the legal king moves) with its own UCB1
//! statistics (decoupled: each footballer picks by its own statistics). An
//! iteration picks one candidate per footballer, lets the other teams play
//! their greedy orders, resolves the turn and plays [`ROLLOUT_TURNS`] more
//! turns of greedy teams; the value is the searching team's score lead.
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

/// See the module docs.
pub struct FootballSearch {
    cfg: MctsConfig,
    rng: GameRng,
    greedy: GreedyTeam,
    orders: Vec<Order>,
    /// Per footballer: candidates with visits and total value.
    arms: Vec<Vec<(Order, u32, f64)>>,
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

    fn value(s: &Football, me: PlayerId) -> f64 {
        if let Some(o) = s.outcome() {
            return o.value_for(me);
        }
        let scores = s.field().scores();
        let mine = f64::from(scores[me.index()]);
        let others = scores.iter().enumerate().filter(|&(i, _)| i != me.index()).map(|(_, &v)| f64::from(v));
        let best_other = others.fold(0.0, f64::max);
        ((mine - best_other) / 3.0).tanh()
    }

    fn search_turn(&mut self, state: &Football, me: PlayerId) -> Vec<Order> {
        let greedy = self.greedy_orders(state, me);
        let field = state.field();
        let positions = field.team_positions(me).to_vec();
        self.arms = positions
            .iter()
            .zip(&greedy)
            .map(|(&from, &g)| {
                let g = if field.check_order_from(from, g).is_ok() { g } else { Order::Stay };
                let mut c = vec![(g, 0, 0.0)];
                for o in std::iter::once(Order::Stay).chain(Order::MOVES) {
                    if o != g && field.check_order_from(from, o).is_ok() {
                        c.push((o, 0, 0.0));
                    }
                }
                c
            })
            .collect();
        let start = Instant::now();
        let limit = match self.cfg.budget {
            Budget::Iterations(n) => (n, TURN_TIME),
            Budget::Time(t) => (u32::MAX, t.min(TURN_TIME)),
        };
        let mut iters = 0u32;
        while iters < limit.0.max(1) && (iters == 0 || start.elapsed() < limit.1) {
            iters += 1;
            let ln = f64::from(iters).ln();
            self.orders.clear();
            let mut picks = Vec::with_capacity(self.arms.len());
            for arms in &self.arms {
                let j = pick(arms, ln, self.cfg.exploration);
                picks.push(j);
                self.orders.push(arms[j].0);
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
            let v = Self::value(&s, me);
            for (arms, &j) in self.arms.iter_mut().zip(&picks) {
                arms[j].1 += 1;
                arms[j].2 += v;
            }
        }
        self.arms
            .iter()
            .map(|arms| arms.iter().max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2))).map_or(Order::Stay, |a| a.0))
            .collect()
    }
}

/// UCB1 over one footballer's candidates (unvisited first).
fn pick(arms: &[(Order, u32, f64)], ln: f64, c: f64) -> usize {
    let mut best = (f64::NEG_INFINITY, 0);
    for (j, &(_, n, total)) in arms.iter().enumerate() {
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
