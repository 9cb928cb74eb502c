//! `arbitrary::Arbitrary` for moves, walls, configurations and setups
//! (feature `arbitrary`), for fuzzers and property tests driven by bytes.
//!
//! Moves and walls take any coordinates below 16 (the largest board is
//! 11 x 11), so that fuzzed moves hit off-board errors too; a configuration
//! is always valid; a setup is the position after a walk of legal moves
//! chosen by the bytes from the start of an arbitrary configuration, so it
//! is always consistent (`Game::from_setup` accepts it).

use crate::{Config, Move, Quoridor, Setup, Wall};
use arbitrary::{Arbitrary, Result, Unstructured};
use game_core::grid::Cell;
use game_core::{Game, PlayerId};

/// Coordinates up to 15: every board's cells and anchors, and a few beyond.
fn coordinate(u: &mut Unstructured<'_>) -> Result<u8> {
    Ok(u8::arbitrary(u)? & 15)
}

impl<'a> Arbitrary<'a> for Wall {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Wall> {
        Ok(Wall { x: coordinate(u)?, y: coordinate(u)?, vertical: bool::arbitrary(u)? })
    }
}

impl<'a> Arbitrary<'a> for Move {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Move> {
        Ok(if bool::arbitrary(u)? {
            Move::Pawn(Cell::new(coordinate(u)?, coordinate(u)?))
        } else {
            Move::Wall(Wall::arbitrary(u)?)
        })
    }
}

impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Config> {
        let size = *u.choose(&crate::geometry::SIZES)?;
        let players = *u.choose(&[2u8, 4])?;
        let walls = u.int_in_range(0..=10u8)? * players;
        let first_player = PlayerId(u.int_in_range(0..=players - 1)?);
        let tick_limit = if bool::arbitrary(u)? { Some(u.int_in_range(1..=400u32)?) } else { None };
        Ok(Config { size, players, walls, first_player, tick_limit })
    }
}

impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        let mut s = Quoridor::new(Config::arbitrary(u)?).map_err(|_| arbitrary::Error::IncorrectFormat)?;
        let plies = u.int_in_range(0..=200u16)?;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let Some(p) = s.to_move() else { break };
            s.legal_moves(p, &mut moves);
            if moves.is_empty() {
                break;
            }
            let i = usize::from(u16::arbitrary(u)?) % moves.len();
            s.play_unchecked(p, moves[i]);
        }
        Ok(s.to_setup())
    }
}
