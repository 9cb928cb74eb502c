//! Step legality and play ([`Board::step`], [`Board::check_step`], fast
//! random playouts), whole turns checked exactly as the referee checks them
//! ([`Board::after_turn`]). The generator of every distinct legal turn is
//! in `turngen`.

// Bit-twiddling hot paths: slots are below 256 on a validated pitch (a
// slot fits in a byte, a slot offset keeps the index non-negative), random
// words and fingerprints are split into their low bits on purpose, and the
// step helpers are forced inline (measured by
// `benches/benches/paper_soccer.rs`). `TurnGen`'s `Debug` shows its
// capacity, not its scratch contents.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::inline_always,
    clippy::missing_fields_in_debug
)]

use crate::dir::Dir;
use crate::error::{StepError, TurnError};
use crate::notation::Turn;
use crate::state::Board;
use crate::zobrist::{PLAYER_KEY, ball_key, line_key};
use game_core::rng::Chunks16;
use game_core::{RngCore, SeatError};

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
        let fresh = u8::from(fq == 0xFF);
        // Fresh: the pitch draws no line there, whatever the game drew.
        let left = fq & !bit.rotate_left(4);
        #[cfg(feature = "planted-bugs")]
        let (fresh, left) = self.planted_step(q, fresh, left, fq);
        if let Some(f) = self.free.get_mut(p) {
            *f &= !bit;
        }
        if let Some(f) = self.free.get_mut(q) {
            *f = left;
        }
        self.ball = q as u8;
        // No branch on the landing point (random play mispredicts it):
        // the player flips and the hash takes the player key exactly when
        // the point was fresh.
        self.to_move ^= fresh;
        self.hash ^= line_key(p, q, d) ^ ball_key(p) ^ ball_key(q) ^ (PLAYER_KEY & u64::from(fresh).wrapping_neg());
        fresh == 0 && left != 0
    }

    /// The planted bugs of a step (feature `planted-bugs`), given the target
    /// point `q`, whether it is `fresh`, the lines `left` free there after
    /// the step and `fq` before it: `paper-soccer-bounce-on-border-only`
    /// (fresh: the pitch draws no line there, whatever the game drew) and
    /// `paper-soccer-line-drawn-twice` (the line kept at the point it leaves
    /// only).
    #[cfg(feature = "planted-bugs")]
    fn planted_step(&self, q: usize, fresh: u8, left: u8, fq: u8) -> (u8, u8) {
        use game_core::planted::is;
        let fresh = if is("paper-soccer-bounce-on-border-only") {
            u8::from(self.pitch().initial_free::<N>().get(q) == Some(&0xFF))
        } else {
            fresh
        };
        (fresh, if is("paper-soccer-line-drawn-twice") { fq } else { left })
    }

    /// Checks one step for the player to move.
    ///
    /// # Errors
    /// [`StepError::Seat`] ([`SeatError::GameOver`]), [`StepError::NoSuchPoint`] or
    /// [`StepError::LineAlreadyDrawn`].
    pub fn check_step(&self, d: Dir) -> Result<(), StepError> {
        let free = self.free_mask(self.ball);
        if free == 0 {
            return Err(SeatError::GameOver.into());
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
    /// for playouts: no move list, four random choices per `u64` drawn, no
    /// data-dependent branch per step, and the Zobrist hash brought up to
    /// date once at the end (ball keys telescope; only line keys are
    /// gathered on the way).
    pub fn random_playout<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let pitch = self.pitch();
        let offsets = Dir::ALL.map(|d| pitch.offset(d));
        let start = usize::from(self.ball);
        let mut ball = start;
        let mut lines = 0u64;
        let mut turns_passed = 0u8;
        let mut steps = 0;
        let mut draws = Chunks16::new();
        loop {
            let free = self.free.get(ball).copied().unwrap_or(0);
            if free == 0 {
                break;
            }
            // Lemire's multiply-and-reject on 16-bit chunks: exactly
            // uniform; a rejection (probability below 8 in 65,536) is the
            // only branch that depends on the draw.
            let k = draws.below(rng, free.count_ones());
            let i = usize::from(NTH_BIT[usize::from(free)][(k & 7) as usize]);
            let d = Dir::ALL[i];
            let q = ball.wrapping_add_signed(offsets[i]);
            let Some(&fq) = self.free.get(q) else { break };
            if let Some(f) = self.free.get_mut(ball) {
                *f &= !d.bit();
            }
            if let Some(f) = self.free.get_mut(q) {
                *f = fq & !d.bit().rotate_left(4);
            }
            turns_passed ^= u8::from(fq == 0xFF);
            lines ^= line_key(ball, q, d);
            ball = q;
            steps += 1;
        }
        self.ball = ball as u8;
        self.to_move ^= turns_passed;
        self.hash ^= lines ^ ball_key(start) ^ ball_key(ball) ^ if turns_passed == 1 { PLAYER_KEY } else { 0 };
        steps
    }

    /// A uniformly random legal step of the player to move (`None` once
    /// the game is over), from one 32-bit draw in all but rare cases.
    #[inline]
    pub(crate) fn random_dir<R: RngCore + ?Sized>(&self, rng: &mut R) -> Option<Dir> {
        let free = self.free_mask(self.ball);
        if free == 0 {
            return None;
        }
        let k = game_core::rng::below_u32(rng, free.count_ones());
        Some(Dir::ALL[usize::from(NTH_BIT[usize::from(free)][(k & 7) as usize])])
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
}
