//! Flat Monte Carlo: playouts after each root move, the best average wins.

use crate::budget::{Budget, Meter, TurnClock};
use crate::policy::{Policy, UniformRandom, playout};
use game_core::bot::{Bot, move_by_move};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, MAX_PLAYERS, PlayerId};

/// Settings of [`FlatMonteCarlo`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatConfig {
    /// Playouts per move (all root moves together), or time per move.
    pub budget: Budget,
    /// Longest playout in plies.
    pub playout_limit: u32,
    /// Under a time budget, the clock is read every this many playouts.
    pub check_every: u32,
}

impl Default for FlatConfig {
    fn default() -> Self {
        FlatConfig { budget: Budget::Iterations(1000), playout_limit: 1000, check_every: 16 }
    }
}

/// Flat Monte Carlo: the root moves of `me` take turns, each followed by
/// one playout (a [`Policy`], uniform by default); the move with the best
/// average value for `me` is chosen.
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{Budget, FlatConfig, FlatMonteCarlo};
/// use game_core::PlayerId;
/// use nim::Nim;
///
/// let mut flat = FlatMonteCarlo::new(FlatConfig { budget: Budget::Iterations(3000), ..FlatConfig::default() }, 3);
/// // From 5 stones (take 1 to 3), taking 1 leaves a multiple of 4.
/// assert_eq!(flat.choose(&Nim::new(5, 3), PlayerId(0)), Some(1));
/// ```
pub struct FlatMonteCarlo<G: Game, P: Policy<G> = UniformRandom> {
    /// The current turn's deadline, if it has one.
    clock: TurnClock,
    cfg: FlatConfig,
    policy: P,
    rng: GameRng,
    moves: Vec<G::Move>,
    buf: Vec<G::Move>,
    stats: Vec<(u32, f64)>,
}

impl<G: Game> FlatMonteCarlo<G> {
    /// Flat Monte Carlo with uniform playouts and its own seed.
    #[must_use]
    pub fn new(cfg: FlatConfig, seed: u64) -> FlatMonteCarlo<G> {
        FlatMonteCarlo::with_policy(cfg, UniformRandom, seed)
    }
}

impl<G: Game, P: Policy<G>> FlatMonteCarlo<G, P> {
    /// Flat Monte Carlo with a playout policy and its own seed.
    pub fn with_policy(cfg: FlatConfig, policy: P, seed: u64) -> FlatMonteCarlo<G, P> {
        FlatMonteCarlo {
            cfg,
            clock: TurnClock::default(),
            policy,
            rng: seeded(seed),
            moves: Vec::new(),
            buf: Vec::new(),
            stats: Vec::new(),
        }
    }

    /// `me`'s root moves with their playouts and average values, after a
    /// search (in generation order).
    pub fn search(&mut self, state: &G, me: PlayerId) -> Vec<(G::Move, u32, f64)> {
        state.legal_moves(me, &mut self.moves);
        self.stats.clear();
        self.stats.resize(self.moves.len(), (0, 0.0));
        if self.moves.is_empty() {
            return Vec::new();
        }
        let mut meter = Meter::start(self.cfg.budget, self.cfg.check_every);
        let mut i = 0;
        let mut values = [0.0; MAX_PLAYERS];
        while meter.go_on() {
            let mut s = state.clone();
            s.play_unchecked(me, self.moves[i]);
            playout(&mut s, &mut self.policy, self.cfg.playout_limit, &mut self.rng, &mut self.buf, &mut values);
            self.stats[i].0 += 1;
            self.stats[i].1 += values[me.index()];
            i = (i + 1) % self.moves.len();
        }
        self.moves
            .iter()
            .zip(&self.stats)
            .map(|(&m, &(n, total))| (m, n, if n == 0 { 0.0 } else { total / f64::from(n) }))
            .collect()
    }
}

impl<G: Game, P: Policy<G>> Bot<G> for FlatMonteCarlo<G, P> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.clock.before_move(&mut self.cfg.budget);
        let results = self.search(state, me);
        results.iter().filter(|r| r.1 > 0).max_by(|a, b| a.2.total_cmp(&b.2)).or(results.first()).map(|r| r.0)
    }

    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        let moves = move_by_move(self, state, me);
        self.clock.end_turn();
        moves
    }

    /// A time budget is the whole turn's; an iteration budget replaces the
    /// configured one.
    fn set_budget(&mut self, budget: Budget) {
        self.clock.set(budget, &mut self.cfg.budget);
    }
}
