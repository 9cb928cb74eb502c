//! Built-in bots: the [`Bot`] trait the arena seats, [`RandomBot`],
//! [`SearchBot`], which seats any [`game_search::Search`] (the `mcts` and
//! `alphabeta` specs), and [`Timed`], which gives a bot each turn the
//! budget a [`TimeManager`] picks from the game's clock.

use game_core::rng::{GameRng, seeded};
use game_core::{Game, PlayerId, TimeControl};
use game_search::Search;
pub use game_search::{AlphaBetaConfig, Budget, MctsConfig, TimeManager};
use std::time::{Duration, Instant};

/// A built-in bot: chooses moves for one player from a state.
pub trait Bot<G: Game>: Send {
    /// Chooses one move for `me`, who must be able to act in `state`
    /// (`None` only when `me` has no legal move).
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move>;

    /// Chooses `me`'s whole turn: moves for as long as `me` stays able to act
    /// (a Paper Soccer bounce, one order per Parallel Football player). The
    /// default asks [`choose`](Bot::choose) on a copy of the state.
    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        move_by_move(self, state, me)
    }

    /// Sets the budget of the coming [`turn`](Bot::turn), all its moves
    /// together. The default ignores it (a bot that does not search).
    fn set_budget(&mut self, budget: Budget) {
        let _ = budget;
    }

    /// Tells the bot that its coming [`turn`](Bot::turn) may take
    /// `time_left` (the game's clock, as the referee keeps it). The default
    /// ignores it; a [`Timed`] bot turns it into a budget.
    fn set_time_left(&mut self, time_left: Duration) {
        let _ = time_left;
    }
}

/// `me`'s whole turn, one [`Bot::choose`] at a time on a copy of `state`
/// (what [`Bot::turn`] does by default).
fn move_by_move<G: Game, B: Bot<G> + ?Sized>(bot: &mut B, state: &G, me: PlayerId) -> Vec<G::Move> {
    let mut s = state.clone();
    let mut moves = Vec::new();
    while s.to_act().includes(me) {
        let Some(mv) = bot.choose(&s, me) else { break };
        if s.play(me, mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// Uniformly random legal moves from a seeded generator, drawn through
/// [`Game::random_legal_move`] (each game's own exact sampler).
pub struct RandomBot {
    rng: GameRng,
    buf_len_hint: usize,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: seeded(seed), buf_len_hint: 0 }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        // Games with a fast sampler never touch the buffer; the others list
        // their moves in it, so it starts at the largest list seen.
        let mut buf = Vec::with_capacity(self.buf_len_hint);
        let mv = state.random_legal_move(me, &mut self.rng, &mut buf);
        self.buf_len_hint = self.buf_len_hint.max(buf.len());
        mv
    }
}

/// Any [`game_search::Search`] (MCTS, alpha-beta, flat Monte Carlo) as a
/// built-in bot. A time budget set for a turn
/// ([`Bot::set_budget`]) is a deadline for all the turn's moves together
/// (a Paper Soccer bounce searches again in what is left).
pub struct SearchBot<S> {
    search: S,
    /// The end of the current turn's time budget, if it has one.
    deadline: Option<Instant>,
}

impl<S> SearchBot<S> {
    /// Seats `search`, searching with its own budget until one is set.
    pub fn new(search: S) -> SearchBot<S> {
        SearchBot { search, deadline: None }
    }
}

impl<G: Game, S: Search<G>> Bot<G> for SearchBot<S> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        if let Some(end) = self.deadline {
            self.search.set_budget(Budget::Time(end.saturating_duration_since(Instant::now())));
        }
        self.search.choose(state, me)
    }

    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        let moves = move_by_move(self, state, me);
        self.deadline = None;
        moves
    }

    fn set_budget(&mut self, budget: Budget) {
        self.deadline = None;
        match budget {
            Budget::Time(t) => self.deadline = Some(Instant::now() + t),
            Budget::Iterations(_) => self.search.set_budget(budget),
        }
    }
}

/// A bot without a budget of its own: before each turn, the time left on
/// the game's clock ([`Bot::set_time_left`]) becomes the turn's budget
/// through a [`TimeManager`] (the `mcts` and `alphabeta` specs without
/// `iters=`, `depth=` or `ms=`).
pub struct Timed<G: Game> {
    bot: Box<dyn Bot<G>>,
    manager: TimeManager,
}

impl<G: Game> Timed<G> {
    /// `bot`, budgeted by the clock `control` (scaled as the referee
    /// scales it).
    pub fn new(bot: Box<dyn Bot<G>>, control: TimeControl) -> Timed<G> {
        Timed { bot, manager: TimeManager::new(control) }
    }
}

impl<G: Game> Bot<G> for Timed<G> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.bot.choose(state, me)
    }

    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        self.bot.turn(state, me)
    }

    fn set_budget(&mut self, budget: Budget) {
        self.bot.set_budget(budget);
    }

    fn set_time_left(&mut self, time_left: Duration) {
        self.bot.set_budget(self.manager.budget(time_left));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::ToAct;
    use game_core::nim::Nim;
    use game_search::Mcts;

    #[test]
    fn random_bot_plays_only_legal_moves() {
        let mut b = RandomBot::new(3);
        let mut g = Nim::new(50, 5);
        while let ToAct::Player(p) = g.to_act() {
            let mv = Bot::<Nim>::choose(&mut b, &g, p).unwrap();
            g.play(p, mv).unwrap();
        }
        assert!(g.is_over());
        assert_eq!(Bot::<Nim>::choose(&mut b, &g, PlayerId(0)), None);
    }

    #[test]
    fn a_search_bot_beats_random_at_nim() {
        let cfg = MctsConfig { budget: Budget::Iterations(400), ..MctsConfig::default() };
        let mut wins = 0;
        for seed in 0..10u64 {
            let mut g = Nim::new(21, 3);
            let mut a = SearchBot::new(Mcts::<Nim>::new(cfg, seed));
            let mut b = RandomBot::new(seed + 100);
            while let ToAct::Player(p) = g.to_act() {
                let mv = if p == PlayerId(0) { a.choose(&g, p) } else { Bot::<Nim>::choose(&mut b, &g, p) };
                g.play(p, mv.unwrap()).unwrap();
            }
            wins += usize::from(g.outcome().unwrap().winner() == Some(PlayerId(0)));
        }
        assert!(wins >= 9, "mcts won only {wins} of 10");
    }
}
