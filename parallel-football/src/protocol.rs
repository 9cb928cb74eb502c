//! The arena protocol of a team program (stdin/stdout), both ways: the bot
//! side (what a team program reads and answers) and the referee side (what
//! the arena writes and reads).
//!
//! A team program in a few lines: [`run_bot`] reads the messages, keeps a
//! [`Session`], calls your closure with the game ([`Football`]), your team
//! and the time left for this answer, and writes its answer. During the
//! placement phase ([`Football::in_placement`]) the closure returns `p`
//! [`FootballMove::Place`]; each turn it returns `p` [`FootballMove::Order`].
//! Any [`Team`](crate::Team) answers in one line with
//! [`Team::answer`](crate::Team::answer).
//!
//! ```
//! use parallel_football::protocol::{self, run_bot};
//! use parallel_football::{Cell, Config, Field, FootballMove, GreedyTeam, Order, Team};
//!
//! // What the referee sends team 1: the start line, then one turn message.
//! let config = Config::new(8, 8, 2, 3, 100).unwrap();
//! let field = Field::new(config, &[Cell::new(1, 1); 8]).unwrap();
//! let input = protocol::start_message(&config, 1) + &protocol::turn_message(&field);
//!
//! // A team program: start on (4, 4), then kick every ball one cell left.
//! let mut output = Vec::new();
//! run_bot(input.as_bytes(), &mut output, |state, _me, _time_left| {
//!     let p = usize::from(state.config().players());
//!     if state.in_placement() {
//!         vec![FootballMove::Place(Cell::new(4, 4)); p]
//!     } else {
//!         vec![FootballMove::Order(Order::Kick { dx: -1, dy: 0 }); p]
//!     }
//! })
//! .unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "4 4\n4 4\nkick -1 0\nkick -1 0\n");
//!
//! // A reference team, on stdin/stdout:
//! let mut team = GreedyTeam::new();
//! let (stdin, stdout) = (std::io::empty(), std::io::sink()); // std::io::stdin().lock(), std::io::stdout()
//! run_bot(stdin, stdout, |state, me, _| team.answer(state, me)).unwrap();
//! ```
//!
//! # The protocol
//! * Start: the team reads `team p k width height max_turns`
//!   ([`start_message`], [`read_start`], [`StartMessage`]) and answers `p`
//!   lines `x y` ([`write_placements`]; the referee reads them with
//!   [`parse_placement`] / [`parse_placements`]).
//! * Each turn it reads `turn s0 s1 s2 s3 balls_left`, then `4 p` lines
//!   `team x y` (every player, team by team), then `n` and `n` lines
//!   `x y count` ([`turn_message`], [`read_turn`], [`TurnMessage`]), and
//!   answers `p` lines `stay` / `move dx dy` / `kick dx dy`
//!   ([`write_answer`]; the referee reads them with [`parse_answer`] /
//!   [`parse_orders`]).
//! * Time: [`TIME_CONTROL`], 1000 ms for the start answer, 200 ms per turn.
//!
//! Two answer kinds, named alike: the start answer is the *placements*
//! ([`format_placements`], [`write_placements`], [`parse_placement`],
//! [`parse_placements`]), a turn's answer is *the answer*, the orders
//! ([`format_answer`], [`write_answer`], [`parse_answer`], [`parse_orders`]).
//!
//! # Decisions where the rules are silent
//! * `turn` is the number of the turn being played, from 1 (turns already
//!   played + 1); `n` lists the cells holding balls in row-major order
//!   (`y`, then `x`).
//! * There is no end message: the game ends for a team program when its
//!   input ends ([`read_turn`] returns `Ok(None)`). No output line is ever
//!   skipped by the referee ([`skips_line`] is always false).
//! * Tokens are separated by ASCII whitespace (spaces, tabs, `\r`, form
//!   feeds; not vertical tabs); surrounding whitespace, a final `\r`
//!   included, is ignored; an empty line is unreadable; words are lowercase (`KICK` is
//!   unreadable); numbers are plain decimal (no `+`, at most 12 characters)
//!   and must fit the type: `dx`, `dy` in `-128..=127`, `x`, `y` in
//!   `0..=255`. A line that is not UTF-8 is unreadable.
//! * Whether an order is legal is for the turn resolution: `move 5 0` reads
//!   fine and then makes that footballer stay.
//! * An unreadable or missing order line counts as `stay` and is reported;
//!   lines after the `p`-th are ignored and, if not blank, reported.
//! * An unreadable, missing or off-grid start line puts that footballer on
//!   its team's home cell and is reported.
//! * [`run_bot`] writes exactly `p` lines per answer: move `i` of the
//!   closure's answer for footballer `i`; a missing move, or one of the
//!   other phase's kind, is written as the team's home cell (start) or
//!   `stay` (turn) — what the referee would make of it anyway. The time left
//!   it passes is the [`TIME_CONTROL`] limit of this answer minus the time
//!   spent since the message was read.

use crate::config::{Cell, Config, ConfigError, TEAMS};
use crate::field::{Field, FieldError};
use crate::game::{Football, FootballMove};
use crate::geometry::Geometry;
use crate::order::Order;
use game_core::PlayerId;
use game_core::time::{Clock, TimeControl};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The time a team program has: 1000 ms for its start answer (the
/// placements), 200 ms for each turn's answer, each counted from when the
/// message has been sent.
pub const TIME_CONTROL: TimeControl =
    TimeControl::PerAnswer { first: Duration::from_millis(1000), later: Duration::from_millis(200) };

/// Why what the referee sent cannot be read (bot side).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A line that does not have the expected shape (or is not UTF-8).
    #[error("unreadable line {line:?}: expected {expected}")]
    Unreadable {
        /// The line (at most 80 characters of it, lossily decoded).
        line: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The input ended early.
    #[error("missing line: expected {0}")]
    Missing(&'static str),
    /// Numbers that are readable but wrong (a team above 3, a cell off the
    /// grid, a ball total that does not add up, ...).
    #[error("invalid message: {0}")]
    Invalid(&'static str),
    /// The start line describes an invalid configuration.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The message describes an invalid field.
    #[error(transparent)]
    Field(#[from] FieldError),
    /// Reading or writing failed.
    #[error("i/o error: {0}")]
    Io(String),
}

impl game_core::GameError for ProtocolError {
    fn kind(&self) -> &'static str {
        match self {
            ProtocolError::Unreadable { .. } => "unreadable-line",
            ProtocolError::Missing(_) => "missing-line",
            ProtocolError::Invalid(_) => "invalid-message",
            ProtocolError::Config(_) => "invalid-config",
            ProtocolError::Field(_) => "invalid-field",
            ProtocolError::Io(_) => "io",
        }
    }
}

/// Why a line of a team's answer cannot be used (referee side): the
/// footballer stays, or during placement starts on its team's home cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// A line that does not have the expected shape (or is not UTF-8).
    #[error("unreadable line {line:?}: expected {expected}")]
    Unreadable {
        /// The line (at most 80 characters of it, lossily decoded).
        line: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The answer has fewer lines than footballers.
    #[error("missing line: expected {0}")]
    Missing(&'static str),
    /// A start cell off the grid.
    #[error("start cell ({x}, {y}) is off the grid")]
    OffGrid {
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// A non-blank line after the `p`-th (ignored).
    #[error("extra line {0:?} after the last footballer's")]
    Extra(String),
}

impl game_core::GameError for AnswerError {
    fn kind(&self) -> &'static str {
        match self {
            AnswerError::Unreadable { .. } => "unreadable-line",
            AnswerError::Missing(_) => "missing-line",
            AnswerError::OffGrid { .. } => "off-grid",
            AnswerError::Extra(_) => "extra-line",
        }
    }
}

/// A line of a team's answer that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// 0-based line of the answer (the footballer's index for lines below `p`).
    pub line: usize,
    /// What was wrong.
    pub error: AnswerError,
}

fn excerpt(line: &str) -> String {
    line.chars().take(80).collect()
}

fn unreadable(line: &str, expected: &'static str) -> ProtocolError {
    ProtocolError::Unreadable { line: excerpt(line), expected }
}

/// Splits a line into exactly `N` tokens; `None` for any other count.
fn tokens<const N: usize>(line: &str) -> Option<[&str; N]> {
    let mut out = [""; N];
    let mut it = line.split_ascii_whitespace();
    for slot in &mut out {
        *slot = it.next()?;
    }
    it.next().is_none().then_some(out)
}

/// A plain decimal integer (an optional `-` for signed types), at most 12
/// characters.
fn number<T: std::str::FromStr>(token: &str) -> Option<T> {
    if token.is_empty() || token.len() > 12 || token.starts_with('+') {
        return None;
    }
    token.parse().ok()
}

/// Reads `N` numbers of one line, or the protocol error naming `expected`.
fn numbers<T: std::str::FromStr + Copy + Default, const N: usize>(
    line: &str,
    expected: &'static str,
) -> Result<[T; N], ProtocolError> {
    let toks = tokens::<N>(line).ok_or_else(|| unreadable(line, expected))?;
    let mut out = [T::default(); N];
    for (slot, tok) in out.iter_mut().zip(toks) {
        *slot = number(tok).ok_or_else(|| unreadable(line, expected))?;
    }
    Ok(out)
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

// ---------------------------------------------------------------------------
// Bot side
// ---------------------------------------------------------------------------

/// The start line a team reads: `team p k width height max_turns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartMessage {
    /// The team the program plays, 0..=3.
    pub team: u8,
    /// The game's configuration.
    pub config: Config,
}

impl StartMessage {
    /// Reads a start line (surrounding whitespace and a `\r` ignored).
    ///
    /// # Errors
    /// [`ProtocolError`] for an unreadable line, a team above 3 or an invalid
    /// configuration.
    pub fn parse(line: &str) -> Result<StartMessage, ProtocolError> {
        let [team, p, k, w, h, m] = numbers::<u32, 6>(line, "`team p k width height max_turns`")?;
        let team = u8::try_from(team).ok().filter(|&t| usize::from(t) < TEAMS);
        let team = team.ok_or(ProtocolError::Invalid("the team must be 0 to 3"))?;
        Ok(StartMessage { team, config: Config::new(w, h, p, k, m)? })
    }

    /// The team as a seat of the game.
    pub fn me(&self) -> PlayerId {
        PlayerId(self.team)
    }
}

/// A turn message as a team reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMessage {
    /// The turn being played, from 1.
    pub turn: u32,
    /// Scores of teams 0..=3.
    pub scores: [u32; TEAMS],
    /// Balls on the grid.
    pub balls_left: u32,
    /// Every player: (team, cell), team by team.
    pub players: Vec<(u8, Cell)>,
    /// Every cell holding balls, with its count.
    pub balls: Vec<(Cell, u16)>,
}

impl TurnMessage {
    /// Reads a whole turn message for a game of `config`.
    ///
    /// # Errors
    /// [`ProtocolError`] for a missing or unreadable line, or numbers that do
    /// not fit the configuration.
    pub fn parse(text: &str, config: &Config) -> Result<TurnMessage, ProtocolError> {
        let mut lines = text.lines();
        TurnMessage::parse_lines(&mut || Ok(lines.next().map(str::to_owned)), config)
    }

    fn parse_lines(
        next: &mut dyn FnMut() -> Result<Option<String>, ProtocolError>,
        config: &Config,
    ) -> Result<TurnMessage, ProtocolError> {
        const HEAD: &str = "`turn s0 s1 s2 s3 balls_left`";
        const PLAYER: &str = "`team x y`";
        const COUNT: &str = "`n`";
        const BALL: &str = "`x y count`";
        let head = next()?.ok_or(ProtocolError::Missing(HEAD))?;
        let [turn, s0, s1, s2, s3, balls_left] = numbers::<u32, 6>(&head, HEAD)?;
        let mut players = Vec::with_capacity(config.total_players());
        for _ in 0..config.total_players() {
            let line = next()?.ok_or(ProtocolError::Missing(PLAYER))?;
            let [team, x, y] = numbers::<u8, 3>(&line, PLAYER)?;
            let cell = Cell::new(x, y);
            if usize::from(team) >= TEAMS || !config.contains(cell) {
                return Err(ProtocolError::Invalid("a player line with a team above 3 or a cell off the grid"));
            }
            players.push((team, cell));
        }
        let line = next()?.ok_or(ProtocolError::Missing(COUNT))?;
        let [n] = numbers::<usize, 1>(&line, COUNT)?;
        if n > config.cells() {
            return Err(ProtocolError::Invalid("more ball lines than cells"));
        }
        let mut balls = Vec::with_capacity(n);
        for _ in 0..n {
            let line = next()?.ok_or(ProtocolError::Missing(BALL))?;
            let [x, y, count] = numbers::<u16, 3>(&line, BALL)?;
            let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else { return Err(unreadable(&line, BALL)) };
            let cell = Cell::new(x, y);
            if !config.contains(cell) {
                return Err(ProtocolError::Invalid("a ball line with a cell off the grid"));
            }
            balls.push((cell, count));
        }
        Ok(TurnMessage { turn, scores: [s0, s1, s2, s3], balls_left, players, balls })
    }

    /// The field the message describes, validated (players team by team,
    /// each cell listed once with a positive count, totals adding up,
    /// `1 <= turn <= max_turns`).
    ///
    /// # Errors
    /// [`ProtocolError::Invalid`] or [`ProtocolError::Field`].
    pub fn to_field(&self, config: &Config) -> Result<Field, ProtocolError> {
        self.to_field_with(&Arc::new(Geometry::new(*config)))
    }

    /// As [`TurnMessage::to_field`], sharing an already computed [`Geometry`]
    /// (its routes home are then computed once for the whole game).
    ///
    /// # Errors
    /// As [`TurnMessage::to_field`].
    pub fn to_field_with(&self, geometry: &Arc<Geometry>) -> Result<Field, ProtocolError> {
        let config = &geometry.config();
        if self.turn == 0 {
            return Err(ProtocolError::Invalid("turns are numbered from 1"));
        }
        if self.players.len() != config.total_players() {
            return Err(ProtocolError::Invalid("not 4 p player lines"));
        }
        if self.players.iter().enumerate().any(|(i, (t, _))| *t != config.team_of(i)) {
            return Err(ProtocolError::Invalid("player lines must go team by team"));
        }
        let mut balls = vec![0u16; config.cells()];
        for &(cell, count) in &self.balls {
            if !config.contains(cell) {
                return Err(ProtocolError::Invalid("a ball line with a cell off the grid"));
            }
            let slot = &mut balls[config.index(cell)];
            if *slot != 0 || count == 0 {
                return Err(ProtocolError::Invalid("a cell listed twice or with no ball"));
            }
            *slot = count;
        }
        let total: u64 = balls.iter().map(|&b| u64::from(b)).sum();
        if total != u64::from(self.balls_left) {
            return Err(ProtocolError::Invalid("the ball lines do not add up to balls_left"));
        }
        let positions = self.players.iter().map(|p| p.1).collect();
        Ok(Field::from_parts(geometry.clone(), balls, positions, self.scores, self.turn - 1)?)
    }
}

/// One line of input as text, `\n` removed; `None` at the end of the input.
fn read_text_line(input: &mut impl BufRead) -> Result<Option<String>, ProtocolError> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes).map_err(|e| ProtocolError::Io(e.to_string()))? == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(line) => Ok(Some(line)),
        Err(e) => Err(unreadable(&String::from_utf8_lossy(e.as_bytes()), "a line of UTF-8 text")),
    }
}

/// Reads the start line.
///
/// # Errors
/// [`ProtocolError::Missing`] when the input is empty, otherwise as
/// [`StartMessage::parse`], plus a line that is not UTF-8 and read errors.
pub fn read_start(input: &mut impl BufRead) -> Result<StartMessage, ProtocolError> {
    let line = read_text_line(input)?.ok_or(ProtocolError::Missing("`team p k width height max_turns`"))?;
    StartMessage::parse(&line)
}

/// Reads one turn message, line by line; `Ok(None)` when the input ends
/// before its first line (the end of the game: there is no end message).
///
/// # Errors
/// As [`TurnMessage::parse`] (input ending inside a message is
/// [`ProtocolError::Missing`]), plus a line that is not UTF-8 and read
/// errors.
pub fn read_turn(input: &mut impl BufRead, config: &Config) -> Result<Option<TurnMessage>, ProtocolError> {
    let mut first = true;
    let mut at_eof = false;
    let mut next = || -> Result<Option<String>, ProtocolError> {
        let line = read_text_line(input)?;
        at_eof = first && line.is_none();
        first = false;
        Ok(line)
    };
    match TurnMessage::parse_lines(&mut next, config) {
        Ok(m) => Ok(Some(m)),
        Err(_) if at_eof => Ok(None),
        Err(e) => Err(e),
    }
}

/// What a team program knows: its team, the configuration and the game as
/// the last message describes it (every turn message describes the whole
/// field, so nothing is tracked by hand).
#[derive(Clone, Debug)]
pub struct Session {
    start: StartMessage,
    state: Football,
}

impl Session {
    /// The session after the start line: the game in its placement phase.
    /// The [`Geometry`] (kick disc, routes home) is computed here once and
    /// shared by every later state.
    pub fn new(start: StartMessage) -> Session {
        Session { start, state: Football::new(start.config) }
    }

    /// The game: during placement [`Football::new`] of the configuration,
    /// then the field of the last turn message ([`Football::from_field`]).
    pub fn state(&self) -> &Football {
        &self.state
    }

    /// The team this program plays.
    pub fn me(&self) -> PlayerId {
        self.start.me()
    }

    /// The configuration of the start line.
    pub fn config(&self) -> &Config {
        &self.start.config
    }

    /// Rebuilds the game from a turn message.
    ///
    /// # Errors
    /// As [`TurnMessage::to_field`]; the session is then unchanged.
    pub fn update(&mut self, msg: &TurnMessage) -> Result<(), ProtocolError> {
        let field = msg.to_field_with(self.state.field().geometry())?;
        self.state = Football::from_field(field);
        Ok(())
    }

    /// Takes note of the program's own answer. A no-op: the next turn
    /// message describes the whole field, the answer's effect included.
    pub fn answered(&mut self, answer: &[FootballMove]) {
        let _ = answer;
    }
}

/// The start answer: one line `x y` per footballer, joined by `\n`, without
/// a final newline.
pub fn format_placements(cells: &[Cell]) -> String {
    let mut s = String::with_capacity(cells.len() * 6);
    for (i, c) in cells.iter().enumerate() {
        let _ = write!(s, "{}{} {}", if i == 0 { "" } else { "\n" }, c.x, c.y);
    }
    s
}

/// Writes the start answer (each line ended by `\n`) and flushes.
///
/// # Errors
/// The writer's.
pub fn write_placements(out: &mut impl Write, cells: &[Cell]) -> std::io::Result<()> {
    let mut s = format_placements(cells);
    s.push('\n');
    out.write_all(s.as_bytes())?;
    out.flush()
}

/// A turn's answer: one order line per footballer (`stay`, `move dx dy`,
/// `kick dx dy`), joined by `\n`, without a final newline.
pub fn format_answer(orders: &[Order]) -> String {
    let mut s = String::with_capacity(orders.len() * 10);
    for (i, o) in orders.iter().enumerate() {
        let _ = write!(s, "{}{o}", if i == 0 { "" } else { "\n" });
    }
    s
}

/// Writes a turn's answer (each line ended by `\n`) and flushes.
///
/// # Errors
/// The writer's.
pub fn write_answer(out: &mut impl Write, orders: &[Order]) -> std::io::Result<()> {
    let mut s = format_answer(orders);
    s.push('\n');
    out.write_all(s.as_bytes())?;
    out.flush()
}

/// Runs a team program: reads the start line, answers the placements, then
/// answers every turn message, until the input ends (`Ok(())`; an input
/// that is empty from the start also ends cleanly).
///
/// `bot` gets the game ([`Session::state`]), its team and the time left for
/// this answer (the [`TIME_CONTROL`] limit, counted by a
/// [`game_core::Clock`], minus the time spent since the message was read).
/// It returns `p` [`FootballMove::Place`] during placement
/// ([`Football::in_placement`]) and `p` [`FootballMove::Order`] each turn;
/// exactly `p` lines are written, a missing or other-phase move as the
/// team's home cell or `stay`.
///
/// # Errors
/// An unreadable start line or turn message, or a read/write error.
pub fn run_bot<R, W, F>(mut input: R, mut output: W, mut bot: F) -> Result<(), ProtocolError>
where
    R: BufRead,
    W: Write,
    F: FnMut(&Football, PlayerId, Duration) -> Vec<FootballMove>,
{
    let io = |e: std::io::Error| ProtocolError::Io(e.to_string());
    let Some(line) = read_text_line(&mut input)? else { return Ok(()) };
    let read_at = Instant::now();
    let start = StartMessage::parse(&line)?;
    let (config, team) = (start.config, start.team);
    let p = usize::from(config.players());
    let mut session = Session::new(start);
    let mut clock = Clock::new(TIME_CONTROL);
    let left = clock.start_answer().saturating_sub(read_at.elapsed());
    let answer = bot(session.state(), session.me(), left);
    let cells: Vec<Cell> = (0..p)
        .map(|i| match answer.get(i) {
            Some(&FootballMove::Place(c)) => c,
            _ => config.home(team),
        })
        .collect();
    write_placements(&mut output, &cells).map_err(io)?;
    session.answered(&answer);
    clock.end_answer(read_at.elapsed());
    let mut orders = Vec::with_capacity(p);
    while let Some(msg) = read_turn(&mut input, &config)? {
        let read_at = Instant::now();
        session.update(&msg)?;
        let left = clock.start_answer().saturating_sub(read_at.elapsed());
        let answer = bot(session.state(), session.me(), left);
        orders.clear();
        orders.extend((0..p).map(|i| match answer.get(i) {
            Some(&FootballMove::Order(o)) => o,
            _ => Order::Stay,
        }));
        write_answer(&mut output, &orders).map_err(io)?;
        session.answered(&answer);
        clock.end_answer(read_at.elapsed());
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Referee side
// ---------------------------------------------------------------------------

/// The start line a team reads: `team p k width height max_turns` (with its
/// `\n`).
pub fn start_message(config: &Config, team: u8) -> String {
    format!(
        "{team} {} {} {} {} {}\n",
        config.players(),
        config.kick_range(),
        config.width(),
        config.height(),
        config.max_turns()
    )
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
pub fn turn_message(field: &Field) -> String {
    let mut s = String::with_capacity(32 + field.positions().len() * 9 + field.balls_left() as usize * 9);
    write_turn_message(field, &mut s);
    s
}

/// Whether the referee drops this output line before reading answers:
/// never in this game (every line, blank ones included, is one
/// footballer's); defined so that every game's protocol has the same shape.
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
/// Never fails: an unreadable, missing or off-grid line puts that
/// footballer on the team's home cell and is reported; non-blank lines after
/// the `p`-th are reported and ignored.
pub fn parse_placements<L: AsRef<[u8]>>(
    lines: impl IntoIterator<Item = L>,
    config: &Config,
    team: u8,
) -> PlacementAnswer {
    let p = usize::from(config.players());
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
    PlacementAnswer { cells, problems }
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
