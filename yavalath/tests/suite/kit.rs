//! The game-core conformance kit, Zobrist checks, perft against the reference model, and the fast
//! playout against the generic rules.

use crate::common;
use common::*;
use game_core::testing::{KitConfig, arb_state, assert_conforms, check_state, check_zobrist_games, state_from_indices};
use game_core::{Game, PlayerId, Zobrist, perft, rng};
use proptest::prelude::*;
use yavalath::{Cell, Yavalath};

#[test]
fn conformance_kit_on_seeded_random_games() {
    let report = assert_conforms(&Yavalath::new(), &KitConfig { games: 60, seed: 0x9A7A, check_every: 1 });
    assert_eq!(report.games, 60);
    assert!(report.longest >= 10, "{report:?}");
}

#[test]
fn conformance_kit_from_middle_positions() {
    // After a steal, and from a crowded position.
    let after_steal = Yavalath::replay(&cells(&[(4, 4), (4, 4)])).unwrap();
    assert_conforms(&after_steal, &KitConfig { games: 20, seed: 1, check_every: 1 });
    let before_steal = Yavalath::replay(&cells(&[(0, 0)])).unwrap();
    assert_conforms(&before_steal, &KitConfig { games: 20, seed: 2, check_every: 1 });
}

#[test]
fn zobrist_is_incremental_and_matches_recomputation() {
    let checked = check_zobrist_games(&Yavalath::new(), &KitConfig { games: 300, seed: 5, check_every: 1 }).unwrap();
    assert!(checked > 3000);
    // The steal position differs from the position before it.
    let a = Yavalath::replay(&cells(&[(4, 4)])).unwrap();
    let b = Yavalath::replay(&cells(&[(4, 4), (4, 4)])).unwrap();
    assert_ne!(a.zobrist(), b.zobrist());
    assert_ne!(Yavalath::new().zobrist(), a.zobrist());
}

#[test]
fn perft_from_the_empty_board_matches_the_reference_model() {
    let model = ArrayBoard::new();
    let start = Yavalath::new();
    // 61; 60 empty cells + the steal; after a steal 60 cells, otherwise 59.
    assert_eq!(perft(&start, 1), 61);
    assert_eq!(perft(&start, 2), 61 * 61);
    assert_eq!(perft(&start, 3), 61 * (60 + 60 * 59));
    // No game can end within 4 moves (3 stones of one colour need 5): without a steal
    // 61 * 60 * 59 * 58, with one 61 * 60 * 59.
    assert_eq!(perft(&start, 4), 61 * 60 * 59 * 58 + 61 * 60 * 59);
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth), model.perft(depth), "depth {depth}");
    }
}

#[test]
fn perft_from_middle_positions_matches_the_reference_model() {
    // Positions with many stones, where moves end the game: checks the outcomes too.
    let mut r = rng::seeded(11);
    let mut buf = Vec::new();
    let mut tested = 0;
    while tested < 12 {
        let mut g = Yavalath::new();
        let mut n = ArrayBoard::new();
        let plies = 8 + rng::below(&mut r, 14);
        for _ in 0..plies {
            let Some(p) = g.to_move() else { break };
            g.legal_moves(p, &mut buf);
            let m = buf[rng::below(&mut r, buf.len())];
            g.play(p, m).unwrap();
            n.play(m.x().into(), m.y().into()).unwrap();
        }
        if g.is_over() {
            continue;
        }
        assert!(n.agrees_with(&g));
        for depth in 1..=3 {
            assert_eq!(perft(&g, depth), n.perft(depth), "{g:?} depth {depth}");
        }
        tested += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Any path of the bitboard game is followed move by move by the reference model, with the
    /// same legal moves, stones and ends.
    #[test]
    fn bitboard_game_agrees_with_the_reference_model(indices in proptest::collection::vec(any::<u16>(), 0..64)) {
        let mut g = Yavalath::new();
        let mut n = ArrayBoard::new();
        let mut buf = Vec::new();
        for i in indices {
            let Some(p) = g.to_move() else { break };
            g.legal_moves(p, &mut buf);
            let mut mine: Vec<(i32, i32)> = buf.iter().map(|c| (i32::from(c.x()), i32::from(c.y()))).collect();
            mine.sort_by_key(|&(x, y)| (y, x));
            prop_assert_eq!(&mine, &n.legal());
            let m = buf[usize::from(i) % buf.len()];
            g.play(p, m).unwrap();
            n.play(m.x().into(), m.y().into()).unwrap();
            prop_assert!(n.agrees_with(&g), "{:?} vs {:?}", g, n);
        }
    }

    #[test]
    fn every_reachable_state_passes_the_kit_checks(g in arb_state(Yavalath::new(), 62)) {
        prop_assert!(check_state(&g).is_ok());
        prop_assert_eq!(g.zobrist(), g.zobrist_from_scratch());
        prop_assert_eq!(g.notation().parse::<Yavalath>().unwrap(), g);
    }
}

#[test]
fn fast_playout_plays_legal_games() {
    // The moves of the specialised playout replay under the checked rules to the same state.
    let mut r = rng::seeded(99);
    let mut total = 0u64;
    for _ in 0..500 {
        let mut g = Yavalath::new();
        let mut moves = Vec::new();
        let n = g.random_playout_with(&mut r, |c| moves.push(c));
        assert_eq!(n as usize, moves.len());
        assert!(g.is_over());
        assert_eq!(Yavalath::replay(&moves).unwrap(), g);
        total += u64::from(n);
    }
    assert!(total > 500 * 5);
    // From a middle position too.
    let start = state_from_indices(&Yavalath::new(), &[3, 1, 4, 1, 5, 9, 2, 6]);
    let mut g = start;
    let mut moves = Vec::new();
    let n = g.random_playout_with(&mut r, |c| moves.push(c));
    assert_eq!(n as usize, moves.len(), "the plies played from the middle position");
    let mut h = start;
    for m in moves {
        let p = h.to_move().unwrap();
        h.play(p, m).unwrap();
    }
    assert_eq!(h, g);
}

#[test]
fn fast_playout_is_uniform_over_legal_moves() {
    // First move: each of 61 cells about 1/61; second move: the steal about 1/61 as well.
    let mut r = rng::seeded(1234);
    let trials = 61 * 400;
    let mut first = [0u32; 61];
    let mut steals = 0;
    for _ in 0..trials {
        let mut g = Yavalath::new();
        let mut k = 0;
        let mut played = [None; 2];
        g.random_playout_with(&mut r, |c| {
            if k < 2 {
                played[k] = Some(c);
            }
            k += 1;
        });
        first[played[0].unwrap().index()] += 1;
        if played[0] == played[1] {
            steals += 1;
        }
    }
    for (i, &c) in first.iter().enumerate() {
        assert!((300..=500).contains(&c), "cell {i}: {c}");
    }
    assert!((300..=500).contains(&steals), "{steals}");
    // Late in the game (few empty cells, so mostly the exact fallback after rejections) too:
    // 55 moves of the full-board draw leave 6 empty cells.
    let xs: Vec<Cell> = Cell::all().filter(|c| draw_char(*c) == 'x').collect();
    let os: Vec<Cell> = Cell::all().filter(|c| draw_char(*c) == 'o').collect();
    let mut moves = Vec::new();
    for i in 0..28 {
        moves.push(xs[i]);
        if i < 27 {
            moves.push(os[i]);
        }
    }
    let crowded = Yavalath::replay(&moves).unwrap();
    assert_eq!(crowded.empty().len(), 6);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..6000 {
        let mut g = crowded;
        let mut first = None;
        g.random_playout_with(&mut r, |c| {
            first.get_or_insert(c);
        });
        *counts.entry(first.unwrap()).or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), 6);
    for (c, n) in counts {
        assert!(crowded.empty().contains(c));
        assert!((850..=1150).contains(&n), "{c}: {n}");
    }
}

fn draw_char(c: Cell) -> char {
    DRAW_ROWS[c.y() as usize].as_bytes()[c.x() as usize] as char
}

#[test]
fn generic_playouts_end_within_62_plies() {
    let stats = game_core::random_playouts(&Yavalath::new(), 500, &mut rng::seeded(8)).unwrap();
    assert_eq!(stats.games, 500);
    assert!(stats.mean_length() > 5.0 && stats.mean_length() < 62.0);
    let _ = (PlayerId(0), Cell::CENTER);
}
