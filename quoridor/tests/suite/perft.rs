//! Every row of the perft table in `doc/perft.md` (read from the file
//! itself, so the docs and this test cannot diverge), counted by the fast
//! generator and, where the row says so, by the plain reference model.

use game_core::perft;
use quoridor::testing::reference;
use quoridor::{Config, Quoridor};

struct Row {
    size: u8,
    players: u8,
    depth: u32,
    count: u64,
    reference: bool,
    ignored: bool,
}

fn table() -> Vec<Row> {
    let text = include_str!("../../doc/perft.md");
    let rows: Vec<Row> = text
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
            let [size, players, depth, count, how] = cells[..] else { return None };
            Some(Row {
                size: size.parse().ok()?,
                players: players.parse().ok()?,
                depth: depth.parse().ok()?,
                count: count.replace(',', "").parse().ok()?,
                reference: how == "reference",
                ignored: how.contains("ignored"),
            })
        })
        .collect();
    assert!(rows.len() >= 20, "the table in doc/perft.md was not found");
    rows
}

fn start(size: u8, players: u8) -> Quoridor {
    Quoridor::new(Config { tick_limit: None, ..Config::new(size, players).unwrap() }).unwrap()
}

#[test]
fn perft_table_rows_match_the_fast_generator() {
    for row in table().iter().filter(|r| !r.ignored) {
        let got = perft(&start(row.size, row.players), row.depth);
        assert_eq!(got, row.count, "{} x {}, {} players, depth {}", row.size, row.size, row.players, row.depth);
    }
}

#[test]
fn perft_table_reference_rows_match_the_reference_model() {
    for row in table().iter().filter(|r| r.reference) {
        let got = reference::perft(&start(row.size, row.players), row.depth);
        assert_eq!(got, row.count, "{} x {}, {} players, depth {}", row.size, row.size, row.players, row.depth);
    }
}

#[test]
fn perft_table_covers_two_and_four_players_on_5_7_and_9() {
    let rows = table();
    for size in [5, 7, 9] {
        for players in [2, 4] {
            assert!(rows.iter().any(|r| r.size == size && r.players == players && r.depth >= 3), "{size} x {players}");
        }
    }
}

#[test]
#[ignore = "slow: cargo test -p quoridor --release --test suite perft -- --ignored"]
fn perft_table_slow_rows_match_the_fast_generator() {
    for row in table().iter().filter(|r| r.ignored) {
        assert_eq!(perft(&start(row.size, row.players), row.depth), row.count, "{} x {}", row.size, row.players);
    }
}

#[test]
#[ignore = "slow: cargo test -p quoridor --release --test suite perft -- --ignored"]
fn perft_table_depth_three_rows_match_the_reference_model() {
    for row in table().iter().filter(|r| r.depth == 3 && !r.reference) {
        assert_eq!(
            reference::perft(&start(row.size, row.players), row.depth),
            row.count,
            "{} x {}",
            row.size,
            row.players
        );
    }
}
