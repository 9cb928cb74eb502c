//! `arena judge`: checks a game record against the rules.
//!
//! A text record has one turn per line in the game's protocol notation (see
//! [`Adapter::judge_line`]); a JSON record (as `play --record` writes,
//! recognised by its leading `{`) is replayed event by event, one judged
//! object per turn of its `turns` list, or per event when it has none.

use crate::games::{Adapter, AnswerError};
use game_core::{Event, Game, Outcome, PlayerId, Record};
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
pub enum JudgeError {
    /// The JSON record does not parse or is of another game.
    #[error("unreadable record: {0}")]
    Unreadable(String),
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

    fn accepted<A: Adapter>(
        &mut self,
        a: &A,
        ply: usize,
        p: PlayerId,
        text: &str,
        after: &A::G,
    ) -> Result<(), JudgeError> {
        if self.opts.json {
            let mut v =
                vec![("ply", json!(ply)), ("player", json!(p.0)), ("move", json!(text)), ("legal", json!(true))];
            if self.opts.legal {
                v.push(("next_legal", json!(a.next_legal(after))));
            }
            writeln!(self.out, "{}", ordered(&v))?;
        } else {
            writeln!(self.out, "ply {ply}: player {p} plays {text}: legal")?;
        }
        Ok(())
    }

    fn refused(&mut self, ply: usize, p: PlayerId, text: &str, e: &AnswerError) -> Result<(), JudgeError> {
        if self.opts.json {
            let v = [
                ("ply", json!(ply)),
                ("player", json!(p.0)),
                ("move", json!(text)),
                ("legal", json!(false)),
                ("error", json!(e.kind)),
                ("message", json!(e.message)),
            ];
            writeln!(self.out, "{}", ordered(&v))?;
        } else {
            writeln!(self.out, "ply {ply}: player {p} plays {text:?}: ILLEGAL ({}): {}", e.kind, e.message)?;
        }
        Ok(())
    }

    fn result<A: Adapter>(&mut self, a: &A, state: &A::G, result: Option<(Outcome, String)>) -> Result<(), JudgeError> {
        if self.opts.json {
            let r = match &result {
                None => "null".to_string(),
                Some((o, reason)) => ordered(&[
                    ("winner", json!(o.winner().map(|p| p.0))),
                    ("ranks", json!(o.ranks())),
                    ("reason", json!(reason)),
                ]),
            };
            writeln!(self.out, "{{\"result\": {r}}}")?;
        } else {
            writeln!(self.out, "final position:\n{}", a.display(state))?;
            match result {
                Some((o, reason)) => writeln!(self.out, "result: {o} by {reason}")?,
                None => writeln!(self.out, "result: the game is not over")?,
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

fn natural_result<G: Game>(g: &G) -> Option<(Outcome, String)> {
    g.outcome().map(|o| (o, g.end_reason().unwrap_or("over").to_string()))
}

/// Judges `text` (a whole record) and writes the report.
///
/// # Errors
/// [`JudgeError`] when the record cannot be read at all.
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
    let mut r = Reporter { out, opts };
    let mut state = a.start();
    r.start(a, &state)?;
    for (i, line) in a.judge_split(text).iter().enumerate() {
        let ply = i + 1;
        let player = state.to_act().next_decider().unwrap_or(PlayerId(0));
        let verdict = if state.is_over() {
            Err(AnswerError { kind: "game-over".into(), message: "the game is already over".into() })
        } else {
            a.judge_line(&state, player, line).and_then(|moves| {
                let mut next = state.clone();
                a.apply_turn(&mut next, player, &moves).map(|()| next)
            })
        };
        match verdict {
            Ok(next) => {
                state = next;
                r.accepted(a, ply, player, line, &state)?;
            }
            Err(e) => {
                r.refused(ply, player, line, &e)?;
                let result = if state.is_over() {
                    natural_result(&state)
                } else if a.illegal_loses() {
                    Some((Outcome::loss_for(state.players(), player), "illegal-move".to_string()))
                } else {
                    None
                };
                return r.result(a, &state, result);
            }
        }
    }
    let result = natural_result(&state);
    r.result(a, &state, result)
}

fn judge_json<A: Adapter, W: Write>(a: &A, text: &str, opts: JudgeOptions, out: &mut W) -> Result<(), JudgeError> {
    let v: Value = serde_json::from_str(text).map_err(|e| JudgeError::Unreadable(format!("bad JSON: {e}")))?;
    let rec: Record<A::G> =
        serde_json::from_value(v.clone()).map_err(|e| JudgeError::Unreadable(format!("not a game record: {e}")))?;
    if rec.game != a.name() {
        return Err(JudgeError::Unreadable(format!("a record of {:?}, not {:?}", rec.game, a.name())));
    }
    let mut state = <A::G as Game>::from_setup(rec.setup.clone())
        .map_err(|e| JudgeError::Unreadable(format!("invalid start setup: {e}")))?;
    // Turn boundaries (event_end) from the arena's turn list, else one per event.
    let mut ends: Vec<usize> = v
        .get("turns")
        .and_then(Value::as_array)
        .map(|t| t.iter().filter_map(|x| x.get("event_end").and_then(Value::as_u64)).map(|e| e as usize).collect())
        .unwrap_or_default();
    if ends.is_empty() || ends.windows(2).any(|w| w[0] > w[1]) || ends.last().is_some_and(|&e| e > rec.events.len()) {
        ends = (1..=rec.events.len()).collect();
    }
    let mut r = Reporter { out, opts };
    r.start(a, &state)?;
    let mut idx = 0usize;
    let mut ply = 0usize;
    for end in ends {
        let mut player = None;
        let before = state.clone();
        let mut moves = Vec::new();
        let mut verdict = Ok(());
        while idx < end.min(rec.events.len()) {
            let e = &rec.events[idx];
            idx += 1;
            let res = match e {
                Event::Move { player: p, mv } => {
                    if player.is_some_and(|q| q != *p) {
                        // A new player: judge it as its own turn.
                        idx -= 1;
                        break;
                    }
                    player = Some(*p);
                    moves.push(*mv);
                    state.play(*p, *mv).map_err(|e| AnswerError::from_game(&e))
                }
                Event::Chance(c) => state.apply_chance(c).map_err(|e| AnswerError::from_game(&e)),
            };
            if let Err(e) = res {
                verdict = Err(e);
                break;
            }
        }
        let Some(p) = player else { continue };
        ply += 1;
        let text = a.format_turn(&before, p, &moves);
        match verdict {
            Ok(()) => r.accepted(a, ply, p, &text, &state)?,
            Err(e) => {
                r.refused(ply, p, &text, &e)?;
                let result = if a.illegal_loses() {
                    Some((Outcome::loss_for(state.players(), p), "illegal-move".to_string()))
                } else {
                    None
                };
                return r.result(a, &state, result);
            }
        }
    }
    // Trailing chance events (after the last turn).
    while idx < rec.events.len() {
        if let Event::Chance(c) = &rec.events[idx] {
            let _ = state.apply_chance(c);
        }
        idx += 1;
    }
    let result = natural_result(&state);
    r.result(a, &state, result)
}
