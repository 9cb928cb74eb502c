//! `VectorEnv`, the batched environment as Python sees it: numpy arrays in
//! and out, the GIL released while the games are stepped.

use crate::batch::{Batch, BatchError, DynBatch, Outputs};
use crate::{Game, Int};
use game_arena::games::Adapter;
use game_arena::registry::GameOptions;
use game_core::PlayerId;
use game_core::codec::{ActionCodec, Observe};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
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
        game_arena::play::builtin_bot(&a, spec, 0).map_err(|e| crate::bots::spec_error(spec, &e))?;
    }
    let spec = opponent.map(str::to_string);
    let build = move |a: &A, seed: u64| spec.as_deref().and_then(|s| game_arena::play::builtin_bot(a, s, seed).ok());
    Ok(Box::new(Batch::new(&a, n, seed, learner, &build)))
}

/// The most environments one `VectorEnv` holds.
pub const MAX_NUM_ENVS: usize = 1 << 20;
/// The most threads one `VectorEnv` steps on.
pub const MAX_THREADS: usize = 1024;

/// The batch and the arrays of its last step.
struct Inner {
    batch: Box<dyn DynBatch>,
    obs: Vec<f32>,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    done: Vec<u8>,
    to_play: Vec<i64>,
    reset: bool,
}

/// A copy of the arrays of one step, made while the lock was held.
struct Arrays {
    obs: Vec<f32>,
    mask: Vec<u8>,
    rewards: Vec<f32>,
    done: Vec<u8>,
    to_play: Vec<i64>,
}

/// `num_envs` games of one game stepped together.
#[pyclass(module = "contest_games", frozen)]
pub struct VectorEnv {
    // A Mutex: the object may be used from several Python threads, and each
    // step runs without the GIL.
    inner: Mutex<Inner>,
    n: usize,
    actions: usize,
    players: usize,
    threads: usize,
    shape: Vec<usize>,
}

impl VectorEnv {
    /// Runs `f` on the batch without the GIL, then copies the arrays out.
    fn run<'py>(
        &self,
        py: Python<'py>,
        f: impl FnOnce(&mut Box<dyn DynBatch>, Outputs<'_>, usize, bool) -> PyResult<()> + Send,
    ) -> PyResult<Bound<'py, PyDict>> {
        let threads = self.threads;
        let arrays = py.allow_threads(|| {
            let mut guard = self.inner.lock().map_err(|_| PyRuntimeError::new_err("an earlier step panicked"))?;
            let Inner { batch, obs, mask, rewards, done, to_play, reset } = &mut *guard;
            f(batch, Outputs { obs, mask, rewards, done, to_play }, threads, *reset)?;
            *reset = true;
            Ok::<_, PyErr>(Arrays {
                obs: obs.clone(),
                mask: mask.clone(),
                rewards: rewards.clone(),
                done: done.clone(),
                to_play: to_play.clone(),
            })
        })?;
        self.arrays(py, &arrays)
    }

    /// The arrays of the last step as numpy arrays.
    fn arrays<'py>(&self, py: Python<'py>, a: &Arrays) -> PyResult<Bound<'py, PyDict>> {
        let np = py.import("numpy")?;
        let n = self.n;
        let array = |bytes: &[u8], dtype: &str, shape: Vec<usize>| -> PyResult<Bound<'py, PyAny>> {
            let buf = PyByteArray::new(py, bytes);
            np.call_method1("frombuffer", (buf, dtype))?.call_method1("reshape", (PyTuple::new(py, shape)?,))
        };
        let d = PyDict::new(py);
        let mut obs_shape = vec![n];
        obs_shape.extend(&self.shape);
        d.set_item("observation", array(bytemuck::cast_slice(&a.obs), "=f4", obs_shape)?)?;
        d.set_item("legal_actions_mask", array(&a.mask, "u1", vec![n, self.actions])?)?;
        d.set_item("rewards", array(bytemuck::cast_slice(&a.rewards), "=f4", vec![n, self.players])?)?;
        d.set_item("done", np.call_method1("frombuffer", (PyByteArray::new(py, &a.done), "?"))?)?;
        d.set_item("to_play", array(bytemuck::cast_slice(&a.to_play), "=i8", vec![n])?)?;
        Ok(d)
    }
}

/// `n * per` elements, or a `ValueError`.
fn size(n: usize, per: usize) -> PyResult<usize> {
    n.checked_mul(per).ok_or_else(|| PyValueError::new_err(format!("num_envs={n}: the arrays would be too large")))
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game` (1 to `MAX_NUM_ENVS`, 2**20). Without
    /// `opponent` every seat is played by the actions given (self-play,
    /// one seat's action per step: the player to act, or the lowest seat
    /// still owing at a simultaneous node; `player` must then be 0); with
    /// `opponent` (a bot spec such as `mcts:iters=50`) the actions are
    /// seat `player`'s and the bot plays every other seat. `threads` (1 to
    /// 1024) steps the games on that many threads (the results are the
    /// same for any number). A `VectorEnv` may be used from any Python
    /// thread; steps of one object run one at a time.
    #[new]
    #[pyo3(
        signature = (game, num_envs, seed=Int::new(0), opponent=None, player=Int::new(0), threads=Int::new(1)),
        text_signature = "(game, num_envs, seed=0, opponent=None, player=0, threads=1)"
    )]
    fn new(
        game: &Game,
        num_envs: Int,
        seed: Int,
        opponent: Option<&str>,
        player: Int,
        threads: Int,
    ) -> PyResult<VectorEnv> {
        let num_envs = num_envs.check("num_envs", 1, MAX_NUM_ENVS as i128)? as usize;
        let seed = seed.check("seed", 0, u64::MAX.into())? as u64;
        let threads = threads.check("threads", 1, MAX_THREADS as i128)? as usize;
        let players = game.start.num_players();
        let player = player.check("player", 0, players as i128 - 1).map_err(|_| {
            PyValueError::new_err(format!("player={}: no such seat (the game has {players})", player.shown))
        })? as u8;
        if opponent.is_none() && player != 0 {
            return Err(PyValueError::new_err(format!(
                "player={player} without opponent: name an opponent bot, or leave player at 0 (self-play)"
            )));
        }
        let mut opts = GameOptions::default();
        for &(flag, v) in &game.options {
            opts.set(flag, v);
        }
        let learner = opponent.map(|_| PlayerId(player));
        let probe = game.start.num_distinct_actions();
        let shape = game.start.observation_shape().to_vec();
        // Checked before any environment is built.
        size(num_envs, probe)?;
        size(num_envs, shape.iter().product())?;
        let batch = game_arena::with_game!(game.name, &opts, |a| Ok::<_, game_arena::error::ConfigError>(make(
            a, num_envs, seed, learner, opponent
        )))
        .map_err(|e| PyValueError::new_err(e.to_string()))??;
        let inner = Inner {
            obs: vec![0.0; size(num_envs, batch.obs_len())?],
            mask: vec![0; size(num_envs, batch.actions())?],
            rewards: vec![0.0; size(num_envs, batch.players())?],
            done: vec![0; num_envs],
            to_play: vec![0; num_envs],
            reset: false,
            batch,
        };
        Ok(VectorEnv {
            n: num_envs,
            actions: inner.batch.actions(),
            players: inner.batch.players(),
            inner: Mutex::new(inner),
            threads,
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
    fn reset<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.run(py, |batch, out, threads, _| batch.reset(out, threads).map_err(batch_error))
    }

    /// Plays `actions[i]` (a 1-D sequence or integer array of `N` whole
    /// numbers) for the seat to play in game `i`, then the opponent bot; a
    /// game that ends is reset at once (`done[i]` true, `rewards[i]` its
    /// returns). The same dict as `reset`, which must be called first. An
    /// illegal action refuses the whole step (a `ValueError` naming the
    /// game and the action) before any game moves. A step runs in Rust
    /// without the GIL and cannot be interrupted by Ctrl-C: keep the
    /// opponent's search small.
    fn step<'py>(&self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let np = py.import("numpy")?;
        let arr = np.call_method1("asarray", (actions,))?;
        let n = self.n;
        let ndim: usize = arr.getattr("ndim")?.extract()?;
        if ndim != 1 {
            let shape = arr.getattr("shape")?.repr()?.to_string();
            return Err(PyValueError::new_err(format!(
                "actions: a 1-D array of {n} actions (one per environment) is needed, not shape {shape}"
            )));
        }
        let got: usize = arr.getattr("size")?.extract()?;
        if got != n {
            return Err(PyValueError::new_err(format!("actions: {got} values, one per environment ({n}) is needed")));
        }
        let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
        if kind != "i" && kind != "u" {
            let dtype = arr.getattr("dtype")?.str()?.to_string();
            return Err(PyTypeError::new_err(format!("actions: whole numbers are needed, not dtype {dtype}")));
        }
        if kind == "u" && arr.call_method0("max")?.extract::<u64>()? > i64::MAX as u64 {
            return Err(PyValueError::new_err("actions: a value is out of range of whole numbers of 64 bits"));
        }
        let arr = np.call_method1("ascontiguousarray", (arr, "<i8"))?;
        let bytes: Vec<u8> = arr.call_method0("tobytes")?.extract()?;
        let acts: Vec<i64> =
            bytes.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect();
        self.run(py, |batch, out, threads, was_reset| {
            if !was_reset {
                return Err(PyRuntimeError::new_err("step() before reset(): call reset() first"));
            }
            batch.step(&acts, out, threads).map_err(batch_error)
        })
    }
}
