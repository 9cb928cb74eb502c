//! Reference opponents: simple bots every search must beat.
//!
//! * [`Walker`] (Quoridor `walker`): steps along a shortest path to its
//!   goal and never places a wall.
//!
//! It breaks ties uniformly at random from its seed. Paper Soccer's
//! `greedy` is `paper_soccer::opponents::Greedy`.

use crate::bot::Bot;
use game_core::rng::{Best, GameRng, seeded};
use game_core::{Game, PlayerId};
use quoridor::{Move, Quoridor};

/// Quoridor's `walker`: see the module docs.
pub struct Walker {
    rng: GameRng,
    buf: Vec<Move>,
}

impl Walker {
    /// A walker with its own seed (for ties).
    #[must_use]
    pub fn new(seed: u64) -> Walker {
        Walker { rng: seeded(seed), buf: Vec::new() }
    }
}

impl Bot<Quoridor> for Walker {
    fn choose(&mut self, state: &Quoridor, me: PlayerId) -> Option<Move> {
        state.legal_moves(me, &mut self.buf);
        let mut best = Best::new();
        for &mv in &self.buf {
            let Move::Pawn(cell) = mv else { continue };
            let mut next = *state;
            next.play_unchecked(me, mv);
            let d = if state.is_goal(me, cell) { 0 } else { next.distance_to_goal(me).map_or(i64::MAX - 1, i64::from) };
            best.offer(d, &mut self.rng, || mv);
        }
        // A pawn with no step left (boxed in by pawns) must place a wall.
        best.into_item().or_else(|| self.buf.first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::RandomBot;

    fn play<G: Game>(mut g: G, bots: &mut [&mut dyn Bot<G>]) -> G {
        while let Some(p) = g.to_act().next_decider() {
            for mv in bots[p.index()].turn(&g, p) {
                g.play(p, mv).expect("reference bots play legal moves");
            }
        }
        g
    }

    #[test]
    fn the_walker_never_places_a_wall_and_shortens_its_path_every_move() {
        let q = Quoridor::with_players(2).unwrap();
        let mut w = Walker::new(1);
        let mut g = q;
        for _ in 0..4 {
            let me = g.to_move().unwrap();
            let before = g.distance_to_goal(me).unwrap();
            let mv = w.choose(&g, me).unwrap();
            assert!(matches!(mv, Move::Pawn(_)));
            g.play(me, mv).unwrap();
            assert_eq!(g.distance_to_goal(me).unwrap(), before - 1);
        }
    }

    #[test]
    fn the_walker_beats_random_at_quoridor() {
        let mut wins = 0;
        for seed in 0..10 {
            let (mut w, mut r) = (Walker::new(seed), RandomBot::new(seed));
            let end = play(Quoridor::with_players(2).unwrap(), &mut [&mut w, &mut r]);
            wins += usize::from(end.outcome().unwrap().winner() == Some(PlayerId(0)));
        }
        assert!(wins >= 9, "walker won {wins} of 10");
    }
}
