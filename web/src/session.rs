//! One game on a page: the position, each seat (a person, or a bot built
//! from its spec), the turns played, and the game as the arena's record.
//!
//! The page keeps two sessions of the same game: one on the page's thread
//! (the rules: targets, a person's clicks judged, the record) and one in
//! the Worker (the bot thinks there). Both are told every turn, so they
//! hold the same position; the Worker's plays the bot's turns
//! ([`Driver::think`]) and the page's replays their text
//! ([`Driver::play`]).

use crate::analysis::{Ply, PlyAnalysis, analysis_search, analyze};
use crate::games::{Target, WebGame};
use crate::spec::{SpecError, make_bot};
use game_core::bot::Bot;
use game_core::referee::{Contest, ContestError, play_turn_on};
use game_core::rng::{GameRng, derive_seed, seeded};
use game_core::time::Instant;
use game_core::{Clock, Game, PlayerId, ToAct};
use serde::Serialize;
use serde_json::{Value, json};
use std::fmt;

/// The spec of a seat a person plays.
pub const HUMAN: &str = "human";

/// Why a request is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A seat's bot spec makes no bot.
    Spec(SpecError),
    /// The number of seats does not fit the game.
    Seats {
        /// The game's players.
        players: usize,
        /// The seats given.
        given: usize,
    },
    /// A turn that is not legal: the contest's error kind and its message
    /// (the game crate's words).
    Illegal {
        /// The kind (`illegal-move`, ...).
        kind: String,
        /// The message.
        message: String,
    },
    /// The game is over.
    Over,
    /// No bot is to act (a person is, or the game waits for chance).
    NotABotsTurn,
    /// No person is to act (a click while a bot's turn is due).
    NotAPersonsTurn,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Spec(e) => e.fmt(f),
            PlayError::Seats { players, given } => write!(f, "the game has {players} players, {given} seats given"),
            PlayError::Illegal { message, .. } => f.write_str(message),
            PlayError::Over => f.write_str("the game is over"),
            PlayError::NotABotsTurn => f.write_str("no bot is to act"),
            PlayError::NotAPersonsTurn => f.write_str("it is a bot's turn, not yours"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A turn of the record: the seat, the turn's text, the time it took.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TurnEntry {
    /// The seat.
    pub player: u8,
    /// The turn in the game's record notation.
    pub text: String,
    /// Milliseconds the seat took (a person's thinking included).
    pub ms: f64,
    /// The chance values drawn after this turn (Parallel Football's
    /// contested kicks, after a round's last turn), as the arena's record
    /// keeps them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<Vec<Value>>,
}

/// The contest's error as a [`PlayError::Illegal`].
fn illegal(e: ContestError) -> PlayError {
    PlayError::Illegal { kind: e.kind.to_string(), message: e.message }
}

/// A game on a page, whatever the game: what the page asks of it.
pub trait Driver {
    /// The page's view: picture, who acts, targets, result.
    fn view(&self) -> Value;
    /// Plays the turn `text` (record notation) for `seat` (`None`: the
    /// seat to act; in a simultaneous round, the first still to answer),
    /// which took `ms`.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the contest's reason, [`PlayError::Over`].
    fn play(&mut self, text: &str, ms: f64, seat: Option<u8>) -> Result<(), PlayError>;
    /// The bot to act plays its turn; its text and time.
    ///
    /// # Errors
    /// [`PlayError::NotABotsTurn`], [`PlayError::Over`].
    fn think(&mut self) -> Result<TurnEntry, PlayError>;
    /// One move `text` (a click) of the person to act: the turn so far
    /// goes on (`Ok(None)`: a Paper Soccer bounce) or is complete and
    /// played (`Ok(Some(turn))`).
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the game's reason (nothing changes),
    /// [`PlayError::Over`], [`PlayError::NotAPersonsTurn`].
    fn step(&mut self, text: &str, ms: f64) -> Result<Option<TurnEntry>, PlayError>;
    /// The moves `texts` (clicks) of the person to act, one after the
    /// other from the turn's start: all played (`Ok(Some(turn))` once the
    /// turn is complete), or none (the first refused, with its reason).
    ///
    /// # Errors
    /// As [`step`](Driver::step).
    fn steps(&mut self, texts: &[String], ms: f64) -> Result<Option<TurnEntry>, PlayError> {
        self.undo();
        let mut done = None;
        for t in texts {
            match self.step(t, ms) {
                Ok(d) => done = d,
                Err(e) => {
                    self.undo();
                    return Err(e);
                }
            }
        }
        Ok(done)
    }
    /// Whether the moves `texts` would be legal for the person to act, from
    /// the turn's start: the first one refused, with the game's reason.
    ///
    /// # Errors
    /// As [`step`](Driver::step); nothing is played.
    fn check(&self, texts: &[String]) -> Result<(), PlayError>;
    /// Takes back the moves of the unfinished turn.
    fn undo(&mut self);
    /// The game so far as the arena's record (format 2), one turn a line.
    fn record(&self) -> String;
    /// Every ply evaluated as `arena analyze --bot SPEC --blunder B` does.
    ///
    /// # Errors
    /// [`PlayError::Spec`] for a spec that is no MCTS search.
    fn analyze(&self, spec: &str, blunder: f64) -> Result<Vec<PlyAnalysis>, PlayError>;
    /// The picture of the position before ply `ply` (1 for the first
    /// turn) with the turn `best` (record notation) drawn over it.
    fn position(&self, ply: usize, best: &str) -> Option<String>;
}

/// A turn's moves.
type Moves<C> = Vec<<<C as Contest>::Game as Game>::Move>;
/// The moves played from the start, each with its seat.
type History<C> = Vec<(PlayerId, <<C as Contest>::Game as Game>::Move)>;

/// A seat.
struct Seat<G: Game> {
    spec: String,
    bot: Option<Box<dyn Bot<G>>>,
    clock: Clock,
}

/// One game of the contest `C`.
pub struct Session<C: WebGame> {
    contest: C,
    start: C::Game,
    state: C::Game,
    seed: u64,
    seats: Vec<Seat<C::Game>>,
    moves: Vec<(PlayerId, <C::Game as Game>::Move)>,
    turns: Vec<TurnEntry>,
    /// Each turn's moves, in order (the analysis replays them).
    turn_moves: Vec<Vec<<C::Game as Game>::Move>>,
    /// The moves of the person's unfinished turn, and the position after
    /// them (the one shown).
    pending: Vec<<C::Game as Game>::Move>,
    shown: C::Game,
    /// The arena's generator of chance values (`seeded(seed)`).
    chance_rng: GameRng,
    /// The chance values drawn after each turn.
    turn_chance: Vec<Vec<<C::Game as Game>::Chance>>,
    /// The turns of the simultaneous round in progress, by seat: each
    /// seat decides on the round's start (the position stays as it is
    /// until every acting seat has answered), then the round's turns are
    /// played in seat order, as the arena judges a round.
    held: Vec<Option<(Moves<C>, TurnEntry)>>,
    /// The position before the last turn played, and that turn's moves
    /// (the viewer's picture of it: Parallel Football's round of kicks).
    last: Option<(C::Game, History<C>)>,
}

impl<C: WebGame> Session<C> {
    /// A game of `contest` between `specs` (one per seat, [`HUMAN`] for a
    /// person) with `seed`: each bot's seed derived from it and its seat,
    /// as the arena derives them (`derive_seed(seed, 1 + seat)`).
    ///
    /// # Errors
    /// [`PlayError::Seats`], [`PlayError::Spec`].
    pub fn new(contest: C, specs: &[String], seed: u64) -> Result<Session<C>, PlayError> {
        let start = contest.start();
        if specs.len() != start.players() {
            return Err(PlayError::Seats { players: start.players(), given: specs.len() });
        }
        let tc = contest.time_control();
        let mut seats = Vec::new();
        for (i, spec) in specs.iter().enumerate() {
            let bot = if spec == HUMAN {
                None
            } else {
                Some(make_bot(&contest, spec, derive_seed(seed, 1 + i as u64), tc).map_err(PlayError::Spec)?)
            };
            seats.push(Seat { spec: spec.clone(), bot, clock: Clock::new(tc) });
        }
        Ok(Session {
            state: start.clone(),
            shown: start.clone(),
            start,
            contest,
            seed,
            seats,
            moves: Vec::new(),
            turns: Vec::new(),
            turn_moves: Vec::new(),
            pending: Vec::new(),
            chance_rng: seeded(seed),
            turn_chance: Vec::new(),
            held: vec![None; specs.len()],
            last: None,
        })
    }

    /// The seats still to answer now: the seat to act, or in a
    /// simultaneous round those whose turn is not in yet.
    fn owing(&self) -> Vec<PlayerId> {
        match self.state.to_act() {
            ToAct::Player(p) => vec![p],
            ToAct::Simultaneous(set) => {
                set.iter().filter(|q| self.held.get(q.index()).is_some_and(Option::is_none)).collect()
            }
            ToAct::Chance | ToAct::Over => Vec::new(),
        }
    }

    /// Whether a person plays `p`.
    fn is_person(&self, p: PlayerId) -> bool {
        self.seats.get(p.index()).is_some_and(|s| s.bot.is_none())
    }

    /// The person to act, if one is.
    fn person(&self) -> Option<PlayerId> {
        self.owing().into_iter().find(|&p| self.is_person(p))
    }

    /// The turn `moves` of `p`, decided on the position now, as the record
    /// writes it.
    fn entry(&self, p: PlayerId, moves: &[<C::Game as Game>::Move], ms: f64) -> TurnEntry {
        let text = self.contest.record_text(&self.contest.format_turn(&self.state, p, moves));
        TurnEntry { player: p.0, text, ms: (ms * 1000.0).round() / 1000.0, chance: None }
    }

    /// The turn `moves` of `p`: played now, or in a simultaneous round held
    /// (checked on the round's start) until every acting seat's is in, then
    /// the round's turns played in seat order; then any chance step drawn.
    fn commit(&mut self, p: PlayerId, moves: Vec<<C::Game as Game>::Move>, ms: f64) -> Result<TurnEntry, PlayError> {
        let entry = self.entry(p, &moves, ms);
        let ToAct::Simultaneous(set) = self.state.to_act() else {
            self.apply(&self.state.clone(), p, moves, entry.clone())?;
            self.chance()?;
            return Ok(entry);
        };
        if !set.contains(p) || self.held.get(p.index()).is_none_or(Option::is_some) {
            return Err(PlayError::NotABotsTurn);
        }
        let mut trial = self.state.clone();
        self.contest.apply_turn(&mut trial, p, &moves).map_err(illegal)?;
        self.held[p.index()] = Some((moves, entry.clone()));
        self.pending.clear();
        self.shown = self.state.clone();
        if set.iter().all(|q| self.held.get(q.index()).is_some_and(Option::is_some)) {
            let snapshot = self.state.clone();
            for q in set.iter() {
                if let Some((moves, entry)) = self.held[q.index()].take() {
                    self.apply(&snapshot, q, moves, entry)?;
                }
            }
            self.chance()?;
        }
        Ok(entry)
    }

    /// Plays `moves` for `p` (decided on `snapshot`), recording the turn.
    fn apply(
        &mut self,
        snapshot: &C::Game,
        p: PlayerId,
        moves: Vec<<C::Game as Game>::Move>,
        entry: TurnEntry,
    ) -> Result<(), PlayError> {
        let mut next = self.state.clone();
        play_turn_on(&self.contest, snapshot, &mut next, p, &moves).map_err(illegal)?;
        self.last = Some((self.state.clone(), moves.iter().map(|&m| (p, m)).collect()));
        self.shown = next.clone();
        self.pending.clear();
        self.state = next;
        self.moves.extend(moves.iter().map(|&m| (p, m)));
        self.turn_moves.push(moves);
        self.turns.push(entry);
        self.turn_chance.push(Vec::new());
        Ok(())
    }

    /// Draws and plays the chance steps due, from the arena's generator,
    /// kept with the last turn (as the arena's record keeps them).
    fn chance(&mut self) -> Result<(), PlayError> {
        while self.state.to_act() == ToAct::Chance {
            let Some(c) = self.state.sample_chance(&mut self.chance_rng) else { break };
            self.state.apply_chance(&c).map_err(|e| illegal(ContestError::from_game(&e)))?;
            if let (Some(t), Some(kept)) = (self.turns.last_mut(), self.turn_chance.last_mut()) {
                t.chance.get_or_insert_with(Vec::new).push(serde_json::to_value(&c).unwrap_or(Value::Null));
                kept.push(c);
            }
        }
        self.shown = self.state.clone();
        Ok(())
    }

    /// The game replayed from the start through its first `turns` turns
    /// (chance values included): the position, the moves, and the position
    /// the next turn's seat decided on (a simultaneous round's start).
    fn replay(&self, turns: usize) -> (C::Game, History<C>, C::Game) {
        let mut state = self.start.clone();
        let mut moves = Vec::new();
        let mut round: Option<(C::Game, usize)> = None;
        for ((t, turn), chances) in self.turns.iter().zip(&self.turn_moves).zip(&self.turn_chance).take(turns) {
            if round.is_none() {
                if let ToAct::Simultaneous(set) = state.to_act() {
                    round = Some((state.clone(), set.iter().count()));
                }
            }
            for &m in turn {
                let _ = state.play(PlayerId(t.player), m);
                moves.push((PlayerId(t.player), m));
            }
            for c in chances {
                let _ = state.apply_chance(c);
            }
            if let Some((_, left)) = round.as_mut() {
                *left -= 1;
                if *left == 0 {
                    round = None;
                }
            }
        }
        let decided = match (round, state.to_act()) {
            (Some((start, _)), _) => start,
            _ => state.clone(),
        };
        (state, moves, decided)
    }

    /// The result in the arena's words (`player 0 wins by four-in-a-row`).
    fn result_words(&self) -> Option<(Value, String)> {
        let o = self.state.outcome()?;
        let reason = self.state.end_reason().unwrap_or("over");
        let ranks = o.ranks().to_vec();
        let words = match o.winner() {
            Some(w) => format!("player {} wins by {reason}", w.0),
            None if ranks.windows(2).all(|w| w[0] == w[1]) => format!("a draw by {reason}"),
            // Shared first places, as `arena judge` writes them:
            // `winners 1 3 (ranks [2, 0, 2, 0], scores [0, 2, 0, 2]) by turn-limit`.
            None => format!("{o} by {reason}"),
        };
        Some((json!({"winner": o.winner().map(|p| p.0), "ranks": ranks, "reason": reason}), words))
    }
}

impl<C: WebGame> Driver for Session<C> {
    fn view(&self) -> Value {
        let person = self.person();
        let human = person.is_some();
        // The person to act, else the first seat still to answer.
        let to_act = person.or_else(|| self.owing().first().copied());
        let targets: Vec<Target> = match person {
            Some(p) => self.contest.targets(&self.shown, p),
            None => Vec::new(),
        };
        let mut moves = self.moves.clone();
        let mut pending = Vec::new();
        let mut at = self.state.clone();
        for &m in &self.pending {
            if let Some(p) = to_act {
                pending.push(self.contest.format_move(&at, m));
                moves.push((p, m));
                let _ = at.play(p, m);
            }
        }
        json!({
            "game": self.contest.name(),
            // The arena viewer's picture of the last turn (Parallel
            // Football: ball counts, contested cells, the round's kicks),
            // or with a turn under way the position with its moves.
            "svg": match (&self.last, self.pending.is_empty()) {
                (Some((before, ply)), true) => self.contest.view_svg(before, ply, &self.start, &moves, &self.shown),
                _ => self.contest.svg_with_history(&self.start, &moves, &self.shown),
            },
            "pending": pending,
            "to_act": to_act.map(|p| p.0),
            "human": human,
            "over": self.state.is_over(),
            "result": self.result_words().map(|r| r.1),
            "winner": self.state.outcome().and_then(|o| o.winner()).map(|p| p.0),
            "ranks": self.state.outcome().map(|o| o.ranks().to_vec()),
            "targets": targets,
            "extra": person.map_or(Value::Null, |p| self.contest.extra(&self.state, p)),
            "hint": person.and_then(|p| self.contest.hint(&self.shown, p, !self.pending.is_empty())),
            "turns": self.turns,
        })
    }

    fn play(&mut self, text: &str, ms: f64, seat: Option<u8>) -> Result<(), PlayError> {
        let owing = self.owing();
        let p = match seat {
            None => *owing.first().ok_or(PlayError::Over)?,
            Some(s) => *owing.iter().find(|q| q.0 == s).ok_or(PlayError::NotABotsTurn)?,
        };
        if self.person() == Some(p) {
            self.undo();
        }
        let moves = self.contest.judge_line(&self.state, p, text).map_err(illegal)?;
        // The bot of the seat (in the Worker's session) played this turn: its clock moves on.
        if let Some(seat) = self.seats.get_mut(p.index()) {
            seat.clock.start_answer();
            seat.clock.end_answer(std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0));
        }
        self.commit(p, moves, ms).map(|_| ())
    }

    fn think(&mut self) -> Result<TurnEntry, PlayError> {
        if self.state.is_over() {
            return Err(PlayError::Over);
        }
        let p = self.owing().into_iter().find(|&p| !self.is_person(p)).ok_or(PlayError::NotABotsTurn)?;
        let seat = self.seats.get_mut(p.index()).ok_or(PlayError::NotABotsTurn)?;
        let bot = seat.bot.as_mut().ok_or(PlayError::NotABotsTurn)?;
        let limit = seat.clock.start_answer();
        bot.set_time_left(limit);
        let t0 = Instant::now();
        let moves = bot.turn(&self.state, p);
        let used = t0.elapsed();
        seat.clock.end_answer(used);
        self.commit(p, moves, used.as_secs_f64() * 1000.0)
    }

    fn step(&mut self, text: &str, ms: f64) -> Result<Option<TurnEntry>, PlayError> {
        if self.state.is_over() {
            return Err(PlayError::Over);
        }
        let p = self.person().ok_or(PlayError::NotAPersonsTurn)?;
        let mv = self.contest.parse_step(&self.shown, p, text).map_err(illegal)?;
        let mut next = self.shown.clone();
        next.play(p, mv).map_err(|e| illegal(ContestError::from_game(&e)))?;
        if next.is_over() || !next.to_act().includes(p) {
            let mut moves = std::mem::take(&mut self.pending);
            moves.push(mv);
            return match self.commit(p, moves.clone(), ms) {
                Ok(entry) => Ok(Some(entry)),
                Err(e) => {
                    moves.pop();
                    self.pending = moves;
                    Err(e)
                }
            };
        }
        self.pending.push(mv);
        self.shown = next;
        Ok(None)
    }

    fn check(&self, texts: &[String]) -> Result<(), PlayError> {
        let p = self.person().ok_or(PlayError::NotAPersonsTurn)?;
        let mut at = self.state.clone();
        for t in texts {
            let mv = self.contest.parse_step(&at, p, t).map_err(illegal)?;
            at.play(p, mv).map_err(|e| illegal(ContestError::from_game(&e)))?;
        }
        Ok(())
    }

    fn undo(&mut self) {
        self.pending.clear();
        self.shown = self.state.clone();
    }

    fn analyze(&self, spec: &str, blunder: f64) -> Result<Vec<PlyAnalysis>, PlayError> {
        let cfg = analysis_search(spec, self.contest.best_bot()).map_err(PlayError::Spec)?;
        let mut plies = Vec::new();
        for (i, (t, moves)) in self.turns.iter().zip(&self.turn_moves).enumerate() {
            let seat = PlayerId(t.player);
            let (now, _, base) = self.replay(i);
            // The turn in the game's words, as `arena analyze` names it.
            let text = self.contest.format_turn(&now, seat, moves);
            let mut after = now;
            for &m in moves {
                let _ = after.play(seat, m);
            }
            plies.push(Ply { seat, moves: moves.clone(), text, base, after });
        }
        Ok(analyze(&self.contest, &plies, cfg, blunder))
    }

    fn position(&self, ply: usize, best: &str) -> Option<String> {
        let turns = ply.checked_sub(1)?;
        let seat = PlayerId(self.turns.get(turns)?.player);
        // The position the seat decided on (a simultaneous round's start).
        let (_, moves, state) = self.replay(turns);
        let mut svg = self.contest.svg_with_history(&self.start, &moves, &state);
        if let (Some(overlay), Some(end)) = (self.contest.best_move_svg(&state, seat, best), svg.rfind("</svg>")) {
            svg.insert_str(end, &overlay);
        }
        Some(svg)
    }

    fn record(&self) -> String {
        let n = self.seats.len();
        let bots: Vec<&str> = self.seats.iter().map(|s| s.spec.as_str()).collect();
        let head = json!({
            "format": 2,
            "game": self.contest.name(),
            "config": serde_json::to_value(self.contest.config()).unwrap_or(Value::Null),
            "setup": serde_json::to_value(self.start.to_setup()).unwrap_or(Value::Null),
            "seed": self.seed,
            "bots": bots,
            "replay": "played in the browser page (web/)",
        });
        let mut out = head.to_string();
        out.pop();
        out.push_str(",\"turns\":[");
        for (i, t) in self.turns.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            out.push_str(&serde_json::to_string(t).unwrap_or_default());
        }
        out.push_str("\n],");
        let (result, outcome) = match (self.result_words(), self.state.outcome()) {
            (Some((r, _)), Some(o)) => (r, serde_json::to_value(o).unwrap_or(Value::Null)),
            _ => (Value::Null, Value::Null),
        };
        let failures: Vec<Value> =
            (0..n).map(|_| json!({"timeout": 0, "crash": 0, "unreadable": 0, "illegal": 0})).collect();
        let tail = json!({
            "index": 0,
            "series_seed": self.seed,
            "result": result,
            "outcome": outcome,
            "errors": [],
            "failures": failures,
            "stderr": vec![Value::Null; n],
            "final_position": self.contest.display(&self.state),
        });
        let tail = tail.to_string();
        out.push_str(tail.strip_prefix('{').unwrap_or(&tail));
        out.push('\n');
        out
    }
}
