//! Evaluation functions a bot can start from: how far the ball is from
//! each goal, and how many bounces the player to move has.
//!
//! Plain functions on [`Board`]: a search adapts them (an MCTS playout cut
//! short, an alpha-beta leaf).
//!
//! ```
//! use paper_soccer::{PaperSoccer, evaluation};
//! use paper_soccer::game_core::PlayerId;
//!
//! let b = PaperSoccer::default();
//! // The kick-off point is as far from one goal as from the other.
//! assert_eq!(evaluation::distance_to_goal(&b, PlayerId(0)), evaluation::distance_to_goal(&b, PlayerId(1)));
//! assert_eq!(evaluation::score(&b, PlayerId(0)), -evaluation::score(&b, PlayerId(1)));
//! ```

use crate::dir::Point;
use crate::pitch::Goal;
use crate::state::Board;
use game_core::PlayerId;

/// Steps (king moves, ignoring lines) from the ball to the nearest point
/// of the goal `player` attacks (player 0 the top goal, player 1 the
/// bottom); 0 once the ball is in it. Any player other than 0 counts as 1.
#[must_use]
pub fn distance_to_goal<const N: usize>(b: &Board<N>, player: PlayerId) -> u32 {
    let pitch = b.pitch();
    let goal = if player.0 == 0 { Goal::Top } else { Goal::Bottom };
    distance_to(b.ball(), pitch.width, pitch.height, goal)
}

fn distance_to(ball: Point, width: u8, height: u8, goal: Goal) -> u32 {
    let gy = match goal {
        Goal::Top => -1,
        Goal::Bottom => i32::from(height) + 1,
    };
    let centre = i32::from(width) / 2;
    let x = i32::from(ball.x);
    let dx = (x - centre).abs().saturating_sub(1);
    let dy = (i32::from(ball.y) - gy).abs();
    dx.max(dy).unsigned_abs()
}

/// The directions the player to move can step in now that end on a bounce
/// point (the turn goes on): the options of the player to move.
#[must_use]
pub fn bounce_options<const N: usize>(b: &Board<N>) -> u32 {
    let ball = b.ball();
    // At most eight directions.
    u32::try_from(b.legal_dirs().iter().filter(|&d| ball.step(d).is_some_and(|p| b.is_bounce_point(p))).count())
        .unwrap_or(u32::MAX)
}

/// A score for `player` (positive is good), in steps scaled by 4: the
/// opponent's distance to its goal less `player`'s, plus one step for each
/// bounce option when `player` is to move (minus when the opponent is).
/// A finished game scores ±1000.
#[must_use]
pub fn score<const N: usize>(b: &Board<N>, player: PlayerId) -> i32 {
    if let Some(w) = b.winner() {
        return if w == player { 1000 } else { -1000 };
    }
    let me = PlayerId(player.0.min(1));
    // Distances and option counts are far below i32::MAX (pitches are at
    // most 255 points wide, a point has eight directions).
    let distance = |p: PlayerId| i32::try_from(distance_to_goal(b, p)).unwrap_or(i32::MAX);
    let lead = distance(me.opponent()) - distance(me);
    let bounces = i32::try_from(bounce_options(b)).unwrap_or(i32::MAX);
    let tempo = if b.to_move() == Some(me) { bounces } else { -bounces };
    4 * lead + 2 * tempo
}

/// [`score`] squashed into `[-1, 1]` (a win is 1, a loss -1), for Monte
/// Carlo searches.
#[must_use]
pub fn value<const N: usize>(b: &Board<N>, player: PlayerId) -> f64 {
    (f64::from(score(b, player)) / 40.0).tanh()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PaperSoccer;
    use crate::dir::Dir;
    use game_core::Game;

    #[test]
    fn stepping_towards_a_goal_shortens_the_attackers_distance() {
        let mut b = PaperSoccer::default();
        let before = distance_to_goal(&b, PlayerId(0));
        b.play(PlayerId(0), Dir::N).unwrap();
        assert_eq!(distance_to_goal(&b, PlayerId(0)), before - 1);
        assert_eq!(distance_to_goal(&b, PlayerId(1)), before + 1);
        assert!(score(&b, PlayerId(0)) > 0 || b.to_move() == Some(PlayerId(1)));
    }

    #[test]
    fn the_ball_in_a_goal_is_at_distance_zero_and_decides_the_score() {
        assert_eq!(distance_to(Point::new(4, -1), 8, 10, Goal::Top), 0);
        assert_eq!(distance_to(Point::new(0, 0), 8, 10, Goal::Top), 3);
        assert_eq!(distance_to(Point::new(4, 5), 8, 10, Goal::Bottom), 6);
    }

    #[test]
    fn values_stay_in_range_and_are_antisymmetric_on_random_positions() {
        let mut rng = game_core::rng::seeded(3);
        let mut buf = Vec::new();
        for _ in 0..50 {
            let mut b = PaperSoccer::default();
            while let Some(p) = b.to_act().next_decider() {
                let v = value(&b, p);
                assert!((-1.0..=1.0).contains(&v));
                assert_eq!(score(&b, p), -score(&b, p.opponent()));
                assert!(bounce_options(&b) <= b.legal_dirs().len() as u32);
                let mv = b.random_legal_move(p, &mut rng, &mut buf).unwrap();
                b.play(p, mv).unwrap();
            }
            let w = b.winner().unwrap();
            assert_eq!(value(&b, w), (25.0f64).tanh());
        }
    }
}
