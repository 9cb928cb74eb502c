//! The kit for testing game rules: the conformance checks every game's
//! tests run, and the tools fuzz targets and property tests are built from
//! (enable the `testing` feature; a game's own tests take it as a
//! dev-dependency, a fuzzer or a scratch crate as a dependency).
//!
//! * **Conformance**: [`check_state`], [`check_random_games`] and
//!   [`assert_conforms`] check every promise of [`Game`] on one state or on
//!   many seeded random games.
//! * **States to test on**: [`state_from_indices`] and [`arb_state`] turn
//!   any index sequence into a reachable state (the base of fuzz targets and
//!   proptest strategies); their `_biased` forms and [`biased_walk`] choose
//!   moves by a [`Bias`] aimed at a game's hard cases, and [`reach`]
//!   measures how often walks get to them.
//! * **Fuzzing**: [`fuzz_game`] and its variants drive a game from bytes.
//! * **Codecs** (with the `codec` feature): `check_codec` checks a
//!   game's action numbers against its move universe and its observation.
//! * **Sampling**: [`check_uniform_sampling`] checks that a game's
//!   [`Game::random_legal_move`] is exactly uniform.
//! * A [`Violation`] is a `std::error::Error`, so proptest turns it into a
//!   failed case: checks compose with `?` inside `proptest!`.
//!
//! Each game crate adds, under its own `testing` feature, its move universe
//! ([`MoveUniverse`]), a plain reference model with a one-call differential
//! check, and biases for its hard cases.
//!
//! ```
//! use nim::Nim;
//! use game_core::testing::{assert_conforms, KitConfig};
//!
//! // In a game crate's tests: `#[test] fn conformance() { ... }` around this.
//! let report = assert_conforms(&Nim::new(12, 3), &KitConfig { games: 20, ..KitConfig::default() });
//! assert_eq!(report.games, 20);
//! ```
//!
//! What is checked, on every sampled state ([`check_state`]):
//! * generated moves and [`Game::check_move`] agree both ways over the whole
//!   move universe, for every player; no move is generated twice; every
//!   generated move lies in the universe; [`Game::random_legal_move`] draws
//!   one of them (or nothing when there is none);
//! * exactly the players [`Game::to_act`] names have moves, and a player to
//!   act has at least one;
//! * an illegal [`Game::play`] returns an error and leaves the state
//!   unchanged; a legal one succeeds and equals [`Game::play_unchecked`]
//!   on a clone;
//! * a finished game refuses every move and every chance value, has an
//!   outcome with one entry per seat and an end reason; an unfinished one
//!   has neither;
//! * setups, moves and outcomes round-trip through JSON, and
//!   [`Game::from_setup`] of a state's setup gives the state back;
//!
//! and on every whole game ([`check_random_games`]): it ends within
//! [`Game::max_plies`], and its [`Record`] replays to the same final state;
//! and [`Game::play_out_randomly`] from the start ends a game within
//! [`Game::max_plies`] at a state that passes the checks above.

use crate::game::{Game, GameError};
use crate::player::{PlayerId, ToAct};
use crate::record::{Event, Record};
use crate::rng::{below, derive_seed, seeded};
use std::collections::HashSet;
use std::fmt;

#[cfg(feature = "codec")]
mod codec;
pub mod contest;
mod fuzz;
mod walk;

#[cfg(feature = "codec")]
pub use codec::check_codec;
pub use fuzz::{ROUND_TRIP_EVERY, fuzz_game, fuzz_game_with, fuzz_game_zobrist};
use walk::step_random;
pub use walk::{
    Bias, Edge, EdgeHits, Reach, Uniform, arb_state, arb_state_biased, biased_walk, check_uniform_sampling, reach,
    state_from_indices, state_from_indices_biased,
};

/// The finite set of moves that can ever be legal in a game of a given
/// configuration (the move universe), which the kit checks legality
/// against both ways. Only the kit and fuzz harnesses need it, so it is not
/// part of [`Game`]: a game crate implements it behind its own `testing`
/// feature.
pub trait MoveUniverse: Game {
    /// Calls `f` on every move that can ever be legal in a game of this
    /// configuration, each once.
    fn for_each_possible_move(&self, f: &mut dyn FnMut(Self::Move));
}

/// A broken promise found by the kit.
///
/// It is a `std::error::Error`, so proptest's own `From` impl turns it
/// into a failed case: every check of this module composes with `?`
/// inside `proptest!`.
///
/// ```
/// use nim::Nim;
/// use game_core::testing::{arb_state, check_state};
/// use proptest::prelude::*;
///
/// proptest!(|(g in arb_state(Nim::new(12, 3), 20))| {
///     check_state(&g)?;
/// });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Which check failed, kebab-case (`"duplicate-move"`, ...).
    pub check: &'static str,
    /// What exactly was seen.
    pub detail: String,
    /// The game number and ply where it was seen, when known.
    pub at: Option<(usize, u64)>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "conformance check `{}` failed", self.check)?;
        if let Some((game, ply)) = self.at {
            write!(f, " in game {game} at ply {ply}")?;
        }
        write!(f, ": {}", self.detail)
    }
}

impl std::error::Error for Violation {}

/// Whether `s` is a non-empty kebab-case word (`a-z`, `0-9`, `-`).
pub fn is_kebab(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
}

fn fail<T>(check: &'static str, detail: impl Into<String>) -> Result<T, Violation> {
    Err(Violation { check, detail: detail.into(), at: None })
}

/// Writes `value` as JSON and reads it back: a [`Violation`] named `check`
/// when either fails or the value read differs.
fn json_round_trip<T>(check: &'static str, value: &T) -> Result<(), Violation>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + fmt::Debug,
{
    let json = serde_json::to_string(value).map_err(|e| Violation { check, detail: e.to_string(), at: None })?;
    let back: T =
        serde_json::from_str(&json).map_err(|e| Violation { check, detail: format!("{e}: {json}"), at: None })?;
    if back != *value {
        return fail(check, format!("{value:?} -> {json} -> {back:?}"));
    }
    Ok(())
}

/// How much the kit does.
#[derive(Clone, Copy, Debug)]
pub struct KitConfig {
    /// Number of random games.
    pub games: usize,
    /// Seed of the series (game `i` uses [`derive_seed`]`(seed, i)`).
    pub seed: u64,
    /// Run the full [`check_state`] on every `check_every`-th state (and on
    /// the first and last of each game); 1 checks every state.
    pub check_every: u64,
}

impl Default for KitConfig {
    fn default() -> Self {
        KitConfig { games: 50, seed: 0x5EED, check_every: 1 }
    }
}

/// What a kit run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KitReport {
    /// Games played.
    pub games: usize,
    /// Plies played in all.
    pub plies: u64,
    /// States fully checked.
    pub states_checked: u64,
    /// Longest game, in plies.
    pub longest: u64,
}

/// Checks one state against every promise of [`Game`] (see the module docs).
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_state<G: Game + MoveUniverse>(g: &G) -> Result<(), Violation> {
    let mut universe = Vec::new();
    let mut seen = HashSet::new();
    let mut dup = None;
    g.for_each_possible_move(&mut |m| {
        if !seen.insert(m) && dup.is_none() {
            dup = Some(m);
        }
        universe.push(m);
    });
    if let Some(m) = dup {
        return fail("duplicate-in-universe", format!("{m:?} is listed twice in the move universe"));
    }
    let act = g.to_act();
    let n = g.players();
    if n == 0 || n > crate::player::MAX_PLAYERS {
        return fail("player-count", format!("{n} players"));
    }
    check_outcome(g, act)?;
    check_chance(g, act)?;
    let mut moves = Vec::new();
    for p in (0..n).map(|i| PlayerId(i as u8)) {
        g.legal_moves(p, &mut moves);
        let mut generated = HashSet::new();
        for &m in &moves {
            if !generated.insert(m) {
                return fail("duplicate-move", format!("player {p}: {m:?} generated twice"));
            }
            if !seen.contains(&m) {
                return fail("move-outside-universe", format!("player {p}: {m:?} is not in the universe"));
            }
        }
        if act.includes(p) && moves.is_empty() {
            return fail("no-legal-move", format!("player {p} must act ({act:?}) but has no legal move"));
        }
        if !act.includes(p) && !moves.is_empty() {
            return fail(
                "moves-out-of-turn",
                format!("player {p} is not to act ({act:?}) but has {} moves", moves.len()),
            );
        }
        let mut scratch = Vec::new();
        let drawn = g.random_legal_move(p, &mut seeded(0x5A3F), &mut scratch);
        if drawn.is_some_and(|m| !generated.contains(&m)) || drawn.is_none() != moves.is_empty() {
            return fail(
                "random-move-illegal",
                format!("player {p}: random_legal_move drew {drawn:?} from {} legal moves", moves.len()),
            );
        }
        for &m in &universe {
            let legal = g.check_move(p, m);
            let listed = generated.contains(&m);
            match (&legal, listed) {
                (Ok(()), false) => {
                    return fail(
                        "legal-not-generated",
                        format!("player {p}: {m:?} passes check_move but is not generated"),
                    );
                }
                (Err(e), true) => {
                    return fail(
                        "generated-not-legal",
                        format!("player {p}: {m:?} is generated but check_move says: {e}"),
                    );
                }
                _ => {}
            }
            let mut child = g.clone();
            match (child.play(p, m), legal) {
                (Ok(()), Ok(())) => {
                    let mut fast = g.clone();
                    fast.play_unchecked(p, m);
                    if fast != child {
                        return fail(
                            "unchecked-differs",
                            format!("player {p}: play_unchecked({m:?}) differs from play"),
                        );
                    }
                }
                (Err(e), Err(_)) => {
                    if child != *g {
                        return fail(
                            "illegal-play-changed-state",
                            format!("player {p}: refused {m:?} ({e}) but changed the state"),
                        );
                    }
                    if !is_kebab(e.kind()) {
                        return fail("error-kind", format!("error kind {:?} is not kebab-case", e.kind()));
                    }
                }
                (Ok(()), Err(e)) => {
                    return fail(
                        "play-accepts-illegal",
                        format!("player {p}: play accepted {m:?}, check_move said {e}"),
                    );
                }
                (Err(e), Ok(())) => {
                    return fail(
                        "play-refuses-legal",
                        format!("player {p}: play refused {m:?} ({e}), check_move accepted it"),
                    );
                }
            }
            json_round_trip("move-serde", &m)?;
        }
    }
    check_setup_round_trip(g)
}

fn check_outcome<G: Game>(g: &G, act: ToAct) -> Result<(), Violation> {
    match (act, g.outcome(), g.end_reason()) {
        (ToAct::Over, Some(o), Some(reason)) => {
            if o.players() != g.players() {
                return fail("outcome-players", format!("outcome has {} players, game {}", o.players(), g.players()));
            }
            if !is_kebab(reason) {
                return fail("end-reason", format!("end reason {reason:?} is not kebab-case"));
            }
            json_round_trip("outcome-serde", &o)?;
            let total: f64 = (0..o.players()).map(|i| o.value_for(PlayerId(i as u8))).sum();
            if total.abs() > 1e-9 {
                return fail("outcome-values", format!("values of {o:?} sum to {total}"));
            }
            Ok(())
        }
        (ToAct::Over, o, r) => fail("outcome-missing", format!("game over but outcome {o:?}, reason {r:?}")),
        (_, None, None) => Ok(()),
        (act, o, r) => fail("outcome-early", format!("{act:?} but outcome {o:?}, reason {r:?}")),
    }
}

fn check_chance<G: Game>(g: &G, act: ToAct) -> Result<(), Violation> {
    let mut rng = seeded(0xC4A9CE);
    let c = g.sample_chance(&mut rng);
    match (act, c) {
        (ToAct::Chance, Some(c)) => {
            let mut child = g.clone();
            if let Err(e) = child.apply_chance(&c) {
                return fail("chance-refused", format!("sampled {c:?} refused: {e}"));
            }
            json_round_trip("chance-serde", &c)?;
            Ok(())
        }
        (ToAct::Chance, None) => fail("chance-missing", "chance node samples nothing"),
        (_, None) => Ok(()),
        (act, Some(c)) => {
            let mut child = g.clone();
            if child.apply_chance(&c).is_ok() {
                return fail("chance-out-of-turn", format!("{act:?} accepted chance value {c:?}"));
            }
            if child != *g {
                return fail("illegal-play-changed-state", "a refused chance value changed the state");
            }
            fail("chance-out-of-turn", format!("{act:?} sampled a chance value {c:?}"))
        }
    }
}

/// Checks that the state's setup round-trips through JSON and rebuilds the
/// same state.
///
/// # Errors
/// A [`Violation`] named `setup-serde` or `setup-round-trip`.
pub fn check_setup_round_trip<G: Game>(g: &G) -> Result<(), Violation> {
    let setup = g.to_setup();
    json_round_trip("setup-serde", &setup)?;
    match G::from_setup(setup) {
        Ok(rebuilt) if rebuilt == *g => Ok(()),
        Ok(rebuilt) => fail("setup-round-trip", format!("{g:?} rebuilt as {rebuilt:?}")),
        Err(e) => fail("setup-round-trip", format!("own setup refused: {e}")),
    }
}

/// Plays `cfg.games` seeded random games from `start` (uniform legal moves,
/// chance from the seeded generator), checking states as configured, the
/// stated maximum length, and that each game's record replays to the same
/// final state.
///
/// # Errors
/// The first [`Violation`], with the game number and ply.
pub fn check_random_games<G: Game + MoveUniverse>(start: &G, cfg: &KitConfig) -> Result<KitReport, Violation> {
    let mut report = KitReport::default();
    let mut moves = Vec::new();
    let every = cfg.check_every.max(1);
    for game in 0..cfg.games {
        let seed = derive_seed(cfg.seed, game as u64);
        let mut rng = seeded(seed);
        let mut g = start.clone();
        let mut record = Record::new(start, Some(seed));
        let max = g.max_plies();
        let mut ply = 0u64;
        let at = |v: Violation, ply| Violation { at: Some((game, ply)), ..v };
        loop {
            let over = g.is_over();
            if ply % every == 0 || over {
                check_state(&g).map_err(|v| at(v, ply))?;
                report.states_checked += 1;
            }
            if over {
                break;
            }
            if let Some(max) = max {
                if ply >= max {
                    return Err(at(
                        Violation {
                            check: "too-long",
                            detail: format!("not over after the stated maximum of {max} plies"),
                            at: None,
                        },
                        ply,
                    ));
                }
            }
            match g.to_act() {
                ToAct::Chance => match g.resolve_chance(&mut rng) {
                    Some(c) => record.events.push(Event::Chance(c)),
                    None => {
                        return Err(at(
                            Violation { check: "chance-refused", detail: "resolve_chance failed".into(), at: None },
                            ply,
                        ));
                    }
                },
                act => {
                    let Some(p) = act.next_decider() else {
                        return Err(at(Violation { check: "no-decider", detail: format!("{act:?}"), at: None }, ply));
                    };
                    g.legal_moves(p, &mut moves);
                    if moves.is_empty() {
                        return Err(at(
                            Violation {
                                check: "no-legal-move",
                                detail: format!("player {p} to act has no move"),
                                at: None,
                            },
                            ply,
                        ));
                    }
                    let mv = moves[below(&mut rng, moves.len())];
                    g.play(p, mv).map_err(|e| {
                        at(Violation { check: "play-refuses-legal", detail: format!("{mv:?}: {e}"), at: None }, ply)
                    })?;
                    record.events.push(Event::Move { player: p, mv });
                }
            }
            ply += 1;
        }
        record.outcome = g.outcome();
        match record.replay() {
            Ok(replayed) if replayed == g => {}
            Ok(_) => {
                return Err(at(
                    Violation { check: "replay", detail: "the record replays to another state".into(), at: None },
                    ply,
                ));
            }
            Err(e) => return Err(at(Violation { check: "replay", detail: e.to_string(), at: None }, ply)),
        }
        report.games += 1;
        report.plies += ply;
        report.longest = report.longest.max(ply);
        check_playout(start, &mut rng, &mut moves).map_err(|v| Violation { at: Some((game, 0)), ..v })?;
    }
    Ok(report)
}

/// Plays [`Game::play_out_randomly`] (a game's own playout, where it has
/// one) from `start`: it must end the game within [`Game::max_plies`], at a
/// state [`check_state`] accepts.
fn check_playout<G: Game + MoveUniverse>(
    start: &G,
    rng: &mut crate::rng::GameRng,
    buf: &mut Vec<G::Move>,
) -> Result<(), Violation> {
    let mut g = start.clone();
    let plies =
        g.play_out_randomly(rng, buf).map_err(|e| Violation { check: "playout", detail: e.to_string(), at: None })?;
    if !g.is_over() {
        return fail("playout", format!("play_out_randomly stopped after {plies} plies before the end"));
    }
    if let Some(max) = start.max_plies().filter(|&max| plies > max) {
        return fail("playout", format!("play_out_randomly played {plies} plies, over the stated maximum of {max}"));
    }
    check_state(&g)
}

/// [`check_random_games`], panicking with the violation: the one-liner for a
/// game's test suite.
///
/// # Panics
/// On the first violation.
pub fn assert_conforms<G: Game + MoveUniverse>(start: &G, cfg: &KitConfig) -> KitReport {
    match check_random_games(start, cfg) {
        Ok(r) => {
            assert!(r.games > 0 || cfg.games == 0, "no game was played");
            r
        }
        Err(v) => panic!("{} failed the conformance kit: {v}", G::NAME),
    }
}

/// Checks that the incremental Zobrist hash equals the recomputed one along
/// `cfg.games` random games.
///
/// # Errors
/// A [`Violation`] named `zobrist`.
pub fn check_zobrist_games<G: crate::Zobrist + MoveUniverse>(start: &G, cfg: &KitConfig) -> Result<u64, Violation> {
    let mut checked = 0;
    let mut moves = Vec::new();
    for game in 0..cfg.games {
        let mut rng = seeded(derive_seed(cfg.seed, game as u64));
        let mut g = start.clone();
        let mut ply = 0u64;
        loop {
            if g.zobrist() != g.zobrist_from_scratch() {
                return Err(Violation {
                    check: "zobrist",
                    detail: format!("incremental {:#x} != recomputed {:#x}", g.zobrist(), g.zobrist_from_scratch()),
                    at: Some((game, ply)),
                });
            }
            checked += 1;
            if step_random(&mut g, &mut rng, &mut moves).is_none() {
                break;
            }
            ply += 1;
        }
    }
    Ok(checked)
}
