//! The field as a value: equal exactly when every part a player can see
//! is equal, and hashed alike when equal (and, here, apart when not); the
//! bounds a field is built within (turn limit, balls); what it shows and
//! measures (Debug, the distance to a home).

use parallel_football::game_core::PlayerId;
use parallel_football::{Cell, Config, Field, FieldError, Geometry};
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

fn hash(field: &Field) -> u64 {
    let mut h = DefaultHasher::new();
    field.hash(&mut h);
    h.finish()
}

/// 5 x 5, one footballer a team, kick range 2, 10 turns.
fn small() -> Config {
    Config::new(5, 5, 1, 2, 10).unwrap()
}

/// One footballer a team, on the cells around the centre of `small()`.
const AROUND: [Cell; 4] = [Cell::new(1, 1), Cell::new(3, 1), Cell::new(3, 3), Cell::new(1, 3)];

/// A field of `config` (at least 3 x 3) with the parts given: a ball on
/// every cell but the homes, `balls_at_centre` on (2, 2).
fn field(config: Config, balls_at_centre: u16, positions: [Cell; 4], scores: [u32; 4], turn: u32) -> Field {
    let mut balls = vec![1u16; config.cells()];
    for team in 0..4 {
        balls[config.index(config.home(PlayerId(team)))] = 0;
    }
    balls[config.index(Cell::new(2, 2))] = balls_at_centre;
    Field::from_parts(Arc::new(Geometry::new(config)), balls, positions.to_vec(), scores, turn).unwrap()
}

#[test]
fn fields_are_equal_exactly_when_configuration_turn_scores_players_and_balls_are() {
    let config = small();
    let base = field(config, 1, AROUND, [0; 4], 0);
    let same = field(config, 1, AROUND, [0; 4], 0);
    assert!(base == same, "the same parts make equal fields");
    assert_eq!(hash(&base), hash(&same), "equal fields hash alike");

    let mut moved = AROUND;
    moved[2] = Cell::new(2, 3);
    let others = [
        ("another configuration", field(Config::new(5, 5, 1, 3, 10).unwrap(), 1, AROUND, [0; 4], 0)),
        ("another turn", field(config, 1, AROUND, [0; 4], 1)),
        ("other scores", field(config, 1, AROUND, [0, 0, 1, 0], 0)),
        ("a player elsewhere", field(config, 1, moved, [0; 4], 0)),
        ("other balls", field(config, 2, AROUND, [0; 4], 0)),
    ];
    for (what, other) in &others {
        assert!(base != *other, "{what}: the fields differ");
        assert!(*other != base, "{what}: the fields differ, compared the other way");
        // SipHash with fixed keys: deterministic, and these six differ.
        assert_ne!(hash(&base), hash(other), "{what}: the hash sees the difference");
    }
}

#[test]
fn a_field_may_stand_at_the_turn_limit_but_not_past_it() {
    let config = small();
    let at_limit = field(config, 1, AROUND, [0; 4], 10);
    assert_eq!(at_limit.turn(), 10);
    assert!(at_limit.is_over(), "the last turn played ends the game");
    let past =
        Field::from_parts(Arc::new(Geometry::new(config)), at_limit.balls().to_vec(), AROUND.to_vec(), [0; 4], 11);
    assert_eq!(past.unwrap_err(), FieldError::TurnPastLimit { turn: 11, max: 10 });
}

#[test]
fn a_fields_debug_names_every_part() {
    let config = small();
    let shown = format!("{:?}", field(config, 7, AROUND, [0, 3, 0, 0], 4));
    for part in ["Field", "config", "turn: 4", "scores: [0, 3, 0, 0]", "balls_left: 27", "positions", "balls: [", "7"] {
        assert!(shown.contains(part), "{shown:?} shows {part:?}");
    }
}

#[test]
fn distance_to_home_is_the_squared_distance_to_the_teams_own_corner() {
    let config = Config::new(6, 5, 1, 2, 10).unwrap();
    let f = Field::new(config, &[Cell::new(2, 2); 4]).unwrap();
    let from = Cell::new(1, 3);
    for team in 0..4 {
        let home = config.home(PlayerId(team));
        let (dx, dy) = (i32::from(home.x) - 1, i32::from(home.y) - 3);
        assert_eq!(f.distance2_to_home(from, PlayerId(team)), (dx * dx + dy * dy) as u32, "team {team}");
        assert_eq!(f.distance2_to_home(home, PlayerId(team)), 0, "team {team} at home");
    }
}

#[test]
fn a_field_holds_at_most_65535_balls() {
    let config = small();
    // 20 cells of 1 ball, the centre the rest.
    let full = field(config, u16::MAX - 20, AROUND, [0; 4], 0);
    assert_eq!(full.balls_left(), 65_535);
    let mut balls = full.balls().to_vec();
    balls[config.index(Cell::new(1, 1))] = 2;
    let over = Field::from_parts(Arc::new(Geometry::new(config)), balls, AROUND.to_vec(), [0; 4], 0);
    assert_eq!(over.unwrap_err(), FieldError::TooManyBalls(65_536));
}
