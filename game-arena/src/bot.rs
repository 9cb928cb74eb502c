//! Built-in bots: the one [`Bot`] trait (from game-core) the arena seats,
//! [`RandomBot`], the searches of `game-search` (the `mcts` and
//! `alphabeta` specs: each is a [`Bot`] itself), and [`Timed`], which gives
//! a bot each turn the budget a [`TimeManager`] picks from the game's clock,
//! or the fixed time of an `ms=N` spec for the whole turn.

pub use game_core::bot::{Bot, RandomBot, move_by_move};
pub use game_search::{AlphaBetaConfig, Budget, MctsConfig, TimeManager, Timed};

#[cfg(test)]
mod tests {
    use super::*;
    use ::nim::Nim;
    use game_core::{Game, PlayerId, ToAct};
    use game_search::Mcts;

    #[test]
    fn a_search_bot_beats_random_at_nim() {
        let cfg = MctsConfig { budget: Budget::Iterations(400), ..MctsConfig::default() };
        let mut wins = 0;
        for seed in 0..10u64 {
            let mut g = Nim::new(21, 3);
            let mut a = Mcts::<Nim>::new(cfg, seed);
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
