//! The arena protocol of a team program (stdin/stdout), exactly as in the
//! rules file, both ways: what the arena writes and a team reads, and what a
//! team answers and the arena reads.
//!
//! * Start: the team reads `team p k width height max_turns`
//!   ([`start_line`], [`parse_start_line`]) and answers `p` lines `x y`
//!   ([`format_placements`], [`parse_placements`]).
//! * Each turn it reads `turn s0 s1 s2 s3 balls_left`, then `4 p` lines
//!   `team x y` (every player, team by team), then `n` and `n` lines
//!   `x y count` ([`turn_message`], [`TurnMessage::parse`],
//!   [`read_turn_message`]), and answers `p` lines `stay` / `move dx dy` /
//!   `kick dx dy` ([`format_orders`], [`parse_orders`]).
//!
//! Decisions where the rules file is silent:
//! * `turn` is the number of the turn being played, from 1 (turns already
//!   played + 1); `n` lists the cells holding balls in row-major order
//!   (`y`, then `x`).
//! * Tokens are separated by any ASCII whitespace; surrounding whitespace and
//!   a trailing `\r` are ignored; words are lowercase.
//! * An unreadable or missing order line counts as `stay` and is reported;
//!   lines after the `p`-th are ignored and reported.
//! * An unreadable, missing or off-grid start line puts that footballer on
//!   its team's home cell and is reported.
//!
//! [`run_team`] turns any [`Team`] into a team program
//! (`examples/team.rs` is one: `cargo run --example team -- greedy`).
//!
//! ```
//! use parallel_football::{protocol, Cell, Config, Field, Order};
//! let config = Config::new(4, 3, 1, 2, 50).unwrap();
//! assert_eq!(protocol::start_line(&config, 2), "2 1 2 4 3 50\n");
//! let starts = [Cell::new(1, 1); 4];
//! let field = Field::new(config, &starts).unwrap();
//! let msg = protocol::turn_message(&field);
//! assert!(msg.starts_with("1 0 0 0 0 8\n0 1 1\n1 1 1\n2 1 1\n3 1 1\n8\n1 0 1\n"));
//! let back = protocol::TurnMessage::parse(&msg, &config).unwrap();
//! assert_eq!(back.to_field(&config).unwrap(), field);
//!
//! let answer = protocol::parse_orders("kick 1 -1\nwalk north\n", 2);
//! assert_eq!(answer.orders, [Order::Kick { dx: 1, dy: -1 }, Order::Stay]);
//! assert_eq!(answer.problems.len(), 1); // line 2 is unreadable: stay, reported
//! ```

use crate::config::{Cell, Config, ConfigError, TEAMS};
use crate::field::{Field, FieldError};
use crate::geometry::Geometry;
use crate::order::Order;
use crate::teams::Team;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// Time a team program has for its start answer (rules: 1000 ms).
pub const START_TIME_LIMIT: std::time::Duration = std::time::Duration::from_millis(1000);

/// Time a team program has for each turn answer (rules: 200 ms).
pub const TURN_TIME_LIMIT: std::time::Duration = std::time::Duration::from_millis(200);

/// Why protocol text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A line that does not have the expected shape.
    #[error("unreadable line {line:?}: expected {expected}")]
    Unreadable {
        /// The line (at most 80 characters of it).
        line: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The text ended early.
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
    /// Reading failed.
    #[error("read error: {0}")]
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

/// A line of a team's answer that could not be used (the footballer stays,
/// or during placement starts on its home cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineProblem {
    /// 0-based line of the answer (the footballer's index for lines below `p`).
    pub line: usize,
    /// What was wrong.
    pub error: ProtocolError,
}

fn unreadable(line: &str, expected: &'static str) -> ProtocolError {
    ProtocolError::Unreadable { line: line.chars().take(80).collect(), expected }
}

/// Splits a line into exactly `N` tokens.
fn tokens<'a, const N: usize>(line: &'a str, expected: &'static str) -> Result<[&'a str; N], ProtocolError> {
    let mut out = [""; N];
    let mut it = line.split_ascii_whitespace();
    for slot in &mut out {
        *slot = it.next().ok_or_else(|| unreadable(line, expected))?;
    }
    if it.next().is_some() {
        return Err(unreadable(line, expected));
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(token: &str, line: &str, expected: &'static str) -> Result<T, ProtocolError> {
    // Only plain decimal integers (an optional '-' for signed types).
    if token.is_empty() || token.len() > 12 || token.starts_with('+') {
        return Err(unreadable(line, expected));
    }
    token.parse().map_err(|_| unreadable(line, expected))
}

/// The start line a team reads: `team p k width height max_turns`.
pub fn start_line(config: &Config, team: u8) -> String {
    format!(
        "{team} {} {} {} {} {}\n",
        config.players(),
        config.kick_range(),
        config.width(),
        config.height(),
        config.max_turns()
    )
}

/// Reads a start line: the team number and the configuration.
///
/// # Errors
/// [`ProtocolError`] for an unreadable line, a team above 3 or an invalid
/// configuration.
pub fn parse_start_line(line: &str) -> Result<(u8, Config), ProtocolError> {
    const E: &str = "`team p k width height max_turns`";
    let [t, p, k, w, h, m] = tokens::<6>(line, E)?;
    let team: u8 = number(t, line, E)?;
    if usize::from(team) >= TEAMS {
        return Err(ProtocolError::Invalid("the team must be 0 to 3"));
    }
    let config = Config::new(
        number(w, line, E)?,
        number(h, line, E)?,
        number(p, line, E)?,
        number(k, line, E)?,
        number(m, line, E)?,
    )?;
    Ok((team, config))
}

/// Reads `x y` (two numbers 0..=255; not checked against a grid).
///
/// # Errors
/// [`ProtocolError::Unreadable`].
pub fn parse_cell(line: &str) -> Result<Cell, ProtocolError> {
    const E: &str = "`x y`";
    let [x, y] = tokens::<2>(line, E)?;
    Ok(Cell::new(number(x, line, E)?, number(y, line, E)?))
}

/// A team's start answer: `p` lines `x y`.
pub fn format_placements(cells: &[Cell]) -> String {
    let mut s = String::with_capacity(cells.len() * 6);
    for c in cells {
        let _ = writeln!(s, "{} {}", c.x, c.y);
    }
    s
}

/// What a team's start answer amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementAnswer {
    /// Exactly `p` start cells, all on the grid.
    pub cells: Vec<Cell>,
    /// Lines that could not be used (that footballer starts on the home).
    pub problems: Vec<LineProblem>,
}

/// Reads a team's start answer (`p` lines `x y`). Never fails: an
/// unreadable, missing or off-grid line puts that footballer on the team's
/// home cell and is reported; extra lines are reported and ignored.
pub fn parse_placements(text: &str, config: &Config, team: u8) -> PlacementAnswer {
    let p = usize::from(config.players());
    let home = config.home(team);
    let mut cells = Vec::with_capacity(p);
    let mut problems = Vec::new();
    let mut lines = text.lines();
    for i in 0..p {
        let Some(line) = lines.next() else {
            problems.push(LineProblem { line: i, error: ProtocolError::Missing("`x y`") });
            cells.push(home);
            continue;
        };
        match parse_cell(line) {
            Ok(c) if config.contains(c) => cells.push(c),
            Ok(_) => {
                problems.push(LineProblem { line: i, error: ProtocolError::Invalid("start cell off the grid") });
                cells.push(home);
            }
            Err(error) => {
                problems.push(LineProblem { line: i, error });
                cells.push(home);
            }
        }
    }
    for (j, line) in lines.enumerate() {
        if !line.trim().is_empty() {
            problems.push(LineProblem { line: p + j, error: unreadable(line, "no more lines") });
        }
    }
    PlacementAnswer { cells, problems }
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

/// The turn message of `field` (see [`write_turn_message`]).
pub fn turn_message(field: &Field) -> String {
    let mut s = String::with_capacity(32 + field.positions().len() * 9 + field.balls_left() as usize * 9);
    write_turn_message(field, &mut s);
    s
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
        let [t, s0, s1, s2, s3, b] = tokens::<6>(&head, HEAD)?;
        let turn = number(t, &head, HEAD)?;
        let scores =
            [number(s0, &head, HEAD)?, number(s1, &head, HEAD)?, number(s2, &head, HEAD)?, number(s3, &head, HEAD)?];
        let balls_left = number(b, &head, HEAD)?;
        let mut players = Vec::with_capacity(config.total_players());
        for _ in 0..config.total_players() {
            let line = next()?.ok_or(ProtocolError::Missing(PLAYER))?;
            let [team, x, y] = tokens::<3>(&line, PLAYER)?;
            let team: u8 = number(team, &line, PLAYER)?;
            let cell = Cell::new(number(x, &line, PLAYER)?, number(y, &line, PLAYER)?);
            if usize::from(team) >= TEAMS || !config.contains(cell) {
                return Err(ProtocolError::Invalid("a player line with a team above 3 or a cell off the grid"));
            }
            players.push((team, cell));
        }
        let line = next()?.ok_or(ProtocolError::Missing(COUNT))?;
        let [n] = tokens::<1>(&line, COUNT)?;
        let n: usize = number(n, &line, COUNT)?;
        if n > config.cells() {
            return Err(ProtocolError::Invalid("more ball lines than cells"));
        }
        let mut balls = Vec::with_capacity(n);
        for _ in 0..n {
            let line = next()?.ok_or(ProtocolError::Missing(BALL))?;
            let [x, y, count] = tokens::<3>(&line, BALL)?;
            let cell = Cell::new(number(x, &line, BALL)?, number(y, &line, BALL)?);
            if !config.contains(cell) {
                return Err(ProtocolError::Invalid("a ball line with a cell off the grid"));
            }
            balls.push((cell, number(count, &line, BALL)?));
        }
        Ok(TurnMessage { turn, scores, balls_left, players, balls })
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

/// Reads one turn message from a reader, line by line (what a team program
/// does on stdin). `Ok(None)` at the end of the input before the first line.
///
/// # Errors
/// As [`TurnMessage::parse`], plus read errors.
pub fn read_turn_message<R: BufRead>(reader: &mut R, config: &Config) -> Result<Option<TurnMessage>, ProtocolError> {
    let mut first = true;
    let mut at_eof = false;
    let mut next = || -> Result<Option<String>, ProtocolError> {
        let mut line = String::new();
        let n = reader.read_line(&mut line).map_err(|e| ProtocolError::Io(e.to_string()))?;
        if n == 0 {
            at_eof = first;
            return Ok(None);
        }
        first = false;
        Ok(Some(line))
    };
    match TurnMessage::parse_lines(&mut next, config) {
        Ok(m) => Ok(Some(m)),
        Err(_) if at_eof => Ok(None),
        Err(e) => Err(e),
    }
}

/// Reads one order line: `stay`, `move dx dy` or `kick dx dy` (numbers in
/// `-128..=127`; whether the order is legal is for the turn resolution).
///
/// # Errors
/// [`ProtocolError::Unreadable`].
pub fn parse_order(line: &str) -> Result<Order, ProtocolError> {
    const E: &str = "`stay`, `move dx dy` or `kick dx dy`";
    let mut it = line.split_ascii_whitespace();
    match it.next() {
        Some("stay") if it.next().is_none() => Ok(Order::Stay),
        Some(w @ ("move" | "kick")) => {
            let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
                return Err(unreadable(line, E));
            };
            let dx = number(a, line, E)?;
            let dy = number(b, line, E)?;
            Ok(if w == "move" { Order::Move { dx, dy } } else { Order::Kick { dx, dy } })
        }
        _ => Err(unreadable(line, E)),
    }
}

/// A team's turn answer: one line per order.
pub fn format_orders(orders: &[Order]) -> String {
    let mut s = String::with_capacity(orders.len() * 10);
    for o in orders {
        let _ = writeln!(s, "{o}");
    }
    s
}

/// What a team's turn answer amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrdersAnswer {
    /// Exactly `p` orders (`Stay` for unusable lines).
    pub orders: Vec<Order>,
    /// Lines that could not be read.
    pub problems: Vec<LineProblem>,
}

/// Reads a team's turn answer of `p` lines. Never fails: an unreadable or
/// missing line counts as `stay` and is reported; extra non-blank lines are
/// reported and ignored.
pub fn parse_orders(text: &str, p: usize) -> OrdersAnswer {
    let mut orders = Vec::with_capacity(p);
    let mut problems = Vec::new();
    let mut lines = text.lines();
    for i in 0..p {
        match lines.next() {
            None => {
                problems.push(LineProblem { line: i, error: ProtocolError::Missing("an order") });
                orders.push(Order::Stay);
            }
            Some(line) => match parse_order(line) {
                Ok(o) => orders.push(o),
                Err(error) => {
                    problems.push(LineProblem { line: i, error });
                    orders.push(Order::Stay);
                }
            },
        }
    }
    for (j, line) in lines.enumerate() {
        if !line.trim().is_empty() {
            problems.push(LineProblem { line: p + j, error: unreadable(line, "no more lines") });
        }
    }
    OrdersAnswer { orders, problems }
}

/// Runs `team` as a team program: reads the start line and answers the start
/// cells, then answers every turn message, until the input ends. Returns the
/// number of turns answered.
///
/// # Errors
/// An unreadable start line or turn message, or a read/write error.
pub fn run_team<R: BufRead, W: Write>(
    team: &mut dyn Team,
    input: &mut R,
    output: &mut W,
) -> Result<u32, ProtocolError> {
    let io = |e: std::io::Error| ProtocolError::Io(e.to_string());
    let mut line = String::new();
    if input.read_line(&mut line).map_err(io)? == 0 {
        return Ok(0);
    }
    let (me, config) = parse_start_line(&line)?;
    let mut cells = Vec::with_capacity(usize::from(config.players()));
    team.place(&config, me, &mut cells);
    cells.resize(usize::from(config.players()), config.home(me));
    output.write_all(format_placements(&cells).as_bytes()).map_err(io)?;
    output.flush().map_err(io)?;
    let geometry = Arc::new(Geometry::new(config));
    let mut orders = vec![Order::Stay; usize::from(config.players())];
    let mut turns = 0;
    while let Some(msg) = read_turn_message(input, &config)? {
        let field = msg.to_field_with(&geometry)?;
        orders.iter_mut().for_each(|o| *o = Order::Stay);
        team.orders(&field, me, &mut orders);
        output.write_all(format_orders(&orders).as_bytes()).map_err(io)?;
        output.flush().map_err(io)?;
        turns += 1;
    }
    Ok(turns)
}
