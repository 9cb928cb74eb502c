//! `VectorEnv`, the batched environment as Python sees it: numpy arrays in
//! and out, the GIL released while the games are stepped.

use crate::Game;
use crate::batch::{Batch, BatchError, DynBatch, Outputs};
use game_arena::games::Adapter;
use game_arena::registry::GameOptions;
use game_core::PlayerId;
use game_core::codec::{ActionCodec, Observe};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyTuple};
use std::sync::Mutex;

fn batch_error(e: BatchError) -> PyErr {
    match e {
        BatchError::Illegal { .. } => PyValueError::new_err(e.to_string()),
        BatchError::BotStuck { .. } | BatchError::Panicked => PyRuntimeError::new_err(e.to_string()),
    }
}

fn make<A>(a: A, n: usize, seed: u64, learner: Option<PlayerId>, opponent: Option<&str>) -> PyResult<Box<dyn DynBatch>>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    if let Some(spec) = opponent {
        // Checked once here, so that building each environment's bot cannot fail.
        game_arena::play::builtin_bot(&a, spec, 0).map_err(|e| PyValueError::new_err(format!("bot {spec:?}: {e}")))?;
    }
    let spec = opponent.map(str::to_string);
    let build = move |a: &A, seed: u64| spec.as_deref().and_then(|s| game_arena::play::builtin_bot(a, s, seed).ok());
    Ok(Box::new(Batch::new(&a, n, seed, learner, &build)))
}

/// `num_envs` games of one game stepped together.
#[pyclass(module = "contest_games")]
pub struct VectorEnv {
    // A Mutex: a pyclass is shared between threads, and the bots are Send only.
    inner: Mutex<Box<dyn DynBatch>>,
    n: usize,
    actions: usize,
    players: usize,
    threads: usize,
    shape: Vec<usize>,
    obs: Vec<f32>,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    done: Vec<u8>,
    to_play: Vec<i64>,
}

impl VectorEnv {
    /// The arrays of the last step as numpy arrays (one copy each).
    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let np = py.import("numpy")?;
        let n = self.n;
        let array = |bytes: &[u8], dtype: &str, shape: Vec<usize>| -> PyResult<Bound<'py, PyAny>> {
            let buf = PyByteArray::new(py, bytes);
            np.call_method1("frombuffer", (buf, dtype))?.call_method1("reshape", (PyTuple::new(py, shape)?,))
        };
        let d = PyDict::new(py);
        let mut obs_shape = vec![n];
        obs_shape.extend(&self.shape);
        d.set_item("observation", array(bytemuck::cast_slice(&self.obs), "=f4", obs_shape)?)?;
        d.set_item("legal_actions_mask", array(&self.mask, "u1", vec![n, self.actions])?)?;
        d.set_item("rewards", array(bytemuck::cast_slice(&self.rewards), "=f4", vec![n, self.players])?)?;
        d.set_item("done", np.call_method1("frombuffer", (PyByteArray::new(py, &self.done), "?"))?)?;
        d.set_item("to_play", array(bytemuck::cast_slice(&self.to_play), "=i8", vec![n])?)?;
        Ok(d)
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game`. Without `opponent` every seat is played
    /// by the actions given (self-play, one seat's action per step: the
    /// player to act, or the lowest seat still owing at a simultaneous
    /// node); with `opponent` (a bot spec such as `mcts:iters=50`) the
    /// actions are seat `player`'s and the bot plays every other seat.
    /// `threads` steps the games on that many threads (the results are the
    /// same for any number).
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0, opponent=None, player=0, threads=1))]
    fn new(
        game: &Game,
        num_envs: usize,
        seed: u64,
        opponent: Option<&str>,
        player: u8,
        threads: usize,
    ) -> PyResult<VectorEnv> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs=0: at least one environment is needed"));
        }
        let mut opts = GameOptions::default();
        for &(flag, v) in &game.options {
            opts.set(flag, v);
        }
        let players = game.start.num_players();
        if usize::from(player) >= players {
            return Err(PyValueError::new_err(format!("player={player}: no such seat (the game has {players})")));
        }
        let learner = opponent.map(|_| PlayerId(player));
        let inner = game_arena::with_game!(game.name, &opts, |a| Ok::<_, game_arena::error::ConfigError>(make(
            a, num_envs, seed, learner, opponent
        )))
        .map_err(|e| PyValueError::new_err(e.to_string()))??;
        let shape = game.start.observation_shape().to_vec();
        Ok(VectorEnv {
            obs: vec![0.0; num_envs * inner.obs_len()],
            mask: vec![0; num_envs * inner.actions()],
            rewards: vec![0.0; num_envs * inner.players()],
            done: vec![0; num_envs],
            to_play: vec![0; num_envs],
            n: num_envs,
            actions: inner.actions(),
            players: inner.players(),
            inner: Mutex::new(inner),
            threads: threads.max(1),
            shape,
        })
    }

    /// Environments.
    fn num_envs(&self) -> usize {
        self.n
    }

    /// Restarts every game: a dict of numpy arrays `observation` `[N,
    /// *shape]`, `legal_actions_mask` `[N, actions]`, `rewards` `[N,
    /// players]` (0), `done` `[N]` (false), `to_play` `[N]`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let threads = self.threads;
        let VectorEnv { inner, obs, mask, rewards, done, to_play, .. } = self;
        let inner = inner.get_mut().map_err(|_| PyRuntimeError::new_err("a step panicked"))?;
        py.allow_threads(|| inner.reset(Outputs { obs, mask, rewards, done, to_play }, threads))
            .map_err(batch_error)?;
        self.arrays(py)
    }

    /// Plays `actions[i]` (a sequence or array of `N` whole numbers) for
    /// the seat to play in game `i`, then the opponent bot; a game that
    /// ends is reset at once (`done[i]` true, `rewards[i]` its returns).
    /// The same dict as `reset`. An illegal action refuses the whole step
    /// (a `ValueError` naming the game and the action) before any game
    /// moves.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let np = py.import("numpy")?;
        let arr = np.call_method1("ascontiguousarray", (actions, "<i8"))?;
        let n = self.n;
        let got: usize = arr.getattr("size")?.extract()?;
        if got != n || arr.getattr("ndim")?.extract::<usize>()? != 1 {
            return Err(PyValueError::new_err(format!("actions: {got} values, one per environment ({n}) is needed")));
        }
        let bytes: Vec<u8> = arr.call_method0("tobytes")?.extract()?;
        let acts: Vec<i64> =
            bytes.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect();
        let threads = self.threads;
        let VectorEnv { inner, obs, mask, rewards, done, to_play, .. } = self;
        let inner = inner.get_mut().map_err(|_| PyRuntimeError::new_err("a step panicked"))?;
        py.allow_threads(|| inner.step(&acts, Outputs { obs, mask, rewards, done, to_play }, threads))
            .map_err(batch_error)?;
        self.arrays(py)
    }
}
