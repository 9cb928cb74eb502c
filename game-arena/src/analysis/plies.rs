//! The plies of a record as the analysis needs them: who played what, on
//! which position, and what came of it, read through the judging core
//! ([`crate::judge::replay`]) so that the analysis numbers and reads plies
//! exactly as `arena judge` and `arena view` do.

use crate::error::{AnalysisError, JudgeError};
use crate::games::{Adapter, ContestError};
use crate::judge::Sink;
use crate::play::TurnEntry;
use crate::referee::{TurnJudge, Verdict};
use game_core::{Game, MAX_PLAYERS, PlayerId, ToAct};

/// One seat turn of a record.
pub(super) struct PlyInput<G: Game> {
    /// The turn's number (from 1).
    pub(super) ply: usize,
    /// The seat.
    pub(super) seat: PlayerId,
    /// The moves played for it (its own or the substitute; none when its
    /// failed answer ended the game).
    pub(super) played: Vec<G::Move>,
    /// The turn in the game's notation.
    pub(super) text: String,
    /// The position the seat decided on (in a simultaneous round, the
    /// round's start: it never sees the others' orders).
    pub(super) base: G,
    /// The position right after the turn (before any chance value).
    pub(super) after: G,
    /// Every seat's value (`-1..=1`) when the referee ended the game at
    /// this turn (a forfeit): the result, which no search of the position
    /// knows.
    pub(super) result: Option<[f64; MAX_PLAYERS]>,
}

/// Follows a record's judging and keeps every ply.
struct Collect<G: Game> {
    now: Option<G>,
    plies: Vec<PlyInput<G>>,
}

impl<A: Adapter> Sink<A> for Collect<A::Game> {
    fn start(&mut self, _a: &A, r: &TurnJudge<'_, A>) -> Result<(), JudgeError> {
        self.now = Some(r.state().clone());
        Ok(())
    }
    fn chance(
        &mut self,
        _a: &A,
        r: &TurnJudge<'_, A>,
        _i: usize,
        _refused: Option<&ContestError>,
    ) -> Result<(), JudgeError> {
        self.now = Some(r.state().clone());
        Ok(())
    }
    fn turn(
        &mut self,
        _a: &A,
        r: &TurnJudge<'_, A>,
        v: &Verdict<<A::Game as Game>::Move>,
        _t: &TurnEntry,
    ) -> Result<(), JudgeError> {
        let Some(now) = self.now.replace(r.state().clone()) else { return Ok(()) };
        // A simultaneous seat decided on the round's start, which the
        // referee keeps while the round lasts.
        let base = if matches!(now.to_act(), ToAct::Simultaneous(_)) { r.decision_state().clone() } else { now };
        let result = r.stop().and_then(|_| r.result()).map(|(o, _)| {
            let mut values = [0.0; MAX_PLAYERS];
            for (i, x) in values.iter_mut().enumerate().take(o.players()) {
                *x = o.value_for(PlayerId(i as u8));
            }
            values
        });
        self.plies.push(PlyInput {
            ply: v.ply,
            seat: v.player,
            played: v.played.clone(),
            text: crate::judge::turn_text(v),
            base,
            after: r.state().clone(),
            result,
        });
        Ok(())
    }
}

/// The plies of the JSON record `record` (its text), judged.
///
/// # Errors
/// [`AnalysisError::Judge`] when the record does not judge,
/// [`AnalysisError::NoTurns`] when it holds no turn.
pub(super) fn plies<A: Adapter>(a: &A, record: &str) -> Result<Vec<PlyInput<A::Game>>, AnalysisError> {
    let mut c = Collect { now: None, plies: Vec::new() };
    crate::judge::replay(a, record, &mut c)
        .map_err(|e| AnalysisError::Judge { game: a.name(), source: Box::new(e) })?;
    if c.plies.is_empty() {
        return Err(AnalysisError::NoTurns);
    }
    Ok(c.plies)
}
