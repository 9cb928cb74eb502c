//! One test per rule sentence of the Quoridor rules (`quoridor::rules`, its text in
//! [doc/rules.md](../../doc/rules.md)), each named after it.

use game_core::{Game, PlayerId, SeatError, ToAct, rng};
use quoridor::protocol;
use quoridor::{Cell, Config, ConfigError, Move, MoveError, Quoridor, Setup, Wall};
use std::collections::BTreeSet;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);
const P2: PlayerId = PlayerId(2);
const P3: PlayerId = PlayerId(3);

/// A position from pawns (None = removed) and walls, with 10 walls per
/// player and no tick limit; the walls on the board are charged to the
/// players in seat order.
pub(crate) fn position(size: u8, pawns: &[Option<(u8, u8)>], walls: &[Wall], to_move: u8) -> Quoridor {
    position_with(
        Config { walls: 10 * pawns.len() as u8, tick_limit: None, ..Config::new(size, pawns.len() as u8).unwrap() },
        pawns,
        walls,
        to_move,
    )
}

fn position_with(config: Config, pawns: &[Option<(u8, u8)>], walls: &[Wall], to_move: u8) -> Quoridor {
    let share = config.walls_per_player();
    let mut left = vec![share; pawns.len()];
    for i in 0..walls.len() {
        left[i % pawns.len()] -= 1;
    }
    Quoridor::from_setup(Setup {
        config,
        pawns: pawns.iter().map(|p| p.map(|(x, y)| Cell::new(x, y))).collect(),
        walls_left: left,
        walls: walls.to_vec(),
        tick: 0,
        to_move: PlayerId(to_move),
    })
    .unwrap()
}

fn targets(s: &Quoridor, p: PlayerId) -> BTreeSet<(u8, u8)> {
    s.pawn_targets(p).map(|c| (c.x, c.y)).collect()
}

fn legal(s: &Quoridor) -> Vec<Move> {
    let mut v = Vec::new();
    s.legal_moves(s.to_move().unwrap(), &mut v);
    v
}

fn h(x: u8, y: u8) -> Wall {
    Wall::horizontal(x, y)
}
fn v(x: u8, y: u8) -> Wall {
    Wall::vertical(x, y)
}
fn pawn(x: u8, y: u8) -> Move {
    Move::Pawn(Cell::new(x, y))
}

// ---- Board ----------------------------------------------------------------

#[test]
fn two_players_start_in_the_middle_of_top_and_bottom_rows() {
    let s = Quoridor::default();
    assert_eq!(s.size(), 9);
    assert_eq!(s.pawn(P0), Some(Cell::new(4, 0)));
    assert_eq!(s.pawn(P1), Some(Cell::new(4, 8)));
    assert_eq!(s.to_move(), Some(P0));
}

#[test]
fn four_players_start_in_the_middle_of_each_side_in_turn_order() {
    let s = Quoridor::with_players(4).unwrap();
    let cells: Vec<_> = (0..4).map(|p| s.pawn(PlayerId(p)).unwrap()).collect();
    assert_eq!(cells, [Cell::new(4, 0), Cell::new(8, 4), Cell::new(4, 8), Cell::new(0, 4)]);
    let s7 = Quoridor::new(Config::new(7, 4).unwrap()).unwrap();
    let cells: Vec<_> = (0..4).map(|p| s7.pawn(PlayerId(p)).unwrap()).collect();
    assert_eq!(cells, [Cell::new(3, 0), Cell::new(6, 3), Cell::new(3, 6), Cell::new(0, 3)]);
}

#[test]
fn turn_order_follows_player_numbers() {
    let mut s = Quoridor::with_players(4).unwrap();
    for p in [P0, P1, P2, P3, P0] {
        assert_eq!(s.to_act(), ToAct::Player(p));
        let mv = legal(&s)[0];
        s.play(p, mv).unwrap();
    }
}

#[test]
fn board_size_is_odd_from_5_to_11() {
    for m in [5, 7, 9, 11] {
        assert_eq!(Quoridor::new(Config::new(m, 2).unwrap()).unwrap().size(), m);
    }
    for m in [0, 3, 4, 6, 8, 10, 12, 13, 255] {
        assert_eq!(Config::new(m, 2), Err(ConfigError::BadSize(m)), "size {m}");
        // A configuration changed by hand after Config::new is checked again.
        assert_eq!(Quoridor::new(Config { size: m, ..Config::default() }), Err(ConfigError::BadSize(m)));
    }
    assert_eq!(Config::new(9, 3), Err(ConfigError::BadPlayers(3)));
}

#[test]
fn walls_are_shared_equally() {
    let two = Quoridor::default();
    assert_eq!((two.walls_left(P0), two.walls_left(P1)), (10, 10));
    let four = Quoridor::with_players(4).unwrap();
    assert!((0..4).all(|p| four.walls_left(PlayerId(p)) == 5));
    let custom = Quoridor::new(Config { walls: 12, ..Config::new(9, 4).unwrap() }).unwrap();
    assert!((0..4).all(|p| custom.walls_left(PlayerId(p)) == 3));
    assert!(Quoridor::new(Config { walls: 10, ..Config::new(9, 4).unwrap() }).is_err());
}

#[test]
fn first_player_is_configurable() {
    let s = Quoridor::new(Config { first_player: P1, ..Config::default() }).unwrap();
    assert_eq!(s.to_act(), ToAct::Player(P1));
    assert!(Quoridor::new(Config { first_player: P2, ..Config::default() }).is_err());
}

// ---- Goals -------------------------------------------------------------------

#[test]
fn pawn_reaching_its_goal_wins_at_once() {
    let mut s = position(9, &[Some((0, 7)), Some((8, 8))], &[], 0);
    s.play(P0, pawn(0, 8)).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.outcome().unwrap().winner(), Some(P0));
    assert_eq!(s.end_reason(), Some("goal"));
    assert_eq!(s.play(P1, pawn(8, 7)), Err(MoveError::Seat(SeatError::GameOver)));
}

#[test]
fn second_player_goal_is_the_top_row_with_two_players() {
    let mut s = position(9, &[Some((0, 4)), Some((8, 1))], &[], 1);
    s.play(P1, pawn(8, 0)).unwrap();
    assert_eq!(s.outcome().unwrap().winner(), Some(P1));
}

#[test]
fn four_player_goals_are_the_opposite_sides() {
    // P1 aims at x = 0, P2 at y = 0, P3 at x = M-1 (and P0 at y = M-1).
    let pawns = [Some((4, 4)), Some((1, 6)), Some((6, 1)), Some((7, 6))];
    for (p, to) in [(1u8, (0u8, 6u8)), (2, (6, 0)), (3, (8, 6)), (0, (4, 5))] {
        let mut s = position(9, &pawns, &[], p);
        s.play(PlayerId(p), pawn(to.0, to.1)).unwrap();
        let won = s.outcome().map(|o| o.winner() == Some(PlayerId(p)));
        if p == 0 {
            assert_eq!(won, None, "P0 one step down is not at its goal yet");
        } else {
            assert_eq!(won, Some(true), "player {p}");
        }
    }
    let s = Config::new(9, 4).unwrap();
    assert!(s.is_goal(P0, Cell::new(3, 8)) && s.is_goal(P1, Cell::new(0, 3)));
    assert!(s.is_goal(P2, Cell::new(3, 0)) && s.is_goal(P3, Cell::new(8, 3)));
    assert!(!s.is_goal(P1, Cell::new(8, 3)) && !s.is_goal(P3, Cell::new(0, 3)));
}

// ---- Walls -------------------------------------------------------------------

#[test]
fn horizontal_wall_blocks_the_two_cells_above_it_from_those_below() {
    let s = position(9, &[Some((4, 4)), Some((5, 4))], &[h(4, 4)], 0);
    assert!(!targets(&s, P0).contains(&(4, 5)));
    assert!(!targets(&s, P1).contains(&(5, 5)));
    assert!(targets(&s, P0).contains(&(4, 3)));
    let t = position(9, &[Some((3, 4)), Some((6, 4))], &[h(4, 4)], 0);
    assert!(targets(&t, P0).contains(&(3, 5)), "the wall covers columns 4 and 5 only");
    assert!(targets(&t, P1).contains(&(6, 5)));
    let below = position(9, &[Some((4, 5)), Some((8, 8))], &[h(4, 4)], 0);
    assert!(!targets(&below, P0).contains(&(4, 4)), "blocked both ways");
}

#[test]
fn vertical_wall_blocks_the_two_cells_left_of_it_from_those_right() {
    let s = position(9, &[Some((4, 4)), Some((4, 5))], &[v(4, 4)], 0);
    assert!(!targets(&s, P0).contains(&(5, 4)));
    assert!(!targets(&s, P1).contains(&(5, 5)));
    let t = position(9, &[Some((4, 3)), Some((4, 6))], &[v(4, 4)], 0);
    assert!(targets(&t, P0).contains(&(5, 3)), "the wall covers rows 4 and 5 only");
    assert!(targets(&t, P1).contains(&(5, 6)));
    let right = position(9, &[Some((5, 5)), Some((0, 8))], &[v(4, 4)], 0);
    assert!(!targets(&right, P0).contains(&(4, 5)), "blocked both ways");
}

#[test]
fn wall_off_the_board_is_refused() {
    let s = Quoridor::default();
    for w in [h(8, 0), h(0, 8), v(8, 3), v(3, 8), h(200, 1)] {
        assert_eq!(s.check_move(P0, Move::Wall(w)), Err(MoveError::WallOffBoard { wall: w }));
    }
    assert!(s.check_move(P0, Move::Wall(h(7, 7))).is_ok());
}

#[test]
fn wall_without_walls_left_is_refused() {
    let s =
        position_with(Config { walls: 2, ..Config::new(9, 2).unwrap() }, &[Some((4, 0)), Some((4, 8))], &[h(0, 0)], 0);
    assert_eq!(s.walls_left(P0), 0);
    assert_eq!(s.check_move(P0, Move::Wall(h(3, 3))), Err(MoveError::NoWallsLeft { player: P0 }));
}

#[test]
fn player_with_no_walls_left_must_move_its_pawn() {
    let s =
        position_with(Config { walls: 2, ..Config::new(9, 2).unwrap() }, &[Some((4, 0)), Some((4, 8))], &[h(0, 0)], 0);
    let moves = legal(&s);
    assert_eq!(moves.len(), 3);
    assert!(moves.iter().all(|m| matches!(m, Move::Pawn(_))));
}

#[test]
fn wall_overlapping_a_parallel_wall_at_the_same_anchor_is_refused() {
    let s = position(9, &[Some((4, 0)), Some((4, 8))], &[h(3, 3), v(5, 5)], 0);
    assert_eq!(s.check_move(P0, Move::Wall(h(3, 3))), Err(MoveError::WallOverlaps { wall: h(3, 3) }));
    assert_eq!(s.check_move(P0, Move::Wall(v(5, 5))), Err(MoveError::WallOverlaps { wall: v(5, 5) }));
}

#[test]
fn wall_overlapping_a_parallel_wall_one_step_along_its_length_is_refused() {
    let s = position(9, &[Some((4, 0)), Some((4, 8))], &[h(3, 3), v(5, 5)], 0);
    for w in [h(2, 3), h(4, 3), v(5, 4), v(5, 6)] {
        assert_eq!(s.check_move(P0, Move::Wall(w)), Err(MoveError::WallOverlaps { wall: w }));
    }
    // Two steps along, or one step across, they only touch or lie side by side.
    for w in [h(1, 3), h(5, 3), h(3, 2), h(3, 4), v(5, 3), v(5, 7), v(4, 5), v(6, 5)] {
        assert!(s.check_move(P0, Move::Wall(w)).is_ok(), "{w:?}");
    }
}

#[test]
fn wall_crossing_a_wall_at_the_same_anchor_is_refused() {
    let s = position(9, &[Some((4, 0)), Some((4, 8))], &[h(3, 3), v(5, 5)], 0);
    assert_eq!(s.check_move(P0, Move::Wall(v(3, 3))), Err(MoveError::WallCrosses { wall: v(3, 3) }));
    assert_eq!(s.check_move(P0, Move::Wall(h(5, 5))), Err(MoveError::WallCrosses { wall: h(5, 5) }));
    // A T-junction (the end of one on the middle of the other) is allowed.
    assert!(s.check_move(P0, Move::Wall(v(3, 4))).is_ok());
    assert!(s.check_move(P0, Move::Wall(v(2, 2))).is_ok());
}

#[test]
fn wall_leaving_a_pawn_without_path_to_its_goal_is_refused() {
    // P1 at (0,8) aims at row 0; h(0,6) roofs the bottom-left 2x2 corner, v(1,7) would close it.
    let s = position(9, &[Some((4, 0)), Some((0, 8))], &[h(0, 6)], 0);
    let w = v(1, 7);
    assert_eq!(s.check_move(P0, Move::Wall(w)), Err(MoveError::WallBlocksPath { wall: w, player: P1 }));
    assert!(!legal(&s).contains(&Move::Wall(w)));
    // The same wall is fine when no pawn is inside.
    let t = position(9, &[Some((4, 0)), Some((5, 8))], &[h(0, 6)], 0);
    assert!(t.check_move(P0, Move::Wall(w)).is_ok());
    // The mover's own path counts too.
    let u = position(9, &[Some((0, 1)), Some((8, 8))], &[v(1, 0)], 0);
    let x = h(0, 1);
    assert_eq!(u.check_move(P0, Move::Wall(x)), Err(MoveError::WallBlocksPath { wall: x, player: P0 }));
    // A pawn whose goal lies inside the closed area keeps its path.
    let g = position(9, &[Some((0, 7)), Some((8, 1))], &[h(0, 6)], 1);
    assert!(g.check_move(P1, Move::Wall(w)).is_ok());
}

#[test]
fn wall_path_check_ignores_pawns() {
    // P0 at (0,0) in a corridor x = 0 closed to the east by vertical walls; P1
    // stands in the corridor at (0,4): the corridor still counts as a path.
    let walls = [v(0, 0), v(0, 2), v(0, 4)];
    let s = position(9, &[Some((0, 0)), Some((0, 4))], &walls, 0);
    assert!(s.check_move(P0, Move::Wall(v(0, 6))).is_ok());
    assert_eq!(s.distance_to_goal(P0), Some(8));
    // Cutting the corridor below the corridor's last open cell is refused.
    let t = position(9, &[Some((0, 0)), Some((0, 4))], &[v(0, 0), v(0, 2), v(0, 4), v(0, 6)], 0);
    assert_eq!(t.check_move(P0, Move::Wall(h(0, 7))), Err(MoveError::WallBlocksPath { wall: h(0, 7), player: P0 }));
}

// ---- Pawn moves --------------------------------------------------------------

#[test]
fn pawn_steps_to_each_empty_neighbour() {
    let s = position(9, &[Some((4, 4)), Some((0, 8))], &[], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (5, 4), (4, 3), (4, 5)]));
}

#[test]
fn wall_or_edge_in_the_way_forbids_the_step() {
    let s = position(9, &[Some((0, 0)), Some((8, 8))], &[v(0, 0)], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(0, 1)]));
    let e = position(9, &[Some((8, 0)), Some((0, 8))], &[], 0);
    assert_eq!(targets(&e, P0), BTreeSet::from([(7, 0), (8, 1)]));
}

#[test]
fn pawn_jumps_straight_over_a_neighbour_when_the_cell_behind_is_free() {
    let s = position(9, &[Some((4, 4)), Some((4, 5))], &[], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (5, 4), (4, 3), (4, 6)]));
    let e = position(9, &[Some((4, 4)), Some((5, 4))], &[], 1);
    assert_eq!(targets(&e, P1), BTreeSet::from([(3, 4), (6, 4), (5, 3), (5, 5)]));
}

#[test]
fn no_move_at_all_in_a_direction_where_a_second_pawn_stands_behind() {
    // P0 at (4,4), P1 at (4,5), P2 at (4,6): nothing southwards, no side-steps.
    let s = position(9, &[Some((4, 4)), Some((1, 1)), Some((4, 5)), Some((4, 6))], &[], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (5, 4), (4, 3)]));
    // Only one pawn is ever jumped: P1 jumping over P2 towards P3 gets nothing either.
    let t = position(9, &[Some((0, 0)), Some((6, 4)), Some((5, 4)), Some((4, 4))], &[], 1);
    assert_eq!(targets(&t, P1), BTreeSet::from([(7, 4), (6, 3), (6, 5)]));
}

#[test]
fn pawn_side_steps_when_a_wall_is_behind_the_jumped_pawn() {
    let s = position(9, &[Some((4, 4)), Some((4, 5))], &[h(4, 5)], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (5, 4), (4, 3), (3, 5), (5, 5)]));
}

#[test]
fn pawn_side_steps_when_the_edge_is_behind_the_jumped_pawn() {
    let s = position(9, &[Some((4, 1)), Some((4, 0))], &[], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 1), (5, 1), (4, 2), (3, 0), (5, 0)]));
}

#[test]
fn side_step_is_refused_where_a_wall_blocks_that_side_of_the_jumped_pawn() {
    // v(4,4) closes the east side of the jumped pawn's cell (4,5) (and P0's own east step).
    let s = position(9, &[Some((4, 4)), Some((4, 5))], &[h(4, 5), v(4, 4)], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (4, 3), (3, 5)]));
    let t = position(9, &[Some((4, 4)), Some((4, 5))], &[h(4, 5), v(3, 5)], 0);
    assert_eq!(targets(&t, P0), BTreeSet::from([(3, 4), (5, 4), (4, 3), (5, 5)]));
}

#[test]
fn side_step_is_refused_onto_a_pawn() {
    let s = position(9, &[Some((4, 4)), Some((4, 5)), Some((3, 5)), Some((8, 0))], &[h(4, 5)], 0);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (5, 4), (4, 3), (5, 5)]));
}

#[test]
fn side_steps_reached_two_ways_are_one_move() {
    // Pawns east and south of P0, both with walls behind: (5,5) is a side-step of both.
    let s = position(9, &[Some((4, 4)), Some((5, 4)), Some((4, 5)), Some((0, 0))], &[v(5, 3), h(3, 5)], 0);
    let moves = legal(&s);
    let diag = moves.iter().filter(|&&m| m == pawn(5, 5)).count();
    assert_eq!(diag, 1);
    assert_eq!(targets(&s, P0), BTreeSet::from([(3, 4), (4, 3), (5, 3), (5, 5), (3, 5)]));
    // West and south: (3,5) is a side-step of both.
    let t = position(9, &[Some((4, 4)), Some((3, 4)), Some((4, 5)), Some((0, 0))], &[v(2, 3), h(3, 5)], 0);
    assert_eq!(targets(&t, P0), BTreeSet::from([(5, 4), (4, 3), (3, 3), (3, 5), (5, 5)]));
}

#[test]
fn move_is_written_as_the_landing_cell() {
    let mut s = position(9, &[Some((4, 4)), Some((4, 5))], &[], 0);
    assert_eq!(s.check_move(P0, pawn(4, 5)), Err(MoveError::IllegalPawnMove { cell: Cell::new(4, 5) }));
    s.play(P0, pawn(4, 6)).unwrap();
    assert_eq!(s.pawn(P0), Some(Cell::new(4, 6)));
    assert_eq!(protocol::format_answer(pawn(4, 6)), "4 6");
}

#[test]
fn pawn_move_off_the_board_or_too_far_is_refused() {
    let s = Quoridor::default();
    assert_eq!(s.check_move(P0, pawn(9, 0)), Err(MoveError::PawnOffBoard { cell: Cell::new(9, 0) }));
    assert_eq!(s.check_move(P0, pawn(4, 2)), Err(MoveError::IllegalPawnMove { cell: Cell::new(4, 2) }));
    assert_eq!(s.check_move(P0, pawn(5, 1)), Err(MoveError::IllegalPawnMove { cell: Cell::new(5, 1) }));
    assert_eq!(s.check_move(P1, pawn(4, 7)), Err(MoveError::Seat(SeatError::NotYourTurn { player: P1, to_move: P0 })));
}

// ---- Stuck players -------------------------------------------------------------

/// P0 in the top-right corner, walled off to the west, P1 and P2 below it:
/// P0 has no pawn move. P3 is to move.
fn stuck_p0(p0_walls: u8, tick_limit: Option<u32>, tick: u32) -> Quoridor {
    let config = Config { walls: 20, tick_limit, ..Config::new(9, 4).unwrap() };
    Quoridor::from_setup(Setup {
        config,
        pawns: vec![Some(Cell::new(8, 0)), Some(Cell::new(8, 1)), Some(Cell::new(8, 2)), Some(Cell::new(0, 4))],
        walls_left: vec![p0_walls, 5, 5, 4],
        walls: [v(7, 0)]
            .into_iter()
            .chain([h(0, 6), h(3, 6), h(0, 2), h(3, 2), h(5, 7)].into_iter().take(5 - p0_walls as usize))
            .collect(),
        tick,
        to_move: P3,
    })
    .unwrap()
}

#[test]
fn stuck_player_must_place_a_wall_if_one_is_legal() {
    let mut s = stuck_p0(2, None, 0);
    assert_eq!(targets(&s, P0).len(), 0);
    s.play(P3, pawn(1, 4)).unwrap();
    assert_eq!(s.to_act(), ToAct::Player(P0));
    let moves = legal(&s);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| matches!(m, Move::Wall(_))));
    assert!(s.play(P0, pawn(7, 0)).is_err());
}

#[test]
fn stuck_player_without_legal_wall_is_removed_its_cell_freed_and_its_walls_kept() {
    let mut s = stuck_p0(0, None, 0);
    let walls_before = s.wall_count();
    s.play(P3, pawn(1, 4)).unwrap();
    assert!(s.is_removed(P0));
    assert_eq!(s.pawn(P0), None);
    assert_eq!(s.wall_count(), walls_before);
    assert_eq!(s.to_act(), ToAct::Player(P1));
    assert!(targets(&s, P1).contains(&(8, 0)), "the removed pawn's cell is free");
    // The removal used up P0's turn: two ticks for one move.
    assert_eq!(s.tick(), 2);
    assert!(protocol::turn_message(&s, &protocol::History::new()).contains("\n-1 -1 0\n"));
}

#[test]
fn removed_player_is_skipped_from_then_on() {
    let mut s = stuck_p0(0, None, 0);
    s.play(P3, pawn(1, 4)).unwrap();
    for p in [P1, P2, P3, P1] {
        assert_eq!(s.to_act(), ToAct::Player(p));
        let mv = legal(&s).into_iter().find(|m| matches!(m, Move::Pawn(_))).unwrap();
        s.play(p, mv).unwrap();
    }
}

#[test]
fn removed_player_is_ignored_by_later_path_checks() {
    // P0 removed; its start cell can be walled in.
    let config = Config { walls: 20, tick_limit: None, ..Config::new(9, 4).unwrap() };
    let s = Quoridor::from_setup(Setup {
        config,
        pawns: vec![None, Some(Cell::new(8, 4)), Some(Cell::new(4, 8)), Some(Cell::new(0, 4))],
        walls_left: vec![5, 5, 5, 3],
        walls: vec![h(3, 0), v(2, 0)],
        tick: 9,
        to_move: P1,
    })
    .unwrap();
    // v(4,0) closes the box {(3,0),(4,0)}: nobody still in the game is inside.
    assert!(s.check_move(P1, Move::Wall(v(4, 0))).is_ok());
}

#[test]
fn removal_counts_a_tick_and_can_end_the_game_at_the_limit() {
    let mut s = stuck_p0(0, Some(10), 8);
    s.play(P3, pawn(1, 4)).unwrap();
    assert_eq!(s.tick(), 10);
    assert_eq!(s.end_reason(), Some("tick-limit"));
    let o = s.outcome().unwrap();
    assert_ne!(o.rank(P0), 0, "a removed player never wins");
    assert_eq!(o.winner(), Some(P2), "P2 is 2 steps from row 0");
}

#[test]
fn two_player_games_never_get_stuck() {
    // Random two-player games on the smallest board: the player to move always has a pawn move.
    let mut moves = Vec::new();
    for seed in 0..30 {
        let mut s = Quoridor::new(Config { tick_limit: Some(200), ..Config::new(5, 2).unwrap() }).unwrap();
        let mut r = rng::seeded(seed);
        while let ToAct::Player(p) = s.to_act() {
            assert!(s.pawn_targets(p).next().is_some());
            s.legal_moves(p, &mut moves);
            let mv = moves[rng::below(&mut r, moves.len())];
            s.play(p, mv).unwrap();
        }
    }
}

// ---- End of the game -----------------------------------------------------------

#[test]
fn tick_counts_every_turn_from_one() {
    let mut s = Quoridor::default();
    assert_eq!(s.tick(), 0);
    assert!(protocol::turn_message(&s, &protocol::History::new()).starts_with("1\n"));
    s.play(P0, pawn(4, 1)).unwrap();
    s.play(P1, Move::Wall(h(0, 0))).unwrap();
    assert_eq!(s.tick(), 2);
    assert!(protocol::turn_message(&s, &protocol::History::new()).starts_with("3\n"));
}

#[test]
fn default_tick_limit_is_100_with_two_players_and_200_with_four() {
    assert_eq!(Config::default().tick_limit, Some(100));
    for size in [5, 7, 9, 11] {
        assert_eq!(Config::new(size, 2).unwrap().tick_limit, Some(100));
        assert_eq!(Config::new(size, 4).unwrap().tick_limit, Some(200));
    }
    assert_eq!(Quoridor::with_players(2).unwrap().tick_limit(), Some(100));
    assert_eq!(Quoridor::with_players(4).unwrap().tick_limit(), Some(200));
    // A four-player game at tick 199 is still running and ends after tick 200.
    let mut setup = Quoridor::with_players(4).unwrap().to_setup();
    setup.tick = 199;
    let mut s = Quoridor::from_setup(setup).unwrap();
    assert!(!s.is_over());
    s.play(PlayerId(0), Move::Pawn(Cell::new(4, 1))).unwrap();
    assert!(s.is_over() && s.tick() == 200);
}

#[test]
fn game_ends_after_the_turn_whose_tick_equals_the_limit() {
    let mut s = Quoridor::new(Config { tick_limit: Some(3), ..Config::default() }).unwrap();
    assert_eq!(s.max_plies(), Some(3));
    s.play(P0, pawn(4, 1)).unwrap();
    s.play(P1, pawn(4, 7)).unwrap();
    assert_eq!(s.to_act(), ToAct::Player(P0));
    s.play(P0, pawn(4, 2)).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.end_reason(), Some("tick-limit"));
}

#[test]
fn nobody_is_to_move_once_the_game_is_over() {
    let mut s = Quoridor::new(Config { tick_limit: Some(2), ..Config::default() }).unwrap();
    assert_eq!(s.to_move(), Some(P0));
    s.play(P0, pawn(4, 1)).unwrap();
    assert_eq!(s.to_move(), Some(P1));
    s.play(P1, pawn(4, 7)).unwrap();
    assert_eq!(s.to_act(), ToAct::Over);
    assert_eq!(s.to_move(), None, "not the last mover: the game is over");
    // The setup still records whose turn was last, for an exact round trip.
    assert_eq!(s.to_setup().to_move, P1);
    assert_eq!(Quoridor::from_setup(s.to_setup()).unwrap(), s);
    assert!(s.fallback_move(&mut game_core::rng::seeded(1)).is_none());
}

#[test]
fn at_the_tick_limit_the_shortest_path_wins() {
    let mut s = Quoridor::new(Config { tick_limit: Some(1), ..Config::default() }).unwrap();
    s.play(P0, pawn(4, 1)).unwrap();
    assert_eq!(s.outcome().unwrap().winner(), Some(P0));
    // Walls count: from equal distances, a wall lengthening P1's path decides.
    let config = Config { tick_limit: Some(1), ..Config::default() };
    let even = position_with(config, &[Some((0, 4)), Some((8, 4))], &[], 0);
    let mut t = even;
    t.play(P0, Move::Wall(h(0, 0))).unwrap();
    assert!(t.outcome().unwrap().is_draw(), "a far wall changes nothing: 4 against 4");
    let mut u = even;
    u.play(P0, Move::Wall(h(7, 3))).unwrap();
    assert_eq!((u.distance_to_goal(P0), u.distance_to_goal(P1)), (Some(4), Some(6)));
    assert_eq!(u.outcome().unwrap().winner(), Some(P0));
}

#[test]
fn at_the_tick_limit_ties_share_the_win() {
    let mut s = Quoridor::new(Config { tick_limit: Some(2), ..Config::default() }).unwrap();
    s.play(P0, pawn(4, 1)).unwrap();
    s.play(P1, pawn(4, 7)).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(o.winners().collect::<Vec<_>>(), [P0, P1]);
    // Four players: two share, two lose.
    let config = Config { tick_limit: Some(1), ..Config::new(9, 4).unwrap() };
    let mut f = Quoridor::from_setup(Setup {
        config,
        pawns: vec![Some(Cell::new(4, 5)), Some(Cell::new(3, 4)), Some(Cell::new(4, 8)), Some(Cell::new(0, 4))],
        walls_left: vec![5; 4],
        walls: vec![],
        tick: 0,
        to_move: P2,
    })
    .unwrap();
    f.play(P2, pawn(5, 8)).unwrap();
    let o = f.outcome().unwrap();
    assert_eq!(o.winners().collect::<Vec<_>>(), [P0, P1]);
    assert_eq!(o.rank(P2), 2);
}

#[test]
fn goal_on_the_last_tick_is_a_win_by_goal() {
    let config = Config { tick_limit: Some(5), ..Config::new(9, 2).unwrap() };
    let mut s = Quoridor::from_setup(Setup {
        config,
        pawns: vec![Some(Cell::new(0, 7)), Some(Cell::new(4, 1))],
        walls_left: vec![10, 10],
        walls: vec![],
        tick: 4,
        to_move: P0,
    })
    .unwrap();
    s.play(P0, pawn(0, 8)).unwrap();
    assert_eq!(s.end_reason(), Some("goal"));
    assert_eq!(s.outcome().unwrap().winner(), Some(P0));
}

#[test]
fn without_tick_limit_only_a_goal_ends_the_game() {
    let s = Quoridor::new(Config { tick_limit: None, ..Config::default() }).unwrap();
    assert_eq!(s.max_plies(), None);
    let mut t = s;
    for _ in 0..300 {
        // Shuffle sideways: the game never ends.
        let p = t.to_move().unwrap();
        let c = t.pawn(p).unwrap();
        t.play(p, pawn(if c.x == 4 { 3 } else { 4 }, c.y)).unwrap();
    }
    assert_eq!(t.to_act(), ToAct::Player(P0));
}

// ---- Illegal answers -----------------------------------------------------------

#[test]
fn illegal_answer_is_replaced_by_a_uniformly_random_legal_pawn_move() {
    let s = position(9, &[Some((4, 4)), Some((4, 5))], &[], 0);
    let mut r = rng::seeded(3);
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..4000 {
        let Some(Move::Pawn(c)) = s.fallback_move(&mut r) else { panic!("a pawn move exists") };
        *counts.entry((c.x, c.y)).or_insert(0) += 1;
    }
    assert_eq!(counts.keys().copied().collect::<BTreeSet<_>>(), targets(&s, P0));
    assert!(counts.values().all(|&n| (800..1200).contains(&n)), "{counts:?}");
}

#[test]
fn illegal_answer_fallback_places_a_wall_only_when_no_pawn_move_exists() {
    let mut s = stuck_p0(2, None, 0);
    s.play(P3, pawn(1, 4)).unwrap();
    let mut r = rng::seeded(5);
    let mv = s.fallback_move(&mut r).unwrap();
    assert!(matches!(mv, Move::Wall(_)));
    assert!(s.is_legal(P0, mv));
}

// ---- Queries and the text board -------------------------------------------------

#[test]
fn queries_give_distances_walls_left_reachable_cells_and_wall_legality() {
    // P1 boxed with its goal outside but reachable through one gap.
    let s = position(9, &[Some((4, 0)), Some((0, 8))], &[h(0, 6), v(1, 5)], 0);
    assert_eq!(s.distance_to_goal(P1), Some(10));
    assert_eq!(s.distance_to_goal(P0), Some(8));
    assert_eq!((s.walls_left(P0), s.walls_left(P1)), (9, 9));
    assert_eq!(s.reachable_cells(P0).count(), 81);
    let t = position(9, &[Some((4, 0)), Some((0, 8))], &[h(0, 6), v(1, 5), h(2, 7)], 0);
    assert_eq!(t.distance_to_goal(P1), Some(10), "walls away from the only path change nothing");
    assert!(s.is_wall_legal(P0, v(3, 3)));
    assert!(!s.is_wall_legal(P0, h(0, 6)));
    // A closed area: the reachable cells of a pawn inside it.
    let u = position(9, &[Some((0, 7)), Some((8, 1))], &[h(0, 6), v(1, 7)], 0);
    let inside: BTreeSet<(u8, u8)> = u.reachable_cells(P0).map(|c| (c.x, c.y)).collect();
    assert_eq!(inside, BTreeSet::from([(0, 7), (1, 7), (0, 8), (1, 8)]));
    assert_eq!(u.distance_to_goal(P0), Some(1));
}

#[test]
fn text_board_shows_pawns_walls_and_removed_players() {
    let s = position(5, &[Some((2, 0)), Some((2, 4))], &[h(0, 0), v(2, 2)], 0);
    let text = s.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[3], " 0 | .   .   0   .   . |");
    assert_eq!(lines[4], "   +---+---+   +   +   +");
    assert_eq!(lines[7], " 2 | .   .   . | .   . |");
    assert_eq!(lines[9], " 3 | .   .   . | .   . |");
    let mut r = stuck_p0(0, None, 0);
    r.play(P3, pawn(1, 4)).unwrap();
    assert!(r.to_string().contains("P0 0 (removed)"));
}

#[test]
fn a_seat_the_game_does_not_have_is_no_such_player_before_anything_else() {
    let s = Quoridor::default();
    let seven = PlayerId(7);
    let no_such = Err(MoveError::Seat(SeatError::NoSuchPlayer { player: seven, players: 2 }));
    assert_eq!(s.check_wall(seven, Wall::horizontal(0, 0)), no_such);
    assert_eq!(s.check_move(seven, Move::Wall(Wall::horizontal(0, 0))), no_such);
    assert_eq!(
        s.check_move(PlayerId(2), Move::Pawn(Cell::new(4, 1))),
        Err(MoveError::Seat(SeatError::NoSuchPlayer { player: PlayerId(2), players: 2 }))
    );
    // Even when the wall is off the board and the game is over.
    let mut over = s;
    game_core::random_playout(&mut over, &mut game_core::rng::seeded(2), &mut Vec::new()).unwrap();
    assert_eq!(over.check_wall(seven, Wall::horizontal(40, 40)), no_such);
    assert_eq!(over.check_move(seven, Move::Pawn(Cell::new(4, 1))), no_such);
    let err = over.check_wall(seven, Wall::horizontal(0, 0)).unwrap_err();
    assert_eq!(game_core::GameError::kind(&err), "no-such-player");
}

#[test]
fn symmetry_maps_of_moves_off_the_board_are_none() {
    let s = Quoridor::default();
    assert_eq!(s.rotate_move(Move::Wall(Wall::horizontal(8, 8))), None);
    assert_eq!(s.rotate_move(Move::Wall(Wall::vertical(7, 7))), Some(Move::Wall(Wall::vertical(0, 0))));
    assert_eq!(s.rotate_move(Move::Pawn(Cell::new(9, 0))), None);
    assert_eq!(s.rotate_move(Move::Pawn(Cell::new(8, 0))), Some(Move::Pawn(Cell::new(0, 8))));
    assert_eq!(s.mirror_move(Move::Wall(Wall::horizontal(8, 0))), None);
    assert_eq!(s.mirror_move(Move::Wall(Wall::horizontal(0, 8))), None);
    assert_eq!(s.mirror_move(Move::Pawn(Cell::new(0, 9))), None);
    assert_eq!(s.mirror_move(Move::Pawn(Cell::new(0, 3))), Some(Move::Pawn(Cell::new(8, 3))));
}
