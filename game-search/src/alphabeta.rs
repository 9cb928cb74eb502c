//! Alpha-beta: negamax with iterative deepening and a transposition table.

// Depths and plies are small; TT indices are masked to the table size.
#![allow(clippy::cast_possible_truncation)]

use crate::budget::{Budget, Meter, TurnClock};
use game_core::bot::{Bot, move_by_move};
use game_core::{Alternating, Game, PlayerId, Zobrist};

/// The score of a won position (less the plies to the win); evaluations
/// stay well inside `(-WIN + 1000, WIN - 1000)`.
pub const WIN: i32 = 1_000_000;

/// Scores above this are proven wins (and below its negation, losses).
const PROVEN: i32 = WIN - 1000;

/// A static evaluation for [`AlphaBeta`], with a move ordering hook.
pub trait Evaluate<G: Game>: Send {
    /// The value of a non-final `state` for `player` (the player to move),
    /// in `(-WIN + 1000, WIN - 1000)`; positive is good for `player`.
    fn evaluate(&mut self, state: &G, player: PlayerId) -> i32;

    /// Reorders `moves` (best first) before they are searched; the
    /// transposition table's move is then tried first anyway. The default
    /// keeps generation order.
    fn order(&mut self, state: &G, player: PlayerId, moves: &mut [G::Move]) {
        let _ = (state, player, moves);
    }
}

/// Every non-final position is worth 0: alpha-beta then only proves wins
/// and losses within its depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoEvaluation;

impl<G: Game> Evaluate<G> for NoEvaluation {
    fn evaluate(&mut self, _state: &G, _player: PlayerId) -> i32 {
        0
    }
}

/// A function `(state, player) -> score` as an [`Evaluate`] (moves in
/// generation order): the adapter from a game crate's evaluation function.
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{AlphaBeta, AlphaBetaConfig, Budget, EvalFn};
/// use game_core::PlayerId;
/// use nim::Nim;
///
/// // Depth 1 is enough with Nim's exact value as the evaluation.
/// let eval = EvalFn(|g: &Nim, _me: PlayerId| if g.pile % 4 == 0 { -100 } else { 100 });
/// let mut ab = AlphaBeta::new(AlphaBetaConfig { budget: Budget::Iterations(1), ..AlphaBetaConfig::default() }, eval);
/// assert_eq!(ab.choose(&Nim::new(30, 3), PlayerId(0)), Some(2));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct EvalFn<F>(pub F);

impl<G: Game, F: FnMut(&G, PlayerId) -> i32 + Send> Evaluate<G> for EvalFn<F> {
    fn evaluate(&mut self, state: &G, player: PlayerId) -> i32 {
        (self.0)(state, player)
    }
}

/// Settings of [`AlphaBeta`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// `Iterations(d)` searches to depth `d` exactly (reproducible);
    /// `Time(t)` deepens until the time is up (up to `max_depth`).
    pub budget: Budget,
    /// Deepest iteration under a time budget.
    pub max_depth: u32,
    /// The transposition table has `2^tt_bits` entries.
    pub tt_bits: u8,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig { budget: Budget::Iterations(6), max_depth: 64, tt_bits: 20 }
    }
}

/// What the last search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchInfo<M> {
    /// The best move of the deepest finished iteration.
    pub best: Option<M>,
    /// Its score for the player to move ([`WIN`] less plies for a proven win).
    pub score: i32,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes visited, all iterations together.
    pub nodes: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: u8,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

/// Negamax alpha-beta with iterative deepening and a transposition table
/// keyed by [`Zobrist::zobrist`], for two-player [`Alternating`] games.
/// Final positions score [`WIN`] less the plies to them (from
/// [`Outcome::value_for`](game_core::Outcome::value_for)), other leaves
/// an [`Evaluate`]. For games that are not [`Alternating`] (repeated
/// turns, more players) use [`Paranoid`](crate::Paranoid).
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{AlphaBeta, AlphaBetaConfig, Budget, NoEvaluation, WIN};
/// use game_core::PlayerId;
/// use nim::Nim;
///
/// let mut ab = AlphaBeta::new(AlphaBetaConfig { budget: Budget::Iterations(10), ..AlphaBetaConfig::default() }, NoEvaluation);
/// // 9 stones, take 1 to 3: take 1, leaving 8, and win.
/// assert_eq!(ab.choose(&Nim::new(9, 3), PlayerId(0)), Some(1));
/// assert!(ab.info().score > WIN - 1000);
/// ```
pub struct AlphaBeta<G: Alternating + Zobrist, E: Evaluate<G> = NoEvaluation> {
    /// The current turn's deadline, if it has one.
    clock: TurnClock,
    cfg: AlphaBetaConfig,
    eval: E,
    tt: Vec<Option<Entry<G::Move>>>,
    bufs: Vec<Vec<G::Move>>,
    info: SearchInfo<G::Move>,
    root_best: Option<G::Move>,
    aborted: bool,
    meter: Option<Meter>,
}

impl<G: Alternating + Zobrist, E: Evaluate<G>> AlphaBeta<G, E> {
    /// A search with an evaluation.
    pub fn new(cfg: AlphaBetaConfig, eval: E) -> AlphaBeta<G, E> {
        AlphaBeta {
            clock: TurnClock::default(),
            cfg,
            eval,
            tt: Vec::new(),
            bufs: Vec::new(),
            info: SearchInfo { best: None, score: 0, depth: 0, nodes: 0 },
            root_best: None,
            aborted: false,
            meter: None,
        }
    }

    /// What the last search found.
    #[must_use]
    pub fn info(&self) -> SearchInfo<G::Move> {
        self.info
    }

    /// Searches `state` (where `me` is to move) and returns what it found.
    pub fn search(&mut self, state: &G, me: PlayerId) -> SearchInfo<G::Move> {
        let size = 1usize << self.cfg.tt_bits.min(30);
        if self.tt.len() != size {
            self.tt = vec![None; size];
        }
        self.info = SearchInfo { best: None, score: 0, depth: 0, nodes: 0 };
        self.aborted = false;
        let max_depth = match self.cfg.budget {
            Budget::Iterations(d) => d.max(1),
            Budget::Time(_) => self.cfg.max_depth.max(1),
        };
        self.meter = Some(Meter::start(self.cfg.budget, 1));
        for depth in 1..=max_depth {
            self.root_best = None;
            let score = self.negamax(state, me, depth, -WIN - 1, WIN + 1, 0);
            if self.aborted {
                break;
            }
            self.info.best = self.root_best.or(self.info.best);
            self.info.score = score;
            self.info.depth = depth;
            if score.abs() > PROVEN {
                break;
            }
        }
        self.info
    }

    fn negamax(&mut self, s: &G, player: PlayerId, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.info.nodes += 1;
        if self.info.nodes % 1024 == 0 && self.meter.as_ref().is_some_and(Meter::out_of_time) && self.info.depth > 0 {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if let Some(o) = s.outcome() {
            let v = o.value_for(player);
            return (v * f64::from(WIN - ply as i32)).round() as i32;
        }
        if depth == 0 {
            return self.eval.evaluate(s, player);
        }
        let key = s.zobrist();
        let slot = (key as usize) & (self.tt.len() - 1);
        let mut tt_move = None;
        if let Some(e) = self.tt[slot].filter(|e| e.key == key) {
            tt_move = e.best;
            if u32::from(e.depth) >= depth && ply > 0 {
                let score = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        s.legal_moves(player, &mut moves);
        self.eval.order(s, player, &mut moves);
        if let Some(i) = tt_move.and_then(|m| moves.iter().position(|&x| x == m)) {
            moves[..=i].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = (-WIN - 1, None);
        for &mv in &moves {
            let mut child = s.clone();
            child.play_unchecked(player, mv);
            let score = -self.negamax(&child, player.opponent(), depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                break;
            }
            if score > best.0 {
                best = (score, Some(mv));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.bufs[ply] = moves;
        if self.aborted {
            return 0;
        }
        if ply == 0 {
            self.root_best = best.1;
        }
        let bound = if best.0 <= alpha0 {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt[slot] =
            Some(Entry { key, depth: depth.min(255) as u8, score: to_tt(best.0, ply), bound, best: best.1 });
        best.0
    }
}

/// Win scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

impl<G: Alternating + Zobrist, E: Evaluate<G>> Bot<G> for AlphaBeta<G, E> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.clock.before_move(&mut self.cfg.budget);
        crate::choose_among(state, me, &mut Vec::new(), || self.search(state, me).best)
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
