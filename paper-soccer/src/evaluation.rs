//! Evaluation functions a bot can start from: how far the ball is from
//! each goal, how many bounces the player to move has, and the best end of
//! the turn the player to move is in ([`turn_score`]: the bounce chains
//! that reach a goal, the steps that block the ball).
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

use crate::dir::{Dir, Point};
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

/// Steps [`turn_score`] tries at most by default: enough for the bounce
/// chains of most positions, few enough for a search's every new node.
pub const TURN_STEPS: u32 = 64;

/// The directions in the order [`turn_score`] tries them for player 0
/// (towards the top goal it attacks first); player 1 tries their opposites.
const TOWARDS_TOP: [Dir; 8] = [Dir::N, Dir::NE, Dir::NW, Dir::E, Dir::W, Dir::SE, Dir::SW, Dir::S];

/// The [`score`] for the player to move of the best end of the turn it is
/// in: its bounce chains are followed depth first (towards the goal it
/// attacks first) for at most `steps` steps, a chain into the opponent's
/// goal scores 1000, into its own goal or onto a blocked point -1000, and
/// a turn that ends on a fresh point scores that position's [`score`]. A
/// position whose chains the steps do not reach is worth its own
/// [`score`]; a finished game, its winner's ±1000 for the last mover.
/// No allocation: the chains are walked on copies of the board on the
/// stack.
///
/// ```
/// use paper_soccer::{PaperSoccer, evaluation};
/// use paper_soccer::game_core::PlayerId;
///
/// // At kick-off every step ends the turn: the best is one step nearer the goal.
/// let b = PaperSoccer::default();
/// assert!(evaluation::turn_score(&b, evaluation::TURN_STEPS) > evaluation::score(&b, PlayerId(0)));
/// ```
#[must_use]
pub fn turn_score<const N: usize>(b: &Board<N>, steps: u32) -> i32 {
    let Some(me) = b.to_move() else {
        return b.last_mover().map_or(0, |p| score(b, p));
    };
    let mut left = steps;
    best_end(b, me, &mut left).unwrap_or_else(|| score(b, me))
}

/// The best end of `me`'s turn from `b` (`me` to move), or `None` when no
/// step could be tried within `left`.
fn best_end<const N: usize>(b: &Board<N>, me: PlayerId, left: &mut u32) -> Option<i32> {
    let legal = b.legal_dirs();
    let mut best = None;
    for d in TOWARDS_TOP {
        let d = if me.0 == 0 { d } else { d.opposite() };
        if legal.0 & d.bit() == 0 {
            continue;
        }
        if *left == 0 {
            break;
        }
        *left -= 1;
        let mut next = *b;
        let again = next.step(d);
        let v = if again { best_end(&next, me, left).unwrap_or_else(|| score(&next, me)) } else { score(&next, me) };
        // A match, not `Option::is_none_or`: bundled bots build with rustc 1.81.
        match best {
            Some(b) if b >= v => {}
            _ => best = Some(v),
        }
        if v >= 1000 {
            break;
        }
    }
    best
}

/// [`turn_score`] with [`TURN_STEPS`] for `player` (negated when the
/// other player is to move), squashed into `[-1, 1]` as [`value`] is.
#[must_use]
pub fn turn_value<const N: usize>(b: &Board<N>, player: PlayerId) -> f64 {
    let s = turn_score(b, TURN_STEPS);
    let mover = b.to_move().or(b.last_mover());
    let s = if mover == Some(PlayerId(player.0.min(1))) { s } else { -s };
    (f64::from(s) / 40.0).tanh()
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

    /// The best [`score`] over every whole turn of the player to move (the
    /// turn generator's), `None` for more than `cap` turns.
    fn best_whole_turn(b: &PaperSoccer, cap: u64) -> Option<i32> {
        let me = b.to_move()?;
        let mut best = i32::MIN;
        let report = b.for_each_turn(cap, |_, after| {
            best = best.max(score(after, me));
            std::ops::ControlFlow::Continue(())
        });
        report.complete.then_some(best)
    }

    #[test]
    fn with_steps_enough_the_turn_score_is_the_best_whole_turns_score() {
        let mut rng = game_core::rng::seeded(11);
        let mut buf = Vec::new();
        let mut compared = 0;
        for _ in 0..30 {
            let mut b = PaperSoccer::default();
            while let Some(p) = b.to_act().next_decider() {
                if let Some(best) = best_whole_turn(&b, 300) {
                    assert_eq!(turn_score(&b, 1_000_000), best, "{b}");
                    compared += 1;
                }
                let mv = b.random_legal_move(p, &mut rng, &mut buf).unwrap();
                b.play(p, mv).unwrap();
            }
        }
        assert!(compared > 500, "{compared} positions compared");
    }

    #[test]
    fn a_bounce_chain_into_the_goal_scores_a_win_for_the_mover() {
        // Random games, up to the first position whose mover has a winning
        // turn (the generator's turns, up to 2,000).
        let mut rng = game_core::rng::seeded(4);
        let mut buf = Vec::new();
        let mut found = 0;
        for _ in 0..200 {
            let mut b = PaperSoccer::default();
            while let Some(p) = b.to_act().next_decider() {
                let wins = b.legal_turns(2000).iter().any(|t| b.after_turn_steps(t).unwrap().winner() == Some(p));
                if wins {
                    assert_eq!(turn_score(&b, 1_000_000), 1000, "{b}");
                    // A win found within the default steps is a value of
                    // exactly 1 (a search may take it as proven).
                    let within = turn_score(&b, TURN_STEPS) == 1000;
                    assert_eq!(turn_value(&b, p) >= 1.0, within);
                    assert_eq!(turn_value(&b, p.opponent()) <= -1.0, within);
                    found += 1;
                    break;
                }
                let mv = b.random_legal_move(p, &mut rng, &mut buf).unwrap();
                b.play(p, mv).unwrap();
            }
        }
        assert!(found > 20, "{found} positions with a winning turn");
    }

    #[test]
    fn the_turn_value_prefers_a_ball_nearer_the_goal_the_mover_attacks() {
        // Player 1 to move, the ball one step nearer the top goal or the bottom.
        let north = PaperSoccer::default().after_turn("0").unwrap();
        let south = PaperSoccer::default().after_turn("4").unwrap();
        assert!(turn_value(&north, PlayerId(0)) > turn_value(&south, PlayerId(0)));
        assert!(turn_value(&south, PlayerId(1)) > turn_value(&north, PlayerId(1)));
    }
}
