//! Walks, reach and the sampling checks of `game_core::testing` (moved
//! from `testing/walk.rs`'s unit tests: they play Nim, a crate of its own
//! that game-core's unit tests cannot name).

use game_core::rng::{below, seeded};
use game_core::testing::{
    Edge, KitConfig, MoveUniverse, Uniform, biased_walk, check_random_games, check_uniform_sampling, reach,
    state_from_indices_biased,
};
use game_core::{Game, NoChance, Outcome, PlayerId, PlayoutError, RngCore, ToAct};
use nim::{Nim, NimError, Setup};

#[test]
fn biased_walk_favours_heavy_moves() {
    // Always taking one stone: a pile of 20 lasts exactly 20 plies.
    let only_one = |_: &Nim, _: PlayerId, mv: u8| u32::from(mv == 1);
    let mut rng = seeded(3);
    let mut plies = 0;
    let end = biased_walk(&Nim::new(20, 3), &only_one, &mut rng, 1000, |_| plies += 1);
    assert!(end.is_over());
    assert_eq!(plies, 21);
}

#[test]
fn all_zero_weights_fall_back_to_uniform() {
    let none = |_: &Nim, _: PlayerId, _: u8| 0;
    let end = biased_walk(&Nim::new(20, 3), &none, &mut seeded(1), 1000, |_| {});
    assert!(end.is_over());
}

#[test]
fn biased_indices_pick_by_weight_share() {
    // Take 1 weighs 3, take 2 weighs 1: indices below 3/4 of 65,536 take 1.
    let bias = |_: &Nim, _: PlayerId, mv: u8| if mv == 1 { 3 } else { 1 };
    let g = state_from_indices_biased(&Nim::new(10, 2), &[0, 49_151, 49_152, 65_535], &bias);
    assert_eq!(g.pile, 10 - 1 - 1 - 2 - 2);
}

#[test]
fn reach_counts_states_games_and_plies() {
    let small = Edge { name: "pile-0", holds: |g: &Nim| g.pile == 0 };
    let r = reach(&Nim::new(5, 2), &Uniform, &[small], 10, 9);
    assert_eq!(r.games, 10);
    assert_eq!(r.finished, 10);
    assert_eq!(r.hits[0].games, 10);
    assert_eq!(r.hits[0].states, 10);
    assert_eq!(r.plies, r.states - 10);
}

#[test]
fn uniform_sampling_check_passes_the_default_sampler() {
    assert_eq!(check_uniform_sampling(&Nim::new(10, 3), PlayerId(0), 200, 5), Ok(()));
    assert_eq!(check_uniform_sampling(&Nim::new(0, 3), PlayerId(0), 200, 5), Ok(()));
}

/// Nim with a sampler that draws "take 1" twice as often as it should,
/// and a playout that stops after one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Skewed(Nim);

impl Game for Skewed {
    type Move = u8;
    type Chance = NoChance;
    type Error = NimError;
    type Setup = Setup;
    type SetupError = NimError;
    const NAME: &'static str = "skewed-nim";
    fn players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }
    fn legal_moves(&self, player: PlayerId, out: &mut Vec<u8>) {
        self.0.legal_moves(player, out);
    }
    fn random_legal_move<R: RngCore + ?Sized>(&self, p: PlayerId, rng: &mut R, buf: &mut Vec<u8>) -> Option<u8> {
        self.0.legal_moves(p, buf);
        // One extra slot for "take 1".
        (!buf.is_empty()).then(|| buf[below(rng, buf.len() + 1).min(buf.len()) % buf.len()])
    }
    fn play_out_randomly<R: RngCore + ?Sized>(&mut self, rng: &mut R, buf: &mut Vec<u8>) -> Result<u64, PlayoutError> {
        let p = self.0.to_act().next_decider();
        if let Some(mv) = p.and_then(|p| self.random_legal_move(p, rng, buf)) {
            self.0.play_unchecked(self.0.to_move, mv);
        }
        Ok(1)
    }
    fn check_move(&self, player: PlayerId, mv: u8) -> Result<(), Self::Error> {
        self.0.check_move(player, mv)
    }
    fn play_unchecked(&mut self, player: PlayerId, mv: u8) {
        self.0.play_unchecked(player, mv);
    }
    fn sample_chance<R: RngCore + ?Sized>(&self, _: &mut R) -> Option<NoChance> {
        None
    }
    fn apply_chance(&mut self, c: &NoChance) -> Result<(), Self::Error> {
        match *c {}
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn end_reason(&self) -> Option<&'static str> {
        self.0.end_reason()
    }
    fn max_plies(&self) -> Option<u64> {
        self.0.max_plies()
    }
    fn to_setup(&self) -> Setup {
        self.0.to_setup()
    }
    fn from_setup(setup: Setup) -> Result<Self, Self::Error> {
        Nim::from_setup(setup).map(Skewed)
    }
}

impl MoveUniverse for Skewed {
    fn for_each_possible_move(&self, f: &mut dyn FnMut(u8)) {
        self.0.for_each_possible_move(f);
    }
}

#[test]
fn random_games_check_catches_a_playout_that_stops_before_the_end() {
    let cfg = KitConfig { games: 3, ..KitConfig::default() };
    let v = check_random_games(&Skewed(Nim::new(10, 3)), &cfg).unwrap_err();
    assert_eq!((v.check, v.at), ("playout", Some((0, 0))), "{v}");
    assert!(check_random_games(&Nim::new(10, 3), &cfg).is_ok());
}

#[test]
fn uniform_sampling_check_catches_a_skewed_sampler() {
    let v = check_uniform_sampling(&Skewed(Nim::new(10, 3)), PlayerId(0), 200, 5).unwrap_err();
    assert_eq!(v.check, "random-move-not-uniform");
}
