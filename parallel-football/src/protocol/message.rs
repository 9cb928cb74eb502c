//! The messages a team program reads ([`StartMessage`], [`TurnMessage`]),
//! as both sides of the protocol see them, and reading their numbers.

// The start line's fields are named as in the protocol: team p k w h m.
#![allow(clippy::many_single_char_names)]

use crate::error::ProtocolError;
use crate::field::Field;
use crate::geometry::Geometry;
use crate::limits::TEAMS;
use crate::notation::{number, tokens};
use crate::setup::Config;
use game_core::PlayerId;
use game_core::grid::Cell;
use std::sync::Arc;

pub(super) fn excerpt(line: &str) -> String {
    line.chars().take(80).collect()
}

pub(super) fn unreadable(line: &str, expected: &'static str) -> ProtocolError {
    ProtocolError::Unreadable { line: excerpt(line), expected }
}

/// Reads `N` numbers of one line, or the protocol error naming `expected`.
pub(super) fn numbers<T: std::str::FromStr + Copy + Default, const N: usize>(
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

/// The start line a team reads: `team p k width height max_turns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartMessage {
    /// The team the program plays, `PlayerId(0)` to `PlayerId(3)`.
    pub team: PlayerId,
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
        let team = u8::try_from(team).ok().filter(|&t| usize::from(t) < TEAMS).map(PlayerId);
        let team = team.ok_or(ProtocolError::Invalid("the team must be 0 to 3"))?;
        Ok(StartMessage { team, config: Config::new(w, h, p, k, m)? })
    }

    /// The team as a seat of the game.
    #[must_use]
    pub fn me(&self) -> PlayerId {
        self.team
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
    pub players: Vec<(PlayerId, Cell)>,
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

    pub(super) fn parse_lines(
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
            players.push((PlayerId(team), cell));
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
        config.validate()?;
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
