//! What a position answers about its seats and walls: `pawn`,
//! `walls_left`, `is_removed`, `active_players`, `has_wall` and
//! `wall_count`, for seats and walls that exist and for ones that do not
//! (no panic, the answer of an absent thing).

use crate::rules::position;
use game_core::{Game, PlayerId, PlayerSet};
use quoridor::{Cell, Config, Quoridor, Setup, Wall};

#[test]
fn seats_past_the_players_have_no_pawn_no_walls_and_are_not_removed() {
    let two = Quoridor::default();
    let four = position(9, &[Some((4, 0)), None, Some((4, 8)), Some((0, 4))], &[], 0);
    for (s, players) in [(&two, 2u8), (&four, 4)] {
        for seat in players..=5 {
            let p = PlayerId(seat);
            assert_eq!(s.pawn(p), None, "seat {seat} of {players}");
            assert_eq!(s.walls_left(p), 0, "seat {seat} of {players}");
            assert!(!s.is_removed(p), "seat {seat} of {players}");
        }
    }
    assert_eq!(two.pawn(PlayerId(1)), Some(Cell::new(4, 8)));
    assert_eq!(two.walls_left(PlayerId(1)), 10);
    assert!(four.is_removed(PlayerId(1)));
    assert_eq!(four.pawn(PlayerId(1)), None);
}

#[test]
fn the_active_players_are_the_seats_not_removed() {
    let four = position(9, &[Some((4, 0)), None, Some((4, 8)), Some((0, 4))], &[], 0);
    assert_eq!(four.active_players(), [0, 2, 3].map(PlayerId).into_iter().collect::<PlayerSet>());
    let two = Quoridor::default();
    assert_eq!(two.active_players(), [0, 1].map(PlayerId).into_iter().collect::<PlayerSet>());
}

#[test]
fn has_wall_is_true_exactly_for_the_walls_standing_and_false_off_the_board() {
    // The last anchors of each row and column, both orientations.
    let walls = [
        Wall::horizontal(7, 7),
        Wall::vertical(7, 0),
        Wall::vertical(0, 5),
        Wall::horizontal(5, 0),
        Wall::horizontal(0, 1),
    ];
    let s = position(9, &[Some((4, 0)), Some((4, 8))], &walls, 0);
    for w in walls {
        assert!(s.has_wall(w), "{w:?}");
        assert!(!s.has_wall(Wall { vertical: !w.vertical, ..w }), "{w:?} turned");
    }
    assert_eq!(s.wall_count(), 5);
    assert_eq!(s.wall_count() as usize, s.walls().count());
    // Off the board: one past the last anchor, past the row's end (where
    // the bit would be the next row's, (9, 0) that of the wall at (0, 1)),
    // and far past it (whose bit would be past the board's 128).
    for (x, y) in [(8, 0), (0, 8), (8, 8), (9, 0), (10, 0), (11, 0), (13, 13), (200, 3), (255, 255)] {
        for vertical in [false, true] {
            assert!(!s.has_wall(Wall { x, y, vertical }), "({x}, {y}) vertical {vertical}");
        }
    }
    let big = Quoridor::from_setup(Setup {
        config: Config { walls: 20, ..Config::new(11, 2).unwrap() },
        pawns: vec![Some(Cell::new(5, 0)), Some(Cell::new(5, 10))],
        walls_left: vec![9, 8],
        walls: vec![Wall::horizontal(9, 9), Wall::vertical(0, 0), Wall::vertical(9, 2)],
        tick: 3,
        to_move: PlayerId(1),
    })
    .unwrap();
    assert!(big.has_wall(Wall::horizontal(9, 9)));
    assert_eq!(big.wall_count(), 3);
    for (x, y) in [(10, 0), (12, 12), (13, 13), (11, 11), (0, 12), (0, 13), (12, 9)] {
        assert!(!big.has_wall(Wall { x, y, vertical: false }), "({x}, {y})");
    }
}
