//! One test per sentence of the rules (`yavalath::rules`, its text in [doc/rules.md](../../doc/rules.md))
//! and of the contest statement's examples.

use crate::common;
use common::*;
use game_core::{Game, GameError, MoveNotation, PlayerId, SeatError, ToAct, Zobrist};
use yavalath::{Bitboard, Cell, End, MoveError, Setup, SetupError, Yavalath};

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);

// ## Board and coordinates

#[test]
fn board_has_61_cells_in_9_rows_of_5_6_7_8_9_8_7_6_5() {
    assert_eq!(Cell::all().count(), 61);
    let mut per_row = [0; 9];
    for c in Cell::all() {
        per_row[c.y() as usize] += 1;
    }
    assert_eq!(per_row, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
    assert_eq!(Yavalath::new().empty().len(), 61);
}

#[test]
fn cell_is_written_x_y_with_y_the_row_and_x_the_index_in_the_row() {
    // Reading order walks rows top to bottom, and x from the left end of each row.
    let order: Vec<(u8, u8)> = Cell::all().map(|c| (c.x(), c.y())).collect();
    let expected: Vec<(u8, u8)> = all_xy().map(|(x, y)| (x as u8, y as u8)).collect();
    assert_eq!(order, expected);
    assert_eq!(cell(2, 6).to_string(), "2 6");
    for (i, c) in Cell::all().enumerate() {
        assert_eq!(c.index(), i);
        assert_eq!(Cell::from_index(i), Some(c));
    }
    assert_eq!(Cell::from_index(61), None);
}

#[test]
fn x_y_is_on_the_board_iff_y_in_0_8_and_x_in_0_to_8_minus_abs_y_minus_4() {
    for y in -3..13i64 {
        for x in -3..13i64 {
            let on = (0..=8).contains(&y) && x >= 0 && x <= 8 - (y - 4).abs();
            match Cell::from_xy(x, y) {
                Ok(c) => {
                    assert!(on, "{x} {y}");
                    assert_eq!((i64::from(c.x()), i64::from(c.y())), (x, y));
                }
                Err(e) => {
                    assert!(!on, "{x} {y}");
                    assert_eq!(e, MoveError::OffBoard { x, y });
                    assert_eq!(e.kind(), "off-board");
                }
            }
        }
    }
    assert!(Cell::from_xy(i64::MIN, i64::MAX).is_err());
}

#[test]
fn internal_model_a_y_has_the_board_as_abs_a_minus_y_at_most_4_and_three_line_axes() {
    for c in Cell::all() {
        let (x, y) = (i32::from(c.x()), i32::from(c.y()));
        let (a, _) = to_ay(x, y);
        assert!((a - y).abs() <= 4 && (0..9).contains(&a));
        // Axial/cube coordinates: q = a - y, r = y - 4, s = -q - r, all within 4.
        let (q, r, s) = c.cube();
        assert_eq!((q, r), (a - y, y - 4));
        assert_eq!(q + r + s, 0);
        assert_eq!(c.axial(), (q, r));
        assert_eq!(Cell::from_axial(q, r), Some(c));
        assert_eq!(Cell::from_cube(q, r, s), Some(c));
        // The neighbours are the steps along (1,0), (1,1), (0,1) and back.
        let mut expected = Bitboard::EMPTY;
        for (da, dy) in [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)] {
            if let Some((nx, ny)) = from_ay(a + da, y + dy) {
                expected.insert(cell(nx.into(), ny.into()));
            }
        }
        assert_eq!(c.neighbors(), expected, "{c}");
    }
    assert_eq!(Cell::from_cube(1, 1, 1), None);
    assert_eq!(Cell::from_axial(5, 0), None);
    assert_eq!(Cell::from_axial(i32::MIN, i32::MIN), None);
    assert_eq!(Cell::from_axial(i32::MAX, i32::MIN), None);
    assert_eq!(Cell::from_cube(i32::MAX, i32::MAX, 2), None);
    assert_eq!(Cell::CENTER, cell(4, 4));
}

#[test]
fn the_board_is_the_axial_coordinates_within_4_of_the_centre() {
    for q in -10..=10_i32 {
        for r in -10..=10_i32 {
            let on_board = q.abs().max(r.abs()).max((q + r).abs()) <= 4;
            let cell = Cell::from_axial(q, r);
            assert_eq!(cell.is_some(), on_board, "({q}, {r})");
            assert_eq!(cell.map(Cell::axial), on_board.then_some((q, r)));
            assert_eq!(Cell::from_cube(q, r, -q - r), cell);
        }
    }
}

/// Places `line` for the first player ends first (so no 3 appears before the last stone) and
/// checks that the last stone wins with a run of `line.len()`.
fn assert_is_one_line(line: &[(i64, i64)]) {
    let line = cells(line);
    let n = line.len();
    // Order: all but one middle stone, no three in a row (ends first), then the middle one.
    let mut order: Vec<Cell> = Vec::new();
    let mid = n / 2;
    for (i, &c) in line.iter().enumerate() {
        if i != mid {
            order.push(c);
        }
    }
    order.push(line[mid]);
    // With 5 stones, 0,1,3,4 then 2; with 4 stones: 0,1,3 then 2.
    let g = play_for(0, &order);
    assert_eq!(g.end(), Some(End::Four { winner: P0 }), "{line:?}\n{g}");
    // And the same cells for the second player.
    let g = play_for(1, &order);
    assert_eq!(g.end(), Some(End::Four { winner: P1 }), "{line:?}\n{g}");
}

#[test]
fn line_example_3_2_4_3_5_4_5_5() {
    assert_is_one_line(&[(3, 2), (4, 3), (5, 4), (5, 5)]);
}

#[test]
fn line_example_4_3_4_4_3_5_2_6() {
    assert_is_one_line(&[(4, 3), (4, 4), (3, 5), (2, 6)]);
}

#[test]
fn line_example_3_3_to_7_3() {
    assert_is_one_line(&[(3, 3), (4, 3), (5, 3), (6, 3), (7, 3)]);
}

#[test]
fn line_example_0_0_1_1_2_2_3_3() {
    assert_is_one_line(&[(0, 0), (1, 1), (2, 2), (3, 3)]);
}

#[test]
fn line_example_4_0_4_1_4_2_4_3() {
    assert_is_one_line(&[(4, 0), (4, 1), (4, 2), (4, 3)]);
}

#[test]
fn bent_rows_are_not_lines() {
    // (3,3),(4,4),(4,5) is a line (statement), but (3,3),(4,4),(3,5) is not: no end.
    let g = play_for(0, &cells(&[(3, 3), (3, 5), (4, 4)]));
    assert_eq!(g.end(), None, "{g}");
    let g = play_for(0, &cells(&[(3, 3), (4, 5), (4, 4)]));
    assert_eq!(g.end(), Some(End::Three { loser: P0 }));
}

// ## Play

#[test]
fn player_1_moves_first_and_players_alternate() {
    let mut g = Yavalath::new();
    assert_eq!(g.to_act(), ToAct::Player(P0));
    let before = g;
    assert_eq!(g.play(P1, cell(0, 0)), Err(MoveError::Seat(SeatError::NotYourTurn { player: P1, to_move: P0 })));
    assert_eq!(g, before);
    g.play(P0, cell(0, 0)).unwrap();
    assert_eq!(g.to_act(), ToAct::Player(P1));
    g.play(P1, cell(8, 4)).unwrap();
    assert_eq!(g.to_act(), ToAct::Player(P0));
    assert_eq!(g.stone_at(cell(0, 0)), Some(P0));
    assert_eq!(g.stone_at(cell(8, 4)), Some(P1));
    assert_eq!(g.occupied().len(), 2);
}

#[test]
fn steal_on_player_2s_first_turn_changes_the_stone_colour_and_player_1_moves_next() {
    let mut g = Yavalath::new();
    let c = cell(4, 4);
    g.play(P0, c).unwrap();
    assert!(g.can_steal());
    assert_eq!(g.steal_cell(), Some(c));
    assert!(g.legal().contains(c));
    assert_eq!(g.legal().len(), 61);
    g.play(P1, c).unwrap();
    assert_eq!(g.stone_at(c), Some(P1));
    assert_eq!(g.occupied().len(), 1, "the board still holds one stone");
    assert_eq!(g.to_act(), ToAct::Player(P0));
    assert!(g.stolen());
    assert_eq!(g.plies(), 2);
    assert_eq!(g.zobrist(), g.zobrist_from_scratch());
}

#[test]
fn steal_then_play_continues_normally() {
    // The stolen stone counts for the second player's lines afterwards.
    let moves = cells(&[(4, 4), (4, 4), (0, 0), (2, 2), (0, 8), (4, 5), (2, 0)]);
    let g = Yavalath::replay(&moves).unwrap();
    assert_eq!(g.end(), None);
    let mut g2 = g;
    // 2 2, 4 4 (stolen) and 4 5 are the second player's: 3 3 completes the line 2 2 .. 4 5.
    assert!(g2.winning_cells(P1).contains(cell(3, 3)));
    g2.play(P1, cell(3, 3)).unwrap();
    assert_eq!(g2.end(), Some(End::Four { winner: P1 }));
}

#[test]
fn second_player_may_decline_the_steal() {
    let g = Yavalath::replay(&cells(&[(4, 4), (0, 0)])).unwrap();
    assert!(!g.stolen());
    assert_eq!(g.stone_at(cell(4, 4)), Some(P0));
    assert_eq!(g.to_move(), Some(P0));
}

#[test]
fn steal_is_not_allowed_later() {
    // Player 2's second turn: the first player's stones are not stealable.
    let mut g = Yavalath::replay(&cells(&[(4, 4), (0, 0), (8, 4)])).unwrap();
    assert!(!g.can_steal());
    let before = g;
    for c in [cell(4, 4), cell(8, 4), cell(0, 0)] {
        assert_eq!(g.play(P1, c), Err(MoveError::Occupied { cell: c }));
        assert_eq!(g, before);
    }
    // Nor after a steal.
    let mut g = Yavalath::replay(&cells(&[(4, 4), (4, 4), (0, 0)])).unwrap();
    let before = g;
    assert_eq!(g.play(P1, cell(0, 0)), Err(MoveError::Occupied { cell: cell(0, 0) }));
    assert_eq!(g, before);
}

#[test]
fn steal_is_not_allowed_for_the_first_player() {
    // After the second player's first move, the first player may not take it.
    let mut g = Yavalath::replay(&cells(&[(4, 4), (0, 0)])).unwrap();
    let before = g;
    assert_eq!(g.play(P0, cell(0, 0)), Err(MoveError::Occupied { cell: cell(0, 0) }));
    assert_eq!(g.play(P0, cell(4, 4)).unwrap_err().kind(), "cell-occupied");
    assert_eq!(g, before);
    // Nor take back the stolen stone.
    let mut g = Yavalath::replay(&cells(&[(4, 4), (4, 4)])).unwrap();
    let before = g;
    assert_eq!(g.play(P0, cell(4, 4)), Err(MoveError::Occupied { cell: cell(4, 4) }));
    assert_eq!(g, before);
    assert!(!g.legal().contains(cell(4, 4)));
}

// ## Outcome of a placement

#[test]
fn only_lines_in_the_movers_colour_count() {
    // x x o on a row: no three for anybody.
    let mut g = Yavalath::replay(&cells(&[(0, 4), (4, 0), (1, 4)])).unwrap();
    g.play(P1, cell(2, 4)).unwrap();
    assert_eq!(g.end(), None);
    // The runs are contiguous: x x . x is no line of 4 or 3.
    let g = play_for(0, &cells(&[(0, 4), (1, 4), (3, 4)]));
    assert_eq!(g.end(), None);
}

#[test]
fn four_in_a_row_wins_for_the_mover() {
    let g = play_for(0, &cells(&[(0, 4), (1, 4), (3, 4), (2, 4)]));
    assert_eq!(g.end(), Some(End::Four { winner: P0 }));
    assert_eq!(g.outcome().unwrap().winner(), Some(P0));
    assert_eq!(g.end_reason(), Some("four-in-a-row"));
    assert_eq!(g.to_act(), ToAct::Over);
}

#[test]
fn five_or_more_in_a_row_wins() {
    let g = play_for(1, &cells(&[(0, 4), (1, 4), (3, 4), (4, 4), (2, 4)]));
    assert_eq!(g.end(), Some(End::Four { winner: P1 }));
    // Five along the other axes too (x x . x x, then the gap).
    let g = play_for(0, &cells(&[(4, 0), (4, 1), (4, 3), (4, 4), (4, 2)]));
    assert_eq!(g.end(), Some(End::Four { winner: P0 }));
    let g = play_for(0, &cells(&[(0, 0), (1, 1), (3, 3), (4, 4), (2, 2)]));
    assert_eq!(g.end(), Some(End::Four { winner: P0 }));
}

#[test]
fn exactly_three_in_a_row_loses_for_the_mover() {
    let g = play_for(0, &cells(&[(0, 4), (2, 4), (1, 4)]));
    assert_eq!(g.end(), Some(End::Three { loser: P0 }));
    assert_eq!(g.outcome().unwrap().winner(), Some(P1));
    assert_eq!(g.end_reason(), Some("three-in-a-row"));
    let g = play_for(1, &cells(&[(0, 4), (1, 4), (2, 4)]));
    assert_eq!(g.end(), Some(End::Three { loser: P1 }));
    assert_eq!(g.outcome().unwrap().winner(), Some(P0));
}

#[test]
fn losing_examples_of_the_statement_make_three() {
    // (2,3) after (3,3),(4,3); (2,2) after (3,3),(4,4); (4,2) after (4,3),(4,4);
    // (4,5) after (3,3),(4,4); (3,4) after (3,3),(2,5).
    for line in [
        [(3, 3), (4, 3), (2, 3)],
        [(3, 3), (4, 4), (2, 2)],
        [(4, 3), (4, 4), (4, 2)],
        [(3, 3), (4, 4), (4, 5)],
        [(3, 3), (2, 5), (3, 4)],
    ] {
        let g = play_for(0, &cells(&line));
        assert_eq!(g.end(), Some(End::Three { loser: P0 }), "{line:?}");
    }
}

#[test]
fn a_four_and_a_three_made_by_the_same_stone_win() {
    // The statement's example: (2,3) makes (1,3)..(4,3) and (2,3),(2,4),(1,5).
    let g = play_for(0, &cells(&[(4, 3), (3, 3), (1, 3), (2, 4), (1, 5), (2, 3)]));
    assert_eq!(g.end(), Some(End::Four { winner: P0 }), "{g}");
}

#[test]
fn a_three_and_a_three_made_by_the_same_stone_lose() {
    // (4,4) joins (2,4),(3,4) on the row and (4,2),(4,3) on a column: two threes, no four.
    let g = play_for(1, &cells(&[(2, 4), (4, 2), (3, 4), (4, 3), (4, 4)]));
    assert_eq!(g.end(), Some(End::Three { loser: P1 }), "{g}");
}

#[test]
fn otherwise_play_goes_on() {
    let g = play_for(0, &cells(&[(0, 4), (1, 4), (4, 4), (5, 4)]));
    assert_eq!(g.end(), None);
    assert!(g.outcome().is_none() && g.end_reason().is_none());
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let xs: Vec<Cell> = stones_of(&DRAW_ROWS, 'x');
    let os: Vec<Cell> = stones_of(&DRAW_ROWS, 'o');
    assert_eq!((xs.len(), os.len()), (31, 30));
    let mut moves = Vec::new();
    for i in 0..31 {
        moves.push(xs[i]);
        if i < 30 {
            moves.push(os[i]);
        }
    }
    let g = Yavalath::replay(&moves).unwrap();
    assert_eq!(g.end(), Some(End::Full), "{g}");
    assert!(g.outcome().unwrap().is_draw());
    assert_eq!(g.end_reason(), Some("board-full"));
    assert_eq!(g.plies(), 61);
    // Asked before the last stone, and of the same board built from its stones.
    let before = Yavalath::replay(&moves[..60]).unwrap();
    assert_eq!(before.placement_end(P0, xs[30]), Some(End::Full));
    let (first, second): (Bitboard, Bitboard) = (xs.iter().copied().collect(), os.iter().copied().collect());
    assert_eq!(Yavalath::from_stones(first, second, P1).unwrap().end(), Some(End::Full));
}

#[test]
fn a_full_board_after_a_steal_takes_62_moves() {
    // Swap the colours: 30 x, 31 o; the first o is placed by the first player and stolen.
    let xs: Vec<Cell> = stones_of(&DRAW_ROWS, 'o');
    let os: Vec<Cell> = stones_of(&DRAW_ROWS, 'x');
    let mut moves = vec![os[0], os[0]];
    for i in 0..30 {
        moves.push(xs[i]);
        moves.push(os[i + 1]);
    }
    let g = Yavalath::replay(&moves).unwrap();
    assert_eq!(g.end(), Some(End::Full));
    assert_eq!(g.plies(), 62);
    assert_eq!(u64::from(g.plies()), g.max_plies().unwrap());
}

fn stones_of(rows: &[&str; 9], ch: char) -> Vec<Cell> {
    let mut v = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            if c == ch {
                v.push(cell(x as i64, y as i64));
            }
        }
    }
    v
}

#[test]
fn a_steal_changes_no_line_length_that_matters() {
    let mut g = Yavalath::new();
    g.play(P0, cell(0, 0)).unwrap();
    g.play(P1, cell(0, 0)).unwrap();
    assert_eq!(g.end(), None);
}

// ## Illegal play

#[test]
fn playing_off_the_board_is_a_typed_error() {
    let g = Yavalath::new();
    for (x, y) in [(5, 0), (-1, 0), (0, 9), (9, 4), (8, 3), (-1, -1)] {
        assert_eq!(Cell::from_xy(x, y), Err(MoveError::OffBoard { x, y }));
        let e = g.parse_move(&format!("{x} {y}")).unwrap_err();
        assert_eq!(e.kind(), "off-board");
    }
    // Off-board cells cannot be built, so no state sees them; JSON too is checked.
    assert!(serde_json::from_str::<Cell>("[5,0]").is_err());
    assert_eq!(serde_json::from_str::<Cell>("[4,0]").unwrap(), cell(4, 0));
}

#[test]
fn playing_an_occupied_cell_is_a_typed_error_and_leaves_the_state_unchanged() {
    let mut g = Yavalath::replay(&cells(&[(4, 4), (0, 0), (8, 4)])).unwrap();
    let before = g;
    let e = g.play(P1, cell(0, 0)).unwrap_err();
    assert_eq!(e, MoveError::Occupied { cell: cell(0, 0) });
    assert_eq!(e.kind(), "cell-occupied");
    assert_eq!(g, before);
    assert_eq!(g.check_move(P1, cell(8, 4)), Err(MoveError::Occupied { cell: cell(8, 4) }));
}

#[test]
fn no_move_is_legal_once_the_game_is_over() {
    let mut g = play_for(0, &cells(&[(0, 4), (2, 4), (1, 4)]));
    let before = g;
    assert!(g.legal().is_empty());
    for c in Cell::all() {
        for p in [P0, P1] {
            assert_eq!(g.play(p, c), Err(MoveError::Seat(SeatError::GameOver)));
        }
    }
    assert_eq!(g, before);
    let mut v = vec![cell(0, 0)];
    g.legal_moves(P1, &mut v);
    assert!(v.is_empty());
}

// ## Queries, notation, setups

#[test]
fn winning_and_losing_cells_match_trying_every_cell() {
    let mut rng = game_core::rng::seeded(7);
    let mut buf = Vec::new();
    for _ in 0..200 {
        let mut g = Yavalath::new();
        let n = game_core::rng::below(&mut rng, 30);
        for _ in 0..n {
            if g.is_over() {
                break;
            }
            let p = g.to_move().unwrap();
            g.legal_moves(p, &mut buf);
            let m = buf[game_core::rng::below(&mut rng, buf.len())];
            g.play(p, m).unwrap();
        }
        for p in [P0, P1] {
            let (mut win, mut lose) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for c in g.empty() {
                match g.placement_end(p, c) {
                    Some(End::Four { .. }) => win.insert(c),
                    Some(End::Three { .. }) => lose.insert(c),
                    _ => {}
                }
            }
            assert_eq!(g.winning_cells(p), win, "{g}");
            assert_eq!(g.losing_cells(p), lose, "{g}");
        }
    }
}

#[test]
fn display_draws_the_hexagon() {
    let g = Yavalath::replay(&cells(&[(0, 0), (8, 4), (4, 8)])).unwrap();
    let text = g.to_string();
    let expected = "    x . . . .\n   . . . . . .\n  . . . . . . .\n . . . . . . . .\n. . . . . . . . o\n . . . . . . . .\n  . . . . . . .\n   . . . . . .\n    . . . . x\n";
    assert_eq!(text, expected);
}

#[test]
fn notation_round_trips_and_is_compact() {
    assert_eq!(Yavalath::new().notation(), "5/6/7/8/9/8/7/6/5 x");
    let g = Yavalath::replay(&cells(&[(4, 4), (4, 4), (0, 0)])).unwrap();
    assert_eq!(g.notation(), "x4/6/7/8/4o4/8/7/6/5 o");
    assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g);
    let mut rng = game_core::rng::seeded(3);
    for _ in 0..100 {
        let mut g = Yavalath::new();
        g.random_playout(&mut rng);
        assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g, "{}", g.notation());
        assert_eq!(Yavalath::from_setup(g.to_setup()).unwrap(), g);
    }
}

#[test]
fn bad_notations_and_setups_are_typed_errors() {
    let bad = |s: &str| s.parse::<Yavalath>().unwrap_err();
    assert!(matches!(bad("5/6/7/8/9/8/7/6 x"), SetupError::RowCount(8)));
    assert!(matches!(bad("6/6/7/8/9/8/7/6/5 x"), SetupError::RowLength { row: 0, .. }));
    assert!(matches!(bad("5/6/7/8/9/8/7/6/5 z"), SetupError::BadPlayer(_)));
    assert!(matches!(bad("5/6/7/8/9/8/7/6/5"), SetupError::BadPlayer(_)));
    assert!(matches!(bad("5/6/7/8/9/8/7/6/4q x"), SetupError::BadChar('q')));
    // The second player cannot be to move on an empty board.
    assert!(matches!(bad("5/6/7/8/9/8/7/6/5 o"), SetupError::StoneCounts { .. }));
    assert!(matches!(bad("xx3/6/7/8/9/8/7/6/5 x"), SetupError::StoneCounts { .. }));
    // Both players with a three: unreachable.
    assert!(matches!(bad("xxx2/ooo3/7/8/9/8/7/6/5 x"), SetupError::Unreachable(_)));
    // Two separate threes of the last mover: no single stone made both.
    assert!(matches!(bad("xxx2/6/7/8/9/8/7/6/2xxx o/"), SetupError::BadPlayer(_)));
    assert!(matches!(bad("xxx2/6/oo5/8/9/8/o1o4/o5/2xxx o"), SetupError::Unreachable(_)));
    // A three of the last mover is the end of the game.
    let g: Yavalath = "xxx2/6/oo5/8/9/8/7/6/5 o".parse().unwrap();
    assert_eq!(g.end(), Some(End::Three { loser: P0 }));
    // Steal derived from the counts: one o stone, first player to move.
    let g: Yavalath = "5/6/7/8/4o4/8/7/6/5 x".parse().unwrap();
    assert!(g.stolen() && g.plies() == 2);
    let setup = Setup { rows: vec!["x".into()], to_move: P0 };
    assert!(matches!(Yavalath::from_setup(setup), Err(SetupError::RowCount(1))));
    // A setup's rows have one character per cell: the notation's run lengths are not read there.
    let mut rows = Yavalath::new().to_setup().rows;
    rows[0] = "5".into();
    assert!(matches!(Yavalath::from_setup(Setup { rows, to_move: P0 }), Err(SetupError::BadChar('5'))));
    let json = r#"{"rows":["xxxx.","......",".......","........",".........","........",".......","......","....."],"to_move":1}"#;
    let setup: Setup = serde_json::from_str(json).unwrap();
    assert!(matches!(Yavalath::from_setup(setup), Err(SetupError::StoneCounts { .. })));
}

#[test]
fn the_state_is_32_bytes_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<Yavalath>();
    assert!(std::mem::size_of::<Yavalath>() <= 32);
}
