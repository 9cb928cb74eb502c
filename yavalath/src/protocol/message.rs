//! What both sides share: the time limits, the player ids, a turn message ([`TurnMessage`]) and
//! an answer ([`Answer`]).

// Coordinates below 9: the `as` conversions are exact.
#![allow(clippy::cast_possible_wrap)]

use crate::bitboard::Bitboard;
use crate::cell::{Cell, ROWS, row_len};
use crate::error::{ProtocolError, SetupError};
use crate::notation::parse_move_text;
use crate::state::Yavalath;
use game_core::{PlayerId, SeatError};
use std::fmt;
use std::str::FromStr;

/// The protocol id of a player: `1` for the first player ([`PlayerId`]`(0)`), `2` for the second.
#[must_use]
pub const fn protocol_id(player: PlayerId) -> u8 {
    player.0 + 1
}

/// The player of a protocol id (`1` or `2`).
#[must_use]
pub const fn player_of_id(id: u8) -> Option<PlayerId> {
    match id {
        1 | 2 => Some(PlayerId(id - 1)),
        _ => None,
    }
}

/// Checks that `last_move` is what `me`, to move in `state`, is told: none before the first move,
/// else a stone of the opponent.
pub(super) fn check_last_move(state: &Yavalath, me: PlayerId, last_move: Option<Cell>) -> Result<(), ProtocolError> {
    match (state.plies(), last_move) {
        (0, Some(_)) => Err(ProtocolError::UnexpectedLastMove),
        (1.., None) => Err(ProtocolError::MissingLastMove),
        (_, Some(c)) if !state.stones(me.opponent()).contains(c) => Err(ProtocolError::LastMoveNotOpponent(c)),
        _ => Ok(()),
    }
}

/// Everything a bot reads on one of its turns.
///
/// The text form (`Display`, [`FromStr`]) is, line by line: the receiver's id `1` or `2` (only on
/// its own first turn), `9`, the 9 rows top to bottom with one character per cell (`0` empty, `1`
/// the receiver's stone, `2` the opponent's), and `X Y`, the opponent's last move (`-1 -1` on the
/// first player's first turn; after a steal, the stolen cell). Every line ends with `\n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnMessage {
    /// The receiver's protocol id, present on its own first turn only.
    pub my_id: Option<u8>,
    /// The receiver's stones.
    pub mine: Bitboard,
    /// The opponent's stones.
    pub theirs: Bitboard,
    /// The opponent's last move; `None` on the first player's first turn.
    pub last_move: Option<Cell>,
}

impl TurnMessage {
    /// The message of the player to move in `state`, given the opponent's last move (`None` only
    /// before the first move). The id line is included exactly on the receiver's first turn (the
    /// first move of the game for the first player, the second for the second player).
    ///
    /// # Errors
    /// [`ProtocolError::Seat`] ([`SeatError::GameOver`]), or a last move that does not fit the
    /// state.
    pub fn new(state: &Yavalath, last_move: Option<Cell>) -> Result<TurnMessage, ProtocolError> {
        let me = state.to_move().ok_or(SeatError::GameOver)?;
        check_last_move(state, me, last_move)?;
        let first_turn = state.plies() == u32::from(me.0);
        Ok(TurnMessage {
            my_id: first_turn.then_some(protocol_id(me)),
            mine: state.stones(me),
            theirs: state.stones(me.opponent()),
            last_move,
        })
    }

    /// The position this message describes for the receiver `me`, `me` to move. [`Session`](super::Session) does
    /// this for a bot, remembering `me` from the first turn.
    ///
    /// # Errors
    /// [`SetupError::Seat`] ([`SeatError::NoSuchPlayer`]) for a `me` other than 0 and 1; otherwise
    /// when no game reaches
    /// such a position.
    pub fn position(&self, me: PlayerId) -> Result<Yavalath, SetupError> {
        match me.0 {
            0 => Yavalath::from_stones(self.mine, self.theirs, me),
            1 => Yavalath::from_stones(self.theirs, self.mine, me),
            _ => Err(SeatError::NoSuchPlayer { player: me, players: 2 }.into()),
        }
    }
}
impl fmt::Display for TurnMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.my_id {
            writeln!(f, "{id}")?;
        }
        writeln!(f, "{ROWS}")?;
        for y in 0..ROWS {
            for x in 0..row_len(y) {
                let c = Cell::from_xy(x as i64, y as i64).map_err(|_| fmt::Error)?;
                let ch = if self.mine.contains(c) {
                    '1'
                } else if self.theirs.contains(c) {
                    '2'
                } else {
                    '0'
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        match self.last_move {
            Some(c) => writeln!(f, "{c}"),
            None => writeln!(f, "-1 -1"),
        }
    }
}

impl FromStr for TurnMessage {
    type Err = ProtocolError;

    /// Reads the text of one turn (trailing `\r` and trailing empty lines are ignored).
    fn from_str(s: &str) -> Result<TurnMessage, ProtocolError> {
        let lines: Vec<&str> = s.lines().map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        let end = lines.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1);
        let lines = &lines[..end];
        let bad = |line: usize, reason| ProtocolError::BadInput { line, reason };
        let mut i = 0;
        let mut my_id = None;
        if let Some(&first) = lines.first() {
            if first == "1" || first == "2" {
                my_id = Some(first.as_bytes()[0] - b'0');
                i = 1;
            }
        }
        if lines.get(i) != Some(&"9") {
            return Err(bad(i + 1, "expected the row count 9"));
        }
        i += 1;
        let (mut mine, mut theirs) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for y in 0..ROWS {
            let row = lines.get(i).ok_or(bad(i + 1, "missing row"))?;
            if row.len() != row_len(y) {
                return Err(bad(i + 1, "row of the wrong length"));
            }
            // The row's cells left to right (reading order), as many as the row has characters.
            for (ch, c) in row.bytes().zip(Cell::all().filter(|c| usize::from(c.y()) == y)) {
                match ch {
                    b'0' => {}
                    b'1' => mine.insert(c),
                    b'2' => theirs.insert(c),
                    _ => return Err(bad(i + 1, "a cell is not 0, 1 or 2")),
                }
            }
            i += 1;
        }
        let last = lines.get(i).ok_or(bad(i + 1, "missing last move"))?;
        let last_move = if *last == "-1 -1" {
            None
        } else {
            Some(parse_move_text(last).map_err(|_| bad(i + 1, "the last move is not a cell or -1 -1"))?)
        };
        if lines.len() > i + 1 {
            return Err(bad(i + 2, "unexpected extra line"));
        }
        Ok(TurnMessage { my_id, mine, theirs, last_move })
    }
}

/// A bot's answer: the cell and the optional message (display only; `/` separates its lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The cell played.
    pub cell: Cell,
    /// The message after the coordinates, if any. As read by [`parse_answer`](super::parse_answer): the referee's
    /// pieces after the two numbers joined by single spaces (never empty).
    pub message: Option<String>,
}

impl Answer {
    /// The answer `cell` without a message.
    #[must_use]
    pub fn new(cell: Cell) -> Answer {
        Answer { cell, message: None }
    }

    /// The same answer with a message (an empty one means none).
    #[must_use]
    pub fn with_message(self, message: impl Into<String>) -> Answer {
        let message: String = message.into();
        Answer { message: (!message.is_empty()).then_some(message), ..self }
    }

    /// The message's display lines (`/` separates them); empty without a message.
    pub fn message_lines(&self) -> impl Iterator<Item = &str> {
        self.message.as_deref().into_iter().flat_map(|m| m.split('/'))
    }
}

impl From<Cell> for Answer {
    fn from(cell: Cell) -> Answer {
        Answer::new(cell)
    }
}
