//! A league's table: ratings from one fit of every game, the cross table
//! of each pair's own results, and each bot's failed answers.

use super::{League, LeagueError, LeagueKey};
use crate::play::Failures;
use match_stats::estimate::{fixed, number, signed};
use match_stats::{Estimate, Wdl, placement};
use serde::Serialize;
use std::fmt::Write;

/// The rating model, as the table and `--help` state it.
pub const MODEL: &str = "Plackett-Luce MAP fit of every game's placements at once (for two seats exactly \
     Bradley-Terry / Elo, a draw half a win), Elo scale, weak N(0, 1000^2) prior; 95 % intervals from the \
     observed information";

/// One bot's line of the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Place in the leaderboard, from 1.
    pub rank: usize,
    /// The bot's name.
    pub name: String,
    /// Its spec.
    pub spec: String,
    /// Removed from `bots.txt` (shown with `--include-removed`).
    pub removed: bool,
    /// Games played (in the table).
    pub games: u64,
    /// Mean score per game in `[0, 1]`: opponents placed behind, a tie
    /// half, over the opponents of the game.
    #[serde(serialize_with = "number")]
    pub score: f64,
    /// The rating with its 95 % interval.
    pub rating: Estimate,
    /// Failed answers by kind.
    pub failures: Failures,
}

/// One bot against another: the games where both sat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Games where both sat.
    pub games: u64,
    /// The row bot placed ahead, alike, behind.
    pub wdl: Wdl,
    /// The row bot's points (a win 1, a draw 1/2).
    #[serde(serialize_with = "number")]
    pub points: f64,
    /// The Elo difference from this pair's own results ([`Wdl::report`]).
    pub elo: Estimate,
}

/// The leaderboard and cross table (`--json` writes this).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    /// The game.
    pub game: String,
    /// The league seed.
    pub seed: u64,
    /// Seats per game.
    pub seats: usize,
    /// Games in the table.
    pub games: u64,
    /// The rating model.
    pub model: &'static str,
    /// The bot rated 0 (`None`: the mean of the bots is 0).
    pub anchor: Option<String>,
    /// The bots, best rating first.
    pub rows: Vec<Row>,
    /// `cross[i][j]`: row `i`'s bot against row `j`'s (`None` on the
    /// diagonal).
    pub cross: Vec<Vec<Option<Cell>>>,
}

impl Standings {
    /// The table of `league`'s current bots (and removed ones too with
    /// `include_removed`) over the games between them, rated by one
    /// [`placement::fit`]; `anchor` names the bot shifted to 0 (the
    /// intervals are the mean-zero fit's, shifted alike).
    ///
    /// # Errors
    /// [`LeagueError::UnknownAnchor`].
    pub fn new(
        key: &LeagueKey,
        league: &League,
        include_removed: bool,
        anchor: Option<&str>,
    ) -> Result<Standings, LeagueError> {
        let ids: Vec<usize> = (0..league.bots.len()).filter(|&b| include_removed || league.bots[b].current).collect();
        let local = |b: usize| ids.iter().position(|&i| i == b);
        let m = ids.len();
        let mut games = Vec::new();
        let mut rows: Vec<Row> = ids
            .iter()
            .map(|&b| Row {
                rank: 0,
                name: league.bots[b].name.clone(),
                spec: league.bots[b].spec.clone(),
                removed: !league.bots[b].current,
                games: 0,
                score: 0.0,
                rating: Estimate::UNKNOWN,
                failures: Failures::default(),
            })
            .collect();
        let mut wdl = vec![vec![Wdl::default(); m]; m];
        for g in &league.games {
            let Some(seats) = g.seats.iter().map(|&b| local(b)).collect::<Option<Vec<usize>>>() else { continue };
            let others = (seats.len().max(2) - 1) as f64;
            for (s, &i) in seats.iter().enumerate() {
                let row = &mut rows[i];
                row.games += 1;
                if let Some(f) = g.failures.get(s) {
                    row.failures.absorb(f);
                }
                for (t, &j) in seats.iter().enumerate().filter(|&(t, _)| t != s) {
                    let w = &mut wdl[i][j];
                    match g.ranks[s].cmp(&g.ranks[t]) {
                        std::cmp::Ordering::Less => (w.wins += 1, row.score += 1.0 / others),
                        std::cmp::Ordering::Equal => (w.draws += 1, row.score += 0.5 / others),
                        std::cmp::Ordering::Greater => (w.losses += 1, ()),
                    };
                }
            }
            games.push((seats, g.ranks.clone()));
        }
        let mut ratings = placement::fit(m, &games);
        if let Some(name) = anchor {
            let a = rows
                .iter()
                .position(|r| r.name == name)
                .ok_or_else(|| LeagueError::UnknownAnchor { name: name.to_string() })?;
            let shift = ratings[a].value;
            for r in &mut ratings {
                *r = Estimate { value: r.value - shift, low: r.low - shift, high: r.high - shift };
            }
        }
        for (row, r) in rows.iter_mut().zip(&ratings) {
            row.score /= row.games as f64;
            row.rating = *r;
        }
        // Best first; bots without games last; ties by name.
        let mut order: Vec<usize> = (0..m).collect();
        let key_of = |i: usize| if ratings[i].value.is_nan() { f64::NEG_INFINITY } else { ratings[i].value };
        order.sort_by(|&x, &y| key_of(y).total_cmp(&key_of(x)).then_with(|| rows[x].name.cmp(&rows[y].name)));
        let cross = order
            .iter()
            .map(|&i| {
                order
                    .iter()
                    .map(|&j| {
                        (i != j).then(|| {
                            let w = wdl[i][j];
                            Cell {
                                games: w.games(),
                                wdl: w,
                                points: w.wins as f64 + 0.5 * w.draws as f64,
                                elo: w.report().elo,
                            }
                        })
                    })
                    .collect()
            })
            .collect();
        let mut sorted: Vec<Row> = order.iter().map(|&i| rows[i].clone()).collect();
        for (k, r) in sorted.iter_mut().enumerate() {
            r.rank = k + 1;
        }
        Ok(Standings {
            game: key.game.clone(),
            seed: key.seed,
            seats: key.seats,
            games: games.len() as u64,
            model: MODEL,
            anchor: anchor.map(str::to_string),
            rows: sorted,
            cross,
        })
    }

    /// The leaderboard, the cross table and the failed answers as text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ =
            writeln!(s, "league of {}, seed {}: {} games, {} bots", self.game, self.seed, self.games, self.rows.len());
        let zero = match &self.anchor {
            Some(a) => format!("{a} = 0"),
            None => "mean 0".to_string(),
        };
        let _ = writeln!(s, "rating ({zero}): {}", self.model);
        let w = self.rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(3).max(3);
        let _ = writeln!(
            s,
            "{:>3} {:<w$} {:<34} {:>6} {:>6} {:>8} {:>8} {:>10} {:>8}",
            "#", "bot", "rating [95 %]", "games", "score", "timeouts", "crashes", "unreadable", "illegal"
        );
        for r in &self.rows {
            let f = &r.failures;
            let name = if r.removed { format!("{} (removed)", r.name) } else { r.name.clone() };
            let _ = writeln!(
                s,
                "{:>3} {name:<w$} {:<34} {:>6} {:>5}% {:>8} {:>8} {:>10} {:>8}",
                r.rank,
                r.rating.text(1),
                r.games,
                fixed(100.0 * r.score, 1),
                f.timeout,
                f.crash,
                f.unreadable,
                f.illegal
            );
        }
        let _ = writeln!(s, "cross table (row against column: points/games, Elo from the pair's own games):");
        let cw = 16;
        let _ = write!(s, "{:<w$}", "");
        for r in &self.rows {
            let _ = write!(s, " {:>cw$}", r.name);
        }
        let _ = writeln!(s);
        for (r, cells) in self.rows.iter().zip(&self.cross) {
            let _ = write!(s, "{:<w$}", r.name);
            for c in cells {
                let text = match c {
                    None => "-".to_string(),
                    Some(c) if c.games == 0 => ".".to_string(),
                    Some(c) => format!("{}/{} {}", fixed(c.points, 1), c.games, signed(c.elo.value, 0)),
                };
                let _ = write!(s, " {text:>cw$}");
            }
            let _ = writeln!(s);
        }
        s
    }
}
