//! The `mcts` bot of Parallel Football: a rollout search over one turn's
//! team orders that keeps its base team's orders unless a variation is
//! better over the same sampled futures.
//!
//! Why the greedy team loses balls: its walkers go to the nearest ball, so
//! the piles that its kicks build one kick from its home are left for
//! dozens of turns once its footballers have walked away. The base team
//! here, [`PileTeam`], kicks as the greedy team does but sends each
//! walker to the ball cell with the fewest steps plus kicks home less the
//! balls waiting there (at most [`PILE_CAP`]): a pile one kick from home
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
//! Budgets: `iters=N` plays about `N` rollouts, `ms=N` plays rounds until
//! the time is up; both stop after [`MAX_ROUNDS`] rounds (the futures
//! differ only in contested kicks, so more rounds change little) and never
//! start a rollout after [`TURN_TIME`] (a round cut short is dropped; with
//! no whole round the base orders stand), so the bot answers within the
//! protocol's 200 ms per turn. A round on the standard field (4
//! footballers, about 40 candidates) takes about 4 ms on one core. `rollout=N` sets the rollout length in turns.

// Footballer counts, goals and round counts convert to f64 exactly.
#![allow(clippy::cast_precision_loss)]

use super::game_rollout;
use crate::bot::{Bot, Budget, MctsConfig};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, PlayerId, RngCore};
use parallel_football::{Cell, Config, Field, Football, FootballMove, GreedyTeam, Order, TEAMS, Team, TurnReport};

use std::time::{Duration, Instant};

/// Turns played after the searched turn in each rollout.
pub const ROLLOUT_TURNS: u32 = 30;
/// The most time one turn's search takes.
pub const TURN_TIME: Duration = Duration::from_millis(100);
/// The most rounds (sampled futures per candidate) of one turn's search.
pub const MAX_ROUNDS: u32 = 4;
/// How many goals (goal difference plus potential, per sampled future) a
/// variation must gain over the base team's orders to replace them.
pub const MARGIN: f64 = 0.5;
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

impl Team for PileTeam {
    fn place(&mut self, config: &Config, team: PlayerId, out: &mut Vec<Cell>) {
        self.greedy.place(config, team, out);
    }

    fn orders(&mut self, field: &Field, team: PlayerId, out: &mut [Order]) {
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

/// See the module docs.
pub struct FootballSearch {
    cfg: MctsConfig,
    rng: GameRng,
    base: PileTeam,
    greedy: GreedyTeam,
    /// Every team's orders of a rollout turn.
    orders: Vec<Order>,
    report: TurnReport,
}

impl FootballSearch {
    /// A search with `cfg`'s budget and rollout length, seeded.
    pub fn new(cfg: MctsConfig, seed: u64) -> FootballSearch {
        FootballSearch {
            cfg: game_rollout(cfg, ROLLOUT_TURNS),
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
        for turn in 0..=self.cfg.playout_limit {
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
        let (rollouts, time) = match self.cfg.budget {
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

/// The balls' worth to `team` before they score: `2^-k` for a ball `k`
/// kicks from its home.
fn potential(field: &Field, team: PlayerId) -> f64 {
    let kicks = field.geometry().kicks_table(team);
    field.balls().iter().zip(kicks).filter(|&(&b, _)| b > 0).map(|(&b, &k)| f64::from(b) * 0.5f64.powi(k.into())).sum()
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
            self.base.place(&config, me, &mut cells);
            cells.resize(usize::from(config.players), config.home(me));
            return cells
                .into_iter()
                .map(|c| FootballMove::Place(if config.contains(c) { c } else { config.home(me) }))
                .collect();
        }
        self.search_turn(state.field(), me).into_iter().map(FootballMove::Order).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parallel_football::Geometry;
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

    /// Plays `turns` turns of the search team (seat `me`, budget `iters`)
    /// against three greedy teams on the standard field; the final scores.
    fn play_against_greedy(me: PlayerId, iters: u32, turns: u32, seed: u64) -> [u32; TEAMS] {
        let config = Config::new(32, 32, 4, 10, turns).unwrap();
        let cfg = MctsConfig { budget: Budget::Iterations(iters), ..MctsConfig::default() };
        let mut search = FootballSearch::new(cfg, seed);
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
