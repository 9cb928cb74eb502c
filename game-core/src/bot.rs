//! The one bot trait: [`Bot`] chooses moves for a seat. Searches
//! (`game-search`), each game's reference opponents, the arena's built-in
//! bots and plain closures all implement it, so whatever plays one game
//! plays them all.
//!
//! ```
//! use game_core::bot::Bot;
//! use game_core::{Game, PlayerId};
//! use nim::Nim;
//!
//! // A closure is a bot: take one stone at a time.
//! let mut one = |_: &Nim, _: PlayerId| Some(1);
//! assert_eq!(one.choose(&Nim::new(5, 3), PlayerId(0)), Some(1));
//! // A bot answers a whole turn (one move in Nim).
//! assert_eq!(one.turn(&Nim::new(5, 3), PlayerId(0)), vec![1]);
//! ```

#[cfg(feature = "chacha")]
use crate::rng::{GameRng, seeded};
use crate::{Game, MAX_PLAYERS, PlayerId};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How much a bot may spend on its coming turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations (playouts, or for alpha-beta a maximum
    /// depth): reproducible.
    Iterations(u32),
    /// Wall-clock time (not reproducible).
    Time(Duration),
}

/// Why a budget text (`iters=N`, `ms=N`) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BudgetError {
    /// Not `iters=N` or `ms=N`.
    Syntax(String),
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BudgetError::Syntax(s) => write!(f, "budget {s:?}: expected iters=N or ms=N"),
        }
    }
}

impl std::error::Error for BudgetError {}

impl FromStr for Budget {
    type Err = BudgetError;
    /// Reads `iters=N` or `ms=N`.
    fn from_str(s: &str) -> Result<Budget, BudgetError> {
        let bad = || BudgetError::Syntax(s.to_string());
        let (k, v) = s.split_once('=').ok_or_else(bad)?;
        let n: u32 = v.parse().map_err(|_| bad())?;
        match k {
            "iters" => Ok(Budget::Iterations(n)),
            "ms" => Ok(Budget::Time(Duration::from_millis(u64::from(n)))),
            _ => Err(bad()),
        }
    }
}

/// A search's evaluation of a position ([`Bot::evaluate`]): every seat's
/// value and the best move of the seat asked about.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation<M> {
    /// The best move found for the seat asked about (`None` when it does not
    /// act in the position or has no legal move).
    pub best: Option<M>,
    /// The iterations (or nodes) the evaluation rests on.
    pub visits: u32,
    /// Each seat's expected value in `-1.0..=1.0`, in the units of
    /// [`Outcome::value_for`](crate::Outcome::value_for) (1 a certain win,
    /// -1 a certain loss); seats beyond the game's are 0.
    pub values: [f64; MAX_PLAYERS],
}

/// A bot: chooses moves for one seat from a state. Closures
/// `FnMut(&G, PlayerId) -> Option<G::Move>` are bots.
pub trait Bot<G: Game>: Send {
    /// Chooses one move for `me`, who must be able to act in `state`
    /// (`None` only when `me` has no legal move).
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move>;
    /// Chooses `me`'s whole turn: moves for as long as `me` stays able to
    /// act (a Paper Soccer bounce, one order per Parallel Football
    /// footballer). The default asks [`choose`](Bot::choose) on a copy of
    /// the state ([`move_by_move`]).
    fn turn(&mut self, state: &G, me: PlayerId) -> Vec<G::Move> {
        move_by_move(self, state, me)
    }
    /// Sets the budget of the coming [`turn`](Bot::turn), all its moves
    /// together. The default ignores it (a bot that does not search).
    fn set_budget(&mut self, budget: Budget) {
        let _ = budget;
    }
    /// Tells the bot that its coming [`turn`](Bot::turn) may take
    /// `time_left` (the game's clock, as the referee keeps it). The default
    /// ignores it; a clock-managed bot turns it into a budget.
    fn set_time_left(&mut self, time_left: Duration) {
        let _ = time_left;
    }
    /// Evaluates `state` for every seat and finds `me`'s best move, with the
    /// bot's budget: what `arena analyze` asks of a search. The default is
    /// `None`: a bot that does not search cannot say what a position is
    /// worth.
    fn evaluate(&mut self, state: &G, me: PlayerId) -> Option<Evaluation<G::Move>> {
        let _ = (state, me);
        None
    }
}

impl<G: Game, F: FnMut(&G, PlayerId) -> Option<G::Move> + Send> Bot<G> for F {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        self(state, me)
    }
}

/// `me`'s whole turn, one [`Bot::choose`] at a time on a copy of `state`,
/// until `me` can no longer act or the bot has no move (what
/// [`Bot::turn`] does by default).
pub fn move_by_move<G: Game, B: Bot<G> + ?Sized>(bot: &mut B, state: &G, me: PlayerId) -> Vec<G::Move> {
    let mut s = state.clone();
    let mut moves = Vec::new();
    while s.to_act().includes(me) {
        let Some(mv) = bot.choose(&s, me) else { break };
        if s.play(me, mv).is_err() {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// Uniformly random legal moves from a seeded generator, drawn through
/// [`Game::random_legal_move`] (each game's own exact sampler).
#[cfg(feature = "chacha")]
pub struct RandomBot {
    rng: GameRng,
    buf_len_hint: usize,
}

#[cfg(feature = "chacha")]
impl RandomBot {
    /// A random bot with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: seeded(seed), buf_len_hint: 0 }
    }
}

#[cfg(feature = "chacha")]
impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, state: &G, me: PlayerId) -> Option<G::Move> {
        // Games with a fast sampler never touch the buffer; the others list
        // their moves in it, so it starts at the largest list seen.
        let mut buf = Vec::with_capacity(self.buf_len_hint);
        let mv = state.random_legal_move(me, &mut self.rng, &mut buf);
        self.buf_len_hint = self.buf_len_hint.max(buf.len());
        mv
    }
}
