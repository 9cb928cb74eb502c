//! The game state, its rules and queries.

use crate::geometry::{Bits, Can, Geom, by_size, geom_for};
use crate::types::{Cell, Config, ConfigError, Move, Wall};
use crate::zobrist;
use game_core::{Game, GameError, NoChance, Outcome, PlayerId, PlayerSet, RngCore, ToAct, Zobrist};
use serde::{Deserialize, Serialize};

/// Marks a seat without a pawn on the board (a removed player, or seats 2
/// and 3 of a two-player game).
const NO_PAWN: u8 = 0xFF;

/// Why a move is refused. The state is unchanged after a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not this player's turn (or no such player).
    #[error("it is player {to_move}'s turn, not player {player}'s")]
    NotYourTurn {
        /// Who tried.
        player: PlayerId,
        /// Who is to move.
        to_move: PlayerId,
    },
    /// The target cell is off the board.
    #[error("cell ({}, {}) is off the board", cell.x, cell.y)]
    PawnOffBoard {
        /// The target.
        cell: Cell,
    },
    /// The pawn cannot reach that cell in one move (a wall, the edge or a
    /// pawn is in the way, or the cell is not a step, jump or side-step away).
    #[error("the pawn cannot move to ({}, {})", cell.x, cell.y)]
    IllegalPawnMove {
        /// The target.
        cell: Cell,
    },
    /// The wall's anchor is off the board (`x` or `y` above `M-2`).
    #[error("wall ({}, {}) is off the board", wall.x, wall.y)]
    WallOffBoard {
        /// The wall.
        wall: Wall,
    },
    /// The player has no walls left.
    #[error("player {player} has no walls left")]
    NoWallsLeft {
        /// Who tried.
        player: PlayerId,
    },
    /// A wall of the same orientation lies at the same anchor or one step
    /// along its length.
    #[error("wall {wall} overlaps a wall already placed")]
    WallOverlaps {
        /// The wall.
        wall: Wall,
    },
    /// A wall of the other orientation has the same anchor (they cross).
    #[error("wall {wall} crosses a wall already placed")]
    WallCrosses {
        /// The wall.
        wall: Wall,
    },
    /// The wall would leave a pawn still in the game without a path to its
    /// goal.
    #[error("wall {wall} would cut player {player} off from its goal")]
    WallBlocksPath {
        /// The wall.
        wall: Wall,
        /// The first player (in seat order) it would cut off.
        player: PlayerId,
    },
}

impl GameError for MoveError {
    fn kind(&self) -> &'static str {
        match self {
            MoveError::GameOver => "game-over",
            MoveError::NotYourTurn { .. } => "not-your-turn",
            MoveError::PawnOffBoard { .. } => "pawn-off-board",
            MoveError::IllegalPawnMove { .. } => "illegal-pawn-move",
            MoveError::WallOffBoard { .. } => "wall-off-board",
            MoveError::NoWallsLeft { .. } => "no-walls-left",
            MoveError::WallOverlaps { .. } => "wall-overlaps",
            MoveError::WallCrosses { .. } => "wall-crosses",
            MoveError::WallBlocksPath { .. } => "wall-blocks-path",
        }
    }
}

/// Why a [`Setup`] is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The configuration is invalid.
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    /// `pawns` or `walls_left` does not have one entry per player.
    #[error("{players} players but {pawns} pawn entries and {walls_left} walls-left entries")]
    PlayerCount {
        /// Players of the configuration.
        players: u8,
        /// Entries of `pawns`.
        pawns: usize,
        /// Entries of `walls_left`.
        walls_left: usize,
    },
    /// A pawn is off the board.
    #[error("pawn of player {player} is off the board")]
    PawnOffBoard {
        /// Whose pawn.
        player: PlayerId,
    },
    /// Two pawns share a cell.
    #[error("two pawns on cell ({}, {})", cell.x, cell.y)]
    SameCell {
        /// The cell.
        cell: Cell,
    },
    /// A player is removed in a two-player game, or every player is removed.
    #[error("impossible removals: {0}")]
    BadRemoval(&'static str),
    /// A wall is off the board.
    #[error("wall {wall} is off the board")]
    WallOffBoard {
        /// The wall.
        wall: Wall,
    },
    /// A wall overlaps or crosses another one (or is listed twice).
    #[error("wall {wall} overlaps or crosses another wall")]
    WallClash {
        /// The wall.
        wall: Wall,
    },
    /// A player has more walls left than its share.
    #[error("player {player} has {left} walls left, more than its share of {share}")]
    TooManyWallsLeft {
        /// Who.
        player: PlayerId,
        /// Walls left.
        left: u8,
        /// Its share.
        share: u8,
    },
    /// The walls on the board are not the walls the players used.
    #[error("{placed} walls on the board but the players used {used}")]
    WallCount {
        /// Walls on the board.
        placed: usize,
        /// Walls the players used (shares minus walls left).
        used: usize,
    },
    /// A pawn still in the game has no path to its goal.
    #[error("player {player} has no path to its goal")]
    NoPath {
        /// Who.
        player: PlayerId,
    },
    /// More than one pawn stands on its goal.
    #[error("more than one pawn stands on its goal")]
    TwoWinners,
    /// The tick is beyond the tick limit.
    #[error("tick {tick} is beyond the limit {limit}")]
    TickBeyondLimit {
        /// Turns played.
        tick: u32,
        /// The limit.
        limit: u32,
    },
    /// The player to move is not a player still in the game.
    #[error("player {0} cannot be to move")]
    BadToMove(PlayerId),
    /// The player to move has no legal move (it would have been removed).
    #[error("player {0} is to move but has no legal move")]
    Stuck(PlayerId),
}

impl GameError for SetupError {
    fn kind(&self) -> &'static str {
        match self {
            SetupError::Config(e) => e.kind(),
            SetupError::PlayerCount { .. } => "player-count",
            SetupError::PawnOffBoard { .. } => "pawn-off-board",
            SetupError::SameCell { .. } => "same-cell",
            SetupError::BadRemoval(_) => "bad-removal",
            SetupError::WallOffBoard { .. } => "wall-off-board",
            SetupError::WallClash { .. } => "wall-clash",
            SetupError::TooManyWallsLeft { .. } => "too-many-walls-left",
            SetupError::WallCount { .. } => "wall-count",
            SetupError::NoPath { .. } => "no-path",
            SetupError::TwoWinners => "two-winners",
            SetupError::TickBeyondLimit { .. } => "tick-beyond-limit",
            SetupError::BadToMove(_) => "bad-to-move",
            SetupError::Stuck(_) => "stuck",
        }
    }
}

/// A plain, serialisable description of a position (configuration included),
/// validated by [`Game::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The configuration.
    pub config: Config,
    /// Each player's pawn, `None` for a removed player.
    pub pawns: Vec<Option<Cell>>,
    /// Each player's walls left.
    pub walls_left: Vec<u8>,
    /// The walls on the board (any order; [`Game::to_setup`] lists the
    /// horizontal ones, then the vertical ones, each by row then column).
    pub walls: Vec<Wall>,
    /// Turns played so far (the tick of the turn to come is `tick + 1`).
    pub tick: u32,
    /// The player to move (when the game is over: the player who moved last,
    /// or whose turn was last).
    pub to_move: PlayerId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Status {
    Running,
    Goal,
    TickLimit,
    AllRemoved,
}

/// A Quoridor position with its configuration: 64 bytes, `Copy`.
///
/// Walls are bit sets of anchors, pawns are cell indices; the incremental
/// [`Zobrist`] hash is kept inside. See the [crate docs](crate) for the rules
/// and the decisions taken where the rules file is silent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Quoridor {
    h: u128,
    v: u128,
    hash: u64,
    tick: u32,
    /// 0 when there is no limit.
    tick_limit: u32,
    pawns: [u8; 4],
    walls_left: [u8; 4],
    m: u8,
    players: u8,
    wall_total: u8,
    first: u8,
    to_move: u8,
    status: Status,
}

impl Default for Quoridor {
    /// The contest's default game: 9 x 9, 2 players, 10 walls each, 100 ticks.
    fn default() -> Self {
        Quoridor::start(Config::default())
    }
}

// ---------------------------------------------------------------------------
// Hot paths, monomorphised on the board side `W`.

#[inline]
fn shift<const W: u32>(b: u128, dir: usize) -> u128 {
    match dir {
        0 => b << 1,
        1 => b >> 1,
        2 => b << W,
        _ => b >> W,
    }
}

/// Landing cells of the pawn on bit `me`, with `occ` the cells holding pawns.
#[inline]
fn pawn_targets_w<const W: u32>(can: &Can, me: u128, occ: u128) -> u128 {
    let dirs = [can.e, can.w, can.s, can.n];
    let mut t = 0u128;
    for d in 0..4 {
        if me & dirs[d] == 0 {
            continue;
        }
        let n = shift::<W>(me, d);
        if n & occ == 0 {
            t |= n;
        } else if n & dirs[d] != 0 {
            let b = shift::<W>(n, d);
            if b & occ == 0 {
                t |= b;
            }
        } else {
            let sides = if d < 2 { [2, 3] } else { [0, 1] };
            for s in sides {
                if n & dirs[s] != 0 {
                    let x = shift::<W>(n, s);
                    if x & occ == 0 {
                        t |= x;
                    }
                }
            }
        }
    }
    t
}

/// Anchors where a new horizontal / vertical wall would touch the walls
/// already placed or the border at two or more of its three points. Only
/// such a wall can close a loop, so only such a wall can cut a pawn off.
#[inline]
fn touch_twice<const W: u32>(g: &Geom, h: u128, v: u128) -> (u128, u128) {
    let a = g.anchors;
    let occ = (h | v | (h << 1) | (h >> 1) | (v << W) | (v >> W)) & a;
    let hl = (occ << 1) | g.a_col0;
    let hr = (occ >> 1) | g.a_col_last;
    let th = (hl & occ) | (hl & hr) | (occ & hr);
    let vt = (occ << W) | g.a_row0;
    let vb = (occ >> W) | g.a_row_last;
    let tv = (vt & occ) | (vt & vb) | (occ & vb);
    (th & a, tv & a)
}

/// Anchors where a horizontal / vertical wall fits (on the board, no overlap,
/// no crossing), paths not considered.
#[inline]
fn fitting<const W: u32>(g: &Geom, h: u128, v: u128) -> (u128, u128) {
    let a = g.anchors;
    (a & !h & !(h << 1) & !(h >> 1) & !v, a & !v & !(v << W) & !(v >> W) & !h)
}

/// Anchors (among `fh`, `fv`: the walls that fit) where a new horizontal /
/// vertical wall would close a loop: two of
/// its three points lie on the same connected piece of the walls placed (the
/// border counting as one piece with every wall touching it). Exact: a wall
/// that closes no loop makes no new enclosed area, so it cuts nobody off.
///
/// Points are the interior lattice points, numbered like anchors (point
/// `(x+1, y+1)` has the bit of anchor `(x, y)`).
fn loop_closers<const W: u32>(g: &Geom, h: u128, v: u128, (fh, fv): (u128, u128)) -> (u128, u128) {
    let a = g.anchors;
    let (th, tv) = touch_twice::<W>(g, h, v);
    let (th, tv) = (th & fh, tv & fv);
    if th | tv == 0 {
        return (0, 0);
    }
    let occ = (h | v | (h << 1) | (h >> 1) | (v << W) | (v >> W)) & a;
    // Wall segments between neighbouring points: `sh` bit i joins i and i+1,
    // `sv` bit i joins i and i+W.
    let sh = (h | (h >> 1)) & a & !g.a_col_last;
    let sv = (v | (v >> W)) & a & !g.a_row_last;
    let grow = |f: u128| f | ((f & sh) << 1) | ((f >> 1) & sh) | ((f & sv) << W) | ((f >> W) & sv);
    let flood = |seed: u128| {
        let mut f = seed;
        loop {
            let n = grow(f);
            if n == f {
                return f;
            }
            f = n;
        }
    };
    let two = |l: u128, c: u128, r: u128| (l & c) | (l & r) | (c & r);
    let border_seed = (h & (g.a_col0 | g.a_col_last)) | (v & (g.a_row0 | g.a_row_last));
    let border = if border_seed == 0 { 0 } else { flood(border_seed) };
    let mut lh = two((border << 1) | g.a_col0, border, (border >> 1) | g.a_col_last) & th;
    let mut lv = two((border << W) | g.a_row0, border, (border >> W) | g.a_row_last) & tv;
    let mut rest = occ & !border;
    while rest != 0 {
        let k = flood(rest & rest.wrapping_neg());
        rest &= !k;
        // A lone wall (three points) cannot be touched twice by a wall that fits.
        if k.count_ones() > 3 {
            lh |= two(k << 1, k, k >> 1) & th;
            lv |= two(k << W, k, k >> W) & tv;
        }
    }
    (lh & a, lv & a)
}

/// Legal horizontal and vertical wall anchors (walls left not considered).
fn legal_walls_w<const W: u32>(s: &Quoridor) -> (u128, u128) {
    let g = s.geom();
    let (fh, fv) = fitting::<W>(g, s.h, s.v);
    let (ch, cv) = loop_closers::<W>(g, s.h, s.v, (fh, fv));
    if ch | cv == 0 {
        return (fh, fv);
    }
    let can = Can::new::<W>(g, s.h, s.v);
    // Tracing a shortest path costs about two flood fills: worth it only when
    // it can spare more than that.
    let trace = (ch | cv).count_ones() > 3;
    let (mut bad_h, mut bad_v) = (0u128, 0u128);
    for p in 0..s.players as usize {
        if s.pawns[p] == NO_PAWN {
            continue;
        }
        let start = 1u128 << s.pawns[p];
        let goal = s.goal_mask(p);
        let (hh, hv) = if trace { can.path_cutters::<W>(g, start, goal) } else { (ch, cv) };
        for i in Bits(ch & hh & !bad_h) {
            let b = 1u128 << i;
            if !can.with_wall::<W>(b, false).reaches::<W>(start, goal) {
                bad_h |= b;
            }
        }
        for i in Bits(cv & hv & !bad_v) {
            let b = 1u128 << i;
            if !can.with_wall::<W>(b, true).reaches::<W>(start, goal) {
                bad_v |= b;
            }
        }
    }
    (fh & !bad_h, fv & !bad_v)
}

/// Writes the walls of an anchor mask into `buf` from `n`, row by row;
/// returns the new length.
#[inline]
fn write_walls<const W: u32>(buf: &mut [Move; MAX_MOVES], mut n: usize, mask: u128, vertical: bool) -> usize {
    let row_mask = (1u32 << (W - 1)) - 1;
    for y in 0..(W - 1) as u8 {
        let mut row = (mask >> (u32::from(y) * W)) as u32 & row_mask;
        while row != 0 {
            let x = row.trailing_zeros() as u8;
            row &= row - 1;
            if let Some(slot) = buf.get_mut(n) {
                *slot = Move::Wall(Wall { x, y, vertical });
                n += 1;
            }
        }
    }
    n
}

/// More than the most moves of any position: 2 x 10 x 10 walls and the pawn moves.
const MAX_MOVES: usize = 2 * 100 + 8;

/// The first player still in the game that the wall at anchor bit `a` would
/// cut off from its goal.
fn wall_cuts_w<const W: u32>(s: &Quoridor, a: u128, vertical: bool) -> Option<usize> {
    let g = s.geom();
    let (lh, lv) = loop_closers::<W>(g, s.h, s.v, (g.anchors, g.anchors));
    if (if vertical { lv } else { lh }) & a == 0 {
        return None;
    }
    let can = Can::new::<W>(g, s.h, s.v).with_wall::<W>(a, vertical);
    (0..s.players as usize).find(|&p| s.pawns[p] != NO_PAWN && !can.reaches::<W>(1u128 << s.pawns[p], s.goal_mask(p)))
}

fn can_w<const W: u32>(s: &Quoridor) -> Can {
    Can::new::<W>(s.geom(), s.h, s.v)
}

fn pawn_targets_of<const W: u32>(s: &Quoridor, p: usize) -> u128 {
    if s.pawns[p] == NO_PAWN {
        return 0;
    }
    pawn_targets_w::<W>(&can_w::<W>(s), 1u128 << s.pawns[p], s.occupied())
}

fn distance_w<const W: u32>(s: &Quoridor, p: usize) -> Option<u32> {
    can_w::<W>(s).distance::<W>(1u128 << s.pawns[p], s.goal_mask(p))
}

fn region_w<const W: u32>(s: &Quoridor, p: usize) -> u128 {
    can_w::<W>(s).region::<W>(1u128 << s.pawns[p])
}

/// All legal moves of the player to move, pushed into `out`.
fn gen_w<const W: u32>(s: &Quoridor, out: &mut Vec<Move>) {
    let g = s.geom();
    let p = s.to_move as usize;
    let can = can_w::<W>(s);
    let t = pawn_targets_w::<W>(&can, 1u128 << s.pawns[p], s.occupied());
    if s.walls_left[p] == 0 {
        out.extend(Bits(t).map(|i| {
            let [x, y] = g.xy[i as usize];
            Move::Pawn(Cell { x, y })
        }));
        return;
    }
    let mut buf = [Move::Pawn(Cell { x: 0, y: 0 }); MAX_MOVES];
    let mut n = 0;
    for i in Bits(t) {
        let [x, y] = g.xy[i as usize];
        buf[n] = Move::Pawn(Cell { x, y });
        n += 1;
    }
    let (lh, lv) = legal_walls_w::<W>(s);
    n = write_walls::<W>(&mut buf, n, lh, false);
    n = write_walls::<W>(&mut buf, n, lv, true);
    out.extend_from_slice(&buf[..n]);
}

// ---------------------------------------------------------------------------

impl Quoridor {
    /// The start position of a configuration.
    ///
    /// # Errors
    /// [`ConfigError`] for an unsupported configuration.
    pub fn new(config: Config) -> Result<Quoridor, ConfigError> {
        config.validate()?;
        Ok(Quoridor::start(config))
    }

    /// The start position of a configuration already validated.
    fn start(config: Config) -> Quoridor {
        let mut s = Quoridor {
            h: 0,
            v: 0,
            hash: 0,
            tick: 0,
            tick_limit: config.tick_limit.unwrap_or(0),
            pawns: [NO_PAWN; 4],
            walls_left: [0; 4],
            m: config.size,
            players: config.players,
            wall_total: config.walls,
            first: config.first_player.0,
            to_move: config.first_player.0,
            status: Status::Running,
        };
        for p in 0..config.players {
            if let Some(c) = config.start_cell(PlayerId(p)) {
                s.pawns[p as usize] = s.index(c);
            }
            s.walls_left[p as usize] = config.walls_per_player();
        }
        s.hash = s.zobrist_from_scratch();
        s
    }

    /// The standard game for `players` (2 or 4) on the default 9 x 9 board
    /// ([`Config::new`]`(9, players)`: 100 ticks with 2 players, 200 with 4).
    ///
    /// # Errors
    /// [`ConfigError::BadPlayers`] unless `players` is 2 or 4.
    pub fn with_players(players: u8) -> Result<Quoridor, ConfigError> {
        Quoridor::new(Config::new(9, players))
    }

    #[inline]
    pub(crate) fn geom(&self) -> &'static Geom {
        geom_for(self.m)
    }

    #[inline]
    fn index(&self, c: Cell) -> u8 {
        c.y * self.m + c.x
    }

    #[inline]
    fn cell_of(&self, i: u8) -> Cell {
        let [x, y] = self.geom().xy[i as usize & 127];
        Cell { x, y }
    }

    #[inline]
    fn on_board(&self, c: Cell) -> bool {
        c.x < self.m && c.y < self.m
    }

    #[inline]
    fn goal_mask(&self, p: usize) -> u128 {
        let g = self.geom();
        match (self.players, p) {
            (_, 0) => g.row_last,
            (2, _) | (_, 2) => g.row0,
            (_, 1) => g.col0,
            _ => g.col_last,
        }
    }

    #[inline]
    fn occupied(&self) -> u128 {
        let mut o = 0;
        for &c in &self.pawns[..self.players as usize] {
            if c != NO_PAWN {
                o |= 1u128 << c;
            }
        }
        o
    }

    /// The configuration of the game.
    pub fn config(&self) -> Config {
        Config {
            size: self.m,
            players: self.players,
            walls: self.wall_total,
            first_player: PlayerId(self.first),
            tick_limit: (self.tick_limit != 0).then_some(self.tick_limit),
        }
    }

    /// The board side `M`.
    pub fn size(&self) -> u8 {
        self.m
    }

    /// The player to move (when the game is over, the player who had the
    /// last turn).
    pub fn to_move(&self) -> PlayerId {
        PlayerId(self.to_move)
    }

    /// Turns played so far, removals included; the tick of the coming turn
    /// (as the protocol numbers it) is `tick() + 1`.
    pub fn tick(&self) -> u32 {
        self.tick
    }

    /// The tick limit, if any.
    pub fn tick_limit(&self) -> Option<u32> {
        (self.tick_limit != 0).then_some(self.tick_limit)
    }

    /// The cell of `player`'s pawn, `None` when the player was removed (or
    /// does not exist).
    pub fn pawn(&self, player: PlayerId) -> Option<Cell> {
        let p = player.index();
        (p < self.players as usize && self.pawns[p] != NO_PAWN).then(|| self.cell_of(self.pawns[p]))
    }

    /// Walls `player` has left (0 for a seat that does not exist).
    pub fn walls_left(&self, player: PlayerId) -> u8 {
        if player.index() < self.players as usize { self.walls_left[player.index()] } else { 0 }
    }

    /// Whether `player` was removed (stuck in a four-player game).
    pub fn is_removed(&self, player: PlayerId) -> bool {
        player.index() < self.players as usize && self.pawns[player.index()] == NO_PAWN
    }

    /// The players still in the game.
    pub fn active_players(&self) -> PlayerSet {
        (0..self.players).map(PlayerId).filter(|&p| !self.is_removed(p)).collect()
    }

    /// Whether `wall` stands on the board.
    pub fn has_wall(&self, wall: Wall) -> bool {
        if wall.x > self.m - 2 || wall.y > self.m - 2 {
            return false;
        }
        let b = 1u128 << self.index(Cell::new(wall.x, wall.y));
        (if wall.vertical { self.v } else { self.h }) & b != 0
    }

    /// The walls on the board: horizontal ones, then vertical ones, each by
    /// row then column.
    pub fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        let g = self.geom();
        let hs = Bits(self.h).map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: false });
        let vs = Bits(self.v).map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: true });
        hs.chain(vs)
    }

    /// Number of walls on the board.
    pub fn wall_count(&self) -> u32 {
        self.h.count_ones() + self.v.count_ones()
    }

    /// Whether `cell` is a goal cell of `player`.
    pub fn is_goal(&self, player: PlayerId, cell: Cell) -> bool {
        self.config().is_goal(player, cell)
    }

    /// Length of a shortest path from `player`'s pawn to its goal, counting
    /// walls only (pawns ignored); `None` for a removed player.
    pub fn distance_to_goal(&self, player: PlayerId) -> Option<u32> {
        self.pawn(player)?;
        by_size!(self.m, distance_w(self, player.index()))
    }

    /// The cells `player`'s pawn could move to now if it were its turn
    /// (steps, jumps and side-steps), in row-major order.
    pub fn pawn_targets(&self, player: PlayerId) -> impl Iterator<Item = Cell> + '_ {
        let t = if self.pawn(player).is_some() { by_size!(self.m, pawn_targets_of(self, player.index())) } else { 0 };
        Bits(t).map(|i| self.cell_of(i as u8))
    }

    /// The cells connected to `player`'s pawn by paths that cross no wall
    /// (pawns ignored), its own cell included, in row-major order; nothing for
    /// a removed player.
    pub fn reachable_cells(&self, player: PlayerId) -> impl Iterator<Item = Cell> + '_ {
        let r = if self.pawn(player).is_some() { by_size!(self.m, region_w(self, player.index())) } else { 0 };
        Bits(r).map(|i| self.cell_of(i as u8))
    }

    /// Checks whether `player` may place `wall` now, ignoring whose turn it
    /// is: on the board, walls left, no overlap, no crossing, and every pawn
    /// still in the game keeps a path to its goal.
    ///
    /// # Errors
    /// The first rule the wall breaks, in the order of the rules file.
    pub fn check_wall(&self, player: PlayerId, wall: Wall) -> Result<(), MoveError> {
        if wall.x > self.m - 2 || wall.y > self.m - 2 {
            return Err(MoveError::WallOffBoard { wall });
        }
        if self.walls_left(player) == 0 {
            return Err(MoveError::NoWallsLeft { player });
        }
        let a = 1u128 << self.index(Cell::new(wall.x, wall.y));
        let (same, other) = if wall.vertical { (self.v, self.h) } else { (self.h, self.v) };
        let along = if wall.vertical { self.m as u32 } else { 1 };
        if (same | (same << along) | (same >> along)) & a != 0 {
            return Err(MoveError::WallOverlaps { wall });
        }
        if other & a != 0 {
            return Err(MoveError::WallCrosses { wall });
        }
        if let Some(p) = by_size!(self.m, wall_cuts_w(self, a, wall.vertical)) {
            return Err(MoveError::WallBlocksPath { wall, player: PlayerId(p as u8) });
        }
        Ok(())
    }

    /// Whether `player` may place `wall` now (turn not considered); see
    /// [`check_wall`](Quoridor::check_wall).
    pub fn is_wall_legal(&self, player: PlayerId, wall: Wall) -> bool {
        self.check_wall(player, wall).is_ok()
    }

    /// Every wall that is legal now for a player with walls left (paths
    /// considered, walls left not), horizontal ones first.
    pub fn legal_walls(&self) -> impl Iterator<Item = Wall> + '_ {
        let (lh, lv) = by_size!(self.m, legal_walls_w(self));
        let g = self.geom();
        Bits(lh)
            .map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: false })
            .chain(Bits(lv).map(move |i| Wall { x: g.xy[i as usize][0], y: g.xy[i as usize][1], vertical: true }))
    }

    /// Whether `p` (still in the game) has a pawn move or a legal wall.
    fn has_move(&self, p: usize) -> bool {
        if by_size!(self.m, pawn_targets_of(self, p)) != 0 {
            return true;
        }
        if self.walls_left[p] == 0 {
            return false;
        }
        let (lh, lv) = by_size!(self.m, legal_walls_w(self));
        lh | lv != 0
    }

    /// The next player still in the game after `p`, in turn order.
    fn next_active(&self, p: u8) -> Option<u8> {
        // `players` is 2 or 4, so `& (players - 1)` is the remainder.
        let mask = self.players.wrapping_sub(1) & 3;
        (1..=self.players).map(|k| p.wrapping_add(k) & mask).find(|&q| self.pawns[q as usize] != NO_PAWN)
    }

    fn set_to_move(&mut self, p: u8) {
        self.hash ^= zobrist::turn(self.to_move) ^ zobrist::turn(p);
        self.to_move = p;
    }

    /// Counts one turn; true when it hit the tick limit.
    fn count_tick(&mut self) -> bool {
        self.tick = self.tick.saturating_add(1);
        if self.tick_limit != 0 && self.tick >= self.tick_limit {
            self.status = Status::TickLimit;
            true
        } else {
            false
        }
    }

    /// Ends the turn of the player to move: counts the tick, then passes the
    /// turn to the next player still in the game, removing players that
    /// cannot move (each removal uses up that player's turn and tick).
    fn end_turn(&mut self) {
        if self.count_tick() {
            return;
        }
        for _ in 0..self.players {
            let Some(next) = self.next_active(self.to_move) else {
                self.status = Status::AllRemoved;
                return;
            };
            self.set_to_move(next);
            if self.players == 2 || self.has_move(next as usize) {
                return;
            }
            let p = next as usize;
            self.hash ^= zobrist::pawn(p, self.pawns[p]);
            self.pawns[p] = NO_PAWN;
            if self.count_tick() {
                return;
            }
        }
    }

    /// The active player whose pawn stands on its goal, if any.
    fn goal_winner(&self) -> Option<usize> {
        (0..self.players as usize)
            .find(|&p| self.pawns[p] != NO_PAWN && self.goal_mask(p) & (1u128 << self.pawns[p]) != 0)
    }

    /// The players still in the game with the shortest path to their goals.
    fn closest_players(&self) -> PlayerSet {
        let d: Vec<(u8, u32)> =
            (0..self.players).filter_map(|p| self.distance_to_goal(PlayerId(p)).map(|d| (p, d))).collect();
        let best = d.iter().map(|&(_, d)| d).min();
        d.iter().filter(|&&(_, x)| Some(x) == best).map(|&(p, _)| PlayerId(p)).collect()
    }

    /// The same position mirrored left to right (`x -> M-1-x`); a symmetry
    /// of the two-player game only (with four players it would swap players 1
    /// and 3 and reverse the turn order), so `None` with four players.
    /// Legal moves map with [`mirror_move`](Quoridor::mirror_move).
    pub fn mirrored(&self) -> Option<Quoridor> {
        if self.players != 2 {
            return None;
        }
        Some(self.transformed(|c| Cell::new(self.m - 1 - c.x, c.y), |w| Wall { x: self.m - 2 - w.x, ..w }, false))
    }

    /// A move mirrored left to right (see [`mirrored`](Quoridor::mirrored)).
    pub fn mirror_move(&self, mv: Move) -> Move {
        let m = self.m;
        match mv {
            Move::Pawn(c) => Move::Pawn(Cell::new((m - 1).wrapping_sub(c.x), c.y)),
            Move::Wall(w) => Move::Wall(Wall { x: (m - 2).wrapping_sub(w.x), ..w }),
        }
    }

    /// The position turned by 180 degrees with players 0 and 1 swapped (two
    /// players only): player 0 in the result stands where player 1 stood,
    /// turned, and so on; so the result plays exactly like the original with
    /// the seats exchanged. Moves map with [`rotate_move`](Quoridor::rotate_move).
    pub fn rotated(&self) -> Option<Quoridor> {
        if self.players != 2 {
            return None;
        }
        let m = self.m;
        Some(self.transformed(
            |c| Cell::new(m - 1 - c.x, m - 1 - c.y),
            |w| Wall { x: m - 2 - w.x, y: m - 2 - w.y, ..w },
            true,
        ))
    }

    /// A move turned by 180 degrees (see [`rotated`](Quoridor::rotated)).
    pub fn rotate_move(&self, mv: Move) -> Move {
        let m = self.m;
        match mv {
            Move::Pawn(c) => Move::Pawn(Cell::new((m - 1).wrapping_sub(c.x), (m - 1).wrapping_sub(c.y))),
            Move::Wall(w) => Move::Wall(Wall { x: (m - 2).wrapping_sub(w.x), y: (m - 2).wrapping_sub(w.y), ..w }),
        }
    }

    fn transformed(&self, cell: impl Fn(Cell) -> Cell, wall: impl Fn(Wall) -> Wall, swap: bool) -> Quoridor {
        let mut s = *self;
        s.h = 0;
        s.v = 0;
        for w in self.walls() {
            let w2 = wall(w);
            let b = 1u128 << self.index(Cell::new(w2.x, w2.y));
            if w2.vertical {
                s.v |= b;
            } else {
                s.h |= b;
            }
        }
        for p in 0..self.players as usize {
            let q = if swap { p ^ 1 } else { p };
            s.pawns[q] = match self.pawn(PlayerId(p as u8)) {
                Some(c) => self.index(cell(c)),
                None => NO_PAWN,
            };
            s.walls_left[q] = self.walls_left[p];
        }
        if swap {
            s.to_move ^= 1;
            s.first ^= 1;
        }
        s.hash = s.zobrist_from_scratch();
        s
    }

    /// A uniformly random legal pawn move of the player to move drawn from
    /// `rng` (a uniformly random legal wall when it has no pawn move): what
    /// the contest server plays for a bot whose answer is illegal. `None`
    /// when the game is over.
    pub fn fallback_move<R: RngCore + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.status != Status::Running {
            return None;
        }
        let p = self.to_move();
        let targets: Vec<Cell> = self.pawn_targets(p).collect();
        if !targets.is_empty() {
            return Some(Move::Pawn(targets[game_core::rng::below(rng, targets.len())]));
        }
        if self.walls_left(p) == 0 {
            return None;
        }
        let walls: Vec<Wall> = self.legal_walls().collect();
        (!walls.is_empty()).then(|| Move::Wall(walls[game_core::rng::below(rng, walls.len())]))
    }
}

impl Game for Quoridor {
    type Move = Move;
    type Chance = NoChance;
    type Error = MoveError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "quoridor";

    fn players(&self) -> usize {
        self.players as usize
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        if self.status == Status::Running { ToAct::Player(PlayerId(self.to_move)) } else { ToAct::Over }
    }

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Move>) {
        out.clear();
        if self.status != Status::Running || player.0 != self.to_move {
            return;
        }
        by_size!(self.m, gen_w(self, out));
    }

    fn check_move(&self, player: PlayerId, mv: Move) -> Result<(), MoveError> {
        if self.status != Status::Running {
            return Err(MoveError::GameOver);
        }
        if player.0 != self.to_move {
            return Err(MoveError::NotYourTurn { player, to_move: PlayerId(self.to_move) });
        }
        match mv {
            Move::Pawn(cell) => {
                if !self.on_board(cell) {
                    return Err(MoveError::PawnOffBoard { cell });
                }
                let t = by_size!(self.m, pawn_targets_of(self, player.index()));
                if t & (1u128 << self.index(cell)) == 0 {
                    return Err(MoveError::IllegalPawnMove { cell });
                }
                Ok(())
            }
            Move::Wall(wall) => self.check_wall(player, wall),
        }
    }

    fn play_unchecked(&mut self, player: PlayerId, mv: Move) {
        let p = player.index() & 3;
        match mv {
            Move::Pawn(cell) => {
                if !self.on_board(cell) || self.pawns[p] == NO_PAWN {
                    return;
                }
                let i = self.index(cell);
                self.hash ^= zobrist::pawn(p, self.pawns[p]) ^ zobrist::pawn(p, i);
                self.pawns[p] = i;
                if self.goal_mask(p) & (1u128 << i) != 0 {
                    self.tick = self.tick.saturating_add(1);
                    self.status = Status::Goal;
                    return;
                }
            }
            Move::Wall(w) => {
                if w.x > self.m - 2 || w.y > self.m - 2 {
                    return;
                }
                let b = 1u128 << self.index(Cell::new(w.x, w.y));
                if w.vertical {
                    self.v |= b;
                    self.hash ^= zobrist::V_WALL[self.index(Cell::new(w.x, w.y)) as usize];
                } else {
                    self.h |= b;
                    self.hash ^= zobrist::H_WALL[self.index(Cell::new(w.x, w.y)) as usize];
                }
                let left = self.walls_left[p];
                self.hash ^= zobrist::left(p, left) ^ zobrist::left(p, left.saturating_sub(1));
                self.walls_left[p] = left.saturating_sub(1);
            }
        }
        self.end_turn();
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), MoveError> {
        match *chance {}
    }

    fn outcome(&self) -> Option<Outcome> {
        let n = self.players as usize;
        match self.status {
            Status::Running => None,
            Status::Goal => Some(match self.goal_winner() {
                Some(p) => Outcome::win_for(n, PlayerId(p as u8)),
                None => Outcome::draw(n),
            }),
            Status::TickLimit => Some(Outcome::shared_win(n, self.closest_players().iter())),
            Status::AllRemoved => Some(Outcome::shared_win(n, std::iter::empty())),
        }
    }

    fn end_reason(&self) -> Option<&'static str> {
        match self.status {
            Status::Running => None,
            Status::Goal => Some("goal"),
            Status::TickLimit => Some("tick-limit"),
            Status::AllRemoved => Some("all-removed"),
        }
    }

    fn max_plies(&self) -> Option<u64> {
        self.tick_limit().map(u64::from)
    }

    fn to_setup(&self) -> Setup {
        let n = self.players as usize;
        Setup {
            config: self.config(),
            pawns: (0..n).map(|p| self.pawn(PlayerId(p as u8))).collect(),
            walls_left: self.walls_left[..n].to_vec(),
            walls: self.walls().collect(),
            tick: self.tick,
            to_move: PlayerId(self.to_move),
        }
    }

    fn from_setup(setup: Setup) -> Result<Quoridor, SetupError> {
        let cfg = setup.config;
        cfg.validate()?;
        let n = cfg.players as usize;
        if setup.pawns.len() != n || setup.walls_left.len() != n {
            return Err(SetupError::PlayerCount {
                players: cfg.players,
                pawns: setup.pawns.len(),
                walls_left: setup.walls_left.len(),
            });
        }
        let mut s = Quoridor::start(cfg);
        s.tick = setup.tick;
        s.to_move = setup.to_move.0;
        for (p, pawn) in setup.pawns.iter().enumerate() {
            match *pawn {
                None => s.pawns[p] = NO_PAWN,
                Some(c) if !s.on_board(c) => return Err(SetupError::PawnOffBoard { player: PlayerId(p as u8) }),
                Some(c) => {
                    let i = s.index(c);
                    if s.pawns[..p].contains(&i) {
                        return Err(SetupError::SameCell { cell: c });
                    }
                    s.pawns[p] = i;
                }
            }
        }
        let removed = s.pawns[..n].iter().filter(|&&c| c == NO_PAWN).count();
        if removed != 0 && n == 2 {
            return Err(SetupError::BadRemoval("nobody can be removed in a two-player game"));
        }
        if removed == n {
            return Err(SetupError::BadRemoval("every player is removed"));
        }
        for &w in &setup.walls {
            if w.x > s.m - 2 || w.y > s.m - 2 {
                return Err(SetupError::WallOffBoard { wall: w });
            }
            let b = 1u128 << s.index(Cell::new(w.x, w.y));
            let (fh, fv) = by_size!(s.m, fitting(s.geom(), s.h, s.v));
            if (if w.vertical { fv } else { fh }) & b == 0 {
                return Err(SetupError::WallClash { wall: w });
            }
            if w.vertical {
                s.v |= b;
            } else {
                s.h |= b;
            }
        }
        let share = cfg.walls_per_player();
        let mut used = 0usize;
        for (p, &left) in setup.walls_left.iter().enumerate() {
            if left > share {
                return Err(SetupError::TooManyWallsLeft { player: PlayerId(p as u8), left, share });
            }
            s.walls_left[p] = left;
            used += usize::from(share - left);
        }
        let placed = setup.walls.len();
        if placed != used {
            return Err(SetupError::WallCount { placed, used });
        }
        for p in 0..cfg.players {
            if s.pawns[p as usize] != NO_PAWN && s.distance_to_goal(PlayerId(p)).is_none() {
                return Err(SetupError::NoPath { player: PlayerId(p) });
            }
        }
        let winners = (0..n).filter(|&p| s.pawns[p] != NO_PAWN && s.goal_mask(p) & (1u128 << s.pawns[p]) != 0);
        if winners.count() > 1 {
            return Err(SetupError::TwoWinners);
        }
        if s.tick_limit != 0 && s.tick > s.tick_limit {
            return Err(SetupError::TickBeyondLimit { tick: s.tick, limit: s.tick_limit });
        }
        if s.to_move as usize >= n {
            return Err(SetupError::BadToMove(setup.to_move));
        }
        s.status = if s.goal_winner().is_some() {
            Status::Goal
        } else if s.tick_limit != 0 && s.tick == s.tick_limit {
            Status::TickLimit
        } else {
            Status::Running
        };
        if s.status == Status::Running {
            if s.pawns[s.to_move as usize] == NO_PAWN {
                return Err(SetupError::BadToMove(setup.to_move));
            }
            if !s.has_move(s.to_move as usize) {
                return Err(SetupError::Stuck(setup.to_move));
            }
        }
        s.hash = s.zobrist_from_scratch();
        Ok(s)
    }
}

impl Zobrist for Quoridor {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut z = zobrist::turn(self.to_move);
        for p in 0..self.players as usize {
            if self.pawns[p] != NO_PAWN {
                z ^= zobrist::pawn(p, self.pawns[p]);
            }
            z ^= zobrist::left(p, self.walls_left[p]);
        }
        for i in Bits(self.h) {
            z ^= zobrist::H_WALL[i as usize];
        }
        for i in Bits(self.v) {
            z ^= zobrist::V_WALL[i as usize];
        }
        z
    }
}

#[cfg(feature = "testing")]
impl game_core::testing::MoveUniverse for Quoridor {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Move)) {
        for y in 0..self.m {
            for x in 0..self.m {
                f(Move::Pawn(Cell::new(x, y)));
            }
        }
        for vertical in [false, true] {
            for y in 0..self.m - 1 {
                for x in 0..self.m - 1 {
                    f(Move::Wall(Wall { x, y, vertical }));
                }
            }
        }
    }
}
