//! Monte Carlo search over a graph of positions: the tree's nodes merged by
//! their Zobrist hash, for sequential games.

// Node and edge indices are `u32`; visit counts convert to `f64` exactly.
#![allow(clippy::cast_possible_truncation)]

use crate::budget::{Budget, Meter, TurnClock};
use crate::hash::FxMap;
use crate::policy::{Policy, playout};
use game_core::bot::{Bot, Evaluation};
use game_core::rng::{GameRng, below, seeded};
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct, Zobrist};

/// No node.
const NONE: u32 = u32::MAX;

/// The value of a won game ([`Outcome::value_for`](game_core::Outcome::value_for)):
/// a solved move worth it for its mover solves the node it leaves.
const WIN_VALUE: f64 = 1.0;

/// The share of a turn's time budget its first search takes; the rest is
/// kept for the later moves of the turn (see [`DagMcts`]).
pub const FIRST_SHARE: f64 = 0.95;

/// Settings of [`DagMcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DagConfig {
    /// Search budget per turn (a time budget is the whole turn's).
    pub budget: Budget,
    /// UCT exploration constant (values are in `[-1, 1]`).
    pub exploration: f64,
    /// Longest playout in plies from a new node; an unfinished playout is
    /// scored by [`Policy::evaluate`] (0: the leaf is evaluated as it is).
    pub playout_limit: u32,
    /// Under a time budget, the clock is read every this many iterations.
    pub check_every: u32,
    /// Iterations searched again for each later move of a turn whose
    /// position the first search visited fewer times than this.
    pub later_iterations: u32,
    /// Nodes kept at most; a bigger graph is dropped before the next turn
    /// (a smaller one is kept: the next turn's positions are found in it
    /// by their hash).
    pub max_nodes: usize,
    /// Longest path of one iteration (a guard against repeated positions).
    pub max_depth: usize,
}

impl Default for DagConfig {
    fn default() -> Self {
        DagConfig {
            budget: Budget::Iterations(1000),
            exploration: 1.0,
            playout_limit: 0,
            check_every: 16,
            later_iterations: 200,
            max_nodes: 600_000,
            max_depth: 1000,
        }
    }
}

/// A position of the graph: its visits, the sums of every player's
/// values backed up through it, and its edges `edges[first..first + len]`
/// (`len` is 0 until it is expanded, by `mover`'s moves). A solved node's
/// exact values are `exact`: a finished game's, or, once every move is
/// solved or one wins outright, the best solved move's for the mover.
#[derive(Clone, Copy)]
struct Node {
    visits: u32,
    expanded: bool,
    solved: bool,
    mover: PlayerId,
    first: u32,
    len: u32,
    totals: [f64; MAX_PLAYERS],
    exact: [f64; MAX_PLAYERS],
}

/// A move out of a node: the times an iteration took it, the sum of the
/// values those iterations had for the node's mover, and the node it leads
/// to (`NONE` until first taken).
#[derive(Clone, Copy)]
struct Edge<M> {
    mv: M,
    visits: u32,
    child: u32,
    total: f64,
}

/// Monte Carlo tree search whose tree is a graph: positions reached by
/// different move orders (a Paper Soccer bounce drawn in another order) are
/// one node, found by [`Zobrist::zobrist`].
///
/// * For sequential games ([`ToAct::Player`] at every node; repeated turns
///   of one player need nothing special). A chance or simultaneous node
///   ends the iteration's walk, and the playout policy goes on from it.
/// * What two paths into a position share is the node: its moves, their
///   statistics below it, and every player's value sums (max-n, for
///   [`Bot::evaluate`]). The player to move picks an edge by UCB1 on the
///   edge's own visits and values (kept in the parent's edge array, so a
///   selection reads no other node).
/// * Solved positions: a finished game is solved with its outcome's values,
///   and so is a new node the evaluation (without playout) scores exactly
///   1 (a certain win) for the player to move there;
///   a node is solved when its mover has a move to a node solved as a win
///   for it, or every move is solved (then by the mover's best). An
///   iteration stops at a solved node and backs up its exact values; a
///   solved root ends the search, and a winning move is played first.
/// * New nodes are scored by [`Policy::evaluate`] after at most
///   [`DagConfig::playout_limit`] plies of [`Policy::pick`] (0: at once),
///   so a game brings its evaluation as a policy
///   ([`EvalCut`](crate::EvalCut)).
/// * A whole turn ([`Bot::turn`]) is searched once with the turn's budget
///   and played along the most visited edges while the same player is to
///   move; a later move of the turn whose node was seldom visited gets
///   [`DagConfig::later_iterations`] more iterations.
/// * The graph is kept from turn to turn (the new position is looked up
///   by its hash) until it outgrows [`DagConfig::max_nodes`].
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{Budget, DagConfig, DagMcts, UniformRandom};
/// use paper_soccer::PaperSoccer;
/// use game_core::{Game, PlayerId};
///
/// let cfg = DagConfig { budget: Budget::Iterations(500), playout_limit: 200, ..DagConfig::default() };
/// let mut dag = DagMcts::with_policy(cfg, UniformRandom, 1);
/// let start = PaperSoccer::default();
/// let mut after = start;
/// for step in dag.turn(&start, PlayerId(0)) {
///     after.play(PlayerId(0), step).unwrap();
/// }
/// assert_ne!(after.to_move(), Some(PlayerId(0)), "a whole turn");
/// ```
pub struct DagMcts<G: Game + Zobrist, P: Policy<G>> {
    clock: TurnClock,
    cfg: DagConfig,
    policy: P,
    rng: GameRng,
    nodes: Vec<Node>,
    edges: Vec<Edge<G::Move>>,
    index: FxMap<u64, u32>,
    /// The state an iteration walks and plays out, reused (`clone_from`).
    scratch: Option<G>,
    buf: Vec<G::Move>,
    /// The nodes and edges of an iteration's path.
    path: Vec<(u32, u32)>,
    iterations: u64,
}

impl<G: Game + Zobrist, P: Policy<G>> DagMcts<G, P> {
    /// A search with a policy (the leaf evaluation and any playout) and its
    /// own seed.
    pub fn with_policy(cfg: DagConfig, policy: P, seed: u64) -> DagMcts<G, P> {
        DagMcts {
            clock: TurnClock::default(),
            cfg,
            policy,
            rng: seeded(seed),
            nodes: Vec::new(),
            edges: Vec::new(),
            index: FxMap::default(),
            scratch: None,
            buf: Vec::new(),
            path: Vec::new(),
            iterations: 0,
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &DagConfig {
        &self.cfg
    }

    /// Iterations run since the bot was made (every search of every turn).
    #[must_use]
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Distinct positions in the graph now.
    #[must_use]
    pub fn graph_size(&self) -> usize {
        self.nodes.len()
    }

    /// The node of the position with hash `key`, if the graph has it.
    #[must_use]
    pub fn node_of(&self, key: u64) -> Option<usize> {
        self.index.get(&key).map(|&n| n as usize)
    }

    /// Drops the whole graph.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.index.clear();
    }

    /// The node of `state`, made when missing (`true` when new).
    fn node_for(&mut self, state: &G) -> (u32, bool) {
        let key = state.zobrist();
        if let Some(&n) = self.index.get(&key) {
            return (n, false);
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(Node {
            visits: 0,
            expanded: false,
            solved: false,
            mover: PlayerId(0),
            first: 0,
            len: 0,
            totals: [0.0; MAX_PLAYERS],
            exact: [0.0; MAX_PLAYERS],
        });
        self.index.insert(key, n);
        (n, true)
    }

    /// Searches `state` with `budget` and returns the moves of the player
    /// to move with their visits, most visited first (empty when no single
    /// player is to move).
    pub fn search(&mut self, state: &G, budget: Budget) -> Vec<(G::Move, u32)> {
        if self.nodes.len() > self.cfg.max_nodes {
            self.clear();
        }
        let (root, _) = self.node_for(state);
        // A root its evaluation solved has no moves yet: the winning one is
        // still to be found.
        let r = &mut self.nodes[root as usize];
        if r.solved && !r.expanded && !state.is_over() {
            r.solved = false;
        }
        let mut scratch = self.scratch.take().unwrap_or_else(|| state.clone());
        let mut meter = Meter::start(budget, self.cfg.check_every);
        while !self.nodes[root as usize].solved && meter.go_on() {
            scratch.clone_from(state);
            self.iterate(&mut scratch, root);
        }
        self.iterations += u64::from(meter.iterations());
        self.scratch = Some(scratch);
        match state.to_act() {
            ToAct::Player(p) => self.ranked(root, p),
            _ => Vec::new(),
        }
    }

    /// The moves of `node`: a move solved as a win for `mover` first, then
    /// the most visited (a tie: the better value for `mover`).
    fn ranked(&self, node: u32, mover: PlayerId) -> Vec<(G::Move, u32)> {
        let n = self.nodes[node as usize];
        let wins = |child: u32| {
            self.nodes.get(child as usize).is_some_and(|c| c.solved && c.exact[mover.index()] >= WIN_VALUE)
        };
        let mut out: Vec<(G::Move, (bool, u32), f64)> = self.edges[n.first as usize..(n.first + n.len) as usize]
            .iter()
            .map(|e| (e.mv, (wins(e.child), e.visits), e.total / f64::from(e.visits.max(1))))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        out.into_iter().map(|(m, (_, v), _)| (m, v)).collect()
    }

    /// The mean value of `node` for `player` (0 when unvisited or absent).
    fn mean(&self, node: u32, player: PlayerId) -> f64 {
        match self.nodes.get(node as usize) {
            Some(n) if n.solved => n.exact[player.index()],
            Some(n) if n.visits > 0 => n.totals[player.index()] / f64::from(n.visits),
            _ => 0.0,
        }
    }

    /// The budget of one search of a turn whose whole budget is `whole`:
    /// the first search takes [`FIRST_SHARE`] of a time budget; a later
    /// one, at `s`, half the time left (or [`DagConfig::later_iterations`]
    /// under an iteration budget) when the graph has visited `s` fewer
    /// times than that, else one iteration.
    fn move_budget(&self, whole: Budget, s: &G, first: bool) -> Budget {
        match whole {
            Budget::Time(t) if first => Budget::Time(t.mul_f64(FIRST_SHARE)),
            Budget::Iterations(_) if first => whole,
            _ => {
                let seen = self.node_of(s.zobrist()).map_or(0, |n| self.nodes[n].visits);
                if seen >= self.cfg.later_iterations {
                    return Budget::Iterations(1);
                }
                let mut left = Budget::Iterations(self.cfg.later_iterations);
                self.clock.before_move(&mut left);
                match left {
                    Budget::Time(t) => Budget::Time(t / 2),
                    it => it,
                }
            }
        }
    }

    /// Lists the moves of `node` (the policy's [`Policy::tree_moves`]), in
    /// a shuffled order for the first tries.
    fn expand(&mut self, s: &G, node: u32, player: PlayerId) {
        s.legal_moves(player, &mut self.buf);
        self.policy.tree_moves(s, player, &mut self.buf);
        let first = self.edges.len();
        self.edges.extend(self.buf.iter().map(|&mv| Edge { mv, visits: 0, child: NONE, total: 0.0 }));
        let edges = &mut self.edges[first..];
        for i in (1..edges.len()).rev() {
            edges.swap(i, below(&mut self.rng, i + 1));
        }
        let n = &mut self.nodes[node as usize];
        n.expanded = true;
        n.mover = player;
        n.first = first as u32;
        n.len = self.buf.len() as u32;
    }

    /// The edge `player` takes at `node`: an untried one first (in shuffled
    /// order), else UCB1 on the value of the node each leads to.
    fn select(&self, node: u32) -> u32 {
        let n = self.nodes[node as usize];
        let edges = &self.edges[n.first as usize..(n.first + n.len) as usize];
        if let Some(j) = edges.iter().position(|e| e.visits == 0) {
            return j as u32;
        }
        let c2 = self.cfg.exploration * self.cfg.exploration * f64::from(n.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, 0u32);
        for (j, e) in edges.iter().enumerate() {
            let v = f64::from(e.visits);
            let score = e.total / v + (c2 / v).sqrt();
            if score > best.0 {
                best = (score, j as u32);
            }
        }
        best.1
    }

    /// One iteration from `root` (`s` is its state, walked and played out).
    fn iterate(&mut self, s: &mut G, root: u32) {
        self.path.clear();
        let mut node = root;
        let mut fresh = false;
        while !fresh && !self.nodes[node as usize].solved && self.path.len() < self.cfg.max_depth {
            let ToAct::Player(p) = s.to_act() else { break };
            if !self.nodes[node as usize].expanded {
                self.expand(s, node, p);
            }
            if self.nodes[node as usize].len == 0 {
                break;
            }
            let j = self.select(node);
            let e = (self.nodes[node as usize].first + j) as usize;
            s.play_unchecked(p, self.edges[e].mv);
            self.path.push((node, e as u32));
            node = self.edges[e].child;
            if node == NONE {
                let (c, new) = self.node_for(s);
                self.edges[e].child = c;
                (node, fresh) = (c, new);
            }
        }
        let mut values = [0.0; MAX_PLAYERS];
        let leaf = self.nodes[node as usize];
        if leaf.solved {
            values = leaf.exact;
        } else if let Some(o) = s.outcome() {
            for (i, v) in values.iter_mut().enumerate().take(o.players()) {
                *v = o.value_for(PlayerId(i as u8));
            }
            let n = &mut self.nodes[node as usize];
            (n.solved, n.exact) = (true, values);
        } else {
            playout(s, &mut self.policy, self.cfg.playout_limit, &mut self.rng, &mut self.buf, &mut values);
            // The evaluation of the leaf itself proving a win for its mover.
            if let (0, ToAct::Player(p)) = (self.cfg.playout_limit, s.to_act()) {
                if values[p.index()] >= WIN_VALUE {
                    let n = &mut self.nodes[node as usize];
                    (n.solved, n.exact) = (true, values);
                }
            }
        }
        let mut solving = self.nodes[node as usize].solved;
        for k in (0..self.path.len()).rev() {
            let (n, e) = self.path[k];
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            edge.total += values[self.nodes[n as usize].mover.index()];
            add(&mut self.nodes[n as usize], &values);
            solving = solving && self.solve(n);
        }
        add(&mut self.nodes[node as usize], &values);
    }

    /// Marks `node` solved when its mover has a solved move worth the most a
    /// game can give ([`WIN_VALUE`]), or every move is solved (then the
    /// best of them for the mover); whether it is solved.
    fn solve(&mut self, node: u32) -> bool {
        let n = self.nodes[node as usize];
        if n.solved {
            return true;
        }
        let p = n.mover.index();
        let mut best: Option<[f64; MAX_PLAYERS]> = None;
        let mut every = n.len > 0;
        for e in &self.edges[n.first as usize..(n.first + n.len) as usize] {
            let Some(c) = self.nodes.get(e.child as usize).filter(|c| c.solved) else {
                every = false;
                continue;
            };
            if c.exact[p] >= WIN_VALUE {
                best = Some(c.exact);
                every = true;
                break;
            }
            match best {
                Some(b) if b[p] >= c.exact[p] => {}
                _ => best = Some(c.exact),
            }
        }
        match best {
            Some(exact) if every => {
                let n = &mut self.nodes[node as usize];
                (n.solved, n.exact) = (true, exact);
                true
            }
            _ => false,
        }
    }
}

/// Counts one visit of `node` with `values`.
fn add(node: &mut Node, values: &[f64; MAX_PLAYERS]) {
    node.visits += 1;
    for (t, v) in node.totals.iter_mut().zip(values) {
        *t += v;
    }
}

impl<G: Game + Zobrist, P: Policy<G>> Bot<G> for DagMcts<G, P> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        let mut budget = self.cfg.budget;
        self.clock.before_move(&mut budget);
        let mut buf = std::mem::take(&mut self.buf);
        let chosen = crate::choose_among(state, me, &mut buf, || self.search(state, budget).first().map(|&(m, _)| m));
        self.buf = buf;
        chosen
    }

    /// The turn searched once, then played along the most visited moves
    /// while `me` is to move (see [`DagMcts`]).
    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        let mut whole = self.cfg.budget;
        self.clock.before_move(&mut whole);
        let mut s = state.clone();
        let mut moves = Vec::new();
        while s.to_act() == ToAct::Player(me) {
            s.legal_moves(me, &mut self.buf);
            let mv = match self.buf.len() {
                0 => break,
                1 => self.buf[0],
                _ => {
                    let budget = self.move_budget(whole, &s, moves.is_empty());
                    let first = self.buf[0];
                    self.search(&s, budget).first().map_or(first, |&(m, _)| m)
                }
            };
            if s.play(me, mv).is_err() {
                break;
            }
            moves.push(mv);
        }
        self.clock.end_turn();
        moves
    }

    /// `me`'s best move and every player's value at `state` after a search
    /// with the configured budget (the graph kept).
    fn evaluate(&mut self, state: &G, me: PlayerId) -> Option<Evaluation<G::Move>> {
        let ranked = self.search(state, self.cfg.budget);
        let root = self.node_of(state.zobrist())?;
        let n = self.nodes[root];
        let mut values = [0.0; MAX_PLAYERS];
        for (i, v) in values.iter_mut().enumerate().take(state.players()) {
            *v = self.mean(root as u32, PlayerId(i as u8));
        }
        let best = if state.to_act() == ToAct::Player(me) { ranked.first().map(|&(m, _)| m) } else { None };
        Some(Evaluation { best, visits: n.visits, values })
    }

    /// A time budget is the whole turn's; an iteration budget replaces the
    /// configured one.
    fn set_budget(&mut self, budget: Budget) {
        self.clock.set(budget, &mut self.cfg.budget);
    }
}
