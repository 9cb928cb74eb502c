//! Whole games: [`play_game`] with four [`Bot`]s, and serde game records
//! that replay without the random generator.

// Casts: team numbers 0..=3 and footballer indices below MAX_PLAYERS_PER_TEAM (1024).
#![allow(clippy::cast_possible_truncation)]

use crate::allocation::ExplicitAllocation;
use crate::allocation::KickAllocation;
use crate::error::{RecordError, SetupError, TurnError};
use crate::field::{EndReason, Field};
use crate::field::{IllegalOrder, TurnReport};
use crate::limits::TEAMS;
use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::Config;
use crate::state::ParallelFootball;
use game_core::bot::Bot;
use game_core::grid::Cell;
use game_core::rng::seeded;
use game_core::{Event, PlayerId, Record};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One turn of a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct TurnRecord {
    /// Every player's order as given (`4 p`, team by team), illegal ones included.
    pub orders: Vec<Order>,
    /// The orders refused (those players stayed).
    pub illegal: Vec<IllegalOrder>,
    /// Players whose contested kicks succeeded (strictly increasing).
    pub successes: Vec<u16>,
}

/// A whole game: configuration, seed, start cells, every turn's orders and
/// results, and the end. [`GameRecord::replay`] rebuilds it without the
/// random generator.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct GameRecord {
    /// The configuration.
    pub config: Config,
    /// The seed of the allocation generator.
    pub seed: u64,
    /// Every player's start cell (`4 p`, team by team).
    pub starts: Vec<Cell>,
    /// Footballers (indices `team * p + i`) whose start cell was missing or
    /// off the grid and who started on their home instead.
    pub start_problems: Vec<u16>,
    /// Every turn.
    pub turns: Vec<TurnRecord>,
    /// Final scores.
    pub scores: [u32; TEAMS],
    /// Balls left on the grid at the end.
    pub balls_left: u32,
    /// Why the game ended.
    pub end: Option<EndReason>,
}

impl std::fmt::Display for GameRecord {
    /// One line: configuration, turns, end, scores and ranks.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let end = self.end.map_or("unfinished", EndReason::as_str);
        let s = self.scores;
        let rank = |t: usize| s.iter().filter(|&&o| o > s[t]).count();
        write!(
            f,
            "{}: {} turns, {end}, scores {} {} {} {}, ranks {} {} {} {}, {} balls left",
            self.config,
            self.turns.len(),
            s[0],
            s[1],
            s[2],
            s[3],
            rank(0),
            rank(1),
            rank(2),
            rank(3),
            self.balls_left
        )
    }
}

impl GameRecord {
    /// Replays the record with the recorded allocations (no generator),
    /// checking every turn's refused orders and the final scores.
    ///
    /// # Errors
    /// [`RecordError`] at the first disagreement.
    pub fn replay(&self) -> Result<Field, RecordError> {
        let mut field = Field::new(self.config, &self.starts)?;
        let mut report = TurnReport::default();
        for (turn, t) in self.turns.iter().enumerate() {
            let mut alloc = ExplicitAllocation::new(&t.successes)
                .map_err(|e| RecordError::Turn { turn, error: TurnError::Allocation(e) })?;
            field
                .resolve_turn(&t.orders, &mut alloc, &mut report)
                .map_err(|error| RecordError::Turn { turn, error })?;
            if report.illegal != t.illegal {
                return Err(RecordError::IllegalMismatch(turn));
            }
        }
        if field.scores() != self.scores || field.balls_left() != self.balls_left || field.end_reason() != self.end {
            return Err(RecordError::EndMismatch { scores: field.scores(), balls_left: field.balls_left() });
        }
        Ok(field)
    }

    /// The same game as a `game_core` [`Record`] of [`ParallelFootball`] moves:
    /// placements team by team, then each turn's orders team by team
    /// (illegal ones as `stay`, since the `game_core::Game` view refuses them) and the
    /// turn's [`KickAllocation`].
    ///
    /// # Errors
    /// [`SetupError`] when the record's configuration is invalid.
    pub fn to_core_record(&self) -> Result<Record<ParallelFootball>, SetupError> {
        let start = ParallelFootball::new(self.config)?;
        let mut record = Record::new(&start, Some(self.seed));
        let p = usize::from(self.config.players);
        for (i, &cell) in self.starts.iter().enumerate() {
            record.events.push(Event::Move { player: PlayerId((i / p) as u8), mv: FootballMove::Place(cell) });
        }
        for t in &self.turns {
            let mut illegal = t.illegal.iter().map(|o| usize::from(o.player)).peekable();
            for (i, &order) in t.orders.iter().enumerate() {
                let order = if illegal.peek() == Some(&i) {
                    illegal.next();
                    Order::Stay
                } else {
                    order
                };
                record.events.push(Event::Move { player: PlayerId((i / p) as u8), mv: FootballMove::Order(order) });
            }
            record.events.push(Event::Chance(KickAllocation { successes: t.successes.clone() }));
        }
        record.outcome = self.end.and_then(|_| game_core::Outcome::from_scores(&self.scores.map(i64::from)).ok());
        Ok(record)
    }
}

/// Asks each team for its start cells (its [`Bot::turn`] in the placement
/// phase); invalid or missing ones become the home cell. Returns the cells
/// and the footballers concerned.
fn placements(config: &Config, teams: &mut [&mut dyn Bot<ParallelFootball>; TEAMS]) -> (Vec<Cell>, Vec<u16>) {
    let p = usize::from(config.players);
    let start = ParallelFootball::new(*config).expect("play_game's configuration is valid");
    let mut starts = Vec::with_capacity(config.total_players());
    let mut problems = Vec::new();
    for (t, team) in teams.iter_mut().enumerate() {
        let answer = team.turn(&start, PlayerId(t as u8));
        for i in 0..p {
            match answer.get(i) {
                Some(&FootballMove::Place(c)) if config.contains(c) => starts.push(c),
                _ => {
                    problems.push((t * p + i) as u16);
                    starts.push(config.home(PlayerId(t as u8)));
                }
            }
        }
    }
    (starts, problems)
}

fn drive(
    config: Config,
    teams: &mut [&mut dyn Bot<ParallelFootball>; TEAMS],
    seed: u64,
    mut on_turn: impl FnMut(&[Order], &TurnReport),
) -> (Field, Vec<Cell>, Vec<u16>) {
    let (starts, problems) = placements(&config, teams);
    let mut field = Field::new(config, &starts).expect("placements are on the grid, one per player");
    let mut rng = seeded(seed);
    let p = usize::from(config.players);
    let mut orders = vec![Order::Stay; config.total_players()];
    let mut report = TurnReport::default();
    while !field.is_over() {
        orders.fill(Order::Stay);
        // Every team answers the same position: the field at the start of the turn.
        let state = ParallelFootball::from_field(field.clone());
        for (t, team) in teams.iter_mut().enumerate() {
            let answer = team.turn(&state, PlayerId(t as u8));
            for (slot, mv) in orders[t * p..(t + 1) * p].iter_mut().zip(answer) {
                if let FootballMove::Order(o) = mv {
                    *slot = o;
                }
            }
        }
        if field.resolve_turn(&orders, &mut rng, &mut report).is_err() {
            break; // unreachable: the game is not over and the count is right
        }
        on_turn(&orders, &report);
    }
    (field, starts, problems)
}

/// Plays a whole game between four teams (team `t` is `teams[t]`, asked
/// for its whole answer with [`Bot::turn`]: `p` start cells, then `p`
/// orders each turn, a missing one as `stay`), with
/// contested kicks drawn from a generator seeded with `seed`, and returns
/// its record. The same teams (same seeds) and seed give the same game.
///
/// ```
/// use parallel_football::{play_game, Config, GreedyTeam, RandomTeam};
/// let config = Config::new(8, 8, 2, 3, 300).unwrap();
/// let (mut a, mut b) = (GreedyTeam::new(), GreedyTeam::new());
/// let (mut c, mut d) = (RandomTeam::new(1), RandomTeam::new(2));
/// let record = play_game(config, [&mut a, &mut b, &mut c, &mut d], 7);
/// let total: u32 = record.scores.iter().sum::<u32>() + record.balls_left;
/// assert_eq!(total, config.start_balls());
/// assert!(record.scores[0] + record.scores[1] > record.scores[2] + record.scores[3]);
/// let field = record.replay().unwrap(); // no generator needed
/// assert_eq!(field.scores(), record.scores);
/// ```
///
/// # Panics
/// When `config` is invalid ([`Config::validate`](crate::Config::validate)):
/// validate a hand-built configuration first.
pub fn play_game(config: Config, mut teams: [&mut dyn Bot<ParallelFootball>; TEAMS], seed: u64) -> GameRecord {
    let mut turns = Vec::new();
    let (field, starts, start_problems) = drive(config, &mut teams, seed, |orders, report| {
        turns.push(TurnRecord {
            orders: orders.to_vec(),
            illegal: report.illegal.clone(),
            successes: report.successes.clone(),
        });
    });
    GameRecord {
        config,
        seed,
        starts,
        start_problems,
        turns,
        scores: field.scores(),
        balls_left: field.balls_left(),
        end: field.end_reason(),
    }
}

/// Plays a whole game like [`play_game`] without keeping a record, and
/// returns the final field (the fast path for benchmarks and tournaments).
///
/// # Panics
/// When `config` is invalid ([`Config::validate`](crate::Config::validate)):
/// validate a hand-built configuration first.
pub fn run_game(config: Config, mut teams: [&mut dyn Bot<ParallelFootball>; TEAMS], seed: u64) -> Field {
    drive(config, &mut teams, seed, |_, _| {}).0
}
