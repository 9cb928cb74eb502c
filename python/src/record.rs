//! A game played from Python as the arena's record (format 2), which
//! `arena judge`, `view` and `analyze` read.
//!
//! The history holds single actions (a Paper Soccer step, one Parallel
//! Football footballer's order) in the order Python applied them; a record
//! holds each seat's whole turn in protocol notation. The history is
//! replayed seat by seat: the moves of the seat that decides next are
//! gathered until its turn is over (it no longer acts, or who acts
//! changes), as the arena reads a turn. In a simultaneous round the teams'
//! orders are independent, so writing them team after team gives the same
//! position before the chance step.

use crate::session::{DynState, Session, Step};
use game_arena::games::Adapter;
use game_arena::play::{
    Failures, RECORD_FORMAT, RecordEntry, RecordHead, RecordTail, ResultEntry, TurnEntry, record_text,
};
use game_core::Game;
use game_core::codec::{ActionCodec, Observe};
use std::collections::VecDeque;

/// A record's turn entries, with the game's chance values.
type Entries<G> = Vec<RecordEntry<<G as Game>::Chance>>;

/// The record of `s` with `bots` as the seats' names.
///
/// # Errors
/// A history that does not replay (never for a history the bindings made).
pub fn write<A>(s: &Session<A>, bots: &[String]) -> Result<String, String>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    let contest = &*s.contest;
    let n = s.start.players();
    let mut queues: Vec<VecDeque<<A::Game as Game>::Move>> = vec![VecDeque::new(); n];
    let mut replay = s.start.clone();
    let mut entries: Entries<A::Game> = Vec::new();
    for step in &s.history {
        match step {
            Step::Move(p, m) => queues[p.index()].push_back(*m),
            Step::Chance(c, _) => {
                flush(contest, &mut replay, &mut queues, &mut entries)?;
                replay.apply_chance(c).map_err(|e| format!("chance value refused: {e}"))?;
                // A chance value follows the turn before it (before any
                // turn, an entry of its own), as the arena records it.
                match entries.last_mut() {
                    Some(RecordEntry::Turn { chance, .. }) => chance.push(c.clone()),
                    _ => entries.push(RecordEntry::Chance { chance: c.clone() }),
                }
            }
        }
        flush(contest, &mut replay, &mut queues, &mut entries)?;
    }
    let bots: Vec<String> = (0..n).map(|i| bots.get(i).cloned().unwrap_or_else(|| "python".into())).collect();
    let (config, setup) = (contest.config(), s.start.to_setup());
    let head = RecordHead::<A::Game> {
        format: RECORD_FORMAT,
        game: contest.name(),
        config: &config,
        setup: &setup,
        seed: Some(s.seed()),
        bots: &bots,
        replay: "played from Python (contest_games)",
    };
    let outcome = s.state.outcome();
    let result = outcome.as_ref().zip(s.state.end_reason()).map(|(o, reason)| ResultEntry::new(o, reason));
    let (failures, stderr) = (vec![Failures::default(); n], vec![None; n]);
    let final_position = contest.display(&s.state);
    let tail = RecordTail {
        index: 0,
        series_seed: s.seed(),
        outcome: outcome.as_ref().filter(|_| result.is_some()),
        result,
        errors: &[],
        failures: &failures,
        stderr: &stderr,
        final_position: &final_position,
    };
    record_text(&head, &entries, Some(&tail)).map_err(|e| e.to_string())
}

/// Writes every whole turn the queues hold, in the order the game asks for
/// them, and plays it on `replay`.
fn flush<A: Adapter>(
    contest: &A,
    replay: &mut A::Game,
    queues: &mut [VecDeque<<A::Game as Game>::Move>],
    turns: &mut Entries<A::Game>,
) -> Result<(), String> {
    loop {
        let before = replay.clone();
        let act = before.to_act();
        let Some(seat) = act.next_decider() else { return Ok(()) };
        let queue = &mut queues[seat.index()];
        // The moves of `seat`'s turn: up to the one after which it is over.
        let mut state = before.clone();
        let mut len = None;
        for (i, &m) in queue.iter().enumerate() {
            state.play(seat, m).map_err(|e| format!("the history does not replay: {e}"))?;
            if state.is_over() || !state.to_act().includes(seat) || state.to_act() != act {
                len = Some(i + 1);
                break;
            }
        }
        let Some(len) = len else { return Ok(()) };
        let moves: Vec<_> = queue.drain(..len).collect();
        let turn = TurnEntry {
            player: seat.0,
            // As the arena writes it: the contest's record form of the
            // played turn (Parallel Football's compact `s m-1,1 k2,0`).
            text: Some(contest.record_text(&contest.format_turn(&before, seat, &moves))),
            answer: None,
            ms: 0.0,
            error: None,
            substituted: false,
        };
        turns.push(RecordEntry::Turn { turn, chance: Vec::new() });
        *replay = state;
    }
}
