//! The 12 symmetries of the board: group laws, lines to lines, legal moves and outcomes preserved,
//! canonical forms.

use crate::common;
use common::*;
use game_core::testing::arb_state;
use game_core::{Game, PlayerId, Zobrist};
use proptest::prelude::*;
use std::collections::HashSet;
use yavalath::{Bitboard, Cell, Symmetry, Yavalath};

#[test]
fn there_are_12_distinct_symmetries_forming_a_group() {
    let all: Vec<Symmetry> = Symmetry::all().collect();
    assert_eq!(all.len(), 12);
    assert_eq!(all[0], Symmetry::IDENTITY);
    let maps: HashSet<Vec<Cell>> = all.iter().map(|s| Cell::all().map(|c| s.apply(c)).collect()).collect();
    assert_eq!(maps.len(), 12, "distinct maps");
    for &a in &all {
        assert_eq!(a.index(), all.iter().position(|&s| s == a).unwrap());
        for c in Cell::all() {
            assert_eq!(Symmetry::IDENTITY.apply(c), c);
            assert_eq!(a.inverse().apply(a.apply(c)), c);
            assert_eq!(a.apply(a.inverse().apply(c)), c);
        }
        // Each symmetry is a bijection of the board.
        let image: HashSet<Cell> = Cell::all().map(|c| a.apply(c)).collect();
        assert_eq!(image.len(), 61);
        for &b in &all {
            let ab = a.compose(b);
            assert!(all.contains(&ab));
            for c in Cell::all() {
                assert_eq!(ab.apply(c), a.apply(b.apply(c)), "{a:?} after {b:?}");
            }
            for &c3 in &all {
                assert_eq!(a.compose(b).compose(c3), a.compose(b.compose(c3)));
            }
        }
    }
    // Rotations: six steps make the identity; reflections are involutions.
    let r = Symmetry::rotation(1);
    let mut s = Symmetry::IDENTITY;
    for k in 0..6 {
        assert_eq!(s == Symmetry::IDENTITY, k == 0);
        s = r.compose(s);
    }
    assert_eq!(s, Symmetry::IDENTITY);
    assert_eq!(Symmetry::REFLECTION.compose(Symmetry::REFLECTION), Symmetry::IDENTITY);
    assert!(Symmetry::REFLECTION.is_reflection());
}

#[test]
fn symmetries_map_neighbours_to_neighbours_and_keep_the_centre() {
    for s in Symmetry::all() {
        assert_eq!(s.apply(Cell::CENTER), Cell::CENTER);
        for c in Cell::all() {
            assert_eq!(s.apply_bitboard(c.neighbors()), s.apply(c).neighbors());
        }
    }
    // Rotations turn a row into the other two line directions.
    let row: Bitboard = cells(&[(0, 4), (1, 4), (2, 4)]).into_iter().collect();
    let images: HashSet<Vec<Cell>> = Symmetry::all()
        .map(|s| {
            let mut v: Vec<Cell> = s.apply_bitboard(row).iter().collect();
            v.sort();
            v
        })
        .collect();
    assert_eq!(images.len(), 6);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn symmetry_laws_hold_on_reachable_positions(g in arb_state(Yavalath::new(), 62)) {
        let (canon, _) = g.canonical();
        for s in Symmetry::all() {
            let h = s.apply_position(&g);
            // Legal moves of the mapped board are the mapped legal moves.
            prop_assert_eq!(h.legal(), s.apply_bitboard(g.legal()));
            // Results, turn, queries and validity are invariant.
            prop_assert_eq!(h.end(), g.end());
            prop_assert_eq!(h.to_act(), g.to_act());
            prop_assert_eq!(h.plies(), g.plies());
            prop_assert_eq!(h.stolen(), g.stolen());
            for p in [PlayerId(0), PlayerId(1)] {
                prop_assert_eq!(h.winning_cells(p), s.apply_bitboard(g.winning_cells(p)));
                prop_assert_eq!(h.losing_cells(p), s.apply_bitboard(g.losing_cells(p)));
            }
            prop_assert_eq!(h.zobrist(), h.zobrist_from_scratch());
            prop_assert_eq!(Yavalath::from_setup(h.to_setup()).unwrap(), h);
            prop_assert_eq!(s.inverse().apply_position(&h), g);
            // Same canonical form for every image.
            prop_assert_eq!(h.canonical().0, canon);
            // Playing a mapped move gives the mapped child.
            if let Some(p) = g.to_move() {
                for m in g.legal().iter().take(5) {
                    let child = g.clone_and_play(p, m).unwrap();
                    let mapped = h.clone_and_play(p, s.apply(m)).unwrap();
                    prop_assert_eq!(mapped, s.apply_position(&child));
                }
            }
        }
        let (c, s) = g.canonical();
        prop_assert_eq!(s.apply_position(&g), c);
    }
}

#[test]
fn every_symmetry_is_total_no_image_falls_off_the_board() {
    // The maps in cube coordinates, written out: reflect (swap r and s), then rotate by 60° steps
    // ((q, r, s) -> (-r, -s, -q)). Every image is a cell of the board, and the one `apply` gives.
    for s in Symmetry::all() {
        for c in Cell::all() {
            let (q, r, t) = c.cube();
            let (mut q, mut r, mut t) = if s.is_reflection() { (q, t, r) } else { (q, r, t) };
            for _ in 0..s.index() % 6 {
                (q, r, t) = (-r, -t, -q);
            }
            let image = Cell::from_cube(q, r, t);
            assert_eq!(image, Some(s.apply(c)), "{s:?} of {c}");
        }
        assert_eq!(s.apply_bitboard(Bitboard::FULL), Bitboard::FULL);
    }
}
