//! Step legality and play ([`Board::step`], [`Board::check_step`], fast
//! random playouts), whole turns checked exactly as the referee checks them
//! ([`Board::after_turn`]), and the streaming generator of every distinct
//! legal turn ([`TurnGen`]).

// Bit-twiddling hot paths: slots are below 256 on a validated pitch (a
// slot fits in a byte, a slot offset keeps the index non-negative), random
// words and fingerprints are split into their low bits on purpose, and the
// step helpers are forced inline (measured by
// `benches/benches/paper_soccer.rs`). `TurnGen`'s `Debug` shows its
// capacity, not its scratch contents.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::inline_always,
    clippy::missing_fields_in_debug
)]

use crate::dir::Dir;
use crate::error::{StepError, TurnError};
use crate::notation::Turn;
use crate::state::Board;
use crate::zobrist::{PLAYER_KEY, ball_key, ball_key2, line_key, line_key2};
use game_core::RngCore;
use std::fmt;
use std::ops::ControlFlow;

/// `NTH_BIT[mask][k]`: the index of the `k`-th set bit of `mask`.
static NTH_BIT: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let mut k = 0;
        let mut b = 0;
        while b < 8 {
            if m & (1 << b) != 0 {
                t[m][k] = b as u8;
                k += 1;
            }
            b += 1;
        }
        m += 1;
    }
    t
};

impl<const N: usize> Board<N> {
    #[inline(always)]
    fn target(&self, d: Dir) -> usize {
        (self.ball as isize + self.pitch().offset(d)) as usize
    }

    /// Plays one step that must be legal (a direction of
    /// [`legal_dirs`](Board::legal_dirs)); does nothing otherwise. Returns
    /// whether the same player must step again (a bounce on a point where
    /// the game goes on).
    #[inline]
    pub fn step(&mut self, d: Dir) -> bool {
        let p = usize::from(self.ball);
        let bit = d.bit();
        if self.free_mask(self.ball) & bit == 0 {
            return false;
        }
        let q = self.target(d);
        let Some(&fq) = self.free.get(q) else { return false };
        let fresh = fq == 0xFF;
        self.free[p] &= !bit;
        self.free[q] = fq & !d.opposite().bit();
        self.ball = q as u8;
        self.hash ^= line_key(p, q, d) ^ ball_key(p) ^ ball_key(q);
        if fresh {
            self.to_move ^= 1;
            self.hash ^= PLAYER_KEY;
            false
        } else {
            self.free[q] != 0
        }
    }

    /// Checks one step for the player to move.
    ///
    /// # Errors
    /// [`StepError::GameOver`], [`StepError::NoSuchPoint`] or
    /// [`StepError::LineAlreadyDrawn`].
    pub fn check_step(&self, d: Dir) -> Result<(), StepError> {
        let free = self.free_mask(self.ball);
        if free == 0 {
            return Err(StepError::GameOver);
        }
        if free & d.bit() != 0 {
            return Ok(());
        }
        let from = self.ball();
        if self.pitch().link_exists(from, d) {
            Err(StepError::LineAlreadyDrawn { from, dir: d })
        } else {
            Err(StepError::NoSuchPoint { from, dir: d })
        }
    }

    /// The slot the ball would reach by a step in direction `d`.
    #[inline(always)]
    pub(crate) fn target_slot(&self, d: Dir) -> usize {
        self.target(d)
    }

    /// Plays uniformly random steps (each uniform over the legal steps) to
    /// the end of the game and returns the number of steps. The fast path
    /// for playouts: no move list, two random choices per `u64` drawn.
    pub fn random_playout<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut steps = 0;
        let mut bits = 0u64;
        let mut left = 0u32;
        loop {
            let free = self.free_mask(self.ball);
            if free == 0 {
                return steps;
            }
            let n = free.count_ones();
            let k = if n == 1 {
                0
            } else {
                // Lemire's multiply-and-reject on 32-bit chunks: exactly
                // uniform, and the division only runs in the rare case
                // where a rejection is possible.
                loop {
                    if left == 0 {
                        bits = rng.next_u64();
                        left = 2;
                    }
                    let r = bits as u32;
                    bits >>= 32;
                    left -= 1;
                    let m = u64::from(r) * u64::from(n);
                    if (m as u32) >= n || (m as u32) >= n.wrapping_neg() % n {
                        break (m >> 32) as usize;
                    }
                }
            };
            let d = Dir::ALL[usize::from(NTH_BIT[usize::from(free)][k & 7])];
            self.step(d);
            steps += 1;
        }
    }
}

impl<const N: usize> Board<N> {
    /// The position after the player to move plays the turn `text`, checked
    /// exactly as the referee does (see [`TurnError`] for the order). From
    /// a position in the middle of a turn (after bouncing steps played one
    /// by one) `text` completes that turn.
    ///
    /// # Errors
    /// The first failed check.
    pub fn after_turn(&self, text: &str) -> Result<Self, TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        if text.is_empty() {
            return Err(TurnError::Empty);
        }
        if let Some((index, found)) = text.chars().enumerate().find(|&(_, c)| !('0'..='8').contains(&c)) {
            return Err(TurnError::BadCharacter { index, found });
        }
        let mut b = *self;
        let mut ended = false;
        for (index, c) in text.chars().enumerate() {
            if ended {
                return Err(TurnError::StepAfterTurnEnded { index });
            }
            let Some(d) = Dir::from_digit(c) else {
                return Err(TurnError::NoSuchPoint { index, from: b.ball(), step: c });
            };
            ended = !b.step_checked(index, d)?;
        }
        if !ended {
            return Err(TurnError::EndedOnBouncePoint { at: b.ball() });
        }
        Ok(b)
    }

    /// One checked step of a turn; returns whether the turn goes on.
    #[inline]
    fn step_checked(&mut self, index: usize, d: Dir) -> Result<bool, TurnError> {
        if self.legal_dirs().contains(d) {
            return Ok(self.step(d));
        }
        let from = self.ball();
        if self.pitch().link_exists(from, d) {
            Err(TurnError::LineAlreadyDrawn { index, from, dir: d })
        } else {
            Err(TurnError::NoSuchPoint { index, from, step: d.digit() })
        }
    }

    /// Plays the turn `text` for the player to move, validated completely
    /// before anything changes (see [`after_turn`](Board::after_turn)).
    ///
    /// ```
    /// use paper_soccer::{PaperSoccer, TurnError};
    /// let mut g = PaperSoccer::default();
    /// g.play_turn("7").unwrap(); // player 0 moves north-west to a fresh point
    /// assert_eq!(g.play_turn("3"), Err(TurnError::LineAlreadyDrawn {
    ///     index: 0, from: g.ball(), dir: paper_soccer::Dir::SE }));
    /// g.play_turn("4").unwrap();
    /// ```
    ///
    /// # Errors
    /// The first failed check; the position is then unchanged.
    pub fn play_turn(&mut self, text: &str) -> Result<(), TurnError> {
        *self = self.after_turn(text)?;
        Ok(())
    }

    /// The position after the steps of `turn`, checked like
    /// [`after_turn`](Board::after_turn) (checks 2 to 5).
    ///
    /// # Errors
    /// The first failed check.
    pub fn after_turn_steps(&self, turn: &Turn) -> Result<Self, TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        let mut b = *self;
        let mut ended = false;
        for (index, &d) in turn.steps().iter().enumerate() {
            if ended {
                return Err(TurnError::StepAfterTurnEnded { index });
            }
            ended = !b.step_checked(index, d)?;
        }
        if !ended {
            return Err(TurnError::EndedOnBouncePoint { at: b.ball() });
        }
        Ok(b)
    }

    /// Plays `turn` for the player to move, validated completely first.
    ///
    /// # Errors
    /// The first failed check; the position is then unchanged.
    pub fn play_turn_steps(&mut self, turn: &Turn) -> Result<(), TurnError> {
        *self = self.after_turn_steps(turn)?;
        Ok(())
    }

    /// Calls `visit` once for every distinct legal whole turn of the player
    /// to move (distinct by result: end point and lines drawn), with one
    /// step sequence reaching it and the position after it, until `visit`
    /// breaks or `cap` turns were listed. Allocates a fresh [`TurnGen`]; keep
    /// one and call [`TurnGen::for_each_turn`] to reuse its memory.
    ///
    /// Memory grows with the distinct positions explored (16 bytes each,
    /// about two per turn). Dense positions of random play can have hundreds
    /// of millions of turns: pass a real `cap` unless the position is known
    /// to be small.
    pub fn for_each_turn<F>(&self, cap: u64, visit: F) -> TurnGenReport
    where
        F: FnMut(&[Dir], &Board<N>) -> ControlFlow<()>,
    {
        TurnGen::new().for_each_turn(self, cap, visit)
    }

    /// Up to `cap` distinct legal whole turns, collected (a convenience for
    /// tests and tools; search should stream with
    /// [`for_each_turn`](Board::for_each_turn)).
    #[must_use]
    pub fn legal_turns(&self, cap: u64) -> Vec<Turn> {
        let mut out = Vec::new();
        self.for_each_turn(cap, |steps, _| {
            out.push(Turn(steps.to_vec()));
            ControlFlow::Continue(())
        });
        out
    }

    /// Whole-turn perft: the number of sequences of `depth` turns, where
    /// the turns of a position are its distinct results. A game that ends
    /// before `depth` turns counts 0, as in [`game_core::perft`].
    #[must_use]
    pub fn turn_perft(&self, depth: u32) -> u64 {
        let mut gens: Vec<TurnGen> = (0..depth).map(|_| TurnGen::new()).collect();
        turn_perft_inner(self, depth, &mut gens)
    }
}

fn turn_perft_inner<const N: usize>(b: &Board<N>, depth: u32, gens: &mut [TurnGen]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if b.is_over() {
        return 0;
    }
    let Some((g, rest)) = gens.split_first_mut() else { return 1 };
    let mut total = 0;
    g.for_each_turn(b, u64::MAX, |_, child| {
        total += if depth == 1 { 1 } else { turn_perft_inner(child, depth - 1, rest) };
        ControlFlow::Continue(())
    });
    total
}

/// What a turn generation did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnGenReport {
    /// Distinct turns listed.
    pub turns: u64,
    /// Step positions explored (distinct intermediate and final positions).
    pub nodes: u64,
    /// Whether every turn was listed (no cap reached, no early stop).
    pub complete: bool,
}

/// One entry of the seen-set: the Zobrist hash, and the second hash with
/// its low 16 bits replaced by the generation stamp (112 bits of
/// fingerprint in 16 bytes).
#[derive(Clone, Copy, Default)]
struct Slot {
    k1: u64,
    k2: u64,
}

/// Reusable memory for whole-turn generation: a hash set of the positions
/// seen during one generation (112-bit fingerprints: the Zobrist hash plus
/// 48 bits of an independent hash of lines and ball) and the current step
/// path.
///
/// The generator walks the steps depth first and skips every position
/// reached before by another order of the same lines, so each distinct
/// intermediate position is expanded once and each distinct result is
/// listed once. Nothing is allocated per turn; the table grows (rarely) and
/// is cleared in O(1) by a generation stamp.
#[derive(Clone, Default)]
pub struct TurnGen {
    table: Vec<Slot>,
    used: usize,
    stamp: u16,
    path: Vec<Dir>,
}

impl fmt::Debug for TurnGen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TurnGen").field("capacity", &self.table.len()).finish()
    }
}

impl TurnGen {
    /// An empty generator (allocates on first use).
    #[must_use]
    pub fn new() -> TurnGen {
        TurnGen::default()
    }

    fn reset(&mut self) {
        if self.table.is_empty() {
            self.table = vec![Slot::default(); 1 << 10];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.iter_mut().for_each(|s| *s = Slot::default());
            self.stamp = 1;
        }
        self.used = 0;
        self.path.clear();
    }

    /// Inserts a fingerprint; whether it was new.
    #[inline]
    fn insert(&mut self, k1: u64, k2: u64) -> bool {
        if (self.used + 1) * 2 > self.table.len() {
            self.grow();
        }
        let k2 = (k2 & !0xFFFF) | u64::from(self.stamp);
        let mask = self.table.len() - 1;
        let mut i = (k1 as usize) & mask;
        loop {
            let s = &mut self.table[i];
            if s.k2 as u16 != self.stamp {
                *s = Slot { k1, k2 };
                self.used += 1;
                return true;
            }
            if s.k1 == k1 && s.k2 == k2 {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.table);
        self.table = vec![Slot::default(); (old.len() * 2).max(1 << 10)];
        let mask = self.table.len() - 1;
        for s in old.into_iter().filter(|s| s.k2 as u16 == self.stamp) {
            let mut i = (s.k1 as usize) & mask;
            while self.table[i].k2 as u16 == self.stamp {
                i = (i + 1) & mask;
            }
            self.table[i] = s;
        }
    }

    /// Calls `visit(steps, after)` once per distinct legal whole turn of the
    /// player to move in `board` (see [`Board::for_each_turn`]), stopping
    /// when `visit` breaks or after `cap` turns. Turns come in depth-first
    /// order of their first-found step sequence.
    pub fn for_each_turn<const N: usize, F>(&mut self, board: &Board<N>, cap: u64, mut visit: F) -> TurnGenReport
    where
        F: FnMut(&[Dir], &Board<N>) -> ControlFlow<()>,
    {
        let mut report = TurnGenReport::default();
        if board.is_over() || cap == 0 {
            report.complete = board.is_over();
            return report;
        }
        self.reset();
        let start = board.ball_slot();
        let mut visited = [0u64; 4];
        visited[(start >> 6) & 3] |= 1 << (start & 63);
        let flow = self.dfs(board, 0, Some(visited), cap, &mut visit, &mut report);
        report.complete = flow.is_continue();
        report
    }

    /// `simple` holds the points visited by the turn so far while they are
    /// all distinct. A turn whose steps visit no point twice is the only
    /// order of its lines, so its positions cannot be reached another way
    /// and skip the seen-set; after a revisit every position goes through it.
    fn dfs<const N: usize, F>(
        &mut self,
        b: &Board<N>,
        h2: u64,
        simple: Option<[u64; 4]>,
        cap: u64,
        visit: &mut F,
        report: &mut TurnGenReport,
    ) -> ControlFlow<()>
    where
        F: FnMut(&[Dir], &Board<N>) -> ControlFlow<()>,
    {
        let p = b.ball_slot();
        for d in b.legal_dirs() {
            let q = b.target_slot(d);
            let mut c = *b;
            let goes_on = c.step(d);
            let h2c = h2 ^ line_key2(p, q, d);
            let simple_c = simple.and_then(|mut v| {
                let (word, bit) = ((q >> 6) & 3, 1u64 << (q & 63));
                let revisit = v[word] & bit != 0;
                v[word] |= bit;
                (!revisit).then_some(v)
            });
            if simple_c.is_none() && !self.insert(game_core::Zobrist::zobrist(&c), h2c ^ ball_key2(q)) {
                continue;
            }
            report.nodes += 1;
            self.path.push(d);
            if goes_on {
                self.dfs(&c, h2c, simple_c, cap, visit, report)?;
            } else {
                report.turns += 1;
                visit(&self.path, &c)?;
                if report.turns >= cap {
                    return ControlFlow::Break(());
                }
            }
            self.path.pop();
        }
        ControlFlow::Continue(())
    }
}
