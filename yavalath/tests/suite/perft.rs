//! The published perft table (`doc/perft.md`), read from the document itself so the docs and the
//! test cannot diverge: every row by `Yavalath::perft`, and by the plain reference model or
//! `game_core::perft` as its last column says. The deep rows run only with `--ignored`.

use yavalath::Yavalath;
use yavalath::testing::reference;

const TABLE: &str = include_str!("../../doc/perft.md");

/// One row: the position, the depth, the count, the checker column.
struct Row {
    position: Yavalath,
    depth: u32,
    paths: u64,
    checker: String,
    ignored: bool,
}

fn rows() -> Vec<Row> {
    let rows: Vec<Row> = TABLE
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|line| {
            let cols: Vec<&str> = line.split('|').map(str::trim).collect();
            let notation = cols[1].split('`').nth(1).unwrap();
            let checker = cols[4].to_string();
            Row {
                position: notation.parse().unwrap_or_else(|e| panic!("{notation}: {e}")),
                depth: cols[2].parse().unwrap(),
                paths: cols[3].replace(',', "").parse().unwrap(),
                ignored: checker.ends_with("ignored"),
                checker,
            }
        })
        .collect();
    assert!(rows.len() >= 15, "the table has {} rows", rows.len());
    rows
}

fn check(row: &Row) {
    let what = format!("{} depth {}", row.position.notation(), row.depth);
    assert_eq!(row.position.perft(row.depth), row.paths, "Yavalath::perft, {what}");
    match row.checker.as_str() {
        "reference" => {
            assert_eq!(reference::perft(&row.position, row.depth), row.paths, "reference, {what}");
            assert_eq!(game_core::perft(&row.position, row.depth), row.paths, "game_core::perft, {what}");
        }
        "`game_core::perft`" => {
            assert_eq!(game_core::perft(&row.position, row.depth), row.paths, "game_core::perft, {what}");
        }
        "`Yavalath::perft`" | "`Yavalath::perft`, ignored" => {}
        other => panic!("unknown checker {other:?} for {what}"),
    }
}

#[test]
fn the_published_perft_table_holds() {
    for row in rows().iter().filter(|r| !r.ignored) {
        check(row);
    }
}

#[test]
#[ignore = "about 12 s in a release build, minutes in the test profile"]
fn the_deep_rows_of_the_published_perft_table_hold() {
    for row in rows().iter().filter(|r| r.ignored) {
        check(row);
    }
}

#[test]
fn the_bitboard_perft_equals_the_generic_one_at_every_shallow_depth() {
    for row in rows().iter().filter(|r| r.depth <= 3) {
        for depth in 0..=row.depth {
            assert_eq!(row.position.perft(depth), game_core::perft(&row.position, depth));
        }
    }
}
