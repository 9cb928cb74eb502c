//! The arena's bot protocol, both sides, and game records.
//!
//! # Writing a bot
//!
//! [`run_bot`] does all the protocol work: it reads each turn, keeps the [`Session`] (your id and
//! the position, steal included), calls your function with the state, your [`PlayerId`] and the
//! time left for this answer, and writes the answer. It returns `Ok(())` at the end of the input.
//!
//! ```
//! use yavalath::game_core::PlayerId;
//! use yavalath::protocol::{Answer, run_bot};
//! use yavalath::{Cell, Yavalath};
//!
//! // Play the first empty cell that does not lose at once.
//! let bot = |g: &Yavalath, me: PlayerId, _left: std::time::Duration| {
//!     let legal = g.legal();
//!     let safe = legal & !g.losing_cells(me);
//!     Answer::from(safe.first().or(legal.first()).unwrap_or(Cell::CENTER))
//! };
//! // In a real bot: run_bot(std::io::stdin().lock(), std::io::stdout(), bot).
//! let input = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, bot).unwrap();
//! assert_eq!(output, b"0 0\n");
//! ```
//!
//! # The protocol
//!
//! Per turn, the bot to move reads a [`TurnMessage`]:
//! 1. on its own first turn only, its id: `1` (first player) or `2` (second player);
//! 2. `9`, the number of rows;
//! 3. the 9 rows top to bottom, one character per cell from its point of view: `0` empty, `1`
//!    its own stone, `2` the opponent's;
//! 4. the opponent's last move `x y`, or `-1 -1` on the first player's first turn. After a steal
//!    the first player sees the stolen cell here.
//!
//! It answers one line `x y`, optionally followed by a message (display only, `/` separates its
//! lines): [`format_answer`], [`write_answer`]. Each answer must come within [`TIME_CONTROL`]:
//! 1000 ms for a player's first answer, 100 ms for every later one.
//!
//! There is no start message (nothing is sent before the first turn), so this module has no
//! `StartMessage` or `read_start`; [`start_message`] is empty. There is no end message either:
//! the referee stops writing and closes the input, where [`read_turn`] returns `Ok(None)`.
//!
//! Player numbering: game-core's [`PlayerId`]`(0)` is the first player, protocol id `1`;
//! [`PlayerId`]`(1)` is the second player, protocol id `2` ([`protocol_id`], [`player_of_id`]).
//!
//! # How the referee reads an answer
//!
//! [`parse_answer`] reads an answer line as the contest's referee (a Java program) does. The
//! referee takes the first output line of the bot, splits it with the regular expression `\s`
//! (Java's `String.split`), reads the first two pieces with `Integer.parseInt` and joins the
//! remaining pieces with single spaces to make the message. From that code and from Java's own
//! behaviour (checked on OpenJDK 17):
//!
//! * Without the `UNICODE_CHARACTER_CLASS` flag, which the referee does not set, `\s` matches
//!   only the six ASCII characters space, tab, line feed, vertical tab (`\x0B`), form feed and
//!   carriage return. Every single one of them separates; a no-break space, an ideographic space
//!   or U+0085 does not (`4\u{A0}4` is one unreadable piece).
//! * The split keeps empty pieces between two separators or before a leading one, so a leading
//!   separator, or two separators between the numbers, makes an empty piece where a number is
//!   expected: unreadable. Trailing empty pieces are dropped, so trailing whitespace (a `\r`
//!   included) is fine.
//! * A tab, or any of the six, between the numbers separates them like a space: `4\t4` is `4 4`.
//! * A number is an optional `+` or `-` followed by one or more decimal digits, where a digit is
//!   any character of Unicode category Nd that Java sees as one `char`: `٣` (Arabic-Indic),
//!   `३` (Devanagari), `๓` (Thai) and `３` (fullwidth) are all 3, and scripts may be mixed inside
//!   one number (`３4` is 34). Java reads the text as UTF-16 code units, so Nd digits outside the
//!   Basic Multilingual Plane (the mathematical bold digits U+1D7CE.., Osmanya, Adlam...) are
//!   two surrogate units, not digits: unreadable. Superscripts (`³`), Roman numerals and letters
//!   are not Nd: unreadable. Leading zeros are fine (`-0` is 0); a value outside
//!   `-2147483648..=2147483647` is unreadable.
//! * Fewer than two pieces is unreadable.
//! * Two numbers that are not a cell of the board (`-1 4`, `2147483647 0`) are readable but an
//!   illegal move: [`AnswerError::OffBoard`], distinct from [`AnswerError::Unreadable`]. Both
//!   lose the game.
//! * The message is the pieces after the two numbers, joined by single spaces: `4 4 a\tb` has
//!   the message `a b`, `4 4  a` has ` a`; none when there are no more pieces.
//!
//! # Decisions where the rules are silent
//!
//! * A line that is not valid UTF-8 is unreadable as a whole, even when the bad bytes would be
//!   in the message: the referee's text decoding of raw bytes is not part of its published code.
//! * The digit table is Java 9 and later's (Unicode 7.0 and later; no Nd digit was added to the
//!   Basic Multilingual Plane since): it includes the Sinhala Lith (U+0DE6..) and Myanmar Tai
//!   Laing (U+A9F0..) digits, which Java 8 does not know.
//! * [`format_answer`] writes a message's line breaks (`\n`, `\r`) as spaces, so an answer is
//!   always one line.
//! * [`read_turn`] accepts `\r\n` line ends and a last line without `\n`; [`Session`] checks that
//!   each message describes a position some game reaches, with the receiver to move, and that the
//!   last move is an opponent's stone; an id line on a later turn must repeat the same id.
//!
//! # Referee side and records
//!
//! * What the referee sends: [`turn_message`] (built on [`TurnMessage::new`]); [`start_message`]
//!   is empty and [`skips_line`] is always false (every output line is an answer).
//! * What it reads: [`parse_answer`].
//! * Game records for `arena judge`: [`parse_record`] (one `x y` move per line) and
//!   [`parse_move_text`].
//!
//! ```
//! use yavalath::protocol::{parse_answer, turn_message};
//! use yavalath::{Cell, Yavalath};
//! use game_core::{Game, PlayerId};
//!
//! let mut g = Yavalath::new();
//! assert!(turn_message(&g, None).unwrap().starts_with("1\n9\n00000\n"));
//! let answer = parse_answer(b"4 4 hello/world").unwrap();
//! assert_eq!(answer.message.as_deref(), Some("hello/world"));
//! g.play(PlayerId(0), answer.cell).unwrap();
//! let text = turn_message(&g, Some(answer.cell)).unwrap();
//! assert_eq!(text.lines().next(), Some("2"));      // the second player's first turn: its id
//! assert_eq!(text.lines().nth(6), Some("000020000")); // the middle row, from its point of view
//! assert_eq!(text.lines().last(), Some("4 4"));
//! assert!(parse_answer(b" 4 4").is_err());         // a leading space is unreadable
//! assert!(parse_answer(b"4  4").is_err());         // so are two spaces
//! assert_eq!(parse_answer("٣ 4".as_bytes()).unwrap().cell, Cell::from_xy(3, 4).unwrap());
//! ```

use crate::cell::{Bitboard, Cell, ROWS, row_len};
use crate::error::{MoveParseError, SetupError};
use crate::state::Yavalath;
use game_core::time::{Clock, TimeControl};
use game_core::{GameError, PlayerId};
use std::fmt;
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The time limits: 1000 ms for each player's first answer, 100 ms for every later one.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_millis(1000), later: Duration::from_millis(100) };

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

/// Why a turn message cannot be built, read or followed.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// Reading the input or writing the answer failed.
    #[error("input/output: {0}")]
    Io(#[from] std::io::Error),
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
    /// A turn message text that does not follow the protocol.
    #[error("line {line} of the turn message: {reason}")]
    BadInput {
        /// 1-based line number inside the turn message.
        line: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// The bot's first turn message has no id line, so the bot cannot know who it is.
    #[error("the first turn message has no id line")]
    MissingId,
    /// A later turn message carries an id other than the first one.
    #[error("the id changed from {first} to {now}")]
    IdChanged {
        /// The id of the first turn.
        first: u8,
        /// The id received now.
        now: u8,
    },
    /// The rows describe no position a game reaches with the receiver to move.
    #[error("the turn message describes no reachable position: {0}")]
    Position(#[from] SetupError),
}

impl GameError for ProtocolError {
    fn kind(&self) -> &'static str {
        match self {
            ProtocolError::Io(_) => "io",
            ProtocolError::GameOver => "game-over",
            ProtocolError::MissingLastMove => "missing-last-move",
            ProtocolError::UnexpectedLastMove => "unexpected-last-move",
            ProtocolError::LastMoveNotOpponent(_) => "last-move-not-opponent",
            ProtocolError::BadInput { .. } => "bad-input",
            ProtocolError::MissingId => "missing-id",
            ProtocolError::IdChanged { .. } => "id-changed",
            ProtocolError::Position(_) => "unreachable-position",
        }
    }
}

/// Checks that `last_move` is what `me`, to move in `state`, is told: none before the first move,
/// else a stone of the opponent.
fn check_last_move(state: &Yavalath, me: PlayerId, last_move: Option<Cell>) -> Result<(), ProtocolError> {
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
    /// [`ProtocolError::GameOver`], or a last move that does not fit the state.
    pub fn new(state: &Yavalath, last_move: Option<Cell>) -> Result<TurnMessage, ProtocolError> {
        let me = state.to_move().ok_or(ProtocolError::GameOver)?;
        check_last_move(state, me, last_move)?;
        let first_turn = state.plies() == u32::from(me.0);
        Ok(TurnMessage {
            my_id: first_turn.then_some(protocol_id(me)),
            mine: state.stones(me),
            theirs: state.stones(me.opponent()),
            last_move,
        })
    }

    /// The position this message describes for the receiver `me`, `me` to move. [`Session`] does
    /// this for a bot, remembering `me` from the first turn.
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
        Ok(TurnMessage { my_id, mine, theirs, last_move })
    }
}

/// Reads one turn message from a bot's input: the id line when present, `9`, the rows and the
/// last move. `Ok(None)` at the end of the input before a turn starts (the end of the game).
///
/// # Errors
/// An I/O error, or input that does not follow the protocol: a line that is not UTF-8, input
/// ending inside a turn, or a text [`TurnMessage::from_str`] refuses.
///
/// ```
/// use yavalath::protocol::read_turn;
/// let text = "1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n";
/// let mut input = text.as_bytes();
/// let turn = read_turn(&mut input).unwrap().unwrap();
/// assert_eq!(turn.my_id, Some(1));
/// assert!(read_turn(&mut input).unwrap().is_none());
/// ```
pub fn read_turn<R: BufRead + ?Sized>(input: &mut R) -> Result<Option<TurnMessage>, ProtocolError> {
    let mut text = String::new();
    let mut line_no = 0;
    let mut buf = Vec::new();
    // Appends the next line (with a `\n`) to `text`; false at the end of the input.
    let mut read = |text: &mut String| -> Result<bool, ProtocolError> {
        line_no += 1;
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(false);
        }
        let line = std::str::from_utf8(&buf)
            .map_err(|_| ProtocolError::BadInput { line: line_no, reason: "the line is not UTF-8 text" })?;
        text.push_str(line);
        if !line.ends_with('\n') {
            text.push('\n');
        }
        Ok(true)
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
            return Err(ProtocolError::BadInput { line: line_no, reason: "the input ends inside a turn" });
        }
    }
    Ok(Some(text.parse()?))
}

/// What the referee sends before the first turn: nothing, in this game (an empty string).
pub fn start_message() -> String {
    String::new()
}

/// The text the player to move in `state` reads, given the opponent's last move (`None` only
/// before the first move): [`TurnMessage::new`] written out, every line ending with `\n`.
///
/// # Errors
/// As [`TurnMessage::new`].
pub fn turn_message(state: &Yavalath, last_move: Option<Cell>) -> Result<String, ProtocolError> {
    TurnMessage::new(state, last_move).map(|t| t.to_string())
}

/// Whether the referee drops this output line before reading answers: never in this game (the
/// first output line of a turn is the answer, whatever it holds).
pub fn skips_line(_line: &[u8]) -> bool {
    false
}

/// What a bot knows during a game: its id, from its first turn, and the position, rebuilt from
/// each turn message (the steal included: the stone counts tell whether there was one).
///
/// ```
/// use yavalath::protocol::{Session, TurnMessage};
/// use yavalath::{Cell, Yavalath};
/// use game_core::{Game, PlayerId};
///
/// let mut g = Yavalath::new();
/// let c = Cell::from_xy(4, 4).unwrap();
/// g.play(PlayerId(0), c).unwrap();
/// let mut session = Session::new(&TurnMessage::new(&g, Some(c)).unwrap()).unwrap();
/// assert_eq!(session.me(), PlayerId(1));
/// assert!(session.state().can_steal());
/// g.play(PlayerId(1), c).unwrap(); // the steal
/// g.play(PlayerId(0), Cell::from_xy(0, 0).unwrap()).unwrap();
/// session.update(&TurnMessage::new(&g, Some(Cell::from_xy(0, 0).unwrap())).unwrap()).unwrap();
/// assert_eq!(*session.state(), g);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    id: u8,
    state: Yavalath,
}

impl Session {
    /// The session of a bot that has read its first turn message.
    ///
    /// # Errors
    /// [`ProtocolError::MissingId`] without an id line (or with an id other than 1 and 2), or
    /// the errors of [`update`](Session::update).
    pub fn new(first: &TurnMessage) -> Result<Session, ProtocolError> {
        let id = first.my_id.filter(|&id| player_of_id(id).is_some()).ok_or(ProtocolError::MissingId)?;
        let mut session = Session { id, state: Yavalath::new() };
        session.update(first)?;
        Ok(session)
    }

    /// The position, the bot to move.
    pub fn state(&self) -> &Yavalath {
        &self.state
    }

    /// The bot's player.
    pub fn me(&self) -> PlayerId {
        PlayerId(self.id - 1)
    }

    /// Rebuilds the position from a turn message. On error the session is unchanged.
    ///
    /// # Errors
    /// [`ProtocolError::IdChanged`] for an id line other than the first one,
    /// [`ProtocolError::Position`] when no game reaches the rows with the bot to move,
    /// [`ProtocolError::GameOver`] when the position is over, or a last move that does not fit.
    pub fn update(&mut self, turn: &TurnMessage) -> Result<(), ProtocolError> {
        if let Some(now) = turn.my_id.filter(|&now| now != self.id) {
            return Err(ProtocolError::IdChanged { first: self.id, now });
        }
        let me = self.me();
        let state = turn.position(me)?;
        if state.to_move() != Some(me) {
            return Err(ProtocolError::GameOver);
        }
        check_last_move(&state, me, turn.last_move)?;
        self.state = state;
        Ok(())
    }

    /// Does nothing: every turn message holds the whole board, so [`update`](Session::update)
    /// rebuilds everything. Present so that bots look the same in every game.
    pub fn answered(&mut self, _answer: &Answer) {}
}

/// A bot's answer: the cell and the optional message (display only; `/` separates its lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The cell played.
    pub cell: Cell,
    /// The message after the coordinates, if any. As read by [`parse_answer`]: the referee's
    /// pieces after the two numbers joined by single spaces (never empty).
    pub message: Option<String>,
}

impl Answer {
    /// The answer `cell` without a message.
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

/// Why the referee cannot use an answer line. Both kinds lose the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// Not two integers in the referee's form (see the module docs), or not UTF-8 text.
    #[error("unreadable answer {text:?}: {reason}")]
    Unreadable {
        /// The line (at most 80 characters of it; bytes that are not UTF-8 shown as U+FFFD).
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// Two integers, but not a cell of the board: an illegal move.
    #[error("{x} {y} is off the board")]
    OffBoard {
        /// The `x` read.
        x: i32,
        /// The `y` read.
        y: i32,
    },
}

impl GameError for AnswerError {
    fn kind(&self) -> &'static str {
        match self {
            AnswerError::Unreadable { .. } => "unreadable",
            AnswerError::OffBoard { .. } => "off-board",
        }
    }
}

/// The characters Java's `\s` matches (without `UNICODE_CHARACTER_CLASS`).
fn is_java_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r')
}

/// The zero of every run of ten Unicode Nd digits in the Basic Multilingual Plane, as Java 9 and
/// later's `Character.digit(char, 10)` knows them (it accepts these 370 characters and nothing
/// else for radix 10).
const ND_ZEROS: [u32; 37] = [
    0x0030, 0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6,
    0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40,
    0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
];

/// The value of a decimal digit as Java's `Character.digit(char, 10)` reads it.
fn java_digit(c: char) -> Option<u32> {
    let c = u32::from(c);
    let i = ND_ZEROS.partition_point(|&zero| zero <= c).checked_sub(1)?;
    let value = c - ND_ZEROS[i];
    (value < 10).then_some(value)
}

/// An integer as Java's `Integer.parseInt(s)` reads it: an optional `+` or `-`, then one or more
/// digits of [`java_digit`], in the 32-bit range.
fn java_parse_int(s: &str) -> Option<i32> {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return None;
    }
    let mut value: i64 = 0;
    for c in digits.chars() {
        value = value * 10 + i64::from(java_digit(c)?);
        if value > 1 << 31 {
            return None;
        }
    }
    i32::try_from(if negative { -value } else { value }).ok()
}

/// Reads one answer line of a bot (its bytes, the `\n` removed; a `\r` may remain) exactly as the
/// referee does: split at every single one of Java's six `\s` characters, the first two pieces
/// read with Java's `Integer.parseInt` (digits of any script in the Basic Multilingual Plane),
/// the other pieces joined by spaces as the message. The module docs list every consequence.
///
/// ```
/// use yavalath::protocol::{AnswerError, parse_answer};
/// use yavalath::Cell;
/// assert_eq!(parse_answer("３ 4".as_bytes()).unwrap().cell, Cell::from_xy(3, 4).unwrap());
/// assert_eq!(parse_answer(b"-1 4"), Err(AnswerError::OffBoard { x: -1, y: 4 }));
/// assert!(matches!(parse_answer(b"4  4"), Err(AnswerError::Unreadable { .. })));
/// ```
///
/// # Errors
/// [`AnswerError::Unreadable`] (including a line that is not UTF-8), or
/// [`AnswerError::OffBoard`] for two integers off the board; both lose the game.
pub fn parse_answer(line: &[u8]) -> Result<Answer, AnswerError> {
    let unreadable = |reason| AnswerError::Unreadable {
        text: String::from_utf8_lossy(&line[..line.len().min(320)]).chars().take(80).collect(),
        reason,
    };
    let text = std::str::from_utf8(line).map_err(|_| unreadable("the line is not UTF-8 text"))?;
    let mut pieces = text.splitn(3, is_java_space);
    let x = pieces.next().and_then(java_parse_int).ok_or_else(|| unreadable("x is not an integer"))?;
    let ys = pieces.next().ok_or_else(|| unreadable("y is missing"))?;
    let y = java_parse_int(ys).ok_or_else(|| unreadable("y is not an integer"))?;
    let cell = Cell::from_xy(i64::from(x), i64::from(y)).map_err(|_| AnswerError::OffBoard { x, y })?;
    let message = pieces
        .next()
        .map(|rest| rest.trim_end_matches(is_java_space).replace(is_java_space, " "))
        .filter(|m| !m.is_empty());
    Ok(Answer { cell, message })
}

/// The answer line for `cell` with an optional message, without a newline. Line breaks in the
/// message are written as spaces, so the answer stays one line; an empty message is none.
pub fn format_answer(cell: Cell, message: Option<&str>) -> String {
    match message {
        Some(m) if !m.is_empty() => format!("{cell} {}", m.replace(['\n', '\r'], " ")),
        _ => cell.to_string(),
    }
}

/// Writes the answer line ([`format_answer`]) and a `\n`, and flushes.
///
/// # Errors
/// When writing fails.
pub fn write_answer<W: Write + ?Sized>(out: &mut W, cell: Cell, message: Option<&str>) -> std::io::Result<()> {
    let mut line = format_answer(cell, message);
    line.push('\n');
    out.write_all(line.as_bytes())?;
    out.flush()
}

/// Plays a whole game as a bot program: reads each turn from `input` ([`read_turn`]), keeps the
/// [`Session`], calls `bot` with the position, the bot's player and the time left for this answer
/// (from [`TIME_CONTROL`] by a [`Clock`], counted from the moment the turn was read), and writes
/// its answer to `output` ([`write_answer`]). Returns `Ok(())` at the end of the input.
///
/// # Errors
/// An I/O error or a turn message that does not follow the protocol.
pub fn run_bot<R, W, F>(mut input: R, mut output: W, mut bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&Yavalath, PlayerId, Duration) -> Answer,
{
    let mut clock = Clock::new(TIME_CONTROL);
    let mut session: Option<Session> = None;
    while let Some(turn) = read_turn(&mut input)? {
        let read_at = Instant::now();
        let limit = clock.start_answer();
        let session = match session.as_mut() {
            Some(s) => {
                s.update(&turn)?;
                s
            }
            None => session.insert(Session::new(&turn)?),
        };
        let answer = bot(session.state(), session.me(), limit.saturating_sub(read_at.elapsed()));
        write_answer(&mut output, answer.cell, answer.message.as_deref())?;
        session.answered(&answer);
        clock.end_answer(read_at.elapsed());
    }
    Ok(())
}

/// An integer in plain ASCII (records).
fn parse_int(token: &str) -> Option<i32> {
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<i32>().ok()
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
