//! Built-in bots: the [`Bot`] trait the arena seats, [`RandomBot`], and
//! [`SearchBot`], which seats any [`game_search::Search`] (the `mcts` and
//! `alphabeta` specs).

use game_core::rng::{GameRng, seeded};
use game_core::{Game, PlayerId};
use game_search::Search;
pub use game_search::{AlphaBetaConfig, Budget, MctsConfig};

/// A built-in bot: chooses moves for one player from a state.
pub trait Bot<G: Game>: Send {
    /// Chooses one move for `me`, who must be able to act in `state`
    /// (`None` only when `me` has no legal move).
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move>;

    /// Chooses `me`'s whole turn: moves for as long as `me` stays able to act
    /// (a Paper Soccer bounce, one order per Parallel Football player). The
    /// default asks [`choose`](Bot::choose) on a copy of the state.
    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        let mut s = state.clone();
        let mut moves = Vec::new();
        while s.to_act().includes(me) {
            let Some(mv) = self.choose(&s, me) else { break };
            if s.play(me, mv).is_err() {
                break;
            }
            moves.push(mv);
        }
        moves
    }
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
/// built-in bot.
pub struct SearchBot<S>(pub S);

impl<G: Game, S: Search<G>> Bot<G> for SearchBot<S> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.0.choose(state, me)
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
            let mut a = SearchBot(Mcts::<Nim>::new(cfg, seed));
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
