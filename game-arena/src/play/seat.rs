//! Seats: built-in bots and external programs. Asking every acting seat for
//! its turn on the same position, reading an external program's raw answer
//! lines against its deadline (dropping what the game's referee drops,
//! [`crate::games::Contest::skips_line`]), and stopping programs.

use super::spec::BotSpec;
use crate::bot::{AlphaBetaConfig, Bot, RandomBot, TimeManager, Timed};
use crate::error::SpecError;
use crate::games::{Adapter, TimeControl, TurnLog};
use crate::referee::{Cutoff, KEPT_SKIPPED_LINES, RawAnswer, RawLine, Said};
use bot_process::{BotIoError, Process, check_program, split_command};
use game_core::rng::derive_seed;
use game_core::{Clock, Game, PlayerId};
use std::time::{Duration, Instant};

enum SeatBot<G: Game> {
    Builtin(BuiltinSeat<G>),
    External(Box<ExternalSeat>),
}

/// A built-in bot and its clock: it is told the time left before each
/// turn and held to it like a program.
struct BuiltinSeat<G: Game> {
    bot: Box<dyn Bot<G>>,
    clock: Clock,
}

struct ExternalSeat {
    command: String,
    proc: Option<Process>,
    /// Why the bot no longer answers (it is stopped), if it does not.
    dead: Option<Cutoff>,
    clock: Clock,
    stderr: String,
}

/// The seat of `spec` (written `text`) on the clock `tc` (the game's,
/// scaled). A search without a budget of its own takes each turn's from
/// the clock; one with `ms=N` gets `N` ms for each whole answer (whether
/// that fits the clock is [`check_specs`]'s to say).
fn make_seat<A: Adapter>(
    a: &A,
    text: &str,
    spec: &BotSpec,
    seed: u64,
    tc: TimeControl,
) -> Result<SeatBot<A::Game>, SpecError> {
    let seat = |bot: Box<dyn Bot<A::Game>>, timed: bool| {
        let bot: Box<dyn Bot<A::Game>> = match spec.fixed_time() {
            Some(time) => Box::new(Timed::fixed(bot, time)),
            None if timed => Box::new(Timed::new(bot, tc)),
            None => bot,
        };
        SeatBot::Builtin(BuiltinSeat { bot, clock: Clock::new(tc) })
    };
    let lacks = |name: &str| SpecError::NoSuchBuiltin { game: a.name(), name: name.into(), known: bot_names(a) };
    Ok(match spec {
        BotSpec::Random => seat(Box::new(RandomBot::new(seed)), false),
        BotSpec::Mcts { cfg, timed } => seat(a.mcts_bot(*cfg, seed), *timed),
        BotSpec::AlphaBeta { cfg, timed } => seat(a.alphabeta_bot(*cfg).ok_or_else(|| lacks("alphabeta"))?, *timed),
        BotSpec::Search { rollout, .. } => seat(a.search_bot(*rollout, seed).ok_or_else(|| lacks("search"))?, true),
        BotSpec::Best => return make_seat(a, a.best_bot(), &BotSpec::parse(a.best_bot())?, seed, tc),
        BotSpec::Builtin(written) => {
            let (name, options) = written.split_once(':').unwrap_or((written, ""));
            let bot = a.builtin_bot(name, seed).ok_or_else(|| lacks(name))?;
            if !options.is_empty() {
                return Err(SpecError::NoOptions { spec: text.into(), name: name.into() });
            }
            seat(bot, false)
        }
        BotSpec::External(cmd) => SeatBot::External(Box::new(ExternalSeat {
            command: cmd.clone(),
            proc: None,
            dead: None,
            clock: Clock::new(tc),
            stderr: String::new(),
        })),
    })
}

/// Checks the time budget `spec` (written `text`) sets itself for each
/// answer (`ms=N`), if it sets one, against the clock `tc`: at most what
/// the least time an answer may have leaves after the arena's safety
/// margin ([`TimeManager::most_fixed`]).
///
/// # Errors
/// [`SpecError::BudgetTooLarge`] for a budget above that.
fn fits_clock<A: Adapter>(a: &A, text: &str, spec: &BotSpec, tc: TimeControl) -> Result<(), SpecError> {
    let Some(time) = spec.fixed_time() else { return Ok(()) };
    let manager = TimeManager::new(tc);
    let most = manager.most_fixed();
    // `ms=N` is whole milliseconds: the largest that fits.
    let most = Duration::from_millis(u64::try_from(most.as_millis()).unwrap_or(u64::MAX));
    if time <= most {
        return Ok(());
    }
    let allows = tc.later_limit();
    Err(SpecError::BudgetTooLarge {
        spec: text.into(),
        game: a.name(),
        allows,
        bank: matches!(tc, TimeControl::Clock { .. }),
        margin: manager.margin(allows),
        most,
    })
}

/// Every bot a spec may name in game `a`, as specs are written:
/// `random, mcts, alphabeta, best, cmd:PROGRAM ARGS` and the game's own.
fn bot_names<A: Adapter>(a: &A) -> String {
    let mut names = vec!["random", "mcts"];
    if a.alphabeta_bot(AlphaBetaConfig::default()).is_some() {
        names.push("alphabeta");
    }
    if a.search_bot(None, 0).is_some() {
        names.push("search");
    }
    names.push("best");
    names.extend(a.builtin_names());
    names.push("cmd:PROGRAM ARGS");
    names.join(", ")
}

/// A built-in bot (not an external program) for this game from its spec,
/// on the game's own clock (a search without a budget of its own takes
/// each turn's from the time left it is told, [`Bot::set_time_left`]).
/// An `ms=N` budget is not checked against the clock: the referee that
/// asks this bot may scale its clock (`arena bot`).
///
/// # Errors
/// A bad spec, an external program ([`SpecError::NotBuiltin`]), or a name
/// the game does not know.
pub fn builtin_bot<A: Adapter>(a: &A, spec: &str, seed: u64) -> Result<Box<dyn Bot<A::Game>>, SpecError> {
    match make_seat(a, spec, &BotSpec::parse(spec)?, seed, a.time_control())? {
        SeatBot::Builtin(b) => Ok(b.bot),
        SeatBot::External(ext) => Err(SpecError::NotBuiltin { command: ext.command }),
    }
}

/// Checks that every spec makes a bot for this game on its clock scaled by
/// `time_factor` (`--time-factor`): built-in names exist, a time budget
/// fits the clock, and every external program can be started (resolved
/// and checked once per distinct program by [`check_program`], before any
/// game: a program that cannot start is a set-up error, not a crash in a
/// game).
///
/// # Errors
/// The first spec that does not ([`SpecError::CannotStart`] for a program,
/// [`SpecError::BudgetTooLarge`] for a budget).
pub fn check_specs<A: Adapter>(a: &A, specs: &[String], time_factor: f64) -> Result<Vec<BotSpec>, SpecError> {
    let parsed: Vec<BotSpec> = specs.iter().map(|s| BotSpec::parse(s)).collect::<Result<_, _>>()?;
    let tc = a.time_control().scaled(time_factor);
    let mut checked = std::collections::HashSet::new();
    for (text, s) in specs.iter().zip(&parsed) {
        make_seat(a, text, s, 0, tc)?;
        fits_clock(a, text, s, tc)?;
        let BotSpec::External(command) = s else { continue };
        let Some(program) = split_command(command).and_then(|w| w.into_iter().next()) else { continue };
        if checked.insert(program.clone()) {
            if let Err(reason) = check_program(&program) {
                return Err(SpecError::CannotStart { spec: text.clone(), program, reason });
            }
        }
    }
    Ok(parsed)
}

/// What a seat said, and whether it is a failure already counted (a bot
/// that stopped earlier fails again on every later turn).
pub(super) struct SeatAnswer<M> {
    pub(super) said: Said<M>,
    pub(super) repeat: bool,
    pub(super) ms: f64,
    /// What the arena saw of a cutoff (how the bot ended), for the record.
    pub(super) detail: Option<String>,
}

/// The seats of one game, and the turns played so far (for protocols that
/// echo earlier turns).
pub(super) struct Seats<'a, A: Adapter> {
    a: &'a A,
    seats: Vec<SeatBot<A::Game>>,
    history: Vec<TurnLog<<A::Game as Game>::Move>>,
}

impl<'a, A: Adapter> Seats<'a, A> {
    /// One seat per spec on the clock `tc` (the game's, scaled); each
    /// bot's seed is derived from the game's `seed` and its seat.
    pub(super) fn new(
        a: &'a A,
        specs: &[(String, BotSpec)],
        seed: u64,
        tc: TimeControl,
    ) -> Result<Seats<'a, A>, SpecError> {
        let seats = specs
            .iter()
            .enumerate()
            .map(|(i, (text, s))| make_seat(a, text, s, derive_seed(seed, 1 + i as u64), tc))
            .collect::<Result<_, _>>()?;
        Ok(Seats { a, seats, history: Vec::new() })
    }

    /// Starts every external program on clock `tc`, then sends each its
    /// start lines: every seat's process is running before the game's
    /// first message goes out, so that no bot's first turn waits for
    /// another seat's program to start. Returns the seats whose program
    /// could not be started (they count as crashed from now on).
    pub(super) fn start(&mut self, start: &A::Game, tc: TimeControl) -> Vec<(PlayerId, BotIoError)> {
        let mut failed = Vec::new();
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if let SeatBot::External(ext) = seat {
                ext.clock = Clock::new(tc);
                match Process::spawn(&ext.command) {
                    Ok(proc) => ext.proc = Some(proc),
                    Err(e) => {
                        ext.dead = Some(Cutoff::Crash);
                        failed.push((PlayerId(i as u8), e));
                    }
                }
            }
        }
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if let SeatBot::External(ext) = seat {
                if let Some(proc) = ext.proc.as_mut() {
                    let start_lines = self.a.start_message(start, PlayerId(i as u8));
                    if !start_lines.is_empty() {
                        let _ = proc.send(&start_lines);
                    }
                }
            }
        }
        failed
    }

    /// Asks every player of `players` for its turn on `state` (the same
    /// position for all). External programs all receive their input first
    /// and think at the same time, each against its own deadline; built-in
    /// bots decide meanwhile on another thread, so that this thread reads
    /// the external answers as they come (in deadline order) and notices a
    /// time-out at once. Stopping the programs that failed comes after every
    /// answer is read, so that it never delays reading another seat.
    pub(super) fn ask_all(
        &mut self,
        state: &A::Game,
        players: &[PlayerId],
    ) -> Vec<SeatAnswer<<A::Game as Game>::Move>> {
        let a = self.a;
        let history = &self.history;
        let mut slot_of: Vec<Option<usize>> = vec![None; self.seats.len()];
        for (slot, p) in players.iter().enumerate() {
            if let Some(s) = slot_of.get_mut(p.index()) {
                s.get_or_insert(slot);
            }
        }
        let mut builtins = Vec::new();
        let mut externals = Vec::new();
        for (i, seat) in self.seats.iter_mut().enumerate() {
            let Some(slot) = slot_of[i] else { continue };
            let p = PlayerId(i as u8);
            match seat {
                SeatBot::Builtin(bot) => builtins.push((slot, p, bot)),
                SeatBot::External(ext) => {
                    let pend = begin_external(a, ext, state, p, history);
                    externals.push((slot, p, ext, pend));
                }
            }
        }
        externals.sort_by_key(|(_, _, _, pend)| pend.deadline);
        let read_all = |externals: &mut Vec<(usize, PlayerId, &mut Box<ExternalSeat>, Pending)>| {
            externals.iter_mut().map(|(_, p, ext, pend)| read_external(a, ext, state, *p, pend)).collect::<Vec<_>>()
        };
        let (decided, read) = if builtins.is_empty() || externals.is_empty() {
            (decide(state, builtins), read_all(&mut externals))
        } else {
            std::thread::scope(|s| {
                let thinking = s.spawn(move || decide(state, builtins));
                let read = read_all(&mut externals);
                (thinking.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), read)
            })
        };
        let mut out: Vec<Option<SeatAnswer<_>>> = players.iter().map(|_| None).collect();
        for (slot, answer) in decided {
            out[slot] = Some(answer);
        }
        for ((slot, _, ext, _), got) in externals.into_iter().zip(read) {
            out[slot] = Some(settle_external(a, ext, got));
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

    /// Remembers a turn played (after any substitution).
    pub(super) fn played(&mut self, turn: TurnLog<<A::Game as Game>::Move>) {
        self.history.push(turn);
    }

    /// Tells the seats the game is over for (a removed Quoridor player) so,
    /// and stops them now.
    pub(super) fn stop_done(&mut self, state: &A::Game) {
        for (i, seat) in self.seats.iter_mut().enumerate() {
            if let SeatBot::External(ext) = seat {
                if ext.dead.is_none() && ext.proc.is_some() && self.a.seat_done(state, PlayerId(i as u8)) {
                    end_seat(self.a, state, PlayerId(i as u8), ext);
                }
            }
        }
    }

    /// Ends every external program (the game is over at `state`) and
    /// returns each seat's stderr as kept (`None` for a built-in bot).
    pub(super) fn stop_all(&mut self, state: &A::Game) -> Vec<Option<String>> {
        let mut stderr = Vec::with_capacity(self.seats.len());
        for (i, seat) in self.seats.iter_mut().enumerate() {
            match seat {
                SeatBot::External(ext) => {
                    end_seat(self.a, state, PlayerId(i as u8), ext);
                    ext.proc = None;
                    stderr.push(Some(ext.stderr.clone()));
                }
                SeatBot::Builtin(_) => stderr.push(None),
            }
        }
        stderr
    }
}

/// An external seat's question in flight.
struct Pending {
    t0: Instant,
    deadline: Instant,
    sent: Result<(), BotIoError>,
    /// Whether it is the bot's very first answer.
    first: bool,
}

fn begin_external<A: Adapter>(
    a: &A,
    ext: &mut ExternalSeat,
    state: &A::Game,
    p: PlayerId,
    history: &[TurnLog<<A::Game as Game>::Move>],
) -> Pending {
    let t0 = Instant::now();
    if ext.dead.is_some() {
        return Pending { t0, deadline: t0, sent: Err(BotIoError::Closed), first: false };
    }
    let first = ext.clock.answers() == 0;
    let limit = ext.clock.start_answer();
    let sent = match ext.proc.as_mut() {
        Some(proc) => proc.send(&a.turn_message(state, p, history, first)),
        None => Err(BotIoError::Closed),
    };
    Pending { t0, deadline: t0 + limit, sent, first }
}

fn cutoff_of(e: &BotIoError) -> Cutoff {
    match e {
        BotIoError::Timeout => Cutoff::Timeout,
        BotIoError::Closed | BotIoError::Spawn(_) => Cutoff::Crash,
        BotIoError::LineTooLong => Cutoff::LineTooLong,
        BotIoError::NotReading => Cutoff::NotReading,
    }
}

/// Built-in bots deciding their turns on `state`, each with its slot among
/// the players asked. Each is told the time left on its clock and held to
/// it: a turn that took longer is a time-out, as a program's would be.
fn decide<G: Game>(state: &G, list: Vec<(usize, PlayerId, &mut BuiltinSeat<G>)>) -> Vec<(usize, SeatAnswer<G::Move>)> {
    list.into_iter()
        .map(|(slot, p, seat)| {
            let limit = seat.clock.start_answer();
            seat.bot.set_time_left(limit);
            let t0 = Instant::now();
            let moves = seat.bot.turn(state, p);
            let used = t0.elapsed();
            seat.clock.end_answer(used);
            let ms = used.as_secs_f64() * 1000.0;
            let answer = if used > limit {
                SeatAnswer {
                    said: Said::Answer(RawAnswer { cutoff: Some(Cutoff::Timeout), ..RawAnswer::default() }),
                    repeat: false,
                    ms,
                    detail: Some(format!(
                        "the built-in bot took {} ms, over its limit of {} ms",
                        used.as_millis(),
                        limit.as_millis()
                    )),
                }
            } else {
                SeatAnswer { said: Said::Moves(moves), repeat: false, ms, detail: None }
            };
            (slot, answer)
        })
        .collect()
}

/// What was read from an external seat, before the seat is settled.
struct Read {
    raw: RawAnswer,
    failure: Option<BotIoError>,
    ms: f64,
    /// A seat that had already stopped.
    repeat: bool,
    /// The limit of the bot's very first answer, when this was it.
    first_limit: Option<Duration>,
}

/// Reads the answer lines of an external seat until its deadline: the
/// game's number of answer lines, plus the lines its referee drops, all
/// kept (the dropped ones up to [`KEPT_SKIPPED_LINES`], then counted). The
/// time taken is until the last line *arrived* (or until the time-out was
/// noticed), and is charged to the seat's clock.
fn read_external<A: Adapter>(a: &A, ext: &mut ExternalSeat, state: &A::Game, p: PlayerId, pend: &mut Pending) -> Read {
    if let Some(c) = ext.dead {
        let raw = RawAnswer { cutoff: Some(c), ..RawAnswer::default() };
        return Read { raw, failure: None, ms: 0.0, repeat: true, first_limit: None };
    }
    let mut raw = RawAnswer::default();
    let mut failure = std::mem::replace(&mut pend.sent, Ok(())).err();
    let mut used = None;
    if failure.is_none() {
        match ext.proc.as_mut() {
            Some(proc) => match read_answer(a, proc, state, p, pend.deadline, &mut raw) {
                Ok(()) => used = proc.last_arrival().map(|at| at.saturating_duration_since(pend.t0)),
                Err(e) => failure = Some(e),
            },
            None => failure = Some(BotIoError::Closed),
        }
    }
    let used = used.unwrap_or_else(|| pend.t0.elapsed());
    ext.clock.end_answer(used);
    let first_limit = pend.first.then(|| pend.deadline.saturating_duration_since(pend.t0));
    Read { raw, failure, ms: used.as_secs_f64() * 1000.0, repeat: false, first_limit }
}

/// Turns what was read into the seat's answer; stops a program that failed
/// (unless the game keeps a bot that ran out of time) and keeps its stderr.
/// A time-out on the very first answer of a bot that wrote nothing at all
/// says that the program may still be starting (a `cargo run` still
/// compiling) and to build it first.
fn settle_external<A: Adapter, M>(a: &A, ext: &mut ExternalSeat, got: Read) -> SeatAnswer<M> {
    let Read { mut raw, failure, ms, repeat, first_limit } = got;
    let mut detail = None;
    if let Some(e) = failure {
        detail = Some(e.to_string());
        let cutoff = cutoff_of(&e);
        raw.cutoff = Some(cutoff);
        let silent = ext.proc.as_ref().is_some_and(|proc| !proc.has_written());
        if let (BotIoError::Timeout, Some(limit), true) = (&e, first_limit, silent) {
            detail = Some(format!(
                "no first answer within its limit of {} ms, and no output at all: the program may still be \
                 starting (compiling?); build it first and pass the built program (cmd:target/release/my-bot)",
                limit.as_millis()
            ));
        }
        let keep = cutoff == Cutoff::Timeout && a.timeout_keeps_bot();
        if let (Some(proc), false) = (ext.proc.as_mut(), keep) {
            if e == BotIoError::Closed {
                // Say how it ended, in the stderr tail kept with the record.
                detail = Some(match proc.peek_exit(Duration::from_millis(50)) {
                    Some(how) => format!("the bot exited ({how})"),
                    None => "the bot closed its output but kept running (killed)".to_string(),
                });
            }
            proc.kill();
            ext.stderr = proc.stderr();
        }
        if !keep {
            ext.dead = Some(cutoff);
        }
    }
    SeatAnswer { said: Said::Answer(raw), repeat, ms, detail }
}

/// Reads the game's number of answer lines into `raw` before `deadline`,
/// keeping the lines the game's referee drops as well.
fn read_answer<A: Adapter>(
    a: &A,
    proc: &mut Process,
    state: &A::Game,
    p: PlayerId,
    deadline: Instant,
    raw: &mut RawAnswer,
) -> Result<(), BotIoError> {
    let need = a.answer_lines(state, p);
    let (mut got, mut skipped) = (0, 0usize);
    while got < need {
        let line = proc.read_line(deadline)?;
        if a.skips_line(&line) {
            skipped += 1;
            if skipped <= KEPT_SKIPPED_LINES {
                raw.lines.push(RawLine(line));
            } else {
                raw.more_skipped += 1;
            }
        } else {
            got += 1;
            raw.lines.push(RawLine(line));
        }
    }
    Ok(())
}

/// Sends a live external seat its end-of-game lines, stops it (kill and
/// reap after a short grace) and keeps its stderr.
fn end_seat<A: Adapter>(a: &A, state: &A::Game, p: PlayerId, ext: &mut ExternalSeat) {
    if let Some(proc) = ext.proc.as_mut() {
        if ext.dead.is_none() {
            let end = a.end_message(state, p);
            proc.finish((!end.is_empty()).then_some(end.as_str()), Duration::from_millis(100));
            ext.stderr = proc.stderr();
        }
    }
    // A seat the game is over for is never asked again.
    ext.dead.get_or_insert(Cutoff::Crash);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ::nim::protocol::Referee as NimReferee;

    #[test]
    fn specs_that_make_no_bot_for_the_game_are_typed_errors() {
        let a = NimReferee { pile: 10, max_take: 3 };
        assert!(check_specs(&a, &["random".into(), "mcts:iters=5".into()], 1.0).is_ok());
        assert_eq!(
            check_specs(&a, &["random".into(), "greedy".into()], 1.0),
            Err(SpecError::NoSuchBuiltin {
                game: "nim",
                name: "greedy".into(),
                known: "random, mcts, alphabeta, best, cmd:PROGRAM ARGS".into()
            })
        );
        assert_eq!(
            builtin_bot(&a, "cmd:./bot -x", 1).err(),
            Some(SpecError::NotBuiltin { command: "./bot -x".into() })
        );
        assert!(matches!(builtin_bot(&a, "a b", 1), Err(SpecError::UnknownBot { .. })));
        assert!(matches!(builtin_bot(&a, "search:ms=5", 1), Err(SpecError::NoSuchBuiltin { .. })));
    }

    #[test]
    fn a_time_budget_fits_the_later_answers_less_the_margin_scaled_by_the_time_factor() {
        // Nim: 200 ms an answer after the first; the margin is 10 ms and an eighth.
        let a = NimReferee { pile: 10, max_take: 3 };
        let check = |spec: &str, factor: f64| check_specs(&a, &[spec.to_string()], factor).map(|_| ());
        assert_eq!(check("mcts:ms=165", 1.0), Ok(()));
        assert_eq!(check("alphabeta:ms=165", 1.0), Ok(()));
        assert_eq!(
            check("mcts:ms=166", 1.0).map_err(|e| e.to_string()),
            Err("bot \"mcts:ms=166\": nim allows 200 ms an answer and the arena keeps a margin of 35 ms: at most ms=165"
                .into())
        );
        assert_eq!(check("mcts:ms=300", 2.0), Ok(()), "--time-factor 2: 400 ms an answer");
        assert!(matches!(check("alphabeta:ms=166", 1.0), Err(SpecError::BudgetTooLarge { .. })));
        assert_eq!(check("mcts:iters=100000", 1.0), Ok(()), "iterations are not timed");
    }
}
