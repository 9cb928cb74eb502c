//! [`FootballSearch`], the rollout search of Parallel Football (the
//! arena's `search` bot, and its `best`): a search over one turn's team orders that keeps its
//! base team's orders unless a variation is better over the same sampled
//! futures.
//!
//! Why the greedy team loses balls: its walkers go to the nearest ball, so
//! the piles that its kicks build one kick from its home are left for
//! dozens of turns once its footballers have walked away. The base team
//! here, [`PileTeam`], kicks as the greedy team does but sends each
//! walker to the ball cell with the fewest steps plus kicks home less the
//! balls waiting there (at most [`PILE_CAP`](crate::opponents::PILE_CAP)): a pile one kick from home
//! is a goal every turn for the footballer standing on it.
//!
//! The search is flat over one turn (the full tree is far too wide: every
//! team orders every footballer at once). The candidates are the base
//! team's orders, the greedy team's, and every variation that changes one
//! footballer's order to `stay`, a legal king move or the first kick of
//! its shortest route home. Each round samples one future with one seed
//! shared by every candidate (common random numbers: the same allocations
//! of contested kicks): the candidate's turn, then [`ROLLOUT_TURNS`] turns
//! of the base team against greedy opponents. A candidate's value is the
//! expected goal difference over those turns (its goals less the mean of
//! the other teams') plus the change of the team's potential, `sum over
//! balls of 2^-kicks home`. The base orders are replaced only when the
//! best candidate's mean beats theirs by more than [`MARGIN`] goals.
//! (The search this replaces, UCB over the greedy orders valued by goals
//! in five turns, scored less than greedy: the base orders inherited
//! greedy's abandoned piles, and five turns of goals could not tell a
//! walk back to a pile from noise.)
//!
//! Budgets: [`Budget::Iterations`]`(N)` plays about `N` rollouts,
//! [`Budget::Time`] (the arena's `ms=N`, or the clock's share) plays
//! rounds until the time is up; both stop after [`MAX_ROUNDS`] rounds (the futures
//! differ only in contested kicks, so more rounds change little) and never
//! start a rollout after [`TURN_TIME`] (a round cut short is dropped; with
//! no whole round the base orders stand), so the bot answers within the
//! protocol's 200 ms per turn. A round on the standard field (4
//! footballers, about 40 candidates) takes about 4 ms on one core. The
//! rollout length is [`FootballSearch::new`]'s `rollout_turns` (the
//! arena's `rollout=N`). The arena offers no `iters=N`: the sampled
//! futures differ only in contested kicks, so more rounds seldom change
//! the orders (one round and [`MAX_ROUNDS`] played the same orders on
//! every turn of a seeded game).

// Footballer counts, goals and round counts convert to f64 exactly.
#![allow(clippy::cast_precision_loss)]

use crate::evaluation::potential;
use crate::field::{Field, TurnReport};
use crate::limits::TEAMS;
use crate::opponents::{GreedyTeam, PileTeam};
use crate::order::FootballMove;
use crate::order::Order;
use crate::state::ParallelFootball;
use game_core::bot::{Bot, Budget, Evaluation};
use game_core::rng::{GameRng, seeded};
use game_core::time::Instant;
use game_core::{Game, MAX_PLAYERS, PlayerId, RngCore, ToAct};
use std::time::Duration;

/// Turns played after the searched turn in each rollout (the default
/// rollout length).
pub const ROLLOUT_TURNS: u32 = 30;
/// The most time one turn's search takes.
pub const TURN_TIME: Duration = Duration::from_millis(100);
/// The most rounds (sampled futures per candidate) of one turn's search.
pub const MAX_ROUNDS: u32 = 4;
/// The most futures an evaluation ([`Bot::evaluate`]) samples: the base
/// team's orders are fixed, the futures differ only in contested kicks.
pub const MAX_FUTURES: u32 = 16;
/// How many goals (goal difference plus potential, per sampled future) a
/// variation must gain over the base team's orders to replace them.
pub const MARGIN: f64 = 0.5;

/// The rollout search: see the module docs. Its [`Bot::turn`] places as
/// the [`PileTeam`] does, then searches each turn.
///
/// ```
/// use parallel_football::game_core::bot::{Bot, Budget};
/// use parallel_football::{Config, ParallelFootball, FootballSearch};
/// use parallel_football::game_core::PlayerId;
///
/// let mut search = FootballSearch::new(Budget::Iterations(50), 5, 1);
/// let state = ParallelFootball::new(Config::new(10, 10, 2, 3, 50).unwrap()).unwrap();
/// assert_eq!(search.turn(&state, PlayerId(0)).len(), 2); // two start cells
/// ```
#[derive(Clone, Debug)]
pub struct FootballSearch {
    budget: Budget,
    /// Turns played after the searched turn in each rollout.
    rollout_turns: u32,
    rng: GameRng,
    base: PileTeam,
    greedy: GreedyTeam,
    /// Every team's orders of a rollout turn.
    orders: Vec<Order>,
    report: TurnReport,
}

impl FootballSearch {
    /// A search with `budget` per turn, rollouts of `rollout_turns` turns
    /// after the searched one ([`ROLLOUT_TURNS`] is the standard), seeded.
    #[must_use]
    pub fn new(budget: Budget, rollout_turns: u32, seed: u64) -> FootballSearch {
        FootballSearch {
            budget,
            rollout_turns,
            rng: seeded(seed),
            base: PileTeam::new(),
            greedy: GreedyTeam::new(),
            orders: Vec::new(),
            report: TurnReport::default(),
        }
    }

    /// The candidate orders of `me` on `field`: the base team's first,
    /// then the greedy team's, then the one-footballer variations.
    fn candidates(&mut self, field: &Field, me: PlayerId) -> Vec<Vec<Order>> {
        let p = field.team_positions(me).len();
        let legal = |orders: &mut Vec<Order>| {
            for (o, &from) in orders.iter_mut().zip(field.team_positions(me)) {
                if field.check_order_from(from, *o).is_err() {
                    *o = Order::Stay;
                }
            }
        };
        let mut base = vec![Order::Stay; p];
        self.base.orders(field, me, &mut base);
        legal(&mut base);
        let mut greedy = vec![Order::Stay; p];
        self.greedy.orders(field, me, &mut greedy);
        legal(&mut greedy);
        let mut out = vec![base.clone()];
        if greedy != base {
            out.push(greedy);
        }
        for (i, &from) in field.team_positions(me).iter().enumerate() {
            let home_kick = field.geometry().best_kick_toward_home(from, me).map(|(dx, dy)| Order::Kick { dx, dy });
            for o in std::iter::once(Order::Stay).chain(Order::MOVES).chain(home_kick) {
                if o != base[i] && field.check_order_from(from, o).is_ok() {
                    let mut c = base.clone();
                    c[i] = o;
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    /// One sampled future of `first` (the searching team's orders this
    /// turn): the goal difference of `me` over the rollout (its goals less
    /// the mean of the other teams') plus the change of its potential.
    fn rollout(&mut self, field: &Field, me: PlayerId, first: &[Order], seed: u64) -> f64 {
        let mut f = field.clone();
        let p = first.len();
        self.orders.clear();
        self.orders.resize(TEAMS * p, Order::Stay);
        let mut rng = seeded(seed);
        for turn in 0..=self.rollout_turns {
            if f.is_over() {
                break;
            }
            for (t, slot) in (0u8..).zip(self.orders.chunks_mut(p)) {
                let team = PlayerId(t);
                if team != me {
                    self.greedy.orders(&f, team, slot);
                } else if turn == 0 {
                    slot.copy_from_slice(first);
                } else {
                    self.base.orders(&f, me, slot);
                }
            }
            if f.resolve_turn(&self.orders, &mut rng, &mut self.report).is_err() {
                break;
            }
        }
        let (before, after) = (field.scores(), f.scores());
        let gain = |t: usize| f64::from(after[t] - before[t]);
        let others = (0..TEAMS).filter(|&t| t != me.index()).map(gain).sum::<f64>() / (TEAMS - 1) as f64;
        gain(me.index()) - others + potential(&f, me) - potential(field, me)
    }

    fn search_turn(&mut self, field: &Field, me: PlayerId) -> Vec<Order> {
        let start = Instant::now();
        let mut candidates = self.candidates(field, me);
        let (rollouts, time) = match self.budget {
            Budget::Iterations(n) => (n, TURN_TIME),
            Budget::Time(t) => (u32::MAX, t.min(TURN_TIME)),
        };
        let rounds = (rollouts / u32::try_from(candidates.len()).unwrap_or(u32::MAX)).clamp(1, MAX_ROUNDS);
        let mut totals = vec![0.0; candidates.len()];
        let mut done = 0u32;
        'rounds: while done < rounds {
            let seed = self.rng.next_u64();
            let mut values = Vec::with_capacity(candidates.len());
            for c in &candidates {
                // Only whole rounds count: with none, the base orders stand.
                if start.elapsed() >= time {
                    break 'rounds;
                }
                values.push(self.rollout(field, me, c, seed));
            }
            for (t, v) in totals.iter_mut().zip(values) {
                *t += v;
            }
            done += 1;
        }
        let best = (1..totals.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b]));
        match best {
            Some(j) if done > 0 && (totals[j] - totals[0]) / f64::from(done) > MARGIN => candidates.swap_remove(j),
            _ => candidates.swap_remove(0),
        }
    }
}

impl FootballSearch {
    /// Every team's expected share of the score `rollout_turns` turns on
    /// (each ball still in play counted by its [`potential`]), over sampled
    /// futures: the turn under way completed
    /// by the base team's answers for the teams that owe one (its
    /// placement, in the placement round), then every team playing the base
    /// team's orders. `Budget::Iterations(N)` samples `N` futures (at
    /// least one), a time budget as many as fit (at least one). At the end
    /// of the game, each team's share of the final score. A team's share is
    /// `1 / teams` when no team has a goal or a ball near its home.
    fn shares(&mut self, state: &ParallelFootball) -> ([f64; TEAMS], u32) {
        let mut s = state.clone();
        if let ToAct::Simultaneous(owing) = s.to_act() {
            for team in owing.iter() {
                for m in self.base.turn(&s, team) {
                    if s.play(team, m).is_err() {
                        break;
                    }
                }
            }
        }
        let (futures, time) = match self.budget {
            Budget::Iterations(n) => (n.clamp(1, MAX_FUTURES), None),
            Budget::Time(t) => (u32::MAX, Some(t)),
        };
        let start = Instant::now();
        let mut sum = [0.0; TEAMS];
        let mut done = 0u32;
        while done < futures && (done == 0 || time.is_none_or(|t| start.elapsed() < t)) {
            let mut f = s.clone();
            if let Some(c) = f.sample_chance(&mut self.rng) {
                if f.apply_chance(&c).is_err() {
                    break;
                }
            }
            let mut field = f.field().clone();
            if !f.in_placement() {
                let p = usize::from(field.config().players);
                self.orders.clear();
                self.orders.resize(TEAMS * p, Order::Stay);
                for _ in 0..self.rollout_turns {
                    if field.is_over() {
                        break;
                    }
                    for (t, slot) in (0u8..).zip(self.orders.chunks_mut(p)) {
                        self.base.orders(&field, PlayerId(t), slot);
                    }
                    if field.resolve_turn(&self.orders, &mut self.rng, &mut self.report).is_err() {
                        break;
                    }
                }
            }
            let mut worth = [0.0; TEAMS];
            for ((w, score), t) in worth.iter_mut().zip(field.scores()).zip(0u8..) {
                *w = f64::from(score) + if field.is_over() { 0.0 } else { potential(&field, PlayerId(t)) };
            }
            let total: f64 = worth.iter().sum();
            for (acc, w) in sum.iter_mut().zip(&worth) {
                *acc += if total > 0.0 { w / total } else { 1.0 / TEAMS as f64 };
            }
            done += 1;
        }
        (sum.map(|x| x / f64::from(done.max(1))), done)
    }
}

impl Bot<ParallelFootball> for FootballSearch {
    /// Each team's expected share of the score the rollout length on, as
    /// `2 * share - 1` (1 all of it, -1 none): over sampled futures (the
    /// budget's iterations, from one to [`MAX_FUTURES`]), the turn under way completed by
    /// the base team's answers for the teams that owe one, then every team
    /// playing the base team's orders; a ball still in play counts its
    /// [`potential`]. At the end of the game, the share of the final score.
    /// No best move: [`turn`](Bot::turn) searches the turn.
    fn evaluate(&mut self, state: &ParallelFootball, _me: PlayerId) -> Option<Evaluation<FootballMove>> {
        let (shares, visits) = self.shares(state);
        let mut values = [0.0; MAX_PLAYERS];
        for (v, share) in values.iter_mut().zip(shares) {
            *v = 2.0 * share - 1.0;
        }
        Some(Evaluation { best: None, visits, values })
    }

    /// The budget of the coming turns (a turn is one search).
    fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    fn choose(&mut self, state: &ParallelFootball, me: PlayerId) -> Option<FootballMove> {
        self.turn(state, me).first().copied()
    }

    fn turn(&mut self, state: &ParallelFootball, me: PlayerId) -> Vec<FootballMove> {
        if !state.to_act().includes(me) {
            return Vec::new();
        }
        if state.in_placement() {
            return self.base.turn(state, me);
        }
        self.search_turn(state.field(), me).into_iter().map(FootballMove::Order).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Config;

    /// Plays `turns` turns of the search team (seat `me`, budget `iters`)
    /// against three greedy teams on the standard field; the final scores.
    fn play_against_greedy(me: PlayerId, iters: u32, turns: u32, seed: u64) -> [u32; TEAMS] {
        let config = Config::new(32, 32, 4, 10, turns).unwrap();
        let mut search = FootballSearch::new(Budget::Iterations(iters), ROLLOUT_TURNS, seed);
        let mut greedy = GreedyTeam::new();
        let mut starts = Vec::new();
        for t in 0..4u8 {
            let mut cells = Vec::new();
            greedy.place(&config, PlayerId(t), &mut cells);
            starts.extend(cells);
        }
        let mut field = Field::new(config, &starts).unwrap();
        let mut rng = seeded(seed);
        let mut orders = vec![Order::Stay; 16];
        while !field.is_over() {
            for (t, slot) in (0u8..).zip(orders.chunks_mut(4)) {
                if PlayerId(t) == me {
                    slot.copy_from_slice(&search.search_turn(&field, me));
                } else {
                    greedy.orders(&field, PlayerId(t), slot);
                }
            }
            field.play_turn(&orders, &mut rng).unwrap();
        }
        field.scores()
    }

    #[test]
    fn evaluation_gives_each_team_its_share_of_the_score_to_come() {
        let state = ParallelFootball::new(Config::new(16, 16, 2, 5, 30).unwrap()).unwrap();
        let mut search = FootballSearch::new(Budget::Iterations(8), 10, 3);
        let e = search.evaluate(&state, PlayerId(0)).unwrap();
        assert_eq!((e.best, e.visits), (None, 8));
        let shares: Vec<f64> = e.values[..TEAMS].iter().map(|v| (v + 1.0) / 2.0).collect();
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{shares:?}");
        assert!(shares.iter().all(|s| (0.0..=1.0).contains(s)), "{shares:?}");
    }

    #[test]
    fn search_team_outscores_every_greedy_team_in_a_fixed_seed_game() {
        for me in [PlayerId(0), PlayerId(2)] {
            let scores = play_against_greedy(me, 1, 150, 13);
            let mine = scores[me.index()];
            for (t, &s) in scores.iter().enumerate() {
                assert!(t == me.index() || mine > s, "seat {}: scores {scores:?}", me.0);
            }
        }
    }
}
