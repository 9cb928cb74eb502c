//! The conformance kit tested on a tiny correct game (tic-tac-toe) and on
//! deliberately broken variants of it, each of which the kit must catch.

use game_core::testing::{
    KitConfig, arb_state, assert_conforms, check_random_games, check_state, check_zobrist_games, state_from_indices,
};
use game_core::{Game, GameError, NoChance, Outcome, PlayerId, RngCore, ToAct, Zobrist, perft, random_playouts, rng};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// Which bug a variant of the game carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
enum Flaw {
    #[default]
    None,
    /// Generates the first legal move twice.
    DuplicateMove,
    /// Forgets to generate the last empty cell.
    MissingMove,
    /// Writes the mark on an occupied cell before noticing the error.
    IllegalPlayMutates,
    /// Keeps accepting moves after the game is won.
    PlaysAfterEnd,
    /// Forgets to flip the player in `play_unchecked` only.
    UncheckedDiffers,
    /// The setup loses the player to move.
    SetupLosesTurn,
    /// States a maximum length (6 plies) that real games exceed.
    UnderstatedLength,
    /// The incremental hash ignores player 1's marks.
    BadHash,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Ttt {
    cells: [u8; 9], // 0 empty, 1 player 0, 2 player 1
    to_move: PlayerId,
    flaw: Flaw,
    hash: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum TttError {
    #[error("game over")]
    GameOver,
    #[error("not your turn")]
    NotYourTurn,
    #[error("cell {0} is off the board")]
    OffBoard(u8),
    #[error("cell {0} is occupied")]
    Occupied(u8),
    #[error("bad setup")]
    BadSetup,
}

impl GameError for TttError {
    fn kind(&self) -> &'static str {
        match self {
            TttError::GameOver => "game-over",
            TttError::NotYourTurn => "not-your-turn",
            TttError::OffBoard(_) => "off-board",
            TttError::Occupied(_) => "occupied",
            TttError::BadSetup => "bad-setup",
        }
    }
}

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn key(cell: usize, mark: u8) -> u64 {
    rng::derive_seed(0x7777, (cell * 3 + mark as usize) as u64)
}

impl Ttt {
    fn new(flaw: Flaw) -> Ttt {
        Ttt { cells: [0; 9], to_move: PlayerId(0), flaw, hash: 0 }
    }
    fn line_winner(&self) -> Option<PlayerId> {
        LINES.iter().find_map(|l| {
            let m = self.cells[l[0]];
            (m != 0 && l.iter().all(|&c| self.cells[c] == m)).then(|| PlayerId(m - 1))
        })
    }
    fn full(&self) -> bool {
        self.cells.iter().all(|&c| c != 0)
    }
    fn over(&self) -> bool {
        self.line_winner().is_some() || self.full()
    }
}

impl Game for Ttt {
    type Move = u8;
    type Chance = NoChance;
    type Error = TttError;
    type Setup = Ttt;
    type SetupError = TttError;
    const NAME: &'static str = "tic-tac-toe";

    fn players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        if self.over() { ToAct::Over } else { ToAct::Player(self.to_move) }
    }
    fn legal_moves(&self, player: PlayerId, out: &mut Vec<u8>) {
        out.clear();
        if (self.over() && self.flaw != Flaw::PlaysAfterEnd) || player != self.to_move {
            return;
        }
        out.extend((0..9u8).filter(|&c| self.cells[c as usize] == 0));
        match self.flaw {
            Flaw::DuplicateMove if !out.is_empty() => out.push(out[0]),
            Flaw::MissingMove if out.len() > 1 => {
                out.pop();
            }
            _ => {}
        }
    }
    fn check_move(&self, player: PlayerId, mv: u8) -> Result<(), TttError> {
        if self.over() && self.flaw != Flaw::PlaysAfterEnd {
            return Err(TttError::GameOver);
        }
        if player != self.to_move {
            return Err(TttError::NotYourTurn);
        }
        if mv >= 9 {
            return Err(TttError::OffBoard(mv));
        }
        if self.cells[mv as usize] != 0 {
            return Err(TttError::Occupied(mv));
        }
        Ok(())
    }
    fn play(&mut self, player: PlayerId, mv: u8) -> Result<(), TttError> {
        if self.flaw == Flaw::IllegalPlayMutates && mv < 9 && self.cells[mv as usize] != 0 {
            self.cells[mv as usize] = 1 + player.0;
        }
        self.check_move(player, mv)?;
        let mut fixed = *self;
        if fixed.flaw == Flaw::UncheckedDiffers {
            fixed.flaw = Flaw::None;
        }
        fixed.play_unchecked(player, mv);
        fixed.flaw = self.flaw;
        *self = fixed;
        Ok(())
    }
    fn play_unchecked(&mut self, player: PlayerId, mv: u8) {
        let mark = 1 + player.0;
        self.cells[mv as usize] = mark;
        if !(self.flaw == Flaw::BadHash && mark == 2) {
            self.hash ^= key(mv as usize, mark);
        }
        if !self.over() && self.flaw != Flaw::UncheckedDiffers {
            self.to_move = self.to_move.opponent();
        }
    }
    fn sample_chance<R: RngCore + ?Sized>(&self, _rng: &mut R) -> Option<NoChance> {
        None
    }
    fn apply_chance(&mut self, chance: &NoChance) -> Result<(), TttError> {
        match *chance {}
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.line_winner() {
            Some(Outcome::win_for(2, w))
        } else if self.over() {
            Some(Outcome::draw(2))
        } else {
            None
        }
    }
    fn end_reason(&self) -> Option<&'static str> {
        if self.line_winner().is_some() {
            Some("three-in-a-row")
        } else if self.over() {
            Some("board-full")
        } else {
            None
        }
    }
    fn max_plies(&self) -> Option<u64> {
        Some(if self.flaw == Flaw::UnderstatedLength { 6 } else { 9 })
    }
    fn to_setup(&self) -> Ttt {
        let mut s = *self;
        if self.flaw == Flaw::SetupLosesTurn {
            s.to_move = PlayerId(0);
        }
        s
    }
    fn from_setup(s: Ttt) -> Result<Ttt, TttError> {
        if s.to_move.0 > 1 || s.cells.iter().any(|&c| c > 2) {
            return Err(TttError::BadSetup);
        }
        let hash = s.cells.iter().enumerate().filter(|(_, m)| **m != 0).fold(0, |h, (c, &m)| h ^ key(c, m));
        if hash != s.hash && s.flaw != Flaw::BadHash {
            return Err(TttError::BadSetup);
        }
        Ok(s)
    }
}

impl Zobrist for Ttt {
    fn zobrist(&self) -> u64 {
        self.hash
    }
    fn zobrist_from_scratch(&self) -> u64 {
        self.cells.iter().enumerate().filter(|(_, m)| **m != 0).fold(0, |h, (c, &m)| h ^ key(c, m))
    }
}

fn small() -> KitConfig {
    KitConfig { games: 40, seed: 11, check_every: 1 }
}

#[test]
fn correct_game_passes_the_kit() {
    let report = assert_conforms(&Ttt::new(Flaw::None), &small());
    assert_eq!(report.games, 40);
    assert!(report.longest >= 5 && report.longest <= 9, "{report:?}");
    assert!(report.states_checked >= report.plies);
}

#[test]
fn correct_hash_passes_the_zobrist_check() {
    assert!(check_zobrist_games(&Ttt::new(Flaw::None), &small()).unwrap() > 40);
}

fn caught(flaw: Flaw) -> &'static str {
    match check_random_games(&Ttt::new(flaw), &small()) {
        Ok(r) => panic!("the kit missed {flaw:?} ({r:?})"),
        Err(v) => v.check,
    }
}

#[test]
fn kit_catches_duplicate_moves() {
    assert_eq!(caught(Flaw::DuplicateMove), "duplicate-move");
}

#[test]
fn kit_catches_a_legal_move_that_is_not_generated() {
    assert_eq!(caught(Flaw::MissingMove), "legal-not-generated");
}

#[test]
fn kit_catches_an_illegal_play_that_changes_the_state() {
    assert_eq!(caught(Flaw::IllegalPlayMutates), "illegal-play-changed-state");
}

#[test]
fn kit_catches_moves_accepted_after_the_end() {
    assert_eq!(caught(Flaw::PlaysAfterEnd), "moves-out-of-turn");
}

#[test]
fn kit_catches_play_unchecked_differing_from_play() {
    assert_eq!(caught(Flaw::UncheckedDiffers), "unchecked-differs");
}

#[test]
fn kit_catches_a_setup_that_does_not_round_trip() {
    assert_eq!(caught(Flaw::SetupLosesTurn), "setup-round-trip");
}

#[test]
fn kit_catches_a_game_longer_than_its_stated_maximum() {
    assert_eq!(caught(Flaw::UnderstatedLength), "too-long");
}

#[test]
fn kit_catches_a_wrong_incremental_hash() {
    let v = check_zobrist_games(&Ttt::new(Flaw::BadHash), &small()).unwrap_err();
    assert_eq!(v.check, "zobrist");
}

#[test]
#[should_panic(expected = "failed the conformance kit")]
fn assert_conforms_panics_on_a_broken_game() {
    assert_conforms(&Ttt::new(Flaw::DuplicateMove), &small());
}

#[test]
fn perft_counts_tic_tac_toe_sequences() {
    let start = Ttt::new(Flaw::None);
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 9);
    assert_eq!(perft(&start, 2), 72);
    assert_eq!(perft(&start, 4), 9 * 8 * 7 * 6);
    // Wins first appear after 5 plies: 1440 of the 15120 five-ply lines end
    // the game, so depth 6 counts the 13680 others times 4 replies.
    assert_eq!(perft(&start, 5), 15120);
    assert_eq!(perft(&start, 6), (15120 - 1440) * 4);
    // 255168 is the classic number of complete tic-tac-toe games; perft
    // counts finished games at depth 9 only, so sum over all depths instead.
    let finished: u64 = (5..=9).map(|d| finished_games_at(&start, d)).sum();
    assert_eq!(finished, 255_168);
}

fn finished_games_at(g: &Ttt, depth: u32) -> u64 {
    if depth == 0 {
        return u64::from(g.is_over());
    }
    let ToAct::Player(p) = g.to_act() else { return 0 };
    let mut moves = Vec::new();
    g.legal_moves(p, &mut moves);
    moves.iter().map(|&m| finished_games_at(&g.clone_and_play(p, m).unwrap(), depth - 1)).sum()
}

#[test]
fn playouts_are_reproducible_from_the_seed() {
    let start = Ttt::new(Flaw::None);
    let a = random_playouts(&start, 500, &mut rng::seeded(3)).unwrap();
    let b = random_playouts(&start, 500, &mut rng::seeded(3)).unwrap();
    let c = random_playouts(&start, 500, &mut rng::seeded(4)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Random tic-tac-toe: the first player wins about 58% of games.
    let share = a.wins[0] as f64 / a.games as f64;
    assert!((0.5..0.67).contains(&share), "{a:?}");
}

#[test]
fn state_from_indices_follows_the_indices() {
    let start = Ttt::new(Flaw::None);
    let g = state_from_indices(&start, &[0, 0]);
    assert_eq!(g.cells[0], 1);
    assert_eq!(g.cells[1], 2);
    let g = state_from_indices(&start, &[10, 9]);
    assert_eq!(g.cells[1], 1, "10 % 9 = 1");
    // The empty cells are then 0, 2, 3, ..., 8 and 9 % 8 = 1 picks cell 2.
    assert_eq!(g.cells[2], 2);
    assert_eq!(g.cells[0], 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn every_reachable_state_passes_check_state(g in arb_state(Ttt::new(Flaw::None), 9)) {
        prop_assert!(check_state(&g).is_ok(), "{:?}", check_state(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn fuzz_harness_accepts_the_correct_game(data in proptest::collection::vec(any::<u8>(), 0..40)) {
        let g = game_core::testing::fuzz_game_zobrist(&Ttt::new(Flaw::None), &data);
        prop_assert!(g.is_ok(), "{:?}", g);
    }
}

#[test]
fn fuzz_harness_catches_an_illegal_play_that_changes_the_state() {
    // Player 0 takes cell 0 (a generated move), then an arbitrary candidate
    // for player 1 (op 3) on the occupied cell 0.
    let data = [0u8, 0, 0, 3, 0, 0];
    let v = game_core::testing::fuzz_game(&Ttt::new(Flaw::IllegalPlayMutates), &data).unwrap_err();
    assert_eq!(v.check, "illegal-play-changed-state");
    assert!(game_core::testing::fuzz_game(&Ttt::new(Flaw::None), &data).is_ok());
}

#[test]
fn fuzz_harness_catches_a_missing_move_and_a_wrong_hash() {
    // Candidate cell 8 for player 0 at the start: legal but not generated.
    let v = game_core::testing::fuzz_game(&Ttt::new(Flaw::MissingMove), &[1, 8, 0]).unwrap_err();
    assert_eq!(v.check, "legal-not-generated");
    let v = game_core::testing::fuzz_game_zobrist(&Ttt::new(Flaw::BadHash), &[0, 0, 0, 0, 0, 0]).unwrap_err();
    assert_eq!(v.check, "zobrist");
}

impl game_core::testing::MoveUniverse for Ttt {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(u8)) {
        (0..9).for_each(f);
    }
}
