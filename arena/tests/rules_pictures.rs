//! The pictures of the game crates' `rules` modules (`paper_soccer::rules`,
//! `yavalath::rules`, `quoridor::rules`, `parallel_football::rules`) are
//! drawn by each crate's own `svg` module (feature `svg`), the same code
//! that draws `arena render` and `arena view`, from real positions, built here through each
//! crate's public API, and committed as `<crate>/doc/<name>.svg`, where the
//! crate's `src/rules.rs` embeds them.
//!
//! Each test redraws its picture and fails when the committed file differs
//! (a renderer or rules change made it stale). To rewrite the files:
//!
//! ```sh
//! UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures
//! ```
//!
//! Each test also checks the rule its picture shows, so a picture cannot
//! silently show something else.

use game_core::{Game, PlayerId, ToAct};
use std::path::PathBuf;
use std::sync::Arc;

/// Compares `svg` with the committed `<krate>/doc/<name>.svg`, or writes it
/// when `UPDATE_PICTURES` is set.
fn check_picture(krate: &str, name: &str, svg: &str) {
    assert!(!svg.contains("\n\n"), "a blank line would end the picture's HTML block in rustdoc's Markdown");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(krate).join("doc").join(format!("{name}.svg"));
    let fresh = format!("{svg}\n");
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("create the doc folder");
        std::fs::write(&path, &fresh).expect("write the picture");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{}: {e}; run UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures", path.display())
    });
    assert!(
        committed == fresh,
        "{} is stale: run UPDATE_PICTURES=1 cargo test -p arena --test rules_pictures and commit it",
        path.display()
    );
}

mod paper_soccer_pictures {
    use super::*;
    use paper_soccer::{Dir, PaperSoccer, Turn};

    /// Plays whole turns (digit strings) step by step, keeping who drew what.
    fn play(turns: &[&str]) -> (PaperSoccer, Vec<(PlayerId, Dir)>) {
        let mut g = PaperSoccer::default();
        let mut moves = Vec::new();
        for t in turns {
            let turn: Turn = t.parse().expect("a turn");
            for &d in turn.steps() {
                let ToAct::Player(p) = g.to_act() else { panic!("the game ended before {t}") };
                g.play(p, d).expect("a legal step");
                moves.push((p, d));
            }
        }
        (g, moves)
    }

    fn draw(name: &str, turns: &[&str]) -> PaperSoccer {
        let (g, moves) = play(turns);
        check_picture("paper-soccer", name, &paper_soccer::svg::svg_with_history(&PaperSoccer::default(), &moves, &g));
        g
    }

    #[test]
    fn bounce_chain_keeps_the_turn_until_a_fresh_point() {
        let g = draw("bounce-chain", &["6", "6", "6", "61", "453"]);
        // Player 0's last turn bounced twice, on (1,5) and the side line, and ended on a fresh point.
        assert_eq!(g.ball(), paper_soccer::Point::new(1, 7));
        assert_eq!(g.to_act(), ToAct::Player(PlayerId(1)));
        // The same turn stopped at the first bounce is refused.
        let (before, _) = play(&["6", "6", "6", "61"]);
        assert!(before.after_turn("4").is_err());
    }

    #[test]
    fn goal_ends_the_game_for_the_attacker() {
        let g = draw("goal", &["0", "0", "0", "7", "01"]);
        assert_eq!(g.to_act(), ToAct::Over);
        assert_eq!(g.outcome().and_then(|o| o.winner()), Some(PlayerId(0)));
        assert_eq!(g.end_reason(), Some("goal"));
    }

    #[test]
    fn blocked_ball_loses_for_the_mover() {
        let g = draw("blocked", &["7", "7", "7", "0", "7"]);
        assert_eq!(g.to_act(), ToAct::Over);
        assert_eq!(g.end_reason(), Some("blocked"));
        assert_eq!(g.outcome().and_then(|o| o.winner()), Some(PlayerId(1)));
    }
}

mod yavalath_pictures {
    use super::*;
    use yavalath::{Cell, End, Yavalath};

    fn play(cells: &[(u8, u8)]) -> (Yavalath, Vec<(PlayerId, Cell)>) {
        let mut g = Yavalath::new();
        let mut moves = Vec::new();
        for &(x, y) in cells {
            let ToAct::Player(p) = g.to_act() else { panic!("the game ended before {x} {y}") };
            let c = Cell::from_xy(x.into(), y.into()).expect("on the board");
            g.play(p, c).expect("a legal move");
            moves.push((p, c));
        }
        (g, moves)
    }

    fn draw(name: &str, cells: &[(u8, u8)]) -> Yavalath {
        let (g, moves) = play(cells);
        check_picture("yavalath", name, &yavalath::svg::svg(&g, moves.last().map(|m| m.1)));
        g
    }

    #[test]
    fn four_that_also_makes_three_wins() {
        let first = [(0, 4), (1, 4), (3, 4), (2, 2), (2, 3)];
        let second = [(0, 8), (2, 8), (4, 8), (0, 0), (2, 0)];
        let mut cells: Vec<(u8, u8)> = first.iter().zip(&second).flat_map(|(a, b)| [*a, *b]).collect();
        cells.push((2, 4)); // four in row 4, three on 2 2, 2 3, 2 4
        let g = draw("four-and-three", &cells);
        assert_eq!(g.end().and_then(End::winner), Some(PlayerId(0)));
    }

    #[test]
    fn steal_takes_the_first_stone() {
        let g = draw("steal", &[(4, 4), (4, 4)]);
        assert_eq!(g.occupied().len(), 1);
        assert!(g.stones(PlayerId(1)).contains(Cell::CENTER));
        assert_eq!(g.to_act(), ToAct::Player(PlayerId(0)));
    }
}

mod quoridor_pictures {
    use super::*;
    use quoridor::{Cell, Config, Move, MoveError, Quoridor, Setup, Wall};

    fn play(start: Quoridor, moves: &[Move]) -> (Quoridor, Vec<(PlayerId, Move)>) {
        let mut g = start;
        let mut log = Vec::new();
        for &m in moves {
            let ToAct::Player(p) = g.to_act() else { panic!("the game ended before {m:?}") };
            g.play(p, m).unwrap_or_else(|e| panic!("{m:?}: {e}"));
            log.push((p, m));
        }
        (g, log)
    }

    /// Draws with the crate's own [`quoridor::svg`].
    fn draw(name: &str, start: Quoridor, moves: &[Move]) -> Quoridor {
        let (g, log) = play(start, moves);
        check_picture("quoridor", name, &quoridor::svg::svg(&g, &log));
        g
    }

    fn pawn(x: u8, y: u8) -> Move {
        Move::Pawn(Cell::new(x, y))
    }

    /// Both pawns walk to the middle until they face each other.
    fn face_to_face() -> Vec<Move> {
        vec![pawn(4, 1), pawn(4, 7), pawn(4, 2), pawn(4, 6), pawn(4, 3), pawn(4, 5), pawn(4, 4)]
    }

    #[test]
    fn straight_jump_over_a_facing_pawn() {
        let mut moves = face_to_face();
        moves.push(pawn(4, 3));
        let g = draw("straight-jump", Quoridor::default(), &moves);
        assert_eq!(g.pawn(PlayerId(1)), Some(Cell::new(4, 3)));
    }

    #[test]
    fn side_step_when_a_wall_is_behind_the_pawn() {
        let mut moves = face_to_face();
        let (before, _) = play(Quoridor::default(), &moves);
        let mut straight = before;
        moves.extend([Move::Wall(Wall::horizontal(4, 3)), Move::Wall(Wall::horizontal(0, 7)), pawn(5, 4)]);
        let g = draw("side-step", Quoridor::default(), &moves);
        assert_eq!(g.pawn(PlayerId(1)), Some(Cell::new(5, 4)));
        // Without the wall the same side-step is not a move.
        straight.play(PlayerId(1), Move::Wall(Wall::horizontal(0, 6))).expect("a wall");
        straight.play(PlayerId(0), Move::Wall(Wall::horizontal(0, 7))).expect("a wall");
        assert!(matches!(straight.play(PlayerId(1), pawn(5, 4)), Err(MoveError::IllegalPawnMove { .. })));
    }

    #[test]
    fn wall_closing_the_last_path_is_refused() {
        let walls = [Wall::horizontal(1, 3), Wall::horizontal(3, 3), Wall::horizontal(5, 3), Wall::horizontal(7, 3)];
        let mut moves: Vec<Move> = walls.iter().map(|&w| Move::Wall(w)).collect();
        moves.push(Move::Wall(Wall::vertical(0, 4)));
        let mut g = draw("last-path", Quoridor::default(), &moves);
        let before = g;
        let err = g.play(PlayerId(1), Move::Wall(Wall::horizontal(0, 5))).unwrap_err();
        assert!(matches!(err, MoveError::WallBlocksPath { .. }), "{err}");
        assert_eq!(g, before);
    }

    #[test]
    fn stuck_pawn_is_removed_in_a_four_player_game() {
        let config = Config::new(9, 4).unwrap();
        let cell = |x, y| Some(Cell::new(x, y));
        // Player 0 in the corner, all walls used: a wall on its right, two pawns below it.
        let setup = Setup {
            config,
            pawns: vec![cell(0, 0), cell(8, 4), cell(0, 1), cell(0, 2)],
            walls_left: vec![0, 5, 5, 5],
            walls: vec![
                Wall::vertical(0, 0),
                Wall::horizontal(6, 6),
                Wall::horizontal(6, 2),
                Wall::vertical(3, 6),
                Wall::vertical(5, 6),
            ],
            tick: 11,
            to_move: PlayerId(3),
        };
        let start = Quoridor::from_setup(setup).expect("a valid position");
        let g = draw("removed", start, &[Move::Wall(Wall::horizontal(2, 7))]);
        assert!(g.is_removed(PlayerId(0)));
        assert_eq!(g.pawn(PlayerId(0)), None);
        assert_eq!(g.to_act(), ToAct::Player(PlayerId(1)));
    }
}

mod parallel_football_pictures {
    use super::*;
    use parallel_football::{Cell, Config, Field, FootballMove, Geometry, Order, ParallelFootball};

    /// Gives every team's orders (`orders[team]`, one per footballer), so the
    /// turn waits for its random allocation, and draws the viewer's picture.
    fn draw(name: &str, field: Field, orders: &[Vec<Order>; 4]) -> ParallelFootball {
        let start = ParallelFootball::from_field(field);
        let mut g = start.clone();
        let mut log = Vec::new();
        for (t, team) in orders.iter().enumerate() {
            for &o in team {
                let mv = FootballMove::Order(o);
                g.play(PlayerId(t as u8), mv).unwrap_or_else(|e| panic!("{o:?}: {e}"));
                log.push((PlayerId(t as u8), mv));
            }
        }
        assert_eq!(g.to_act(), ToAct::Chance);
        check_picture("parallel-football", name, &parallel_football::svg::view_svg(&start, &log, &g));
        g
    }

    fn field(config: Config, balls_at: &[(Cell, u16)], positions: Vec<Cell>) -> Field {
        let geometry = Arc::new(Geometry::new(config));
        let mut balls = vec![0; config.cells()];
        for &(c, n) in balls_at {
            balls[config.index(c)] = n;
        }
        Field::from_parts(geometry, balls, positions, [0; 4], 0).expect("a valid field")
    }

    #[test]
    fn kick_radius_is_a_disc() {
        let k: i8 = 3;
        let offsets: Vec<(i8, i8)> = (-k..=k)
            .flat_map(|dy| (-k..=k).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| {
                (dx, dy) != (0, 0) && i32::from(dx).pow(2) + i32::from(dy).pow(2) <= i32::from(k).pow(2)
            })
            .collect();
        let p = offsets.len();
        assert_eq!(p, 28);
        let config = Config::new(9, 9, p as u32, 3, 100).expect("a configuration");
        let centre = Cell::new(4, 4);
        let mut positions = vec![centre; p];
        for t in 1..4u8 {
            positions.extend(std::iter::repeat_n(config.home(PlayerId(t)), p));
        }
        let f = field(config, &[(centre, p as u16)], positions);
        let kicks = offsets.iter().map(|&(dx, dy)| Order::Kick { dx, dy }).collect();
        let stay = vec![Order::Stay; p];
        let g = draw("kick-radius", f, &[kicks, stay.clone(), stay.clone(), stay]);
        // One step past the disc is out of range.
        let mut outside = g.field().clone();
        let mut orders = vec![Order::Stay; 4 * p];
        orders[0] = Order::Kick { dx: 3, dy: 1 };
        let mut report = parallel_football::TurnReport::default();
        outside.resolve_turn(&orders, &mut game_core::rng::seeded(1), &mut report).expect("a turn");
        assert_eq!(report.illegal.len(), 1);
    }

    #[test]
    fn contested_ball_goes_to_one_kicker() {
        let config = Config::new(9, 9, 1, 6, 100).expect("a configuration");
        let centre = Cell::new(4, 4);
        let positions = vec![centre, centre, Cell::new(6, 7), Cell::new(1, 6)];
        let f = field(config, &[(centre, 1), (Cell::new(6, 7), 2), (Cell::new(2, 6), 1)], positions);
        let orders = [
            vec![Order::Kick { dx: -3, dy: -3 }],
            vec![Order::Kick { dx: 3, dy: -3 }],
            vec![Order::Kick { dx: 1, dy: 1 }],
            vec![Order::Move { dx: 1, dy: 0 }],
        ];
        let mut g = draw("contested", f, &orders);
        // One ball, two kicks: exactly one of them succeeds.
        let ToAct::Chance = g.to_act() else { panic!("the turn waits for its allocation") };
        let alloc = g.sample_chance(&mut game_core::rng::seeded(3)).expect("a contested turn");
        g.apply_chance(&alloc).expect("the sampled allocation");
        let f = g.field();
        assert_eq!(f.balls_at(Cell::new(4, 4)), 0);
        assert_eq!(f.balls_at(Cell::new(1, 1)) + f.balls_at(Cell::new(7, 1)), 1);
    }
}
