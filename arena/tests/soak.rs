//! Soak: many seeded random games of every game through the generic
//! game-core API, with the conformance kit's invariants, and Parallel
//! Football turn after turn with no ball lost. Ignored by default (a minute
//! and a half on 2 cores); CI runs it in the test profile, overflow checks
//! and debug assertions on:
//!
//! ```text
//! SOAK_GAMES=10000 SOAK_TURNS=100000 cargo test --workspace --test soak -- --ignored --nocapture
//! ```
//!
//! `SOAK_GAMES` (default 10,000) is the number of games per game (a tenth
//! of it for Parallel Football's generic view, whose games are the longest);
//! `SOAK_TURNS` (default 100,000) the Parallel Football turns. Each is a
//! whole number of at least 1 (another value fails the test saying so).
//! Every state of a game (every `k`-th in the longer games, and the last)
//! is checked against every promise of `game_core::Game` by the
//! conformance kit (`game_core::testing::check_state`: the `states checked`
//! count), each game stays within the stated maximum length and its record
//! replays to its final state; a tenth of the games check the Zobrist hash
//! kept move by move against the hash from scratch (the `hashes` count).

use game_core::testing::{KitConfig, MoveUniverse, check_random_games, check_zobrist_games};
use game_core::{Game, Zobrist, rng};
use parallel_football::{Cell, Config, Field, GreedyTeam, Order, RandomTeam, TurnReport};
use std::time::Instant;

/// `var`'s whole number (`default` when it is not set); a value that is not
/// a whole number of at least 1 stops the test saying so, rather than
/// soaking the default count or nothing at all.
fn count(var: &str, default: usize) -> usize {
    match std::env::var(var) {
        Err(std::env::VarError::NotPresent) => default,
        Ok(v) => match v.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => panic!("{var} must be a whole number of at least 1, not {v:?}"),
        },
        Err(e) => panic!("{var}: {e}"),
    }
}

/// Runs the kit on `games` random games, fully checking every `every`-th
/// state (and the last of each game), and the Zobrist law on a tenth of them.
fn soak<G: Zobrist + MoveUniverse>(name: &str, start: &G, games: usize, every: u64) {
    let t = Instant::now();
    let cfg = KitConfig { games, seed: 0x50A4, check_every: every };
    let report = check_random_games(start, &cfg).unwrap_or_else(|v| panic!("{name}: {v}"));
    assert_eq!(report.games, games);
    let hashed = check_zobrist_games(start, &KitConfig { games: games / 10 + 1, ..cfg })
        .unwrap_or_else(|v| panic!("{name}: {v}"));
    println!(
        "soak {name:<22} {games} games, {} plies, {} states checked, {hashed} hashes, longest {}, {:.1}s",
        report.plies,
        report.states_checked,
        report.longest,
        t.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "minutes of random games; run by CI with SOAK_GAMES"]
fn soak_paper_soccer() {
    soak("paper-soccer", &paper_soccer::PaperSoccer::default(), count("SOAK_GAMES", 10_000), 2);
}

#[test]
#[ignore = "minutes of random games; run by CI with SOAK_GAMES"]
fn soak_yavalath() {
    soak("yavalath", &yavalath::Yavalath::new(), count("SOAK_GAMES", 10_000), 1);
}

#[test]
#[ignore = "minutes of random games; run by CI with SOAK_GAMES"]
fn soak_quoridor_two_players() {
    soak("quoridor-2", &quoridor::Quoridor::default(), count("SOAK_GAMES", 10_000), 8);
}

#[test]
#[ignore = "minutes of random games; run by CI with SOAK_GAMES"]
fn soak_quoridor_four_players() {
    let start = quoridor::Quoridor::with_players(4).expect("4-player default");
    soak("quoridor-4", &start, count("SOAK_GAMES", 10_000), 8);
}

#[test]
#[ignore = "minutes of random games; run by CI with SOAK_GAMES"]
fn soak_parallel_football_game_view() {
    // The generic view (placement, simultaneous orders, chance) on a small
    // field, so that whole games fit in the budget.
    let config = Config::new(8, 8, 2, 3, 60).expect("valid");
    let start = parallel_football::ParallelFootball::new(config).unwrap();
    // A tenth of SOAK_GAMES (at least one): its games are the longest.
    let games = count("SOAK_GAMES", 10_000).div_ceil(10);
    let t = Instant::now();
    let report = check_random_games(&start, &KitConfig { games, seed: 0xF007, check_every: 4 })
        .unwrap_or_else(|v| panic!("parallel-football: {v}"));
    println!("soak parallel-football (8x8) {games} games, {} plies, {:.1}s", report.plies, t.elapsed().as_secs_f64());
    assert!(start.players() == 4);
}

#[test]
#[ignore = "minutes of random games; run by CI with SOAK_TURNS"]
fn soak_parallel_football_no_ball_is_ever_lost() {
    let turns = count("SOAK_TURNS", 100_000);
    let config = Config::new(32, 32, 10, 10, 2_500).expect("valid");
    let total = config.start_balls();
    let n = config.total_players();
    let mut played = 0usize;
    let mut game = 0u64;
    let mut report = TurnReport::default();
    let t = Instant::now();
    while played < turns {
        let seed = rng::derive_seed(0xBA11, game);
        let mut r = rng::seeded(seed);
        // Alternate random and greedy line-ups so contested cells happen.
        let mut random: Vec<RandomTeam> = (0..4u64).map(|i| RandomTeam::new(seed ^ i)).collect();
        let mut greedy: [GreedyTeam; 4] = Default::default();
        let is_random = |team: usize| (game + team as u64) % 2 == 0;
        let mut starts = Vec::new();
        for team in 0..4 {
            let mut cells = Vec::new();
            let seat = game_core::PlayerId(team as u8);
            if is_random(team) {
                random[team].place(&config, seat, &mut cells);
            } else {
                greedy[team].place(&config, seat, &mut cells);
            }
            starts.extend(cells);
        }
        let mut field = Field::new(config, &starts).expect("valid starts");
        let mut orders = vec![Order::Stay; n];
        let p = usize::from(config.players);
        while !field.is_over() && played < turns {
            for (team, out) in orders.chunks_mut(p).enumerate() {
                let seat = game_core::PlayerId(team as u8);
                if is_random(team) {
                    random[team].orders(&field, seat, out);
                } else {
                    greedy[team].orders(&field, seat, out);
                }
            }
            field.resolve_turn(&orders, &mut r, &mut report).expect("a turn of a running game resolves");
            played += 1;
            let scored: u32 = field.scores().iter().sum();
            assert_eq!(field.balls_left() + scored, total, "game {game}, turn {}: balls lost", field.turn());
            assert!(
                field.positions().iter().all(|c: &Cell| c.x < config.width && c.y < config.height),
                "a player left the grid"
            );
        }
        game += 1;
    }
    println!(
        "soak parallel-football {played} turns over {game} games, no ball lost, {:.1}s",
        t.elapsed().as_secs_f64()
    );
}
