//! Evaluation functions a bot can start from: threats.
//!
//! A player's *threats* are the empty cells where its stone would win at
//! once ([`Yavalath::winning_cells`]); its *poisoned* cells are those where
//! its stone would lose at once ([`Yavalath::losing_cells`]). A threat the
//! opponent cannot block (the cell is poisoned for the opponent) is as
//! good as a won game when the threat's owner moves next, and two threats
//! are too many to block in one move.
//!
//! Plain functions on [`Yavalath`]: a search adapts them (an alpha-beta
//! leaf, an MCTS playout cut short).
//!
//! ```
//! use yavalath::{Yavalath, evaluation};
//! use yavalath::game_core::PlayerId;
//!
//! let y = Yavalath::new();
//! assert_eq!(evaluation::threats(&y, PlayerId(0)), 0);
//! assert_eq!(evaluation::score(&y, PlayerId(0)), 0);
//! ```

use crate::state::Yavalath;
use game_core::{Game, PlayerId};

/// The score of a position won next move (less than a finished game's).
pub const FORCED: i32 = 500;

/// Empty cells where a stone of `player` wins at once.
#[must_use]
pub fn threats(y: &Yavalath, player: PlayerId) -> u32 {
    y.winning_cells(player).bits().count_ones()
}

/// `player`'s threats the opponent cannot block: the opponent's stone on
/// the cell would make exactly three (and no four) and lose.
#[must_use]
pub fn unblockable_threats(y: &Yavalath, player: PlayerId) -> u32 {
    (y.winning_cells(player).bits() & y.losing_cells(player.opponent()).bits()).count_ones()
}

/// Empty cells where a stone of `player` loses at once (and does not win).
#[must_use]
pub fn poisoned(y: &Yavalath, player: PlayerId) -> u32 {
    (y.losing_cells(player).bits() & !y.winning_cells(player).bits()).count_ones()
}

/// A score for `player` (positive is good): ±1000 for a finished game,
/// ±[`FORCED`] when the player to move has a threat (it wins now) or its
/// opponent has an unblockable one or two threats (it wins next move),
/// else ten per threat and three per cell poisoned for the opponent, less
/// the same for the opponent.
#[must_use]
pub fn score(y: &Yavalath, player: PlayerId) -> i32 {
    if let Some(o) = y.outcome() {
        // A value of 1, 0 or -1 (a win, a draw, a loss).
        return match o.value_for(player) {
            v if v > 0.0 => 1000,
            v if v < 0.0 => -1000,
            _ => 0,
        };
    }
    let Some(mover) = y.to_move() else { return 0 };
    let other = mover.opponent();
    let sign = if mover == player { 1 } else { -1 };
    if threats(y, mover) > 0 {
        return sign * FORCED;
    }
    if unblockable_threats(y, other) > 0 || threats(y, other) > 1 {
        return -sign * FORCED;
    }
    // Both counts are at most the 61 cells of the board.
    let count = |n: u32| i32::try_from(n).unwrap_or(i32::MAX / 16);
    let side = |p: PlayerId| 10 * count(threats(y, p)) + 3 * count(poisoned(y, p.opponent()));
    sign * (side(mover) - side(other))
}

/// [`score`] squashed into `[-1, 1]`, for Monte Carlo searches.
#[must_use]
pub fn value(y: &Yavalath, player: PlayerId) -> f64 {
    if y.outcome().is_some() {
        return f64::from(score(y, player)) / 1000.0;
    }
    (f64::from(score(y, player)) / 60.0).tanh()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    fn cell(x: u8, y: u8) -> Cell {
        crate::cell::Cell::all().find(|c| c.x() == x && c.y() == y).unwrap()
    }

    #[test]
    fn a_four_in_waiting_is_a_threat_and_wins_for_the_player_to_move() {
        // Player 0 on three cells of a row with a gap: its fourth stone there wins.
        let mut y = Yavalath::new();
        let moves = [(0, 0), (0, 4), (1, 0), (1, 4), (3, 0), (3, 4)];
        for (i, &(x, r)) in moves.iter().enumerate() {
            y.play(PlayerId((i % 2) as u8), cell(x, r)).unwrap();
        }
        assert!(threats(&y, PlayerId(0)) >= 1, "{y}");
        assert_eq!(score(&y, PlayerId(0)), FORCED);
        assert_eq!(score(&y, PlayerId(1)), -FORCED);
    }

    #[test]
    fn scores_are_antisymmetric_and_values_in_range_on_random_games() {
        let mut rng = game_core::rng::seeded(9);
        let mut buf = Vec::new();
        for _ in 0..30 {
            let mut y = Yavalath::new();
            loop {
                assert_eq!(score(&y, PlayerId(0)), -score(&y, PlayerId(1)));
                assert!((-1.0..=1.0).contains(&value(&y, PlayerId(0))));
                let Some(p) = y.to_act().next_decider() else { break };
                let mv = y.random_legal_move(p, &mut rng, &mut buf).unwrap();
                y.play(p, mv).unwrap();
            }
        }
    }
}
