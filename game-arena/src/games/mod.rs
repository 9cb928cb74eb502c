//! Per-game adapters: everything the generic arena needs to know about one
//! game (configuration, protocol text, time limits, what an illegal answer
//! costs, judge records, pictures).

use crate::bot::{AlphaBetaConfig, Bot, MctsConfig, SearchBot};
use crate::error::ServeError;
pub use game_core::TimeControl;
use game_core::rng::{GameRng, below};
use game_core::{Game, GameError, PlayerId};
use std::io::{BufRead, Write};

pub mod football_search;
pub mod nim;
pub mod paper_soccer;
pub mod parallel_football;
pub mod quoridor;
pub mod reference;
pub mod yavalath;

/// What happens to a seat whose answer is missing, unreadable or illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailurePolicy {
    /// The seat loses the game at once (Paper Soccer, Yavalath).
    Loss,
    /// A substitute turn ([`Adapter::fallback_turn`]) is played instead
    /// (Quoridor: a random legal move; Parallel Football: stay).
    Substitute,
}

/// A bot's answer turned into moves.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedAnswer<M> {
    /// The moves of the turn, in order.
    pub moves: Vec<M>,
    /// Problems that the protocol forgives (a Parallel Football line read
    /// as `stay`), as `(kind, message)`.
    pub notes: Vec<(String, String)>,
}

/// Why an answer cannot be used: a kebab-case kind and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    /// Kebab-case kind (the game's error kind where there is one).
    pub kind: String,
    /// For people.
    pub message: String,
}

impl AnswerError {
    /// From a game error.
    pub fn from_game<E: GameError>(e: &E) -> AnswerError {
        AnswerError { kind: e.kind().to_string(), message: e.to_string() }
    }
}

/// The turns played so far, for protocols that echo earlier turns.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLog<M> {
    /// Who played.
    pub player: PlayerId,
    /// The moves played (after any substitution).
    pub moves: Vec<M>,
    /// The turn in protocol notation.
    pub text: String,
}

/// Everything the arena knows about one game. Implemented once per game in
/// `games/<game>.rs`; the rest of the arena is generic over it.
pub trait Adapter: Send + Sync + 'static {
    /// The game's state type.
    type G: Game;

    /// The arena's name of the game (`paper-soccer`): the game's [`Game::NAME`].
    fn name(&self) -> &'static str {
        <Self::G as Game>::NAME
    }
    /// The configured start position.
    fn start(&self) -> Self::G;
    /// The configuration, for records.
    fn config(&self) -> serde_json::Value;
    /// Command-line flags that rebuild this configuration (for replay commands).
    fn config_args(&self) -> Vec<String>;
    /// The rules' time limits.
    fn time_control(&self) -> TimeControl;
    /// What a failed answer costs.
    fn failure_policy(&self) -> FailurePolicy;

    /// One move in protocol notation.
    fn format_move(&self, state: &Self::G, mv: <Self::G as Game>::Move) -> String;
    /// A whole turn of `player` (its moves from `before`) in protocol notation.
    fn format_turn(&self, before: &Self::G, player: PlayerId, moves: &[<Self::G as Game>::Move]) -> String {
        let _ = player;
        let mut s = before.clone();
        let mut parts = Vec::new();
        for &m in moves {
            parts.push(self.format_move(&s, m));
            s.play_unchecked(player, m);
        }
        parts.join(" ")
    }

    /// Lines a bot reads once, when the game starts (before any turn).
    fn protocol_start(&self, state: &Self::G, seat: PlayerId) -> String {
        let _ = (state, seat);
        String::new()
    }
    /// Lines a bot reads on its turn. `first` is true on its first turn.
    fn protocol_turn(
        &self,
        state: &Self::G,
        seat: PlayerId,
        history: &[TurnLog<<Self::G as Game>::Move>],
        first: bool,
    ) -> String;
    /// How many lines the bot answers on this turn.
    fn answer_lines(&self, state: &Self::G, seat: PlayerId) -> usize {
        let _ = (state, seat);
        1
    }
    /// Reads the bot's answer lines (raw bytes, each without its `\n`,
    /// lines the game's referee drops already left out) into the moves of
    /// its turn, exactly as the game's referee reads them.
    ///
    /// # Errors
    /// Why the answer is unreadable or illegal.
    fn parse_answer(
        &self,
        state: &Self::G,
        seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<<Self::G as Game>::Move>, AnswerError>;
    /// A played turn (`played`, in protocol notation as
    /// [`format_turn`](Adapter::format_turn) writes it) as a JSON record
    /// keeps it: a text [`judge_line`](Adapter::judge_line) reads back to
    /// the same moves. The default is the protocol notation itself.
    fn record_text(&self, played: &str) -> String {
        played.to_string()
    }
    /// The answer lines a bot prints to play the turn `text` (as a record
    /// keeps it, [`record_text`](Adapter::record_text)): a
    /// record keeps an answer that is exactly these lines as `"as-played"`.
    /// The default is the text as one line.
    fn answer_of_turn(&self, text: &str) -> Vec<String> {
        vec![text.to_string()]
    }
    /// Whether the game's referee drops this output line before reading
    /// answers (Quoridor: lines that are blank once trimmed).
    fn skips_line(&self, line: &[u8]) -> bool {
        let _ = line;
        false
    }
    /// Whether a bot that runs out of time stays in the game (Quoridor: a
    /// substitute move is played, and its late answer is read as its next
    /// one); otherwise it is stopped.
    fn timeout_keeps_bot(&self) -> bool {
        false
    }
    /// Lines a bot reads when the game is over (Quoridor's `-1`).
    fn protocol_end(&self, state: &Self::G, seat: PlayerId) -> String {
        let _ = (state, seat);
        String::new()
    }
    /// Whether the game is over for `seat` although it goes on for others
    /// (a removed Quoridor player): it then reads
    /// [`protocol_end`](Adapter::protocol_end) and is stopped.
    fn seat_done(&self, state: &Self::G, seat: PlayerId) -> bool {
        let _ = (state, seat);
        false
    }
    /// The turn played for a seat whose answer failed, under
    /// [`FailurePolicy::Substitute`]. The default is one uniformly random
    /// legal move at a time while the seat is to act.
    fn fallback_turn(&self, state: &Self::G, seat: PlayerId, rng: &mut GameRng) -> Vec<<Self::G as Game>::Move> {
        random_turn(state, seat, rng)
    }
    /// Plays a parsed turn on `state`. On error the state may be partly
    /// changed (the caller restores it).
    ///
    /// # Errors
    /// The first illegal move, or `incomplete-turn` when the moves end while
    /// the seat must still act.
    fn apply_turn(
        &self,
        state: &mut Self::G,
        seat: PlayerId,
        moves: &[<Self::G as Game>::Move],
    ) -> Result<(), AnswerError> {
        for &m in moves {
            state.play(seat, m).map_err(|e| AnswerError::from_game(&e))?;
        }
        if state.to_act().includes(seat) && !state.is_over() {
            return Err(AnswerError {
                kind: "incomplete-turn".into(),
                message: "the answer ends while the player must still move".into(),
            });
        }
        Ok(())
    }

    /// The `mcts` bot: [`game_search::Mcts`] with uniform playouts unless
    /// the game knows better.
    fn mcts_bot(&self, cfg: MctsConfig, seed: u64) -> Box<dyn Bot<Self::G>> {
        Box::new(SearchBot::new(game_search::Mcts::<Self::G>::new(cfg, seed)))
    }
    /// The `alphabeta` bot ([`game_search::AlphaBeta`]), for alternating
    /// two-player games with a Zobrist hash; `None` elsewhere.
    fn alphabeta_bot(&self, cfg: AlphaBetaConfig) -> Option<Box<dyn Bot<Self::G>>> {
        let _ = cfg;
        None
    }
    /// A built-in bot this game adds (`greedy` for Parallel Football).
    fn builtin_bot(&self, spec: &str, seed: u64) -> Option<Box<dyn Bot<Self::G>>> {
        let _ = (spec, seed);
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
    fn display(&self, state: &Self::G) -> String;
    /// The position as an SVG picture.
    fn svg(&self, state: &Self::G) -> String;
    /// The position as an SVG picture, knowing the moves that led to it from
    /// `start` (to colour lines by player, mark the last move). The default
    /// ignores the history.
    fn svg_with_history(
        &self,
        start: &Self::G,
        moves: &[(PlayerId, <Self::G as Game>::Move)],
        state: &Self::G,
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
        before: &Self::G,
        ply: &[(PlayerId, <Self::G as Game>::Move)],
        start: &Self::G,
        moves: &[(PlayerId, <Self::G as Game>::Move)],
        state: &Self::G,
    ) -> String {
        let _ = (before, ply);
        self.svg_with_history(start, moves, state)
    }
    /// Whether the viewer shows every move of a turn as a frame of its own
    /// (Paper Soccer's steps); otherwise one frame per turn.
    fn view_steps(&self) -> bool {
        false
    }
    /// Each seat's score in `state`, for the viewer's score chart (Parallel
    /// Football); `None` (the default) for no chart.
    fn view_scores(&self, state: &Self::G) -> Option<Vec<f64>> {
        let _ = state;
        None
    }
    /// The colour of each seat in the pictures (CSS colours), for the
    /// viewer's legend and chart.
    fn seat_colours(&self) -> Vec<&'static str> {
        vec!["#d64541", "#2e86de", "#27ae60", "#f39c12"]
    }

    /// Splits a text record (one turn per line) into turns, each read in the
    /// context of the position before it. `state` is the position after the
    /// previous turns; called once per line.
    ///
    /// # Errors
    /// Why the line cannot be read, as an illegal-move answer.
    fn judge_line(
        &self,
        state: &Self::G,
        player: PlayerId,
        line: &str,
    ) -> Result<Vec<<Self::G as Game>::Move>, AnswerError>;
    /// Whether `arena judge` reads text records (one turn per line) for this
    /// game; otherwise only the JSON records `play --record` writes.
    fn text_records(&self) -> bool {
        true
    }
    /// Splits a whole text record into lines to judge (default: lines with
    /// their line endings removed; a trailing final newline adds no line).
    fn judge_split(&self, text: &str) -> Vec<String> {
        let mut lines: Vec<String> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()).collect();
        if text.ends_with('\n') || text.is_empty() {
            lines.pop();
        }
        lines
    }
    /// The legal moves of the player to act, in protocol notation, sorted,
    /// for `judge --legal`.
    fn next_legal(&self, state: &Self::G) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(p) = state.to_act().next_decider() {
            let mut buf = Vec::new();
            state.legal_moves(p, &mut buf);
            out = buf.iter().map(|&m| self.format_move(state, m)).collect();
        }
        out.sort();
        out
    }
    /// Plays as a bot program speaking this game's protocol: reads what the
    /// referee sends from `input` and answers on `output` with `bot` (the
    /// other side of [`protocol_turn`](Adapter::protocol_turn) and
    /// [`parse_answer`](Adapter::parse_answer), built on the crate's
    /// bot-side parsers). Returns at the end of the input or of the game.
    ///
    /// # Errors
    /// [`ServeError::Protocol`] when the input does not follow the protocol
    /// or reading or writing fails (the game crate's error, its I/O kind
    /// kept); [`ServeError::Unsupported`] for a game without bot mode (the
    /// default).
    fn serve(
        &self,
        bot: &mut dyn Bot<Self::G>,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), ServeError> {
        let _ = (bot, input, output);
        Err(ServeError::Unsupported { game: self.name() })
    }
}

/// `cfg` with the game's own playout length `limit` when the spec left
/// the default (`rollout=N` not given).
pub fn game_rollout(cfg: MctsConfig, limit: u32) -> MctsConfig {
    if cfg.playout_limit == MctsConfig::default().playout_limit {
        MctsConfig { playout_limit: limit, ..cfg }
    } else {
        cfg
    }
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
    Box::new(SearchBot::new(game_search::Mcts::with_policy(cfg, policy, seed)))
}

/// One uniformly random legal move at a time for `seat` while it is to act
/// on `state`: a random whole turn.
pub fn random_turn<G: Game>(state: &G, seat: PlayerId, rng: &mut GameRng) -> Vec<G::Move> {
    let mut s = state.clone();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    while s.to_act().includes(seat) {
        s.legal_moves(seat, &mut buf);
        if buf.is_empty() {
            break;
        }
        let m = buf[below(rng, buf.len())];
        s.play_unchecked(seat, m);
        out.push(m);
    }
    out
}

/// Reads one line (with its ending); `None` at the end of the input.
///
/// # Errors
/// [`ServeError::Read`] when reading fails.
pub fn read_line(input: &mut dyn BufRead) -> Result<Option<String>, ServeError> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) => Ok(None),
        Ok(_) => Ok(Some(line)),
        Err(e) => Err(ServeError::Read(e)),
    }
}

/// Writes one answer and flushes it.
///
/// # Errors
/// [`ServeError::Write`] when writing fails.
pub fn answer(output: &mut dyn Write, text: &str) -> Result<(), ServeError> {
    output.write_all(text.as_bytes()).and_then(|()| output.flush()).map_err(ServeError::Write)
}

/// Escapes text for SVG/XML.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
