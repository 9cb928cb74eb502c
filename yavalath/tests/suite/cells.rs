//! Cells and sets of cells (`Bitboard`): each set operation against the same on
//! a `BTreeSet` of cells.

use std::collections::BTreeSet;
use yavalath::{Bitboard, Cell};

/// Three sets that overlap in part: every third cell, every fifth, and the
/// first twenty.
fn sets() -> [Bitboard; 3] {
    let pick = |keep: fn(usize) -> bool| Cell::all().enumerate().filter(|&(i, _)| keep(i)).map(|(_, c)| c).collect();
    [pick(|i| i % 3 == 0), pick(|i| i % 5 == 0), pick(|i| i < 20)]
}

fn cells(set: Bitboard) -> BTreeSet<Cell> {
    set.iter().collect()
}

#[test]
fn remove_takes_out_that_cell_only() {
    for set in sets() {
        for cell in Cell::all() {
            let mut removed = set;
            removed.remove(cell);
            let mut expected = cells(set);
            expected.remove(&cell);
            assert_eq!(cells(removed), expected, "{set:?} without {cell}");
            assert_eq!(removed, set.without(cell));
        }
    }
}

#[test]
fn the_operators_are_intersection_union_symmetric_difference_and_complement() {
    let all: BTreeSet<Cell> = Cell::all().collect();
    for a in sets() {
        for b in sets() {
            let (ca, cb) = (cells(a), cells(b));
            assert_eq!(cells(a & b), &ca & &cb);
            assert_eq!(cells(a | b), &ca | &cb);
            assert_eq!(cells(a ^ b), &ca ^ &cb);
        }
        assert_eq!(cells(!a), &all - &cells(a));
    }
}

#[test]
fn the_iterator_knows_its_exact_length_at_every_step() {
    for set in sets() {
        let mut iter = set.into_iter();
        for left in (0..=set.len()).rev() {
            assert_eq!(iter.size_hint(), (left, Some(left)));
            assert_eq!(iter.len(), left);
            assert_eq!(iter.next().is_some(), left > 0);
        }
    }
}

#[test]
fn debug_lists_the_cells_in_reading_order() {
    let set: Bitboard = [(2, 0), (0, 0), (4, 8)].into_iter().map(|(x, y)| Cell::from_xy(x, y).unwrap()).collect();
    assert_eq!(format!("{set:?}"), r#"{"0 0", "2 0", "4 8"}"#);
    assert_eq!(format!("{:?}", Bitboard::EMPTY), "{}");
}

#[test]
fn cells_compare_in_reading_order_and_debug_as_their_notation() {
    let cells: Vec<Cell> = Cell::all().collect();
    for pair in cells.windows(2) {
        assert!(pair[0] < pair[1], "{} before {}", pair[0], pair[1]);
        assert_eq!(pair[1].partial_cmp(&pair[0]), Some(std::cmp::Ordering::Greater));
    }
    let c = Cell::from_xy(3, 7).unwrap();
    assert_eq!(format!("{c:?}"), "Cell(3 7)");
}
