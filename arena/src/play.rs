//! Playing games: seats (built-in bots or external programs), the game loop
//! with each game's failure policy, series with seat rotation, records.

use crate::bot::{Bot, Budget, Mcts, MctsConfig, RandomBot};
use crate::external::{IoFailure, Process};
use crate::games::{Adapter, TurnLog};
use crate::referee::{Cutoff, KEPT_SKIPPED_LINES, RawAnswer, RawLine, Referee, Said, substitute_rng};
use game_core::rng::{derive_seed, seeded};
use game_core::{Clock, Event, Game, Outcome, PlayerId, Record, ToAct};
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

enum SeatBot<G: Game> {
    Builtin(Box<dyn Bot<G>>),
    External(Box<ExternalSeat>),
}

struct ExternalSeat {
    command: String,
    proc: Option<Process>,
    /// Why the bot no longer answers (it is stopped), if it does not.
    dead: Option<Cutoff>,
    clock: Clock,
    stderr: String,
}

/// One seat's turn in a record.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TurnEntry {
    /// The seat.
    pub player: u8,
    /// What an external bot said, exactly (raw lines, and the cutoff when
    /// the answer never came whole); `None` for a built-in bot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<RawAnswer>,
    /// The turn played, in protocol notation (`None` when a failed answer ended the game).
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
        BotSpec::External(cmd) => SeatBot::External(Box::new(ExternalSeat {
            command: cmd.clone(),
            proc: None,
            dead: None,
            clock: Clock::new(a.time_control()),
            stderr: String::new(),
        })),
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

/// What a seat said, and whether it is a failure already counted (a bot
/// that stopped earlier fails again on every later turn).
struct SeatAnswer<M> {
    said: Said<M>,
    repeat: bool,
    ms: f64,
    /// What the arena saw of a cutoff (how the bot ended), for the record.
    detail: Option<String>,
}

struct Game1<'a, A: Adapter> {
    a: &'a A,
    seats: Vec<SeatBot<A::G>>,
    history: Vec<TurnLog<<A::G as Game>::Move>>,
}

impl<A: Adapter> Game1<'_, A> {
    /// Asks every player of `players` for its turn on `state` (the same
    /// position for all). External programs all receive their input first
    /// and think at the same time, each against its own deadline; built-in
    /// bots decide meanwhile.
    fn ask_all(&mut self, state: &A::G, players: &[PlayerId]) -> Vec<SeatAnswer<<A::G as Game>::Move>> {
        let a = self.a;
        let mut pending: Vec<Option<Pending>> = Vec::with_capacity(players.len());
        for &p in players {
            pending.push(match &mut self.seats[p.index()] {
                SeatBot::External(ext) => Some(begin_external(a, ext, state, p, &self.history)),
                SeatBot::Builtin(_) => None,
            });
        }
        let mut out: Vec<Option<SeatAnswer<_>>> = Vec::with_capacity(players.len());
        for &p in players {
            out.push(match &mut self.seats[p.index()] {
                SeatBot::Builtin(bot) => {
                    let t0 = Instant::now();
                    let moves = bot.turn(state, p);
                    Some(SeatAnswer { said: Said::Moves(moves), repeat: false, ms: ms_since(t0), detail: None })
                }
                SeatBot::External(_) => None,
            });
        }
        for ((&p, pend), slot) in players.iter().zip(pending).zip(out.iter_mut()) {
            if let (Some(pend), SeatBot::External(ext)) = (pend, &mut self.seats[p.index()]) {
                *slot = Some(end_external(a, ext, state, p, pend));
            }
        }
        out.into_iter()
            .map(|o| {
                o.unwrap_or(SeatAnswer {
                    said: Said::Answer(RawAnswer { cutoff: Some(Cutoff::Crash), ..RawAnswer::default() }),
                    repeat: true,
                    ms: 0.0,
                    detail: None,
                })
            })
            .collect()
    }
}

fn ms_since(t0: Instant) -> f64 {
    t0.elapsed().as_secs_f64() * 1000.0
}

/// An external seat's question in flight.
struct Pending {
    t0: Instant,
    deadline: Instant,
    sent: Result<(), IoFailure>,
}

fn begin_external<A: Adapter>(
    a: &A,
    ext: &mut ExternalSeat,
    state: &A::G,
    p: PlayerId,
    history: &[TurnLog<<A::G as Game>::Move>],
) -> Pending {
    let t0 = Instant::now();
    if ext.dead.is_some() {
        return Pending { t0, deadline: t0, sent: Err(IoFailure::Closed) };
    }
    let first = ext.clock.answers() == 0;
    let limit = ext.clock.start_answer();
    let sent = match ext.proc.as_mut() {
        Some(proc) => proc.send(&a.protocol_turn(state, p, history, first)),
        None => Err(IoFailure::Closed),
    };
    Pending { t0, deadline: t0 + limit, sent }
}

fn cutoff_of(e: &IoFailure) -> Cutoff {
    match e {
        IoFailure::Timeout => Cutoff::Timeout,
        IoFailure::Closed | IoFailure::Spawn(_) => Cutoff::Crash,
        IoFailure::LineTooLong => Cutoff::LineTooLong,
        IoFailure::NotReading => Cutoff::NotReading,
    }
}

/// Reads the answer lines of an external seat until its deadline: the
/// game's number of answer lines, plus the lines its referee drops, all
/// kept (the dropped ones up to [`KEPT_SKIPPED_LINES`], then counted).
fn end_external<A: Adapter>(
    a: &A,
    ext: &mut ExternalSeat,
    state: &A::G,
    p: PlayerId,
    pend: Pending,
) -> SeatAnswer<<A::G as Game>::Move> {
    if let Some(c) = ext.dead {
        let raw = RawAnswer { cutoff: Some(c), ..RawAnswer::default() };
        return SeatAnswer { said: Said::Answer(raw), repeat: true, ms: 0.0, detail: None };
    }
    let mut raw = RawAnswer::default();
    let mut failure = pend.sent.err();
    if failure.is_none() {
        if let Some(proc) = ext.proc.as_mut() {
            let need = a.answer_lines(state, p);
            let (mut got, mut skipped) = (0, 0usize);
            while got < need {
                match proc.read_line(pend.deadline) {
                    Ok(line) if a.skips_line(&line) => {
                        skipped += 1;
                        if skipped <= KEPT_SKIPPED_LINES {
                            raw.lines.push(RawLine(line));
                        } else {
                            raw.more_skipped += 1;
                        }
                    }
                    Ok(line) => {
                        got += 1;
                        raw.lines.push(RawLine(line));
                    }
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            }
        } else {
            failure = Some(IoFailure::Closed);
        }
    }
    let ms = ms_since(pend.t0);
    ext.clock.end_answer(pend.t0.elapsed());
    let mut detail = None;
    if let Some(e) = failure {
        detail = Some(e.to_string());
        let cutoff = cutoff_of(&e);
        raw.cutoff = Some(cutoff);
        let keep = cutoff == Cutoff::Timeout && a.timeout_keeps_bot();
        if let (Some(proc), false) = (ext.proc.as_mut(), keep) {
            if e == IoFailure::Closed {
                // Say how it ended, in the stderr tail kept with the record.
                detail = Some(match proc.peek_exit(Duration::from_millis(50)) {
                    Some(how) => format!("the bot exited ({how})"),
                    None => "the bot closed its output but kept running (killed)".to_string(),
                });
                proc.kill();
                ext.stderr = proc.stderr_tail();
            } else {
                proc.kill();
                ext.stderr = proc.stderr_tail();
            }
        }
        if !keep {
            ext.dead = Some(cutoff);
        }
    }
    SeatAnswer { said: Said::Answer(raw), repeat: false, ms, detail }
}

/// Plays one game between `specs` (one per seat) with `seed`.
///
/// Every turn is decided by the judging core ([`Referee::turn`]), the same
/// that `arena judge` runs on the record. Never panics on bot behaviour:
/// every failure is recorded and costs what the game's [`FailurePolicy`](crate::games::FailurePolicy)
/// says; every process is killed and reaped before this returns.
///
/// # Errors
/// When a spec cannot make a bot for this game.
pub fn play_game<A: Adapter>(
    a: &A,
    specs: &[(String, BotSpec)],
    seed: u64,
    opts: &PlayOptions,
) -> Result<Played<A::G>, String> {
    let start = a.start();
    let n = start.players();
    if specs.len() != n {
        return Err(format!("{} needs {n} bots, got {}", a.name(), specs.len()));
    }
    let tc = a.time_control().scaled(opts.time_factor);
    let mut g = Game1 {
        a,
        seats: specs
            .iter()
            .enumerate()
            .map(|(i, (_, s))| make_seat(a, s, derive_seed(seed, 1 + i as u64)))
            .collect::<Result<_, _>>()?,
        history: Vec::new(),
    };
    let mut chance_rng = seeded(seed);
    let mut referee = Referee::new(a, start.clone(), Some(substitute_rng(seed)));
    let mut record: Record<A::G> = Record::new(&start, Some(seed));
    let mut turns: Vec<TurnEntry> = Vec::new();
    let mut errors = ErrorLog::new(n);
    let mut failures = vec![0u32; n];
    // Start every external program and send its start lines.
    for (i, seat) in g.seats.iter_mut().enumerate() {
        if let SeatBot::External(ext) = seat {
            ext.clock = Clock::new(tc);
            match Process::spawn(&ext.command) {
                Ok(mut proc) => {
                    let start_lines = a.protocol_start(&start, PlayerId(i as u8));
                    if !start_lines.is_empty() {
                        let _ = proc.send(&start_lines);
                    }
                    ext.proc = Some(proc);
                }
                Err(e) => {
                    ext.dead = Some(Cutoff::Crash);
                    failures[i] += 1;
                    errors.push(ErrorEntry { seat: i as u8, turn: 0, kind: e.kind().into(), message: e.to_string() });
                }
            }
        }
    }
    let limit = start.max_plies().map_or(u64::MAX, |m| m.saturating_mul(2).saturating_add(1000));
    let mut forced: Option<(Outcome, String)> = None;
    let mut steps = 0u64;
    while !referee.is_over() {
        steps += 1;
        if steps > limit {
            forced = Some((Outcome::draw(n), "arena-limit".into()));
            break;
        }
        let players: Vec<PlayerId> = match referee.state().to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let applied = referee.state().sample_chance(&mut chance_rng).map(|c| {
                    let r = referee.chance(&c);
                    record.events.push(Event::Chance(c));
                    r
                });
                if !matches!(applied, Some(Ok(()))) {
                    forced = Some((Outcome::draw(n), "arena-error".into()));
                    break;
                }
                continue;
            }
            ToAct::Player(p) => vec![p],
            ToAct::Simultaneous(set) => set.iter().collect(),
        };
        // Every acting player decides on the same position (simultaneous
        // players never see each other's orders).
        let snapshot = referee.state().clone();
        let answers = g.ask_all(&snapshot, &players);
        for (&p, answer) in players.iter().zip(answers) {
            let turn_no = turns.len() + 1;
            let raw = match &answer.said {
                Said::Answer(raw) => Some(raw.clone()),
                _ => None,
            };
            let v = referee.turn(p, answer.said);
            for (kind, message) in &v.notes {
                errors.push(ErrorEntry { seat: p.0, turn: turn_no, kind: kind.clone(), message: message.clone() });
            }
            if let Some(e) = &v.error {
                if !answer.repeat {
                    failures[p.index()] += 1;
                    let message = match (&raw, &answer.detail) {
                        (_, Some(detail)) => detail.clone(),
                        (Some(raw), None) => format!("answer {}: {}", quote(&raw.text()), e.message),
                        (None, None) => e.message.clone(),
                    };
                    errors.push(ErrorEntry { seat: p.0, turn: turn_no, kind: e.kind.clone(), message });
                }
            }
            let failed_out = v.error.is_some() && !v.substituted;
            record.events.extend(v.played.iter().map(|&mv| Event::Move { player: p, mv }));
            turns.push(TurnEntry {
                player: p.0,
                answer: raw,
                text: (!failed_out).then(|| v.played_text.clone()),
                ms: round_ms(answer.ms),
                event_end: record.events.len(),
                error: v.error.as_ref().map(|e| e.kind.clone()),
                substituted: v.substituted,
            });
            if referee.stop().is_some() {
                break;
            }
            g.history.push(TurnLog { player: p, moves: v.played, text: v.played_text });
        }
        // Seats the game is over for (a removed Quoridor player) are told so
        // and stopped now.
        for (i, seat) in g.seats.iter_mut().enumerate() {
            if let SeatBot::External(ext) = seat {
                if ext.dead.is_none() && ext.proc.is_some() && a.seat_done(referee.state(), PlayerId(i as u8)) {
                    end_seat(a, referee.state(), PlayerId(i as u8), ext);
                }
            }
        }
    }
    let (outcome, reason) = match forced.or_else(|| referee.result()) {
        Some(f) => f,
        None => (Outcome::draw(n), "arena-error".into()),
    };
    let state = referee.state().clone();
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
        if ext.dead.is_none() {
            let end = a.protocol_end(state, p);
            proc.finish((!end.is_empty()).then_some(end.as_str()), Duration::from_millis(100));
            ext.stderr = proc.stderr_tail();
        }
    }
    // A seat the game is over for is never asked again.
    ext.dead.get_or_insert(Cutoff::Crash);
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
