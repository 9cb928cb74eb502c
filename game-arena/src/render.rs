//! `arena render`: a recorded position as an SVG picture.

use crate::error::RenderError;
use crate::games::{Adapter, ContestError};
use crate::judge::{Sink, replay};
use crate::play::TurnEntry;
use crate::referee::{TurnJudge, Verdict};
use game_core::{Game, PlayerId};

/// Follows a record's judging up to the end of turn `ply` (chance values
/// right after it included).
struct Upto<A: Adapter> {
    ply: Option<usize>,
    turns: usize,
    start: Option<A::Game>,
    state: Option<A::Game>,
    moves: Vec<(PlayerId, <A::Game as Game>::Move)>,
}

impl<A: Adapter> Upto<A> {
    fn open(&self) -> bool {
        self.ply.is_none_or(|k| self.turns < k || (self.turns == k && k > 0))
    }
}

impl<A: Adapter> Sink<A> for Upto<A> {
    fn start(&mut self, _a: &A, r: &TurnJudge<'_, A>) -> Result<(), crate::judge::JudgeError> {
        self.start = Some(r.state().clone());
        self.state = Some(r.state().clone());
        Ok(())
    }
    fn chance(
        &mut self,
        _a: &A,
        r: &TurnJudge<'_, A>,
        _index: usize,
        _refused: Option<&ContestError>,
    ) -> Result<(), crate::judge::JudgeError> {
        if self.open() {
            self.state = Some(r.state().clone());
        }
        Ok(())
    }
    fn turn(
        &mut self,
        _a: &A,
        r: &TurnJudge<'_, A>,
        v: &Verdict<<A::Game as Game>::Move>,
        _entry: &TurnEntry,
    ) -> Result<(), crate::judge::JudgeError> {
        self.turns += 1;
        if self.open() {
            self.moves.extend(v.played.iter().map(|&m| (v.player, m)));
            self.state = Some(r.state().clone());
        }
        Ok(())
    }
}

/// Replays the JSON record `record` (its text) through the judging core up to the end of
/// turn `ply` (all of it when `None`; chance values right after that turn
/// are included) and draws it.
///
/// # Errors
/// [`RenderError`] when the record does not fit the game or `ply` is past
/// its end.
pub fn render<A: Adapter>(a: &A, record: &str, ply: Option<usize>) -> Result<String, RenderError> {
    let mut upto = Upto::<A> { ply, turns: 0, start: None, state: None, moves: Vec::new() };
    replay(a, record, &mut upto).map_err(|e| RenderError::Judge { game: a.name(), source: Box::new(e) })?;
    if let Some(k) = ply.filter(|&k| k > upto.turns) {
        return Err(RenderError::NoSuchTurn { turns: upto.turns, asked: k });
    }
    match (upto.start, upto.state) {
        (Some(start), Some(state)) => Ok(a.svg_with_history(&start, &upto.moves, &state)),
        _ => Err(RenderError::NoSuchTurn { turns: 0, asked: ply.unwrap_or(0) }),
    }
}
