//! The hard cases of Paper Soccer, as named predicates ([`edges`]), the
//! biases that steer walks towards them ([`Dense`], [`Survive`],
//! [`Endgame`]) and
//! proptest strategies of such positions ([`arb_dense_state`],
//! [`arb_endgame_state`]).
//!
//! Uniform random steps end most games early (a goal mouth is never far),
//! so long bounce chains over crowded ground, turns with many distinct
//! endings, nearly blocked balls and goals scored by a bounce are rare.
//! [`Dense`] prefers steps that keep the game going onto points with lines
//! (the bounces that make long turns); [`Survive`] only avoids ending the
//! game (the lines spread out, and turns get many endings); [`Endgame`]
//! does as [`Dense`] does until the
//! pitch is crowded, then prefers the steps that end the game.

use crate::dir::Dir;
use crate::state::{Board, PaperSoccer};
use game_core::testing::{Bias, Edge, arb_state_biased};
use game_core::{Game, PlayerId};
use proptest::strategy::Strategy;
use std::ops::ControlFlow;

/// What a step from the ball leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Landing {
    /// A point without lines: the turn ends, the game goes on.
    Fresh,
    /// A point with lines and a free one left: the same player goes on.
    Bounce,
    /// A goal, or a point left without a free line: the game ends.
    End,
}

fn landing<const N: usize>(b: &Board<N>, d: Dir) -> Landing {
    let fq = b.free_mask(b.target_slot(d) as u8);
    if fq == 0xFF {
        Landing::Fresh
    } else if fq & !d.opposite().bit() == 0 {
        Landing::End
    } else {
        Landing::Bounce
    }
}

/// Lines at the ball (pre-drawn ones included): 2 or more mean the ball
/// bounced there, so the player to move is in the middle of a turn.
fn lines_at_ball<const N: usize>(b: &Board<N>) -> u32 {
    let p = b.ball();
    b.pitch().links_at(p).len() as u32 - b.free_dirs(p).len() as u32
}

/// Lines drawn in a running game, from the free directions kept per point
/// (each drawable line counts at both its ends but the ten into the goals,
/// counted at their pitch end only, which no running game has drawn).
fn lines_drawn<const N: usize>(b: &Board<N>) -> usize {
    let free_ends: usize = b.free.iter().map(|f| f.count_ones() as usize).sum();
    (2 * b.pitch().drawable_links()).saturating_sub(10 + free_ends) / 2
}

/// Prefers bounces: a step onto a point with lines weighs 8, a step to a
/// fresh point 1, a step that ends the game 0 (taken only when nothing else
/// is legal). Walks get long and crowded, with long bounce chains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dense;

impl<const N: usize> Bias<Board<N>> for Dense {
    fn weight(&self, state: &Board<N>, _: PlayerId, mv: Dir) -> u32 {
        match landing(state, mv) {
            Landing::Bounce => 8,
            Landing::Fresh => 1,
            Landing::End => 0,
        }
    }
}

/// Uniform over the steps that do not end the game (a step that ends it
/// weighs 0, taken only when nothing else is legal): games last until the
/// pitch is crowded, with the lines spread out, which is where a turn has
/// the most distinct endings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Survive;

impl<const N: usize> Bias<Board<N>> for Survive {
    fn weight(&self, state: &Board<N>, _: PlayerId, mv: Dir) -> u32 {
        u32::from(landing(state, mv) != Landing::End)
    }
}

/// [`Dense`] until `after_lines` lines are drawn, then prefers the steps
/// that end the game (weight 64: goals, often after a bounce, and blocks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endgame {
    /// Lines drawn before the walk turns to ending the game.
    pub after_lines: usize,
}

impl Default for Endgame {
    /// Turns to ending the game after 60 lines.
    fn default() -> Self {
        Endgame { after_lines: 60 }
    }
}

impl<const N: usize> Bias<Board<N>> for Endgame {
    fn weight(&self, state: &Board<N>, player: PlayerId, mv: Dir) -> u32 {
        if landing(state, mv) == Landing::End && lines_drawn(state) >= self.after_lines {
            64
        } else {
            Dense.weight(state, player, mv)
        }
    }
}

/// Distinct turns at which a position counts as having many endings.
pub const MANY_TURNS: u64 = 2_000;

/// The hard cases, kebab-case:
///
/// * `mid-turn`: the ball bounced onto its point; the same player steps
///   again.
/// * `long-bounce-chain`: the game goes on and every legal step bounces
///   (at least three of them): no turn from here ends in one step.
/// * `many-turn-endings`: the player to move has at least [`MANY_TURNS`]
///   distinct whole turns.
/// * `near-blocked`: the game goes on with exactly one legal step.
/// * `blocked`: the game ended with the ball stuck.
/// * `goal-by-bounce`: the game ended in a goal entered from a point the
///   ball had bounced on.
#[must_use]
pub fn edges() -> Vec<Edge<PaperSoccer>> {
    vec![
        Edge { name: "mid-turn", holds: |b| !b.is_over() && lines_at_ball(b) >= 2 },
        Edge {
            name: "long-bounce-chain",
            holds: |b| {
                !b.is_over()
                    && b.legal_dirs().len() >= 3
                    && b.legal_dirs().iter().all(|d| landing(b, d) == Landing::Bounce)
            },
        },
        Edge {
            name: "many-turn-endings",
            holds: |b| {
                !b.is_over() && b.for_each_turn(MANY_TURNS, |_, _| ControlFlow::Continue(())).turns >= MANY_TURNS
            },
        },
        Edge { name: "near-blocked", holds: |b| !b.is_over() && b.legal_dirs().len() == 1 },
        Edge { name: "blocked", holds: |b| b.end_reason() == Some("blocked") },
        Edge {
            name: "goal-by-bounce",
            holds: |b| {
                b.ball_goal().is_some() && {
                    // The entry point: the one end-line point whose line
                    // into this goal point is drawn.
                    let g = b.ball();
                    Dir::ALL.into_iter().filter_map(|d| g.step(d).map(|p| (p, d))).any(|(p, d)| {
                        b.is_line_drawn(p, d.opposite()) == Some(true)
                            && b.pitch().goal_at(p).is_none()
                            && b.pitch().links_at(p).len() - b.free_dirs(p).len() >= 3
                    })
                }
            },
        },
    ]
}

/// Positions reached from the start in up to `max_len` steps chosen by
/// [`Dense`]: crowded, bounce-heavy, often in the middle of a long turn.
pub fn arb_dense_state(max_len: usize) -> impl Strategy<Value = PaperSoccer> {
    arb_state_biased(PaperSoccer::default(), max_len, Dense)
}

/// Positions reached in up to `max_len` steps chosen by [`Survive`]: long
/// games with spread-out lines, where turns have the most endings.
pub fn arb_spread_state(max_len: usize) -> impl Strategy<Value = PaperSoccer> {
    arb_state_biased(PaperSoccer::default(), max_len, Survive)
}

/// Positions reached in up to `max_len` steps chosen by [`Endgame`] (with
/// its default): crowded first, then often finished by a goal or a block.
pub fn arb_endgame_state(max_len: usize) -> impl Strategy<Value = PaperSoccer> {
    arb_state_biased(PaperSoccer::default(), max_len, Endgame::default())
}
