//! The referee side: the messages the arena writes and how it reads answers.

use super::common::{LineProblem, excerpt};
use crate::error::{AnswerError, MoveError};
use crate::field::Field;
use crate::limits::TEAMS;
use crate::notation::{parse_cell, parse_order};
use crate::order::Order;
use crate::setup::Config;
use game_core::PlayerId;
use game_core::grid::Cell;
use std::fmt::Write as _;

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
/// Only [`MoveError::NoSuchPlayer`] for a seat above 3 (it has no home).
pub fn parse_placements<L: AsRef<[u8]>>(
    lines: impl IntoIterator<Item = L>,
    config: &Config,
    team: PlayerId,
) -> Result<PlacementAnswer, MoveError> {
    if team.index() >= TEAMS {
        return Err(MoveError::NoSuchPlayer { player: team, players: TEAMS });
    }
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
