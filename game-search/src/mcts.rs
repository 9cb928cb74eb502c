//! Monte Carlo tree search: UCT, max-n values, decoupled simultaneous nodes.

// Node and arm indices are `u32` (a tree of 4 billion nodes does not fit in
// memory anyway); visit counts convert to `f64` exactly.
#![allow(clippy::cast_possible_truncation)]

use crate::budget::{Budget, Meter, TurnClock};
use crate::hash::FxMap;
use crate::policy::{Policy, UniformRandom, playout};
use game_core::bot::{Bot, Evaluation, move_by_move};
use game_core::rng::{GameRng, below, seeded};
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};

/// No node / no arm.
const NONE: u32 = u32::MAX;

/// Settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Search budget per move.
    pub budget: Budget,
    /// UCT exploration constant (values are in `[-1, 1]`).
    pub exploration: f64,
    /// Longest playout in plies; an unfinished playout is scored by
    /// [`Policy::evaluate`].
    pub playout_limit: u32,
    /// Most distinct sampled outcomes kept per chance node; further ones
    /// are played out without a tree node.
    pub chance_width: usize,
    /// Under a time budget, the clock is read every this many iterations.
    pub check_every: u32,
    /// Whether the tree of the previous move is kept when the new position
    /// is found in it within a few plies.
    pub reuse_tree: bool,
    /// Nodes kept at most; a bigger tree is dropped before the next search.
    pub max_nodes: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1000),
            exploration: 1.0,
            playout_limit: 1000,
            chance_width: 8,
            check_every: 16,
            reuse_tree: true,
            max_nodes: 2_000_000,
        }
    }
}

/// One move of one acting player at a node, with that player's statistics.
#[derive(Clone, Copy)]
struct Arm<M> {
    mv: M,
    visits: u32,
    /// Sum of the arm's player's values.
    total: f64,
    /// The child (nodes with one actor only; joint children are in the
    /// tree's joint table).
    child: u32,
}

/// An acting player of a decision node: its arms are
/// `arms[first..first + len]`, the first `tried` of them visited (arms are
/// shuffled once at expansion and tried in that order).
#[derive(Clone, Copy)]
struct Actor {
    player: PlayerId,
    first: u32,
    len: u32,
    tried: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Not expanded yet.
    Leaf,
    /// Actors `actors[first..first + len]`.
    Decision,
    /// Children `chance[first..first + len]` (room for
    /// [`MctsConfig::chance_width`] of them).
    Chance,
}

/// A tree node; its edges live in the tree's flat arrays.
#[derive(Clone, Copy)]
struct Node {
    visits: u32,
    kind: Kind,
    first: u32,
    len: u32,
}

impl Node {
    const fn new() -> Self {
        Node { visits: 0, kind: Kind::Leaf, first: 0, len: 0 }
    }
}

/// A node on the path of an iteration and the arm each actor took there.
#[derive(Clone, Copy)]
struct Step {
    node: u32,
    picks: [u32; MAX_PLAYERS],
}

/// Monte Carlo tree search for any [`Game`].
///
/// * **Max-n values**: every arm keeps the sum of its player's
///   [`Outcome::value_for`](game_core::Outcome::value_for), so N players,
///   repeated turns (Paper Soccer bounces) and eliminated players
///   (Quoridor) need nothing special: [`Game::to_act`] is asked at every
///   node.
/// * **Decoupled UCT** at [`ToAct::Simultaneous`] nodes: each acting player
///   selects its own move by its own statistics (UCB1 on its arms), the
///   joint move is applied, and the child is found by the joint move.
/// * **Chance** nodes are sampled; up to [`MctsConfig::chance_width`]
///   distinct outcomes get their own child.
/// * **Tree reuse**: the next search starts from the old tree when the new
///   position is within three plies of the old root along stored edges.
/// * Playouts follow a [`Policy`] ([`UniformRandom`] by default) and reuse
///   their buffers.
///
/// ```
/// use game_core::bot::Bot;
/// use game_search::{Budget, Mcts, MctsConfig};
/// use game_core::PlayerId;
/// use nim::Nim;
///
/// let cfg = MctsConfig { budget: Budget::Iterations(3000), ..MctsConfig::default() };
/// let mut mcts = Mcts::new(cfg, 7);
/// // From 7 stones (take 1 to 3), taking 3 leaves a multiple of 4.
/// assert_eq!(mcts.choose(&Nim::new(7, 3), PlayerId(0)), Some(3));
/// ```
pub struct Mcts<G: Game, P: Policy<G> = UniformRandom> {
    /// The current turn's deadline, if it has one.
    clock: TurnClock,
    cfg: MctsConfig,
    policy: P,
    rng: GameRng,
    /// The tree: nodes, and their edges in flat arrays (no allocation per
    /// node once the arrays have grown).
    nodes: Vec<Node>,
    actors: Vec<Actor>,
    arms: Vec<Arm<G::Move>>,
    chance: Vec<Option<(G::Chance, u32)>>,
    joint: FxMap<(u32, [u32; MAX_PLAYERS]), u32>,
    root: u32,
    root_state: Option<G>,
    /// The state an iteration walks and plays out, reused (`clone_from`).
    scratch: Option<G>,
    buf: Vec<G::Move>,
    path: Vec<Step>,
    iterations: u32,
}

impl<G: Game> Mcts<G> {
    /// A search with uniformly random playouts and its own seed.
    #[must_use]
    pub fn new(cfg: MctsConfig, seed: u64) -> Mcts<G> {
        Mcts::with_policy(cfg, UniformRandom, seed)
    }
}

impl<G: Game, P: Policy<G>> Mcts<G, P> {
    /// A search with a playout policy and its own seed.
    pub fn with_policy(cfg: MctsConfig, policy: P, seed: u64) -> Mcts<G, P> {
        Mcts {
            clock: TurnClock::default(),
            cfg,
            policy,
            rng: seeded(seed),
            nodes: Vec::new(),
            actors: Vec::new(),
            arms: Vec::new(),
            chance: Vec::new(),
            joint: FxMap::default(),
            root: 0,
            root_state: None,
            scratch: None,
            buf: Vec::new(),
            path: Vec::new(),
            iterations: 0,
        }
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    /// Iterations run by the last [`search`](Mcts::search).
    #[must_use]
    pub fn last_iterations(&self) -> u32 {
        self.iterations
    }

    /// Nodes in the tree now (the reused part included).
    #[must_use]
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Runs the search from `state` and returns `me`'s root moves with their
    /// visit counts, most visited first (empty when `me` does not act).
    pub fn search(&mut self, state: &G, me: PlayerId) -> Vec<(G::Move, u32)> {
        self.prepare_root(state);
        let mut scratch = self.scratch.take().unwrap_or_else(|| state.clone());
        let mut meter = Meter::start(self.cfg.budget, self.cfg.check_every);
        while meter.go_on() {
            scratch.clone_from(state);
            self.iterate(&mut scratch);
        }
        self.scratch = Some(scratch);
        self.iterations = meter.iterations();
        let root = self.nodes[self.root as usize];
        let mut out: Vec<(G::Move, u32, f64)> = Vec::new();
        if root.kind == Kind::Decision {
            for a in &self.actors[root.first as usize..(root.first + root.len) as usize] {
                if a.player == me {
                    out.extend(
                        self.arms[a.first as usize..(a.first + a.len) as usize]
                            .iter()
                            .map(|arm| (arm.mv, arm.visits, arm.total / f64::from(arm.visits.max(1)))),
                    );
                }
            }
        }
        out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        out.into_iter().map(|(m, n, _)| (m, n)).collect()
    }

    /// Evaluates `state` for every player with a fresh tree and the
    /// configured budget, and finds `me`'s best move (the most visited
    /// root arm, as [`search`](Mcts::search) ranks them).
    ///
    /// A player's value is the mean of the values backed up through the
    /// root's *principal* arm: its own most visited arm when it acts at the
    /// root (at a simultaneous root, against the others' search mixture),
    /// otherwise the most visited arm of `me` if `me` acts, else of the
    /// first acting player. At a chance root (or before any arm is
    /// visited) it is the mean over every iteration. At the end of the game
    /// the values are the outcome's. Besides the tree's own arrays, the
    /// evaluation allocates one small table for the root's arms.
    pub fn evaluate(&mut self, state: &G, me: PlayerId) -> Evaluation<G::Move> {
        let mut values = [0.0; MAX_PLAYERS];
        if let Some(o) = state.outcome() {
            for (i, v) in values.iter_mut().enumerate().take(state.players()) {
                *v = o.value_for(PlayerId(i as u8));
            }
            return Evaluation { best: None, visits: 0, values };
        }
        self.root_state = None;
        self.prepare_root(state);
        let mut scratch = self.scratch.take().unwrap_or_else(|| state.clone());
        let mut meter = Meter::start(self.cfg.budget, self.cfg.check_every);
        // Per root arm (the root's arms are contiguous from `base`): the
        // iterations through it and the sums of every player's values.
        let mut base = 0usize;
        let mut per_arm: Vec<(u32, [f64; MAX_PLAYERS])> = Vec::new();
        let mut total = [0.0; MAX_PLAYERS];
        let mut n = 0u32;
        while meter.go_on() {
            scratch.clone_from(state);
            let v = self.iterate(&mut scratch);
            n += 1;
            for (t, x) in total.iter_mut().zip(v) {
                *t += x;
            }
            let node = self.nodes[self.root as usize];
            if node.kind != Kind::Decision || self.path[0].picks[0] == NONE {
                continue;
            }
            if per_arm.is_empty() {
                let first = self.actors[node.first as usize];
                let last = self.actors[(node.first + node.len - 1) as usize];
                base = first.first as usize;
                per_arm.resize((last.first + last.len) as usize - base, (0, [0.0; MAX_PLAYERS]));
            }
            for k in 0..node.len {
                let a = self.actors[(node.first + k) as usize];
                let (count, sums) = &mut per_arm[(a.first + self.path[0].picks[k as usize]) as usize - base];
                *count += 1;
                for (t, x) in sums.iter_mut().zip(v) {
                    *t += x;
                }
            }
        }
        self.scratch = Some(scratch);
        self.iterations = meter.iterations();
        let mean = |sum: f64, count: u32| sum / f64::from(count.max(1));
        for (i, v) in values.iter_mut().enumerate() {
            *v = mean(total[i], n);
        }
        let root = self.nodes[self.root as usize];
        let mut best = None;
        if root.kind == Kind::Decision && !per_arm.is_empty() {
            let actors = &self.actors[root.first as usize..(root.first + root.len) as usize];
            // An actor's principal arm: its most visited, the better on a tie.
            let principal = |a: &Actor| {
                (a.first..a.first + a.len).map(|j| j as usize - base).max_by(|&x, &y| {
                    let (p, q) = (per_arm[x], per_arm[y]);
                    p.0.cmp(&q.0).then(mean(p.1[a.player.index()], p.0).total_cmp(&mean(q.1[a.player.index()], q.0)))
                })
            };
            let lead = actors.iter().find(|a| a.player == me).or(actors.first());
            if let Some(j) = lead.and_then(principal).filter(|&j| per_arm[j].0 > 0) {
                for (i, v) in values.iter_mut().enumerate() {
                    *v = mean(per_arm[j].1[i], per_arm[j].0);
                }
                best = lead.filter(|a| a.player == me).map(|_| self.arms[base + j].mv);
            }
            for a in actors {
                if let Some(j) = principal(a).filter(|&j| per_arm[j].0 > 0) {
                    values[a.player.index()] = mean(per_arm[j].1[a.player.index()], per_arm[j].0);
                }
            }
        }
        Evaluation { best, visits: n, values }
    }

    fn reset(&mut self) {
        self.nodes.clear();
        self.actors.clear();
        self.arms.clear();
        self.chance.clear();
        self.joint.clear();
        self.nodes.push(Node::new());
        self.root = 0;
    }

    /// Keeps the old tree when `state` is found in it, else starts afresh.
    fn prepare_root(&mut self, state: &G) {
        let found = match &self.root_state {
            Some(old) if self.cfg.reuse_tree && self.nodes.len() < self.cfg.max_nodes => self.find(old, state),
            _ => None,
        };
        match found {
            Some(n) => self.root = n,
            None => self.reset(),
        }
        match &mut self.root_state {
            Some(s) => s.clone_from(state),
            None => self.root_state = Some(state.clone()),
        }
    }

    /// The node of `target` within three plies of the root along stored
    /// single-actor and chance edges (a bounded breadth-first search).
    fn find(&self, old: &G, target: &G) -> Option<u32> {
        let mut frontier = vec![(self.root, old.clone())];
        for _ in 0..=3 {
            let mut next = Vec::new();
            for (n, s) in frontier {
                if s == *target {
                    return Some(n);
                }
                let node = self.nodes[n as usize];
                match node.kind {
                    Kind::Decision if node.len == 1 => {
                        let a = self.actors[node.first as usize];
                        for arm in
                            self.arms[a.first as usize..(a.first + a.len) as usize].iter().filter(|a| a.child != NONE)
                        {
                            let mut t = s.clone();
                            t.play_unchecked(a.player, arm.mv);
                            next.push((arm.child, t));
                        }
                    }
                    Kind::Chance => {
                        for (c, child) in
                            self.chance[node.first as usize..(node.first + node.len) as usize].iter().flatten()
                        {
                            let mut t = s.clone();
                            if t.apply_chance(c).is_ok() {
                                next.push((*child, t));
                            }
                        }
                    }
                    _ => {}
                }
                if next.len() > 4096 {
                    return None;
                }
            }
            frontier = next;
        }
        None
    }

    fn new_node(&mut self) -> u32 {
        self.nodes.push(Node::new());
        (self.nodes.len() - 1) as u32
    }

    fn expand(&mut self, s: &G, node: u32, act: ToAct) {
        let players = match act {
            ToAct::Player(p) => game_core::PlayerSet::EMPTY.with(p),
            ToAct::Simultaneous(set) => set,
            ToAct::Chance | ToAct::Over => game_core::PlayerSet::EMPTY,
        };
        let first_actor = self.actors.len() as u32;
        for p in players.iter() {
            s.legal_moves(p, &mut self.buf);
            self.policy.tree_moves(s, p, &mut self.buf);
            let first = self.arms.len();
            self.arms.extend(self.buf.iter().map(|&mv| Arm { mv, visits: 0, total: 0.0, child: NONE }));
            let arms = &mut self.arms[first..];
            for i in (1..arms.len()).rev() {
                arms.swap(i, below(&mut self.rng, i + 1));
            }
            self.actors.push(Actor { player: p, first: first as u32, len: self.buf.len() as u32, tried: 0 });
        }
        self.nodes[node as usize] = Node {
            kind: Kind::Decision,
            first: first_actor,
            len: self.actors.len() as u32 - first_actor,
            ..self.nodes[node as usize]
        };
    }

    /// The arm an actor takes: the next untried one (in shuffled order),
    /// else UCB1 over its arms.
    fn select(&mut self, actor: u32, parent_visits: u32) -> u32 {
        let a = &mut self.actors[actor as usize];
        if a.tried < a.len {
            a.tried += 1;
            return a.tried - 1;
        }
        let arms = &self.arms[a.first as usize..(a.first + a.len) as usize];
        let c2 = self.cfg.exploration * self.cfg.exploration * f64::from(parent_visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, 0u32);
        for (j, arm) in arms.iter().enumerate() {
            let v = f64::from(arm.visits.max(1));
            let score = arm.total / v + (c2 / v).sqrt();
            if score > best.0 {
                best = (score, j as u32);
            }
        }
        best.1
    }

    /// One iteration from the root (`s` is the root's state, walked and
    /// played out); returns the playout's values, by player.
    fn iterate(&mut self, s: &mut G) -> [f64; MAX_PLAYERS] {
        self.path.clear();
        let mut node = self.root;
        let none = [NONE; MAX_PLAYERS];
        loop {
            match s.to_act() {
                ToAct::Over => {
                    self.path.push(Step { node, picks: none });
                    break;
                }
                ToAct::Chance => {
                    self.path.push(Step { node, picks: none });
                    let width = self.cfg.chance_width;
                    if self.nodes[node as usize].kind == Kind::Leaf {
                        let first = self.chance.len() as u32;
                        self.chance.resize(self.chance.len() + width, None);
                        self.nodes[node as usize] =
                            Node { kind: Kind::Chance, first, len: 0, ..self.nodes[node as usize] };
                    }
                    let Some(c) = s.sample_chance(&mut self.rng) else { break };
                    if s.apply_chance(&c).is_err() {
                        break;
                    }
                    let n = self.nodes[node as usize];
                    let slots = &self.chance[n.first as usize..(n.first + n.len) as usize];
                    if let Some(child) = slots.iter().flatten().find(|(k, _)| *k == c).map(|&(_, child)| child) {
                        node = child;
                        continue;
                    }
                    if n.len as usize >= width {
                        break;
                    }
                    let child = self.new_node();
                    self.chance[(n.first + n.len) as usize] = Some((c, child));
                    self.nodes[node as usize].len += 1;
                    self.path.push(Step { node: child, picks: none });
                    break;
                }
                act => {
                    if self.nodes[node as usize].kind == Kind::Leaf {
                        self.expand(s, node, act);
                    }
                    let n = self.nodes[node as usize];
                    let mut picks = none;
                    let mut ok = true;
                    for k in 0..n.len {
                        let a = self.actors[(n.first + k) as usize];
                        if a.len == 0 {
                            // A player without moves: nothing to search.
                            ok = false;
                            break;
                        }
                        let j = self.select(n.first + k, n.visits);
                        picks[k as usize] = j;
                        s.play_unchecked(a.player, self.arms[(a.first + j) as usize].mv);
                    }
                    if !ok {
                        self.path.push(Step { node, picks: none });
                        break;
                    }
                    self.path.push(Step { node, picks });
                    let (child, fresh) = self.child(node, picks);
                    node = child;
                    if fresh {
                        self.path.push(Step { node, picks: none });
                        break;
                    }
                }
            }
        }
        let mut values = [0.0; MAX_PLAYERS];
        playout(s, &mut self.policy, self.cfg.playout_limit, &mut self.rng, &mut self.buf, &mut values);
        self.backprop(&values);
        values
    }

    /// The child of `node` for the arms `picks`, created when missing
    /// (`true` when fresh).
    fn child(&mut self, node: u32, picks: [u32; MAX_PLAYERS]) -> (u32, bool) {
        let n = self.nodes[node as usize];
        if n.len == 1 {
            let a = self.actors[n.first as usize];
            let arm = (a.first + picks[0]) as usize;
            let c = self.arms[arm].child;
            if c != NONE {
                return (c, false);
            }
            let c = self.new_node();
            self.arms[arm].child = c;
            return (c, true);
        }
        if let Some(&c) = self.joint.get(&(node, picks)) {
            return (c, false);
        }
        let c = self.new_node();
        self.joint.insert((node, picks), c);
        (c, true)
    }

    fn backprop(&mut self, values: &[f64; MAX_PLAYERS]) {
        for step in &self.path {
            let n = &mut self.nodes[step.node as usize];
            n.visits += 1;
            if n.kind != Kind::Decision || step.picks[0] == NONE {
                continue;
            }
            for k in 0..n.len {
                let a = self.actors[(n.first + k) as usize];
                let arm = &mut self.arms[(a.first + step.picks[k as usize]) as usize];
                arm.visits += 1;
                arm.total += values[a.player.index()];
            }
        }
    }
}

impl<G: Game, P: Policy<G>> Bot<G> for Mcts<G, P> {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self.clock.before_move(&mut self.cfg.budget);
        let mut buf = std::mem::take(&mut self.buf);
        let chosen = crate::choose_among(state, me, &mut buf, || self.search(state, me).first().map(|&(m, _)| m));
        self.buf = buf;
        chosen
    }

    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        let moves = move_by_move(self, state, me);
        self.clock.end_turn();
        moves
    }

    fn evaluate(&mut self, state: &G, me: PlayerId) -> Option<Evaluation<G::Move>> {
        Some(Mcts::evaluate(self, state, me))
    }

    /// A time budget is the whole turn's; an iteration budget replaces the
    /// configured one.
    fn set_budget(&mut self, budget: Budget) {
        self.clock.set(budget, &mut self.cfg.budget);
    }
}
