//! `play_unchecked` trusts its caller (the move must be legal), but a move
//! it cannot make is ignored, never written past the board.

use crate::rules::position;
use game_core::{Game, PlayerId};
use quoridor::{Cell, Move, Wall};

#[test]
fn unchecked_moves_off_the_board_or_of_a_removed_pawn_change_nothing() {
    let g = position(9, &[Some((4, 0)), Some((8, 4)), None, Some((0, 4))], &[], 0);
    let ignored = [
        (PlayerId(0), Move::Pawn(Cell::new(9, 4))),
        (PlayerId(0), Move::Pawn(Cell::new(4, 9))),
        (PlayerId(2), Move::Pawn(Cell::new(4, 4))),
        (PlayerId(0), Move::Wall(Wall { x: 8, y: 0, vertical: true })),
        (PlayerId(0), Move::Wall(Wall { x: 0, y: 8, vertical: false })),
        (PlayerId(0), Move::Wall(Wall { x: 8, y: 8, vertical: true })),
        (PlayerId(0), Move::Wall(Wall { x: 10, y: 3, vertical: false })),
    ];
    for (player, mv) in ignored {
        let mut h = g;
        h.play_unchecked(player, mv);
        assert_eq!(h, g, "{player:?} {mv:?}");
    }
}
