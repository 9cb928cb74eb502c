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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

fn batch_error(e: BatchError) -> PyErr {
    match e {
        BatchError::Illegal { .. } => PyValueError::new_err(e.to_string()),
        BatchError::BotStuck { .. } | BatchError::Panicked | BatchError::Stopped { .. } => {
            PyRuntimeError::new_err(e.to_string())
        }
    }
}

fn make<A>(a: A, n: usize, seed: u64, learner: Option<PlayerId>, opponent: Option<&str>) -> PyResult<Box<dyn DynBatch>>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    if let Some(spec) = opponent {
        // Checked once here, so that building each environment's bot cannot fail.
        game_arena::play::builtin_bot(&a, spec, 0).map_err(|e| crate::bots::spec_error(&a, spec, &e))?;
    }
    let spec = opponent.map(str::to_string);
    let build = move |a: &A, seed: u64| spec.as_deref().and_then(|s| game_arena::play::builtin_bot(a, s, seed).ok());
    Ok(Box::new(Batch::new(&a, n, seed, learner, &build)))
}

/// The most environments one `VectorEnv` holds.
pub const MAX_NUM_ENVS: usize = 1 << 20;
/// The most memory one `VectorEnv` is estimated to need, in bytes
/// ([`estimate`]): a larger `num_envs` is a `ValueError` rather than an
/// allocation failure aborting the process.
pub const MAX_MEMORY: usize = 16 << 30;

/// The memory `n` environments are estimated to need, in bytes: each
/// environment's row of a step's arrays (`obs_len` floats, an
/// `actions`-byte mask, `players` rewards, `done`, `to_play`) twice (the
/// arrays of the step returned and of the one before, still held by the
/// caller), and 4 KiB for its game and bot; `None` past a usize.
pub fn estimate(n: usize, obs_len: usize, actions: usize, players: usize) -> Option<usize> {
    let row = obs_len.checked_mul(4)?.checked_add(players.checked_mul(4)?)?.checked_add(actions)?.checked_add(9)?;
    n.checked_mul(row.checked_mul(2)?.checked_add(4096)?)
}

/// The most threads one `VectorEnv` steps on.
pub const MAX_THREADS: usize = 1024;

/// The batch, and whether it was reset.
struct Inner {
    batch: Box<dyn DynBatch>,
    /// Whether every environment was reset and no step was interrupted
    /// since (a `step` needs it).
    reset: bool,
}

/// How often a running step looks at Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// `num_envs` games of one game stepped together.
#[pyclass(module = "contest_games", frozen)]
pub struct VectorEnv {
    // A Mutex: the object may be used from several Python threads, and each
    // step runs without the GIL.
    inner: Mutex<Inner>,
    n: usize,
    actions: usize,
    players: usize,
    obs_len: usize,
    threads: usize,
    shape: Vec<usize>,
}

/// Where each array lies in the one buffer of a step, in bytes: the 8-byte
/// values first, then the 4-byte ones, then the bytes, so that each is
/// aligned when the buffer is.
struct Layout {
    to_play: usize,
    obs: usize,
    rewards: usize,
    mask: usize,
    done: usize,
    total: usize,
}

impl VectorEnv {
    fn layout(&self) -> Layout {
        let n = self.n;
        // The products were checked when the object was made.
        let to_play = 0;
        let obs = to_play + 8 * n;
        let rewards = obs + 4 * n * self.obs_len;
        let mask = rewards + 4 * n * self.players;
        let done = mask + n * self.actions;
        Layout { to_play, obs, rewards, mask, done, total: done + n }
    }

    /// The object's batch, waited for with the GIL released (another
    /// Python thread may be stepping it), Ctrl-C heard while waiting.
    fn lock(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, Inner>> {
        loop {
            match self.inner.try_lock() {
                Ok(guard) => return Ok(guard),
                Err(TryLockError::Poisoned(_)) => return Err(PyRuntimeError::new_err("an earlier step panicked")),
                Err(TryLockError::WouldBlock) => {
                    py.allow_threads(|| std::thread::sleep(Duration::from_micros(200)));
                    py.check_signals()?;
                }
            }
        }
    }

    /// Resets (`actions` `None`) or steps the batch, its outputs written
    /// straight into the memory of the numpy arrays returned (one Python
    /// buffer, no copy): each call returns new arrays, which later steps
    /// and other threads never touch. The games run without the GIL;
    /// Ctrl-C is heard meanwhile, within one environment's step
    /// (`KeyboardInterrupt`, the batch then needing a `reset`).
    fn run<'py>(&self, py: Python<'py>, actions: Option<&[i64]>) -> PyResult<Bound<'py, PyDict>> {
        let l = self.layout();
        let buf = PyByteArray::new_with(py, l.total, |bytes| {
            let mut guard = self.lock(py)?;
            let inner = &mut *guard;
            if let Some(actions) = actions {
                if !inner.reset {
                    return Err(PyRuntimeError::new_err(
                        "step() before reset() (or after an interrupted call): call reset() first",
                    ));
                }
                // Every action is checked before any environment moves.
                let batch = &mut inner.batch;
                py.allow_threads(move || batch.check(actions)).map_err(batch_error)?;
            }
            let (head, done) = bytes.split_at_mut(l.done);
            let (head, mask) = head.split_at_mut(l.mask);
            let (head, rewards) = head.split_at_mut(l.rewards);
            let (to_play, obs) = head.split_at_mut(l.obs);
            match (
                bytemuck::try_cast_slice_mut::<u8, i64>(to_play),
                bytemuck::try_cast_slice_mut::<u8, f32>(obs),
                bytemuck::try_cast_slice_mut::<u8, f32>(rewards),
            ) {
                (Ok(to_play), Ok(obs), Ok(rewards)) => {
                    self.drive(py, inner, actions, Outputs { obs, mask, rewards, done, to_play })
                }
                (to_play, obs, rewards) => {
                    // A buffer not aligned for its numbers (no allocator
                    // Python uses gives one): through aligned copies.
                    let (n, ol, pl) = (self.n, self.obs_len, self.players);
                    let (mut tp, mut o, mut r) = (vec![0i64; n], vec![0f32; n * ol], vec![0f32; n * pl]);
                    let out = Outputs { obs: &mut o, mask, rewards: &mut r, done, to_play: &mut tp };
                    self.drive(py, inner, actions, out)?;
                    let _ = (to_play, obs, rewards);
                    let (head, _) = bytes.split_at_mut(l.mask);
                    head[l.to_play..l.obs].copy_from_slice(bytemuck::cast_slice(&tp));
                    head[l.obs..l.rewards].copy_from_slice(bytemuck::cast_slice(&o));
                    head[l.rewards..].copy_from_slice(bytemuck::cast_slice(&r));
                    Ok(())
                }
            }
        })?;
        self.arrays(py, &buf, &l)
    }

    /// Runs the batch over `out`, the GIL released, hearing Ctrl-C
    /// within one environment's step however long a step takes (an
    /// opponent planning a turn): on one thread, the first [`POLL`] runs
    /// here (a fast step starts no thread); the rest runs on a thread of
    /// its own (and its `threads`) while this one looks at Ctrl-C every
    /// [`POLL`], the batch stopping before its next environment once it
    /// is heard.
    fn drive(&self, py: Python<'_>, inner: &mut Inner, actions: Option<&[i64]>, out: Outputs<'_>) -> PyResult<()> {
        let result = self.drive_inner(py, &mut inner.batch, actions, out);
        inner.reset = result.is_ok() && (actions.is_none() || inner.reset);
        result
    }

    fn drive_inner(
        &self,
        py: Python<'_>,
        batch: &mut Box<dyn DynBatch>,
        actions: Option<&[i64]>,
        mut out: Outputs<'_>,
    ) -> PyResult<()> {
        let threads = self.threads;
        let mut first = 0;
        if threads == 1 {
            let deadline = Instant::now() + POLL;
            let until = move || Instant::now() >= deadline;
            let part = Outputs {
                obs: &mut *out.obs,
                mask: &mut *out.mask,
                rewards: &mut *out.rewards,
                done: &mut *out.done,
                to_play: &mut *out.to_play,
            };
            let b = &mut *batch;
            let r = py.allow_threads(|| match actions {
                Some(a) => b.step(0, a, part, 1, &until),
                None => b.reset(0, part, 1, &until),
            });
            match r {
                Ok(()) => return Ok(()),
                Err(BatchError::Stopped { done }) => first = done,
                Err(e) => return Err(batch_error(e)),
            }
            py.check_signals()?;
            let (ol, al, pl) = (self.obs_len, self.actions, self.players);
            out = Outputs {
                obs: std::mem::take(&mut out.obs).split_at_mut(first * ol).1,
                mask: std::mem::take(&mut out.mask).split_at_mut(first * al).1,
                rewards: std::mem::take(&mut out.rewards).split_at_mut(first * pl).1,
                done: std::mem::take(&mut out.done).split_at_mut(first).1,
                to_play: std::mem::take(&mut out.to_play).split_at_mut(first).1,
            };
        }
        let flag = AtomicBool::new(false);
        let result = py.allow_threads(|| {
            std::thread::scope(|s| {
                let flag = &flag;
                let (tx, rx) = channel();
                let worker = s.spawn(move || {
                    let stop = || flag.load(Ordering::Relaxed);
                    let r = match actions {
                        Some(a) => batch.step(first, a, out, threads, &stop),
                        None => batch.reset(first, out, threads, &stop),
                    };
                    let _ = tx.send(());
                    r
                });
                let mut heard = Ok(());
                // Until the worker is done (or gone).
                while let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(POLL) {
                    if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                        flag.store(true, Ordering::Relaxed);
                        heard = Err(e);
                        break;
                    }
                }
                let r = worker.join().unwrap_or(Err(BatchError::Panicked));
                heard.map(|()| r)
            })
        });
        result?.map_err(batch_error)
    }

    /// The arrays of a step as numpy arrays, views of `buf`.
    fn arrays<'py>(&self, py: Python<'py>, buf: &Bound<'py, PyByteArray>, l: &Layout) -> PyResult<Bound<'py, PyDict>> {
        let np = py.import("numpy")?;
        let n = self.n;
        let array = |offset: usize, count: usize, dtype: &str, shape: Vec<usize>| -> PyResult<Bound<'py, PyAny>> {
            np.call_method1("frombuffer", (buf, dtype, count, offset))?
                .call_method1("reshape", (PyTuple::new(py, shape)?,))
        };
        let d = PyDict::new(py);
        let mut obs_shape = vec![n];
        obs_shape.extend(&self.shape);
        d.set_item("observation", array(l.obs, n * self.obs_len, "=f4", obs_shape)?)?;
        d.set_item("legal_actions_mask", array(l.mask, n * self.actions, "u1", vec![n, self.actions])?)?;
        d.set_item("rewards", array(l.rewards, n * self.players, "=f4", vec![n, self.players])?)?;
        d.set_item("done", array(l.done, n, "?", vec![n])?)?;
        d.set_item("to_play", array(l.to_play, n, "=i8", vec![n])?)?;
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
        let need = estimate(num_envs, shape.iter().product(), probe, players).unwrap_or(usize::MAX);
        if need > MAX_MEMORY {
            return Err(PyValueError::new_err(format!(
                "num_envs={num_envs}: about {:.1} GiB of memory for {} (about {} KiB per environment), more than the {} GiB a VectorEnv may take: use fewer environments",
                need as f64 / f64::from(1u32 << 30),
                game.name,
                need / num_envs / 1024,
                MAX_MEMORY >> 30
            )));
        }
        let batch = game_arena::with_game!(game.name, &opts, |a| Ok::<_, game_arena::error::ConfigError>(make(
            a, num_envs, seed, learner, opponent
        )))
        .map_err(|e| PyValueError::new_err(e.to_string()))??;
        // The whole buffer of a step, in bytes, fits a usize.
        let per_env = size(batch.obs_len(), 4)? + size(batch.players(), 4)? + batch.actions() + 8 + 1;
        size(num_envs, per_env)?;
        Ok(VectorEnv {
            n: num_envs,
            actions: batch.actions(),
            players: batch.players(),
            obs_len: batch.obs_len(),
            inner: Mutex::new(Inner { batch, reset: false }),
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
        self.run(py, None)
    }

    /// Plays `actions[i]` (a 1-D sequence or integer array of `N` whole
    /// numbers) for the seat to play in game `i`, then the opponent bot; a
    /// game that ends is reset at once (`done[i]` true, `rewards[i]` its
    /// returns). The same dict as `reset`, which must be called first. An
    /// illegal action refuses the whole step (a `ValueError` naming the
    /// game and the action) before any game moves. A step runs in Rust
    /// without the GIL and hears Ctrl-C within one game's step, however
    /// long the opponent plans (`KeyboardInterrupt`; the games are then partly
    /// stepped, and the next step needs a `reset()`).
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
        self.run(py, Some(&acts))
    }
}
