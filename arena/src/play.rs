//! Playing games: seats (built-in bots or external programs), the game loop
//! with each game's failure policy, series with seat rotation, records.

use crate::bot::{Bot, Budget, Mcts, MctsConfig, RandomBot};
use crate::external::{IoFailure, Process};
use crate::games::{Adapter, AnswerError, FailurePolicy, ParsedAnswer, TimeControl, TurnLog};
use game_core::rng::{derive_seed, seeded};
use game_core::{Event, Game, Outcome, PlayerId, Record, ToAct};
use serde_json::Value;
use std::time::{Duration, Instant};

/// A seat's bot, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `random`.
    Random,
    /// `mcts`, `mcts:iters=N`, `mcts:ms=N`, optionally `,c=X`, `,rollout=N`.
    Mcts(MctsConfig),
    /// `cmd:PROGRAM ARGS`.
    External(String),
    /// A game's own built-in bot (`greedy`).
    Builtin(String),
}

impl BotSpec {
    /// Reads a spec.
    ///
    /// # Errors
    /// A message saying what is wrong.
    pub fn parse(text: &str) -> Result<BotSpec, String> {
        if let Some(cmd) = text.strip_prefix("cmd:") {
            if crate::external::split_command(cmd).is_none() {
                return Err(format!("bot {text:?}: empty or badly quoted command"));
            }
            return Ok(BotSpec::External(cmd.to_string()));
        }
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        match name {
            "random" if params.is_empty() => Ok(BotSpec::Random),
            "mcts" => {
                let mut cfg = MctsConfig::default();
                for kv in params.split(',').filter(|s| !s.is_empty()) {
                    let (k, v) = kv.split_once('=').ok_or_else(|| format!("bot {text:?}: expected key=value"))?;
                    let bad = || format!("bot {text:?}: bad value for {k}");
                    match k {
                        "iters" => cfg.budget = Budget::Iterations(v.parse().map_err(|_| bad())?),
                        "ms" => cfg.budget = Budget::Time(Duration::from_millis(v.parse().map_err(|_| bad())?)),
                        "c" => cfg.exploration = v.parse().map_err(|_| bad())?,
                        "rollout" => cfg.rollout_limit = v.parse().map_err(|_| bad())?,
                        _ => return Err(format!("bot {text:?}: unknown mcts option {k} (iters, ms, c, rollout)")),
                    }
                }
                Ok(BotSpec::Mcts(cfg))
            }
            _ if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !text.is_empty() => {
                Ok(BotSpec::Builtin(text.to_string()))
            }
            _ => Err(format!("unknown bot {text:?} (random, mcts[:iters=N|ms=N], cmd:PROGRAM ARGS, or a game's own)")),
        }
    }
}

/// Options of a series of games.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Multiplies every time limit (for slow machines).
    pub time_factor: f64,
    /// Directory for one JSON record per game.
    pub record_dir: Option<std::path::PathBuf>,
    /// Extra arguments that rebuild the game's configuration in a replay
    /// command (`--players 4`).
    pub replay_args: Vec<String>,
}

/// A failed answer.
#[derive(Clone, Debug, PartialEq)]
struct Failure {
    kind: String,
    message: String,
    /// An I/O failure (the bot is dead) rather than a bad answer.
    io: bool,
    /// The bot failed on an earlier turn already (not recorded again).
    repeat: bool,
}

enum SeatBot<G: Game> {
    Builtin(Box<dyn Bot<G>>),
    External(ExternalSeat),
}

struct ExternalSeat {
    command: String,
    proc: Option<Process>,
    dead: bool,
    /// Why the bot is dead (the failure kind that stopped it).
    dead_kind: String,
    answered: u32,
    clock: Duration,
    stderr: String,
}

/// One seat's turn in a record.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TurnEntry {
    /// The seat.
    pub player: u8,
    /// The turn in protocol notation (`None` when a failed answer ended the game).
    pub text: Option<String>,
    /// Time taken, in milliseconds.
    pub ms: f64,
    /// Number of record events up to the end of this turn.
    pub event_end: usize,
    /// The kind of the failure, if the answer failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Whether the turn played is the game's substitute for a failed answer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub substituted: bool,
}

/// A recorded problem with a seat's answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ErrorEntry {
    /// The seat.
    pub seat: u8,
    /// The turn (1-based index into the turns; 0 before the first).
    pub turn: usize,
    /// Kebab-case kind.
    pub kind: String,
    /// For people.
    pub message: String,
}

/// `{"winner": P or null, "ranks": [...], "reason": "..."}`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ResultEntry {
    /// The single winner.
    pub winner: Option<u8>,
    /// Placements.
    pub ranks: Vec<u8>,
    /// Why the game ended.
    pub reason: String,
}

impl ResultEntry {
    /// From an outcome and a reason.
    pub fn new(o: &Outcome, reason: &str) -> ResultEntry {
        ResultEntry { winner: o.winner().map(|p| p.0), ranks: o.ranks().to_vec(), reason: reason.to_string() }
    }
}

/// A played game: the game-core record and everything the arena adds.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// Setup, seed, every move and chance value, and the outcome (the
    /// arena's result, a forfeit included).
    pub record: Record<G>,
    /// The game's configuration.
    pub config: Value,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// Every seat's turns.
    pub turns: Vec<TurnEntry>,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: String,
    /// Problems with answers.
    pub errors: Vec<ErrorEntry>,
    /// Failed answers per seat.
    pub failures: Vec<u32>,
    /// The last bytes of each external seat's stderr.
    pub stderr: Vec<Option<String>>,
    /// The final position as text.
    pub final_position: String,
    /// The command that plays this game again.
    pub replay: String,
}

#[derive(serde::Serialize)]
#[serde(bound = "")]
struct RecordOut<'a, G: Game> {
    #[serde(flatten)]
    record: &'a Record<G>,
    config: &'a Value,
    bots: &'a [String],
    index: u64,
    series_seed: u64,
    result: ResultEntry,
    errors: &'a [ErrorEntry],
    stderr: &'a [Option<String>],
    replay: &'a str,
    final_position: &'a str,
    turns: &'a [TurnEntry],
}

impl<G: Game> Played<G> {
    /// The JSON record (pretty unless it is long).
    pub fn to_json(&self, index: u64, series_seed: u64) -> String {
        let out = RecordOut {
            record: &self.record,
            config: &self.config,
            bots: &self.bots,
            index,
            series_seed,
            result: ResultEntry::new(&self.outcome, &self.reason),
            errors: &self.errors,
            stderr: &self.stderr,
            replay: &self.replay,
            final_position: &self.final_position,
            turns: &self.turns,
        };
        let r = if self.record.events.len() < 20_000 {
            serde_json::to_string_pretty(&out)
        } else {
            serde_json::to_string(&out)
        };
        r.unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()))
    }
}

/// The summary of one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// Index of the game in its series.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Entrant (index into the series' bot list) in each seat.
    pub entrants: Vec<usize>,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended.
    pub reason: String,
    /// Failures per seat.
    pub failures: Vec<u32>,
    /// Problems with answers: the first [`SUMMARY_ERRORS`] (the game's
    /// record has them all).
    pub errors: Vec<ErrorEntry>,
    /// How many problems the game's record lists.
    pub error_count: usize,
    /// The final position as text.
    pub final_position: String,
    /// The command that plays this game again.
    pub replay: String,
}

/// The most problems a [`GameSummary`] keeps: a series keeps every game's
/// summary, and a bot that fails on every turn must not make its memory
/// grow by a turn's worth per game.
pub const SUMMARY_ERRORS: usize = 32;

fn make_seat<A: Adapter>(a: &A, spec: &BotSpec, seed: u64) -> Result<SeatBot<A::G>, String> {
    Ok(match spec {
        BotSpec::Random => SeatBot::Builtin(Box::new(RandomBot::new(seed))),
        BotSpec::Mcts(cfg) => SeatBot::Builtin(Box::new(Mcts::<A::G>::new(*cfg, seed))),
        BotSpec::Builtin(name) => SeatBot::Builtin(
            a.builtin_bot(name, seed).ok_or_else(|| format!("{} has no built-in bot {name:?}", a.name()))?,
        ),
        BotSpec::External(cmd) => SeatBot::External(ExternalSeat {
            command: cmd.clone(),
            proc: None,
            dead: false,
            dead_kind: String::new(),
            answered: 0,
            clock: Duration::ZERO,
            stderr: String::new(),
        }),
    })
}

/// A built-in bot (not an external program) for this game from its spec.
///
/// # Errors
/// A bad spec, an external program, or a name the game does not know.
pub fn builtin_bot<A: Adapter>(a: &A, spec: &str, seed: u64) -> Result<Box<dyn Bot<A::G>>, String> {
    match make_seat(a, &BotSpec::parse(spec)?, seed)? {
        SeatBot::Builtin(b) => Ok(b),
        SeatBot::External(_) => Err("bot mode needs a built-in bot, not a program".into()),
    }
}

/// Checks that every spec makes a bot for this game (built-in names exist).
///
/// # Errors
/// The first spec that does not.
pub fn check_specs<A: Adapter>(a: &A, specs: &[String]) -> Result<Vec<BotSpec>, String> {
    let parsed: Vec<BotSpec> = specs.iter().map(|s| BotSpec::parse(s)).collect::<Result<_, _>>()?;
    for s in &parsed {
        make_seat(a, s, 0)?;
    }
    Ok(parsed)
}

/// A seat's answer: the parsed turn or why there is none.
type Answer<G> = Result<ParsedAnswer<<G as Game>::Move>, Failure>;

struct Game1<'a, A: Adapter> {
    a: &'a A,
    tc: TimeControl,
    seats: Vec<SeatBot<A::G>>,
    history: Vec<TurnLog<<A::G as Game>::Move>>,
}

impl<A: Adapter> Game1<'_, A> {
    /// Asks seat `p` for its turn in `state`; returns the answer and the
    /// time taken.
    /// Asks every player of `players` for its turn on `state` (the same
    /// position for all). External programs all receive their input first
    /// and think at the same time, each against its own deadline; built-in
    /// bots decide meanwhile. Returns each answer with its time in ms.
    fn ask_all(&mut self, state: &A::G, players: &[PlayerId]) -> Vec<(Answer<A::G>, f64)> {
        let a = self.a;
        let tc = self.tc;
        let mut pending: Vec<Option<Pending>> = Vec::with_capacity(players.len());
        for &p in players {
            pending.push(match &mut self.seats[p.index()] {
                SeatBot::External(ext) => Some(begin_external(a, tc, ext, state, p, &self.history)),
                SeatBot::Builtin(_) => None,
            });
        }
        let mut out = Vec::with_capacity(players.len());
        for (&p, pend) in players.iter().zip(&pending) {
            if pend.is_none() {
                if let SeatBot::Builtin(bot) = &mut self.seats[p.index()] {
                    let t0 = Instant::now();
                    let moves = bot.turn(state, p);
                    out.push(Some((
                        Ok(ParsedAnswer { moves, notes: Vec::new() }),
                        t0.elapsed().as_secs_f64() * 1000.0,
                    )));
                    continue;
                }
            }
            out.push(None);
        }
        for ((&p, pend), slot) in players.iter().zip(pending).zip(out.iter_mut()) {
            if let (Some(pend), SeatBot::External(ext)) = (pend, &mut self.seats[p.index()]) {
                let t0 = pend.t0;
                let r = end_external(a, tc, ext, state, p, pend);
                *slot = Some((r, t0.elapsed().as_secs_f64() * 1000.0));
            }
        }
        out.into_iter()
            .map(|o| {
                o.unwrap_or_else(|| {
                    (
                        Err(Failure {
                            kind: "arena-error".into(),
                            message: "no answer slot".into(),
                            io: true,
                            repeat: false,
                        }),
                        0.0,
                    )
                })
            })
            .collect()
    }
}

/// An external seat's question in flight.
struct Pending {
    t0: Instant,
    deadline: Instant,
    sent: Result<(), IoFailure>,
}

fn begin_external<A: Adapter>(
    a: &A,
    tc: TimeControl,
    ext: &mut ExternalSeat,
    state: &A::G,
    p: PlayerId,
    history: &[TurnLog<<A::G as Game>::Move>],
) -> Pending {
    let t0 = Instant::now();
    if ext.dead {
        return Pending { t0, deadline: t0, sent: Err(IoFailure::Closed) };
    }
    let first = ext.answered == 0;
    let limit = match tc {
        TimeControl::PerAnswer { first: f, later } => {
            if first {
                f
            } else {
                later
            }
        }
        TimeControl::Clock { initial, increment } => {
            if first {
                ext.clock = initial;
            }
            ext.clock += increment;
            ext.clock
        }
    };
    let sent = match ext.proc.as_mut() {
        Some(proc) => proc.send(&a.protocol_turn(state, p, history, first)),
        None => Err(IoFailure::Closed),
    };
    Pending { t0, deadline: t0 + limit, sent }
}

fn end_external<A: Adapter>(
    a: &A,
    tc: TimeControl,
    ext: &mut ExternalSeat,
    state: &A::G,
    p: PlayerId,
    pend: Pending,
) -> Answer<A::G> {
    if ext.dead {
        return Err(Failure {
            kind: ext.dead_kind.clone(),
            message: "the bot is no longer running".into(),
            io: true,
            repeat: true,
        });
    }
    let result = pend.sent.and_then(|()| {
        let proc = ext.proc.as_mut().ok_or(IoFailure::Closed)?;
        let n = a.answer_lines(state, p);
        let mut lines = Vec::with_capacity(n);
        for _ in 0..n {
            lines.push(proc.read_line(pend.deadline)?);
        }
        Ok(lines)
    });
    ext.answered += 1;
    if let TimeControl::Clock { .. } = tc {
        ext.clock = ext.clock.saturating_sub(pend.t0.elapsed());
    }
    match result {
        Ok(lines) => a.parse_answer(state, p, &lines).map_err(|e| Failure {
            kind: e.kind,
            message: format!("answer {}: {}", quote(&lines.join("\n")), e.message),
            io: false,
            repeat: false,
        }),
        Err(e) => {
            let mut message = e.to_string();
            if let Some(proc) = ext.proc.as_mut() {
                if e == IoFailure::Closed {
                    message = match proc.peek_exit(Duration::from_millis(50)) {
                        Some(how) => format!("the bot exited ({how})"),
                        None => "the bot closed its output but kept running (killed)".to_string(),
                    };
                }
                proc.kill();
                ext.stderr = proc.stderr_tail();
            }
            ext.dead = true;
            ext.dead_kind = e.kind().to_string();
            Err(Failure { kind: e.kind().to_string(), message, io: true, repeat: false })
        }
    }
}

/// Plays one game between `specs` (one per seat) with `seed`.
///
/// Never panics on bot behaviour: every failure is recorded and handled by
/// the game's [`FailurePolicy`]; every process is killed and reaped before
/// this returns.
///
/// # Errors
/// When a spec cannot make a bot for this game.
pub fn play_game<A: Adapter>(
    a: &A,
    specs: &[(String, BotSpec)],
    seed: u64,
    opts: &PlayOptions,
) -> Result<Played<A::G>, String> {
    let mut state = a.start();
    let n = state.players();
    if specs.len() != n {
        return Err(format!("{} needs {n} bots, got {}", a.name(), specs.len()));
    }
    let mut g = Game1 {
        a,
        tc: a.time_control().scaled(opts.time_factor),
        seats: specs
            .iter()
            .enumerate()
            .map(|(i, (_, s))| make_seat(a, s, derive_seed(seed, 1 + i as u64)))
            .collect::<Result<_, _>>()?,
        history: Vec::new(),
    };
    let mut rng = seeded(seed);
    let mut record: Record<A::G> = Record::new(&state, Some(seed));
    let mut turns: Vec<TurnEntry> = Vec::new();
    let mut errors = ErrorLog::new(n);
    let mut failures = vec![0u32; n];
    // Start every external program and send its start lines.
    for (i, seat) in g.seats.iter_mut().enumerate() {
        if let SeatBot::External(ext) = seat {
            match Process::spawn(&ext.command) {
                Ok(mut proc) => {
                    let start = a.protocol_start(&state, PlayerId(i as u8));
                    if !start.is_empty() {
                        let _ = proc.send(&start);
                    }
                    ext.proc = Some(proc);
                }
                Err(e) => {
                    ext.dead = true;
                    ext.dead_kind = e.kind().to_string();
                    failures[i] += 1;
                    errors.push(ErrorEntry { seat: i as u8, turn: 0, kind: e.kind().into(), message: e.to_string() });
                }
            }
        }
    }
    let limit = state.max_plies().map_or(u64::MAX, |m| m.saturating_mul(2).saturating_add(1000));
    let mut forced: Option<(Outcome, String)> = None;
    let mut steps = 0u64;
    // A seat that failed before its first turn (it could not start) loses
    // there under the loss policy: handled when it is asked.
    'game: loop {
        steps += 1;
        if steps > limit {
            forced = Some((Outcome::draw(n), "arena-limit".into()));
            break;
        }
        let act = state.to_act();
        let players: Vec<PlayerId> = match act {
            ToAct::Over => break,
            ToAct::Chance => {
                match state.resolve_chance(&mut rng) {
                    Some(c) => record.events.push(Event::Chance(c)),
                    None => {
                        forced = Some((Outcome::draw(n), "arena-error".into()));
                        break;
                    }
                }
                continue;
            }
            ToAct::Player(p) => vec![p],
            ToAct::Simultaneous(set) => set.iter().collect(),
        };
        // Every acting player decides on the same position (simultaneous
        // players never see each other's orders).
        let snapshot = state.clone();
        let answers = g.ask_all(&snapshot, &players);
        for (&p, (answer, ms)) in players.iter().zip(answers) {
            let turn_no = turns.len() + 1;
            let before = state.clone();
            let mut error: Option<Failure> = None;
            let mut notes = Vec::new();
            let mut played: Option<Vec<<A::G as Game>::Move>> = None;
            match answer {
                Ok(parsed) => {
                    notes = parsed.notes;
                    match apply_on(a, &snapshot, &mut state, p, &parsed.moves) {
                        Ok(()) => played = Some(parsed.moves),
                        Err(AnswerError { kind, message }) => {
                            state = before.clone();
                            let text = a.format_turn(&before, p, &parsed.moves);
                            error = Some(Failure {
                                kind,
                                message: format!("turn {}: {message}", quote(&text)),
                                io: false,
                                repeat: false,
                            });
                        }
                    }
                }
                Err(f) => error = Some(f),
            }
            for (kind, message) in &notes {
                errors.push(ErrorEntry { seat: p.0, turn: turn_no, kind: kind.clone(), message: message.clone() });
            }
            if let Some(f) = &error {
                if !f.repeat {
                    failures[p.index()] += 1;
                    errors.push(ErrorEntry {
                        seat: p.0,
                        turn: turn_no,
                        kind: f.kind.clone(),
                        message: f.message.clone(),
                    });
                }
                match a.failure_policy() {
                    FailurePolicy::Loss => {
                        let reason = if f.io { f.kind.clone() } else { "illegal-move".to_string() };
                        turns.push(TurnEntry {
                            player: p.0,
                            text: None,
                            ms: round_ms(ms),
                            event_end: record.events.len(),
                            error: Some(f.kind.clone()),
                            substituted: false,
                        });
                        forced = Some((Outcome::loss_for(n, p), reason));
                        break 'game;
                    }
                    FailurePolicy::Substitute => {
                        let sub = a.fallback_turn(&snapshot, p, &mut rng);
                        match apply_on(a, &snapshot, &mut state, p, &sub) {
                            Ok(()) => played = Some(sub),
                            Err(e) => {
                                state = before.clone();
                                errors.push(ErrorEntry {
                                    seat: p.0,
                                    turn: turn_no,
                                    kind: "arena-error".into(),
                                    message: format!("substitute turn refused: {}", e.message),
                                });
                                forced = Some((Outcome::draw(n), "arena-error".into()));
                                break 'game;
                            }
                        }
                    }
                }
            }
            let moves = played.unwrap_or_default();
            let text = a.format_turn(&before, p, &moves);
            record.events.extend(moves.iter().map(|&mv| Event::Move { player: p, mv }));
            turns.push(TurnEntry {
                player: p.0,
                text: Some(text.clone()),
                ms: round_ms(ms),
                event_end: record.events.len(),
                error: error.as_ref().map(|f| f.kind.clone()),
                substituted: error.is_some(),
            });
            g.history.push(TurnLog { player: p, moves, text });
        }
        // Seats the game is over for (a removed Quoridor player) are told so
        // and stopped now.
        for (i, seat) in g.seats.iter_mut().enumerate() {
            if let SeatBot::External(ext) = seat {
                if !ext.dead && ext.proc.is_some() && a.seat_done(&state, PlayerId(i as u8)) {
                    end_seat(a, &state, PlayerId(i as u8), ext);
                }
            }
        }
    }
    let (outcome, reason) = match forced {
        Some(f) => f,
        None => match state.outcome() {
            Some(o) => (o, state.end_reason().unwrap_or("over").to_string()),
            None => (Outcome::draw(n), "arena-error".into()),
        },
    };
    // End every external program and keep its stderr tail.
    let mut stderr = Vec::with_capacity(n);
    for (i, seat) in g.seats.iter_mut().enumerate() {
        match seat {
            SeatBot::External(ext) => {
                end_seat(a, &state, PlayerId(i as u8), ext);
                ext.proc = None;
                stderr.push(Some(ext.stderr.clone()));
            }
            SeatBot::Builtin(_) => stderr.push(None),
        }
    }
    record.outcome = Some(outcome);
    let mut replay = vec!["arena".to_string(), "play".into(), a.name().into()];
    replay.extend(opts.replay_args.iter().cloned());
    for (s, _) in specs {
        replay.push("--bot".into());
        replay.push(shell_quote(s));
    }
    replay.push("--game-seed".into());
    replay.push(seed.to_string());
    Ok(Played {
        record,
        config: a.config(),
        bots: specs.iter().map(|(s, _)| s.clone()).collect(),
        turns,
        outcome,
        reason,
        errors: errors.finish(),
        failures,
        stderr,
        final_position: a.display(&state),
        replay: replay.join(" "),
    })
}

/// The most problems recorded per seat in one game; the rest are counted in
/// a last `more-errors` entry (a team answering garbage on each of 20,000
/// turns would otherwise fill records and memory with the same line).
pub const MAX_SEAT_ERRORS: usize = 200;

/// A game's problems, at most [`MAX_SEAT_ERRORS`] per seat.
struct ErrorLog {
    entries: Vec<ErrorEntry>,
    kept: Vec<usize>,
    /// Per seat: problems not kept, and the turn of the last one.
    dropped: Vec<(usize, usize)>,
}

impl ErrorLog {
    fn new(seats: usize) -> ErrorLog {
        ErrorLog { entries: Vec::new(), kept: vec![0; seats], dropped: vec![(0, 0); seats] }
    }

    fn push(&mut self, e: ErrorEntry) {
        let seat = usize::from(e.seat);
        match self.kept.get_mut(seat) {
            Some(k) if *k >= MAX_SEAT_ERRORS => {
                if let Some(d) = self.dropped.get_mut(seat) {
                    *d = (d.0 + 1, e.turn);
                }
            }
            Some(k) => {
                *k += 1;
                self.entries.push(e);
            }
            None => self.entries.push(e),
        }
    }

    fn finish(mut self) -> Vec<ErrorEntry> {
        for (seat, &(count, turn)) in self.dropped.iter().enumerate() {
            if count > 0 {
                self.entries.push(ErrorEntry {
                    seat: seat as u8,
                    turn,
                    kind: "more-errors".into(),
                    message: format!("{count} more problems of this seat, not recorded"),
                });
            }
        }
        self.entries
    }
}

/// Sends a live external seat its end-of-game lines, stops it (kill and
/// reap after a short grace) and keeps its stderr tail.
fn end_seat<A: Adapter>(a: &A, state: &A::G, p: PlayerId, ext: &mut ExternalSeat) {
    if let Some(proc) = ext.proc.as_mut() {
        if !ext.dead {
            let end = a.protocol_end(state, p);
            proc.finish((!end.is_empty()).then_some(end.as_str()), Duration::from_millis(100));
            ext.stderr = proc.stderr_tail();
        }
    }
    if !ext.dead {
        ext.dead = true;
        ext.dead_kind = "ended".into();
    }
}

/// Checks `p`'s turn on the position all acting players decided on
/// (`snapshot`: at a simultaneous node the others' moves are not in it, so
/// "the turn is complete" means `p` no longer owes moves there), then plays
/// it on `state`. On error `state` may be partly changed.
fn apply_on<A: Adapter>(
    a: &A,
    snapshot: &A::G,
    state: &mut A::G,
    p: PlayerId,
    moves: &[<A::G as Game>::Move],
) -> Result<(), AnswerError> {
    let mut trial = snapshot.clone();
    a.apply_turn(&mut trial, p, moves)?;
    if state == snapshot {
        // The first (or only) acting player: the trial is the result.
        *state = trial;
        return Ok(());
    }
    for &m in moves {
        state.play(p, m).map_err(|e| AnswerError::from_game(&e))?;
    }
    Ok(())
}

/// The most bytes of a bot's answer quoted in an error message: a bot
/// printing long lines on every turn must not make records (and the
/// arena's memory) grow by a line per turn.
const QUOTE_MAX: usize = 120;

/// `text` quoted for an error message: at most [`QUOTE_MAX`] bytes of it
/// (cut on a character boundary), followed by its length when cut.
fn quote(text: &str) -> String {
    if text.len() <= QUOTE_MAX {
        return format!("{text:?}");
    }
    let mut end = QUOTE_MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{:?}... ({} bytes)", &text[..end], text.len())
}

fn round_ms(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,:=/+@%".contains(c)) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// The game of a series with this index: its seed and the entrant in each
/// seat. Seats rotate over the same seed: games `k*n .. k*n+n-1` share seed
/// `derive_seed(series, k)` and entrant `e` sits in seat `(e + r) % n` in
/// rotation `r`.
pub fn schedule(series_seed: u64, index: u64, seats: usize) -> (u64, Vec<usize>) {
    let n = seats.max(1) as u64;
    let seed = derive_seed(series_seed, index / n);
    let r = (index % n) as usize;
    let entrants = (0..seats).map(|seat| (seat + seats - r) % seats).collect();
    (seed, entrants)
}

/// Plays `games` games in `jobs` threads (series seed `seed`, rotated seats;
/// or, with `fixed_seed`, every game with that seed and no rotation).
/// Calls `done` after each game (progress). Results come back in index
/// order; records are written when `opts.record_dir` is set.
///
/// # Errors
/// A bad spec or an unwritable record directory.
#[allow(clippy::too_many_arguments)]
pub fn play_series<A: Adapter>(
    a: &A,
    specs: &[String],
    games: u64,
    jobs: usize,
    seed: u64,
    fixed_seed: Option<u64>,
    opts: &PlayOptions,
    done: &(dyn Fn(&GameSummary) + Sync),
) -> Result<Vec<GameSummary>, String> {
    let parsed = check_specs(a, specs)?;
    let seats = a.start().players();
    if parsed.len() != seats {
        return Err(format!("{} with this configuration has {seats} seats: give --bot {seats} times", a.name()));
    }
    if let Some(dir) = &opts.record_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let next = std::sync::atomic::AtomicU64::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    let first_error = std::sync::Mutex::new(None::<String>);
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, 64) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= games || first_error.lock().map(|e| e.is_some()).unwrap_or(true) {
                        return;
                    }
                    let (gseed, entrants) = match fixed_seed {
                        Some(s) => (s, (0..seats).collect()),
                        None => schedule(seed, i, seats),
                    };
                    let seat_specs: Vec<(String, BotSpec)> =
                        entrants.iter().map(|&e| (specs[e].clone(), parsed[e].clone())).collect();
                    match play_game(a, &seat_specs, gseed, opts) {
                        Ok(played) => {
                            if let Some(dir) = &opts.record_dir {
                                let path = dir.join(format!("{}-{i:05}.json", a.name()));
                                let text = played.to_json(i, seed);
                                if let Err(e) = std::fs::write(&path, text + "\n") {
                                    if let Ok(mut fe) = first_error.lock() {
                                        fe.get_or_insert(format!("cannot write {}: {e}", path.display()));
                                    }
                                }
                            }
                            let s = GameSummary {
                                index: i,
                                seed: gseed,
                                entrants,
                                outcome: played.outcome,
                                reason: played.reason,
                                failures: played.failures,
                                error_count: played.errors.len(),
                                errors: {
                                    let mut e = played.errors;
                                    e.truncate(SUMMARY_ERRORS);
                                    e.shrink_to_fit();
                                    e
                                },
                                final_position: played.final_position,
                                replay: played.replay,
                            };
                            done(&s);
                            if let Ok(mut r) = results.lock() {
                                r.push(s);
                            }
                        }
                        Err(e) => {
                            if let Ok(mut fe) = first_error.lock() {
                                fe.get_or_insert(e);
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = first_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut r = results.into_inner().unwrap_or_default();
    r.sort_by_key(|s| s.index);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_rotates_seats_on_the_same_seed() {
        let (s0, e0) = schedule(7, 0, 2);
        let (s1, e1) = schedule(7, 1, 2);
        let (s2, _) = schedule(7, 2, 2);
        assert_eq!(s0, s1);
        assert_ne!(s0, s2);
        assert_eq!(e0, [0, 1]);
        assert_eq!(e1, [1, 0]);
        let all: Vec<Vec<usize>> = (0..4).map(|i| schedule(1, i, 4).1).collect();
        for seat in 0..4 {
            let mut col: Vec<usize> = all.iter().map(|e| e[seat]).collect();
            col.sort_unstable();
            assert_eq!(col, [0, 1, 2, 3], "every entrant sits in every seat once");
        }
    }

    #[test]
    fn summaries_keep_the_first_errors_and_records_all_of_them() {
        use crate::games::parallel_football::FootballAdapter;
        // One footballer that answers `dance` (unreadable, `stay`) every turn.
        let garbage = "sh -c 'read s; echo 0 0; while read h; do i=0; while [ $i -lt 4 ]; do read l; \
                       i=$((i+1)); done; read n; i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done; \
                       echo dance; done'";
        let a = FootballAdapter::new(32, 1, 3, 60).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let opts = PlayOptions { time_factor: 5.0, record_dir: Some(dir.path().into()), replay_args: Vec::new() };
        let specs = [format!("cmd:{garbage}"), "random".into(), "random".into(), "random".into()];
        let r = play_series(&a, &specs, 1, 1, 1, None, &opts, &|_| {}).unwrap();
        assert_eq!(r[0].errors.len(), SUMMARY_ERRORS);
        assert!(r[0].error_count > SUMMARY_ERRORS, "{}", r[0].error_count);
        let rec: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("parallel-football-00000.json")).unwrap())
                .unwrap();
        assert_eq!(rec["errors"].as_array().unwrap().len(), r[0].error_count);
    }

    #[test]
    fn a_seat_records_at_most_max_seat_errors_and_counts_the_rest() {
        let mut log = ErrorLog::new(2);
        let entry = |seat: u8, turn: usize| ErrorEntry { seat, turn, kind: "unreadable".into(), message: "x".into() };
        for t in 0..MAX_SEAT_ERRORS + 5 {
            log.push(entry(0, t + 1));
        }
        log.push(entry(1, 7));
        let e = log.finish();
        assert_eq!(e.iter().filter(|e| e.seat == 0 && e.kind == "unreadable").count(), MAX_SEAT_ERRORS);
        assert_eq!(e.iter().filter(|e| e.seat == 1).count(), 1);
        let last = e.last().unwrap();
        assert_eq!((last.seat, last.turn, last.kind.as_str()), (0, MAX_SEAT_ERRORS + 5, "more-errors"));
        assert!(last.message.starts_with("5 more"), "{}", last.message);
    }

    #[test]
    fn quoted_answers_are_cut_on_a_character_boundary() {
        assert_eq!(quote("4 x"), "\"4 x\"");
        let long = "é".repeat(100);
        let q = quote(&long);
        assert!(q.starts_with(&format!("\"{}\"...", "é".repeat(60))), "{q}");
        assert!(q.ends_with("(200 bytes)"), "{q}");
        assert!(quote(&"x".repeat(60_000)).len() < QUOTE_MAX + 30);
    }

    #[test]
    fn bot_specs_parse() {
        assert_eq!(BotSpec::parse("random"), Ok(BotSpec::Random));
        assert!(matches!(BotSpec::parse("mcts:iters=5"), Ok(BotSpec::Mcts(c)) if c.budget == Budget::Iterations(5)));
        assert!(
            matches!(BotSpec::parse("mcts:ms=20"), Ok(BotSpec::Mcts(c)) if c.budget == Budget::Time(Duration::from_millis(20)))
        );
        assert_eq!(BotSpec::parse("cmd:./bot -x"), Ok(BotSpec::External("./bot -x".into())));
        assert!(BotSpec::parse("mcts:foo=1").is_err());
        assert!(BotSpec::parse("cmd:").is_err());
        assert!(BotSpec::parse("a b").is_err());
        assert_eq!(BotSpec::parse("greedy"), Ok(BotSpec::Builtin("greedy".into())));
    }
}
