//! The arena's built-in bots by their spec strings (`random`, `best`,
//! `mcts:iters=200`, ...), choosing actions for Python states.
//!
//! The arena asks a built-in bot for a seat's whole turn at once
//! (`Bot::turn`, on the position every acting seat decides on); Python asks
//! one action at a time. So a bot plans the whole turn when a seat's turn
//! begins and hands out its moves one by one while the game goes on as
//! planned: a seeded game from Python then plays what `arena play` plays
//! (Parallel Football's teams decide on the position before anyone's
//! orders, as the arena's do).

use crate::Game;
use crate::session::{DynState, Session, Step};
use game_arena::games::Adapter;
use game_core::bot::Bot as CoreBot;
use game_core::codec::{ActionCodec, Observe};
use game_core::{Game as _, PlayerId};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Mutex;

/// A bot of one game, whatever the game.
trait DynBot: Send {
    /// The action the bot chooses for `player` in `state`.
    fn step(&mut self, state: &dyn DynState, player: usize) -> PyResult<usize>;
}

struct BotOf<A: Adapter> {
    bot: Box<dyn CoreBot<A::Game>>,
    /// Each seat's turn in progress.
    plans: Vec<Option<Plan<A::Game>>>,
}

/// A seat's whole turn as the bot chose it, and how much of it was handed out.
struct Plan<G: game_core::Game> {
    /// The position the turn was chosen on.
    snap: G,
    /// The length of the session's history then.
    from: usize,
    moves: Vec<G::Move>,
    used: usize,
}

impl<G: game_core::Game> Plan<G> {
    /// The next planned move of `me` when `s` is the planned position with
    /// the moves since (every seat's, `me`'s as planned, no chance step).
    fn next<A: Adapter<Game = G>>(&mut self, s: &Session<A>, me: PlayerId) -> Option<G::Move> {
        let since = s.history.get(self.from..)?;
        let mut g = self.snap.clone();
        let mut mine = 0;
        for step in since {
            let Step::Move(p, m) = step else { return None };
            if *p == me {
                if self.moves.get(mine) != Some(m) {
                    return None;
                }
                mine += 1;
            }
            g.play(*p, *m).ok()?;
        }
        let mv = *self.moves.get(self.used)?;
        if mine != self.used || g != s.state || !s.state.is_legal(me, mv) {
            return None;
        }
        self.used += 1;
        Some(mv)
    }
}

impl<A> DynBot for BotOf<A>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    fn step(&mut self, state: &dyn DynState, player: usize) -> PyResult<usize> {
        let s = state
            .as_any()
            .downcast_ref::<Session<A>>()
            .ok_or_else(|| PyValueError::new_err("the state is of another game than the bot"))?;
        let me = PlayerId(player as u8);
        if !s.state.to_act().includes(me) {
            return Err(PyValueError::new_err(format!("player {player} does not act in this state")));
        }
        let plan = self.plans.get_mut(player).and_then(Option::take);
        let mv = match plan.and_then(|mut plan| plan.next(s, me).map(|mv| (mv, plan))) {
            Some((mv, plan)) => {
                self.plans[player] = Some(plan);
                mv
            }
            None => {
                let moves = self.bot.turn(&s.state, me);
                let mv = *moves
                    .first()
                    .ok_or_else(|| PyValueError::new_err(format!("player {player} has no legal action")))?;
                if let Some(slot) = self.plans.get_mut(player) {
                    *slot = Some(Plan { snap: s.state.clone(), from: s.history.len(), moves, used: 1 });
                }
                mv
            }
        };
        s.state.encode_action(mv).ok_or_else(|| PyValueError::new_err("the bot chose a move outside the codec"))
    }
}

fn make<A>(a: A, spec: &str, seed: u64) -> PyResult<Box<dyn DynBot>>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    let bot = game_arena::play::builtin_bot(&a, spec, seed).map_err(|e| spec_error(&a, spec, &e))?;
    let seats = a.start().players();
    Ok(Box::new(BotOf::<A> { bot, plans: (0..seats).map(|_| None).collect() }))
}

/// The `ValueError` of a bad spec, named once. A spec that is a good one
/// but for its case or the spaces around it (`"Random"`, `"random "`)
/// gets the same kind of message: the spec it resembles.
pub(crate) fn spec_error<A: Adapter>(a: &A, spec: &str, e: &dyn std::fmt::Display) -> PyErr {
    let near = spec.trim().to_lowercase();
    if near != spec && game_arena::play::builtin_bot(a, &near, 0).is_ok() {
        return PyValueError::new_err(format!(
            "bot {spec:?}: no such bot, did you mean {near:?}? (a spec is lower case, with no spaces around it)"
        ));
    }
    // Python runs built-in bots only: a program is run_bot's business.
    let msg = e.to_string().replace(", cmd:PROGRAM ARGS", "");
    if msg.starts_with("bot ") {
        PyValueError::new_err(msg)
    } else {
        PyValueError::new_err(format!("bot {spec:?}: {msg}"))
    }
}

/// A built-in bot playing a game from Python, from any thread.
#[pyclass(module = "contest_games", frozen)]
pub struct Bot {
    // A Mutex: the object may be used from several Python threads.
    inner: Mutex<Box<dyn DynBot>>,
    spec: String,
}

#[pymethods]
impl Bot {
    /// The action the bot chooses in `state` for `player` (the player to act
    /// by default; name it at a simultaneous node). The bot chooses the
    /// seat's whole turn when it begins, as the arena asks it, and hands
    /// out its moves one per call while the game goes on as planned. The
    /// search runs in Rust with the GIL released (other Python threads
    /// run meanwhile) and cannot be interrupted by Ctrl-C until it
    /// returns. A bot stepped while it is busy in another thread raises
    /// `RuntimeError`.
    #[pyo3(signature = (state, player=None))]
    fn step(&self, py: Python<'_>, state: &crate::State, player: Option<i64>) -> PyResult<usize> {
        let p = state.player_or_current(player)?;
        // Never waited for: a bot busy in another thread is an error.
        let mut guard = self
            .inner
            .try_lock()
            .map_err(|_| PyRuntimeError::new_err("the bot is busy in another thread (or an earlier step panicked)"))?;
        let bot: &mut Box<dyn DynBot> = &mut guard;
        let st: &dyn DynState = &*state.inner;
        py.allow_threads(move || bot.step(st, p))
    }
    fn __repr__(&self) -> String {
        format!("bot({:?})", self.spec)
    }
}

/// The arena's built-in bot `spec` (`random`, `best`, `mcts:iters=200`,
/// a game's own bots) for `game`, seeded.
#[pyfunction]
#[pyo3(signature = (spec, game, seed=crate::Int::new(0)), text_signature = "(spec, game, seed=0)")]
pub fn bot(spec: &str, game: &Game, seed: crate::Int) -> PyResult<Bot> {
    let seed = seed.check("seed", 0, u64::MAX.into())? as u64;
    let mut opts = game_arena::registry::GameOptions::default();
    for &(flag, v) in &game.options {
        opts.set(flag, v);
    }
    let inner =
        game_arena::with_game!(game.name, &opts, |a| Ok::<_, game_arena::error::ConfigError>(make(a, spec, seed)))
            .map_err(|e| PyValueError::new_err(e.to_string()))??;
    Ok(Bot { inner: Mutex::new(inner), spec: spec.to_string() })
}
