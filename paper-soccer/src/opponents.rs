//! Reference opponents: simple bots every search must beat, built on
//! [`evaluation`] and implementing the one bot trait,
//! [`game_core::bot::Bot`].
//!
//! * [`Greedy`] (the arena's `greedy`): plays the whole turn that ends
//!   nearest the goal it attacks (a winning turn first, a losing one
//!   last), breaking ties uniformly at random from its seed.
//!
//! The module needs the default feature `chacha` (the workspace's standard
//! generator, which the arena's seeds drive).
//!
//! ```
//! use paper_soccer::opponents::Greedy;
//! use paper_soccer::{PaperSoccer, Turn};
//! use paper_soccer::evaluation::distance_to_goal;
//! use paper_soccer::game_core::{PlayerId, bot::Bot};
//!
//! let start = PaperSoccer::default();
//! let turn = Greedy::new(7).turn(&start, PlayerId(0));
//! let after = start.after_turn_steps(&Turn::new(turn).unwrap()).unwrap();
//! assert!(distance_to_goal(&after, PlayerId(0)) < distance_to_goal(&start, PlayerId(0)));
//! ```

use crate::dir::Dir;
use crate::evaluation;
use crate::state::PaperSoccer;
use crate::turngen::TurnGen;
use game_core::PlayerId;
use game_core::bot::Bot;
use game_core::rng::{Best, GameRng, seeded};
use std::ops::ControlFlow;

/// Most whole turns [`Greedy`] looks at (dense positions can have
/// millions; the first ones found are then compared).
pub const TURN_CAP: u64 = 20_000;

/// Paper Soccer's `greedy`: see the module docs.
pub struct Greedy {
    rng: GameRng,
    turns: TurnGen,
}

impl Greedy {
    /// A greedy player with its own seed (for ties).
    #[must_use]
    pub fn new(seed: u64) -> Greedy {
        Greedy { rng: seeded(seed), turns: TurnGen::new() }
    }
}

impl Bot<PaperSoccer> for Greedy {
    fn choose(&mut self, state: &PaperSoccer, me: PlayerId) -> Option<Dir> {
        self.turn(state, me).first().copied()
    }

    fn turn(&mut self, state: &PaperSoccer, me: PlayerId) -> Vec<Dir> {
        let Greedy { rng, turns } = self;
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
    use crate::notation::Turn;
    use game_core::Game;

    #[test]
    fn greedy_ends_its_first_turn_nearer_the_goal_it_attacks() {
        let b = PaperSoccer::default();
        let me = b.to_move().unwrap();
        let turn = Greedy::new(1).turn(&b, me);
        let after = b.after_turn_steps(&Turn::new(turn).unwrap()).unwrap();
        assert!(evaluation::distance_to_goal(&after, me) < evaluation::distance_to_goal(&b, me));
    }

    #[test]
    fn greedy_beats_random_at_paper_soccer() {
        let mut wins = 0;
        for seed in 0..10 {
            let mut greedy = Greedy::new(seed);
            let (mut rng, mut buf) = (seeded(seed), Vec::new());
            let mut random = |g: &PaperSoccer, me| g.random_legal_move(me, &mut rng, &mut buf);
            let mut g = PaperSoccer::default();
            while let Some(p) = g.to_act().next_decider() {
                let bot: &mut dyn Bot<PaperSoccer> = if p == PlayerId(0) { &mut greedy } else { &mut random };
                for mv in bot.turn(&g, p) {
                    g.play(p, mv).expect("reference bots play legal moves");
                }
            }
            wins += usize::from(g.winner() == Some(PlayerId(0)));
        }
        assert!(wins >= 8, "greedy won {wins} of 10");
    }
}
