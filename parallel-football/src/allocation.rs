//! Who wins the balls of a contested cell: the [`Allocation`] of a turn.

use crate::error::AllocationError;
use crate::field::{Field, Scratch, TurnReport};
use game_core::RngCore;
use game_core::grid::Cell;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Who wins the balls of a contested cell (a cell with more legal kicks
/// than balls).
///
/// Every [`RngCore`] is an allocation: it picks uniformly at random (a
/// partial Fisher-Yates shuffle with [`game_core::rng::below`]).
/// [`ExplicitAllocation`] replays a recorded choice.
pub trait Allocation {
    /// `kickers` (player indices, increasing) all kick from `cell`, which
    /// holds `balls < kickers.len()` balls. Reorders `kickers` so that the
    /// first `balls` are the successful ones.
    ///
    /// # Errors
    /// When the allocation cannot serve this cell.
    fn choose(&mut self, cell: Cell, balls: u16, kickers: &mut [u16]) -> Result<(), AllocationError>;

    /// Called once after the last contested cell of a turn.
    ///
    /// # Errors
    /// When part of the allocation was not used.
    fn finish(&mut self) -> Result<(), AllocationError> {
        Ok(())
    }
}

impl<R: RngCore + ?Sized> Allocation for R {
    #[inline]
    fn choose(&mut self, _cell: Cell, balls: u16, kickers: &mut [u16]) -> Result<(), AllocationError> {
        let n = kickers.len();
        for j in 0..usize::from(balls).min(n) {
            let r = j + game_core::rng::below(self, n - j);
            kickers.swap(j, r);
        }
        Ok(())
    }
}

/// An allocation given explicitly: the players (indices, strictly increasing)
/// whose contested kicks succeed, as recorded in [`TurnReport::successes`].
#[derive(Clone, Copy, Debug)]
pub struct ExplicitAllocation<'a> {
    successes: &'a [u16],
    used: usize,
}

impl<'a> ExplicitAllocation<'a> {
    /// Wraps a list of successful contested kickers.
    ///
    /// # Errors
    /// [`AllocationError::NotSorted`] when the list is not strictly increasing.
    pub fn new(successes: &'a [u16]) -> Result<Self, AllocationError> {
        if successes.windows(2).any(|w| w[0] >= w[1]) {
            return Err(AllocationError::NotSorted);
        }
        Ok(ExplicitAllocation { successes, used: 0 })
    }
}

impl Allocation for ExplicitAllocation<'_> {
    fn choose(&mut self, cell: Cell, balls: u16, kickers: &mut [u16]) -> Result<(), AllocationError> {
        let mut front = 0;
        for i in 0..kickers.len() {
            if self.successes.binary_search(&kickers[i]).is_ok() {
                kickers.swap(front, i);
                front += 1;
            }
        }
        if front != usize::from(balls) {
            return Err(AllocationError::WrongCount { x: cell.x, y: cell.y, balls, listed: front });
        }
        self.used += front;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), AllocationError> {
        if self.used != self.successes.len() {
            return Err(AllocationError::NotContested(self.successes.len() - self.used));
        }
        Ok(())
    }
}

impl Field {
    /// Step (2) on the contested kickers: fills `report.successes` and
    /// `report.failures`.
    pub(crate) fn allocate<A: Allocation + ?Sized>(
        &self,
        scratch: &mut Scratch,
        alloc: &mut A,
        report: &mut TurnReport,
    ) -> Result<(), AllocationError> {
        let config = self.config();
        scratch.contested.sort_unstable();
        let mut start = 0;
        while start < scratch.contested.len() {
            let src = scratch.contested[start].0;
            let mut end = start;
            scratch.group.clear();
            while end < scratch.contested.len() && scratch.contested[end].0 == src {
                scratch.group.push(scratch.contested[end].1);
                end += 1;
            }
            let balls = self.balls[src as usize];
            alloc.choose(config.cell(src as usize), balls, &mut scratch.group)?;
            let (won, lost) = scratch.group.split_at(usize::from(balls).min(scratch.group.len()));
            report.successes.extend_from_slice(won);
            report.failures.extend_from_slice(lost);
            start = end;
        }
        alloc.finish()?;
        report.successes.sort_unstable();
        report.failures.sort_unstable();
        Ok(())
    }
}

/// The chance value of a turn: the players whose contested kicks succeed
/// (strictly increasing; empty when no cell is contested).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct KickAllocation {
    /// Successful contested kickers (player indices `team * p + i`).
    pub successes: Vec<u16>,
}
