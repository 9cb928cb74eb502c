//! The arena's MCTS before `game-search` (kept only to compare speeds in
//! the `search` bench).

#![allow(dead_code, missing_docs, clippy::all)]

use game_core::rng::{GameRng, below, seeded};
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};
use std::time::{Duration, Instant};

/// How much a search may spend on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (reproducible).
    Iterations(u32),
    /// Wall-clock time per move (not reproducible).
    Time(Duration),
}

/// Settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Search budget per move.
    pub budget: Budget,
    /// UCT exploration constant (values are in `[-1, 1]`).
    pub exploration: f64,
    /// Longest random rollout in plies; an unfinished rollout scores 0 for
    /// everybody.
    pub rollout_limit: u32,
    /// Most distinct sampled outcomes kept per chance node.
    pub chance_width: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig { budget: Budget::Iterations(1000), exploration: 1.0, rollout_limit: 1000, chance_width: 8 }
    }
}

/// Monte-Carlo tree search (UCT with random rollouts) for any [`Game`].
///
/// * Values are max-n style: every node keeps the sum of
///   [`Outcome::value_for`](game_core::Outcome::value_for) for **each**
///   player, and the player deciding at a node picks by its own value, so N
///   players and a player moving several times in a row need nothing special.
/// * At a simultaneous node the searching player decides first, then the
///   others in player order (a sequentialised approximation: later deciders
///   see earlier choices inside the tree, never the searcher's opponents'
///   real choices).
/// * At a chance node an outcome is sampled each visit; up to
///   [`MctsConfig::chance_width`] distinct outcomes get their own child.
/// * All randomness comes from the bot's seeded generator, so an iteration
///   budget gives reproducible play.
pub struct Mcts<G: Game> {
    cfg: MctsConfig,
    rng: GameRng,
    nodes: Vec<Node<G>>,
    buf: Vec<G::Move>,
}

struct Node<G: Game> {
    visits: u32,
    totals: [f64; MAX_PLAYERS],
    edges: Edges<G>,
}

enum Edges<G: Game> {
    Unexpanded,
    Decision { untried: Vec<G::Move>, children: Vec<(G::Move, usize)> },
    Chance(Vec<(G::Chance, usize)>),
}

impl<G: Game> Node<G> {
    fn new() -> Self {
        Node { visits: 0, totals: [0.0; MAX_PLAYERS], edges: Edges::Unexpanded }
    }
}

impl<G: Game> Mcts<G> {
    /// A search with its own seed.
    pub fn new(cfg: MctsConfig, seed: u64) -> Mcts<G> {
        Mcts { cfg, rng: seeded(seed), nodes: Vec::new(), buf: Vec::new() }
    }

    fn decider(act: ToAct, me: PlayerId) -> Option<PlayerId> {
        match act {
            ToAct::Simultaneous(set) if set.contains(me) => Some(me),
            a => a.next_decider(),
        }
    }

    /// Runs the search from `state` for `me` and returns the visit counts of
    /// the root's moves (for tests and diagnostics), best first.
    pub fn search(&mut self, state: &G, me: PlayerId) -> Vec<(G::Move, u32)> {
        self.nodes.clear();
        self.nodes.push(Node::new());
        let start = Instant::now();
        let mut iter: u32 = 0;
        loop {
            match self.cfg.budget {
                Budget::Iterations(n) if iter >= n.max(1) => break,
                Budget::Time(t) if iter > 0 && start.elapsed() >= t => break,
                _ => {}
            }
            self.iterate(state, me);
            iter += 1;
        }
        let mut out: Vec<(G::Move, u32)> = match &self.nodes[0].edges {
            Edges::Decision { children, .. } => children.iter().map(|&(m, c)| (m, self.nodes[c].visits)).collect(),
            _ => Vec::new(),
        };
        out.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        out
    }

    fn iterate(&mut self, root: &G, me: PlayerId) {
        let mut s = root.clone();
        let mut node = 0usize;
        let mut path = vec![0usize];
        loop {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    if !matches!(self.nodes[node].edges, Edges::Chance(_)) {
                        self.nodes[node].edges = Edges::Chance(Vec::new());
                    }
                    let Some(c) = s.sample_chance(&mut self.rng) else { break };
                    let Edges::Chance(children) = &self.nodes[node].edges else { break };
                    let found = children.iter().find(|(k, _)| *k == c).map(|&(_, i)| i);
                    let full = children.len() >= self.cfg.chance_width;
                    let (c, next, fresh) = match found {
                        Some(i) => (c, i, false),
                        None if !full => {
                            let i = self.nodes.len();
                            self.nodes.push(Node::new());
                            if let Edges::Chance(ch) = &mut self.nodes[node].edges {
                                ch.push((c.clone(), i));
                            }
                            (c, i, true)
                        }
                        None => {
                            let k = below(&mut self.rng, children.len());
                            (children[k].0.clone(), children[k].1, false)
                        }
                    };
                    if s.apply_chance(&c).is_err() {
                        break;
                    }
                    node = next;
                    path.push(node);
                    if fresh {
                        break;
                    }
                }
                act => {
                    let Some(p) = Self::decider(act, me) else { break };
                    if matches!(self.nodes[node].edges, Edges::Unexpanded) {
                        let mut untried = Vec::new();
                        s.legal_moves(p, &mut untried);
                        self.nodes[node].edges = Edges::Decision { untried, children: Vec::new() };
                    }
                    let n_visits = self.nodes[node].visits;
                    let fresh = self.nodes.len();
                    let Edges::Decision { untried, children } = &mut self.nodes[node].edges else { break };
                    if !untried.is_empty() {
                        let k = below(&mut self.rng, untried.len());
                        let mv = untried.swap_remove(k);
                        children.push((mv, fresh));
                        self.nodes.push(Node::new());
                        s.play_unchecked(p, mv);
                        path.push(fresh);
                        break;
                    }
                    let Edges::Decision { children, .. } = &self.nodes[node].edges else { break };
                    if children.is_empty() {
                        break;
                    }
                    let ln = f64::from(n_visits.max(1)).ln();
                    let c = self.cfg.exploration;
                    let mut best = (f64::NEG_INFINITY, 0usize);
                    for (j, &(_, ci)) in children.iter().enumerate() {
                        let ch = &self.nodes[ci];
                        let v = f64::from(ch.visits.max(1));
                        let score = ch.totals[p.index()] / v + c * (ln / v).sqrt();
                        if score > best.0 {
                            best = (score, j);
                        }
                    }
                    let Edges::Decision { children, .. } = &self.nodes[node].edges else { break };
                    let (mv, ci) = children[best.1];
                    s.play_unchecked(p, mv);
                    node = ci;
                    path.push(node);
                }
            }
        }
        let values = self.rollout(&mut s);
        for &i in &path {
            let n = &mut self.nodes[i];
            n.visits += 1;
            for (t, v) in n.totals.iter_mut().zip(values.iter()) {
                *t += v;
            }
        }
    }

    fn rollout(&mut self, s: &mut G) -> [f64; MAX_PLAYERS] {
        let mut values = [0.0; MAX_PLAYERS];
        for _ in 0..self.cfg.rollout_limit {
            match s.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    if s.resolve_chance(&mut self.rng).is_none() {
                        return values;
                    }
                }
                act => {
                    let Some(p) = act.next_decider() else { return values };
                    s.legal_moves(p, &mut self.buf);
                    if self.buf.is_empty() {
                        return values;
                    }
                    let mv = self.buf[below(&mut self.rng, self.buf.len())];
                    s.play_unchecked(p, mv);
                }
            }
        }
        if let Some(o) = s.outcome() {
            for (i, v) in values.iter_mut().enumerate().take(o.players()) {
                *v = o.value_for(PlayerId(i as u8));
            }
        }
        values
    }
}
