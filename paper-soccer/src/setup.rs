//! The plain description of a position ([`Setup`]) and its validation
//! into a [`Board`]; the validated pitch size ([`Pitch::new`]); the start
//! positions.

// Slots are below `MAX_SLOTS` (256) on a validated pitch, so a slot fits
// the board's one-byte ball field.
#![allow(clippy::cast_possible_truncation)]

use crate::dir::Point;
use crate::error::{PitchError, SetupError};
use crate::pitch::{MAX_SLOTS, Pitch, slots};
use crate::state::{Board, Line, STANDARD_SLOTS};
use game_core::{PlayerId, Zobrist};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The plain description of a position ([`Game::Setup`](game_core::Game::Setup)): the pitch, the
/// drawable lines already drawn, the ball and the player to move (once the
/// game is over: the player who made the last step).
///
/// [`Game::from_setup`](game_core::Game::from_setup) checks that the pitch is supported, the ball is on a
/// point, and every line exists, is not pre-drawn and is listed once. It
/// does not check that the position can be reached in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Setup {
    /// Pitch size.
    pub pitch: Pitch,
    /// The drawn lines that were not pre-drawn, each once (either end).
    pub lines: Vec<Line>,
    /// The ball.
    pub ball: Point,
    /// The player to move (the last mover once the game is over).
    pub to_move: PlayerId,
}

impl Pitch {
    /// A validated pitch size.
    ///
    /// # Errors
    /// [`PitchError`] for odd sizes, a width below 4, a height below 2, or more
    /// than [`MAX_SLOTS`] slots.
    pub const fn new(width: u8, height: u8) -> Result<Pitch, PitchError> {
        if width % 2 != 0 || height % 2 != 0 || width < 4 || height < 2 || slots(width, height) > MAX_SLOTS {
            return Err(PitchError { width, height });
        }
        Ok(Pitch { width, height })
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup { pitch: Pitch::STANDARD, lines: Vec::new(), ball: Pitch::STANDARD.centre(), to_move: PlayerId(0) }
    }
}

impl Default for Board<STANDARD_SLOTS> {
    fn default() -> Self {
        Board::standard()
    }
}

impl Board<STANDARD_SLOTS> {
    /// The start of a game on the standard 8x10 pitch.
    #[must_use]
    pub fn standard() -> Self {
        match Board::new(Pitch::STANDARD) {
            Ok(b) => b,
            Err(_) => unreachable!("the standard pitch fits the standard board"),
        }
    }
}

impl<const N: usize> Board<N> {
    /// The start of a game on `pitch`: no line drawn but the pre-drawn ones,
    /// the ball at the centre, player 0 to move.
    ///
    /// # Errors
    /// [`SetupError::WrongBoardType`] when `N` is not [`slots`](crate::pitch::slots) of the pitch,
    /// [`SetupError::BadPitch`] for an unsupported size.
    pub fn new(pitch: Pitch) -> Result<Self, SetupError> {
        let pitch = Pitch::new(pitch.width, pitch.height)?;
        if pitch.slots() != N {
            return Err(SetupError::WrongBoardType { pitch, needed: pitch.slots(), have: N });
        }
        let ball = pitch.slot(pitch.centre()).unwrap_or(0) as u8;
        let mut b =
            Board { free: pitch.initial_free(), ball, to_move: 0, width: pitch.width, height: pitch.height, hash: 0 };
        b.hash = b.zobrist_from_scratch();
        Ok(b)
    }

    pub(crate) fn from_setup_inner(setup: &Setup) -> Result<Self, SetupError> {
        let mut b = Board::new(setup.pitch)?;
        let pitch = b.pitch();
        if setup.to_move.0 > 1 {
            return Err(SetupError::BadPlayer(setup.to_move));
        }
        let ball = pitch.slot(setup.ball).ok_or(SetupError::BallOffPitch(setup.ball))?;
        for &Line { from, dir } in &setup.lines {
            if !pitch.link_exists(from, dir) {
                return Err(SetupError::NoSuchLine { from, dir });
            }
            if pitch.is_predrawn(from, dir) {
                return Err(SetupError::PreDrawnLine { from, dir });
            }
            if b.is_line_drawn(from, dir) == Some(true) {
                return Err(SetupError::DuplicateLine { from, dir });
            }
            let (Some(a), Some(c)) = (pitch.slot(from), from.step(dir).and_then(|q| pitch.slot(q))) else {
                return Err(SetupError::NoSuchLine { from, dir });
            };
            b.free[a] &= !dir.bit();
            b.free[c] &= !dir.opposite().bit();
        }
        b.ball = ball as u8;
        b.to_move = setup.to_move.0;
        b.hash = b.zobrist_from_scratch();
        Ok(b)
    }
}
