//! The judge's report: a line per turn (in words, or one JSON object per
//! line with `--json`), then the result where judging ended.

use super::{JudgeError, JudgeOptions, RecordFault, Sink};
use crate::games::{Adapter, ContestError};
use crate::play::{ResultEntry, TurnEntry, quote};
use crate::referee::{Stop, TurnJudge, Verdict};
use game_core::Game;
use serde::Serialize;
use std::io::Write;

/// Writes the report as judging goes.
pub(super) struct Reporter<'a, W: Write> {
    out: &'a mut W,
    opts: JudgeOptions,
    /// The report of the start position, written before the first turn's
    /// (a record without turns is refused before anything is written).
    start: Option<String>,
    /// Seat turns judged so far.
    pub(super) plies: usize,
    /// How and when the game ended, once it has.
    ended: Option<String>,
}

impl<'a, W: Write> Reporter<'a, W> {
    pub(super) fn new(out: &'a mut W, opts: JudgeOptions) -> Self {
        Reporter { out, opts, start: None, plies: 0, ended: None }
    }

    pub(super) fn start<A: Adapter>(&mut self, a: &A, state: &A::Game) {
        self.start = if self.opts.json && self.opts.legal {
            Some(ordered(&[("ply", js(&0)), ("next_legal", js(&a.next_legal(state)))]))
        } else if !self.opts.json {
            Some(format!("start position:\n{}", a.display(state)))
        } else {
            None
        };
    }

    /// Writes the start position's report if it is still to be written.
    fn flush_start(&mut self) -> Result<(), JudgeError> {
        if let Some(start) = self.start.take() {
            writeln!(self.out, "{start}")?;
        }
        Ok(())
    }

    /// Notes the end of the game once the referee says it is over.
    fn note_end<A: Adapter>(&mut self, r: &TurnJudge<'_, A>) {
        if self.ended.is_some() || !r.is_over() {
            return;
        }
        self.ended = Some(match (r.result(), r.stop()) {
            (Some((o, reason)), _) => format!("{} at ply {}", ResultEntry::new(&o, &reason), self.plies),
            (None, _) => format!("judging stopped at ply {} without a result", self.plies),
        });
    }

    /// Reports a seat's turn and finds what is wrong with it as a record:
    /// a turn after the end, or a turn the rules refuse that the record
    /// lists as played (`answered`: the turn was judged from a bot's
    /// recorded answer, whose failure the game's rules settle).
    pub(super) fn judged<A: Adapter>(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        v: &Verdict<<A::Game as Game>::Move>,
        answered: bool,
    ) -> Result<(), JudgeError> {
        self.plies = v.ply;
        self.verdict(a, v, r.state())?;
        let (ply, player, said) = (v.ply, v.player, quote(&v.said));
        if let Some(ended) = self.ended.clone() {
            return Err(RecordFault::AfterEnd { ply, player, said, ended }.into());
        }
        match &v.error {
            Some(e) if !answered && !v.recorded => {
                let (kind, message) = (e.kind, e.message.clone());
                Err(RecordFault::Illegal { ply, player, said, kind: kind.to_string(), message }.into())
            }
            _ => {
                self.note_end(r);
                Ok(())
            }
        }
    }

    fn verdict<A: Adapter>(
        &mut self,
        a: &A,
        v: &Verdict<<A::Game as Game>::Move>,
        after: &A::Game,
    ) -> Result<(), JudgeError> {
        self.flush_start()?;
        let (ply, p) = (v.ply, v.player);
        if self.opts.json {
            let mut f = vec![("ply", js(&ply)), ("player", js(&p.0)), ("move", js(&v.said))];
            f.push(("legal", js(&v.accepted())));
            if let Some(e) = &v.error {
                f.push(("error", js(&e.kind)));
                f.push(("message", js(&e.message)));
            }
            if v.substituted {
                f.push(("played", js(&v.played_text)));
            }
            if !v.notes.is_empty() {
                let notes: Vec<Note<'_>> = v.notes.iter().map(|(kind, message)| Note { kind, message }).collect();
                f.push(("notes", js(&notes)));
            }
            if self.opts.legal && v.accepted() {
                f.push(("next_legal", js(&a.next_legal(after))));
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

    fn refused_chance(&mut self, index: usize, e: &ContestError) -> Result<(), JudgeError> {
        self.flush_start()?;
        if self.opts.json {
            let f = [
                ("entry", js(&index)),
                ("chance", js(&true)),
                ("legal", js(&false)),
                ("error", js(&e.kind)),
                ("message", js(&e.message)),
            ];
            writeln!(self.out, "{}", ordered(&f))?;
        } else {
            writeln!(self.out, "entry {index}: chance value: REFUSED ({}): {}", e.kind, e.message)?;
        }
        Ok(())
    }

    /// The result where judging ended, and in JSON the fault that stopped
    /// it (people read the fault on the standard error).
    pub(super) fn result<A: Adapter>(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        fault: Option<&RecordFault>,
    ) -> Result<(), JudgeError> {
        self.flush_start()?;
        let result = r.result();
        if self.opts.json {
            let text = match &result {
                None => "null".to_string(),
                Some((o, reason)) => ordered(&[
                    ("winner", js(&o.winner().map(|p| p.0))),
                    ("ranks", js(o.ranks())),
                    ("reason", js(reason)),
                ]),
            };
            match fault {
                None => writeln!(self.out, "{{\"result\": {text}}}")?,
                Some(f) => {
                    let mut fields = vec![("kind", js(f.kind()))];
                    fields.extend(f.ply().map(|p| ("ply", js(&p))));
                    fields.push(("message", js(&f.to_string())));
                    writeln!(self.out, "{{\"result\": {text}, \"fault\": {}}}", ordered(&fields))?;
                }
            }
        } else {
            writeln!(self.out, "final position:\n{}", a.display(r.state()))?;
            let stopped = fault.and_then(RecordFault::ply);
            match (result, r.stop()) {
                (Some((o, reason)), Some(Stop::Forfeit { seat, ply, .. })) => {
                    writeln!(self.out, "result: {o} by {reason} (ended by {reason} of seat {seat} at ply {ply})")?
                }
                (Some((o, reason)), _) => writeln!(self.out, "result: {o} by {reason}")?,
                (None, Some(Stop::Halted { ply })) => {
                    writeln!(self.out, "result: the game is not over (judging stopped at ply {ply})")?
                }
                (None, _) => match stopped {
                    Some(ply) => writeln!(self.out, "result: the game is not over (judging stopped at ply {ply})")?,
                    None => writeln!(self.out, "result: the game is not over")?,
                },
            }
        }
        Ok(())
    }
}

/// A JSON object with its keys in the given order, written as the issue
/// shows them (`{"ply": 1, "player": 0}`).
fn ordered(pairs: &[(&str, String)]) -> String {
    let body: Vec<String> = pairs.iter().map(|(k, v)| format!("{}: {v}", js(k))).collect();
    format!("{{{}}}", body.join(", "))
}

/// `v` as one line of JSON (what the judge's JSON report holds cannot
/// fail to serialize: numbers, strings and lists of them).
fn js<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// A note of a verdict in the JSON report: `{"kind":...,"message":...}`.
#[derive(Serialize)]
struct Note<'a> {
    kind: &'a str,
    message: &'a str,
}

impl<A: Adapter, W: Write> Sink<A> for Reporter<'_, W> {
    fn start(&mut self, a: &A, r: &TurnJudge<'_, A>) -> Result<(), JudgeError> {
        Reporter::start(self, a, r.state());
        Ok(())
    }
    fn chance(
        &mut self,
        _a: &A,
        r: &TurnJudge<'_, A>,
        index: usize,
        refused: Option<&ContestError>,
    ) -> Result<(), JudgeError> {
        let Some(e) = refused else {
            self.note_end(r);
            return Ok(());
        };
        self.refused_chance(index, e)?;
        let (kind, message) = (e.kind, e.message.clone());
        Err(RecordFault::Chance { ply: self.plies, kind: kind.to_string(), message }.into())
    }
    fn turn(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        v: &Verdict<<A::Game as Game>::Move>,
        entry: &TurnEntry,
    ) -> Result<(), JudgeError> {
        self.judged(a, r, v, entry.answer.is_some())
    }
}
