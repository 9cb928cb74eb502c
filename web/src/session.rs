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
use game_core::referee::play_turn_on;
use game_core::rng::derive_seed;
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
}

/// A game on a page, whatever the game: what the page asks of it.
pub trait Driver {
    /// The page's view: picture, who acts, targets, result.
    fn view(&self) -> Value;
    /// Plays the turn `text` (record notation) for the seat to act, which
    /// took `ms`.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the contest's reason, [`PlayError::Over`].
    fn play(&mut self, text: &str, ms: f64) -> Result<(), PlayError>;
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
        })
    }

    /// The seat to act, if one player is.
    fn to_act(&self) -> Option<PlayerId> {
        match self.state.to_act() {
            ToAct::Player(p) => Some(p),
            _ => None,
        }
    }

    /// Plays `moves` for `p`, recording the turn.
    fn apply(&mut self, p: PlayerId, moves: Vec<<C::Game as Game>::Move>, ms: f64) -> Result<TurnEntry, PlayError> {
        let snapshot = self.state.clone();
        let mut next = self.state.clone();
        play_turn_on(&self.contest, &snapshot, &mut next, p, &moves)
            .map_err(|e| PlayError::Illegal { kind: e.kind.to_string(), message: e.message })?;
        let text = self.contest.record_text(&self.contest.format_turn(&snapshot, p, &moves));
        self.shown = next.clone();
        self.pending.clear();
        self.state = next;
        self.moves.extend(moves.iter().map(|&m| (p, m)));
        self.turn_moves.push(moves);
        let entry = TurnEntry { player: p.0, text, ms: (ms * 1000.0).round() / 1000.0 };
        self.turns.push(entry.clone());
        Ok(entry)
    }

    /// The result in the arena's words (`player 0 wins by four-in-a-row`).
    fn result_words(&self) -> Option<(Value, String)> {
        let o = self.state.outcome()?;
        let reason = self.state.end_reason().unwrap_or("over");
        let ranks = o.ranks().to_vec();
        let words = match o.winner() {
            Some(w) => format!("player {} wins by {reason}", w.0),
            None if ranks.windows(2).all(|w| w[0] == w[1]) => format!("a draw by {reason}"),
            None => {
                let r: Vec<String> = ranks.iter().map(u8::to_string).collect();
                format!("ranks {} by {reason}", r.join(", "))
            }
        };
        Some((json!({"winner": o.winner().map(|p| p.0), "ranks": ranks, "reason": reason}), words))
    }
}

impl<C: WebGame> Driver for Session<C> {
    fn view(&self) -> Value {
        let to_act = self.to_act();
        let human = to_act.is_some_and(|p| self.seats.get(p.index()).is_some_and(|s| s.bot.is_none()));
        let targets: Vec<Target> = match to_act {
            Some(p) if human => self.contest.targets(&self.shown, p),
            _ => Vec::new(),
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
            "svg": self.contest.svg(&self.shown, &moves),
            "pending": pending,
            "to_act": to_act.map(|p| p.0),
            "human": human,
            "over": self.state.is_over(),
            "result": self.result_words().map(|r| r.1),
            "winner": self.state.outcome().and_then(|o| o.winner()).map(|p| p.0),
            "targets": targets,
            "hint": to_act.filter(|_| human).and_then(|p| self.contest.hint(&self.shown, p, !self.pending.is_empty())),
            "turns": self.turns,
        })
    }

    fn play(&mut self, text: &str, ms: f64) -> Result<(), PlayError> {
        let p = self.to_act().ok_or(PlayError::Over)?;
        self.undo();
        let moves = self
            .contest
            .judge_line(&self.state, p, text)
            .map_err(|e| PlayError::Illegal { kind: e.kind.to_string(), message: e.message })?;
        // The bot of the seat (in the Worker's session) played this turn: its clock moves on.
        if let Some(seat) = self.seats.get_mut(p.index()) {
            seat.clock.start_answer();
            seat.clock.end_answer(std::time::Duration::from_secs_f64(ms.max(0.0) / 1000.0));
        }
        self.apply(p, moves, ms).map(|_| ())
    }

    fn think(&mut self) -> Result<TurnEntry, PlayError> {
        if self.state.is_over() {
            return Err(PlayError::Over);
        }
        let p = self.to_act().ok_or(PlayError::NotABotsTurn)?;
        let seat = self.seats.get_mut(p.index()).ok_or(PlayError::NotABotsTurn)?;
        let bot = seat.bot.as_mut().ok_or(PlayError::NotABotsTurn)?;
        let limit = seat.clock.start_answer();
        bot.set_time_left(limit);
        let t0 = Instant::now();
        let moves = bot.turn(&self.state, p);
        let used = t0.elapsed();
        seat.clock.end_answer(used);
        self.apply(p, moves, used.as_secs_f64() * 1000.0)
    }

    fn step(&mut self, text: &str, ms: f64) -> Result<Option<TurnEntry>, PlayError> {
        let p = self.to_act().ok_or(PlayError::Over)?;
        if self.seats.get(p.index()).is_none_or(|s| s.bot.is_some()) {
            return Err(PlayError::NotAPersonsTurn);
        }
        let illegal =
            |e: game_core::referee::ContestError| PlayError::Illegal { kind: e.kind.to_string(), message: e.message };
        let mv = self.contest.parse_step(&self.shown, p, text).map_err(illegal)?;
        let mut next = self.shown.clone();
        next.play(p, mv).map_err(|e| illegal(game_core::referee::ContestError::from_game(&e)))?;
        if next.is_over() || !next.to_act().includes(p) {
            let mut moves = std::mem::take(&mut self.pending);
            moves.push(mv);
            return self.apply(p, moves, ms).map(Some);
        }
        self.pending.push(mv);
        self.shown = next;
        Ok(None)
    }

    fn undo(&mut self) {
        self.pending.clear();
        self.shown = self.state.clone();
    }

    fn analyze(&self, spec: &str, blunder: f64) -> Result<Vec<PlyAnalysis>, PlayError> {
        let cfg = analysis_search(spec, self.contest.best()).map_err(PlayError::Spec)?;
        let mut plies = Vec::new();
        let mut state = self.start.clone();
        for (t, moves) in self.turns.iter().zip(&self.turn_moves) {
            let seat = PlayerId(t.player);
            let base = state.clone();
            for &m in moves {
                let _ = state.play(seat, m);
            }
            plies.push(Ply { seat, moves: moves.clone(), text: t.text.clone(), base });
        }
        Ok(analyze(&self.contest, &plies, cfg, blunder))
    }

    fn position(&self, ply: usize, best: &str) -> Option<String> {
        let turns = ply.checked_sub(1)?;
        let mut state = self.start.clone();
        let mut moves = Vec::new();
        for (t, turn) in self.turns.iter().zip(&self.turn_moves).take(turns) {
            for &m in turn {
                let _ = state.play(PlayerId(t.player), m);
                moves.push((PlayerId(t.player), m));
            }
        }
        let seat = PlayerId(self.turns.get(turns)?.player);
        let mut svg = self.contest.svg(&state, &moves);
        if let Ok(best) = self.contest.judge_line(&state, seat, best) {
            if let (Some(overlay), Some(end)) = (self.contest.best_move_svg(&state, seat, &best), svg.rfind("</svg>")) {
                svg.insert_str(end, &overlay);
            }
        }
        Some(svg)
    }

    fn record(&self) -> String {
        let n = self.seats.len();
        let bots: Vec<&str> = self.seats.iter().map(|s| s.spec.as_str()).collect();
        let head = json!({
            "format": 2,
            "game": self.contest.name(),
            "config": self.contest.config(),
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
