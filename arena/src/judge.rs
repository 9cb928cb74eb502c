//! `arena judge`: checks a game record against the rules.
//!
//! Two readers feed the one judging core ([`crate::referee::Referee`]):
//! * a **text record** has one turn per line in the game's record notation
//!   ([`Adapter::judge_line`]);
//! * a **JSON record** (as `play --record` writes, recognised by its
//!   leading `{`) is cut into turns by its optional `turns` list (each
//!   entry's `event_end`); a turn with the bot's raw `answer` is judged
//!   from the answer, exactly as `play` judged it (and must give the moves
//!   the record lists), other turns from their move events. Events after
//!   the last listed turn, and every event of a record without a `turns`
//!   list, are cut into turns by the game: a turn is a run of one seat's
//!   moves that ends when the seat is no longer to act (after the end of
//!   the game, the whole run).
//!
//! A text record names no seats: each line is the turn of the seat to act,
//! and after the end of the game, of the seat after the previous line's.
//!
//! Every event is judged or the record is refused: an event after the end
//! of the game is refused as `game-over` and changes neither the result
//! nor its reason; a turn list that goes backwards, past the events, or
//! holds another seat's moves is refused as [`JudgeError::Inconsistent`]
//! naming the turn or event.

use crate::games::{Adapter, AnswerError};
use crate::referee::{RawAnswer, Referee, Said, Stop, Verdict, substitute_rng};
use game_core::{Event, Game, PlayerId, Record};
use serde_json::{Value, json};
use std::io::Write;

/// How to print.
#[derive(Clone, Copy, Debug, Default)]
pub struct JudgeOptions {
    /// One JSON object per line.
    pub json: bool,
    /// Add the legal moves after each accepted move.
    pub legal: bool,
}

/// Why a record cannot be judged at all (exit code 2).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// The JSON record does not parse or is of another game.
    #[error("unreadable record: {0}")]
    Unreadable(String),
    /// The record contradicts itself (its turn list and its events).
    #[error("inconsistent record: {0}")]
    Inconsistent(String),
    /// Writing the report failed.
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
}

struct Reporter<'a, W: Write> {
    out: &'a mut W,
    opts: JudgeOptions,
}

impl<W: Write> Reporter<'_, W> {
    fn start<A: Adapter>(&mut self, a: &A, state: &A::G) -> Result<(), JudgeError> {
        if self.opts.json && self.opts.legal {
            writeln!(self.out, "{}", ordered(&[("ply", json!(0)), ("next_legal", json!(a.next_legal(state)))]))?;
        } else if !self.opts.json {
            writeln!(self.out, "start position:\n{}", a.display(state))?;
        }
        Ok(())
    }

    fn verdict<A: Adapter>(
        &mut self,
        a: &A,
        v: &Verdict<<A::G as Game>::Move>,
        after: &A::G,
    ) -> Result<(), JudgeError> {
        let (ply, p) = (v.ply, v.player);
        if self.opts.json {
            let mut f = vec![("ply", json!(ply)), ("player", json!(p.0)), ("move", json!(v.said))];
            f.push(("legal", json!(v.accepted())));
            if let Some(e) = &v.error {
                f.push(("error", json!(e.kind)));
                f.push(("message", json!(e.message)));
            }
            if v.substituted {
                f.push(("played", json!(v.played_text)));
            }
            if !v.notes.is_empty() {
                f.push((
                    "notes",
                    json!(v.notes.iter().map(|(k, m)| json!({"kind": k, "message": m})).collect::<Vec<_>>()),
                ));
            }
            if self.opts.legal && v.accepted() {
                f.push(("next_legal", json!(a.next_legal(after))));
            }
            writeln!(self.out, "{}", ordered(&f))?;
        } else {
            match &v.error {
                None => writeln!(self.out, "ply {ply}: player {p} plays {}: legal", v.said)?,
                Some(e) if v.recorded => {
                    writeln!(self.out, "ply {ply}: player {p}: {} ({}): {}", e.kind.to_uppercase(), e.kind, e.message)?
                }
                Some(e) => {
                    writeln!(self.out, "ply {ply}: player {p} plays {:?}: ILLEGAL ({}): {}", v.said, e.kind, e.message)?
                }
            }
            for (kind, message) in &v.notes {
                writeln!(self.out, "  note ({kind}): {message}")?;
            }
            if v.substituted {
                writeln!(self.out, "  replaced by {}", v.played_text)?;
            }
        }
        Ok(())
    }

    fn refused_chance(&mut self, index: usize, e: &AnswerError) -> Result<(), JudgeError> {
        if self.opts.json {
            let f = [
                ("event", json!(index)),
                ("chance", json!(true)),
                ("legal", json!(false)),
                ("error", json!(e.kind)),
                ("message", json!(e.message)),
            ];
            writeln!(self.out, "{}", ordered(&f))?;
        } else {
            writeln!(self.out, "event {index}: chance event: REFUSED ({}): {}", e.kind, e.message)?;
        }
        Ok(())
    }

    fn result<A: Adapter>(&mut self, a: &A, r: &Referee<'_, A>) -> Result<(), JudgeError> {
        let result = r.result();
        if self.opts.json {
            let text = match &result {
                None => "null".to_string(),
                Some((o, reason)) => ordered(&[
                    ("winner", json!(o.winner().map(|p| p.0))),
                    ("ranks", json!(o.ranks())),
                    ("reason", json!(reason)),
                ]),
            };
            writeln!(self.out, "{{\"result\": {text}}}")?;
        } else {
            writeln!(self.out, "final position:\n{}", a.display(r.state()))?;
            match (result, r.stop()) {
                (Some((o, reason)), Some(Stop::Forfeit { seat, ply, .. })) => {
                    writeln!(self.out, "result: {o} by {reason} (ended by {reason} of seat {seat} at ply {ply})")?
                }
                (Some((o, reason)), _) => writeln!(self.out, "result: {o} by {reason}")?,
                (None, Some(Stop::Halted { ply })) => {
                    writeln!(self.out, "result: the game is not over (judging stopped at ply {ply})")?
                }
                (None, _) => writeln!(self.out, "result: the game is not over")?,
            }
        }
        Ok(())
    }
}

/// A JSON object with its keys in the given order, written as the issue
/// shows them (`{"ply": 1, "player": 0}`).
fn ordered(pairs: &[(&str, Value)]) -> String {
    let body: Vec<String> = pairs.iter().map(|(k, v)| format!("{}: {}", Value::from(*k), v)).collect();
    format!("{{{}}}", body.join(", "))
}

/// Judges `text` (a whole record) and writes the report.
///
/// # Errors
/// [`JudgeError`] when the record cannot be read at all or contradicts
/// itself.
pub fn judge<A: Adapter, W: Write>(a: &A, text: &str, opts: JudgeOptions, out: &mut W) -> Result<(), JudgeError> {
    if text.trim_start().starts_with('{') {
        return judge_json(a, text, opts, out);
    }
    if !a.text_records() {
        return Err(JudgeError::Unreadable(format!(
            "{} records are the JSON records `arena play --record` writes",
            a.name()
        )));
    }
    let mut rep = Reporter { out, opts };
    // A text record has no seed: a substitute turn cannot be re-derived.
    let mut r = Referee::new(a, a.start(), None);
    rep.start(a, r.state())?;
    let n = r.state().players().max(1);
    let mut last: Option<PlayerId> = None;
    for line in a.judge_split(text) {
        // A text record names no seats: a line is the turn of the seat to
        // act, and after the end, of the seat after the previous line's.
        let after = |p: PlayerId| PlayerId(((p.index() + 1) % n) as u8);
        let player = match (r.is_over(), last) {
            (true, Some(p)) => after(p),
            _ => r.state().to_act().next_decider().unwrap_or(PlayerId(0)),
        };
        last = Some(player);
        let v = r.turn(player, Said::Text(line));
        rep.verdict(a, &v, r.state())?;
    }
    rep.result(a, &r)
}

/// One entry of a JSON record's `turns` list, as far as judging needs it.
#[derive(serde::Deserialize)]
struct TurnListEntry {
    player: u8,
    event_end: usize,
    #[serde(default)]
    answer: Option<RawAnswer>,
}

type Ev<G> = Event<<G as Game>::Move, <G as Game>::Chance>;

fn judge_json<A: Adapter, W: Write>(a: &A, text: &str, opts: JudgeOptions, out: &mut W) -> Result<(), JudgeError> {
    let v: Value = serde_json::from_str(text).map_err(|e| JudgeError::Unreadable(format!("bad JSON: {e}")))?;
    let turns: Option<Vec<TurnListEntry>> = match v.get("turns") {
        None | Some(Value::Null) => None,
        Some(t) => {
            Some(serde_json::from_value(t.clone()).map_err(|e| JudgeError::Unreadable(format!("bad turn list: {e}")))?)
        }
    };
    let rec: Record<A::G> =
        serde_json::from_value(v).map_err(|e| JudgeError::Unreadable(format!("not a game record: {e}")))?;
    if rec.game != a.name() {
        return Err(JudgeError::Unreadable(format!("a record of {:?}, not {:?}", rec.game, a.name())));
    }
    let start = <A::G as Game>::from_setup(rec.setup.clone())
        .map_err(|e| JudgeError::Unreadable(format!("invalid start setup: {e}")))?;
    let mut rep = Reporter { out, opts };
    let mut r = Referee::new(a, start, rec.seed.map(substitute_rng));
    rep.start(a, r.state())?;
    let events = &rec.events;
    let mut idx = 0usize;
    for (t, entry) in turns.iter().flatten().enumerate() {
        if entry.event_end < idx || entry.event_end > events.len() {
            return Err(JudgeError::Inconsistent(format!(
                "turn {t}: event_end {} is outside events {idx}..={}",
                entry.event_end,
                events.len()
            )));
        }
        let p = PlayerId(entry.player);
        if p.index() >= r.state().players() {
            return Err(JudgeError::Inconsistent(format!("turn {t}: no seat {p}")));
        }
        // Chance events that resolved the previous round come first.
        while idx < entry.event_end {
            let Event::Chance(c) = &events[idx] else { break };
            judge_chance(&mut r, &mut rep, idx, c)?;
            idx += 1;
        }
        let mut moves = Vec::with_capacity(entry.event_end - idx);
        for (i, e) in events.iter().enumerate().take(entry.event_end).skip(idx) {
            match e {
                Event::Move { player, mv } if *player == p => moves.push(*mv),
                _ => {
                    return Err(JudgeError::Inconsistent(format!(
                        "event {i} lies in turn {t} of seat {p} but is not a move of that seat"
                    )));
                }
            }
        }
        idx = entry.event_end;
        let verdict = match &entry.answer {
            Some(raw) => {
                let was_over = r.is_over();
                let v = r.turn(p, Said::Answer(raw.clone()));
                if !was_over && v.played != moves {
                    return Err(JudgeError::Inconsistent(format!(
                        "turn {t} (events up to {}): the answer gives {:?} but the record lists {}",
                        entry.event_end,
                        v.played_text,
                        a.format_turn(r.decision_state(), p, &moves)
                    )));
                }
                v
            }
            None => r.turn(p, Said::Moves(moves)),
        };
        rep.verdict(a, &verdict, r.state())?;
    }
    // Events no turn covers: cut into turns by the game.
    while idx < events.len() {
        match &events[idx] {
            Event::Chance(c) => {
                judge_chance(&mut r, &mut rep, idx, c)?;
                idx += 1;
            }
            Event::Move { player, .. } => {
                let live = (!r.is_over()).then(|| r.state());
                let n = turn_len::<A::G>(live, *player, &events[idx..]);
                let moves: Vec<_> = events[idx..idx + n]
                    .iter()
                    .filter_map(|e| match e {
                        Event::Move { mv, .. } => Some(*mv),
                        Event::Chance(_) => None,
                    })
                    .collect();
                let verdict = r.turn(*player, Said::Moves(moves));
                rep.verdict(a, &verdict, r.state())?;
                idx += n;
            }
        }
    }
    rep.result(a, &r)
}

fn judge_chance<A: Adapter, W: Write>(
    r: &mut Referee<'_, A>,
    rep: &mut Reporter<'_, W>,
    index: usize,
    c: &<A::G as Game>::Chance,
) -> Result<(), JudgeError> {
    if let Err(e) = r.chance(c) {
        rep.refused_chance(index, &e)?;
    }
    Ok(())
}

/// How many of `events` (starting with a move of `p`) form `p`'s turn: the
/// run of `p`'s moves from `state` up to the one after which `p` is no
/// longer to act, or up to the first illegal one (included, so that the
/// turn is refused), or to the end of the run. After the end of the game
/// (`state` is `None`) the whole run is one (refused) turn.
fn turn_len<G: Game>(state: Option<&G>, p: PlayerId, events: &[Ev<G>]) -> usize {
    let mut s = state.cloned();
    let mut n = 0;
    for e in events {
        let Event::Move { player, mv } = e else { break };
        if *player != p {
            break;
        }
        n += 1;
        if let Some(s) = s.as_mut() {
            if !s.to_act().includes(p) || s.play(p, *mv).is_err() || !s.to_act().includes(p) {
                break;
            }
        }
    }
    n.max(1)
}
