//! `run_bot`: a bot written in Python as a bot program of the contest's
//! protocol, so that `arena play` (and a contest's referee) runs it under
//! the contest's clock like any other program.

use crate::session::{DynState, Session};
use crate::{Game, State};
use game_arena::games::Adapter;
use game_arena::registry::{GameName, GameOptions};
use game_core::PlayerId;
use game_core::bot::Bot;
use game_core::codec::{ActionCodec, Observe};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The error that ends the bot program: `choose` raised (or returned no
/// action), so it answers no more and `run_bot` re-raises it.
type Failed = Arc<Mutex<Option<PyErr>>>;

/// A Python function `choose(state, player) -> action` as a bot.
struct PyBot<A: Adapter> {
    contest: Arc<A>,
    name: GameName,
    options: Vec<(&'static str, u64)>,
    choose: Py<PyAny>,
    failed: Failed,
}

impl<A> Bot<A::Game> for PyBot<A>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    fn choose(&mut self, state: &A::Game, me: PlayerId) -> Option<<A::Game as game_core::Game>::Move> {
        if self.failed.lock().map_or(true, |f| f.is_some()) {
            return None;
        }
        Python::with_gil(|py| {
            let session = Session::at(Arc::clone(&self.contest), state.clone());
            let start: Box<dyn DynState> = Box::new(session.clone());
            let game = Game { name: self.name, options: self.options.clone(), seed: 0, start };
            let st = State { inner: Box::new(session), game };
            let answer = self.choose.call1(py, (st, me.0)).and_then(|a| a.extract::<i64>(py));
            let failure = match answer {
                Ok(a) => match usize::try_from(a).ok().and_then(|a| state.decode_action(a)) {
                    Some(mv) => return Some(mv),
                    None => PyValueError::new_err(format!("run_bot: choose returned {a}, not an action of this game")),
                },
                Err(e) => e,
            };
            // No answer is written from now on: run_bot re-raises the
            // error, and the program ends as a crash, which the arena
            // records as the contest would.
            if let Ok(mut f) = self.failed.lock() {
                *f = Some(failure);
            }
            None
        })
    }
}

fn serve<A>(a: A, name: GameName, options: Vec<(&'static str, u64)>, choose: Py<PyAny>, py: Python<'_>) -> PyResult<()>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    let contest = Arc::new(a);
    let failed = Failed::default();
    let mut bot = PyBot { contest: Arc::clone(&contest), name, options, choose, failed: Arc::clone(&failed) };
    let served = py.allow_threads(|| {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut output = Guarded { out: std::io::stdout().lock(), failed: &failed };
        contest.serve(&mut bot, &mut input, &mut output)
    });
    if let Some(e) = failed.lock().ok().and_then(|mut f| f.take()) {
        return Err(e);
    }
    served.map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The bot's output, which refuses every write once `choose` failed (so
/// that the failed turn's fallback answer is never sent).
struct Guarded<'a, W: Write> {
    out: W,
    failed: &'a Mutex<Option<PyErr>>,
}

impl<W: Write> Guarded<'_, W> {
    fn check(&self) -> std::io::Result<()> {
        if self.failed.lock().map_or(true, |f| f.is_some()) {
            return Err(std::io::Error::other("the Python bot's choose failed"));
        }
        Ok(())
    }
}

impl<W: Write> Write for Guarded<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.check()?;
        self.out.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.check()?;
        self.out.flush()
    }
}

/// Plays the contest's protocol on stdin and stdout, answering each turn
/// with `choose(state, player)` (a `State` of the position, the seat;
/// the action to play): a bot program in Python for `arena play
/// GAME --bot "cmd:python3 bot.py"`, under the contest's clock. Returns
/// when the referee ends the game. An exception in `choose` (or an
/// answer that is not an action) ends the program: no answer is sent,
/// and `run_bot` re-raises it (uncaught, its traceback goes to stderr and
/// the program exits non-zero, a crash as the contest counts it).
#[pyfunction]
#[pyo3(signature = (game, choose, **params))]
pub fn run_bot(py: Python<'_>, game: &str, choose: Py<PyAny>, params: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    if !choose.bind(py).is_callable() {
        return Err(PyValueError::new_err("choose: a function (state, player) -> action is needed"));
    }
    let loaded = crate::load_game(game, params)?;
    let mut opts = GameOptions::default();
    for &(flag, v) in &loaded.options {
        opts.set(flag, v);
    }
    let (name, options) = (loaded.name, loaded.options.clone());
    game_arena::with_game!(name, &opts, |a| Ok::<_, game_arena::error::ConfigError>(serve(
        a,
        name,
        options.clone(),
        choose.clone_ref(py),
        py
    )))
    .map_err(|e| PyValueError::new_err(e.to_string()))?
}
