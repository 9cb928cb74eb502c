//! The game state [`Yavalath`] and its [`Game`] implementation.

use crate::bits::{self, FULL, Placement};
use crate::cell::{Bitboard, CELLS, Cell, ROWS, row_len};
use crate::error::{MoveParseError, SetupError, YavalathError};
use game_core::{Alternating, Game, MoveNotation, NoChance, Outcome, PlayerId, RngCore, ToAct, Zobrist};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// `winner` placed a stone whose longest run was 4 or more.
    Four {
        /// The player who made the run (and wins).
        winner: PlayerId,
    },
    /// `loser` placed a stone whose longest run was exactly 3.
    Three {
        /// The player who made the run (and loses).
        loser: PlayerId,
    },
    /// The board filled up without either: a draw.
    Full,
}

impl End {
    /// The winner, if any.
    pub fn winner(self) -> Option<PlayerId> {
        match self {
            End::Four { winner } => Some(winner),
            End::Three { loser } => Some(loser.opponent()),
            End::Full => None,
        }
    }

    /// The end reason in kebab-case: `four-in-a-row`, `three-in-a-row` or `board-full`.
    pub fn reason(self) -> &'static str {
        match self {
            End::Four { .. } => "four-in-a-row",
            End::Three { .. } => "three-in-a-row",
            End::Full => "board-full",
        }
    }

    /// The game-core outcome.
    pub fn outcome(self) -> Outcome {
        match self.winner() {
            Some(w) => Outcome::win_for(2, w),
            None => Outcome::draw(2),
        }
    }
}

/// A Yavalath position: both players' stones, the number of moves played (which says who moves
/// and whether the steal is still possible), the end of the game if it is over, and the Zobrist
/// hash. `Copy`, 32 bytes.
///
/// Players are numbered as in game-core: [`PlayerId`]`(0)` moves first (the rules' and the
/// protocol's player `1`), [`PlayerId`]`(1)` second (protocol id `2`).
///
/// ```
/// use game_core::{Game, PlayerId};
/// use yavalath::{Cell, Yavalath};
/// let mut g = Yavalath::new();
/// let c = Cell::from_xy(4, 4).unwrap();
/// g.play(PlayerId(0), c).unwrap();
/// assert!(g.can_steal());
/// g.play(PlayerId(1), c).unwrap(); // the steal
/// assert_eq!(g.stone_at(c), Some(PlayerId(1)));
/// assert_eq!(g.to_move(), Some(PlayerId(0)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Yavalath {
    boards: [u64; 2],
    hash: u64,
    plies: u8,
    end: Option<End>,
}

const fn build_keys() -> [[u64; 64]; 2] {
    let mut k = [[0u64; 64]; 2];
    let mut i = 0;
    while i < 64 {
        k[0][i] = game_core::rng::splitmix64(0x59A7_A1A7 + 2 * i as u64);
        k[1][i] = game_core::rng::splitmix64(0x59A7_A1A7 + 2 * i as u64 + 1);
        i += 1;
    }
    k
}

/// Zobrist keys per player and bit.
const KEYS: [[u64; 64]; 2] = build_keys();
/// Zobrist key of "player 1 to move".
const SIDE_KEY: u64 = game_core::rng::splitmix64(0x005E_ED0F_5A7E);

impl Default for Yavalath {
    fn default() -> Self {
        Yavalath::new()
    }
}

impl Yavalath {
    /// The empty board, first player ([`PlayerId`]`(0)`) to move.
    pub const fn new() -> Yavalath {
        Yavalath { boards: [0, 0], hash: 0, plies: 0, end: None }
    }

    /// Moves played so far (placements and the steal).
    #[inline]
    pub fn plies(&self) -> u32 {
        u32::from(self.plies)
    }

    /// The player to move, or `None` when the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<PlayerId> {
        if self.end.is_some() { None } else { Some(self.next_player()) }
    }

    /// The player whose turn it is by alternation (also after the end: the player who would be next).
    #[inline]
    pub fn next_player(&self) -> PlayerId {
        PlayerId(self.plies & 1)
    }

    /// How the game ended, if it is over.
    #[inline]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The stones of `player` (empty for a player other than 0 and 1).
    #[inline]
    pub fn stones(&self, player: PlayerId) -> Bitboard {
        self.boards.get(player.index()).map_or(Bitboard::EMPTY, |&b| Bitboard(b))
    }

    /// The occupied cells.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.boards[0] | self.boards[1])
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        Bitboard(!(self.boards[0] | self.boards[1]) & FULL)
    }

    /// Whose stone is on `cell`.
    pub fn stone_at(&self, cell: Cell) -> Option<PlayerId> {
        if Bitboard(self.boards[0]).contains(cell) {
            Some(PlayerId(0))
        } else if Bitboard(self.boards[1]).contains(cell) {
            Some(PlayerId(1))
        } else {
            None
        }
    }

    /// Whether the player to move may steal now (the second player's first turn).
    #[inline]
    pub fn can_steal(&self) -> bool {
        self.plies == 1 && self.end.is_none()
    }

    /// The cell the steal would take, when [`can_steal`](Self::can_steal).
    pub fn steal_cell(&self) -> Option<Cell> {
        if self.can_steal() { Bitboard(self.boards[0]).first() } else { None }
    }

    /// Whether the second player stole the first stone in this game.
    pub fn stolen(&self) -> bool {
        self.plies as u32 > self.occupied().len() as u32
    }

    /// The legal moves of the player to move as a bitboard: the empty cells, plus the first stone
    /// when the steal is allowed; empty once the game is over.
    #[inline]
    pub fn legal(&self) -> Bitboard {
        if self.end.is_some() {
            return Bitboard::EMPTY;
        }
        let empty = !(self.boards[0] | self.boards[1]) & FULL;
        Bitboard(if self.plies == 1 { empty | self.boards[0] } else { empty })
    }

    /// The empty cells where a stone of `player` would win at once (a run of 4 or more through it,
    /// whatever else it makes). Ignores whose turn it is; empty for a player other than 0 and 1.
    pub fn winning_cells(&self, player: PlayerId) -> Bitboard {
        match self.boards.get(player.index()) {
            Some(&own) => Bitboard(bits::threat_cells(own, self.empty().0).0),
            None => Bitboard::EMPTY,
        }
    }

    /// The empty cells where a stone of `player` would lose at once (a longest run of exactly 3
    /// through it). Ignores whose turn it is.
    pub fn losing_cells(&self, player: PlayerId) -> Bitboard {
        match self.boards.get(player.index()) {
            Some(&own) => {
                let (four, three) = bits::threat_cells(own, self.empty().0);
                Bitboard(three & !four)
            }
            None => Bitboard::EMPTY,
        }
    }

    /// What a stone of `player` on the empty `cell` would do: `Some(End)` if it ends the game
    /// (four, three, or the last empty cell filled), `None` if play would go on. `None` as well
    /// for an occupied cell or a player other than 0 and 1.
    pub fn placement_end(&self, player: PlayerId, cell: Cell) -> Option<End> {
        let m = 1u64 << cell.bit();
        let own = *self.boards.get(player.index())?;
        if self.occupied().0 & m != 0 {
            return None;
        }
        match bits::placement(own | m, u32::from(cell.bit())) {
            Placement::Four => Some(End::Four { winner: player }),
            Placement::Three => Some(End::Three { loser: player }),
            Placement::Quiet if (self.occupied().0 | m) == FULL => Some(End::Full),
            Placement::Quiet => None,
        }
    }

    /// Plays the move on bit `bit` for the player to move, unchecked: the core of every move.
    #[inline(always)]
    fn apply(&mut self, bit: u32) {
        let m = 1u64 << bit;
        let me = (self.plies & 1) as usize;
        let occupied = self.boards[0] | self.boards[1];
        self.plies += 1;
        self.hash ^= SIDE_KEY;
        if occupied & m != 0 {
            // The steal: the first stone changes colour.
            self.boards[0] &= !m;
            self.boards[1] |= m;
            self.hash ^= KEYS[0][bit as usize] ^ KEYS[1][bit as usize];
            return;
        }
        let own = self.boards[me] | m;
        self.boards[me] = own;
        self.hash ^= KEYS[me][bit as usize];
        let player = PlayerId(me as u8);
        match bits::placement(own, bit) {
            Placement::Four => self.end = Some(End::Four { winner: player }),
            Placement::Three => self.end = Some(End::Three { loser: player }),
            Placement::Quiet => {
                if occupied | m == FULL {
                    self.end = Some(End::Full);
                }
            }
        }
    }

    /// Plays the moves in order, checking each.
    ///
    /// # Errors
    /// The index of the first illegal move and why; nothing is returned of the partial game.
    pub fn replay(moves: &[Cell]) -> Result<Yavalath, (usize, YavalathError)> {
        let mut g = Yavalath::new();
        for (i, &c) in moves.iter().enumerate() {
            let p = g.next_player();
            g.play(p, c).map_err(|e| (i, e))?;
        }
        Ok(g)
    }

    /// Plays to the end with uniformly random legal moves (each move uniform over the legal moves of
    /// the player to move, the steal included) and returns the number of moves played. The
    /// specialised, allocation-free twin of [`game_core::random_playout`]: cells are drawn by
    /// rejection on the bitboard, two draws per 64-bit random word.
    pub fn random_playout<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        self.random_playout_with(rng, |_| {})
    }

    /// [`random_playout`](Self::random_playout), calling `on_move` with each move played.
    pub fn random_playout_with<R: RngCore + ?Sized>(&mut self, rng: &mut R, mut on_move: impl FnMut(Cell)) -> u32 {
        let start = self.plies;
        let mut draws = Draws { word: 0, left: 0 };
        while self.end.is_none() {
            let legal = self.legal().0;
            let bit = draws.pick(rng, legal);
            on_move(Cell(bit as u8));
            self.apply(bit);
        }
        u32::from(self.plies - start)
    }

    /// The position notation (see [`FromStr`](#impl-FromStr-for-Yavalath)).
    pub fn notation(&self) -> String {
        let mut s = String::with_capacity(48);
        for y in 0..ROWS {
            if y > 0 {
                s.push('/');
            }
            let mut run = 0u8;
            for c in Cell::all().filter(|c| usize::from(c.y()) == y) {
                match self.stone_at(c) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            s.push((b'0' + run) as char);
                            run = 0;
                        }
                        s.push(if p.0 == 0 { 'x' } else { 'o' });
                    }
                }
            }
            if run > 0 {
                s.push((b'0' + run) as char);
            }
        }
        s.push(' ');
        s.push(if self.plies & 1 == 0 { 'x' } else { 'o' });
        s
    }

    /// Builds a position from both players' stones and the player to move (for a finished game:
    /// the player who would be next), checking that a game reaches it. Whether the steal happened
    /// follows from the counts; the end of the game follows from the lines on the board.
    ///
    /// # Errors
    /// [`SetupError::StoneCounts`] or [`SetupError::Unreachable`].
    pub fn from_stones(first: Bitboard, second: Bitboard, to_move: PlayerId) -> Result<Yavalath, SetupError> {
        let (b0, b1) = (first.0, second.0);
        if b0 & b1 != 0 {
            return Err(SetupError::Unreachable("a cell holds two stones"));
        }
        let (n0, n1) = (b0.count_ones() as usize, b1.count_ones() as usize);
        let counts = SetupError::StoneCounts { first: n0, second: n1, to_move };
        // Without a steal: n0 == n1 (first to move) or n0 == n1 + 1 (second to move).
        // With a steal: n1 == n0 + 1 (first to move) or n1 == n0 >= 1 (second to move).
        let stolen = match to_move.0 {
            0 if n0 == n1 => false,
            0 if n1 == n0 + 1 => true,
            1 if n0 == n1 + 1 => false,
            1 if n1 == n0 && n1 >= 1 => true,
            0 | 1 => return Err(counts),
            _ => return Err(SetupError::BadPlayer(to_move.to_string())),
        };
        let plies = (n0 + n1 + usize::from(stolen)) as u8;
        let mut g = Yavalath { boards: [b0, b1], hash: 0, plies, end: None };
        g.end = g.derive_end()?;
        g.hash = g.zobrist_from_scratch();
        Ok(g)
    }

    /// The end of a position built from stones, checking that play could reach it.
    fn derive_end(&self) -> Result<Option<End>, SetupError> {
        if self.plies == 0 {
            return Ok(None);
        }
        let last = PlayerId((self.plies - 1) & 1);
        let own = self.boards[last.index()];
        let other = self.boards[last.opponent().index()];
        if bits::runs_at_least(other, 3) != 0 {
            return Err(SetupError::Unreachable("the player to move has a line of 3 or more"));
        }
        if bits::runs_at_least(own, 3) == 0 {
            return Ok(if (own | other) == FULL { Some(End::Full) } else { None });
        }
        // Some stone of the last mover must be in every line of 3 or more, and be the last one placed.
        let last_stone_found = Bitboard(own).iter().any(|c| bits::runs_at_least(own & !(1u64 << c.bit()), 3) == 0);
        if !last_stone_found {
            return Err(SetupError::Unreachable("lines of 3 or more that no single last stone made"));
        }
        Ok(Some(if bits::runs_at_least(own, 4) != 0 { End::Four { winner: last } } else { End::Three { loser: last } }))
    }

    fn from_rows<S: AsRef<str>>(rows: &[S], to_move: PlayerId, compact: bool) -> Result<Yavalath, SetupError> {
        if rows.len() != ROWS {
            return Err(SetupError::RowCount(rows.len()));
        }
        let mut boards = [0u64; 2];
        for (y, row) in rows.iter().enumerate() {
            let mut x = 0usize;
            for ch in row.as_ref().chars() {
                let (n, stone) = match ch {
                    '.' => (1, None),
                    'x' => (1, Some(0)),
                    'o' => (1, Some(1)),
                    '1'..='9' if compact => (ch as usize - '0' as usize, None),
                    _ => return Err(SetupError::BadChar(ch)),
                };
                if let Some(p) = stone {
                    if let Ok(c) = Cell::from_xy(x as i64, y as i64) {
                        boards[p] |= 1 << c.bit();
                    }
                }
                x += n;
            }
            if x != row_len(y) {
                return Err(SetupError::RowLength { row: y, found: x, expected: row_len(y) });
            }
        }
        Yavalath::from_stones(Bitboard(boards[0]), Bitboard(boards[1]), to_move)
    }

    /// The rows of the board, top to bottom: `.` empty, `x` player 0, `o` player 1.
    pub fn rows(&self) -> Vec<String> {
        (0..ROWS)
            .map(|y| {
                Cell::all()
                    .filter(|c| usize::from(c.y()) == y)
                    .map(|c| match self.stone_at(c) {
                        None => '.',
                        Some(PlayerId(0)) => 'x',
                        Some(_) => 'o',
                    })
                    .collect()
            })
            .collect()
    }

    /// The position mapped by a raw bit permutation (for the symmetries).
    pub(crate) fn with_boards(&self, boards: [u64; 2]) -> Yavalath {
        let mut g = Yavalath { boards, hash: 0, plies: self.plies, end: self.end };
        g.hash = g.zobrist_from_scratch();
        g
    }

    pub(crate) fn raw_boards(&self) -> [u64; 2] {
        self.boards
    }
}

/// Uniform cell draws for playouts: 32-bit Lemire draws in `0..61`, two per 64-bit word.
struct Draws {
    word: u64,
    left: u32,
}

impl Draws {
    #[inline(always)]
    fn next32<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        if self.left == 0 {
            self.word = rng.next_u64();
            self.left = 2;
        }
        self.left -= 1;
        let r = self.word as u32;
        self.word >>= 32;
        r
    }

    /// A uniform number in `0..n` (`1 <= n <= 64`).
    #[inline(always)]
    fn below<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: u32) -> u32 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u64::from(self.next32(rng)) * u64::from(n);
            if (m as u32) >= threshold {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform bit of the non-empty set `legal`.
    #[inline(always)]
    fn pick<R: RngCore + ?Sized>(&mut self, rng: &mut R, legal: u64) -> u32 {
        // Rejection over the 61 cells while the set is large: each accepted draw is uniform over `legal`.
        for _ in 0..6 {
            let b = self.below(rng, CELLS as u32);
            if legal >> b & 1 != 0 {
                return b;
            }
        }
        let mut k = self.below(rng, legal.count_ones());
        let mut rest = legal;
        while k > 0 {
            rest &= rest - 1;
            k -= 1;
        }
        rest.trailing_zeros()
    }
}

impl fmt::Debug for Yavalath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Yavalath({:?})", self.notation())?;
        if let Some(e) = self.end {
            write!(f, " {e:?}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Yavalath {
    /// The hexagonal board, one text line per row, cells separated by spaces: `.` empty, `x` the
    /// first player, `o` the second.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (y, row) in self.rows().iter().enumerate() {
            let indent = y.abs_diff(4);
            write!(f, "{:indent$}", "")?;
            let mut first = true;
            for ch in row.chars() {
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl FromStr for Yavalath {
    type Err = SetupError;

    /// Reads the compact position notation written by [`Yavalath::notation`]: the 9 rows top to
    /// bottom separated by `/`, each cell `x` (player 0), `o` (player 1), `.` or a digit counting
    /// empty cells; then one space and the player to move, `x` or `o` (for a finished game, the
    /// player who would be next). The start is `5/6/7/8/9/8/7/6/5 x`.
    ///
    /// ```
    /// use yavalath::Yavalath;
    /// let g: Yavalath = "5/6/7/8/4x4/8/7/6/5 o".parse().unwrap();
    /// assert!(g.can_steal());
    /// assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g);
    /// ```
    fn from_str(s: &str) -> Result<Yavalath, SetupError> {
        let (board, side) = s.split_once(' ').ok_or_else(|| SetupError::BadPlayer(String::new()))?;
        let to_move = match side {
            "x" => PlayerId(0),
            "o" => PlayerId(1),
            other => return Err(SetupError::BadPlayer(other.chars().take(20).collect())),
        };
        let rows: Vec<&str> = board.split('/').collect();
        Yavalath::from_rows(&rows, to_move, true)
    }
}

/// The serialisable description of a position ([`Game::Setup`]).
///
/// ```
/// use game_core::{Game, PlayerId};
/// use yavalath::{Setup, Yavalath};
/// let setup = Setup { rows: vec!["x....".into(), "......".into(), ".......".into(), "........".into(),
///     ".........".into(), "........".into(), ".......".into(), "......".into(), ".....".into()],
///     to_move: PlayerId(1) };
/// let g = Yavalath::from_setup(setup.clone()).unwrap();
/// assert_eq!(g.to_setup(), setup);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The 9 rows, top to bottom, one character per cell: `.` empty, `x` the first player
    /// ([`PlayerId`]`(0)`), `o` the second.
    pub rows: Vec<String>,
    /// The player to move (for a finished game: the player who would be next). With the stone
    /// counts it tells whether the steal happened.
    pub to_move: PlayerId,
}

impl Game for Yavalath {
    type Move = Cell;
    type Chance = NoChance;
    type Error = YavalathError;
    type Setup = Setup;
    type SetupError = SetupError;
    const NAME: &'static str = "yavalath";

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_act(&self) -> ToAct {
        match self.end {
            None => ToAct::Player(self.next_player()),
            Some(_) => ToAct::Over,
        }
    }

    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Cell>) {
        out.clear();
        if self.end.is_none() && player == self.next_player() {
            out.extend(self.legal());
        }
    }

    fn check_move(&self, player: PlayerId, cell: Cell) -> Result<(), YavalathError> {
        if self.end.is_some() {
            return Err(YavalathError::GameOver);
        }
        if player != self.next_player() {
            return Err(YavalathError::NotYourTurn { player, to_move: self.next_player() });
        }
        if !self.legal().contains(cell) {
            return Err(YavalathError::Occupied { cell });
        }
        Ok(())
    }

    #[inline]
    fn play_unchecked(&mut self, _player: PlayerId, cell: Cell) {
        self.apply(u32::from(cell.bit()));
    }

    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }

    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), YavalathError> {
        match *chance {}
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(End::outcome)
    }

    fn end_reason(&self) -> Option<&'static str> {
        self.end.map(End::reason)
    }

    /// 62: 61 placements and the steal.
    fn max_plies(&self) -> Option<u64> {
        Some(CELLS as u64 + 1)
    }

    fn to_setup(&self) -> Setup {
        Setup { rows: self.rows(), to_move: self.next_player() }
    }

    fn from_setup(setup: Setup) -> Result<Yavalath, SetupError> {
        Yavalath::from_rows(&setup.rows, setup.to_move, false)
    }
}

impl Alternating for Yavalath {}

impl Zobrist for Yavalath {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.plies & 1 == 1 { SIDE_KEY } else { 0 };
        for (board, keys) in self.boards.iter().zip(&KEYS) {
            for c in Bitboard(*board) {
                h ^= keys[c.bit() as usize];
            }
        }
        h
    }
}

impl MoveNotation for Yavalath {
    type ParseError = MoveParseError;

    /// `x y`.
    fn format_move(&self, cell: Cell) -> String {
        cell.to_string()
    }

    /// Reads `x y`: two integers separated by whitespace, surrounding whitespace ignored (the bot
    /// protocol's stricter answer rules are [`crate::protocol::parse_answer`]).
    fn parse_move(&self, text: &str) -> Result<Cell, MoveParseError> {
        crate::protocol::parse_move_text(text)
    }
}

#[cfg(feature = "testing")]
impl game_core::testing::MoveUniverse for Yavalath {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Cell)) {
        Cell::all().for_each(f);
    }
}
