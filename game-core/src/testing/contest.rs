//! Whole games through a [`Contest`] alone, with no arena: a small
//! in-memory host for each game crate's tests. Seats are bots behind
//! in-memory pipes ([`PipeSeat`], for the crate's own `run_bot`) or scripts
//! that fail on purpose ([`ScriptSeat`]); [`host`] sends each seat what the
//! contest says, reads its answers as the contest reads them, and charges
//! each failure what the contest's [`FailurePolicy`](crate::referee::FailurePolicy) says, with the
//! arena's judging core ([`TurnJudge`]).
//!
//! ```
//! use nim::Nim;
//! use game_core::referee::{ContestError, Contest, FailurePolicy, ParsedAnswer, TurnLog};
//! use game_core::testing::contest::{Reply, ScriptSeat, Seat, host};
//! use game_core::{PlayerId, TimeControl};
//! use std::time::Duration;
//!
//! struct NimContest;
//! impl Contest for NimContest {
//!     type Game = Nim;
//!     fn start(&self) -> Nim { Nim::new(5, 3) }
//!     fn time_control(&self) -> TimeControl {
//!         TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_secs(1) }
//!     }
//!     fn failure_policy(&self) -> FailurePolicy { FailurePolicy::Loss }
//!     fn format_move(&self, _: &Nim, take: u8) -> String { take.to_string() }
//!     fn turn_message(&self, s: &Nim, _: PlayerId, _: &[TurnLog<u8>], _: bool) -> String { format!("{}\n", s.pile) }
//!     fn parse_answer(&self, s: &Nim, p: PlayerId, lines: &[&[u8]]) -> Result<ParsedAnswer<u8>, ContestError> {
//!         self.judge_line(s, p, &String::from_utf8_lossy(lines[0])).map(ParsedAnswer::new)
//!     }
//!     fn judge_line(&self, _: &Nim, _: PlayerId, line: &str) -> Result<Vec<u8>, ContestError> {
//!         line.parse().map(|t| vec![t]).map_err(|_| ContestError::new("unreadable", "not a number"))
//!     }
//! }
//!
//! // Seat 0 takes one stone each turn; seat 1 answers garbage and loses.
//! let mut one = ScriptSeat::new(|_: &str| Reply::line("1"));
//! let mut junk = ScriptSeat::new(|_: &str| Reply::line("two"));
//! let game = host(&NimContest, &mut [&mut one, &mut junk], 7);
//! assert_eq!(game.outcome.winner(), Some(PlayerId(0)));
//! assert_eq!(game.failures[0].seat, PlayerId(1));
//! assert_eq!(game.failures[0].kind, "unreadable");
//! ```

use crate::referee::judge::{Cutoff, RawAnswer, RawLine, Said, Stop, TurnJudge, substitute_rng};
use crate::referee::{Contest, TurnLog};
use crate::rng::seeded;
use crate::{Game, Outcome, PlayerId, ToAct};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// What a seat answered on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Output lines, each without its `\n` (at least the lines asked for,
    /// unless the seat's output ended).
    Lines(Vec<Vec<u8>>),
    /// No whole answer within the host's patience.
    Timeout,
    /// The seat's output ended (the bot exited or closed it).
    Crash,
}

impl Reply {
    /// One output line.
    #[must_use]
    pub fn line(text: &str) -> Reply {
        Reply::Lines(vec![text.as_bytes().to_vec()])
    }
}

/// One seat of a hosted game: it reads the referee's messages and answers.
pub trait Seat {
    /// Sends the seat a message (lines ending with `\n`; may be empty).
    fn send(&mut self, text: &str);
    /// Reads the seat's answer of `lines` lines, leaving out the lines
    /// `skips` says the referee drops.
    fn answer(&mut self, lines: usize, skips: &dyn Fn(&[u8]) -> bool) -> Reply;
    /// The game is over for the seat: it is stopped.
    fn stop(&mut self) {}
}

/// A scripted seat: answers each turn from the text of its last message.
pub struct ScriptSeat<F> {
    script: F,
    last: String,
}

impl<F: FnMut(&str) -> Reply> ScriptSeat<F> {
    /// A seat answering `script(message)` on each turn.
    pub fn new(script: F) -> ScriptSeat<F> {
        ScriptSeat { script, last: String::new() }
    }
}

impl<F: FnMut(&str) -> Reply> Seat for ScriptSeat<F> {
    fn send(&mut self, text: &str) {
        self.last = text.to_string();
    }
    fn answer(&mut self, _lines: usize, _skips: &dyn Fn(&[u8]) -> bool) -> Reply {
        (self.script)(&self.last)
    }
}

/// The writing end of an in-memory pipe; dropping it ends the input of the
/// reading end.
pub struct PipeWriter(Sender<Vec<u8>>);

impl Write for PipeWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.send(buf.to_vec()).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The reading end of an in-memory pipe: end of input once every writer is
/// dropped.
pub struct PipeReader {
    rx: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for PipeReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            match self.rx.recv() {
                Ok(chunk) => (self.pending, self.at) = (chunk, 0),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// An in-memory pipe.
#[must_use]
pub fn pipe() -> (PipeReader, PipeWriter) {
    let (tx, rx) = channel();
    (PipeReader { rx, pending: Vec::new(), at: 0 }, PipeWriter(tx))
}

/// A bot program run on a thread behind in-memory pipes: the game crate's
/// `run_bot` (or any function that reads the referee's messages from its
/// input and answers on its output).
pub struct PipeSeat {
    to_bot: Option<PipeWriter>,
    lines: Receiver<Vec<u8>>,
    patience: Duration,
    thread: Option<JoinHandle<()>>,
}

impl PipeSeat {
    /// Starts `bot(input, output)` on its own thread. An answer that does
    /// not come within `patience` is a [`Reply::Timeout`].
    pub fn spawn<F>(patience: Duration, bot: F) -> PipeSeat
    where
        F: FnOnce(&mut dyn BufRead, &mut dyn Write) + Send + 'static,
    {
        let (input, to_bot) = pipe();
        let (from_bot, output) = pipe();
        let (tx, lines) = channel();
        let thread = std::thread::spawn(move || {
            let mut input = BufReader::new(input);
            let mut output = output;
            bot(&mut input, &mut output);
        });
        // Splits the bot's output into lines on a thread of its own, so a
        // silent bot is a time-out rather than a hang.
        std::thread::spawn(move || {
            for line in BufReader::new(from_bot).split(b'\n') {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        PipeSeat { to_bot: Some(to_bot), lines, patience, thread: Some(thread) }
    }
}

impl PipeSeat {
    /// A bot program that exits at once, before reading anything: a
    /// [`Reply::Crash`] on its first turn.
    #[must_use]
    pub fn exiting() -> PipeSeat {
        PipeSeat::spawn(Duration::from_secs(10), |_, _| {})
    }

    /// A bot program that reads all it is sent and never answers: a
    /// [`Reply::Timeout`] after `patience` on each turn.
    #[must_use]
    pub fn silent(patience: Duration) -> PipeSeat {
        PipeSeat::spawn(patience, |input, _| {
            let _ = input.read_to_end(&mut Vec::new());
        })
    }
}

impl Seat for PipeSeat {
    fn send(&mut self, text: &str) {
        if let Some(w) = &mut self.to_bot {
            // A bot that has stopped reading is seen when its answer is read.
            let _ = w.write_all(text.as_bytes());
        }
    }
    fn answer(&mut self, lines: usize, skips: &dyn Fn(&[u8]) -> bool) -> Reply {
        let mut got = Vec::new();
        while got.len() < lines {
            match self.lines.recv_timeout(self.patience) {
                Ok(line) if skips(&line) => {}
                Ok(line) => got.push(line),
                Err(RecvTimeoutError::Timeout) => return Reply::Timeout,
                Err(RecvTimeoutError::Disconnected) => return Reply::Crash,
            }
        }
        Reply::Lines(got)
    }
    fn stop(&mut self) {
        // Ends the bot's input: `run_bot` returns at the end of its input.
        self.to_bot = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for PipeSeat {
    fn drop(&mut self) {
        self.to_bot = None;
    }
}

/// A failed turn, as the host saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostedFailure {
    /// Whose turn it was.
    pub seat: PlayerId,
    /// The turn's number (from 1, all seats counted).
    pub turn: usize,
    /// `timeout`, `crash`, or the kind of the [`ContestError`](crate::referee::ContestError).
    pub kind: &'static str,
    /// Whether a substitute turn was played for it.
    pub substituted: bool,
}

/// A game played by [`host`].
#[derive(Clone, Debug)]
pub struct Hosted<G: Game> {
    /// The final position.
    pub state: G,
    /// The result: the game's own, or a forfeit under [`FailurePolicy::Loss`](crate::referee::FailurePolicy::Loss).
    pub outcome: Outcome,
    /// Every failed turn, in order.
    pub failures: Vec<HostedFailure>,
    /// Every turn played, as seats read them back.
    pub turns: Vec<TurnLog<G::Move>>,
    /// Each seat's messages, in order (start, turns, end), as sent.
    pub messages: Vec<Vec<String>>,
}

/// Plays one whole game of `contest` between `seats` (one per player):
/// start messages, each seat's turns (simultaneous seats all decide on the
/// same position), each turn judged by the arena's judging core
/// ([`TurnJudge`]: failures charged as [`Contest::failure_policy`] says,
/// substitutes drawn from [`substitute_rng`]`(seed)`), seats removed when
/// [`Contest::seat_done`], end messages, and every seat stopped. Chance
/// events are drawn from `seed`, as the arena draws them: the same seed and
/// answers make the arena's game.
///
/// # Panics
/// When `seats` does not have one seat per player, or the contest's own
/// substitute turn is refused (a bug in the contest).
pub fn host<C: Contest>(contest: &C, seats: &mut [&mut dyn Seat], seed: u64) -> Hosted<C::Game> {
    let start = contest.start();
    let n = start.players();
    assert_eq!(seats.len(), n, "one seat per player");
    let mut chance = seeded(seed);
    let mut judge = TurnJudge::new(contest, start.clone(), Some(substitute_rng(seed)));
    let mut hosted = Hosted {
        state: start.clone(),
        outcome: Outcome::draw(n),
        failures: Vec::new(),
        turns: Vec::new(),
        messages: vec![Vec::new(); n],
    };
    let tell = |seats: &mut [&mut dyn Seat], p: PlayerId, text: String, log: &mut Vec<Vec<String>>| {
        seats[p.index()].send(&text);
        log[p.index()].push(text);
    };
    for p in (0..n).map(|i| PlayerId(i as u8)) {
        tell(seats, p, contest.start_message(&start, p), &mut hosted.messages);
    }
    let mut first = vec![true; n];
    let mut live = vec![true; n];
    while !judge.is_over() {
        let deciders: Vec<PlayerId> = match judge.state().to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = judge.state().sample_chance(&mut chance).expect("a chance node draws an event");
                judge.chance(&c).expect("a drawn event applies");
                continue;
            }
            ToAct::Player(p) => vec![p],
            ToAct::Simultaneous(set) => set.iter().collect(),
        };
        let snapshot = judge.state().clone();
        for p in deciders {
            let raw = if live[p.index()] {
                let text = contest.turn_message(&snapshot, p, &hosted.turns, first[p.index()]);
                first[p.index()] = false;
                tell(seats, p, text, &mut hosted.messages);
                match seats[p.index()].answer(contest.answer_lines(&snapshot, p), &|l| contest.skips_line(l)) {
                    Reply::Lines(lines) => {
                        RawAnswer { lines: lines.into_iter().map(RawLine).collect(), ..RawAnswer::default() }
                    }
                    Reply::Timeout => RawAnswer { cutoff: Some(Cutoff::Timeout), ..RawAnswer::default() },
                    Reply::Crash => RawAnswer { cutoff: Some(Cutoff::Crash), ..RawAnswer::default() },
                }
            } else {
                RawAnswer { cutoff: Some(Cutoff::Crash), ..RawAnswer::default() }
            };
            let v = judge.turn(p, Said::Answer(raw));
            if let Some(e) = &v.error {
                hosted.failures.push(HostedFailure { seat: p, turn: v.ply, kind: e.kind, substituted: v.substituted });
                if e.kind == "crash" || (e.kind == "timeout" && !contest.timeout_keeps_bot()) {
                    if live[p.index()] {
                        seats[p.index()].stop();
                    }
                    live[p.index()] = false;
                }
            }
            match judge.stop() {
                Some(Stop::Forfeit { .. }) => break,
                Some(Stop::Halted { .. }) => panic!("the contest's substitute turn is refused: {:?}", v.notes),
                None => {}
            }
            hosted.turns.push(TurnLog { player: p, moves: v.played, text: v.played_text });
        }
        for p in (0..n).map(|i| PlayerId(i as u8)) {
            if live[p.index()] && !judge.is_over() && contest.seat_done(judge.state(), p) {
                tell(seats, p, contest.end_message(judge.state(), p), &mut hosted.messages);
                seats[p.index()].stop();
                live[p.index()] = false;
            }
        }
    }
    for p in (0..n).map(|i| PlayerId(i as u8)) {
        if live[p.index()] {
            tell(seats, p, contest.end_message(judge.state(), p), &mut hosted.messages);
            seats[p.index()].stop();
        }
    }
    hosted.outcome = judge.result().expect("the game is over").0;
    hosted.state = judge.state().clone();
    hosted
}
