//! The arena's bot protocol (`../shared/rules/yavalath.md`, "Arena protocol") and game records.
//!
//! Player numbering: game-core's [`PlayerId`]`(0)` is the first player, protocol id `1`;
//! [`PlayerId`]`(1)` is the second player, protocol id `2` ([`protocol_id`], [`player_of_id`]).
//!
//! * What a bot reads on its turn: [`TurnInput`] (build it with [`TurnInput::new`], write it with
//!   `Display`, read it back with [`FromStr`]), or in one call [`turn_input`].
//! * What a bot answers: [`parse_answer`] (the referee's exact rules) and [`format_answer`].
//! * Game records for `arena judge`: [`parse_record`] (one `x y` move per line) and
//!   [`parse_move_text`].
//!
//! ```
//! use yavalath::protocol::{parse_answer, turn_input};
//! use yavalath::{Cell, Yavalath};
//! use game_core::{Game, PlayerId};
//!
//! let mut g = Yavalath::new();
//! assert!(turn_input(&g, None).unwrap().starts_with("1\n9\n00000\n"));
//! let answer = parse_answer("4 4 hello/world").unwrap();
//! assert_eq!(answer.message.as_deref(), Some("hello/world"));
//! g.play(PlayerId(0), answer.cell).unwrap();
//! let text = turn_input(&g, Some(answer.cell)).unwrap();
//! assert_eq!(text.lines().next(), Some("2"));      // the second player's first turn: its id
//! assert_eq!(text.lines().nth(6), Some("000020000")); // the middle row, from its point of view
//! assert_eq!(text.lines().last(), Some("4 4"));
//! assert!(parse_answer(" 4 4").is_err());          // a leading space is unreadable
//! assert!(parse_answer("4  4").is_err());          // so are two spaces
//! ```

use crate::cell::{Bitboard, Cell, ROWS, row_len};
use crate::error::{MoveParseError, SetupError};
use crate::state::Yavalath;
use game_core::{GameError, PlayerId};
use std::fmt;
use std::str::FromStr;

/// Time for each player's first answer (1000 ms).
pub const FIRST_ANSWER_TIME: std::time::Duration = std::time::Duration::from_millis(1000);
/// Time for every later answer (100 ms).
pub const LATER_ANSWER_TIME: std::time::Duration = std::time::Duration::from_millis(100);

/// The protocol id of a player: `1` for the first player ([`PlayerId`]`(0)`), `2` for the second.
pub const fn protocol_id(player: PlayerId) -> u8 {
    player.0 + 1
}

/// The player of a protocol id (`1` or `2`).
pub const fn player_of_id(id: u8) -> Option<PlayerId> {
    match id {
        1 | 2 => Some(PlayerId(id - 1)),
        _ => None,
    }
}

/// Why a turn input cannot be built or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The game is over: nobody receives a turn.
    #[error("the game is over")]
    GameOver,
    /// After the first move, the opponent's last move is needed.
    #[error("the opponent's last move is missing")]
    MissingLastMove,
    /// On the very first turn there is no last move (`-1 -1`).
    #[error("no move was played yet, but a last move was given")]
    UnexpectedLastMove,
    /// The last move given does not hold a stone of the receiver's opponent.
    #[error("the last move {0} is not an opponent's stone")]
    LastMoveNotOpponent(Cell),
    /// A turn input text that does not follow the protocol.
    #[error("line {line} of the turn input: {reason}")]
    BadInput {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: &'static str,
    },
}

impl GameError for ProtocolError {
    fn kind(&self) -> &'static str {
        match self {
            ProtocolError::GameOver => "game-over",
            ProtocolError::MissingLastMove => "missing-last-move",
            ProtocolError::UnexpectedLastMove => "unexpected-last-move",
            ProtocolError::LastMoveNotOpponent(_) => "last-move-not-opponent",
            ProtocolError::BadInput { .. } => "bad-input",
        }
    }
}

/// Everything a bot reads on one of its turns.
///
/// The text form (`Display`, [`FromStr`]) is, line by line: the receiver's id `1` or `2` (only on
/// its own first turn), `9`, the 9 rows top to bottom with one character per cell (`0` empty, `1`
/// the receiver's stone, `2` the opponent's), and `X Y`, the opponent's last move (`-1 -1` on the
/// first player's first turn; after a steal, the stolen cell). Every line ends with `\n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnInput {
    /// The receiver's protocol id, present on its own first turn only.
    pub my_id: Option<u8>,
    /// The receiver's stones.
    pub mine: Bitboard,
    /// The opponent's stones.
    pub theirs: Bitboard,
    /// The opponent's last move; `None` on the first player's first turn.
    pub last_move: Option<Cell>,
}

impl TurnInput {
    /// The input of the player to move in `state`, given the opponent's last move (`None` only
    /// before the first move). The id line is included exactly on the receiver's first turn (the
    /// first move of the game for the first player, the second for the second player).
    ///
    /// # Errors
    /// [`ProtocolError::GameOver`], or a last move that does not fit the state.
    pub fn new(state: &Yavalath, last_move: Option<Cell>) -> Result<TurnInput, ProtocolError> {
        let me = state.to_move().ok_or(ProtocolError::GameOver)?;
        let theirs = state.stones(me.opponent());
        match (state.plies(), last_move) {
            (0, Some(_)) => return Err(ProtocolError::UnexpectedLastMove),
            (1.., None) => return Err(ProtocolError::MissingLastMove),
            (_, Some(c)) if !theirs.contains(c) => return Err(ProtocolError::LastMoveNotOpponent(c)),
            _ => {}
        }
        let first_turn = state.plies() == u32::from(me.0);
        Ok(TurnInput { my_id: first_turn.then_some(protocol_id(me)), mine: state.stones(me), theirs, last_move })
    }

    /// The position this input describes, for the receiver `me` (a bot remembers its id from its
    /// first turn): `me` to move.
    ///
    /// # Errors
    /// When no game reaches such a position.
    pub fn position(&self, me: PlayerId) -> Result<Yavalath, SetupError> {
        match me.0 {
            0 => Yavalath::from_stones(self.mine, self.theirs, me),
            1 => Yavalath::from_stones(self.theirs, self.mine, me),
            _ => Err(SetupError::BadPlayer(me.to_string())),
        }
    }
}

impl fmt::Display for TurnInput {
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

impl FromStr for TurnInput {
    type Err = ProtocolError;

    /// Reads the text of one turn (trailing `\r` and trailing empty lines are ignored).
    fn from_str(s: &str) -> Result<TurnInput, ProtocolError> {
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
            for (x, ch) in row.bytes().enumerate() {
                let c = Cell::from_xy(x as i64, y as i64).map_err(|_| bad(i + 1, "row of the wrong length"))?;
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
        Ok(TurnInput { my_id, mine, theirs, last_move })
    }
}

/// Why [`read_turn`] failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadTurnError {
    /// Reading the input failed.
    #[error("reading the turn input: {0}")]
    Io(#[from] std::io::Error),
    /// The input does not follow the protocol.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
}

/// Reads one turn's input from a bot's stdin (for bot authors): the id line when present, `9`,
/// the rows and the last move. `Ok(None)` at the end of the input before a turn starts.
///
/// # Errors
/// An I/O error, or input that does not follow the protocol (including input ending mid-turn).
///
/// ```
/// use yavalath::protocol::read_turn;
/// let text = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
/// let mut input = std::io::Cursor::new(text);
/// let turn = read_turn(&mut input).unwrap().unwrap();
/// assert_eq!(turn.my_id, Some(1));
/// assert!(read_turn(&mut input).unwrap().is_none());
/// ```
pub fn read_turn<R: std::io::BufRead + ?Sized>(input: &mut R) -> Result<Option<TurnInput>, ReadTurnError> {
    let mut text = String::new();
    let mut line_no = 0;
    let mut read = |text: &mut String| -> Result<bool, ReadTurnError> {
        line_no += 1;
        let before = text.len();
        let n = input.read_line(text)?;
        if n > 0 && !text.ends_with('\n') {
            text.push('\n');
        }
        Ok(n > 0 && text.len() > before)
    };
    if !read(&mut text)? {
        return Ok(None);
    }
    let mut rest = ROWS + 1; // the rows and the last move
    if text.trim_end() != "9" {
        rest += 1; // an id line came first: the row count follows
    }
    for _ in 0..rest {
        if !read(&mut text)? {
            return Err(ProtocolError::BadInput { line: line_no, reason: "the input ends inside a turn" }.into());
        }
    }
    Ok(Some(text.parse()?))
}

/// The text the player to move in `state` reads, given the opponent's last move (`None` only
/// before the first move): [`TurnInput::new`] written out.
///
/// # Errors
/// As [`TurnInput::new`].
pub fn turn_input(state: &Yavalath, last_move: Option<Cell>) -> Result<String, ProtocolError> {
    TurnInput::new(state, last_move).map(|t| t.to_string())
}

/// A bot's answer: the cell and the optional message (display only; `/` separates its lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The cell played.
    pub cell: Cell,
    /// The message after the coordinates, if any (trailing whitespace removed).
    pub message: Option<String>,
}

impl Answer {
    /// The message's display lines (`/` separates them); empty without a message.
    pub fn message_lines(&self) -> impl Iterator<Item = &str> {
        self.message.as_deref().into_iter().flat_map(|m| m.split('/'))
    }
}

/// The whitespace characters the referee splits on (Java's `\s`).
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r')
}

/// An integer as Java's `Integer.parseInt` reads it (ASCII digits, optional sign, 32 bits).
fn parse_int(token: &str) -> Option<i32> {
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<i32>().ok()
}

/// Reads a bot's answer line exactly as the referee does: the line is split at every single
/// whitespace character; the first two pieces must be integers `x` and `y`. So a leading
/// whitespace or two whitespace characters between the numbers make it unreadable, trailing
/// whitespace is fine, and anything after `x y` and one separator is the message.
///
/// Integers are read as Java's `Integer.parseInt` does (optional `+`/`-`, 32-bit range), with ASCII
/// digits only.
///
/// # Errors
/// [`MoveParseError::Unreadable`], or [`MoveParseError::OffBoard`] for two integers off the
/// board (both lose the game).
pub fn parse_answer(line: &str) -> Result<Answer, MoveParseError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let mut pieces = line.splitn(3, is_separator);
    let xs = pieces.next().unwrap_or("");
    let ys = pieces.next();
    let rest = pieces.next();
    let x = parse_int(xs).ok_or_else(|| MoveParseError::unreadable(line, "x is not an integer"))?;
    let ys = ys.ok_or_else(|| MoveParseError::unreadable(line, "y is missing"))?;
    let y = parse_int(ys).ok_or_else(|| MoveParseError::unreadable(line, "y is not an integer"))?;
    let cell = Cell::from_xy(i64::from(x), i64::from(y))
        .map_err(|_| MoveParseError::OffBoard { x: i64::from(x), y: i64::from(y) })?;
    let message = rest.map(|m| m.trim_end_matches(is_separator)).filter(|m| !m.is_empty()).map(str::to_owned);
    Ok(Answer { cell, message })
}

/// The answer line for `cell` with an optional message (no newline).
pub fn format_answer(cell: Cell, message: Option<&str>) -> String {
    match message {
        Some(m) if !m.is_empty() => format!("{cell} {m}"),
        _ => cell.to_string(),
    }
}

/// Reads a move `x y` leniently (records, people): surrounding whitespace is ignored and the two
/// integers may be separated by any whitespace; nothing else may follow.
///
/// # Errors
/// [`MoveParseError::Unreadable`] or [`MoveParseError::OffBoard`].
pub fn parse_move_text(text: &str) -> Result<Cell, MoveParseError> {
    let mut it = text.split_whitespace();
    let (Some(xs), Some(ys), None) = (it.next(), it.next(), it.next()) else {
        return Err(MoveParseError::unreadable(text, "expected two integers `x y`"));
    };
    let x = parse_int(xs).ok_or_else(|| MoveParseError::unreadable(text, "x is not an integer"))?;
    let y = parse_int(ys).ok_or_else(|| MoveParseError::unreadable(text, "y is not an integer"))?;
    Cell::from_xy(i64::from(x), i64::from(y)).map_err(|_| MoveParseError::OffBoard { x: i64::from(x), y: i64::from(y) })
}

/// A record line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct RecordError {
    /// 1-based line number in the text.
    pub line: usize,
    /// Why.
    pub error: MoveParseError,
}

impl GameError for RecordError {
    fn kind(&self) -> &'static str {
        self.error.kind()
    }
}

/// Reads a game record as `arena judge` does: one move `x y` per line ([`parse_move_text`]);
/// blank lines are skipped. Returns each move with its 1-based line number. The moves are not
/// checked against the rules: play them in order with [`game_core::Game::play`] (players alternate,
/// the first move is [`PlayerId`]`(0)`'s), or use [`Yavalath::replay`].
///
/// # Errors
/// The first unreadable line.
///
/// ```
/// use yavalath::protocol::parse_record;
/// use yavalath::Yavalath;
/// let moves = parse_record("4 4\n4 4\n\n0 0\n").unwrap();
/// let cells: Vec<_> = moves.iter().map(|&(_, c)| c).collect();
/// let g = Yavalath::replay(&cells).unwrap();
/// assert!(g.stolen());
/// assert_eq!(parse_record("4 4\n9 9\n").unwrap_err().line, 2);
/// ```
pub fn parse_record(text: &str) -> Result<Vec<(usize, Cell)>, RecordError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| parse_move_text(l).map(|c| (i + 1, c)).map_err(|error| RecordError { line: i + 1, error }))
        .collect()
}
