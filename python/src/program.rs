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
use std::sync::Arc;

/// A Python function `choose(state, player) -> action` as a bot.
struct PyBot<A: Adapter> {
    contest: Arc<A>,
    name: GameName,
    options: Vec<(&'static str, u64)>,
    choose: Py<PyAny>,
}

impl<A> Bot<A::Game> for PyBot<A>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    fn choose(&mut self, state: &A::Game, me: PlayerId) -> Option<<A::Game as game_core::Game>::Move> {
        Python::with_gil(|py| {
            let session = Session::at(Arc::clone(&self.contest), state.clone());
            let start: Box<dyn DynState> = Box::new(session.clone());
            let game = Game { name: self.name, options: self.options.clone(), seed: 0, start };
            let st = State { inner: Box::new(session), game };
            let answer = self.choose.call1(py, (st, me.0)).and_then(|a| a.extract::<i64>(py));
            match answer {
                Ok(a) => {
                    let mv = usize::try_from(a).ok().and_then(|a| state.decode_action(a));
                    if mv.is_none() {
                        eprintln!("run_bot: the function returned {a}, not an action of this game");
                    }
                    mv
                }
                Err(e) => {
                    // The traceback on the bot's stderr, which the arena keeps.
                    e.print(py);
                    None
                }
            }
        })
    }
}

fn serve<A>(a: A, name: GameName, options: Vec<(&'static str, u64)>, choose: Py<PyAny>, py: Python<'_>) -> PyResult<()>
where
    A: Adapter + Send + Sync + 'static,
    A::Game: ActionCodec + Observe,
{
    let contest = Arc::new(a);
    let mut bot = PyBot { contest: Arc::clone(&contest), name, options, choose };
    py.allow_threads(|| {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut output = std::io::stdout().lock();
        contest.serve(&mut bot, &mut input, &mut output)
    })
    .map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Plays the contest's protocol on stdin and stdout, answering each turn
/// with `choose(state, player)` (a `State` of the position, the seat;
/// the action to play): a bot program in Python for `arena play
/// GAME --bot "cmd:python3 bot.py"`, under the contest's clock. Returns
/// when the referee ends the game.
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
