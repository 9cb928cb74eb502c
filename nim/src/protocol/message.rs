//! The messages both sides share: the id line ([`id_line`], [`player_of_id`]), the turn line
//! ([`TurnMessage`]) and the answer ([`format_answer`]).

use crate::error::ProtocolError;
use crate::notation::format_take;
use crate::state::Nim;
use game_core::PlayerId;
use std::fmt;
use std::str::FromStr;

/// The id line a bot reads before its first turn line, with its `\n`: `0\n` or `1\n`.
#[must_use]
pub fn id_line(seat: PlayerId) -> String {
    format!("{seat}\n")
}

/// The seat an id line names (without its line end): `0` and `1` exactly, nothing else (not
/// `00`, `+1` or ` 1`).
#[must_use]
pub fn player_of_id(line: &str) -> Option<PlayerId> {
    match line {
        "0" => Some(PlayerId(0)),
        "1" => Some(PlayerId(1)),
        _ => None,
    }
}

/// A turn line: `pile max_take`, the stones left and the most one move takes.
///
/// ```
/// use nim::Nim;
/// use nim::protocol::TurnMessage;
/// let turn = TurnMessage::new(&Nim::new(21, 3));
/// assert_eq!(turn.to_string(), "21 3");
/// assert_eq!("21 3".parse::<TurnMessage>().unwrap(), turn);
/// assert!("21  3".parse::<TurnMessage>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnMessage {
    /// Stones left.
    pub pile: u8,
    /// Most stones one move may take (at least 1).
    pub max_take: u8,
}

impl TurnMessage {
    /// The turn line of a position.
    #[must_use]
    pub fn new(state: &Nim) -> TurnMessage {
        TurnMessage { pile: state.pile, max_take: state.max_take }
    }
}

/// `pile max_take`, without a line end.
impl fmt::Display for TurnMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.pile, self.max_take)
    }
}

/// Reads a turn line without its line end: exactly two pieces separated by one space, each
/// read as `u8::from_str` reads it (so `+5` and `05` are 5), `max_take` at least 1.
impl FromStr for TurnMessage {
    type Err = ProtocolError;
    fn from_str(line: &str) -> Result<TurnMessage, ProtocolError> {
        let numbers: Vec<&str> = line.split(' ').collect();
        match numbers[..] {
            [pile, take] => match (pile.parse(), take.parse()) {
                (Ok(pile), Ok(max_take)) if max_take >= 1 => Ok(TurnMessage { pile, max_take }),
                _ => Err(ProtocolError::BadTurn(line.to_string())),
            },
            _ => Err(ProtocolError::BadTurn(line.to_string())),
        }
    }
}

/// The answer line for a take, without its line end: `3`.
#[must_use]
pub fn format_answer(take: u8) -> String {
    format_take(take)
}
