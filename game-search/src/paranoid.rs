//! Paranoid alpha-beta: for games that are not [`Alternating`](game_core::Alternating)
//! (repeated turns, more than two players).

// Depths and plies are small.
#![allow(clippy::cast_possible_truncation)]

use crate::alphabeta::{Evaluate, WIN};
use crate::budget::{Budget, Meter, TurnClock};
use game_core::bot::{Bot, move_by_move};
use game_core::{Game, PlayerId, ToAct};

/// Settings of [`Paranoid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParanoidConfig {
    /// `Iterations(d)` searches `d` moves deep exactly (reproducible);
    /// `Time(t)` deepens until the time is up (up to `max_depth`).
    pub budget: Budget,
    /// Deepest iteration under a time budget.
    pub max_depth: u32,
}

impl Default for ParanoidConfig {
    fn default() -> Self {
        ParanoidConfig { budget: Budget::Iterations(4), max_depth: 64 }
    }
}

/// Paranoid alpha-beta for any [`Game`]: the searching player maximises
/// its own value and assumes that **every other player minimises it**
/// (Sturtevant and Korf's paranoid reduction of an N-player game to two
/// players), which keeps alpha-beta pruning valid for any number of
/// players.
///
/// * Depth counts moves ([`Game::Move`]s), whoever plays them, so a Paper
///   Soccer bounce (the same player again) is simply a deeper maximising
///   node, and an eliminated Quoridor player is skipped by [`Game::to_act`].
/// * At a [`ToAct::Simultaneous`] node the acting players move one after
///   the other in [`ToAct::next_decider`] order (the opponents see the
///   searcher's move: paranoid again). A [`ToAct::Chance`] node is a leaf.
/// * Final positions score [`WIN`] times
///   [`Outcome::value_for`](game_core::Outcome::value_for) less the plies
///   to them, other leaves an [`Evaluate`] from the searcher's view.
///
/// In a two-player zero-sum game paranoid is plain minimax, so on Nim it
/// finds the exact game values:
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{Budget, NoEvaluation, Paranoid, ParanoidConfig, WIN};
/// use game_core::PlayerId;
/// use nim::Nim;
///
/// let mut p = Paranoid::new(ParanoidConfig { budget: Budget::Iterations(12), ..ParanoidConfig::default() }, NoEvaluation);
/// // 10 stones, take 1 to 3: take 2, leaving a multiple of 4, and win.
/// assert_eq!(p.choose(&Nim::new(10, 3), PlayerId(0)), Some(2));
/// assert!(p.last_score() > WIN - 1000);
/// ```
pub struct Paranoid<G: Game, E: Evaluate<G>> {
    /// The current turn's deadline, if it has one.
    clock: TurnClock,
    cfg: ParanoidConfig,
    eval: E,
    bufs: Vec<Vec<G::Move>>,
    best: Option<G::Move>,
    score: i32,
    nodes: u64,
    aborted: bool,
    meter: Option<Meter>,
}

impl<G: Game, E: Evaluate<G>> Paranoid<G, E> {
    /// A search with an evaluation.
    pub fn new(cfg: ParanoidConfig, eval: E) -> Paranoid<G, E> {
        Paranoid {
            cfg,
            clock: TurnClock::default(),
            eval,
            bufs: Vec::new(),
            best: None,
            score: 0,
            nodes: 0,
            aborted: false,
            meter: None,
        }
    }

    /// The score of the last search's best move for the searcher (its
    /// deepest finished iteration).
    #[must_use]
    pub fn last_score(&self) -> i32 {
        self.score
    }

    /// Nodes visited by the last search, all iterations together.
    #[must_use]
    pub fn last_nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `state` for `me` (who must be able to act) and returns its
    /// best move and score.
    pub fn search(&mut self, state: &G, me: PlayerId) -> (Option<G::Move>, i32) {
        self.nodes = 0;
        self.aborted = false;
        self.best = None;
        self.score = 0;
        let max_depth = match self.cfg.budget {
            Budget::Iterations(d) => d.max(1),
            Budget::Time(_) => self.cfg.max_depth.max(1),
        };
        self.meter = Some(Meter::start(self.cfg.budget, 1));
        let mut finished = None;
        for depth in 1..=max_depth {
            let (mv, score) = self.root(state, me, depth);
            if self.aborted {
                break;
            }
            finished = mv.or(finished);
            self.score = score;
            if score.abs() > WIN - 1000 {
                break;
            }
        }
        self.best = finished;
        (self.best, self.score)
    }

    fn root(&mut self, s: &G, me: PlayerId, depth: u32) -> (Option<G::Move>, i32) {
        let mut moves = self.take_buf(0);
        s.legal_moves(me, &mut moves);
        self.eval.order(s, me, &mut moves);
        if let Some(i) = self.best.and_then(|b| moves.iter().position(|&m| m == b)) {
            moves[..=i].rotate_right(1);
        }
        let mut best = (None, -WIN - 1);
        let mut alpha = -WIN - 1;
        for &mv in &moves {
            let mut child = s.clone();
            child.play_unchecked(me, mv);
            let v = self.value(&child, me, depth - 1, alpha, WIN + 1, 1);
            if self.aborted {
                break;
            }
            if v > best.1 {
                best = (Some(mv), v);
            }
            alpha = alpha.max(v);
        }
        self.bufs[0] = moves;
        if !self.aborted {
            self.best = best.0;
        }
        best
    }

    fn take_buf(&mut self, ply: usize) -> Vec<G::Move> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.bufs[ply])
    }

    /// The value of `s` for `me` within `(alpha, beta)`.
    fn value(&mut self, s: &G, me: PlayerId, depth: u32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes % 1024 == 0 && self.meter.as_ref().is_some_and(Meter::out_of_time) && self.best.is_some() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if let Some(o) = s.outcome() {
            return (o.value_for(me) * f64::from(WIN - ply as i32)).round() as i32;
        }
        let act = s.to_act();
        let decider = match act {
            ToAct::Player(_) | ToAct::Simultaneous(_) => act.next_decider(),
            ToAct::Chance | ToAct::Over => None,
        };
        let Some(p) = decider.filter(|_| depth > 0) else { return self.eval.evaluate(s, me) };
        let mut moves = self.take_buf(ply);
        s.legal_moves(p, &mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return self.eval.evaluate(s, me);
        }
        self.eval.order(s, p, &mut moves);
        let maximise = p == me;
        let mut best = if maximise { -WIN - 1 } else { WIN + 1 };
        for &mv in &moves {
            let mut child = s.clone();
            child.play_unchecked(p, mv);
            let v = self.value(&child, me, depth - 1, alpha, beta, ply + 1);
            if self.aborted {
                break;
            }
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.bufs[ply] = moves;
        best
    }
}

impl<G: Game, E: Evaluate<G>> Bot<G> for Paranoid<G, E> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.clock.before_move(&mut self.cfg.budget);
        crate::choose_among(state, me, &mut Vec::new(), || self.search(state, me).0)
    }

    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        let moves = move_by_move(self, state, me);
        self.clock.end_turn();
        moves
    }

    /// A time budget is the whole turn's; an iteration budget replaces the
    /// configured one.
    fn set_budget(&mut self, budget: Budget) {
        self.clock.set(budget, &mut self.cfg.budget);
    }
}
