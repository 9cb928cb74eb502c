//! Moves as text: the protocol's words for placements and orders.

use crate::error::ParseMoveError;
use crate::order::FootballMove;
use crate::order::Order;
use crate::state::ParallelFootball;
use game_core::MoveNotation;
use game_core::grid::Cell;

impl MoveNotation for ParallelFootball {
    type ParseError = ParseMoveError;

    /// `x y` for a placement, the protocol's `stay` / `move dx dy` /
    /// `kick dx dy` for an order.
    fn format_move(&self, mv: FootballMove) -> String {
        match mv {
            FootballMove::Place(c) => format!("{} {}", c.x, c.y),
            FootballMove::Order(o) => o.to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<FootballMove, ParseMoveError> {
        let err = || ParseMoveError { text: text.chars().take(80).collect() };
        if let Some(o) = parse_order(text) {
            return Ok(FootballMove::Order(o));
        }
        parse_cell(text).map(FootballMove::Place).ok_or_else(err)
    }
}

/// Splits a line into exactly `N` tokens; `None` for any other count.
pub(crate) fn tokens<const N: usize>(line: &str) -> Option<[&str; N]> {
    let mut out = [""; N];
    let mut it = line.split_ascii_whitespace();
    for slot in &mut out {
        *slot = it.next()?;
    }
    it.next().is_none().then_some(out)
}

/// A plain decimal integer (an optional `-` for signed types), at most 12
/// characters.
pub(crate) fn number<T: std::str::FromStr>(token: &str) -> Option<T> {
    if token.is_empty() || token.len() > 12 || token.starts_with('+') {
        return None;
    }
    token.parse().ok()
}

/// `x y`, two numbers 0..=255 (not checked against a grid).
pub(crate) fn parse_cell(line: &str) -> Option<Cell> {
    let [x, y] = tokens::<2>(line)?;
    Some(Cell::new(number(x)?, number(y)?))
}

/// `stay`, `move dx dy` or `kick dx dy` (numbers in `-128..=127`).
pub(crate) fn parse_order(line: &str) -> Option<Order> {
    let mut it = line.split_ascii_whitespace();
    match it.next()? {
        "stay" => it.next().is_none().then_some(Order::Stay),
        w @ ("move" | "kick") => {
            let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else { return None };
            let (dx, dy) = (number(a)?, number(b)?);
            Some(if w == "move" { Order::Move { dx, dy } } else { Order::Kick { dx, dy } })
        }
        _ => None,
    }
}
