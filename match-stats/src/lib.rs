//! Match statistics for bot contests: the numbers cutechess-cli and
//! fastchess print, computed from a whole series at once, with no game in
//! sight. Seats and entrants are plain indices; a game is its placements
//! ([`GameResult`]).
//!
//! ```
//! use match_stats::{Pentanomial, Sprt, SprtDecision, Wdl};
//!
//! // 60 wins, 30 draws and 10 losses: Elo with its 95 % interval and LOS.
//! let wdl = Wdl { wins: 60, draws: 30, losses: 10 };
//! let report = wdl.report();
//! assert!(report.elo.low > 0.0 && report.elo.value > 150.0 && report.los > 0.99);
//! assert_eq!(report.elo.text(1), "+190.8 ± 62.0 [+134.4, +258.4]");
//!
//! // The same engines in pairs of games with swapped seats (points 0 to 2
//! // per pair), and an SPRT of 0 against 5 normalized Elo on them.
//! let mut pairs = Pentanomial::default();
//! for points in [4, 4, 3, 4, 2, 4, 3, 4, 4, 1] {
//!     pairs.add(points);
//! }
//! let sprt: Sprt = "elo0=0,elo1=5".parse()?;
//! let status = sprt.status(&pairs);
//! assert_eq!(status.decision, SprtDecision::Continue);
//! # Ok::<(), match_stats::SprtError>(())
//! ```
//!
//! Everything is computed from the whole series at once and from the
//! games sorted by index, so the same set of games in any order gives a
//! byte-identical table and JSON ([`summarize`], [`Summary::table`]).
//!
//! * [`elo`]: two seats game by game (wins, draws, losses → Elo, normalized
//!   Elo, LOS, draw ratio);
//! * [`pentanomial`]: two seats pair by pair (games `2k`, `2k+1`);
//! * [`sprt`]: the sequential test on the pairs;
//! * [`placement`]: more seats, a Plackett–Luce fit of the placements;
//! * [`estimate`]: a value with its interval, printed and serialized
//!   without inventing numbers;
//! * `table`: the text table ([`Summary::table`]).
//!
//! A series' summary ([`summarize`]): per entrant games, wins, draws,
//! losses, average score and rank, failures and a rating with its 95 %
//! interval; for two seats the head-to-head statistics and an optional
//! SPRT. With two seats each row's rating is its Elo difference against
//! the other entrant from its wins, draws and losses (the head-to-head
//! Elo); with more seats, the Plackett–Luce rating (Elo scale, mean 0).
//!
//! `examples/sprt.rs` runs a whole series through [`summarize`] and
//! prints its table.

pub mod elo;
pub mod estimate;
pub mod pentanomial;
pub mod placement;
pub mod sprt;
mod table;

pub use elo::{EloReport, Wdl};
pub use estimate::Estimate;
pub use pentanomial::Pentanomial;
pub use sprt::{Sprt, SprtDecision, SprtError, SprtStatus};

use estimate::number;
use serde::Serialize;
use std::collections::BTreeMap;

/// How the per-entrant ratings were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingModel {
    /// Two seats: Elo difference against the other entrant from wins,
    /// draws and losses ([`Wdl::report`]).
    EloWdl,
    /// More seats: Plackett–Luce fit of the placements ([`placement`]),
    /// Elo scale, mean 0.
    PlackettLuce,
}

/// One entrant's line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntrantSummary {
    /// The bot as given on the command line.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games won alone.
    pub wins: u64,
    /// Games where the first place was shared.
    pub draws: u64,
    /// Other games.
    pub losses: u64,
    /// Mean of the game's own score (points, goals...); NaN without games.
    #[serde(serialize_with = "number")]
    pub avg_score: f64,
    /// Mean placement, 0 best; NaN without games.
    #[serde(serialize_with = "number")]
    pub avg_rank: f64,
    /// Failed answers (timeouts, crashes, illegal answers).
    pub failures: u64,
    /// The rating with its 95 % interval ([`RatingModel`]).
    pub rating: Estimate,
}

/// Two seats: the first entrant against the second.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeadToHead {
    /// Game by game, from the first entrant's side.
    pub wdl: Wdl,
    /// Share of drawn games in `[0, 1]`.
    #[serde(serialize_with = "number")]
    pub draw_ratio: f64,
    /// Elo, normalized Elo and LOS from [`HeadToHead::wdl`].
    pub games: EloReport,
    /// Complete pairs by points.
    pub pentanomial: Pentanomial,
    /// Elo, normalized Elo and LOS from [`HeadToHead::pentanomial`].
    pub pairs: EloReport,
    /// The SPRT settings and status, when a test was asked for.
    pub sprt: Option<SprtReport>,
}

/// An SPRT's settings and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtReport {
    /// The settings.
    pub settings: Sprt,
    /// LLR, bounds and decision.
    pub status: SprtStatus,
}

/// The summary of a series (the `--json` output and [`Summary::table`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Seats per game.
    pub seats: usize,
    /// Games summed up.
    pub games: u64,
    /// How [`EntrantSummary::rating`] was computed.
    pub rating_model: RatingModel,
    /// One line per entrant, in the order of the bot list.
    pub entrants: Vec<EntrantSummary>,
    /// Two seats and two entrants: the head-to-head statistics.
    pub head_to_head: Option<HeadToHead>,
}

/// One game reduced to what the statistics read. Games are ordered by
/// index first, so a series sorted by this order does not depend on the
/// order the games came in.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct GameResult {
    /// Index of the game in its series (games `2k` and `2k + 1` form a
    /// pair for the pentanomial statistics).
    pub index: u64,
    /// Entrant (index into the series' names) in each seat.
    pub entrants: Vec<usize>,
    /// Placement of each seat, 0 best; seats sharing the first place drew.
    pub ranks: Vec<u8>,
    /// The game's own score of each seat (points, goals...).
    pub scores: Vec<i64>,
    /// Failed answers of each seat.
    pub failures: Vec<u64>,
}

/// Sums up a series of `seats`-seat games between the entrants `names`
/// (one per seat). Seats naming an entrant outside `names` are left out.
/// `sprt` is evaluated on the pairs of a two-seat series and ignored
/// otherwise.
#[must_use]
pub fn summarize(
    names: &[String],
    seats: usize,
    games: impl IntoIterator<Item = GameResult>,
    sprt: Option<&Sprt>,
) -> Summary {
    let mut played: Vec<GameResult> = games.into_iter().collect();
    played.sort_unstable();
    let n = names.len();
    let mut entrants: Vec<EntrantSummary> = names
        .iter()
        .map(|name| EntrantSummary {
            name: name.clone(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            avg_score: 0.0,
            avg_rank: 0.0,
            failures: 0,
            rating: Estimate::UNKNOWN,
        })
        .collect();
    for g in &played {
        let winners = g.ranks.iter().filter(|&&r| r == 0).count();
        for (seat, &e) in g.entrants.iter().enumerate() {
            let Some(s) = entrants.get_mut(e) else { continue };
            s.games += 1;
            match (g.ranks[seat], winners) {
                (0, 1) => s.wins += 1,
                (0, _) => s.draws += 1,
                _ => s.losses += 1,
            }
            s.avg_score += g.scores[seat] as f64;
            s.avg_rank += f64::from(g.ranks[seat]);
            s.failures += g.failures[seat];
        }
    }
    for s in &mut entrants {
        s.avg_score /= s.games as f64;
        s.avg_rank /= s.games as f64;
    }
    let head_to_head = (seats == 2 && n == 2).then(|| head_to_head(&played, sprt));
    let rating_model = if let Some(h) = &head_to_head {
        entrants[0].rating = h.games.elo;
        entrants[1].rating = h.games.elo.negated();
        RatingModel::EloWdl
    } else {
        let placements: Vec<(Vec<usize>, Vec<u8>)> =
            played.iter().map(|g| (g.entrants.clone(), g.ranks.clone())).collect();
        for (s, r) in entrants.iter_mut().zip(placement::fit(n, &placements)) {
            s.rating = r;
        }
        RatingModel::PlackettLuce
    };
    Summary { seats, games: played.len() as u64, rating_model, entrants, head_to_head }
}

/// The first entrant's half-points in a two-seat game against the second
/// (2 win, 1 draw, 0 loss), `None` unless the seats hold entrants 0 and 1.
fn half_points(g: &GameResult) -> Option<usize> {
    let seat0 = g.entrants.iter().position(|&e| e == 0)?;
    let seat1 = g.entrants.iter().position(|&e| e == 1)?;
    Some(match g.ranks[seat0].cmp(&g.ranks[seat1]) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    })
}

/// W/D/L over every game, the pentanomial over complete pairs (games `2k`
/// and `2k+1` both present), and the SPRT on the pairs.
fn head_to_head(played: &[GameResult], sprt: Option<&Sprt>) -> HeadToHead {
    let mut wdl = Wdl::default();
    let mut pairs: BTreeMap<u64, BTreeMap<u64, usize>> = BTreeMap::new();
    for g in played {
        let Some(hp) = half_points(g) else { continue };
        match hp {
            2 => wdl.wins += 1,
            1 => wdl.draws += 1,
            _ => wdl.losses += 1,
        }
        pairs.entry(g.index / 2).or_default().insert(g.index, hp);
    }
    let mut pentanomial = Pentanomial::default();
    for games in pairs.values().filter(|g| g.len() == 2) {
        pentanomial.add(games.values().sum());
    }
    HeadToHead {
        wdl,
        draw_ratio: wdl.draw_ratio(),
        games: wdl.report(),
        pentanomial,
        pairs: pentanomial.report(),
        sprt: sprt.map(|s| SprtReport { settings: *s, status: s.status(&pentanomial) }),
    }
}
