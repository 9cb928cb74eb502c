//! The rules of `doc/rules.md`, "The game" and "Positions as data", one test a rule.

use game_core::{Game, GameError, PlayerId, SeatError, ToAct};
use nim::testing::wins;
use nim::{Nim, NimError, Setup, format_take, parse_take};

fn refused(g: &mut Nim, p: u8, take: u8) -> NimError {
    let before = *g;
    let e = g.play(PlayerId(p), take).unwrap_err();
    assert_eq!(*g, before, "a refused move changes nothing");
    assert_eq!(g.check_move(PlayerId(p), take), Err(e.clone()), "check_move agrees with play");
    e
}

#[test]
fn a_move_takes_one_to_max_take_stones() {
    let mut moves = Vec::new();
    Nim::new(5, 3).legal_moves(PlayerId(0), &mut moves);
    assert_eq!(moves, [1, 2, 3]);
    for take in 1..=3 {
        let mut g = Nim::new(5, 3);
        g.play(PlayerId(0), take).unwrap();
        assert_eq!(g.pile, 5 - take);
    }
}

#[test]
fn a_move_takes_no_more_than_the_pile_holds() {
    let mut moves = Vec::new();
    Nim::new(2, 3).legal_moves(PlayerId(0), &mut moves);
    assert_eq!(moves, [1, 2]);
    assert_eq!(Nim::new(2, 3).most_to_take(), 2);
}

#[test]
fn taking_zero_is_refused_as_a_bad_take() {
    let e = refused(&mut Nim::new(5, 3), 0, 0);
    assert_eq!(e, NimError::BadTake { take: 0, pile: 5, max_take: 3 });
    assert_eq!(e.kind(), "bad-take");
}

#[test]
fn taking_more_than_max_take_is_refused_as_a_bad_take() {
    let e = refused(&mut Nim::new(10, 3), 0, 4);
    assert_eq!(e, NimError::BadTake { take: 4, pile: 10, max_take: 3 });
    assert_eq!(e.to_string(), "cannot take 4 stones (pile 10, at most 3 a move)");
}

#[test]
fn taking_more_than_the_pile_is_refused_as_a_bad_take() {
    let e = refused(&mut Nim::new(2, 3), 0, 3);
    assert_eq!(e, NimError::BadTake { take: 3, pile: 2, max_take: 3 });
    assert_eq!(e.kind(), "bad-take");
}

#[test]
fn players_alternate_and_player_0_moves_first() {
    let mut g = Nim::new(5, 3);
    assert_eq!(g.to_act(), ToAct::Player(PlayerId(0)));
    g.play(PlayerId(0), 1).unwrap();
    assert_eq!(g.to_act(), ToAct::Player(PlayerId(1)));
    g.play(PlayerId(1), 1).unwrap();
    assert_eq!(g.to_act(), ToAct::Player(PlayerId(0)));
}

#[test]
fn the_player_not_to_move_is_refused() {
    let e = refused(&mut Nim::new(5, 3), 1, 1);
    assert_eq!(e, NimError::Seat(SeatError::NotYourTurn { player: PlayerId(1), to_move: PlayerId(0) }));
    assert_eq!(e.kind(), "not-your-turn");
    let mut moves = vec![9];
    Nim::new(5, 3).legal_moves(PlayerId(1), &mut moves);
    assert!(moves.is_empty());
}

#[test]
fn no_move_is_legal_once_the_game_is_over() {
    let mut g = Nim::new(2, 3);
    g.play(PlayerId(0), 2).unwrap();
    for p in [0, 1] {
        let e = refused(&mut g, p, 1);
        assert_eq!(e, NimError::Seat(SeatError::GameOver));
        assert_eq!(e.kind(), "game-over");
    }
}

#[test]
fn whoever_takes_the_last_stone_wins() {
    for (pile, taker) in [(1, 0), (2, 1), (3, 0)] {
        // Every move takes one stone: the last is player (pile - 1) % 2's.
        let mut g = Nim::new(pile, 1);
        while let ToAct::Player(p) = g.to_act() {
            g.play(p, 1).unwrap();
        }
        let o = g.outcome().unwrap();
        assert_eq!(o.winner(), Some(PlayerId(taker)), "pile {pile}");
        assert_eq!(g.end_reason(), Some("last-stone"));
        assert_eq!(g.to_move, PlayerId(taker), "the state keeps the winner as to_move");
    }
    // No draws: every finished game has a winner.
    let mut g = Nim::new(7, 3);
    g.play(PlayerId(0), 3).unwrap();
    g.play(PlayerId(1), 3).unwrap();
    assert_eq!(g.outcome(), None);
    g.play(PlayerId(0), 1).unwrap();
    assert_eq!(g.outcome().unwrap().winner(), Some(PlayerId(0)));
}

#[test]
fn a_game_lasts_at_most_pile_moves() {
    assert_eq!(Nim::new(17, 3).max_plies(), Some(17));
    let mut g = Nim::new(17, 3);
    let mut plies = 0;
    while let ToAct::Player(p) = g.to_act() {
        g.play(p, 1).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 17);
}

#[test]
fn a_game_that_starts_with_an_empty_pile_is_over_and_player_0_wins() {
    let g = Nim::new(0, 3);
    assert_eq!(g.to_act(), ToAct::Over);
    assert_eq!(g.outcome().unwrap().winner(), Some(PlayerId(0)));
}

#[test]
fn max_take_zero_is_taken_as_one_by_new() {
    assert_eq!(Nim::new(5, 0).max_take, 1);
}

#[test]
fn losing_positions_are_the_multiples_of_max_take_plus_one() {
    for max_take in 1..=6 {
        for pile in 1..=40 {
            for p in [0, 1] {
                let g = Nim { pile, max_take, to_move: PlayerId(p) };
                let losing = pile % (max_take + 1) == 0;
                assert_eq!(!wins(&g), losing, "{g:?}: the exhaustive search disagrees with the rule");
                assert_eq!(g.is_losing(), losing, "{g:?}");
            }
        }
    }
    // The rule at the top of the range (max_take + 1 does not fit a u8).
    assert!(!Nim::new(255, 255).is_losing());
    assert!(!Nim::new(0, 3).is_losing(), "a finished game is lost by no one to move");
}

#[test]
fn the_winning_take_is_pile_mod_max_take_plus_one() {
    for max_take in 1..=5 {
        for pile in 1..=30u8 {
            let take = pile % (max_take + 1);
            if take == 0 {
                continue;
            }
            let mut g = Nim::new(pile, max_take);
            g.play(PlayerId(0), take).unwrap();
            assert!(g.is_over() || !wins(&g), "pile {pile} max_take {max_take}: taking {take} wins");
        }
    }
    // The arena's default game: the first player wins by taking 1.
    let g = Nim::default();
    assert_eq!((g.pile, g.max_take, g.to_move), (21, 3, PlayerId(0)));
    assert_eq!(g.pile % (g.max_take + 1), 1);
}

#[test]
fn a_setup_is_the_three_fields_and_round_trips() {
    let g = Nim { pile: 7, max_take: 2, to_move: PlayerId(1) };
    let setup = g.to_setup();
    assert_eq!(setup, Setup { pile: 7, max_take: 2, to_move: PlayerId(1) });
    assert_eq!(serde_json::to_string(&setup).unwrap(), r#"{"pile":7,"max_take":2,"to_move":1}"#);
    assert_eq!(Nim::from_setup(setup), Ok(g));
    let back: Setup = serde_json::from_str(r#"{"pile": 21, "max_take": 3, "to_move": 0}"#).unwrap();
    assert_eq!(Nim::from_setup(back), Ok(Nim::new(21, 3)));
}

#[test]
fn a_setup_with_max_take_zero_is_refused() {
    let e = Nim::from_setup(Setup { pile: 5, max_take: 0, to_move: PlayerId(0) }).unwrap_err();
    assert_eq!(e, NimError::BadSetup("max_take must be at least 1"));
    assert_eq!((e.kind(), e.to_string().as_str()), ("bad-setup", "invalid setup: max_take must be at least 1"));
}

#[test]
fn a_setup_with_a_player_other_than_0_and_1_to_move_is_refused() {
    let e = Nim::from_setup(Setup { pile: 5, max_take: 3, to_move: PlayerId(2) }).unwrap_err();
    assert_eq!(e, NimError::BadSetup("the player to move must be 0 or 1"));
    // max_take is checked first.
    let both = Nim::from_setup(Setup { pile: 5, max_take: 0, to_move: PlayerId(2) }).unwrap_err();
    assert_eq!(both, NimError::BadSetup("max_take must be at least 1"));
}

#[test]
fn a_position_as_text() {
    assert_eq!(Nim::new(21, 3).to_string(), "pile 21 (take 1..=3), player 0 to move");
    let over = Nim { pile: 0, max_take: 2, to_move: PlayerId(1) };
    assert_eq!(over.to_string(), "pile 0 (take 1..=2), player 1 to move");
}

#[test]
fn a_take_as_text_is_its_decimal_number() {
    assert_eq!(format_take(3), "3");
    assert_eq!(format_take(255), "255");
    for (text, take) in [("3", Some(3)), ("+3", Some(3)), ("03", Some(3)), ("0", Some(0)), ("255", Some(255))] {
        assert_eq!(parse_take(text).ok(), take, "{text:?}");
    }
    for text in ["", " 3", "3 ", "3\r", "-1", "256", "99999999999", "3.0", "three", "٣", "++3"] {
        let e = parse_take(text).unwrap_err();
        assert_eq!(e.kind(), "unreadable", "{text:?}");
        assert_eq!(e.to_string(), "not a number of stones (the answer is one whole number)");
    }
}
