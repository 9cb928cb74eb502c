//! One test per sentence of the rules (`paper_soccer::rules`, its text in
//! [doc/rules.md](../../doc/rules.md)), named after the rule.

use crate::common;

use common::*;
use game_core::{Game, PlayerId, RngCore, SeatError, ToAct};
use paper_soccer::{Dir, Goal, Line, PaperSoccer, Pitch, Point, Setup, StepError, TurnError};

/// A standard position with the ball at `ball`, `player` to move and the
/// given drawable lines drawn.
fn position(ball: Point, player: u8, lines: &[(Point, Dir)]) -> PaperSoccer {
    let setup = Setup {
        pitch: Pitch::STANDARD,
        lines: lines.iter().map(|&(from, dir)| Line { from, dir }).collect(),
        ball,
        to_move: PlayerId(player),
    };
    PaperSoccer::from_setup(setup).expect("valid fixture")
}

fn p0() -> PlayerId {
    PlayerId(0)
}

// --- Pitch ---

#[test]
fn standard_pitch_is_9_by_11_lattice_points_plus_6_goal_points_105_in_all() {
    let pitch = Pitch::STANDARD;
    assert_eq!(pitch.points().count(), 105);
    assert_eq!(pitch.points().filter(|&p| pitch.goal_at(p).is_none()).count(), 9 * 11);
    let naive = NaivePitch::new(8, 10);
    let ours: std::collections::HashSet<_> = pitch.points().map(|p| (i32::from(p.x), i32::from(p.y))).collect();
    assert_eq!(ours, naive.points);
}

#[test]
fn goals_are_two_wide_centred_with_posts_at_3_and_5() {
    let pitch = Pitch::STANDARD;
    for x in 3..=5 {
        assert_eq!(pitch.goal_at(pt(x, -1)), Some(Goal::Top));
        assert_eq!(pitch.goal_at(pt(x, 11)), Some(Goal::Bottom));
    }
    assert!(!pitch.contains(pt(2, -1)) && !pitch.contains(pt(6, -1)) && !pitch.contains(pt(6, 11)));
    // Posts: bounce points on the end line, next to the mouth.
    let g = PaperSoccer::default();
    for post in [pt(3, 0), pt(5, 0), pt(3, 10), pt(5, 10)] {
        assert!(g.is_bounce_point(post), "{post}");
    }
}

#[test]
fn ball_starts_at_the_centre() {
    let g = PaperSoccer::default();
    assert_eq!(g.ball(), pt(4, 5));
    assert_eq!(g.to_act(), ToAct::Player(p0()));
}

#[test]
fn points_link_to_8_neighbours_except_outer_goal_diagonals_356_links() {
    let pitch = Pitch::STANDARD;
    assert_eq!(pitch.links().count(), 356);
    let naive = NaivePitch::new(8, 10);
    assert_eq!(naive.links.len(), 356);
    for (p, d, _) in pitch.links() {
        let (dx, dy) = d.delta();
        let a = (i32::from(p.x), i32::from(p.y));
        assert!(naive.links.contains(&seg(a, (a.0 + i32::from(dx), a.1 + i32::from(dy)))));
    }
    // Each link is listed from its end that comes first row by row.
    let order: Vec<Point> = pitch.points().collect();
    let rank = |p: Point| order.iter().position(|&q| q == p).unwrap();
    for (p, d, _) in pitch.links() {
        assert!(rank(p) < rank(p.step(d).unwrap()), "{p} {d}");
    }
}

#[test]
fn outer_diagonal_into_a_goal_does_not_exist() {
    let pitch = Pitch::STANDARD;
    for (p, d) in [(pt(2, 0), Dir::NE), (pt(6, 0), Dir::NW), (pt(2, 10), Dir::SE), (pt(6, 10), Dir::SW)] {
        assert!(!pitch.link_exists(p, d), "{p} {d}");
        let g = position(p, 0, &[]);
        assert_eq!(g.check_move(p0(), d), Err(StepError::NoSuchPoint { from: p, dir: d }));
        let text = d.digit().to_string();
        assert_eq!(g.after_turn(&text), Err(TurnError::NoSuchPoint { index: 0, from: p, step: d.digit() }));
    }
}

#[test]
fn forty_lines_are_predrawn_and_316_remain_drawable() {
    let pitch = Pitch::STANDARD;
    assert_eq!(pitch.links().filter(|l| l.2).count(), 40);
    assert_eq!(pitch.drawable_links(), 316);
    assert_eq!(PaperSoccer::default().max_plies(), Some(316));
    let naive = NaivePitch::new(8, 10);
    let ours: std::collections::HashSet<Seg> = pitch
        .links()
        .filter(|l| l.2)
        .map(|(p, d, _)| {
            let (dx, dy) = d.delta();
            let a = (i32::from(p.x), i32::from(p.y));
            seg(a, (a.0 + i32::from(dx), a.1 + i32::from(dy)))
        })
        .collect();
    assert_eq!(ours, naive.predrawn);
}

#[test]
fn goal_mouth_segments_are_ordinary_free_lines() {
    let g = PaperSoccer::default();
    for (p, d) in [(pt(3, 0), Dir::E), (pt(4, 0), Dir::E), (pt(3, 10), Dir::E), (pt(4, 10), Dir::E)] {
        assert_eq!(g.is_line_drawn(p, d), Some(false), "{p} {d}");
    }
    // The ball can run along the mouth: post (3,0) east to the mouth centre.
    let mut g = position(pt(3, 0), 0, &[]);
    g.play(p0(), Dir::E).unwrap();
    assert_eq!(g.ball(), pt(4, 0));
}

#[test]
fn other_even_pitch_sizes_are_configurations() {
    assert!(Pitch::new(7, 10).is_err());
    assert!(Pitch::new(8, 9).is_err());
    assert!(Pitch::new(2, 4).is_err());
    for (w, h) in [(4, 2), (4, 4), (6, 8), (8, 10), (10, 12), (12, 16)] {
        let pitch = Pitch::new(w, h).unwrap();
        let naive = NaivePitch::new(i32::from(w), i32::from(h));
        assert_eq!(pitch.drawable_links(), naive.links.len() - naive.predrawn.len(), "{w}x{h}");
        assert_eq!(pitch.drawable_links(), pitch.links().filter(|l| !l.2).count(), "{w}x{h}");
    }
    let pitch = Pitch::new(6, 8).unwrap();
    let naive = NaivePitch::new(6, 8);
    assert_eq!(pitch.links().count(), naive.links.len());
    assert_eq!(pitch.links().filter(|l| l.2).count(), naive.predrawn.len());
    assert!(paper_soccer::Board::<{ paper_soccer::slots(6, 8) }>::new(pitch).is_ok());
    // The wrong board type for a size is refused.
    assert!(PaperSoccer::new(pitch).is_err());
}

// --- Directions ---

#[test]
fn direction_digits_are_n_ne_e_se_s_sw_w_nw_clockwise_from_north() {
    let expected = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];
    for (i, d) in Dir::ALL.into_iter().enumerate() {
        assert_eq!(d.index() as usize, i);
        assert_eq!(d.delta(), expected[i]);
        assert_eq!(Dir::from_digit(d.digit()), Some(d));
    }
    let mut g = PaperSoccer::default();
    g.play_turn("0").unwrap();
    assert_eq!(g.ball(), pt(4, 4), "north is y - 1");
}

// --- A turn ---

#[test]
fn a_step_draws_the_line_from_the_ball_to_its_neighbour() {
    let mut g = PaperSoccer::default();
    assert_eq!(g.is_line_drawn(pt(4, 5), Dir::NE), Some(false));
    g.play(p0(), Dir::NE).unwrap();
    assert_eq!(g.is_line_drawn(pt(4, 5), Dir::NE), Some(true));
    assert_eq!(g.is_line_drawn(pt(5, 4), Dir::SW), Some(true));
    assert_eq!(g.lines_drawn(), 1);
}

#[test]
fn a_line_drawn_earlier_cannot_be_drawn_again() {
    let mut g = PaperSoccer::default();
    g.play_turn("0").unwrap();
    assert_eq!(g.check_move(PlayerId(1), Dir::S), Err(StepError::LineAlreadyDrawn { from: pt(4, 4), dir: Dir::S }));
    assert_eq!(g.after_turn("4"), Err(TurnError::LineAlreadyDrawn { index: 0, from: pt(4, 4), dir: Dir::S }));
}

#[test]
fn an_unchecked_step_along_a_drawn_line_changes_nothing() {
    // `step` is the unchecked fast path: a direction outside `legal_dirs`
    // is ignored rather than drawn.
    let mut rng = game_core::rng::seeded(5);
    for _ in 0..200 {
        let mut g = PaperSoccer::default();
        while !g.is_over() {
            for d in Dir::ALL {
                if !g.legal_dirs().contains(d) {
                    let mut h = g;
                    assert!(!h.step(d), "{d}");
                    assert_eq!(h, g, "{d}");
                }
            }
            let legal: Vec<Dir> = g.legal_dirs().iter().collect();
            g.step(legal[(rng.next_u32() as usize) % legal.len()]);
        }
    }
}

/// Ball on (1,5), touched by a line from the previous turn; (1,4) touched
/// too: the triangle (1,5), (1,4), (0,4) can be run round both ways.
fn triangle() -> PaperSoccer {
    position(pt(1, 5), 0, &[(pt(1, 4), Dir::NE), (pt(1, 5), Dir::SE)])
}

#[test]
fn a_line_drawn_earlier_this_turn_cannot_be_drawn_again() {
    let g = triangle();
    // 0: (1,4); 6: (0,4); 3: back to (1,5); 0 again: the line drawn first.
    assert_eq!(g.after_turn("0630"), Err(TurnError::LineAlreadyDrawn { index: 3, from: pt(1, 5), dir: Dir::N }));
    // Straight back along the line just drawn.
    assert_eq!(g.after_turn("04"), Err(TurnError::LineAlreadyDrawn { index: 1, from: pt(1, 4), dir: Dir::S }));
}

#[test]
fn moving_along_a_border_is_refused() {
    for (ball, d) in [
        (pt(0, 5), Dir::N),
        (pt(0, 5), Dir::S),
        (pt(8, 3), Dir::N),
        (pt(2, 0), Dir::E),
        (pt(2, 0), Dir::W),
        (pt(6, 10), Dir::E),
        (pt(3, 0), Dir::N),
        (pt(5, 10), Dir::S),
    ] {
        let g = position(ball, 0, &[]);
        assert_eq!(g.check_move(p0(), d), Err(StepError::LineAlreadyDrawn { from: ball, dir: d }), "{ball} {d}");
        assert!(!g.legal_dirs().contains(d));
    }
}

#[test]
fn every_border_point_bounces() {
    let pitch = Pitch::STANDARD;
    let start = PaperSoccer::default();
    let mut checked = 0;
    for p in pitch.points() {
        let border = pitch.goal_at(p).is_none() && (p.x == 0 || p.x == 8 || p.y == 0 || p.y == 10);
        let mouth_centre = p == pt(4, 0) || p == pt(4, 10);
        if !border || mouth_centre {
            continue;
        }
        assert!(start.is_bounce_point(p), "{p}");
        // Arrive there from an inner neighbour: the same player steps again
        // (or the game is over at a corner).
        for d in Dir::ALL {
            let Some(from) = p.step(d.opposite()) else { continue };
            let inner = (1..=7).contains(&from.x) && (1..=9).contains(&from.y);
            if !inner {
                continue;
            }
            let mut g = position(from, 1, &[]);
            g.play(PlayerId(1), d).unwrap();
            if !g.is_over() {
                assert_eq!(g.to_act(), ToAct::Player(PlayerId(1)), "{from} -> {p}");
            }
            checked += 1;
        }
    }
    assert!(checked > 50);
}

#[test]
fn a_point_touching_a_drawn_line_bounces() {
    let mut g = PaperSoccer::default();
    g.play_turn("0").unwrap(); // (4,4), fresh: player 1
    g.play_turn("2").unwrap(); // (5,4), fresh: player 0
    g.play(p0(), Dir::SW).unwrap(); // (4,5) touches the first line
    assert_eq!(g.to_act(), ToAct::Player(p0()));
}

#[test]
fn a_fresh_point_ends_the_turn() {
    let mut g = PaperSoccer::default();
    g.play(p0(), Dir::SE).unwrap();
    assert_eq!(g.to_act(), ToAct::Player(PlayerId(1)));
    assert_eq!(g.after_turn("33"), Err(TurnError::StepAfterTurnEnded { index: 1 }));
}

#[test]
fn mouth_centres_are_fresh() {
    let g = PaperSoccer::default();
    assert!(!g.is_bounce_point(pt(4, 0)));
    assert!(!g.is_bounce_point(pt(4, 10)));
    for (from, d, player) in [(pt(4, 1), Dir::N, 0), (pt(4, 9), Dir::S, 1), (pt(3, 1), Dir::NE, 1)] {
        let mut g = position(from, player, &[]);
        g.play(PlayerId(player), d).unwrap();
        assert_eq!(g.to_act(), ToAct::Player(PlayerId(1 - player)), "{from} {d}");
    }
}

#[test]
fn revisiting_a_point_of_the_same_turn_bounces() {
    // The ball sits on a fresh point (1,5); (1,4) touches a line elsewhere.
    let g = position(pt(1, 5), 0, &[(pt(1, 4), Dir::NE)]);
    assert!(!g.is_bounce_point(pt(1, 5)));
    // 7: to (0,4) border, bounce; 2: to (1,4), bounce; 4: back to (1,5),
    // fresh before the turn but visited by it: bounce, so "724" is short.
    assert_eq!(g.after_turn("724"), Err(TurnError::EndedOnBouncePoint { at: pt(1, 5) }));
    let after = g.after_turn("7243").unwrap();
    assert_eq!(after.ball(), pt(2, 6));
    assert_eq!(after.to_act(), ToAct::Player(PlayerId(1)));
}

#[test]
fn exactly_five_links_enter_each_goal() {
    let pitch = Pitch::STANDARD;
    for goal in [Goal::Top, Goal::Bottom] {
        let entries: Vec<(Point, Dir)> = pitch
            .links()
            .flat_map(|(p, d, pre)| {
                let q = p.step(d).unwrap();
                [(p, d, q, pre), (q, d.opposite(), p, pre)]
            })
            .filter(|&(p, _, q, pre)| !pre && pitch.goal_at(p).is_none() && pitch.goal_at(q) == Some(goal))
            .map(|(p, d, _, _)| (p, d))
            .collect();
        let expected: Vec<(Point, Dir)> = if goal == Goal::Top {
            vec![(pt(4, 0), Dir::NW), (pt(4, 0), Dir::N), (pt(4, 0), Dir::NE), (pt(3, 0), Dir::NE), (pt(5, 0), Dir::NW)]
        } else {
            vec![
                (pt(4, 10), Dir::SW),
                (pt(4, 10), Dir::S),
                (pt(4, 10), Dir::SE),
                (pt(3, 10), Dir::SE),
                (pt(5, 10), Dir::SW),
            ]
        };
        let mut a = entries.clone();
        let mut b = expected.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{goal:?}");
    }
}

#[test]
fn from_the_mouth_centre_7_0_1_score() {
    for d in [Dir::NW, Dir::N, Dir::NE] {
        let mut g = position(pt(4, 0), 0, &[]);
        g.play(p0(), d).unwrap();
        assert_eq!(g.ball_goal(), Some(Goal::Top));
        assert_eq!(g.winner(), Some(p0()));
    }
}

#[test]
fn from_a_post_only_the_inner_diagonal_scores() {
    for (post, scoring, goal) in [
        (pt(3, 0), Dir::NE, Goal::Top),
        (pt(5, 0), Dir::NW, Goal::Top),
        (pt(3, 10), Dir::SE, Goal::Bottom),
        (pt(5, 10), Dir::SW, Goal::Bottom),
    ] {
        let g = position(post, 0, &[]);
        for d in g.legal_dirs() {
            let mut c = g;
            c.play(p0(), d).unwrap();
            assert_eq!(c.ball_goal() == Some(goal), d == scoring, "{post} {d}");
        }
        assert!(g.legal_dirs().contains(scoring));
    }
}

// --- End of the game ---

#[test]
fn the_ball_in_a_goal_ends_the_game_at_once_and_player_0_attacks_the_top_goal() {
    assert_eq!(PaperSoccer::goal_attacked(PlayerId(0)), Some(Goal::Top));
    assert_eq!(PaperSoccer::goal_attacked(PlayerId(1)), Some(Goal::Bottom));
    assert_eq!(PaperSoccer::goal_defended(PlayerId(0)), Some(Goal::Bottom));
    assert_eq!(PaperSoccer::goal_defended(PlayerId(1)), Some(Goal::Top));
    let mut g2 = position(pt(4, 0), 0, &[(pt(4, 0), Dir::S)]);
    g2.play_turn("0").unwrap();
    assert_eq!(g2.to_act(), ToAct::Over);
    assert_eq!(g2.outcome().unwrap().winner(), Some(p0()));
    assert_eq!(g2.end_reason(), Some("goal"));
    // Player 1 scores in the bottom goal.
    let mut g3 = position(pt(4, 10), 1, &[(pt(4, 10), Dir::N)]);
    g3.play_turn("4").unwrap();
    assert_eq!(g3.winner(), Some(PlayerId(1)));
}

#[test]
fn own_goal_loses() {
    let mut g = position(pt(4, 10), 0, &[(pt(4, 10), Dir::N)]);
    g.play_turn("4").unwrap();
    assert_eq!(g.ball_goal(), Some(Goal::Bottom));
    assert_eq!(g.winner(), Some(PlayerId(1)));
    assert_eq!(g.end_reason(), Some("own-goal"));
    let mut g = position(pt(3, 0), 1, &[]);
    g.play(PlayerId(1), Dir::NE).unwrap();
    assert_eq!(g.winner(), Some(p0()));
    assert_eq!(g.end_reason(), Some("own-goal"));
}

#[test]
fn corner_blocks_and_the_mover_loses() {
    for (from, d, corner) in [
        (pt(1, 1), Dir::NW, pt(0, 0)),
        (pt(7, 1), Dir::NE, pt(8, 0)),
        (pt(1, 9), Dir::SW, pt(0, 10)),
        (pt(7, 9), Dir::SE, pt(8, 10)),
    ] {
        let mut g = position(from, 1, &[]);
        assert_eq!(g.free_dirs(corner).len(), 1, "{corner}");
        g.play(PlayerId(1), d).unwrap();
        assert_eq!(g.to_act(), ToAct::Over);
        assert_eq!(g.winner(), Some(PlayerId(0)), "the mover, player 1, loses");
        assert_eq!(g.end_reason(), Some("blocked"));
    }
}

#[test]
fn blocked_mid_turn_ends_the_game_at_once() {
    // (1,0) on the end line: bounce; then west... (0,0) is reached from (1,1) only.
    let g = position(pt(2, 1), 0, &[]);
    // 6: (1,1) fresh -> the turn ends; so start from a bounce: (1,2) touched.
    let g = position(g.ball(), 0, &[(pt(1, 1), Dir::S)]);
    let after = g.after_turn("67").unwrap();
    assert_eq!(after.ball(), pt(0, 0));
    assert_eq!(after.winner(), Some(PlayerId(1)));
    assert_eq!(g.after_turn("675"), Err(TurnError::StepAfterTurnEnded { index: 2 }));
}

#[test]
fn a_player_never_starts_a_turn_without_a_legal_step() {
    let mut rng = game_core::rng::seeded(11);
    for _ in 0..300 {
        let mut g = PaperSoccer::default();
        while !g.is_over() {
            assert!(!g.legal_dirs().is_empty());
            let turns = g.legal_turns(64);
            let t = &turns[game_core::rng::below(&mut rng, turns.len())];
            g.play_turn_steps(t).unwrap();
        }
    }
}

#[test]
fn there_is_no_draw_and_a_game_lasts_at_most_65_turns() {
    // 65 points start fresh.
    let g = PaperSoccer::default();
    let fresh = Pitch::STANDARD.points().filter(|&p| !g.is_bounce_point(p)).count();
    assert_eq!(fresh, 65);
    let mut rng = game_core::rng::seeded(12);
    for _ in 0..300 {
        let mut g = PaperSoccer::default();
        let mut turns = 0;
        while !g.is_over() {
            let list = g.legal_turns(1000);
            let t = &list[game_core::rng::below(&mut rng, list.len())];
            g.play_turn_steps(t).unwrap();
            turns += 1;
        }
        assert!(turns <= 65);
        assert!(g.outcome().unwrap().winner().is_some());
    }
}

// --- Illegal turns, in the referee's order ---

#[test]
fn an_empty_turn_is_illegal() {
    let g = PaperSoccer::default();
    assert_eq!(g.after_turn(""), Err(TurnError::Empty));
}

#[test]
fn a_character_outside_0_to_7_is_illegal_space_included_and_checked_first() {
    let g = PaperSoccer::default();
    assert_eq!(g.after_turn("0 "), Err(TurnError::BadCharacter { index: 1, found: ' ' }));
    assert_eq!(g.after_turn(" 0"), Err(TurnError::BadCharacter { index: 0, found: ' ' }));
    // Check 1 comes before check 2: "00x" fails on the x, not on the second 0.
    assert_eq!(g.after_turn("00x"), Err(TurnError::BadCharacter { index: 2, found: 'x' }));
    assert_eq!(g.after_turn("9"), Err(TurnError::BadCharacter { index: 0, found: '9' }));
    assert_eq!(g.after_turn("-"), Err(TurnError::BadCharacter { index: 0, found: '-' }));
    assert_eq!(g.after_turn("é"), Err(TurnError::BadCharacter { index: 0, found: 'é' }));
}

#[test]
fn an_8_passes_check_1_and_is_refused_by_check_2_or_3() {
    let g = PaperSoccer::default();
    assert_eq!(g.after_turn("8"), Err(TurnError::NoSuchPoint { index: 0, from: pt(4, 5), step: '8' }));
    assert_eq!(g.after_turn("08"), Err(TurnError::StepAfterTurnEnded { index: 1 }));
    assert_eq!(g.after_turn("8x"), Err(TurnError::BadCharacter { index: 1, found: 'x' }));
}

#[test]
fn characters_after_a_goal_are_illegal() {
    let g = position(pt(4, 0), 0, &[(pt(4, 0), Dir::S)]);
    assert_eq!(g.after_turn("04"), Err(TurnError::StepAfterTurnEnded { index: 1 }));
    assert_eq!(g.after_turn("00"), Err(TurnError::StepAfterTurnEnded { index: 1 }));
    assert!(g.after_turn("0").is_ok());
}

#[test]
fn a_step_after_the_turn_ended_on_a_fresh_point_is_illegal() {
    let g = PaperSoccer::default();
    assert_eq!(g.after_turn("04"), Err(TurnError::StepAfterTurnEnded { index: 1 }));
}

#[test]
fn a_step_to_a_point_that_does_not_exist_is_illegal() {
    let g = position(pt(1, 5), 0, &[]);
    // 6: to (0,5), bounce; 6 again: off the pitch.
    assert_eq!(g.after_turn("66"), Err(TurnError::NoSuchPoint { index: 1, from: pt(0, 5), step: '6' }));
}

#[test]
fn turn_ending_on_a_bounce_point_is_illegal() {
    let g = position(pt(1, 5), 0, &[]);
    assert_eq!(g.after_turn("6"), Err(TurnError::EndedOnBouncePoint { at: pt(0, 5) }));
    assert!(g.after_turn("61").is_ok());
}

#[test]
fn an_illegal_turn_leaves_the_state_unchanged() {
    let mut g = position(pt(1, 5), 0, &[]);
    let before = g;
    for bad in ["", "6", "66", "08", "6 ", "62"] {
        assert!(g.play_turn(bad).is_err(), "{bad:?}");
        assert_eq!(g, before, "{bad:?}");
    }
    // Wrong player, and a step along the side line.
    let _ = g.play(PlayerId(1), Dir::E).unwrap_err();
    assert_eq!(g, before);
    g.play(p0(), Dir::W).unwrap();
    let after_bounce = g;
    let _ = g.play(p0(), Dir::N).unwrap_err();
    assert_eq!(g, after_bounce);
}

#[test]
fn a_finished_game_refuses_every_turn() {
    let mut g = position(pt(4, 0), 0, &[(pt(4, 0), Dir::S)]);
    g.play_turn("0").unwrap();
    assert_eq!(g.after_turn("4"), Err(TurnError::GameOver));
    assert_eq!(g.check_move(PlayerId(1), Dir::S), Err(StepError::Seat(SeatError::GameOver)));
}

// --- Move generation ---

#[test]
fn the_generator_lists_distinct_outcomes_not_orderings() {
    let g = triangle();
    // Round the triangle one way or the other, then east: same lines, same end.
    let a = g.after_turn("0632").unwrap();
    let b = g.after_turn("7242").unwrap();
    assert_eq!(a, b);
    let mut same = 0;
    let mut all = std::collections::HashSet::new();
    g.for_each_turn(u64::MAX, |_, after| {
        assert!(all.insert(*after), "a result listed twice");
        same += usize::from(*after == a);
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(same, 1);
    // The naive model, which enumerates every order, finds the same results.
    let n = naive_from(&g);
    assert_eq!(n.turns(u64::MAX).map(|t| t.len()), Some(all.len()));
}

#[test]
fn the_generator_can_be_capped_and_stopped_early() {
    let start = PaperSoccer::default();
    let b = board_after(&start, &random_steps(&start, 4, 60));
    let r = b.for_each_turn(100, |_, _| std::ops::ControlFlow::Continue(()));
    assert_eq!(r.turns, 100);
    assert!(!r.complete);
    let mut seen = 0;
    let r = b.for_each_turn(u64::MAX, |_, _| {
        seen += 1;
        if seen == 7 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) }
    });
    assert_eq!((seen, r.turns, r.complete), (7, 7, false));
}

// --- Text forms ---

#[test]
fn display_draws_lines_ball_and_goals() {
    let mut g = PaperSoccer::default();
    g.play_turn("0").unwrap(); // (4,5) -> (4,4)
    g.play_turn("3").unwrap(); // (4,4) -> (5,5)
    let text = g.to_string();
    let rows: Vec<&str> = text.lines().collect();
    // Row 0 is the top goal (y = -1), point rows are even, link rows odd.
    let row = |y: i32| rows[(2 * (y + 1)) as usize];
    let link_row = |y: i32| rows[(2 * (y + 1) + 1) as usize];
    assert_eq!(row(-1), "      #-#-#");
    assert_eq!(row(0), "+-+-+-+ . +-+-+-+");
    assert_eq!(&row(4)[8..9], "+", "(4,4) touches lines");
    assert_eq!(&row(5)[10..11], "@", "the ball at (5,5)");
    assert_eq!(&link_row(4)[8..10], "|\\", "the vertical (4,4)-(4,5) and the diagonal (4,4)-(5,5)");
    assert_eq!(row(11), "      #-#-#");
    assert_eq!(rows.last(), Some(&"player 0 to move"));
    let mut over = position(pt(4, 0), 0, &[(pt(4, 0), Dir::S)]);
    over.play_turn("0").unwrap();
    assert!(over.to_string().ends_with("player 0 wins (goal)"));
}
