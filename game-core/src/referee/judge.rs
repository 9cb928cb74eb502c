//! The one judging core: what a seat said on its turn, in, and the verdict
//! the contest's rules give it, out. The arena's `play` (with the bots'
//! live answers) and `judge` (with the answers or moves of a record), and
//! the in-memory test host (`testing::contest::host`, feature `testing`), all call
//! [`TurnJudge::turn`], so none of them can decide a turn differently.
//!
//! A turn's input is a [`Said`]: a bot's raw answer as the arena received
//! it (bytes, or the time-out or crash that cut it short), a line of a text
//! record in the game's notation, or moves already decoded (a JSON record's
//! events, a built-in bot's choice). The rules written here once:
//! * **After the end** (the game's own, or a forfeit), every turn and chance
//!   event is refused as `game-over` and changes nothing: not the position,
//!   not the result, not its reason.
//! * **A failed turn** (unreadable or illegal, or a time-out, crash,
//!   over-long line or a bot that stops reading) costs what the game's
//!   [`FailurePolicy`] says: the game under [`FailurePolicy::Loss`]; under
//!   [`FailurePolicy::Substitute`] the game's substitute turn, drawn from
//!   the referee's own seeded generator (so a record's seed re-derives
//!   every substitute). Only a bot's raw answer is replaced: a record's
//!   moves and lines are what was played, and a referee without the
//!   generator (a text record has no seed) cannot know the substitute, so
//!   there the game stops and its result is "not over".
//! * **A chance event** is applied only at a chance node; anywhere else it
//!   is refused and the game stops there, result "not over" (no seat is
//!   to blame).
//! * **Simultaneous seats** all decide on the position at the start of
//!   their round; each seat's turn is checked against it.

use super::{Contest, ContestError, FailurePolicy, ParsedAnswer, play_turn_on};
use crate::rng::{GameRng, derive_seed, seeded};
use crate::{Game, Outcome, PlayerId, PlayerSet, ToAct};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The stream of [`derive_seed`] that draws substitute turns: separate from
/// the chance events' stream (the game seed itself), so that a judge who
/// applies recorded chance values still draws the same substitutes.
pub const SUBSTITUTE_STREAM: u64 = u64::MAX;

/// The generator of substitute turns for a game played with `seed`.
#[must_use]
pub fn substitute_rng(seed: u64) -> GameRng {
    seeded(derive_seed(seed, SUBSTITUTE_STREAM))
}

/// One output line of a bot, exactly as printed (its `\n` removed). In JSON
/// it is a string when the bytes are UTF-8, otherwise `{"bytes": [...]}`,
/// so nothing is lost either way.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "LineRepr", into = "LineRepr"))]
pub struct RawLine(pub Vec<u8>);

#[cfg(feature = "serde")]
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum LineRepr {
    Text(String),
    Bytes { bytes: Vec<u8> },
}

#[cfg(feature = "serde")]
impl From<LineRepr> for RawLine {
    fn from(r: LineRepr) -> RawLine {
        match r {
            LineRepr::Text(s) => RawLine(s.into_bytes()),
            LineRepr::Bytes { bytes } => RawLine(bytes),
        }
    }
}

#[cfg(feature = "serde")]
impl From<RawLine> for LineRepr {
    fn from(l: RawLine) -> LineRepr {
        match String::from_utf8(l.0) {
            Ok(s) => LineRepr::Text(s),
            Err(e) => LineRepr::Bytes { bytes: e.into_bytes() },
        }
    }
}

/// Why a bot's answer never came whole: facts the arena saw, which a judge
/// takes from the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Cutoff {
    /// No complete answer within the time limit.
    Timeout,
    /// The bot exited, closed its output, or could not be started.
    Crash,
    /// A line longer than the host accepts (the arena's `bot_process::MAX_LINE` bytes).
    LineTooLong,
    /// The bot stopped reading its input.
    NotReading,
}

impl Cutoff {
    /// The kebab-case kind (also the result's reason when it loses a game).
    #[must_use]
    pub fn kind(self) -> &'static str {
        match self {
            Cutoff::Timeout => "timeout",
            Cutoff::Crash => "crash",
            Cutoff::LineTooLong => "line-too-long",
            Cutoff::NotReading => "not-reading",
        }
    }
}

/// What kind of failure a refused turn is, as a series' journal counts
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Failure {
    /// No complete answer within the time limit.
    Timeout,
    /// The bot exited, closed its output, stopped reading, or could not be
    /// started.
    Crash,
    /// The answer cannot be read as a turn (its game's reading rules, or a
    /// line too long).
    Unreadable,
    /// A readable turn the rules do not allow.
    Illegal,
}

impl From<Cutoff> for Failure {
    fn from(c: Cutoff) -> Failure {
        match c {
            Cutoff::Timeout => Failure::Timeout,
            Cutoff::Crash | Cutoff::NotReading => Failure::Crash,
            Cutoff::LineTooLong => Failure::Unreadable,
        }
    }
}

/// A bot's answer to one turn as the arena received it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct RawAnswer {
    /// Every output line taken for this turn, in order, lines the game's
    /// referee drops included ([`Contest::skips_line`]).
    pub lines: Vec<RawLine>,
    /// Dropped lines beyond the first [`KEPT_SKIPPED_LINES`] that are only
    /// counted (a bot printing blank lines forever must not grow memory).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_zero"))]
    pub more_skipped: u64,
    /// Why the answer is cut short, if it is.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub cutoff: Option<Cutoff>,
}

/// How many dropped lines one answer keeps verbatim.
pub const KEPT_SKIPPED_LINES: usize = 16;

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl RawAnswer {
    /// The answer as text for people: lines joined by `\n`, invalid UTF-8
    /// replaced.
    #[must_use]
    pub fn text(&self) -> String {
        let lines: Vec<String> = self.lines.iter().map(|l| String::from_utf8_lossy(&l.0).into_owned()).collect();
        lines.join("\n")
    }
}

/// What a seat said on its turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Said<M> {
    /// A bot's raw answer (or its cutoff), read as the game's referee reads it.
    Answer(RawAnswer),
    /// One line of a text record, in the game's record notation.
    Text(String),
    /// Moves already decoded: a JSON record's events, a built-in bot's turn.
    Moves(Vec<M>),
}

/// The referee's decision on one turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict<M> {
    /// The turn's number, from 1 (one per seat turn, refused ones included).
    pub ply: usize,
    /// The seat.
    pub player: PlayerId,
    /// What the seat said, as text for reports (the answer, the record line,
    /// or the moves in the game's notation).
    pub said: String,
    /// The moves played for the seat: its own, or the substitute.
    pub played: Vec<M>,
    /// The played moves in the game's notation.
    pub played_text: String,
    /// Why the turn was refused, if it was.
    pub error: Option<ContestError>,
    /// Whether the refusal is a fact taken from the record (a time-out or a
    /// crash) rather than something the referee decided.
    pub recorded: bool,
    /// What kind of failure the refusal is (`None` when accepted, or when
    /// refused only because the game was over).
    pub failure: Option<Failure>,
    /// Whether [`played`](Verdict::played) is the game's substitute turn.
    pub substituted: bool,
    /// Problems the protocol forgives (a Parallel Football line read as
    /// `stay`), as `(kind, message)`.
    pub notes: Vec<(String, String)>,
}

impl<M> Verdict<M> {
    /// Whether the seat's own turn was played as it said.
    #[must_use]
    pub fn accepted(&self) -> bool {
        self.error.is_none()
    }
}

/// How a game ended, if the referee ended it.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// A seat lost by a failed turn.
    Forfeit {
        /// The result.
        outcome: Outcome,
        /// `illegal-move`, or the cutoff's kind.
        reason: String,
        /// Who failed.
        seat: PlayerId,
        /// At which turn.
        ply: usize,
    },
    /// Judging cannot go on (an unknown substitute, a chance event out of
    /// place, a substitute the game refuses); the result is "not over".
    Halted {
        /// At which turn or event.
        ply: usize,
    },
}

/// The judging core: the position, who failed, and the seeded generator of
/// substitute turns. (Named apart from each game crate's
/// `protocol::Referee`, the contest it applies.)
#[derive(Clone, Debug)]
pub struct TurnJudge<'a, A: Contest> {
    a: &'a A,
    state: A::Game,
    substitutes: Option<GameRng>,
    stop: Option<Stop>,
    ply: usize,
    /// The position simultaneous seats decide on, and who still owes a turn.
    round: Option<(A::Game, PlayerSet)>,
}

impl<'a, A: Contest> TurnJudge<'a, A> {
    /// A judge from `start`, drawing substitute turns from `substitutes`
    /// ([`substitute_rng`] of the game's seed; `None` when it is not known).
    pub fn new(a: &'a A, start: A::Game, substitutes: Option<GameRng>) -> TurnJudge<'a, A> {
        TurnJudge { a, state: start, substitutes, stop: None, ply: 0, round: None }
    }

    /// The position now.
    pub fn state(&self) -> &A::Game {
        &self.state
    }

    /// The position seats acting now decide on: at a simultaneous node, the
    /// position at the start of the round.
    pub fn decision_state(&self) -> &A::Game {
        match &self.round {
            Some((snap, _)) => snap,
            None => &self.state,
        }
    }

    /// Whether the game is over, by its own rules or by the referee.
    pub fn is_over(&self) -> bool {
        self.stop.is_some() || self.state.is_over()
    }

    /// Why the referee stopped the game, if it did.
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The result: a forfeit, the game's own outcome, or `None` ("not
    /// over", also after [`Stop::Halted`]).
    pub fn result(&self) -> Option<(Outcome, String)> {
        match &self.stop {
            Some(Stop::Forfeit { outcome, reason, .. }) => Some((*outcome, reason.clone())),
            Some(Stop::Halted { .. }) => None,
            None => self.state.outcome().map(|o| (o, self.state.end_reason().unwrap_or("over").to_string())),
        }
    }

    fn game_over() -> ContestError {
        ContestError { kind: "game-over", message: "the game is already over".into() }
    }

    /// Applies a chance value.
    ///
    /// # Errors
    /// `game-over` after the end (nothing changes); the game's error when
    /// the position is not at a chance node or the value does not fit it
    /// (the game then stops, result "not over").
    pub fn chance(&mut self, c: &<A::Game as Game>::Chance) -> Result<(), ContestError> {
        if self.is_over() {
            return Err(Self::game_over());
        }
        self.round = None;
        self.state.apply_chance(c).map_err(|e| {
            self.stop = Some(Stop::Halted { ply: self.ply });
            ContestError::from_game(&e)
        })
    }

    /// The position `p` decides on, opening a new round of simultaneous
    /// play when `p` does not belong to the current one.
    fn snapshot_for(&mut self, p: PlayerId) -> A::Game {
        if let ToAct::Simultaneous(set) = self.state.to_act() {
            if let Some((snap, owing)) = &mut self.round {
                if owing.contains(p) {
                    *owing = owing.without(p);
                    return snap.clone();
                }
            }
            self.round = Some((self.state.clone(), set.without(p)));
        } else {
            self.round = None;
        }
        self.state.clone()
    }

    /// Judges seat `p`'s turn.
    pub fn turn(&mut self, p: PlayerId, said: Said<<A::Game as Game>::Move>) -> Verdict<<A::Game as Game>::Move> {
        self.ply += 1;
        let a = self.a;
        let mut v = Verdict {
            ply: self.ply,
            player: p,
            said: String::new(),
            played: Vec::new(),
            played_text: String::new(),
            error: None,
            recorded: false,
            failure: None,
            substituted: false,
            notes: Vec::new(),
        };
        let snapshot = self.snapshot_for(p);
        let answer = matches!(said, Said::Answer(_));
        v.said = match &said {
            Said::Moves(moves) => a.format_turn(&snapshot, p, moves),
            Said::Text(line) => line.clone(),
            Said::Answer(raw) => raw.text(),
        };
        if self.is_over() {
            v.error = Some(Self::game_over());
            return v;
        }
        let attempt: Result<Vec<_>, ContestError> = match said {
            Said::Moves(moves) => Ok(moves),
            Said::Text(line) => a.judge_line(&snapshot, p, &line),
            Said::Answer(raw) => {
                if let Some(c) = raw.cutoff {
                    v.recorded = true;
                    v.failure = Some(c.into());
                    Err(ContestError { kind: c.kind(), message: format!("{} (recorded)", cutoff_text(c)) })
                } else {
                    let lines: Vec<&[u8]> =
                        raw.lines.iter().map(|l| l.0.as_slice()).filter(|l| !a.skips_line(l)).collect();
                    a.parse_answer(&snapshot, p, &lines).map(|ParsedAnswer { moves, notes }| {
                        v.notes = notes.into_iter().map(|n| (n.kind.to_string(), n.message)).collect();
                        moves
                    })
                }
            }
        };
        if attempt.is_err() {
            v.failure.get_or_insert(Failure::Unreadable);
        }
        let applied = attempt.and_then(|moves| {
            let before = self.state.clone();
            play_turn_on(a, &snapshot, &mut self.state, p, &moves).map(|()| moves).inspect_err(|_| self.state = before)
        });
        match applied {
            Ok(moves) => {
                v.played_text = a.format_turn(&snapshot, p, &moves);
                v.played = moves;
            }
            Err(e) => {
                v.failure.get_or_insert(Failure::Illegal);
                let reason = if v.recorded { e.kind.to_string() } else { "illegal-move".to_string() };
                v.error = Some(e);
                self.fail(p, &snapshot, reason, answer, &mut v);
            }
        }
        v
    }

    /// What a failed turn costs, by the game's policy.
    fn fail(
        &mut self,
        p: PlayerId,
        snapshot: &A::Game,
        reason: String,
        answer: bool,
        v: &mut Verdict<<A::Game as Game>::Move>,
    ) {
        let n = self.state.players();
        // Only a bot's answer is ever replaced: moves already decoded (a
        // record's events or lines) are what was played, so an illegal one
        // has no substitute to re-derive.
        let substitutes = self.substitutes.as_mut().filter(|_| answer);
        match (self.a.failure_policy(), substitutes) {
            (FailurePolicy::Loss, _) => {
                self.stop = Some(Stop::Forfeit { outcome: Outcome::loss_for(n, p), reason, seat: p, ply: self.ply });
            }
            (FailurePolicy::Substitute, Some(rng)) => {
                let sub = self.a.fallback_turn(snapshot, p, rng);
                let before = self.state.clone();
                match play_turn_on(self.a, snapshot, &mut self.state, p, &sub) {
                    Ok(()) => {
                        v.played_text = self.a.format_turn(snapshot, p, &sub);
                        v.played = sub;
                        v.substituted = true;
                    }
                    Err(e) => {
                        self.state = before;
                        v.notes.push(("arena-error".into(), format!("substitute turn refused: {}", e.message)));
                        self.stop = Some(Stop::Halted { ply: self.ply });
                    }
                }
            }
            (FailurePolicy::Substitute, None) => self.stop = Some(Stop::Halted { ply: self.ply }),
        }
    }
}

fn cutoff_text(c: Cutoff) -> &'static str {
    match c {
        Cutoff::Timeout => "no answer within the time limit",
        Cutoff::Crash => "the bot crashed, exited or closed its output",
        Cutoff::LineTooLong => "an output line longer than the arena accepts",
        Cutoff::NotReading => "the bot stopped reading its input",
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn raw_lines_round_trip_through_json_whatever_the_bytes() {
        for bytes in [b"4 1".to_vec(), b"\t\"x\\\r".to_vec(), vec![0xff, b'4', 0x00, 0xc3], Vec::new()] {
            let line = RawLine(bytes);
            let json = serde_json::to_string(&line).unwrap();
            assert_eq!(serde_json::from_str::<RawLine>(&json).unwrap(), line, "{json}");
        }
        assert_eq!(serde_json::to_string(&RawLine(b"3 4".to_vec())).unwrap(), "\"3 4\"");
        assert_eq!(serde_json::to_string(&RawLine(vec![0xff])).unwrap(), "{\"bytes\":[255]}");
    }
}
