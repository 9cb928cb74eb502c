//! `arena judge`: checks a game record against the rules.
//!
//! Two readers feed the one judging core ([`crate::referee::TurnJudge`]),
//! both as streams (memory bounded by the position and one turn, not by
//! the record):
//! * a **text record** has one turn per line in the game's record notation
//!   ([`Contest::judge_line`](crate::games::Contest::judge_line)), read line by line;
//! * a **JSON record** (as `play --record` writes, recognised by its
//!   leading `{`; see [`crate::play::RecordWriter`] for its layout) is read
//!   field by field and each entry of its `turns` is judged as it arrives
//!   ([`replay`]). Its `game` and `config` must be this game's and this
//!   configuration's ([`JudgeError::WrongGame`], [`JudgeError::Config`]).
//!   A turn with the bot's raw `answer` (or `"as-played"`: the answer lines
//!   of its `text`) is judged from the answer, exactly as `play` judged it,
//!   and must give the turn the record lists; other turns from their
//!   `text`; chance values are applied where they stand (after the turn
//!   that lists them).
//!
//! A text record names no seats: each line is the turn of the seat to act,
//! and after the end of the game, of the seat after the previous line's.
//!
//! Judging stops at the record's first fault ([`RecordFault`]), which
//! [`judge`] reports once with the result at that point and returns: a turn
//! the rules refuse that the record lists as played (a text record's line,
//! or the `text` of a turn without a bot's answer; a bot's recorded answer
//! that the rules refuse is not a fault, the game's failure policy settles
//! it), a turn or chance value after the end of the game (refused as
//! `game-over`, the result unchanged), a turn of no seat or without a
//! move, a turn whose answer does not give its text, or a stated `result`
//! or `outcome` that the turns do not give. [`replay`] (for `render` and
//! `view`) stops on the faults of the record's own entries as
//! [`JudgeError::Fault`]; it judges turns the rules refuse as the referee
//! does.

use crate::games::{Adapter, ContestError};
use crate::play::{RECORD_FORMAT, RecordEntry, ResultEntry, TurnEntry, quote};
use crate::referee::{Said, Stop, TurnJudge, Verdict, substitute_rng};
use game_core::{Game, Outcome, PlayerId};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Value, json};
use std::io::{BufRead, Write};

mod start;

use start::sniff;
pub use start::{RecordStart, record_start};

/// How to print.
#[derive(Clone, Copy, Debug, Default)]
pub struct JudgeOptions {
    /// One JSON object per line.
    pub json: bool,
    /// Add the legal moves after each accepted move.
    pub legal: bool,
}

pub use crate::error::{JudgeError, RecordFault};

struct Reporter<'a, W: Write> {
    out: &'a mut W,
    opts: JudgeOptions,
    /// The report of the start position, written before the first turn's
    /// (a record without turns is refused before anything is written).
    start: Option<String>,
    /// Seat turns judged so far.
    plies: usize,
    /// How and when the game ended, once it has.
    ended: Option<String>,
}

impl<'a, W: Write> Reporter<'a, W> {
    fn new(out: &'a mut W, opts: JudgeOptions) -> Self {
        Reporter { out, opts, start: None, plies: 0, ended: None }
    }

    fn start<A: Adapter>(&mut self, a: &A, state: &A::Game) {
        self.start = if self.opts.json && self.opts.legal {
            Some(ordered(&[("ply", json!(0)), ("next_legal", json!(a.next_legal(state)))]))
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
    fn judged<A: Adapter>(
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

    fn refused_chance(&mut self, index: usize, e: &ContestError) -> Result<(), JudgeError> {
        self.flush_start()?;
        if self.opts.json {
            let f = [
                ("entry", json!(index)),
                ("chance", json!(true)),
                ("legal", json!(false)),
                ("error", json!(e.kind)),
                ("message", json!(e.message)),
            ];
            writeln!(self.out, "{}", ordered(&f))?;
        } else {
            writeln!(self.out, "entry {index}: chance value: REFUSED ({}): {}", e.kind, e.message)?;
        }
        Ok(())
    }

    /// The result where judging ended, and in JSON the fault that stopped
    /// it (people read the fault on the standard error).
    fn result<A: Adapter>(
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
                    ("winner", json!(o.winner().map(|p| p.0))),
                    ("ranks", json!(o.ranks())),
                    ("reason", json!(reason)),
                ]),
            };
            match fault {
                None => writeln!(self.out, "{{\"result\": {text}}}")?,
                Some(f) => {
                    let mut fields = vec![("kind", json!(f.kind()))];
                    fields.extend(f.ply().map(|p| ("ply", json!(p))));
                    fields.push(("message", json!(f.to_string())));
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
fn ordered(pairs: &[(&str, Value)]) -> String {
    let body: Vec<String> = pairs.iter().map(|(k, v)| format!("{}: {}", Value::from(*k), v)).collect();
    format!("{{{}}}", body.join(", "))
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

/// What follows a JSON record's judging, entry by entry: the judge's report,
/// and the replays of `render` and `view`.
pub trait Sink<A: Adapter> {
    /// The start position (the referee before any entry).
    ///
    /// # Errors
    /// The sink's own (writing, drawing).
    fn start(&mut self, a: &A, r: &TurnJudge<'_, A>) -> Result<(), JudgeError>;
    /// A chance value of entry `index` (from 0) of the turn list, applied
    /// (`refused` is `None`) or refused.
    ///
    /// # Errors
    /// The sink's own.
    fn chance(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        index: usize,
        refused: Option<&ContestError>,
    ) -> Result<(), JudgeError>;
    /// A seat's turn as the referee decided it (`r` is after the turn).
    ///
    /// # Errors
    /// The sink's own.
    fn turn(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        v: &Verdict<<A::Game as Game>::Move>,
        entry: &TurnEntry,
    ) -> Result<(), JudgeError>;
}

/// Judges a record read from `input` (a text record line by line, a JSON
/// record entry by entry) and writes the report: a line per turn, then the
/// result where judging ended. Judging stops at the record's first fault,
/// which is returned (`Ok(None)`: the record is a game by the rules and
/// agrees with itself).
///
/// # Errors
/// [`JudgeError`] when the record cannot be judged at all: it cannot be
/// read, is empty or lists no turn, is not a record, or is of another game,
/// format or configuration (never [`JudgeError::Fault`]: a fault is
/// returned as `Ok`).
pub fn judge<A: Adapter, R: BufRead, W: Write>(
    a: &A,
    input: R,
    opts: JudgeOptions,
    out: &mut W,
) -> Result<Option<RecordFault>, JudgeError> {
    let (json, input) = sniff(input)?;
    let mut rep = Reporter::new(out, opts);
    let (referee, judged) = if json {
        replay_to(a, &mut serde_json::Deserializer::from_reader(input), &mut rep, bad_json)
    } else {
        text_record(a, input, &mut rep)
    };
    let fault = match judged {
        Ok(()) => None,
        Err(JudgeError::Fault(f)) => Some(*f),
        Err(e) => return Err(e),
    };
    let r = referee.ok_or_else(no_setup)?;
    if rep.plies == 0 && !matches!(fault, Some(RecordFault::Chance { .. })) {
        return Err(JudgeError::NoTurns);
    }
    rep.result(a, &r, fault.as_ref())?;
    Ok(fault)
}

fn no_setup() -> JudgeError {
    JudgeError::Unreadable("not a game record: no setup".into())
}

/// Judges a text record line by line: the referee where judging ended, and
/// why it ended early.
fn text_record<'a, A: Adapter, R: BufRead, W: Write>(
    a: &'a A,
    input: R,
    rep: &mut Reporter<'_, W>,
) -> (Option<TurnJudge<'a, A>>, Result<(), JudgeError>) {
    if !a.text_records() {
        let e = format!("{} records are the JSON records `arena play --record` writes", a.name());
        return (None, Err(JudgeError::Unreadable(e)));
    }
    // A text record has no seed: a substitute turn cannot be re-derived.
    let mut r = TurnJudge::new(a, a.start(), None);
    rep.start(a, r.state());
    let judged = text_turns(a, input, &mut r, rep);
    (Some(r), judged)
}

fn text_turns<A: Adapter, R: BufRead, W: Write>(
    a: &A,
    mut input: R,
    r: &mut TurnJudge<'_, A>,
    rep: &mut Reporter<'_, W>,
) -> Result<(), JudgeError> {
    let n = r.state().players().max(1);
    let mut last: Option<PlayerId> = None;
    let (mut buf, mut offset) = (Vec::new(), 0usize);
    loop {
        buf.clear();
        let got = input.read_until(b'\n', &mut buf).map_err(JudgeError::Read)?;
        if got == 0 {
            return Ok(());
        }
        let text = std::str::from_utf8(&buf).map_err(|e| {
            JudgeError::Read(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not UTF-8 text (byte {})", offset + e.valid_up_to()),
            ))
        })?;
        offset += got;
        for line in a.judge_split(text) {
            // A text record names no seats: a line is the turn of the seat
            // to act, and after the end, of the seat after the previous line's.
            let after = |p: PlayerId| PlayerId(((p.index() + 1) % n) as u8);
            let player = match (r.is_over(), last) {
                (true, Some(p)) => after(p),
                _ => r.state().to_act().next_decider().unwrap_or(PlayerId(0)),
            };
            last = Some(player);
            let v = r.turn(player, Said::Text(line));
            rep.judged(a, r, &v, false)?;
        }
    }
}

/// Judges a JSON record entry by entry as `de` reads it, telling `sink`
/// each step, and returns the referee at the end (its result is the
/// record's). `de` is a reader's deserializer (streaming) or a
/// [`serde_json::Value`].
///
/// # Errors
/// [`JudgeError`]: the record does not parse, is of another game, format
/// or configuration, contradicts itself ([`JudgeError::Fault`]: a turn of
/// no seat or without a move, an answer that does not give its turn, a
/// stated result its turns do not give), or the sink fails.
pub fn replay<'a, 'de, A: Adapter, D: Deserializer<'de>, S: Sink<A>>(
    a: &'a A,
    de: D,
    sink: &mut S,
) -> Result<TurnJudge<'a, A>, JudgeError> {
    let (referee, judged) = replay_to(a, de, sink, |e| JudgeError::Unreadable(format!("bad JSON: {e}")));
    judged?;
    referee.ok_or_else(no_setup)
}

/// [`replay`], giving back the referee where judging ended (once the
/// record's head is read) with why it ended early; `bad` says what a
/// deserializing error is.
fn replay_to<'a, 'de, A: Adapter, D: Deserializer<'de>, S: Sink<A>>(
    a: &'a A,
    de: D,
    sink: &mut S,
    bad: impl FnOnce(D::Error) -> JudgeError,
) -> (Option<TurnJudge<'a, A>>, Result<(), JudgeError>) {
    let mut failure = None;
    let mut referee = None;
    let r = de.deserialize_map(RecordVisitor { a, sink, failure: &mut failure, referee: &mut referee });
    let judged = match failure {
        Some(f) => Err(f),
        None => r.map_err(bad),
    };
    (referee, judged)
}

/// A judged turn as reports show it (the analysis's `played`, a replay
/// page's ply): the turn played, in the game's notation (a substitute
/// included); for a failed turn that played nothing, what the seat said,
/// or, when it said nothing, `no answer (KIND)` with the failure's kind
/// (`no answer (timeout)`), never a blank.
pub fn turn_text<M>(v: &Verdict<M>) -> String {
    if !v.played.is_empty() {
        return v.played_text.clone();
    }
    if !v.said.trim().is_empty() {
        return v.said.clone();
    }
    match &v.error {
        Some(e) => format!("no answer ({})", e.kind),
        None => "no answer".to_string(),
    }
}

/// A JSON error of a record: cut short (its end missing), or not JSON.
pub(crate) fn bad_json(e: serde_json::Error) -> JudgeError {
    if e.is_eof() {
        JudgeError::CutShort { line: e.line(), column: e.column() }
    } else {
        JudgeError::Unreadable(format!("bad JSON: {e}"))
    }
}

struct RecordVisitor<'a, 'o, A: Adapter, S> {
    a: &'a A,
    sink: &'o mut S,
    failure: &'o mut Option<JudgeError>,
    referee: &'o mut Option<TurnJudge<'a, A>>,
}

/// Stops deserializing with `e` kept for the caller.
fn stop<E: serde::de::Error>(failure: &mut Option<JudgeError>, e: JudgeError) -> E {
    let msg = e.to_string();
    *failure = Some(e);
    E::custom(msg)
}

impl<'a, 'de, A: Adapter, S: Sink<A>> Visitor<'de> for RecordVisitor<'a, '_, A, S> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a game record")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        let a = self.a;
        let mut format = None;
        let mut game = false;
        let mut setup: Option<<A::Game as Game>::Setup> = None;
        let mut seed: Option<u64> = None;
        let mut config: Option<Value> = None;
        let mut stated: Option<ResultEntry> = None;
        let mut outcome: Option<Outcome> = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "format" => format = Some(map.next_value::<u64>()?),
                "game" => {
                    let g: String = map.next_value()?;
                    if g != a.name() {
                        return Err(stop(self.failure, JudgeError::WrongGame { record: g, given: a.name() }));
                    }
                    game = true;
                }
                // Checked with the head (once the game is known to be this one).
                "config" => config = Some(map.next_value::<Value>()?),
                "setup" => setup = Some(map.next_value()?),
                "seed" => seed = map.next_value()?,
                "turns" if self.referee.is_some() => {
                    let e = JudgeError::Unreadable("not a game record: it has two lists of turns".into());
                    return Err(stop(self.failure, e));
                }
                "turns" => {
                    let r = open(a, &mut *self.sink, setup.take(), seed, format, game, config.take())
                        .map_err(|e| stop(self.failure, e))?;
                    let r = self.referee.insert(r);
                    map.next_value_seed(TurnsSeed { a, r, sink: &mut *self.sink, failure: &mut *self.failure })?;
                }
                // Checked once the turns are judged.
                "result" => stated = map.next_value()?,
                "outcome" => outcome = map.next_value()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if self.referee.is_none() {
            // A record without turns: the start position is the end.
            let r = open(a, &mut *self.sink, setup, seed, format, game, config).map_err(|e| stop(self.failure, e))?;
            *self.referee = Some(r);
        }
        if let Some(r) = self.referee.as_ref() {
            check_result(r, stated, outcome).map_err(|f| stop(self.failure, f.into()))?;
        }
        Ok(())
    }
}

/// Checks the result a record states (its `result` and `outcome`) against
/// the one its turns give. A game the arena stopped itself (a draw by
/// `arena-limit` or `arena-error`) has a result its turns do not give.
fn check_result<A: Adapter>(
    r: &TurnJudge<'_, A>,
    stated: Option<ResultEntry>,
    outcome: Option<Outcome>,
) -> Result<(), RecordFault> {
    let replayed = r.result();
    let entry = replayed.as_ref().map(|(o, reason)| ResultEntry::new(o, reason));
    let words = entry.as_ref().map_or_else(|| "a game that is not over".to_string(), ToString::to_string);
    if let Some(stated) = stated {
        let forced = entry.is_none() && stated.reason.starts_with("arena-");
        if !forced && entry.as_ref() != Some(&stated) {
            return Err(RecordFault::ResultDiffers { recorded: stated.to_string(), replayed: words });
        }
    }
    match (outcome, replayed) {
        (Some(stated), Some((o, _))) if stated != o => {
            Err(RecordFault::ResultDiffers { recorded: stated.to_string(), replayed: o.to_string() })
        }
        _ => Ok(()),
    }
}

/// The referee at the start of a record's turns, once its head is read.
fn open<'a, A: Adapter, S: Sink<A>>(
    a: &'a A,
    sink: &mut S,
    setup: Option<<A::Game as Game>::Setup>,
    seed: Option<u64>,
    format: Option<u64>,
    game: bool,
    config: Option<Value>,
) -> Result<TurnJudge<'a, A>, JudgeError> {
    if format != Some(u64::from(RECORD_FORMAT)) {
        return Err(JudgeError::Format { found: format.unwrap_or(0), expected: RECORD_FORMAT });
    }
    if let Some(c) = config.filter(|c| *c != a.config()) {
        return Err(JudgeError::Config { record: c, given: a.config() });
    }
    let (Some(setup), true) = (setup, game) else {
        return Err(JudgeError::Unreadable("not a game record: its game and setup must come before its turns".into()));
    };
    let start = <A::Game as Game>::from_setup(setup)
        .map_err(|e| JudgeError::Unreadable(format!("invalid start setup: {e}")))?;
    let r = TurnJudge::new(a, start, seed.map(substitute_rng));
    sink.start(a, &r)?;
    Ok(r)
}

struct TurnsSeed<'a, 'o, A: Adapter, S> {
    a: &'a A,
    r: &'o mut TurnJudge<'a, A>,
    sink: &'o mut S,
    failure: &'o mut Option<JudgeError>,
}

impl<'de, A: Adapter, S: Sink<A>> DeserializeSeed<'de> for TurnsSeed<'_, '_, A, S> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de, A: Adapter, S: Sink<A>> Visitor<'de> for TurnsSeed<'_, '_, A, S> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of turns")
    }
    fn visit_seq<Q: SeqAccess<'de>>(self, mut seq: Q) -> Result<(), Q::Error> {
        let (a, r) = (self.a, self.r);
        let mut index = 0usize;
        let mut turn = 0usize;
        while let Some(entry) = seq.next_element::<RecordEntry<<A::Game as Game>::Chance>>()? {
            let step = match entry {
                RecordEntry::Chance { chance } => {
                    let refused = r.chance(&chance).err();
                    self.sink.chance(a, r, index, refused.as_ref())
                }
                RecordEntry::Turn { turn: e, chance } => {
                    turn += 1;
                    judge_turn(a, r, turn, &e).and_then(|v| self.sink.turn(a, r, &v, &e)).and_then(|()| {
                        chance.iter().try_for_each(|c| {
                            let refused = r.chance(c).err();
                            self.sink.chance(a, r, index, refused.as_ref())
                        })
                    })
                }
            };
            step.map_err(|e| stop(self.failure, e))?;
            index += 1;
        }
        Ok(())
    }
}

/// Judges turn number `t` (from 1, the referee's ply) of a JSON record.
fn judge_turn<A: Adapter>(
    a: &A,
    r: &mut TurnJudge<'_, A>,
    t: usize,
    e: &TurnEntry,
) -> Result<Verdict<<A::Game as Game>::Move>, JudgeError> {
    let p = PlayerId(e.player);
    if p.index() >= r.state().players() {
        return Err(RecordFault::NoSeat { ply: t, player: e.player, last: r.state().players() - 1 }.into());
    }
    let Some(answer) = &e.answer else {
        let text = e.text.clone().ok_or(RecordFault::NoMove { ply: t, player: p, as_played: false })?;
        return Ok(r.turn(p, Said::Text(text)));
    };
    let raw = answer.raw(|| e.text.as_deref().map(|text| a.answer_of_turn(text))).ok_or(RecordFault::NoMove {
        ply: t,
        player: p,
        as_played: true,
    })?;
    let was_over = r.is_over();
    let quoted = match raw.cutoff {
        Some(c) => format!("(none: {})", c.kind()),
        None => quote(&raw.text()),
    };
    let v = r.turn(p, Said::Answer(raw));
    if !was_over {
        let failed_out = v.error.is_some() && !v.substituted;
        let played = (!failed_out).then(|| a.record_text(&v.played_text));
        if played != e.text {
            return Err(RecordFault::AnswerDiffers {
                ply: t,
                player: p,
                answer: quoted,
                gives: played,
                refused: v.error.as_ref().map(|e| e.message.clone()),
                lists: e.text.clone(),
            }
            .into());
        }
    }
    Ok(v)
}
