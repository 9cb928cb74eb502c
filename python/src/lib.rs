//! `contest_games`: the bot-contest games from Python, in `OpenSpiel`'s
//! shape (`load_game`, `Game`, `State`), with the arena's built-in bots
//! and records. Built with maturin (see `pyproject.toml`); the Python
//! package's docs are `docs/python.md` in the repository.

mod batch;
mod bots;
mod program;
mod record;
mod session;
mod vecenv;

use game_arena::registry::{GameName, GameOptions};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyDict, PyTuple};
use session::{DynState, Session};

/// A whole-number argument as given: a bool or a float is refused (a
/// `TypeError`) when it is read, its range checked by [`Int::check`].
pub(crate) struct Int {
    /// `None` when out of `i128`'s range.
    value: Option<i128>,
    pub(crate) shown: String,
}

impl Int {
    pub(crate) fn new(v: i128) -> Int {
        Int { value: Some(v), shown: v.to_string() }
    }
    /// The value in `lo..=hi`, or a `ValueError` naming `name`.
    pub(crate) fn check(&self, name: &str, lo: i128, hi: i128) -> PyResult<i128> {
        match self.value {
            Some(i) if (lo..=hi).contains(&i) => Ok(i),
            _ => Err(PyValueError::new_err(format!(
                "{name}={}: out of range, a whole number from {lo} to {hi} is needed",
                self.shown
            ))),
        }
    }
}

impl<'py> FromPyObject<'py> for Int {
    fn extract_bound(v: &Bound<'py, PyAny>) -> PyResult<Int> {
        let shown = v.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
        if v.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!("{shown}: a whole number is needed, not a bool")));
        }
        match v.extract::<i128>() {
            Ok(i) => Ok(Int { value: Some(i), shown }),
            Err(e) if e.is_instance_of::<PyOverflowError>(v.py()) => Ok(Int { value: None, shown }),
            Err(_) => Err(PyTypeError::new_err(format!(
                "{shown}: a whole number is needed, not {}",
                v.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            ))),
        }
    }
}

/// A whole-number argument `name` in `lo..=hi`: a bool or a float is a
/// `TypeError`, a number out of range a `ValueError`, both naming `name`.
pub(crate) fn int_arg(name: &str, v: &Bound<'_, PyAny>, lo: i128, hi: i128) -> PyResult<i128> {
    let i: Int = v.extract().map_err(|e| PyTypeError::new_err(format!("{name}={e}", e = e.value(v.py()))))?;
    i.check(name, lo, hi)
}

/// [`int_arg`] for a `u64`.
pub(crate) fn u64_arg(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(int_arg(name, v, 0, u64::MAX.into())? as u64)
}

/// A game as loaded: its name, its options and the seed of its chance.
#[pyclass(module = "contest_games", frozen)]
pub struct Game {
    pub(crate) name: GameName,
    pub(crate) options: Vec<(&'static str, u64)>,
    pub(crate) seed: u64,
    pub(crate) start: Box<dyn DynState>,
}

fn build(name: GameName, options: &[(&'static str, u64)], seed: u64) -> PyResult<Box<dyn DynState>> {
    let mut opts = GameOptions::default();
    for &(flag, v) in options {
        opts.set(flag, v);
    }
    game_arena::with_game!(name, &opts, |a| Ok::<Box<dyn DynState>, game_arena::error::ConfigError>(Box::new(
        Session::new(a, seed)
    )))
    .map_err(|e| PyValueError::new_err(format!("{name}: {e}", name = name.as_str())))
}

/// The arena's derived seeds (`game_core::rng::derive_seed`): game
/// `index` of a series seeded `series` (`arena play --seed`) has the seed
/// `derive_seed(series, index)`, and seat `i`'s built-in bot in a game
/// seeded `s` has `derive_seed(s, 1 + i)`.
#[pyfunction]
fn derive_seed(series: &Bound<'_, PyAny>, index: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(game_core::rng::derive_seed(u64_arg("series", series)?, u64_arg("index", index)?))
}

/// The names of the games [`load_game`] knows.
#[pyfunction]
fn games() -> Vec<&'static str> {
    GameName::ALL.iter().map(|g| g.as_str()).collect()
}

/// Loads a game by its arena name with its options as keyword arguments
/// (`players=4`, `max_ticks=200`; dashes as underscores) and `seed`, the
/// seed of its chance steps (Parallel Football's ball allocation).
#[pyfunction]
#[pyo3(signature = (name, **params))]
fn load_game(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let game: GameName = name
        .parse()
        .map_err(|_| PyValueError::new_err(format!("unknown game {name:?}; the games are: {}", games().join(", "))))?;
    let info = game.info();
    let mut options = Vec::new();
    let mut seed = 0u64;
    for (k, v) in params.into_iter().flat_map(|d| d.iter()) {
        let key: String = k.extract()?;
        let value = u64_arg(&key, &v)?;
        if key == "seed" {
            seed = value;
            continue;
        }
        let flag = key.replace('_', "-");
        let Some(option) = info.options.iter().find(|o| o.flag == flag) else {
            let known: Vec<String> = info.options.iter().map(|o| o.flag.replace('-', "_")).collect();
            return Err(PyValueError::new_err(format!(
                "{name} has no parameter {key:?}; its parameters are: {}",
                known.into_iter().chain(["seed".to_string()]).collect::<Vec<_>>().join(", ")
            )));
        };
        option.check(value).map_err(|e| PyValueError::new_err(format!("{name}: {key}={value}: {e}")))?;
        options.push((option.flag, value));
    }
    let start = build(game, &options, seed)?;
    Ok(Game { name: game, options, seed, start })
}

/// What `Game.__reduce__` gives pickle: a function and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (&'static str, Bound<'py, PyDict>));

#[pymethods]
impl Game {
    /// The game's name.
    fn name(&self) -> &'static str {
        self.name.as_str()
    }
    /// Seats.
    fn num_players(&self) -> usize {
        self.start.num_players()
    }
    /// Distinct actions (the size of every action mask).
    fn num_distinct_actions(&self) -> usize {
        self.start.num_distinct_actions()
    }
    /// The longest game in actions (and chance steps), or -1 when unbounded.
    fn max_game_length(&self) -> i64 {
        self.start.max_game_length().and_then(|n| i64::try_from(n).ok()).unwrap_or(-1)
    }
    /// `[planes, height, width]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.start.observation_shape().to_vec()
    }
    /// The options given (dashes as underscores) and the seed.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for &(flag, v) in &self.options {
            d.set_item(flag.replace('-', "_"), v)?;
        }
        d.set_item("seed", self.seed)?;
        Ok(d)
    }
    /// The start position.
    fn new_initial_state(&self) -> State {
        State { inner: self.start.clone_box(), game: self.clone_game() }
    }
    /// Pickled as its name and parameters.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let f = py.import("contest_games")?.getattr("_load_game_from")?;
        Ok((f, (self.name.as_str(), self.get_parameters(py)?)))
    }
    fn __repr__(&self) -> String {
        let mut args = vec![format!("{:?}", self.name.as_str())];
        for &(flag, v) in &self.options {
            args.push(format!("{}={v}", flag.replace('-', "_")));
        }
        if self.seed != 0 {
            args.push(format!("seed={}", self.seed));
        }
        format!("load_game({})", args.join(", "))
    }
}

impl Game {
    fn clone_game(&self) -> Game {
        Game { name: self.name, options: self.options.clone(), seed: self.seed, start: self.start.clone_box() }
    }
}

/// A position of a game, with its history.
#[pyclass(module = "contest_games")]
pub struct State {
    pub(crate) inner: Box<dyn DynState>,
    game: Game,
}

impl State {
    pub(crate) fn player_or_current(&self, player: Option<i64>) -> PyResult<usize> {
        let n = self.inner.num_players();
        match player {
            Some(p) if (0..n as i64).contains(&p) => Ok(p as usize),
            Some(p) => Err(PyValueError::new_err(format!("player {p}: no such seat (the game has {n})"))),
            None => match self.inner.current_player() {
                p if p >= 0 => Ok(p as usize),
                session::SIMULTANEOUS => {
                    Err(PyValueError::new_err("simultaneous node: name the player (legal_actions(player))"))
                }
                session::CHANCE => Err(PyValueError::new_err(
                    "a chance node: no player acts (resolve_chance() or apply_chance(value))",
                )),
                _ => Err(PyValueError::new_err("the game is over: no player acts")),
            },
        }
    }

    fn serialized(&self) -> String {
        serde_json::json!({
            "game": self.game.name.as_str(),
            "options": self.game.options.iter().map(|(k, v)| (k.to_string(), *v)).collect::<std::collections::BTreeMap<_, _>>(),
            "seed": self.game.seed,
            "history": self.inner.history_json(),
        })
        .to_string()
    }
}

#[pymethods]
impl State {
    /// The player to act; -1 at a chance node, -2 at a simultaneous node,
    /// -4 once over.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }
    /// Whether a chance step is due (Parallel Football's ball allocation,
    /// after the last order of a turn): `resolve_chance()` or
    /// `apply_chance(value)` plays it.
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == session::CHANCE
    }
    /// Whether several seats act at once.
    fn is_simultaneous_node(&self) -> bool {
        self.inner.current_player() == session::SIMULTANEOUS
    }
    /// At a chance node, draws the value from the game's generator (seeded
    /// by the game's `seed`, one for the whole game, drawn in order, as
    /// `arena play`'s) and applies it; returns the value (Parallel
    /// Football: `{"successes": [...]}`, the footballers whose contested
    /// kicks succeed, as in a record).
    fn resolve_chance<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = self.inner.resolve_chance()?;
        json_to_py(py, &v)
    }
    /// At a chance node, the value `resolve_chance()` would draw now;
    /// nothing is applied.
    fn chance_outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = self.inner.peek_chance()?;
        json_to_py(py, &v)
    }
    /// At a chance node, applies `value` (the form `resolve_chance`
    /// returns) instead of a draw; the game's generator does not advance.
    /// A value the game refuses is a `ValueError`, the state unchanged.
    fn apply_chance(&mut self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let text: String = py.import("json")?.call_method1("dumps", (value,))?.extract()?;
        let v: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| PyValueError::new_err(format!("chance value: {e}")))?;
        self.inner.apply_chance(&v)
    }
    /// The seats acting now.
    fn acting_players(&self) -> Vec<usize> {
        self.inner.acting()
    }
    /// The legal actions of `player` (the player to act by default), ascending.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        // As pyspiel: nothing once the game is over.
        if player.is_none() && self.inner.is_terminal() {
            return Ok(Vec::new());
        }
        Ok(self.inner.legal_actions(self.player_or_current(player)?))
    }
    /// 1 for each legal action of `player`, 0 for the others.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<i32>> {
        let mut mask = vec![0; self.inner.num_distinct_actions()];
        if player.is_none() && self.inner.is_terminal() {
            return Ok(mask);
        }
        for a in self.inner.legal_actions(self.player_or_current(player)?) {
            mask[a] = 1;
        }
        Ok(mask)
    }
    /// Plays `action` for the player to act (turn-based nodes only).
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = int_arg("action", action, i64::MIN.into(), i64::MAX.into())? as i64;
        let p = self.inner.current_player();
        if p == session::SIMULTANEOUS {
            return Err(PyValueError::new_err(format!(
                "action {action}: simultaneous node, use apply_actions (one action per seat)"
            )));
        }
        if p == session::CHANCE {
            return Err(PyValueError::new_err(format!(
                "action {action}: a chance node, resolve it first (resolve_chance() or apply_chance(value))"
            )));
        }
        if p < 0 {
            return Err(PyValueError::new_err(format!("action {action}: the game is over")));
        }
        let mut actions = vec![session::INVALID; self.inner.num_players()];
        actions[p as usize] = action;
        self.inner.apply(&actions)
    }
    /// Plays one action per seat at once (-1 for a seat that does not act).
    fn apply_actions(&mut self, actions: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let actions = actions
            .iter()
            .enumerate()
            .map(|(i, a)| Ok(int_arg(&format!("actions[{i}]"), a, i64::MIN.into(), i64::MAX.into())? as i64))
            .collect::<PyResult<Vec<i64>>>()?;
        self.inner.apply(&actions)
    }
    /// Plays a whole turn of `player` in the contest's notation (a
    /// record's `text`: Paper Soccer's steps, a Parallel Football team's
    /// orders); refused whole, the state unchanged, when any of it is
    /// illegal.
    fn apply_turn(&mut self, player: i64, text: &str) -> PyResult<()> {
        let p = self.player_or_current(Some(player))?;
        self.inner.apply_turn(p, text)
    }
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    /// Each seat's value: 1 win, -1 loss, between for shared places; 0
    /// before the end.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }
    /// The position as `player` sees it, a float32 array of
    /// `observation_tensor_shape()`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let p = self.player_or_current(player)?;
        let shape = self.inner.observation_shape();
        let mut out = vec![0.0f32; shape.iter().product()];
        self.inner.observation(p, &mut out)?;
        let buf = PyByteArray::new(py, bytemuck::cast_slice(&out));
        let np = py.import("numpy")?;
        let arr = np.call_method1("frombuffer", (buf, "=f4"))?;
        arr.call_method1("reshape", (PyTuple::new(py, shape)?,))
    }
    /// `action` of `player` in the contest's notation.
    fn action_to_string(&self, player: i64, action: i64) -> PyResult<String> {
        let p = self.player_or_current(Some(player))?;
        self.inner.action_to_string(p, action)
    }
    /// A move of `player` in the contest's notation, as an action.
    fn string_to_action(&self, player: i64, text: &str) -> PyResult<usize> {
        let p = self.player_or_current(Some(player))?;
        self.inner.string_to_action(p, text)
    }
    /// A copy.
    fn clone(&self) -> State {
        State { inner: self.inner.clone_box(), game: self.game.clone_game() }
    }
    fn __copy__(&self) -> State {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }
    /// The game.
    fn get_game(&self) -> Game {
        self.game.clone_game()
    }
    /// The history: `[seat, action]` pairs and `{"chance": value}` steps.
    fn history_json(&self) -> String {
        self.inner.history_json().to_string()
    }
    /// The state as text (JSON: game, options, seed, history), read back by
    /// `deserialize_state`.
    fn serialize(&self) -> String {
        self.serialized()
    }
    /// The arena's record of the game (JSON), which `arena judge` reads;
    /// `bots` names the seats (one name per seat; "python" each by
    /// default). A state with no move yet has no record (`ValueError`).
    #[pyo3(signature = (bots=None))]
    fn to_record(&self, bots: Option<Vec<String>>) -> PyResult<String> {
        let n = self.inner.num_players();
        if let Some(b) = &bots
            && b.len() != n
        {
            return Err(PyValueError::new_err(format!("bots: {} names given, one per seat ({n}) is needed", b.len())));
        }
        let history = self.inner.history_json();
        if !history.as_array().is_some_and(|h| h.iter().any(serde_json::Value::is_array)) {
            return Err(PyValueError::new_err("no move played yet: a record needs at least one move"));
        }
        self.inner.to_record(&bots.unwrap_or_default())
    }
    fn __str__(&self) -> String {
        self.inner.display()
    }
    fn __repr__(&self) -> String {
        format!("<{} state, player {}>", self.game.name.as_str(), self.inner.current_player())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let py = slf.py();
        let f = py.import("contest_games")?.getattr("deserialize_state")?;
        Ok((f, (slf.borrow().serialized(),)))
    }
}

/// A JSON value as the Python object `json.loads` gives.
fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// Reads a state written by `State.serialize`.
#[pyfunction]
fn deserialize_state(text: &str) -> PyResult<State> {
    let bad = |why: String| PyValueError::new_err(format!("not a serialised state: {why}"));
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let name = v.get("game").and_then(|g| g.as_str()).ok_or_else(|| bad("no game".into()))?;
    let obj = v.as_object().ok_or_else(|| bad("not a JSON object".into()))?;
    if let Some(k) = obj.keys().find(|k| !["game", "options", "seed", "history"].contains(&k.as_str())) {
        return Err(bad(format!("unknown key {k:?}")));
    }
    let seed = match v.get("seed") {
        None => 0,
        Some(s) => s.as_u64().ok_or_else(|| bad(format!("seed {s}: a whole number of at least 0 is needed")))?,
    };
    Python::with_gil(|py| {
        let params = PyDict::new(py);
        for (k, val) in v.get("options").and_then(|o| o.as_object()).into_iter().flatten() {
            params.set_item(k.replace('-', "_"), val.as_u64().ok_or_else(|| bad(format!("option {k}")))?)?;
        }
        params.set_item("seed", seed)?;
        let game = load_game(name, Some(&params))?;
        let mut inner = game.start.clone_box();
        inner.replay_json(v.get("history").unwrap_or(&serde_json::Value::Null))?;
        Ok(State { inner, game })
    })
}

/// The Python module.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<bots::Bot>()?;
    m.add_class::<vecenv::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(bots::bot, m)?)?;
    m.add_function(wrap_pyfunction!(program::run_bot, m)?)?;
    m.add("CHANCE_PLAYER_ID", session::CHANCE)?;
    m.add("SIMULTANEOUS_PLAYER_ID", session::SIMULTANEOUS)?;
    m.add("TERMINAL_PLAYER_ID", session::TERMINAL)?;
    m.add("INVALID_ACTION", session::INVALID)?;
    m.add("MAX_NUM_ENVS", vecenv::MAX_NUM_ENVS)?;
    Ok(())
}
