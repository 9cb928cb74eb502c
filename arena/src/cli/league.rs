//! `arena league`: the bots of a league directory play by the chosen
//! schedule, then the table (leaderboard, cross table, failures) is
//! printed and written as JSON or HTML.

use super::args::LeagueArgs;
use super::series::choose_jobs;
use crate::CliError;
use game_arena::games::Adapter;
use game_arena::league::{self, LeagueKey, RunOptions, Schedule, Standings};
use game_arena::play;
use game_core::Game;
use std::io::Write;

pub(crate) fn cmd_league<A: Adapter>(a: &A, l: &LeagueArgs) -> Result<(), CliError> {
    let seats = a.start().players();
    if let Some(n) = l.games_per_pairing.filter(|n| n % seats as u64 != 0) {
        return Err(CliError::LeagueRounds { games: n, seats });
    }
    // Everything is checked before bots.txt is written: a refused command
    // writes nothing.
    let listed = league::league_bots(&l.dir, &l.bots)?;
    league::check_league(a, &listed.bots, l.time_factor)?;
    let bots = listed.bots.clone();
    let key = LeagueKey { game: a.name().into(), config: a.config(), seed: l.seed, seats };
    let schedule = match l.games_per_pairing {
        Some(games_per_group) => Schedule::RoundRobin { games_per_group },
        None => Schedule::Continuous {
            games: l.games,
            // A deadline the clock cannot reach is none.
            deadline: l.minutes.and_then(|m| {
                std::time::Instant::now().checked_add(std::time::Duration::try_from_secs_f64(m * 60.0).ok()?)
            }),
        },
    };
    let shard = match &l.shard {
        Some(text) => play::Shard::parse(text, |v| std::env::var(v).ok())?,
        None => play::Shard::WHOLE,
    };
    // Without --include-removed the table holds the current bots only.
    let unknown = |n: &&str| !l.include_removed && !bots.iter().any(|b| play::seat_name(b) == *n);
    if let Some(name) = l.anchor.as_deref().filter(unknown) {
        return Err(league::LeagueError::UnknownAnchor { name: name.to_string() }.into());
    }
    if let Some(path) = &l.json {
        game_arena::files::check_output(path, game_arena::files::FileKind::Standings, "the table")?;
    }
    if let Some(path) = &l.html {
        game_arena::files::check_output(path, game_arena::files::FileKind::Page, "the page")?;
    }
    // The records must fit the bots (a name now given to another spec is
    // refused) before bots.txt changes.
    let mut dirs = vec![l.dir.clone()];
    dirs.extend(l.merge.iter().cloned());
    league::League::read(&key, &bots, &dirs)?;
    listed.save()?;
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (jobs, warning) = choose_jobs(l.jobs, &bots[..seats.min(bots.len())], cores);
    if let Some(w) = warning {
        eprintln!("arena: {w}");
    }
    let mut replay_args = game_arena::registry::config_args(a);
    if l.time_factor != 1.0 {
        replay_args.extend(["--time-factor".to_string(), l.time_factor.to_string()]);
    }
    let opts = RunOptions { schedule, jobs, shard, time_factor: l.time_factor, replay_args, merge: l.merge.clone() };
    let progress = |lg: &league::League| eprintln!("arena: league: {} games recorded", lg.games.len());
    let end = league::run(a, &l.dir, &key, &bots, &opts, &progress)?;
    for note in &end.league.notes {
        eprintln!("arena: {note}");
    }
    let standings = Standings::new(&key, &end.league, l.include_removed, l.anchor.as_deref())?;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "this run played {} games", end.played);
    let _ = write!(out, "{}", standings.text());
    if let Some(path) = &l.json {
        let text = serde_json::to_string_pretty(&standings).map_err(|e| CliError::Output(e.into()))?;
        play::write_whole(path, text + "\n").map_err(|source| CliError::Write { path: path.clone(), source })?;
    }
    if let Some(path) = &l.html {
        play::write_whole(path, league::page(&standings))
            .map_err(|source| CliError::Write { path: path.clone(), source })?;
        let _ = writeln!(out, "page: {}", path.display());
    }
    let _ = out.flush();
    match end.signal {
        Some(sig) => Err(CliError::Stopped(sig)),
        None => Ok(()),
    }
}
