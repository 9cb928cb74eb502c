//! Reference opponents: simple bots every search must beat.
//!
//! * [`GreedySoccer`] (Paper Soccer `greedy`): plays the whole turn that
//!   ends nearest the goal it attacks (a winning turn first, a losing one
//!   last).
//!
//! Both break ties uniformly at random from their seed.

use crate::bot::Bot;
use game_core::PlayerId;
use game_core::rng::{Best, GameRng, seeded};
use paper_soccer::{Dir, PaperSoccer, TurnGen, evaluation};
use std::ops::ControlFlow;

/// Most whole turns [`GreedySoccer`] looks at (dense positions can have
/// millions; the first ones found are then compared).
pub const TURN_CAP: u64 = 20_000;

/// Paper Soccer's `greedy`: see the module docs.
pub struct GreedySoccer {
    rng: GameRng,
    turns: TurnGen,
}

impl GreedySoccer {
    /// A greedy player with its own seed (for ties).
    #[must_use]
    pub fn new(seed: u64) -> GreedySoccer {
        GreedySoccer { rng: seeded(seed), turns: TurnGen::new() }
    }
}

impl Bot<PaperSoccer> for GreedySoccer {
    fn choose(&mut self, state: &PaperSoccer, me: PlayerId) -> Option<Dir> {
        self.turn(state, me).first().copied()
    }

    fn turn(&mut self, state: &PaperSoccer, me: PlayerId) -> Vec<Dir> {
        let GreedySoccer { rng, turns } = self;
        let mut best = Best::new();
        turns.for_each_turn(state, TURN_CAP, |steps, after| {
            let key = match after.winner() {
                Some(w) if w == me => -1,
                Some(_) => i64::MAX - 1,
                None => i64::from(evaluation::distance_to_goal(after, me)),
            };
            best.offer(key, rng, || steps.to_vec());
            ControlFlow::Continue(())
        });
        best.into_item().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::RandomBot;
    use game_core::Game;

    fn play<G: Game>(mut g: G, bots: &mut [&mut dyn Bot<G>]) -> G {
        while let Some(p) = g.to_act().next_decider() {
            for mv in bots[p.index()].turn(&g, p) {
                g.play(p, mv).expect("reference bots play legal moves");
            }
        }
        g
    }

    #[test]
    fn greedy_ends_its_first_turn_nearer_the_goal_it_attacks() {
        let b = PaperSoccer::default();
        let me = b.to_move().unwrap();
        let turn = GreedySoccer::new(1).turn(&b, me);
        let after = b.after_turn_steps(&paper_soccer::Turn::new(turn).unwrap()).unwrap();
        assert!(evaluation::distance_to_goal(&after, me) < evaluation::distance_to_goal(&b, me));
    }

    #[test]
    fn greedy_beats_random_at_paper_soccer() {
        let mut wins = 0;
        for seed in 0..10 {
            let (mut g, mut r) = (GreedySoccer::new(seed), RandomBot::new(seed));
            let end = play(PaperSoccer::default(), &mut [&mut g, &mut r]);
            wins += usize::from(end.winner() == Some(PlayerId(0)));
        }
        assert!(wins >= 8, "greedy won {wins} of 10");
    }
}
