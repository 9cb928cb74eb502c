//! The plain reference model of the rules: a 9×9 array of stones in protocol coordinates `(x, y)`,
//! runs counted by walking from the stone, written from the [rules](crate::rules) alone (no
//! bitboards, no tables of the crate), and [`check`], the one-call differential check of the fast
//! game against it.
//!
//! ```
//! use yavalath::Yavalath;
//! use yavalath::testing::reference::{self, ArrayBoard};
//!
//! let g = Yavalath::replay(&[yavalath::Cell::CENTER]).unwrap();
//! reference::check(&g).unwrap();
//! // 60 empty cells and the steal, then 60 answers to each of them.
//! assert_eq!(reference::perft(&g, 2), 60 * 59 + 60);
//! assert_eq!(ArrayBoard::from_state(&g).legal().len(), 61);
//! ```

// Coordinates below 9 and counts below 62: the `as` conversions are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_possible_wrap)]

use crate::cell::Cell;
use crate::error::MoveError;
use crate::state::{End, Yavalath};
use game_core::testing::Violation;
use game_core::{Game, PlayerId, SeatError, ToAct};

/// The rules' board: `(x, y)` is a cell iff `0 <= y <= 8` and `0 <= x <= 8 - |y - 4|`.
#[must_use]
pub fn on_board(x: i32, y: i32) -> bool {
    (0..=8).contains(&y) && x >= 0 && x <= 8 - (y - 4).abs()
}

/// Every cell `(x, y)` in reading order (row by row, left to right).
pub fn all_xy() -> impl Iterator<Item = (i32, i32)> + Clone {
    (0..9).flat_map(|y| (0..9).map(move |x| (x, y))).filter(|&(x, y)| on_board(x, y))
}

/// The stones of `g` as the model stores them: `[y][x]`, 0 empty, 1 and 2 the players.
fn read_stones(g: &Yavalath) -> [[u8; 9]; 9] {
    let mut stones = [[0; 9]; 9];
    for (x, y) in all_xy() {
        if let Ok(c) = Cell::from_xy(x.into(), y.into()) {
            stones[y as usize][x as usize] = g.stone_at(c).map_or(0, |p| p.0 + 1);
        }
    }
    stones
}

/// The rules' line model: `a = x + max(0, y - 4)`; lines run along `(1, 0)`, `(0, 1)` and
/// `(1, 1)` in `(a, y)`.
#[must_use]
pub fn to_ay(x: i32, y: i32) -> (i32, i32) {
    (x + (y - 4).max(0), y)
}

/// The cell `(x, y)` at `(a, y)` of the line model, if on the board.
#[must_use]
pub fn from_ay(a: i32, y: i32) -> Option<(i32, i32)> {
    let x = a - (y - 4).max(0);
    on_board(x, y).then_some((x, y))
}

/// The reference game: stones in an array, the number of moves played, the end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrayBoard {
    /// `stones[y][x]`: 0 empty, 1 the first player ([`PlayerId`]`(0)`), 2 the second.
    pub stones: [[u8; 9]; 9],
    /// Moves played, the steal included.
    pub plies: u32,
    /// How the game ended, if it did.
    pub end: Option<End>,
}

impl Default for ArrayBoard {
    fn default() -> Self {
        ArrayBoard::new()
    }
}

impl ArrayBoard {
    /// The empty board, the first player to move.
    #[must_use]
    pub fn new() -> ArrayBoard {
        ArrayBoard { stones: [[0; 9]; 9], plies: 0, end: None }
    }

    /// The stones and move count of `g`, read cell by cell; the end is derived from the board
    /// alone ([`ArrayBoard::derive_end`]), not copied, so [`check`] compares it.
    #[must_use]
    pub fn from_state(g: &Yavalath) -> ArrayBoard {
        let mut b = ArrayBoard { stones: read_stones(g), plies: g.plies(), end: None };
        b.end = b.derive_end();
        b
    }

    /// The end a game that reached these stones has: the player who moved last has a run of 4 or
    /// more (won), else a run of exactly 3 (lost); else a full board is a draw.
    #[must_use]
    pub fn derive_end(&self) -> Option<End> {
        if self.plies == 0 {
            return None;
        }
        let last = PlayerId(((self.plies - 1) % 2) as u8);
        let longest = all_xy()
            .filter(|&(x, y)| self.stones[y as usize][x as usize] == last.0 + 1)
            .map(|(x, y)| self.run_len(x, y, last.0 + 1))
            .max()
            .unwrap_or(0);
        match longest {
            4.. => Some(End::Four { winner: last }),
            3 => Some(End::Three { loser: last }),
            _ if self.is_full() => Some(End::Full),
            _ => None,
        }
    }

    /// Whether every cell holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        all_xy().all(|(x, y)| self.stones[y as usize][x as usize] != 0)
    }

    /// The player whose turn it is by alternation.
    #[must_use]
    pub fn to_move(&self) -> PlayerId {
        PlayerId((self.plies % 2) as u8)
    }

    /// The legal moves of the player to move in reading order: the empty cells, and on the second
    /// move the first stone too (the steal); none once the game is over.
    #[must_use]
    pub fn legal(&self) -> Vec<(i32, i32)> {
        all_xy().filter(|&(x, y)| self.check(self.to_move(), x, y).is_ok()).collect()
    }

    /// Whether `player` may play `(x, y)` now, with the crate's errors in the crate's order: the
    /// seat, the end, the turn, the board, the cell.
    ///
    /// # Errors
    /// [`MoveError::Seat`] ([`SeatError::NoSuchPlayer`], [`SeatError::GameOver`],
    /// [`SeatError::NotYourTurn`]), [`MoveError::OffBoard`] or [`MoveError::Occupied`].
    pub fn check(&self, player: PlayerId, x: i32, y: i32) -> Result<(), MoveError> {
        if player.0 >= 2 {
            return Err(SeatError::NoSuchPlayer { player, players: 2 }.into());
        }
        if self.end.is_some() {
            return Err(SeatError::GameOver.into());
        }
        if player != self.to_move() {
            return Err(SeatError::NotYourTurn { player, to_move: self.to_move() }.into());
        }
        if !on_board(x, y) {
            return Err(MoveError::OffBoard { x: x.into(), y: y.into() });
        }
        let stone = self.stones[y as usize][x as usize];
        // The steal: the second player's first move may take the first player's stone.
        if stone != 0 && !(self.plies == 1 && stone == 1) {
            if let Ok(cell) = Cell::from_xy(x.into(), y.into()) {
                return Err(MoveError::Occupied { cell });
            }
        }
        Ok(())
    }

    /// The longest run of `colour` (1 or 2) through `(x, y)` along the three lines, counting
    /// `(x, y)` itself as that colour.
    #[must_use]
    pub fn run_len(&self, x: i32, y: i32, colour: u8) -> i32 {
        let (a, y0) = to_ay(x, y);
        let mut best = 0;
        for (da, dy) in [(1, 0), (0, 1), (1, 1)] {
            let mut n = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while let Some((cx, cy)) = from_ay(a + sign * k * da, y0 + sign * k * dy) {
                    if self.stones[cy as usize][cx as usize] != colour {
                        break;
                    }
                    n += 1;
                    k += 1;
                }
            }
            best = best.max(n);
        }
        best
    }

    /// What a stone of `player` on the empty `(x, y)` would do: the end it makes, if any.
    #[must_use]
    pub fn placement_end(&self, player: PlayerId, x: i32, y: i32) -> Option<End> {
        if player.0 >= 2 || !on_board(x, y) || self.stones[y as usize][x as usize] != 0 {
            return None;
        }
        let mut after = self.clone();
        after.stones[y as usize][x as usize] = player.0 + 1;
        match after.run_len(x, y, player.0 + 1) {
            4.. => Some(End::Four { winner: player }),
            3 => Some(End::Three { loser: player }),
            _ if after.is_full() => Some(End::Full),
            _ => None,
        }
    }

    /// Plays `(x, y)` for the player to move.
    ///
    /// # Errors
    /// As [`ArrayBoard::check`]; the board is then unchanged.
    pub fn play(&mut self, x: i32, y: i32) -> Result<(), MoveError> {
        let me = self.to_move();
        self.check(me, x, y)?;
        let cell = &mut self.stones[y as usize][x as usize];
        self.plies += 1;
        if *cell != 0 {
            // The steal: the stone changes colour and makes no line.
            *cell = 2;
            return Ok(());
        }
        *cell = me.0 + 1;
        self.end = match self.run_len(x, y, me.0 + 1) {
            4.. => Some(End::Four { winner: me }),
            3 => Some(End::Three { loser: me }),
            _ if self.is_full() => Some(End::Full),
            _ => None,
        };
        Ok(())
    }

    /// The number of move sequences of length `depth` (games that end sooner count nothing
    /// further), each position's moves listed by [`ArrayBoard::legal`]; the last level counts the
    /// list without playing it, as [`game_core::perft`] does.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => return 1,
            1 => return self.legal().len() as u64,
            _ => {}
        }
        self.legal()
            .into_iter()
            .map(|(x, y)| {
                let mut c = self.clone();
                match c.play(x, y) {
                    Ok(()) => c.perft(depth - 1),
                    Err(_) => 0,
                }
            })
            .sum()
    }

    /// Whether `g` has the same stones, move count and end.
    #[must_use]
    pub fn agrees_with(&self, g: &Yavalath) -> bool {
        read_stones(g) == self.stones && g.plies() == self.plies && g.end() == self.end
    }
}

/// The number of move sequences of length `depth` from `state`, counted by the reference model
/// (slow: every node lists its moves into a `Vec` and copies the array; use it to check a
/// generator, [`game_core::perft`] to count fast).
#[must_use]
pub fn perft(state: &Yavalath, depth: u32) -> u64 {
    ArrayBoard::from_state(state).perft(depth)
}

fn violation(check: &'static str, detail: String) -> Violation {
    Violation { check, detail, at: None }
}

fn xy(c: Cell) -> (i32, i32) {
    (i32::from(c.x()), i32::from(c.y()))
}

/// Checks the fast game on `state` against the reference model: the end of the game derived from
/// the board, who acts, the outcome, and for both seats and one that does not exist the legal
/// moves ([`Game::legal_moves`] and [`Yavalath::legal`]), the answer of [`Game::check_move`] on
/// every cell (the same error), the successor of every legal move (stones, move count, end), the
/// threat queries ([`Yavalath::winning_cells`], [`Yavalath::losing_cells`],
/// [`Yavalath::placement_end`]) on every cell, and the steal queries.
///
/// # Errors
/// The first disagreement, as a [`Violation`] named `reference-…`.
pub fn check(state: &Yavalath) -> Result<(), Violation> {
    let model = ArrayBoard::from_state(state);
    if model.end != state.end() {
        return Err(violation(
            "reference-end",
            format!("{state:?}: model end {:?}, game {:?}", model.end, state.end()),
        ));
    }
    let act = if model.end.is_some() { ToAct::Over } else { ToAct::Player(model.to_move()) };
    if state.to_act() != act || state.outcome().map(|o| o.winner()) != model.end.map(End::winner) {
        return Err(violation("reference-to-act", format!("{state:?}: model {act:?} after {:?}", model.end)));
    }
    let legal = model.legal();
    let mut moves = Vec::new();
    for seat in 0..3 {
        let p = PlayerId(seat);
        state.legal_moves(p, &mut moves);
        let mut listed: Vec<(i32, i32)> = moves.iter().map(|&c| xy(c)).collect();
        listed.sort_by_key(|&(x, y)| (y, x));
        let expected = if p == model.to_move() { legal.clone() } else { Vec::new() };
        if listed != expected {
            return Err(violation(
                "reference-legal-moves",
                format!("{state:?} player {p}: {listed:?}, model {expected:?}"),
            ));
        }
        for c in Cell::all() {
            let (x, y) = xy(c);
            let (fast, slow) = (state.check_move(p, c), model.check(p, x, y));
            if fast != slow {
                return Err(violation(
                    "reference-check-move",
                    format!("{state:?} player {p} {c}: {fast:?}, model {slow:?}"),
                ));
            }
        }
    }
    let bitboard: Vec<(i32, i32)> = {
        let mut v: Vec<(i32, i32)> = state.legal().iter().map(xy).collect();
        v.sort_by_key(|&(x, y)| (y, x));
        v
    };
    if bitboard != legal {
        return Err(violation("reference-legal-moves", format!("{state:?}: legal() {bitboard:?}, model {legal:?}")));
    }
    for &(x, y) in &legal {
        let Ok(c) = Cell::from_xy(x.into(), y.into()) else { continue };
        let mut fast = *state;
        fast.play_unchecked(model.to_move(), c);
        let mut slow = model.clone();
        if slow.play(x, y).is_err() || !slow.agrees_with(&fast) {
            return Err(violation("reference-successor", format!("{state:?} then {c}: {fast:?}, model {slow:?}")));
        }
    }
    check_threats(state, &model)?;
    let steal = model.end.is_none() && model.plies == 1;
    let steal_cell = if steal { legal.iter().find(|&&(x, y)| model.stones[y as usize][x as usize] == 1) } else { None };
    let stones = model.stones.iter().flatten().filter(|&&s| s != 0).count() as u32;
    if state.can_steal() != steal
        || state.steal_cell().map(xy).as_ref() != steal_cell
        || state.stolen() != (model.plies > stones)
    {
        return Err(violation("reference-steal", format!("{state:?}: model can steal {steal}, cell {steal_cell:?}")));
    }
    Ok(())
}

/// The threat queries against the model's run lengths, on every cell for both seats.
fn check_threats(state: &Yavalath, model: &ArrayBoard) -> Result<(), Violation> {
    for seat in 0..2 {
        let p = PlayerId(seat);
        let (win, lose) = (state.winning_cells(p), state.losing_cells(p));
        for c in Cell::all() {
            let (x, y) = xy(c);
            let empty = model.stones[y as usize][x as usize] == 0;
            let run = if empty { model.run_len(x, y, seat + 1) } else { 0 };
            let (fast, slow) = (state.placement_end(p, c), model.placement_end(p, x, y));
            if win.contains(c) != (run >= 4) || lose.contains(c) != (run == 3) || fast != slow {
                return Err(violation(
                    "reference-threats",
                    format!("{state:?} player {p} {c}: run {run}, placement {fast:?} vs model {slow:?}"),
                ));
            }
        }
    }
    Ok(())
}
