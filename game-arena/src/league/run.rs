//! The league's schedules and playing them.
//!
//! A group's games are a series of [`crate::play::play_series`] (records in
//! the group's directory, rotated seats over each round's seed), so
//! records, `--jobs`, the clean stop on a signal and resuming are the
//! series'. Both schedules are decided from the records alone, so a league
//! interrupted (SIGTERM, SIGKILL) and run again plays what one
//! uninterrupted run plays.
//!
//! * Round robin: every group of `seats` current bots (every pairing for
//!   two seats) plays games `0..N` (`--games-per-pairing N`). A shard
//!   `I/N` plays game `i` of a group when `(i + group_seed) % N == I`, so
//!   shards share the work whatever the groups.
//! * Continuous: first any round a group started but did not finish, then
//!   one round (every seat rotation on one seed) of the group
//!   [`next_group`] picks, refitting after each round; until a budget of
//!   games in the league (`--games`), a time (`--minutes`) or a signal.

use super::{League, LeagueError, LeagueKey, Standings, group_dir, group_seed};
use crate::games::Adapter;
use crate::interrupt::StopSignal;
use crate::play::{Plan, PlayOptions, Shard, play_series, seat_name};
use game_core::Game;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

/// Which games a run plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Schedule {
    /// Every group plays this many games.
    RoundRobin {
        /// Games per group (seats rotate over each round's seed).
        games_per_group: u64,
    },
    /// Round after round where it most sharpens the leaderboard.
    Continuous {
        /// Stop once the league holds this many games.
        games: Option<u64>,
        /// Stop starting rounds after this time.
        deadline: Option<Instant>,
    },
}

/// How a run plays.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The schedule.
    pub schedule: Schedule,
    /// Games at the same time (within a group's round or games).
    pub jobs: usize,
    /// Round robin: this shard's games only.
    pub shard: Shard,
    /// Multiplies every time limit.
    pub time_factor: f64,
    /// Arguments that rebuild the game's configuration in replay commands.
    pub replay_args: Vec<String>,
    /// Other directories with records of this league (other shards):
    /// their games count as played.
    pub merge: Vec<PathBuf>,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RunEnd {
    /// Games this run played.
    pub played: u64,
    /// The signal that stopped it, if one did.
    pub signal: Option<StopSignal>,
    /// The league as the records now say.
    pub league: League,
}

/// The group the continuous schedule plays next, names in entrant order
/// (sorted), from the table of the current bots (`standings`, best
/// first):
/// 1. a bot without games, with the bot that has the fewest games;
/// 2. otherwise, of the pairs of bots adjacent in the ranking, the one
///    whose order is least certain per game they already played: the
///    largest `P / (n + seats)`, with `n` their games together and `P` the
///    probability that their order is wrong, `Φ(-|s - 1/2| / sqrt(s(1-s)/(n+1)))`
///    for their own score `s = (points + 1/2) / (n + 1)` (half a point of
///    prior each way, so a sweep is not certain). A pair of equal bots
///    keeps `P` near 1/2 and is played less as its games grow; a clear
///    result stops being played (ties: fewer games, then higher in the
///    table);
/// 3. with more seats, the bots with the fewest games fill the group.
pub fn next_group(standings: &Standings, seats: usize) -> Vec<String> {
    let rows = &standings.rows;
    let fewest = |taken: &[usize]| (0..rows.len()).filter(|i| !taken.contains(i)).min_by_key(|&i| rows[i].games);
    let mut group: Vec<usize> = Vec::new();
    if let Some(x) = rows.iter().position(|r| r.games == 0) {
        group.push(x);
    } else {
        let between = |i: usize| standings.cross[i][i + 1].as_ref().map_or((0.0, 0), |c| (c.points, c.games));
        let priority = |i: usize| {
            let (points, games) = between(i);
            let n = games as f64;
            let s = (points + 0.5) / (n + 1.0);
            let z = (s - 0.5).abs() / (s * (1.0 - s) / (n + 1.0)).sqrt();
            let wrong = 0.5 * statrs::function::erf::erfc(z / std::f64::consts::SQRT_2);
            wrong / (n + seats as f64)
        };
        let best = (0..rows.len().saturating_sub(1))
            .min_by(|&x, &y| priority(y).total_cmp(&priority(x)).then(between(x).1.cmp(&between(y).1)).then(x.cmp(&y)));
        group.extend(best.into_iter().flat_map(|i| [i, i + 1]));
    }
    while group.len() < seats {
        match fewest(&group) {
            Some(i) => group.push(i),
            None => break,
        }
    }
    let mut names: Vec<String> = group.iter().map(|&i| rows[i].name.clone()).collect();
    names.sort_unstable();
    names
}

/// Every group of `k` of `items`, in lexicographic order.
fn combinations(items: &[String], k: usize) -> Vec<Vec<String>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first.clone());
            out.push(rest);
        }
    }
    out
}

/// Plays the league in `dir` between `bots` (the current bots, named) with
/// `opts`; calls `progress` with the league after each group's games.
///
/// # Errors
/// Unreadable or foreign records, fewer bots than seats, bad specs, records
/// that cannot be written.
pub fn run<A: Adapter>(
    a: &A,
    dir: &std::path::Path,
    key: &LeagueKey,
    bots: &[String],
    opts: &RunOptions,
    progress: &dyn Fn(&League),
) -> Result<RunEnd, LeagueError> {
    super::check_league(a, bots, opts.time_factor)?;
    let seats = a.start().players();
    let mut dirs = vec![dir.to_path_buf()];
    dirs.extend(opts.merge.iter().cloned());
    let read = || League::read(key, bots, &dirs);
    let recorded = |league: &League, group: &str| -> BTreeSet<u64> {
        league.games.iter().filter(|g| g.group == group).map(|g| g.index).collect()
    };
    let spec_of = |name: &str| bots.iter().find(|b| seat_name(b) == name).cloned().unwrap_or_default();
    let played = std::cell::Cell::new(0u64);
    let play = |names: &[String], indices: BTreeSet<u64>| -> Result<Option<StopSignal>, LeagueError> {
        let Some(&last) = indices.last() else { return Ok(None) };
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let specs: Vec<String> = names.iter().map(|n| spec_of(n)).collect();
        let mut plan = Plan::new(last + 1, group_seed(key.seed, &refs));
        plan.done = (0..=last).filter(|i| !indices.contains(i)).collect();
        let popts = PlayOptions {
            time_factor: opts.time_factor,
            record_dir: Some(dir.join(group_dir(&refs))),
            replay_args: opts.replay_args.clone(),
        };
        let r = play_series(a, &specs, &plan, opts.jobs, &popts, &|_| true)?;
        played.set(played.get() + r.games.len() as u64);
        Ok(r.signal)
    };
    let mut signal = None;
    let current: Vec<String> = bots.iter().map(|b| seat_name(b).to_string()).collect();
    match opts.schedule {
        Schedule::RoundRobin { games_per_group } => {
            let league = read()?;
            for group in combinations(&current, seats) {
                let mut sorted = group.clone();
                sorted.sort_unstable();
                let refs: Vec<&str> = sorted.iter().map(String::as_str).collect();
                let count = opts.shard.count.max(1);
                let offset = group_seed(key.seed, &refs) % count;
                let shard = Shard { index: (opts.shard.index + count - offset) % count, count };
                let done = recorded(&league, &group_dir(&refs));
                let todo: BTreeSet<u64> =
                    (0..games_per_group).filter(|&i| shard.has(i) && !done.contains(&i)).collect();
                signal = play(&sorted, todo)?;
                if signal.is_some() || crate::interrupt::requested().is_some() {
                    signal = signal.or(crate::interrupt::requested());
                    break;
                }
                if played.get() > 0 {
                    progress(&read()?);
                }
            }
        }
        Schedule::Continuous { games, deadline } => loop {
            if let Some(s) = crate::interrupt::requested() {
                signal = Some(s);
                break;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let league = read()?;
            if games.is_some_and(|n| league.games.len() as u64 >= n) {
                break;
            }
            let n = seats as u64;
            // A round begun and not finished (a stopped run) comes first.
            let unfinished = combinations(&current, seats).into_iter().find_map(|mut group| {
                // In entrant order (sorted), as every schedule plays a group.
                group.sort_unstable();
                let refs: Vec<&str> = group.iter().map(String::as_str).collect();
                let done = recorded(&league, &group_dir(&refs));
                let end = done.last().map_or(0, |&l| (l / n + 1) * n);
                let missing: BTreeSet<u64> = (0..end).filter(|i| !done.contains(i)).collect();
                (!missing.is_empty()).then_some((group, missing))
            });
            let (group, todo) = match unfinished {
                Some(g) => g,
                None => {
                    let standings = Standings::new(key, &league, false, None)?;
                    let group = next_group(&standings, seats);
                    let refs: Vec<&str> = group.iter().map(String::as_str).collect();
                    let start = recorded(&league, &group_dir(&refs)).last().map_or(0, |&l| (l / n + 1) * n);
                    (group, (start..start + n).collect())
                }
            };
            signal = play(&group, todo)?;
            if signal.is_some() {
                break;
            }
            progress(&read()?);
        },
    }
    Ok(RunEnd { played: played.get(), signal, league: read()? })
}

#[cfg(test)]
mod tests {
    use super::super::{Cell, Row};
    use super::*;
    use crate::play::Failures;
    use match_stats::{Estimate, Wdl};

    /// A table of bots named by `games` (games each), with `pair(i)` the
    /// points and games of rows `i` and `i + 1` together.
    fn table(games: &[u64], pair: impl Fn(usize) -> (f64, u64)) -> Standings {
        let n = games.len();
        let rows = (0..n)
            .map(|i| Row {
                rank: i + 1,
                name: format!("bot{i}"),
                spec: format!("name=bot{i},random"),
                removed: false,
                games: games[i],
                score: 0.5,
                rating: Estimate { value: -(i as f64), low: -1.0, high: 1.0 },
                failures: Failures::default(),
            })
            .collect();
        let cross = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        (i != j).then(|| {
                            let (points, games) = if j == i + 1 { pair(i) } else { (0.0, 0) };
                            Cell { games, wdl: Wdl::default(), points, elo: Estimate::UNKNOWN }
                        })
                    })
                    .collect()
            })
            .collect();
        Standings { game: "nim".into(), seed: 1, seats: 2, games: 0, model: "", anchor: None, rows, cross }
    }

    #[test]
    fn a_bot_without_games_plays_first_with_the_bot_that_has_fewest() {
        let t = table(&[10, 0, 4, 6], |_| (1.0, 2));
        assert_eq!(next_group(&t, 2), ["bot1", "bot2"]);
        assert_eq!(next_group(&t, 4).len(), 4);
    }

    #[test]
    fn the_least_certain_adjacent_order_per_game_goes_next() {
        // bot0-bot1: 30 games at 15 points (equal bots, played a lot);
        // bot1-bot2: 2 games at 1 point (barely played); bot2-bot3: a sweep
        // of 2.
        let t = table(&[40, 40, 40, 40], |i| [(15.0, 30), (1.0, 2), (2.0, 2)][i]);
        assert_eq!(next_group(&t, 2), ["bot1", "bot2"]);
        // Once that pair has played more than the equal one (its order as
        // uncertain), the equal pair goes next.
        let t = table(&[40, 40, 40, 40], |i| [(15.0, 30), (20.0, 40), (2.0, 2)][i]);
        assert_eq!(next_group(&t, 2), ["bot0", "bot1"]);
        // A clear result is not played again before an uncertain one.
        let t = table(&[40, 40, 40, 40], |i| [(15.0, 30), (40.0, 40), (20.0, 40)][i]);
        assert_eq!(next_group(&t, 2), ["bot0", "bot1"]);
    }
}
