//! `arbitrary::Arbitrary` for the crate's plain data (feature `arbitrary`):
//! derived for [`Order`](crate::Order) and [`KickAllocation`](crate::KickAllocation) (any value is
//! meaningful, or refused with a typed error later), written here for the
//! types whose derived values would almost never be valid. Every
//! [`Config`] and [`Setup`] made here is valid: a setup always
//! rebuilds a [`ParallelFootball`](crate::ParallelFootball) through `from_setup`.

// Casts: cell coordinates below the grid size (at most 255) and counts checked against their bounds.
#![allow(clippy::cast_possible_truncation)]

use crate::field::Field;
use crate::geometry::Geometry;
use crate::limits::{MAX_KICK_RANGE, MAX_PLAYERS_PER_TEAM, TEAMS};
use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::{Config, Setup};
use ::arbitrary::{Arbitrary, Result, Unstructured};
use game_core::PlayerId;
use game_core::grid::Cell;
use std::sync::Arc;

/// Any cell with byte coordinates (on or off a given grid: moves are
/// checked when played).
impl<'a> Arbitrary<'a> for FootballMove {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(if bool::arbitrary(u)? {
            FootballMove::Place(Cell::new(u8::arbitrary(u)?, u8::arbitrary(u)?))
        } else {
            FootballMove::Order(Order::arbitrary(u)?)
        })
    }
}

/// A valid configuration. Three inputs in four (by the first byte) draw a
/// small one, where a fuzzer's time goes to the rules rather than to the
/// grid (`2..=12` a side, `1..=4` footballers a team, kick range `1..=12`,
/// `1..=100` turns); the others draw every field over its whole range
/// (grid `2..=255` a side, `1..=1024` footballers, kick range `1..=46`, any
/// turn limit from 1). Few input bytes give the small end of each range.
impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let (side, players, kick, turns) = if u8::arbitrary(u)? % 4 == 3 {
            (255, MAX_PLAYERS_PER_TEAM, MAX_KICK_RANGE, u32::MAX)
        } else {
            (12, 4, 12, 100)
        };
        Ok(Config {
            width: u.int_in_range(2..=side)?,
            height: u.int_in_range(2..=side)?,
            players: u.int_in_range(1..=players)?,
            kick_range: u.int_in_range(1..=kick)?,
            max_turns: u.int_in_range(1..=turns)?,
        })
    }
}

/// A valid setup: a valid configuration; 0 to 3 balls a cell (none on a
/// home, at most 65,535 in all); a turn up to the limit; scores up to
/// 65,535; at turn 0 possibly a placement in progress, otherwise every
/// footballer on a cell of the grid and, while the game is not over, some
/// orders already given this turn (an illegal one drawn becomes `stay`).
impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let config = Config::arbitrary(u)?;
        let p = usize::from(config.players);
        let mut balls = vec![0u16; config.cells()];
        let mut total = 0u32;
        for (i, b) in balls.iter_mut().enumerate() {
            if config.home_owner(config.cell(i)).is_none() && total + 3 <= u32::from(u16::MAX) {
                *b = u.int_in_range(0..=3)?;
                total += u32::from(*b);
            }
        }
        let turn = u.int_in_range(0..=config.max_turns)?;
        let scores = [(); TEAMS].map(|()| u32::from(u16::arbitrary(u).unwrap_or(0)));
        let placing = turn == 0 && bool::arbitrary(u)?;
        let mut players: [Vec<Cell>; TEAMS] = Default::default();
        for cells in &mut players {
            let n = if placing { u.int_in_range(0..=p)? } else { p };
            for _ in 0..n {
                cells.push(Cell::new(u.int_in_range(0..=config.width - 1)?, u.int_in_range(0..=config.height - 1)?));
            }
        }
        let mut setup = Setup { config, turn, scores, balls, players, pending: Default::default() };
        if placing {
            return Ok(setup);
        }
        let positions: Vec<Cell> = setup.players.iter().flatten().copied().collect();
        let field = Field::from_parts(Arc::new(Geometry::new(config)), setup.balls.clone(), positions, scores, turn)
            .map_err(|_| ::arbitrary::Error::IncorrectFormat)?;
        if field.is_over() {
            return Ok(setup);
        }
        for (t, given) in setup.pending.iter_mut().enumerate() {
            let n = u.int_in_range(0..=p)?;
            for i in 0..n {
                let order = Order::arbitrary(u)?;
                let player = config.player_index(PlayerId(t as u8), i as u16);
                given.push(if field.check_order(player, order).is_ok() { order } else { Order::Stay });
            }
        }
        Ok(setup)
    }
}
