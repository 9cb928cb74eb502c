//! [`arbitrary::Arbitrary`] for the crate's plain types (feature `arbitrary`), for fuzzers and
//! property tests built on the `arbitrary` crate. Every value is valid: cells are on the board,
//! bitboards inside it, positions and setups reached by a game.
//!
//! ```
//! use arbitrary::{Arbitrary, Unstructured};
//! use yavalath::{Cell, Yavalath};
//! let mut u = Unstructured::new(&[7, 200, 3, 1, 4, 1, 5, 9, 2, 6]);
//! let cell = Cell::arbitrary(&mut u).unwrap();
//! let g = Yavalath::arbitrary(&mut u).unwrap();
//! assert!(Cell::all().any(|c| c == cell));
//! assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g); // a reachable position
//! ```

use crate::bitboard::Bitboard;
use crate::cell::{CELLS, Cell};
use crate::setup::Setup;
use crate::state::Yavalath;
use crate::symmetry::Symmetry;
use arbitrary::{Arbitrary, Result, Unstructured};
use game_core::Game;

impl<'a> Arbitrary<'a> for Cell {
    /// Any of the 61 cells.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Cell> {
        Ok(Cell::from_index(u.choose_index(CELLS)?).unwrap_or(Cell::CENTER))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

impl<'a> Arbitrary<'a> for Bitboard {
    /// Any set of cells (bits 61 to 63 dropped).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Bitboard> {
        Ok(Bitboard::from_bits(u64::arbitrary(u)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u64::size_hint(depth)
    }
}

impl<'a> Arbitrary<'a> for Symmetry {
    /// Any of the 12 symmetries.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Symmetry> {
        let i = u.choose_index(12)?;
        Ok(Symmetry::all().nth(i).unwrap_or(Symmetry::IDENTITY))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

impl<'a> Arbitrary<'a> for Yavalath {
    /// A position reached from the empty board: a number of moves (0 to 62, stopping at the end
    /// of the game or of the data), each chosen among the legal moves by the data.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Yavalath> {
        let mut g = Yavalath::new();
        let plies = u.int_in_range(0..=CELLS + 1)?;
        for _ in 0..plies {
            let legal = g.legal();
            if legal.is_empty() || u.is_empty() {
                break;
            }
            let k = u.choose_index(legal.len())?;
            if let Some(cell) = legal.iter().nth(k) {
                g.play_unchecked(g.next_player(), cell);
            }
        }
        Ok(g)
    }
}

impl<'a> Arbitrary<'a> for Setup {
    /// The setup of an arbitrary reachable position (a setup of random rows would almost never
    /// be valid; [`Setup`]'s validation is tested on its own).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        Ok(Yavalath::arbitrary(u)?.to_setup())
    }
}
