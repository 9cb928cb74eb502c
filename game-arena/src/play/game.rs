//! One game: the seats answer, the judging core ([`TurnJudge`]) decides every
//! turn, and the record keeps what happened.

use super::journal::Failures;
use super::record::{
    AnswerEntry, ErrorEntry, ErrorLog, Played, RECORD_FORMAT, RecordHead, RecordWriter, TurnEntry, quote,
    replay_command, round_ms,
};
use super::seat::{SeatAnswer, Seats};
use super::spec::BotSpec;
use crate::error::PlayError;
use crate::games::{Adapter, TurnLog};
use crate::referee::{Failure, Said, TurnJudge, substitute_rng};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, Outcome, PlayerId, ToAct};

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

/// Plays one game between `specs` (one per seat) with `seed`, keeping no
/// record (see [`play_game_to`]).
///
/// # Errors
/// As [`play_game_to`].
pub fn play_game<A: Adapter>(
    a: &A,
    specs: &[(String, BotSpec)],
    seed: u64,
    opts: &PlayOptions,
) -> Result<Played, PlayError> {
    play_game_to(a, specs, seed, opts, None)
}

/// Plays one game between `specs` (one per seat) with `seed`, writing its
/// record's head and turns to `record` as the game goes (the caller
/// finishes it with the summary's tail).
///
/// Every turn is decided by the judging core ([`TurnJudge::turn`]), the same
/// that `arena judge` runs on the record. Never panics on bot behaviour:
/// every failure is recorded and costs what the game's [`FailurePolicy`](crate::games::FailurePolicy)
/// says; every process is killed and reaped before this returns. Memory
/// is bounded by the position and one turn: turns are not kept.
///
/// # Errors
/// [`PlayError::SeatCount`] without one spec per seat,
/// [`PlayError::Spec`] when a spec cannot make a bot for this game,
/// [`PlayError::WriteRecord`] when writing the record fails (the game stops
/// there), [`PlayError::Aborted`] when a SIGTERM's grace ran out
/// ([`crate::interrupt`]).
pub fn play_game_to<A: Adapter>(
    a: &A,
    specs: &[(String, BotSpec)],
    seed: u64,
    opts: &PlayOptions,
    record: Option<&mut RecordWriter>,
) -> Result<Played, PlayError> {
    let start = a.start();
    let n = start.players();
    if specs.len() != n {
        return Err(PlayError::SeatCount { game: a.name(), seats: n, bots: specs.len() });
    }
    let bots: Vec<String> = specs.iter().map(|(s, _)| s.clone()).collect();
    let replay = replay_command(a.name(), &opts.replay_args, specs.iter().map(|(s, _)| s.as_str()), seed);
    let config = a.config();
    let mut record = record;
    if let Some(w) = record.as_deref_mut() {
        let setup = start.to_setup();
        w.head(&RecordHead::<A::Game> {
            format: RECORD_FORMAT,
            game: a.name(),
            config: &config,
            setup: &setup,
            seed: Some(seed),
            bots: &bots,
            replay: &replay,
        })?;
    }
    let tc = a.time_control().scaled(opts.time_factor);
    let mut game = OneGame::new(a, Seats::new(a, specs, seed, tc)?, &start, seed, record);
    game.start_seats(&start, tc);
    let (outcome, reason) = game.run(&start);
    let state = game.referee.state().clone();
    let stderr = game.seats.stop_all(&state);
    if reason == ABORTED {
        return Err(PlayError::Aborted);
    }
    if let Some(e) = game.write_error {
        return Err(e);
    }
    Ok(Played {
        config,
        bots,
        turn_count: game.turns,
        rounds: game.rounds,
        outcome,
        reason,
        errors: game.errors.finish(),
        failures: game.failures,
        stderr,
        final_position: a.display(&state),
        replay,
    })
}

/// The reason [`OneGame::run`] gives for a game aborted by a signal.
const ABORTED: &str = "aborted";

/// A game in progress: the seats, the judging core, and what the record
/// keeps so far.
struct OneGame<'a, A: Adapter> {
    a: &'a A,
    seats: Seats<'a, A>,
    referee: TurnJudge<'a, A>,
    chance_rng: GameRng,
    record: Option<&'a mut RecordWriter>,
    /// The first failure to write the record (the game stops there).
    write_error: Option<PlayError>,
    turns: usize,
    rounds: usize,
    errors: ErrorLog,
    failures: Vec<Failures>,
}

/// How a round of the game loop ends.
enum Round {
    /// Go on (the referee says whether the game is over).
    Played,
    /// The game stops here without its own result: a draw for this reason.
    Forced(&'static str),
}

impl<'a, A: Adapter> OneGame<'a, A> {
    fn new(
        a: &'a A,
        seats: Seats<'a, A>,
        start: &A::Game,
        seed: u64,
        record: Option<&'a mut RecordWriter>,
    ) -> OneGame<'a, A> {
        let n = start.players();
        OneGame {
            a,
            seats,
            referee: TurnJudge::new(a, start.clone(), Some(substitute_rng(seed))),
            chance_rng: seeded(seed),
            record,
            write_error: None,
            turns: 0,
            rounds: 0,
            errors: ErrorLog::new(n),
            failures: vec![Failures::default(); n],
        }
    }

    /// Starts every external program on the clock `tc` (the game's,
    /// scaled); one that cannot start is a failure before turn 1.
    fn start_seats(&mut self, start: &A::Game, tc: game_core::TimeControl) {
        for (p, e) in self.seats.start(start, tc) {
            self.failures[p.index()].add(Failure::Crash);
            self.errors.push(ErrorEntry { seat: p.0, turn: 0, kind: e.kind().into(), message: e.to_string() });
        }
    }

    /// Plays until the end (or the arena's step limit) and returns the
    /// result and its reason.
    fn run(&mut self, start: &A::Game) -> (Outcome, String) {
        let n = start.players();
        let limit = start.max_plies().map_or(u64::MAX, |m| m.saturating_mul(2).saturating_add(1000));
        let mut steps = 0u64;
        let mut forced = None;
        while !self.referee.is_over() && self.write_error.is_none() {
            if crate::interrupt::abort_games() {
                forced = Some(ABORTED);
                break;
            }
            steps += 1;
            if steps > limit {
                forced = Some("arena-limit");
                break;
            }
            let players: Vec<PlayerId> = match self.referee.state().to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    if let Round::Forced(reason) = self.chance() {
                        forced = Some(reason);
                        break;
                    }
                    continue;
                }
                ToAct::Player(p) => vec![p],
                ToAct::Simultaneous(set) => set.iter().collect(),
            };
            self.round(&players);
        }
        match forced.map(|r| (Outcome::draw(n), r.to_string())).or_else(|| self.referee.result()) {
            Some(f) => f,
            None => (Outcome::draw(n), "arena-error".into()),
        }
    }

    /// Draws and plays a chance step.
    fn chance(&mut self) -> Round {
        let applied = self.referee.state().sample_chance(&mut self.chance_rng).map(|c| {
            let r = self.referee.chance(&c);
            if let (Some(w), None) = (self.record.as_deref_mut(), &self.write_error) {
                self.write_error = w.chance(&c).err();
            }
            r
        });
        if matches!(applied, Some(Ok(()))) { Round::Played } else { Round::Forced("arena-error") }
    }

    /// Every acting player decides on the same position (simultaneous
    /// players never see each other's orders), then the referee judges
    /// their turns in seat order.
    fn round(&mut self, players: &[PlayerId]) {
        self.rounds += 1;
        let snapshot = self.referee.state().clone();
        let answers = self.seats.ask_all(&snapshot, players);
        for (&p, answer) in players.iter().zip(answers) {
            if !self.turn(p, answer) {
                break;
            }
        }
        self.seats.stop_done(self.referee.state());
    }

    /// Judges and records one seat's turn; false when the game stops.
    fn turn(&mut self, p: PlayerId, answer: SeatAnswer<<A::Game as Game>::Move>) -> bool {
        self.turns += 1;
        let turn_no = self.turns;
        let raw = match &answer.said {
            Said::Answer(raw) => Some(raw.clone()),
            _ => None,
        };
        let v = self.referee.turn(p, answer.said);
        for (kind, message) in &v.notes {
            self.errors.push(ErrorEntry { seat: p.0, turn: turn_no, kind: kind.clone(), message: message.clone() });
        }
        if let Some(e) = &v.error {
            if let (false, Some(f)) = (answer.repeat, v.failure) {
                self.failures[p.index()].add(f);
                let message = match (&raw, &answer.detail) {
                    (_, Some(detail)) => detail.clone(),
                    (Some(raw), None) => format!("answer {}: {}", quote(&raw.text()), e.message),
                    (None, None) => e.message.clone(),
                };
                self.errors.push(ErrorEntry { seat: p.0, turn: turn_no, kind: e.kind.to_string(), message });
            }
        }
        let failed_out = v.error.is_some() && !v.substituted;
        if self.record.is_some() {
            let text = (!failed_out).then(|| self.a.record_text(&v.played_text));
            let canonical = text.as_deref().map(|t| self.a.answer_of_turn(t));
            let entry = TurnEntry {
                player: p.0,
                answer: raw.map(|raw| AnswerEntry::new(raw, canonical)),
                text,
                ms: round_ms(answer.ms),
                error: v.error.as_ref().map(|e| e.kind.to_string()),
                substituted: v.substituted,
            };
            if let (Some(w), None) = (self.record.as_deref_mut(), &self.write_error) {
                self.write_error = w.turn(&entry).err();
            }
        }
        if self.referee.stop().is_some() {
            return false;
        }
        self.seats.played(TurnLog { player: p, moves: v.played, text: v.played_text });
        true
    }
}
