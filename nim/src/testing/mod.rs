//! Tools for people testing searches, bots and hosts on Nim (feature `testing`): the game's
//! value by exhaustive search ([`wins`], which [`Nim::is_losing`] must agree with), edges for
//! walks ([`edges`]), and the move universe game-core's conformance kit checks against (the
//! takes `1..=max_take`, implemented in the crate's `game` module).
//!
//! ```
//! use nim::Nim;
//! use nim::game_core::testing::{Uniform, reach};
//! use nim::testing::{edges, wins};
//!
//! assert!(!wins(&Nim::new(8, 3)) && wins(&Nim::new(9, 3)));
//! let r = reach(&Nim::new(21, 3), &Uniform, &edges(), 20, 1);
//! assert!(r.hits.iter().all(|h| h.games > 0), "{r:?}");
//! ```

use crate::state::Nim;
use game_core::testing::Edge;
use game_core::{Game, ToAct};
use std::collections::HashMap;

/// Whether the player to move wins with perfect play, by exhaustive search through the [`Game`]
/// trait (no formula; positions met twice are looked up): some legal take either ends the game
/// (the last stone wins) or leaves a position the opponent does not win. False once the game is
/// over.
#[must_use]
pub fn wins(g: &Nim) -> bool {
    fn search(g: &Nim, known: &mut HashMap<Nim, bool>) -> bool {
        if let Some(&w) = known.get(g) {
            return w;
        }
        let ToAct::Player(p) = g.to_act() else { return false };
        let mut takes = Vec::new();
        g.legal_moves(p, &mut takes);
        let w = takes.into_iter().any(|t| {
            let mut next = *g;
            next.play(p, t).expect("a legal take");
            next.outcome().is_some_and(|o| o.winner() == Some(p)) || !search(&next, known)
        });
        known.insert(*g, w);
        w
    }
    search(g, &mut HashMap::new())
}

/// The game's hard cases for walks and fuzzers: a pile of at most `max_take` (the player to
/// move takes it all and wins), a lost position (a multiple of `max_take + 1`), and the end.
#[must_use]
pub fn edges() -> Vec<Edge<Nim>> {
    vec![
        Edge { name: "takes-all", holds: |g: &Nim| g.pile > 0 && g.pile <= g.max_take },
        Edge { name: "lost", holds: Nim::is_losing },
        Edge { name: "over", holds: |g: &Nim| g.pile == 0 },
    ]
}
