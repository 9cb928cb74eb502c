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
use crate::referee::{Said, TurnJudge, Verdict, substitute_rng};
use crate::registry::GameConfig;
use game_core::{Game, Outcome, PlayerId};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::io::{BufRead, Write};

mod report;
mod start;

use report::Reporter;

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

/// Judges the JSON record `record` (its text) entry by entry, telling
/// `sink` each step, and returns the referee at the end (its result is the
/// record's).
///
/// # Errors
/// [`JudgeError`]: the record does not parse, is of another game, format
/// or configuration, contradicts itself ([`JudgeError::Fault`]: a turn of
/// no seat or without a move, an answer that does not give its turn, a
/// stated result its turns do not give), or the sink fails.
pub fn replay<'a, A: Adapter, S: Sink<A>>(
    a: &'a A,
    record: &str,
    sink: &mut S,
) -> Result<TurnJudge<'a, A>, JudgeError> {
    let bad = |e: serde_json::Error| JudgeError::Unreadable(format!("bad JSON: {e}"));
    let mut de = serde_json::Deserializer::from_str(record);
    let (referee, judged) = replay_to(a, &mut de, sink, bad);
    judged?;
    de.end().map_err(bad)?;
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
        let mut config: Option<GameConfig> = None;
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
                "config" => config = Some(map.next_value::<GameConfig>()?),
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
    config: Option<GameConfig>,
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
