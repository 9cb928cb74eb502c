//! The referee side: the messages the arena writes, how it reads answers
//! and, with the default feature `referee`, the whole contest ([`Referee`]).

use super::message::excerpt;
use crate::error::{AnswerError, MoveError};
use crate::field::Field;
use crate::limits::TEAMS;
use crate::notation::{parse_cell, parse_order};
use crate::order::Order;
use crate::setup::Config;
use game_core::PlayerId;
use game_core::grid::Cell;
use std::fmt::Write as _;

/// A line of a team's answer that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// 0-based line of the answer (the footballer's index for lines below `p`).
    pub line: usize,
    /// What was wrong.
    pub error: AnswerError,
}

/// The start line a team reads: `team p k width height max_turns` (with its
/// `\n`).
#[must_use]
pub fn start_message(config: &Config, team: PlayerId) -> String {
    format!("{team} {} {} {} {} {}\n", config.players, config.kick_range, config.width, config.height, config.max_turns)
}

/// Appends the turn message of `field` to `out` (the same for every team:
/// the game has complete information).
pub fn write_turn_message(field: &Field, out: &mut String) {
    let c = field.config();
    let s = field.scores();
    let _ = writeln!(out, "{} {} {} {} {} {}", field.turn() + 1, s[0], s[1], s[2], s[3], field.balls_left());
    for (i, p) in field.positions().iter().enumerate() {
        let _ = writeln!(out, "{} {} {}", c.team_of(i), p.x, p.y);
    }
    let n = field.balls().iter().filter(|&&b| b > 0).count();
    let _ = writeln!(out, "{n}");
    for (i, &b) in field.balls().iter().enumerate() {
        if b > 0 {
            let cell = c.cell(i);
            let _ = writeln!(out, "{} {} {b}", cell.x, cell.y);
        }
    }
}

/// The turn message of `field`, every line ended by `\n` (see
/// [`write_turn_message`]).
#[must_use]
pub fn turn_message(field: &Field) -> String {
    let mut s = String::with_capacity(32 + field.positions().len() * 9 + field.balls_left() as usize * 9);
    write_turn_message(field, &mut s);
    s
}

/// Whether the referee drops this output line before reading answers:
/// never in this game (every line, blank ones included, is one
/// footballer's); defined so that every game's protocol has the same shape.
#[must_use]
pub fn skips_line(line: &[u8]) -> bool {
    let _ = line;
    false
}

/// The line as text for a parser, or the unreadable-line error.
fn answer_text<'a>(line: &'a [u8], expected: &'static str) -> Result<&'a str, AnswerError> {
    std::str::from_utf8(line)
        .map_err(|_| AnswerError::Unreadable { line: excerpt(&String::from_utf8_lossy(line)), expected })
}

/// Reads one order line of a team's turn answer (its bytes, `\n` removed;
/// a `\r` and surrounding whitespace are ignored): `stay`, `move dx dy` or
/// `kick dx dy`, numbers in `-128..=127`. Whether the order is legal is for
/// the turn resolution.
///
/// # Errors
/// [`AnswerError::Unreadable`] (the footballer stays).
pub fn parse_answer(line: &[u8]) -> Result<Order, AnswerError> {
    const E: &str = "`stay`, `move dx dy` or `kick dx dy`";
    let text = answer_text(line, E)?;
    parse_order(text).ok_or_else(|| AnswerError::Unreadable { line: excerpt(text), expected: E })
}

/// Reads one line `x y` of a team's start answer (its bytes, `\n` removed;
/// a `\r` and surrounding whitespace are ignored), a cell on the grid.
///
/// # Errors
/// [`AnswerError::Unreadable`] or [`AnswerError::OffGrid`] (the footballer
/// starts on its team's home cell).
pub fn parse_placement(config: &Config, line: &[u8]) -> Result<Cell, AnswerError> {
    const E: &str = "`x y`";
    let text = answer_text(line, E)?;
    let cell = parse_cell(text).ok_or_else(|| AnswerError::Unreadable { line: excerpt(text), expected: E })?;
    if config.contains(cell) { Ok(cell) } else { Err(AnswerError::OffGrid { x: cell.x, y: cell.y }) }
}

/// Reports the non-blank lines after the `p`-th.
fn extra_lines<L: AsRef<[u8]>>(rest: impl Iterator<Item = L>, p: usize, problems: &mut Vec<LineProblem>) {
    for (j, line) in rest.enumerate() {
        let line = line.as_ref();
        if !line.iter().all(u8::is_ascii_whitespace) {
            let text = excerpt(&String::from_utf8_lossy(line));
            problems.push(LineProblem { line: p + j, error: AnswerError::Extra(text) });
        }
    }
}

/// What a team's start answer amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementAnswer {
    /// Exactly `p` start cells, all on the grid.
    pub cells: Vec<Cell>,
    /// Lines that could not be used (that footballer starts on the home).
    pub problems: Vec<LineProblem>,
}

/// Reads a team's start answer, line by line with [`parse_placement`].
/// An unreadable, missing or off-grid line puts that footballer on the
/// team's home cell and is reported; non-blank lines after the `p`-th are
/// reported and ignored.
///
/// # Errors
/// Only [`SeatError::NoSuchPlayer`](game_core::SeatError::NoSuchPlayer)
/// (as [`MoveError::Seat`]) for a seat above 3 (it has no home).
pub fn parse_placements<L: AsRef<[u8]>>(
    lines: impl IntoIterator<Item = L>,
    config: &Config,
    team: PlayerId,
) -> Result<PlacementAnswer, MoveError> {
    game_core::SeatError::check_exists(team, TEAMS)?;
    let p = usize::from(config.players);
    let home = config.home(team);
    let mut cells = Vec::with_capacity(p);
    let mut problems = Vec::new();
    let mut lines = lines.into_iter();
    for i in 0..p {
        let cell = match lines.next() {
            None => Err(AnswerError::Missing("`x y`")),
            Some(line) => parse_placement(config, line.as_ref()),
        };
        cells.push(cell.unwrap_or_else(|error| {
            problems.push(LineProblem { line: i, error });
            home
        }));
    }
    extra_lines(lines, p, &mut problems);
    Ok(PlacementAnswer { cells, problems })
}

/// What a team's turn answer amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrdersAnswer {
    /// Exactly `p` orders (`Stay` for unusable lines).
    pub orders: Vec<Order>,
    /// Lines that could not be read.
    pub problems: Vec<LineProblem>,
}

/// Reads a team's turn answer of `p` lines, each with [`parse_answer`].
/// Never fails: an unreadable or missing line counts as `stay` and is
/// reported; non-blank lines after the `p`-th are reported and ignored.
pub fn parse_orders<L: AsRef<[u8]>>(lines: impl IntoIterator<Item = L>, p: usize) -> OrdersAnswer {
    let mut orders = Vec::with_capacity(p);
    let mut problems = Vec::new();
    let mut lines = lines.into_iter();
    for i in 0..p {
        let order = match lines.next() {
            None => Err(AnswerError::Missing("an order")),
            Some(line) => parse_answer(line.as_ref()),
        };
        orders.push(order.unwrap_or_else(|error| {
            problems.push(LineProblem { line: i, error });
            Order::Stay
        }));
    }
    extra_lines(lines, p, &mut problems);
    OrdersAnswer { orders, problems }
}

/// The contest of Parallel Football as its referee runs it, on one
/// validated configuration ([`game_core::referee::Contest`]).
///
/// * Seats are the four teams; they act simultaneously on the same
///   position.
/// * At the start a team reads [`start_message`] and answers `p` lines
///   `x y`; each turn it reads [`turn_message`] and answers `p` order lines.
/// * An unreadable line is `stay` (a missing or bad start cell is the
///   team's home) and an illegal order makes that footballer stay; both
///   are noted and the game goes on
///   ([`FailurePolicy::Substitute`](game_core::referee::FailurePolicy::Substitute)).
///   A team that times out or crashes is stopped and all its footballers
///   stay from then on (they start on the home cell if it fails at the
///   start).
/// * Time: [`TIME_CONTROL`](super::TIME_CONTROL).
/// * Records are structured only (no text records); a turn is kept as
///   `s m-1,1 k2,0` (a placement as `3,4 5,6`).
///
/// ```
/// use parallel_football::game_core::referee::Contest;
/// use parallel_football::game_core::PlayerId;
/// use parallel_football::{Config, protocol::Referee};
///
/// let referee = Referee::new(Config::new(8, 8, 2, 3, 100).unwrap()).unwrap();
/// let state = referee.start();
/// assert_eq!(referee.start_message(&state, PlayerId(1)), "1 2 3 8 8 100\n");
/// // One unreadable start line: that footballer starts on the home cell.
/// let answer = referee.parse_answer(&state, PlayerId(1), &[b"3 3", b"dance"]).unwrap();
/// assert_eq!(answer.notes.len(), 1);
/// ```
#[cfg(feature = "referee")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Referee {
    config: Config,
}

#[cfg(feature = "referee")]
impl Referee {
    /// The contest on `config`.
    ///
    /// # Errors
    /// [`ConfigError`](crate::ConfigError) when `config` is invalid
    /// ([`Config::validate`]).
    pub fn new(config: Config) -> Result<Referee, crate::error::ConfigError> {
        config.validate()?;
        Ok(Referee { config })
    }

    /// The contest's configuration.
    #[must_use]
    pub fn config(&self) -> Config {
        self.config
    }
}

#[cfg(feature = "referee")]
fn problems_to_notes(problems: Vec<LineProblem>, what: &str) -> Vec<game_core::referee::AnswerNote> {
    use game_core::GameError as _;
    problems
        .into_iter()
        .map(|p| {
            game_core::referee::AnswerNote::new(p.error.kind(), format!("line {}: {} ({what})", p.line + 1, p.error))
        })
        .collect()
}

#[cfg(feature = "referee")]
mod contest {
    use super::{Referee, parse_orders, parse_placements, problems_to_notes};
    use crate::order::FootballMove;
    use crate::order::Order;
    use crate::state::ParallelFootball;
    use game_core::referee::{AnswerNote, Contest, ContestError, FailurePolicy, ParsedAnswer, TurnLog};
    use game_core::rng::GameRng;
    use game_core::{Game, GameError, MoveNotation, PlayerId, TimeControl};

    impl Contest for Referee {
        type Game = ParallelFootball;

        fn start(&self) -> ParallelFootball {
            ParallelFootball::new(self.config).expect("the referee's configuration was validated by Referee::new")
        }
        fn time_control(&self) -> TimeControl {
            super::super::TIME_CONTROL
        }
        fn failure_policy(&self) -> FailurePolicy {
            FailurePolicy::Substitute
        }
        fn format_move(&self, state: &ParallelFootball, mv: FootballMove) -> String {
            state.format_move(mv)
        }
        fn format_turn(&self, before: &ParallelFootball, _player: PlayerId, moves: &[FootballMove]) -> String {
            moves.iter().map(|&m| before.format_move(m)).collect::<Vec<_>>().join(", ")
        }
        fn start_message(&self, state: &ParallelFootball, seat: PlayerId) -> String {
            super::start_message(&state.config(), seat)
        }
        fn turn_message(
            &self,
            state: &ParallelFootball,
            _seat: PlayerId,
            _history: &[TurnLog<FootballMove>],
            _first: bool,
        ) -> String {
            if state.in_placement() { String::new() } else { super::turn_message(state.field()) }
        }
        fn answer_lines(&self, state: &ParallelFootball, _seat: PlayerId) -> usize {
            usize::from(state.config().players)
        }
        fn parse_answer(
            &self,
            state: &ParallelFootball,
            seat: PlayerId,
            lines: &[&[u8]],
        ) -> Result<ParsedAnswer<FootballMove>, ContestError> {
            let config = state.config();
            let lines = lines.iter().copied();
            if state.in_placement() {
                let a = parse_placements(lines, &config, seat).map_err(|e| ContestError::from_game(&e))?;
                let moves = a.cells.into_iter().map(FootballMove::Place).collect();
                return Ok(ParsedAnswer { moves, notes: problems_to_notes(a.problems, "starts on its home") });
            }
            let a = parse_orders(lines, usize::from(config.players));
            let mut notes = problems_to_notes(a.problems, "stays");
            // Illegal orders make that footballer stay (checked on the position
            // at the start of the turn, as the turn resolution does).
            let mut s = state.clone();
            let mut moves = Vec::with_capacity(a.orders.len());
            for (i, order) in a.orders.into_iter().enumerate() {
                let mv = match s.check_move(seat, FootballMove::Order(order)) {
                    Ok(()) => FootballMove::Order(order),
                    Err(e) => {
                        notes.push(AnswerNote::new(e.kind(), format!("line {}: {e} (stays)", i + 1)));
                        FootballMove::Order(Order::Stay)
                    }
                };
                s.play_unchecked(seat, mv);
                moves.push(mv);
            }
            Ok(ParsedAnswer { moves, notes })
        }
        fn fallback_turn(&self, state: &ParallelFootball, seat: PlayerId, _rng: &mut GameRng) -> Vec<FootballMove> {
            let config = state.config();
            let p = usize::from(config.players);
            if !state.to_act().includes(seat) {
                return Vec::new();
            }
            if state.in_placement() {
                vec![FootballMove::Place(config.home(seat)); p]
            } else {
                vec![FootballMove::Order(Order::Stay); p]
            }
        }
        fn text_records(&self) -> bool {
            false
        }
        /// `stay, move -1 1, kick 2 0` (or a placement `3 4, 5 6`) is kept as
        /// `s m-1,1 k2,0` (`3,4 5,6`): a third of the size of the protocol words.
        fn record_text(&self, played: &str) -> String {
            let mut out = String::with_capacity(played.len() / 2);
            for (i, words) in split_turn(played).enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                compact(words, &mut out);
            }
            out
        }
        fn answer_of_turn(&self, text: &str) -> Vec<String> {
            turn_words(text)
        }
        /// A turn as a record keeps it ([`record_text`](Contest::record_text)),
        /// or in protocol words separated by `, ` (a JSON record's `text`; text
        /// records are not read).
        fn judge_line(
            &self,
            state: &ParallelFootball,
            _player: PlayerId,
            line: &str,
        ) -> Result<Vec<FootballMove>, ContestError> {
            turn_words(line).iter().map(|m| state.parse_move(m).map_err(|e| ContestError::from_game(&e))).collect()
        }
    }

    /// The moves of a turn in protocol words (`stay, move 1 0, kick 2 -3`).
    fn split_turn(text: &str) -> impl Iterator<Item = &str> {
        text.split(", ").filter(move |_| !text.is_empty())
    }

    /// One move's protocol words in record notation (`s`, `m1,0`, `k2,-3`,
    /// `3,4`), appended to `out`.
    fn compact(words: &str, out: &mut String) {
        let mut w = words.split(' ');
        match (w.next(), w.next(), w.next(), w.next()) {
            (Some("stay"), None, _, _) => out.push('s'),
            (Some(kind @ ("move" | "kick")), Some(x), Some(y), None) => {
                out.push(if kind == "move" { 'm' } else { 'k' });
                out.push_str(x);
                out.push(',');
                out.push_str(y);
            }
            (Some(x), Some(y), None, _) => {
                out.push_str(x);
                out.push(',');
                out.push_str(y);
            }
            _ => out.push_str(words),
        }
    }

    /// A record's turn text as protocol words, one per move: record notation
    /// when every token is one, otherwise protocol words separated by `, `.
    fn turn_words(text: &str) -> Vec<String> {
        let expand = |t: &str| -> Option<String> {
            let pair = |r: &str| {
                r.split_once(',').filter(|(x, y)| !x.is_empty() && !y.is_empty()).map(|(x, y)| format!("{x} {y}"))
            };
            match t.as_bytes().first()? {
                b's' if t == "s" => Some("stay".into()),
                b'm' => pair(&t[1..]).map(|p| format!("move {p}")),
                b'k' => pair(&t[1..]).map(|p| format!("kick {p}")),
                b'0'..=b'9' => pair(t),
                _ => None,
            }
        };
        if text.is_empty() {
            return Vec::new();
        }
        let record: Option<Vec<String>> = text.split(' ').map(expand).collect();
        record.unwrap_or_else(|| split_turn(text).map(str::to_string).collect())
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::setup::Config;
        use game_core::grid::Cell;

        #[test]
        fn record_notation_reads_back_to_the_protocol_words_and_moves() {
            let a = Referee::new(Config::new(16, 16, 3, 2, 10).unwrap()).unwrap();
            let state = a.start();
            let played = "stay, move -1 1, kick 2 0";
            let kept = a.record_text(played);
            assert_eq!(kept, "s m-1,1 k2,0");
            assert_eq!(a.answer_of_turn(&kept), ["stay", "move -1 1", "kick 2 0"]);
            assert_eq!(a.record_text("3 4, 15 0"), "3,4 15,0");
            assert_eq!(a.answer_of_turn("3,4 15,0"), ["3 4", "15 0"]);
            // Protocol words are read too, and both give the same moves.
            let p = PlayerId(0);
            assert_eq!(a.judge_line(&state, p, &kept).unwrap(), a.judge_line(&state, p, played).unwrap());
            assert_eq!(a.judge_line(&state, p, "").unwrap(), []);
            assert!(a.judge_line(&state, p, "s m1").is_err());
            assert!(a.judge_line(&state, p, "dance").is_err());
        }

        #[test]
        fn a_text_that_is_not_record_notation_is_kept_as_protocol_words() {
            let a = Referee::new(Config::new(16, 16, 3, 2, 10).unwrap()).unwrap();
            // A token must be all of `s`, or both numbers of a pair.
            for text in ["sx", "m1,", "k,2", ",3", "s m1,"] {
                assert_eq!(a.answer_of_turn(text), [text], "{text:?}");
            }
            assert_eq!(a.answer_of_turn("s m1,2"), ["stay", "move 1 2"]);
        }

        #[test]
        fn moves_and_turns_are_shown_in_protocol_words() {
            let a = Referee::new(Config::new(16, 16, 2, 2, 10).unwrap()).unwrap();
            let placing = a.start();
            assert_eq!(a.format_move(&placing, FootballMove::Place(Cell::new(3, 4))), "3 4");
            let orders = [FootballMove::Order(Order::Stay), FootballMove::Order(Order::Kick { dx: 2, dy: -1 })];
            assert_eq!(a.format_turn(&placing, PlayerId(1), &orders), "stay, kick 2 -1");
            assert_eq!(a.format_turn(&placing, PlayerId(1), &[]), "");
        }
    }
}
