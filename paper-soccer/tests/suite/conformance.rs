//! The game-core conformance kit, Zobrist checks, and property tests: the
//! turn generator and the turn checker agree, generated turns replay step by
//! step, text forms round-trip, and no parser panics.

use crate::common;

use common::*;
use game_core::testing::{KitConfig, arb_state, assert_conforms, check_zobrist_games, state_from_indices};
use game_core::{Game, MoveNotation, PlayerId, Zobrist};
use paper_soccer::{Board, Dir, PaperSoccer, Pitch, Setup, Turn, protocol, slots};
use proptest::prelude::*;
use std::collections::HashMap;
use std::ops::ControlFlow;

type Small = Board<{ slots(4, 4) }>;

fn small() -> Small {
    Small::new(Pitch::new(4, 4).unwrap()).unwrap()
}

#[test]
fn standard_board_passes_the_conformance_kit() {
    let r = assert_conforms(&PaperSoccer::default(), &KitConfig { games: 60, seed: 1, check_every: 1 });
    assert!(r.longest <= 316);
}

#[test]
fn small_and_medium_pitches_pass_the_conformance_kit() {
    assert_conforms(&small(), &KitConfig { games: 60, seed: 2, check_every: 1 });
    let b = Board::<{ slots(6, 8) }>::new(Pitch::new(6, 8).unwrap()).unwrap();
    assert_conforms(&b, &KitConfig { games: 30, seed: 3, check_every: 2 });
}

#[test]
fn incremental_zobrist_matches_recomputation() {
    let n = check_zobrist_games(&PaperSoccer::default(), &KitConfig { games: 100, seed: 4, check_every: 1 }).unwrap();
    assert!(n > 1000);
    check_zobrist_games(&small(), &KitConfig { games: 50, seed: 5, check_every: 1 }).unwrap();
}

#[test]
fn standard_board_is_128_bytes_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<PaperSoccer>();
    assert!(std::mem::size_of::<PaperSoccer>() <= 128);
}

#[test]
fn random_games_agree_with_the_naive_model_step_by_step() {
    let mut rng = game_core::rng::seeded(6);
    for _ in 0..40 {
        let mut b = PaperSoccer::default();
        let mut n = Naive::new(8, 10);
        while !b.is_over() {
            let dirs: Vec<Dir> = b.legal_dirs().iter().collect();
            let d = dirs[game_core::rng::below(&mut rng, dirs.len())];
            b.play(b.to_move().expect("the game goes on"), d).unwrap();
            n.step(d.index()).unwrap();
            agrees(&b, &n).unwrap();
        }
    }
}

#[test]
fn fast_random_playout_plays_legal_games() {
    let mut rng = game_core::rng::seeded(7);
    for _ in 0..200 {
        let mut b = PaperSoccer::default();
        let steps = b.random_playout(&mut rng);
        assert!(b.is_over());
        assert_eq!(b.lines_drawn(), steps as usize);
        assert_eq!(b.zobrist(), b.zobrist_from_scratch());
    }
}

#[test]
fn fast_random_playout_ends_with_the_turns_its_fresh_landings_passed() {
    // A turn passes on each landing on a point no line touched yet, and
    // each point first touched on the way (other than the ball's start) is
    // such a landing: the last mover follows from the points alone.
    let mut rng = game_core::rng::seeded(11);
    for i in 0..300 {
        let start = state_from_indices(&PaperSoccer::default(), &[i % 7, i % 5, i % 3]);
        let mut end = start;
        end.random_playout(&mut rng);
        let fresh = start
            .pitch()
            .points()
            .filter(|&p| p != start.ball() && !start.is_bounce_point(p) && end.is_bounce_point(p))
            .count();
        let first = start.to_move().unwrap_or_else(|| start.last_mover().unwrap());
        let expected = if fresh % 2 == 0 { first } else { first.opponent() };
        assert_eq!(end.last_mover(), Some(expected), "{start}");
    }
}

#[test]
fn setup_round_trips_through_json() {
    let b = state_from_indices(&PaperSoccer::default(), &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9]);
    let json = serde_json::to_string(&b.to_setup()).unwrap();
    let back: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(PaperSoccer::from_setup(back).unwrap(), b);
}

#[test]
fn move_notation_is_one_digit() {
    let b = PaperSoccer::default();
    for d in Dir::ALL {
        assert_eq!(b.parse_move(&b.format_move(d)), Ok(d));
    }
    for bad in ["", "8", "00", " 0", "0 ", "x"] {
        assert!(b.parse_move(bad).is_err(), "{bad:?}");
    }
}

/// Every generated turn of `b`, as a map from the resulting position to the
/// step string found.
fn generated(b: &PaperSoccer, cap: u64) -> (HashMap<PaperSoccer, String>, bool) {
    let mut map = HashMap::new();
    let r = b.for_each_turn(cap, |steps, after| {
        let s: String = steps.iter().map(|d| d.digit()).collect();
        assert!(map.insert(*after, s).is_none(), "result listed twice");
        ControlFlow::Continue(())
    });
    (map, r.complete)
}

/// Random candidate turns: random walks over legal steps from `b`
/// (sometimes stopping short or running past the end) and raw digit
/// strings.
fn candidates(b: &PaperSoccer, seed: u64) -> Vec<String> {
    let mut rng = game_core::rng::seeded(seed);
    let mut out = Vec::new();
    for _ in 0..30 {
        let mut c = *b;
        let mut s = String::new();
        let len = 1 + game_core::rng::below(&mut rng, 12);
        for _ in 0..len {
            let dirs: Vec<Dir> = c.legal_dirs().iter().collect();
            let d = if dirs.is_empty() || game_core::rng::below(&mut rng, 10) == 0 {
                Dir::ALL[game_core::rng::below(&mut rng, 8)]
            } else {
                dirs[game_core::rng::below(&mut rng, dirs.len())]
            };
            c.step(d);
            s.push(d.digit());
        }
        out.push(s);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn a_turn_is_accepted_exactly_when_the_generator_lists_its_result(
        b in arb_state(PaperSoccer::default(), 60), seed in any::<u64>()
    ) {
        prop_assume!(!b.is_over());
        let (map, complete) = generated(&b, 200_000);
        prop_assume!(complete);
        // Listed => accepted, with the same result.
        for (after, s) in &map {
            prop_assert_eq!(b.after_turn(s), Ok(*after));
        }
        // Accepted => listed.
        for s in candidates(&b, seed) {
            if let Ok(after) = b.after_turn(&s) {
                prop_assert!(map.contains_key(&after), "{} accepted but not generated", s);
            }
        }
    }

    #[test]
    fn replaying_a_generated_turn_step_by_step_gives_the_same_state(
        b in arb_state(PaperSoccer::default(), 60)
    ) {
        prop_assume!(!b.is_over());
        let player = b.to_move().expect("the game goes on");
        b.for_each_turn(500, |steps, after| {
            let mut c = b;
            for (i, &d) in steps.iter().enumerate() {
                assert_eq!(c.to_move(), Some(player));
                c.play(player, d).unwrap();
                if i + 1 < steps.len() {
                    assert_eq!(c.to_act(), game_core::ToAct::Player(player), "the turn goes on mid-way");
                }
            }
            assert_eq!(&c, after);
            assert_eq!(c.zobrist(), c.zobrist_from_scratch());
            let t = Turn::new(steps.to_vec()).unwrap();
            assert_eq!(b.after_turn_steps(&t).as_ref(), Ok(after));
            ControlFlow::Continue(())
        });
    }

    #[test]
    fn position_text_round_trips(b in arb_state(PaperSoccer::default(), 120)) {
        let text = b.position_text().to_string();
        prop_assert_eq!(text.parse::<PaperSoccer>(), Ok(b));
        let s = small();
        let s = state_from_indices(&s, &[1, 2, 3, 4, 5, 6, 7]);
        prop_assert_eq!(s.position_text().to_string().parse::<Small>(), Ok(s));
    }

    #[test]
    fn illegal_turn_strings_change_nothing(b in arb_state(PaperSoccer::default(), 60), s in "[0-9 ]{0,10}") {
        let mut c = b;
        if c.play_turn(&s).is_err() {
            prop_assert_eq!(c, b);
        }
    }

    #[test]
    fn parsers_never_panic(s in any::<String>(), t in "[0-8\r\n -]{0,16}") {
        let b = PaperSoccer::default();
        let _ = b.after_turn(&s);
        let _ = b.after_turn(&t);
        let _ = s.parse::<Turn>();
        let _ = s.parse::<PaperSoccer>();
        let _ = b.parse_move(&s);
        let _ = protocol::read_start(&mut s.as_bytes());
        let _ = protocol::read_turn(&mut format!("{s}\n{t}").as_bytes());
        let _ = protocol::read_turn(&mut format!("{t}\n{s}").as_bytes());
        let _ = protocol::parse_answer(&b, s.as_bytes());
        let _ = protocol::parse_answer(&b, t.as_bytes());
        let _ = protocol::judge_record(&b, &s);
        let _ = protocol::judge_record(&b, &t);
    }

    #[test]
    fn answer_bytes_never_panic_and_only_digit_lines_are_accepted(bytes in proptest::collection::vec(any::<u8>(), 0..24)) {
        let b = PaperSoccer::default();
        let r = protocol::parse_answer(&b, &bytes);
        let body = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        match std::str::from_utf8(body) {
            Ok(text) => prop_assert_eq!(r, b.after_turn(text).map(|_| text.parse::<Turn>().unwrap())),
            Err(_) => prop_assert!(matches!(r, Err(paper_soccer::TurnError::BadCharacter { .. })), "{:?}", r),
        }
        let mut s = protocol::Session::new(protocol::StartMessage { me: game_core::PlayerId(1) }).unwrap();
        let _ = protocol::read_turn(&mut &bytes[..]).map(|m| m.map(|m| s.update(&m)));
    }

    #[test]
    fn position_text_parser_never_panics(
        w in 0u8..20, h in 0u8..20, x in -3i8..12, y in -3i8..14, p in 0u8..3, hex in "[0-9a-fA-Fg]{0,90}"
    ) {
        let text = format!("{w}x{h} b{x},{y} p{p} {hex}");
        let _ = text.parse::<PaperSoccer>();
        let _ = text.parse::<Small>();
    }

    #[test]
    fn setups_never_panic(x in -3i8..12, y in -3i8..14, lines in proptest::collection::vec((-2i8..11, -2i8..13, 0u8..8), 0..20)) {
        let setup = Setup {
            pitch: Pitch::STANDARD,
            lines: lines.into_iter().map(|(x, y, d)| paper_soccer::Line { from: pt(x, y), dir: Dir::from_index(d).unwrap() }).collect(),
            ball: pt(x, y),
            to_move: PlayerId(0),
        };
        if let Ok(b) = PaperSoccer::from_setup(setup) {
            prop_assert_eq!(PaperSoccer::from_setup(b.to_setup()), Ok(b));
            let _ = b.to_string();
            let _ = b.legal_turns(50);
        }
    }
}

#[test]
fn a_turn_generator_shows_its_table_capacity_which_its_first_use_allocates() {
    let mut turns = paper_soccer::TurnGen::new();
    assert_eq!(format!("{turns:?}"), "TurnGen { capacity: 0 }");
    turns.for_each_turn(&PaperSoccer::default(), 100, |_, _| ControlFlow::Continue(()));
    assert_ne!(format!("{turns:?}"), "TurnGen { capacity: 0 }");
}

#[test]
fn a_cap_of_zero_lists_no_turn_and_a_finished_game_has_none_to_list() {
    let mut turns = paper_soccer::TurnGen::new();
    let mut seen = 0;
    let report = turns.for_each_turn(&PaperSoccer::default(), 0, |_, _| {
        seen += 1;
        ControlFlow::Continue(())
    });
    assert_eq!((seen, report.complete), (0, false));
    let mut over = PaperSoccer::default();
    over.random_playout(&mut game_core::rng::seeded(2));
    let report = turns.for_each_turn(&over, 10, |_, _| {
        seen += 1;
        ControlFlow::Continue(())
    });
    assert_eq!((seen, report.complete), (0, true));
}

#[test]
fn a_generation_reports_its_turns_and_at_least_as_many_positions_expanded() {
    let b = state_from_indices(&PaperSoccer::default(), &[3, 1, 4, 1, 5, 9, 2, 6]);
    let mut listed = 0;
    let report = paper_soccer::TurnGen::new().for_each_turn(&b, u64::MAX, |_, _| {
        listed += 1;
        ControlFlow::Continue(())
    });
    assert!(report.complete);
    assert_eq!(report.turns, listed);
    assert!(report.nodes >= report.turns && report.turns > 0, "{report:?}");
}
