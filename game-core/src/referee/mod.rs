//! A contest stated completely: [`Contest`] is everything a referee needs
//! to host one of the games exactly as its original contest did. The
//! messages each seat reads (at the start, on its turns, at the end), how
//! many lines an answer has and how it is read, what a failed answer costs
//! ([`FailurePolicy`]), the time control, whether a time-out keeps the
//! bot, and how the contest's text records are read.
//!
//! Each game crate implements it in `protocol/referee.rs`
//! (`<game>::protocol::Referee`); the `arena` command line is one host of
//! it, and a web server or a tournament manager can be another, without
//! copying arena code. Every host judges turns with one core,
//! [`judge::TurnJudge`]: what a seat said in, the verdict of the contest's
//! rules out (its answer read, its turn played, or what its failure costs).
//! The module is behind the default feature `referee`, which a bot bundled
//! into one source file turns off.
//!
//! ```
//! use game_core::referee::{Contest, FailurePolicy, ParsedAnswer, ContestError, TurnLog};
//! use game_core::{Game, GameError, PlayerId, TimeControl};
//! use nim::Nim;
//! use std::time::Duration;
//!
//! /// Nim hosted as a contest: the pile on each turn, the take as the answer.
//! struct NimContest;
//! impl Contest for NimContest {
//!     type Game = Nim;
//!     fn start(&self) -> Nim { Nim::new(10, 3) }
//!     fn time_control(&self) -> TimeControl {
//!         TimeControl::PerAnswer { first: Duration::from_secs(1), later: Duration::from_millis(100) }
//!     }
//!     fn failure_policy(&self) -> FailurePolicy { FailurePolicy::Loss }
//!     fn format_move(&self, _: &Nim, take: u8) -> String { take.to_string() }
//!     fn turn_message(&self, state: &Nim, _: PlayerId, _: &[TurnLog<u8>], _: bool) -> String {
//!         format!("{}\n", state.pile)
//!     }
//!     fn parse_answer(&self, _: &Nim, _: PlayerId, lines: &[&[u8]]) -> Result<ParsedAnswer<u8>, ContestError> {
//!         self.judge_line(&Nim::new(0, 3), PlayerId(0), &String::from_utf8_lossy(lines[0]))
//!             .map(ParsedAnswer::new)
//!     }
//!     fn judge_line(&self, _: &Nim, _: PlayerId, line: &str) -> Result<Vec<u8>, ContestError> {
//!         line.trim().parse().map(|t| vec![t]).map_err(|_| ContestError::new("unreadable", "not a number"))
//!     }
//! }
//!
//! let contest = NimContest;
//! let mut state = contest.start();
//! assert_eq!(contest.turn_message(&state, PlayerId(0), &[], true), "10\n");
//! let answer = contest.parse_answer(&state, PlayerId(0), &[b"2"]).unwrap();
//! contest.apply_turn(&mut state, PlayerId(0), &answer.moves).unwrap();
//! assert_eq!(state.pile, 8);
//! // Taking 4 is illegal: the game's own error kind, for the record.
//! let e = contest.apply_turn(&mut state, PlayerId(1), &[4]).unwrap_err();
//! assert_eq!(e.kind, "bad-take");
//! ```

pub mod judge;

use crate::rng::{GameRng, below};
use crate::{Game, GameError, PlayerId, TimeControl};
use std::fmt;

/// What happens to a seat whose answer is missing, unreadable or illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailurePolicy {
    /// The seat loses the game at once (Paper Soccer, Yavalath).
    Loss,
    /// A substitute turn ([`Contest::fallback_turn`]) is played instead
    /// (Quoridor: a random legal move; Parallel Football: stay).
    Substitute,
}

/// A problem in an answer that the contest forgives (a Parallel Football
/// line read as `stay`): the answer is still played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerNote {
    /// Kebab-case kind.
    pub kind: &'static str,
    /// For people.
    pub message: String,
}

impl AnswerNote {
    /// A note of `kind` saying `message`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> AnswerNote {
        AnswerNote { kind, message: message.into() }
    }
}

/// A bot's answer turned into moves.
#[derive(Clone, Debug, PartialEq)]
pub struct ParsedAnswer<M> {
    /// The moves of the turn, in order.
    pub moves: Vec<M>,
    /// Problems that the protocol forgives.
    pub notes: Vec<AnswerNote>,
}

impl<M> ParsedAnswer<M> {
    /// The moves of a turn, with no notes.
    #[must_use]
    pub fn new(moves: Vec<M>) -> ParsedAnswer<M> {
        ParsedAnswer { moves, notes: Vec::new() }
    }
}

/// Why an answer cannot be played: a kebab-case kind (the game error's
/// [`GameError::kind`] where there is one) and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestError {
    /// Kebab-case kind.
    pub kind: &'static str,
    /// For people.
    pub message: String,
}

impl ContestError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> ContestError {
        ContestError { kind, message: message.into() }
    }

    /// From a game error: its kind and its message.
    pub fn from_game<E: GameError>(e: &E) -> ContestError {
        ContestError { kind: e.kind(), message: e.to_string() }
    }
}

impl fmt::Display for ContestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ContestError {}

/// A turn played so far, for protocols that echo earlier turns.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLog<M> {
    /// Who played.
    pub player: PlayerId,
    /// The moves played (after any substitution).
    pub moves: Vec<M>,
    /// The turn in protocol notation.
    pub text: String,
}

/// One contest, stated completely. A seat's *turn* is the run of moves it
/// plays while it stays able to act; a bot answers a whole turn at once.
pub trait Contest: Send + Sync + 'static {
    /// The game's state type.
    type Game: Game;

    /// The game's name (`paper-soccer`): its [`Game::NAME`].
    fn name(&self) -> &'static str {
        <Self::Game as Game>::NAME
    }
    /// The configured start position.
    fn start(&self) -> Self::Game;
    /// The rules' time limits.
    fn time_control(&self) -> TimeControl;
    /// What a failed answer costs.
    fn failure_policy(&self) -> FailurePolicy;
    /// Whether a bot that runs out of time stays in the game (Quoridor: a
    /// substitute move is played, and its late answer is read as its next
    /// one); otherwise it is stopped.
    fn timeout_keeps_bot(&self) -> bool {
        false
    }

    /// One move in protocol notation.
    fn format_move(&self, state: &Self::Game, mv: <Self::Game as Game>::Move) -> String;
    /// A whole turn of `player` (its moves from `before`) in protocol
    /// notation: the moves' notations joined by spaces by default.
    fn format_turn(&self, before: &Self::Game, player: PlayerId, moves: &[<Self::Game as Game>::Move]) -> String {
        let mut s = before.clone();
        let mut parts = Vec::new();
        for &m in moves {
            parts.push(self.format_move(&s, m));
            s.play_unchecked(player, m);
        }
        parts.join(" ")
    }

    /// Lines a bot reads once, when the game starts (before any turn).
    fn start_message(&self, state: &Self::Game, seat: PlayerId) -> String {
        let _ = (state, seat);
        String::new()
    }
    /// Lines a bot reads on its turn. `first` is true on its first turn.
    fn turn_message(
        &self,
        state: &Self::Game,
        seat: PlayerId,
        history: &[TurnLog<<Self::Game as Game>::Move>],
        first: bool,
    ) -> String;
    /// Lines a bot reads when the game is over for it (Quoridor's `-1`).
    fn end_message(&self, state: &Self::Game, seat: PlayerId) -> String {
        let _ = (state, seat);
        String::new()
    }
    /// Whether the game is over for `seat` although it goes on for others
    /// (a removed Quoridor player): it then reads
    /// [`end_message`](Contest::end_message) and is stopped.
    fn seat_done(&self, state: &Self::Game, seat: PlayerId) -> bool {
        let _ = (state, seat);
        false
    }

    /// How many lines the bot answers on this turn.
    fn answer_lines(&self, state: &Self::Game, seat: PlayerId) -> usize {
        let _ = (state, seat);
        1
    }
    /// Whether the referee drops this output line before reading answers
    /// (Quoridor: lines that are blank once trimmed).
    fn skips_line(&self, line: &[u8]) -> bool {
        let _ = line;
        false
    }
    /// Reads the bot's answer lines (raw bytes, each without its `\n`,
    /// the lines [`skips_line`](Contest::skips_line) drops left out) into
    /// the moves of its turn, exactly as the original referee reads them.
    ///
    /// # Errors
    /// Why the answer is unreadable or illegal.
    fn parse_answer(
        &self,
        state: &Self::Game,
        seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<<Self::Game as Game>::Move>, ContestError>;
    /// Plays a parsed turn on `state`. On error the state may be partly
    /// changed (the caller restores it).
    ///
    /// # Errors
    /// The first illegal move, or `incomplete-turn` when the moves end while
    /// the seat must still act.
    fn apply_turn(
        &self,
        state: &mut Self::Game,
        seat: PlayerId,
        moves: &[<Self::Game as Game>::Move],
    ) -> Result<(), ContestError> {
        for &m in moves {
            state.play(seat, m).map_err(|e| ContestError::from_game(&e))?;
        }
        if state.to_act().includes(seat) && !state.is_over() {
            return Err(ContestError::new("incomplete-turn", "the answer ends while the player must still move"));
        }
        Ok(())
    }
    /// The turn played for a seat whose answer failed, under
    /// [`FailurePolicy::Substitute`]. The default is [`random_turn`].
    fn fallback_turn(&self, state: &Self::Game, seat: PlayerId, rng: &mut GameRng) -> Vec<<Self::Game as Game>::Move> {
        random_turn(state, seat, rng)
    }

    /// A played turn (`played`, as [`format_turn`](Contest::format_turn)
    /// writes it) as a record keeps it: a text that
    /// [`judge_line`](Contest::judge_line) reads back to the same moves.
    /// The default is the protocol notation itself.
    fn record_text(&self, played: &str) -> String {
        played.to_string()
    }
    /// The answer lines a bot prints to play the turn `text` (as
    /// [`record_text`](Contest::record_text) writes it). The default is the
    /// text as one line.
    fn answer_of_turn(&self, text: &str) -> Vec<String> {
        vec![text.to_string()]
    }
    /// Whether the contest has text records (one turn per line); otherwise
    /// only structured records.
    fn text_records(&self) -> bool {
        true
    }
    /// Splits a whole text record into the lines to judge (default: lines
    /// with their line endings removed; a final newline adds no line).
    fn judge_split(&self, text: &str) -> Vec<String> {
        let mut lines: Vec<String> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l).to_string()).collect();
        if text.ends_with('\n') || text.is_empty() {
            lines.pop();
        }
        lines
    }
    /// Reads one line of a text record as the moves of `player`'s turn, in
    /// the position `state` before it.
    ///
    /// # Errors
    /// Why the line cannot be read, as an illegal-move answer.
    fn judge_line(
        &self,
        state: &Self::Game,
        player: PlayerId,
        line: &str,
    ) -> Result<Vec<<Self::Game as Game>::Move>, ContestError>;
    /// The legal moves of the player to act, in protocol notation, sorted.
    fn next_legal(&self, state: &Self::Game) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(p) = state.to_act().next_decider() {
            let mut buf = Vec::new();
            state.legal_moves(p, &mut buf);
            out = buf.iter().map(|&m| self.format_move(state, m)).collect();
        }
        out.sort();
        out
    }
}

/// Checks `p`'s turn on the position every acting seat decided on
/// (`snapshot`; at a simultaneous node the others' moves are not in it, so
/// "the turn is complete" means `p` owes no more moves there), then plays it
/// on `state` (which may already hold other seats' moves of the same
/// round). On error `state` may be partly changed (the caller restores it).
///
/// # Errors
/// As [`Contest::apply_turn`], or the game's error when a move does not fit
/// `state`.
pub fn play_turn_on<C: Contest + ?Sized>(
    contest: &C,
    snapshot: &C::Game,
    state: &mut C::Game,
    p: PlayerId,
    moves: &[<C::Game as Game>::Move],
) -> Result<(), ContestError> {
    let mut trial = snapshot.clone();
    contest.apply_turn(&mut trial, p, moves)?;
    if state == snapshot {
        // The first (or only) acting seat: the trial is the result.
        *state = trial;
        return Ok(());
    }
    for &m in moves {
        state.play(p, m).map_err(|e| ContestError::from_game(&e))?;
    }
    Ok(())
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
