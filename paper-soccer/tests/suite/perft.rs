//! Perft at step level and at whole-turn level: every row of the published
//! table (`doc/perft.md`, read here so docs and tests cannot diverge),
//! checked against the plain reference model where it says so; and the
//! fast counters against the reference on more mid-game positions.

use crate::common;

use common::*;
use game_core::perft;
use paper_soccer::testing::reference;
use paper_soccer::{Board, Dir, PaperSoccer, Pitch, slots};

/// One row of the table.
#[derive(Debug)]
struct Row {
    pitch: (u8, u8),
    position: String,
    turns: bool,
    depth: u32,
    perft: u64,
    by: String,
}

fn table() -> Vec<Row> {
    let text = include_str!("../../doc/perft.md");
    let rows: Vec<Row> = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| pitch"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let (w, h) = cells[0].split_once('x').expect("pitch WxH");
            Row {
                pitch: (w.parse().expect("width"), h.parse().expect("height")),
                position: cells[1].to_string(),
                turns: match cells[2] {
                    "steps" => false,
                    "turns" => true,
                    other => panic!("level {other}"),
                },
                depth: cells[3].parse().expect("depth"),
                perft: cells[4].parse().expect("perft"),
                by: cells[5].to_string(),
            }
        })
        .collect();
    assert!(rows.len() >= 30, "the table was read ({} rows)", rows.len());
    rows
}

fn count_on<const N: usize>(row: &Row) -> u64 {
    let (w, h) = row.pitch;
    let mut b = Board::<N>::new(Pitch::new(w, h).expect("pitch")).expect("board");
    if row.position != "start" {
        for c in row.position.chars() {
            let d = Dir::from_digit(c).expect("a step digit");
            b.check_step(d).expect("a legal step");
            b.step(d);
        }
    }
    match (row.turns, row.by == "reference") {
        (false, true) => reference::perft(&b, row.depth),
        (false, false) => perft(&b, row.depth),
        (true, true) => reference::turn_perft(&b, row.depth),
        (true, false) => b.turn_perft(row.depth),
    }
}

fn count(row: &Row) -> u64 {
    match row.pitch {
        (8, 10) => count_on::<{ slots(8, 10) }>(row),
        (6, 8) => count_on::<{ slots(6, 8) }>(row),
        (4, 4) => count_on::<{ slots(4, 4) }>(row),
        other => panic!("no board type for pitch {other:?} in this test"),
    }
}

fn check_rows(ignored: bool) {
    for row in table().iter().filter(|r| r.by.ends_with("ignored") == ignored) {
        assert!(["reference", "fast", "fast, ignored"].contains(&row.by.as_str()), "{row:?}");
        assert_eq!(count(row), row.perft, "{row:?}");
    }
}

#[test]
fn the_published_perft_table_holds() {
    check_rows(false);
}

#[test]
#[ignore = "deep rows: tens of seconds in the test profile"]
fn the_published_perft_table_holds_deep_rows() {
    check_rows(true);
}

/// Mid-game positions: seeded random step walks (some end mid-turn, near
/// borders, where bounces make many step orders).
fn fixtures() -> Vec<String> {
    let start = PaperSoccer::default();
    let mut v = vec![String::new()];
    // (Seeds 4 and 6 with 60 and 80 steps give positions with millions of
    // distinct turns: the benches use those.)
    for (seed, len) in [(1, 12), (2, 25), (3, 40), (5, 30)] {
        v.push(random_steps(&start, seed, len));
    }
    v
}

#[test]
fn step_perft_matches_the_naive_model_from_start_and_mid_game() {
    let start = PaperSoccer::default();
    for steps in fixtures() {
        let b = board_after(&start, &steps);
        let n = naive_after(8, 10, &steps);
        agrees(&b, &n).unwrap();
        let depth = if steps.is_empty() { 4 } else { 3 };
        for d in 0..=depth {
            assert_eq!(perft(&b, d), naive_perft(&n, d), "steps {steps:?} depth {d}");
        }
    }
}

#[test]
fn turn_perft_matches_the_naive_model_from_start_and_mid_game() {
    let start = PaperSoccer::default();
    for steps in fixtures() {
        let b = board_after(&start, &steps);
        let n = naive_after(8, 10, &steps);
        let depth = if steps.is_empty() { 3 } else { 2 };
        for d in 0..=depth {
            assert_eq!(b.turn_perft(d), naive_turn_perft(&n, d), "steps {steps:?} depth {d}");
        }
    }
}

#[test]
fn turn_perft_from_start_counts_single_steps_first() {
    // From the start every step reaches a fresh point: 8 one-step turns.
    let start = PaperSoccer::default();
    assert_eq!(start.turn_perft(1), 8);
    assert_eq!(start.turn_perft(1), perft(&start, 1));
}

#[test]
fn other_pitch_sizes_match_the_naive_model() {
    let b = Board::<{ slots(4, 4) }>::new(Pitch::new(4, 4).unwrap()).unwrap();
    let n = Naive::new(4, 4);
    agrees(&b, &n).unwrap();
    for d in 0..=5 {
        assert_eq!(perft(&b, d), naive_perft(&n, d), "4x4 step depth {d}");
    }
    for d in 0..=3 {
        assert_eq!(b.turn_perft(d), naive_turn_perft(&n, d), "4x4 turn depth {d}");
    }
    let b = Board::<{ slots(6, 8) }>::new(Pitch::new(6, 8).unwrap()).unwrap();
    let n = Naive::new(6, 8);
    for d in 0..=3 {
        assert_eq!(perft(&b, d), naive_perft(&n, d), "6x8 step depth {d}");
    }
}
