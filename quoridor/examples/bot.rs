//! A Quoridor bot for the arena protocol: it walks its shortest path, and
//! when an opponent is closer to its goal it places the wall that gains it
//! the most (the opponent's path minus its own), if that gains anything.
//!
//! Given the referee's messages (the start, one turn, the end), or playing
//! the arena's `walker`:
//!
//! ```text
//! printf '2\n0\n9\n4 0 10\n4 8 10\n1\n4 0 10\n4 8 10\n0\n-1\n' | cargo run -q --release -p quoridor --example quoridor-bot
//! cargo build --release -p quoridor --example quoridor-bot
//! cargo run --release -p arena -- play quoridor --bot cmd:target/release/examples/quoridor-bot --bot walker
//! ```

use quoridor::game_core::{Game, PlayerId};
use quoridor::protocol::run_bot;
use quoridor::{Move, Quoridor};

/// My distance to goal and the closest opponent's (walls only).
fn distances(s: &Quoridor, me: PlayerId) -> (i64, i64) {
    let d = |p| s.distance_to_goal(p).map_or(i64::MAX / 2, i64::from);
    let them = (0..s.players() as u8).map(PlayerId).filter(|&p| p != me && !s.is_removed(p));
    (d(me), them.map(d).min().unwrap_or(i64::MAX / 2))
}

fn choose(state: &Quoridor, me: PlayerId) -> Move {
    let mut moves = Vec::new();
    state.legal_moves(me, &mut moves);
    let after = |m: Move| {
        let mut s = *state;
        s.play(me, m).map_or((i64::MAX / 2, 0), |_| distances(&s, me))
    };
    let (mine, theirs) = distances(state, me);
    let walls = moves.iter().copied().filter(|m| matches!(m, Move::Wall(_)));
    if let Some(wall) = walls.max_by_key(|&m| after(m).1 - after(m).0).filter(|_| theirs < mine) {
        if after(wall).1 - after(wall).0 > theirs - mine {
            return wall;
        }
    }
    let steps = moves.iter().copied().filter(|m| matches!(m, Move::Pawn(_)));
    steps.min_by_key(|&m| after(m).0).unwrap_or(moves[0])
}

fn main() {
    if let Err(e) = run_bot(std::io::stdin().lock(), std::io::stdout().lock(), |s, me, _left| choose(s, me)) {
        eprintln!("bot: {e}");
        std::process::exit(1);
    }
}
