//! `arbitrary::Arbitrary` for the plain data types (feature `arbitrary`):
//! directions, points, lines and goals are derived (any value is
//! meaningful or is validated where it is used); turns, pitches and setups
//! are built to stay valid, since a derived one would almost never be.

use crate::dir::Dir;
use crate::notation::Turn;
use crate::pitch::Pitch;
use crate::setup::Setup;
use crate::state::Line;
use arbitrary::{Arbitrary, Result, Unstructured};
use game_core::PlayerId;

impl<'a> Arbitrary<'a> for Turn {
    /// One step or more (a turn is never empty); the steps need not be
    /// legal anywhere.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let mut steps = vec![Dir::arbitrary(u)?];
        steps.extend(u.arbitrary_iter::<Dir>()?.take(63).collect::<Result<Vec<_>>>()?);
        Ok(Turn(steps))
    }
}

impl<'a> Arbitrary<'a> for Pitch {
    /// A supported size: even, width 4 to 16, height 2 to 16, within
    /// [`MAX_SLOTS`](crate::MAX_SLOTS) (the standard 8x10 when the drawn
    /// size has too many slots).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let width = 2 * u.int_in_range(2..=8u8)?;
        let height = 2 * u.int_in_range(1..=8u8)?;
        Ok(Pitch::new(width, height).unwrap_or(Pitch::STANDARD))
    }
}

impl<'a> Arbitrary<'a> for Setup {
    /// A setup that [`Game::from_setup`](game_core::Game::from_setup)
    /// accepts for a board of its pitch: the standard pitch three times in
    /// four, any set of drawable lines (each once), the ball on any point
    /// (a goal point is a finished game), player 0 or 1. It need not be
    /// reachable in a game.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let pitch = if u.ratio(3, 4)? { Pitch::STANDARD } else { Pitch::arbitrary(u)? };
        let mut lines = Vec::new();
        for (from, dir, pre) in pitch.links() {
            if !pre && u.arbitrary::<bool>()? {
                lines.push(Line { from, dir });
            }
        }
        let points: Vec<_> = pitch.points().collect();
        let ball = points.get(u.choose_index(points.len())?).copied().unwrap_or_else(|| pitch.centre());
        let to_move = PlayerId(u.int_in_range(0..=1u8)?);
        Ok(Setup { pitch, lines, ball, to_move })
    }
}
