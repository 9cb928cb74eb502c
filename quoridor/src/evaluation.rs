//! Evaluation functions a bot can start from: shortest-path lengths and
//! walls left.
//!
//! Plain functions on [`Quoridor`]: a search adapts them (an MCTS playout
//! cut short, an alpha-beta leaf). With four players each player is
//! compared with its most dangerous opponent (the one nearest its goal).
//!
//! ```
//! use quoridor::{Quoridor, evaluation};
//! use quoridor::game_core::PlayerId;
//!
//! let q = Quoridor::with_players(2).unwrap();
//! // At the start both pawns are 8 steps from their goals.
//! assert_eq!(evaluation::path_difference(&q, PlayerId(0)), Some(0));
//! // Being to move is worth a step.
//! assert!(evaluation::score(&q, PlayerId(0)) > evaluation::score(&q, PlayerId(1)));
//! ```

// Seat numbers are below 4, so `as u8` is exact.
#![allow(clippy::cast_possible_truncation)]

use crate::moves::Move;
use crate::state::Quoridor;
use game_core::{Game, PlayerId};

/// The shortest path of the opponent nearest its goal less `player`'s own
/// (positive: `player` is ahead in the race); `None` for a removed player
/// or when no opponent is left.
#[must_use]
pub fn path_difference(q: &Quoridor, player: PlayerId) -> Option<i32> {
    let own = q.distance_to_goal(player)?;
    let best_opponent = (0..q.players())
        .map(|i| PlayerId(i as u8))
        .filter(|&p| p != player)
        .filter_map(|p| q.distance_to_goal(p))
        .min()?;
    // Path lengths are below the 121 cells of the largest board.
    Some(i32::try_from(best_opponent).ok()? - i32::try_from(own).ok()?)
}

/// Keeps in `moves` (legal moves of `player`) the pawn moves and the walls
/// that lengthen some opponent's shortest path without lengthening
/// `player`'s own more: the moves worth searching in a race. Never empties
/// a non-empty list (when nothing qualifies, it is left as it was).
pub fn racing_moves(q: &Quoridor, player: PlayerId, moves: &mut Vec<Move>) {
    let opponents = || (0..q.players()).map(|i| PlayerId(i as u8)).filter(move |&p| p != player);
    let before: [Option<u32>; 4] = std::array::from_fn(|i| q.distance_to_goal(PlayerId(i as u8)));
    let own = before[player.index()];
    let keep = |mv: &Move| match mv {
        Move::Pawn(_) => true,
        Move::Wall(_) => {
            let mut next = *q;
            next.play_unchecked(player, *mv);
            let gain: i64 = opponents()
                .filter_map(|p| Some(i64::from(next.distance_to_goal(p)?) - i64::from(before[p.index()]?)))
                .max()
                .unwrap_or(0);
            let loss = match (next.distance_to_goal(player), own) {
                (Some(a), Some(b)) => i64::from(a) - i64::from(b),
                _ => 0,
            };
            gain > 0 && gain > loss
        }
    };
    if moves.iter().any(keep) {
        moves.retain(keep);
    }
}

/// `player`'s walls left less the most any active opponent has left.
#[must_use]
pub fn wall_difference(q: &Quoridor, player: PlayerId) -> i32 {
    let most = (0..q.players())
        .map(|i| PlayerId(i as u8))
        .filter(|&p| p != player && !q.is_removed(p))
        .map(|p| i32::from(q.walls_left(p)))
        .max()
        .unwrap_or(0);
    i32::from(q.walls_left(player)) - most
}

/// A score for `player` (positive is good) in half steps: twice the
/// [`path_difference`], plus one when `player` is to move and minus one
/// otherwise (in a pure race the player to move wins ties, so the move is
/// worth a whole step), and one per wall more than the best-stocked
/// opponent. A finished game scores ±1000 (a draw 0), a
/// removed player -1000.
#[must_use]
pub fn score(q: &Quoridor, player: PlayerId) -> i32 {
    if let Some(o) = q.outcome() {
        // A value of 1, 0 or -1 (a win, a draw, a loss).
        return match o.value_for(player) {
            v if v > 0.0 => 1000,
            v if v < 0.0 => -1000,
            _ => 0,
        };
    }
    let Some(lead) = path_difference(q, player) else { return -1000 };
    let tempo = if q.to_move() == Some(player) { 1 } else { -1 };
    2 * lead + tempo + wall_difference(q, player)
}

/// [`score`] squashed into `[-1, 1]` (a win is 1, a loss -1), for Monte
/// Carlo searches.
#[must_use]
pub fn value(q: &Quoridor, player: PlayerId) -> f64 {
    if q.outcome().is_some() || q.is_removed(player) {
        return f64::from(score(q, player)) / 1000.0;
    }
    (f64::from(score(q, player)) / 8.0).tanh()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    #[test]
    fn a_step_towards_the_goal_gains_a_step_in_the_race() {
        let mut q = Quoridor::with_players(2).unwrap();
        let p = PlayerId(0);
        let start = q.pawn(p).unwrap();
        let mut moves = Vec::new();
        q.legal_moves(p, &mut moves);
        let forward = moves
            .iter()
            .copied()
            .find(|&m| {
                let mut n = q;
                n.play(p, m).is_ok() && n.distance_to_goal(p) < q.distance_to_goal(p) && m != Move::Pawn(start)
            })
            .unwrap();
        q.play(p, forward).unwrap();
        assert_eq!(path_difference(&q, p), Some(1));
        assert_eq!(path_difference(&q, PlayerId(1)), Some(-1));
    }

    #[test]
    fn a_placed_wall_counts_against_its_owner_stock() {
        let mut q = Quoridor::with_players(2).unwrap();
        let p = PlayerId(0);
        let wall = q.legal_walls().next().unwrap();
        q.play(p, Move::Wall(wall)).unwrap();
        assert_eq!(wall_difference(&q, p), -1);
        assert_eq!(wall_difference(&q, PlayerId(1)), 1);
    }

    #[test]
    fn racing_moves_keep_pawn_moves_and_only_walls_that_hinder_an_opponent() {
        let q = Quoridor::with_players(2).unwrap();
        let me = PlayerId(0);
        let mut all = Vec::new();
        q.legal_moves(me, &mut all);
        let mut kept = all.clone();
        racing_moves(&q, me, &mut kept);
        assert!(kept.len() < all.len());
        assert_eq!(
            kept.iter().filter(|m| matches!(m, Move::Pawn(_))).count(),
            all.iter().filter(|m| matches!(m, Move::Pawn(_))).count()
        );
        for &m in kept.iter().filter(|m| matches!(m, Move::Wall(_))) {
            let mut n = q;
            n.play(me, m).unwrap();
            assert!(n.distance_to_goal(PlayerId(1)) > q.distance_to_goal(PlayerId(1)), "{m:?}");
        }
    }

    #[test]
    fn values_stay_in_range_on_random_games() {
        let mut rng = game_core::rng::seeded(5);
        let mut buf = Vec::new();
        for players in [2, 4] {
            let mut q = Quoridor::with_players(players).unwrap();
            for _ in 0..200 {
                let Some(p) = q.to_act().next_decider() else { break };
                for i in 0..q.players() {
                    let v = value(&q, PlayerId(i as u8));
                    assert!((-1.0..=1.0).contains(&v), "{v}");
                }
                let mv = q.random_legal_move(p, &mut rng, &mut buf).unwrap();
                q.play(p, mv).unwrap();
            }
        }
    }
}
