//! One game's state behind a game-independent interface: the registry's
//! contest of the game, the state, its history (for records and
//! serialisation) and the seeded generator that resolves chance.
//!
//! Chance is the crates' `ToAct::Chance`: the state stops there
//! (`current_player()` is OpenSpiel's -1) until Python resolves it, from
//! the game's generator (`resolve_chance`) or with a value of its own
//! (`apply_chance`). The generator is the arena's: `seeded(seed)`, one
//! for the whole game, drawn in order, so a seeded game from Python and
//! `arena play` with the same seed and moves draw the same allocations.

use crate::record;
use game_arena::games::Adapter;
use game_core::codec::{ActionCodec, Observe};
use game_core::rng::{GameRng, seeded};
use game_core::{Game, PlayerId, ToAct};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::any::Any;
use std::sync::Arc;

/// OpenSpiel's `kSimultaneousPlayerId`.
pub const SIMULTANEOUS: i64 = -2;
/// OpenSpiel's `kTerminalPlayerId`.
pub const TERMINAL: i64 = -4;
/// OpenSpiel's `kChancePlayerId`: a chance node, resolved by
/// `resolve_chance` or `apply_chance`.
pub const CHANCE: i64 = -1;
/// OpenSpiel's `kInvalidAction`: a seat that does not act passes it to
/// `apply_actions`.
pub const INVALID: i64 = -1;

/// One step of a game's history.
#[derive(Clone, Debug)]
pub enum Step<G: Game> {
    /// A seat's move.
    Move(PlayerId, G::Move),
    /// A chance value: drawn from the game's generator (`true`) or given
    /// by Python (`false`, which does not advance the generator).
    Chance(G::Chance, bool),
}

/// The bindings' view of a state, whatever its game.
pub trait DynState: Send + Sync {
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// For the bots, which know their game's type.
    fn as_any(&self) -> &dyn Any;
    /// Seats.
    fn num_players(&self) -> usize;
    /// Distinct actions.
    fn num_distinct_actions(&self) -> usize;
    /// The longest game, in actions and chance steps.
    fn max_game_length(&self) -> Option<u64>;
    /// `[planes, height, width]`.
    fn observation_shape(&self) -> [usize; 3];
    /// OpenSpiel's current player code.
    fn current_player(&self) -> i64;
    /// The seats acting now.
    fn acting(&self) -> Vec<usize>;
    /// The legal actions of `player`, ascending.
    fn legal_actions(&self, player: usize) -> Vec<usize>;
    /// Plays `actions[s]` for each acting seat `s` at once (one entry per
    /// seat, [`INVALID`] for the others).
    fn apply(&mut self, actions: &[i64]) -> PyResult<()>;
    /// The observation of `player`, as floats.
    fn observation(&self, player: usize, out: &mut [f32]) -> PyResult<()>;
    /// Each seat's value once over (0 before).
    fn returns(&self) -> Vec<f64>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool;
    /// An action in contest notation.
    fn action_to_string(&self, player: usize, action: i64) -> PyResult<String>;
    /// A move in contest notation as an action.
    fn string_to_action(&self, player: usize, text: &str) -> PyResult<usize>;
    /// Plays a whole turn of `player` written in the contest's notation
    /// (as a record's `text`: a Paper Soccer turn's steps, a Parallel
    /// Football team's orders).
    fn apply_turn(&mut self, player: usize, text: &str) -> PyResult<()>;
    /// The position as the crate draws it in text.
    fn display(&self) -> String;
    /// The history, as `(seat, action)` pairs and chance values (JSON).
    fn history_json(&self) -> serde_json::Value;
    /// Replays a history written by [`history_json`](DynState::history_json).
    fn replay_json(&mut self, history: &serde_json::Value) -> PyResult<()>;
    /// The arena's record of the game so far.
    fn to_record(&self, bots: &[String]) -> PyResult<String>;
    /// The seed of the chance generator.
    fn seed(&self) -> u64;
    /// At a chance node, draws the value from the game's generator and
    /// applies it; returns it as JSON.
    fn resolve_chance(&mut self) -> PyResult<serde_json::Value>;
    /// At a chance node, the value the game's generator would draw now
    /// (nothing is applied, the generator does not advance).
    fn peek_chance(&self) -> PyResult<serde_json::Value>;
    /// At a chance node, applies `value` (JSON of the game's chance
    /// value), the generator untouched.
    fn apply_chance(&mut self, value: &serde_json::Value) -> PyResult<()>;
}

/// A game's contest and a state of it.
pub struct Session<A: Adapter> {
    pub(crate) contest: Arc<A>,
    pub(crate) start: A::Game,
    pub(crate) state: A::Game,
    pub(crate) history: Vec<Step<A::Game>>,
    seed: u64,
    /// The game's chance generator, `seeded(seed)`, advanced by each drawn
    /// chance step (as the arena's).
    rng: GameRng,
}

impl<A: Adapter> Clone for Session<A> {
    fn clone(&self) -> Self {
        Session {
            contest: Arc::clone(&self.contest),
            start: self.start.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            seed: self.seed,
            rng: self.rng.clone(),
        }
    }
}

fn value_error(text: String) -> PyErr {
    PyValueError::new_err(text)
}

impl<A> Session<A>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    /// The start of `contest`, chance drawn from `seed`.
    pub fn new(contest: A, seed: u64) -> Session<A> {
        let start = contest.start();
        Session {
            contest: Arc::new(contest),
            state: start.clone(),
            start,
            history: Vec::new(),
            seed,
            rng: seeded(seed),
        }
    }

    /// A position of `contest` seen by a bot program (no history: the
    /// referee keeps the game; chance is the referee's).
    pub fn at(contest: Arc<A>, state: A::Game) -> Session<A> {
        Session { contest, start: state.clone(), state, history: Vec::new(), seed: 0, rng: seeded(0) }
    }

    fn check_chance_node(&self) -> PyResult<()> {
        match self.state.to_act() {
            ToAct::Chance => Ok(()),
            ToAct::Over => Err(value_error("the game is over: no chance step is due".into())),
            _ => Err(value_error("not a chance node: players act now".into())),
        }
    }

    /// Draws the chance value due from the game's generator (advancing it).
    fn draw(&mut self) -> PyResult<<A::Game as Game>::Chance> {
        self.check_chance_node()?;
        self.state
            .sample_chance(&mut self.rng)
            .ok_or_else(|| PyRuntimeError::new_err("the game drew no chance value at its chance node"))
    }

    fn seat(&self, player: i64) -> PyResult<PlayerId> {
        match u8::try_from(player) {
            Ok(p) if usize::from(p) < self.state.players() => Ok(PlayerId(p)),
            _ => Err(value_error(format!("player {player}: no such seat (the game has {})", self.state.players()))),
        }
    }

    fn decode(&self, action: i64) -> PyResult<<A::Game as Game>::Move> {
        usize::try_from(action).ok().and_then(|a| self.state.decode_action(a)).ok_or_else(|| {
            value_error(format!(
                "action {action}: not an action of this game (0..{})",
                self.state.num_distinct_actions()
            ))
        })
    }
}

impl<A> DynState for Session<A>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn num_players(&self) -> usize {
        self.state.players()
    }

    fn num_distinct_actions(&self) -> usize {
        self.state.num_distinct_actions()
    }

    fn max_game_length(&self) -> Option<u64> {
        self.start.max_plies()
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.state.observation_shape()
    }

    fn current_player(&self) -> i64 {
        match self.state.to_act() {
            ToAct::Player(p) => i64::from(p.0),
            ToAct::Simultaneous(_) => SIMULTANEOUS,
            ToAct::Chance => CHANCE,
            ToAct::Over => TERMINAL,
        }
    }

    fn acting(&self) -> Vec<usize> {
        (0..self.state.players()).filter(|&p| self.state.to_act().includes(PlayerId(p as u8))).collect()
    }

    fn legal_actions(&self, player: usize) -> Vec<usize> {
        let mut moves = Vec::new();
        let mut actions = Vec::new();
        game_core::codec::legal_actions(&self.state, PlayerId(player as u8), &mut moves, &mut actions);
        actions.sort_unstable();
        actions
    }

    fn apply(&mut self, actions: &[i64]) -> PyResult<()> {
        let n = self.state.players();
        if actions.len() != n {
            return Err(value_error(format!("{} actions given: one per seat ({n}) is needed", actions.len())));
        }
        if self.state.is_over() {
            return Err(value_error("the game is over: no action can be applied".into()));
        }
        if self.state.to_act() == ToAct::Chance {
            return Err(value_error(
                "a chance node: resolve it first (resolve_chance() or apply_chance(value))".into(),
            ));
        }
        // On a copy, so that a refused action leaves the state unchanged.
        let mut next = self.state.clone();
        let mut played = Vec::new();
        for (p, &a) in actions.iter().enumerate() {
            let seat = PlayerId(p as u8);
            if !self.state.to_act().includes(seat) {
                if a != INVALID {
                    return Err(value_error(format!("player {p} does not act now: pass {INVALID}, not {a}")));
                }
                continue;
            }
            if a == INVALID {
                return Err(value_error(format!("player {p} must act now: pass one of its legal actions, not {a}")));
            }
            let mv = self.decode(a)?;
            next.play(seat, mv).map_err(|e| {
                let text = self.contest.format_move(&self.state, mv);
                value_error(format!("action {a} ({text}) of player {p} is illegal: {e}"))
            })?;
            played.push(Step::Move(seat, mv));
        }
        self.state = next;
        self.history.extend(played);
        Ok(())
    }

    fn observation(&self, player: usize, out: &mut [f32]) -> PyResult<()> {
        self.state.write_observation(PlayerId(player as u8), out).map_err(|e| value_error(e.to_string()))
    }

    fn returns(&self) -> Vec<f64> {
        let n = self.state.players();
        match self.state.outcome() {
            Some(o) => (0..n).map(|p| o.value_for(PlayerId(p as u8))).collect(),
            None => vec![0.0; n],
        }
    }

    fn is_terminal(&self) -> bool {
        self.state.is_over()
    }

    fn action_to_string(&self, player: usize, action: i64) -> PyResult<String> {
        let _ = self.seat(player as i64)?;
        let mv = self.decode(action)?;
        Ok(self.contest.format_move(&self.state, mv))
    }

    fn string_to_action(&self, player: usize, text: &str) -> PyResult<usize> {
        let _ = self.seat(player as i64)?;
        // The action whose notation the text is: the contest's notation is
        // written move by move, so every action is compared (a few hundred
        // at most), and whether it is legal now is not asked.
        let wanted = text.split_whitespace().collect::<Vec<_>>().join(" ");
        (0..self.state.num_distinct_actions())
            .find(|&a| self.state.decode_action(a).is_some_and(|m| self.contest.format_move(&self.state, m) == wanted))
            .ok_or_else(|| value_error(format!("{text:?}: not the notation of any action of this game")))
    }

    fn apply_turn(&mut self, player: usize, text: &str) -> PyResult<()> {
        let seat = self.seat(player as i64)?;
        if !self.state.to_act().includes(seat) {
            return Err(value_error(format!("player {player} does not act now")));
        }
        let moves = self
            .contest
            .judge_line(&self.state, seat, text)
            .map_err(|e| value_error(format!("{text:?}: not a turn of player {player} here: {e}")))?;
        let mut next = self.state.clone();
        for &mv in &moves {
            next.play(seat, mv).map_err(|e| value_error(format!("{text:?}: {e}")))?;
        }
        self.state = next;
        self.history.extend(moves.into_iter().map(|mv| Step::Move(seat, mv)));
        Ok(())
    }

    fn display(&self) -> String {
        self.contest.display(&self.state)
    }

    fn history_json(&self) -> serde_json::Value {
        let steps: Vec<serde_json::Value> = self
            .history
            .iter()
            .map(|s| match s {
                Step::Move(p, m) => serde_json::json!([p.0, self.state.encode_action(*m)]),
                Step::Chance(c, true) => serde_json::json!({ "chance": c }),
                Step::Chance(c, false) => serde_json::json!({ "chance": c, "given": true }),
            })
            .collect();
        serde_json::Value::Array(steps)
    }

    fn replay_json(&mut self, history: &serde_json::Value) -> PyResult<()> {
        let bad = |why: &str| value_error(format!("not a serialised state: {why}"));
        let steps = history.as_array().ok_or_else(|| bad("the history is not a list"))?;
        let mut s = Session { history: Vec::new(), state: self.start.clone(), rng: seeded(self.seed), ..self.clone() };
        for step in steps {
            if let Some(c) = step.get("chance") {
                let c: <A::Game as Game>::Chance =
                    serde_json::from_value(c.clone()).map_err(|e| bad(&format!("chance value: {e}")))?;
                let drawn = match step.get("given") {
                    None => true,
                    Some(serde_json::Value::Bool(true)) => false,
                    Some(g) => return Err(bad(&format!("\"given\": {g}: only true is written"))),
                };
                if s.state.to_act() != ToAct::Chance {
                    return Err(bad("a chance value where no chance step is due"));
                }
                // A drawn value is drawn again, so that the generator is
                // where the original's was; it must be the same.
                if drawn && s.draw().ok().as_ref() != Some(&c) {
                    return Err(bad("a chance value marked drawn is not the seed's draw"));
                }
                s.state.apply_chance(&c).map_err(|e| bad(&format!("chance value refused: {e}")))?;
                s.history.push(Step::Chance(c, drawn));
                continue;
            }
            let pair = step.as_array().filter(|v| v.len() == 2).ok_or_else(|| bad("a step is not [seat, action]"))?;
            let (Some(p), Some(a)) = (pair[0].as_i64(), pair[1].as_i64()) else {
                return Err(bad("a step is not [seat, action]"));
            };
            let seat = s.seat(p)?;
            let mv = s.decode(a)?;
            s.state.play(seat, mv).map_err(|e| bad(&format!("action {a} of player {p} refused: {e}")))?;
            s.history.push(Step::Move(seat, mv));
        }
        *self = s;
        Ok(())
    }

    fn to_record(&self, bots: &[String]) -> PyResult<String> {
        record::write(self, bots).map_err(|e| PyRuntimeError::new_err(format!("cannot write the record: {e}")))
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn resolve_chance(&mut self) -> PyResult<serde_json::Value> {
        let c = self.draw()?;
        self.state.apply_chance(&c).map_err(|e| PyRuntimeError::new_err(format!("the drawn chance value: {e}")))?;
        let v = serde_json::to_value(&c).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        self.history.push(Step::Chance(c, true));
        Ok(v)
    }

    fn peek_chance(&self) -> PyResult<serde_json::Value> {
        let c = self.clone().draw()?;
        serde_json::to_value(&c).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    fn apply_chance(&mut self, value: &serde_json::Value) -> PyResult<()> {
        self.check_chance_node()?;
        let c: <A::Game as Game>::Chance = serde_json::from_value(value.clone())
            .map_err(|e| value_error(format!("chance value {value}: not one of this game: {e}")))?;
        let mut next = self.state.clone();
        next.apply_chance(&c).map_err(|e| value_error(format!("chance value {value} refused: {e}")))?;
        self.state = next;
        self.history.push(Step::Chance(c, false));
        Ok(())
    }
}
