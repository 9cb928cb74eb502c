//! The streaming generator of every distinct legal whole turn
//! ([`TurnGen`], [`Board::for_each_turn`]) and whole-turn perft.
//!
//! The generator walks the steps depth first and skips every position
//! reached before by another order of the same lines. Its seen-set is an
//! open-addressing table of 64-bit fingerprints (8 bytes a position), used
//! from a small prefix that doubles only when a generation fills it, so the
//! table of an ordinary position stays in L1/L2 and a dense one costs one
//! cache line per position; the children of a position are all looked up
//! before any is expanded, so their cache misses overlap.

// Slots are below 256 on a validated pitch and fingerprints are split into
// their low bits on purpose. `TurnGen`'s `Debug` shows its capacity, not
// its scratch contents.
#![allow(clippy::cast_possible_truncation, clippy::missing_fields_in_debug, clippy::many_single_char_names)]

use crate::dir::{Dir, DirSet};
use crate::notation::Turn;
use crate::state::Board;
use crate::zobrist::{ball_key2, line_key2};
use std::fmt;
use std::ops::ControlFlow;

impl<const N: usize> Board<N> {
    /// Calls `visit` once for every distinct legal whole turn of the player
    /// to move (distinct by result: end point and lines drawn), with one
    /// step sequence reaching it and the position after it, until `visit`
    /// breaks or `cap` turns were listed. Allocates a fresh [`TurnGen`]; keep
    /// one and call [`TurnGen::for_each_turn`] to reuse its memory.
    ///
    /// Memory grows with the distinct positions explored (8 bytes each,
    /// about two per turn, in a table at most half full). Dense positions
    /// of random play can have hundreds of millions of turns: pass a real
    /// `cap` unless the position is known to be small.
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

/// Size of the table prefix a generation starts with: 32 KiB, in L1/L2.
const FIRST_ACTIVE: usize = 1 << 12;

/// Reusable memory for whole-turn generation: a set of the positions seen
/// during one generation and the current step path.
///
/// The generator walks the steps depth first and skips every position
/// reached before by another order of the same lines, so each distinct
/// intermediate position is expanded once and each distinct result is
/// listed once. A position is known by a 64-bit fingerprint (an
/// independent Zobrist hash of the lines drawn in the turn and the ball):
/// two distinct positions of one generation share one with probability
/// about `n² / 2⁶⁵` for `n` positions (below 10⁻⁸ at a cap of 200,000
/// turns). Nothing is allocated per turn: the table grows (rarely) and is
/// cleared entry by entry.
#[derive(Clone, Default)]
pub struct TurnGen {
    /// Open addressing with linear probing; 0 is an empty entry. Only the
    /// first `active` entries are in use.
    table: Vec<u64>,
    active: usize,
    used: usize,
    /// Indices written in this generation, to clear them cheaply.
    touched: Vec<u32>,
    /// The keys being moved while the table grows.
    scratch: Vec<u64>,
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
        if self.touched.len() * 8 < self.active {
            for &i in &self.touched {
                if let Some(e) = self.table.get_mut(i as usize) {
                    *e = 0;
                }
            }
        } else {
            self.table.iter_mut().take(self.active).for_each(|e| *e = 0);
        }
        self.touched.clear();
        if FIRST_ACTIVE > self.table.len() {
            self.table = vec![0; FIRST_ACTIVE];
        }
        // Keep the size the last generation reached when it used a
        // quarter of it or more (a repeated dense position does not grow
        // again), else halve it: a run of small positions shrinks back to
        // the first size, which stays in L1/L2.
        if self.used * 4 < self.active {
            self.active /= 2;
        }
        self.active = self.active.max(FIRST_ACTIVE);
        self.used = 0;
        self.path.clear();
    }

    /// Inserts a fingerprint; whether it was new.
    #[inline]
    fn insert(&mut self, key: u64) -> bool {
        if half_full(self.used, self.active) {
            self.grow();
        }
        let key = key.max(1);
        let mask = self.active - 1;
        let mut i = (key as usize) & mask;
        loop {
            let Some(e) = self.table.get_mut(i) else { return true };
            if *e == 0 {
                *e = key;
                self.used += 1;
                self.touched.push(i as u32);
                return true;
            }
            if *e == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the active prefix (allocating only past the capacity reached
    /// before) and re-inserts the entries.
    fn grow(&mut self) {
        self.scratch.clear();
        for &i in &self.touched {
            if let Some(e) = self.table.get_mut(i as usize) {
                self.scratch.push(*e);
                *e = 0;
            }
        }
        self.touched.clear();
        self.active *= 2;
        if self.table.len() < self.active {
            self.table.resize(self.active, 0);
        }
        self.used = 0;
        let keys = std::mem::take(&mut self.scratch);
        for &k in &keys {
            self.insert(k);
        }
        self.scratch = keys;
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
    /// All children are looked up first (their table probes overlap), then
    /// the new ones are expanded: a position is expanded once, under
    /// whichever path inserted it first.
    fn dfs<const N: usize, F>(
        &mut self,
        b: &Board<N>,
        h: u64,
        simple: Option<[u64; 4]>,
        cap: u64,
        visit: &mut F,
        report: &mut TurnGenReport,
    ) -> ControlFlow<()>
    where
        F: FnMut(&[Dir], &Board<N>) -> ControlFlow<()>,
    {
        let p = b.ball_slot();
        let mut new = 0u8;
        for d in b.legal_dirs() {
            let q = b.target_slot(d);
            let fq = b.free_mask(q as u8);
            // A step to a fresh point (no line there yet) or into a goal
            // ends the turn by the only line the turn draws at its end
            // point: every order of the same lines shares that last line
            // and so this parent, which is expanded once. Only a bounce or
            // a block can be reached by another order.
            let ends_by_its_only_line = fq == 0xFF || fq == 0;
            // A match, not `Option::is_none_or`: bundled bots build with
            // rustc 1.81, which does not have it.
            let revisit = match simple {
                None => true,
                Some(v) => v[(q >> 6) & 3] & (1 << (q & 63)) != 0,
            };
            if ends_by_its_only_line || !revisit || self.insert(h ^ line_key2(p, q, d) ^ ball_key2(q)) {
                new |= d.bit();
            }
        }
        for d in DirSet(new) {
            let q = b.target_slot(d);
            let mut c = *b;
            let goes_on = c.step(d);
            report.nodes += 1;
            self.path.push(d);
            if goes_on {
                let simple_c = simple.and_then(|mut v| {
                    let (word, bit) = ((q >> 6) & 3, 1u64 << (q & 63));
                    let revisit = v[word] & bit != 0;
                    v[word] |= bit;
                    (!revisit).then_some(v)
                });
                self.dfs(&c, h ^ line_key2(p, q, d), simple_c, cap, visit, report)?;
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

/// Whether a table of `active` entries, `used` of them taken, is to grow
/// before one more insert: past half full, which keeps probes short (when
/// exactly it grows changes the time and memory taken, never the turns).
#[inline]
fn half_full(used: usize, active: usize) -> bool {
    (used + 1) * 2 > active
}
