//! The [`Adapter`] trait, and what the game crates' adapters share: the
//! check that a text is one legal turn ([`legal_turn`]) and the `mcts` bot's
//! playout length ([`game_rollout`], [`evaluated_mcts`]).

use crate::config::GameConfig;
use crate::error::ServeError;
use game_core::bot::Bot;
use game_core::referee::Contest;
use game_core::session::{Answers, BotSession};
use game_core::{Game, PlayerId};
use game_search::{AlphaBetaConfig, MctsConfig};
use std::io::{BufRead, Write};

/// The moves of `player`'s turn written `text` (as
/// [`format_turn`](Contest::format_turn) writes it) from `before`, read by
/// the contest's own record reader ([`judge_line`](Contest::judge_line)).
/// `None` unless they make exactly one whole legal turn: each move legal in
/// turn, and the seat's turn over after the last one and not before (it no
/// longer acts, or the game or the round moved on: in a simultaneous round
/// `before` may hold the answers of the seats that answered first, and the
/// last answer resolves the round). What the adapters'
/// [`best_move_svg`](Adapter::best_move_svg) draw.
pub fn legal_turn<C: Contest + ?Sized>(
    contest: &C,
    before: &C::Game,
    player: PlayerId,
    text: &str,
) -> Option<Vec<<C::Game as Game>::Move>> {
    let moves = contest.judge_line(before, player, text).ok()?;
    let mut state = before.clone();
    for (i, &m) in moves.iter().enumerate() {
        state.play(player, m).ok()?;
        let over = state.is_over() || !state.to_act().includes(player) || state.to_act() != before.to_act();
        if over != (i + 1 == moves.len()) {
            return None;
        }
    }
    (!moves.is_empty()).then_some(moves)
}

/// Everything the arena knows about one game beyond its contest. Each game
/// crate implements it on its `protocol::Referee` in its `adapter` module
/// (feature `adapter`); the arena is generic over it.
pub trait Adapter: Contest {
    /// The bot side of the game's protocol (the game crate's
    /// `protocol::Session`), which [`serve`](Adapter::serve) drives.
    type Session: BotSession<Game = Self::Game, Error: std::error::Error + Send + Sync + 'static>
        + Answers<<Self::Session as BotSession>::Reply>;

    /// The configuration, for records.
    fn config(&self) -> GameConfig;

    /// The `mcts` bot: [`game_search::Mcts`] with uniform playouts unless
    /// the game knows better; playouts of `cfg.playout_limit` plies, the
    /// game's own length for [`GAME_ROLLOUT`] (game-search's default unless
    /// the game knows better).
    fn mcts_bot(&self, cfg: MctsConfig, seed: u64) -> Box<dyn Bot<Self::Game>> {
        let cfg = game_rollout(cfg, MctsConfig::default().playout_limit);
        Box::new(game_search::Mcts::<Self::Game>::new(cfg, seed))
    }
    /// The `alphabeta` bot ([`game_search::AlphaBeta`]), for alternating
    /// two-player games with a Zobrist hash; `None` elsewhere.
    fn alphabeta_bot(&self, cfg: AlphaBetaConfig) -> Option<Box<dyn Bot<Self::Game>>> {
        let _ = cfg;
        None
    }
    /// The game's own rollout search, the `search` spec (Parallel
    /// Football's `FootballSearch`): rollouts of
    /// `rollout` turns (`None`: the game's own length). Its budget is set
    /// before every turn ([`Bot::set_budget`]). `None` (the default) for a
    /// game without one.
    fn search_bot(&self, rollout: Option<u32>, seed: u64) -> Option<Box<dyn Bot<Self::Game>>> {
        let _ = (rollout, seed);
        None
    }
    /// The names of the bots this game adds ([`builtin_bot`](Adapter::builtin_bot)),
    /// for the list an unknown name is answered with. The default: none.
    fn builtin_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// A built-in bot this game adds by name (`greedy` for Parallel
    /// Football), one of [`builtin_names`](Adapter::builtin_names).
    fn builtin_bot(&self, name: &str, seed: u64) -> Option<Box<dyn Bot<Self::Game>>> {
        let _ = (name, seed);
        None
    }
    /// The spec `best` stands for: the strongest built-in bot of the game
    /// at its clock, as measured by one `arena league` of the built-in
    /// bots (`docs/bots.md`). The default is `mcts`.
    fn best_bot(&self) -> &'static str {
        "mcts"
    }
    /// Built-in bots of a demonstration game, one per seat.
    fn demo_bots(&self) -> Vec<String> {
        vec!["mcts:iters=300".into(), "random".into()]
    }

    /// The position as text.
    fn display(&self, state: &Self::Game) -> String;
    /// The position as an SVG picture.
    fn svg(&self, state: &Self::Game) -> String;
    /// The position as an SVG picture, knowing the moves that led to it from
    /// `start` (to colour lines by player, mark the last move). The default
    /// ignores the history.
    fn svg_with_history(
        &self,
        start: &Self::Game,
        moves: &[(PlayerId, <Self::Game as Game>::Move)],
        state: &Self::Game,
    ) -> String {
        let _ = (start, moves);
        self.svg(state)
    }

    /// The replay viewer's picture (`arena view`) after `ply`, the moves
    /// just played from `before` (one step of a Paper Soccer turn, or a
    /// whole turn), knowing every move from `start` to `state`. The default
    /// is [`svg_with_history`](Adapter::svg_with_history); Parallel Football
    /// adds ball counts, contested cells and the turn's kicks.
    fn view_svg(
        &self,
        before: &Self::Game,
        ply: &[(PlayerId, <Self::Game as Game>::Move)],
        start: &Self::Game,
        moves: &[(PlayerId, <Self::Game as Game>::Move)],
        state: &Self::Game,
    ) -> String {
        let _ = (before, ply);
        self.svg_with_history(start, moves, state)
    }
    /// The best move an analysis found for a ply (`arena analyze`), drawn
    /// over the viewer's picture of that ply beside the move played: an SVG
    /// fragment in the picture's coordinates, which the page inserts just
    /// before the picture's closing `</svg>`. `before` is the position
    /// before the ply, `player` the seat that acted and `best` its whole
    /// turn in the game's notation (as [`format_turn`](Contest::format_turn)
    /// writes it). `None` (the default, and for text that does not read as
    /// a legal turn): nothing is drawn; the page still names the move.
    fn best_move_svg(&self, before: &Self::Game, player: PlayerId, best: &str) -> Option<String> {
        let _ = (before, player, best);
        None
    }
    /// Whether the viewer shows every move of a turn as a frame of its own
    /// (Paper Soccer's steps); otherwise one frame per turn.
    fn view_steps(&self) -> bool {
        false
    }
    /// Each seat's score in `state`, for the viewer's score chart (Parallel
    /// Football); `None` (the default) for no chart.
    fn view_scores(&self, state: &Self::Game) -> Option<Vec<f64>> {
        let _ = state;
        None
    }
    /// The colour of each seat in the pictures (CSS colours), for the
    /// viewer's legend and chart.
    fn seat_colours(&self) -> Vec<&'static str> {
        vec!["#d64541", "#2e86de", "#27ae60", "#f39c12"]
    }
    /// Plays as a bot program speaking this game's protocol with `bot`:
    /// [`game_core::session::serve`] with the game crate's
    /// [`Session`](Adapter::Session). Returns at the end of the input or
    /// of the game.
    ///
    /// # Errors
    /// [`ServeError::Protocol`] when the input does not follow the protocol
    /// or reading or writing fails (the game crate's error, its I/O kind
    /// kept).
    fn serve(
        &self,
        bot: &mut dyn Bot<Self::Game>,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), ServeError> {
        game_core::session::serve::<Self::Session>(bot, input, output).map_err(|e| ServeError::protocol(self.name(), e))
    }
}

/// The playout length of an `mcts` spec without `rollout=N` (the arena's
/// bot specs put it in [`MctsConfig::playout_limit`]): the game's own,
/// which [`game_rollout`] puts in (so that every `rollout=N`, 1000
/// included, is the length played).
pub const GAME_ROLLOUT: u32 = u32::MAX;

/// `cfg` with the game's own playout length `limit` when the spec left
/// it to the game ([`GAME_ROLLOUT`]: `rollout=N` not given).
pub fn game_rollout(cfg: MctsConfig, limit: u32) -> MctsConfig {
    if cfg.playout_limit == GAME_ROLLOUT { MctsConfig { playout_limit: limit, ..cfg } } else { cfg }
}

/// An MCTS bot whose playouts stop after the configured length and are
/// scored by `value(state, player)` for every player (a game crate's
/// evaluation).
pub fn evaluated_mcts<G: Game>(cfg: MctsConfig, seed: u64, value: fn(&G, PlayerId) -> f64) -> Box<dyn Bot<G>> {
    let policy = game_search::EvalCut(move |g: &G, out: &mut [f64; game_core::MAX_PLAYERS]| {
        for (i, v) in out.iter_mut().enumerate().take(g.players()) {
            *v = value(g, PlayerId(i as u8));
        }
    });
    Box::new(game_search::Mcts::with_policy(cfg, policy, seed))
}
