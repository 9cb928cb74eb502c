//! The [`Game`] trait every game crate implements, and its companions.

use crate::outcome::Outcome;
use crate::player::{PlayerId, ToAct};
use crate::rng::below;
use rand_core::RngCore;
use std::fmt::Debug;
use std::hash::Hash;

/// An error a game reports for an illegal move or setup.
///
/// Every variant has a stable kebab-case [`kind`](GameError::kind) (for
/// machine-readable reports such as `arena judge --json`) and a human
/// message through `Display`.
pub trait GameError: std::error::Error + Send + Sync + 'static {
    /// A stable kebab-case name for the kind of error, such as
    /// `"line-already-drawn"` or `"cell-occupied"`.
    fn kind(&self) -> &'static str;
}

/// Implements [`GameError`] for an error enum from a list of patterns and
/// their kebab-case kinds, so that each kind is written once, next to the
/// variant it names. A variant that wraps another game error (a game's
/// move error wrapping [`SeatError`](crate::SeatError)) takes the wrapped
/// kind: `MoveError::Seat(e) => game_core::GameError::kind(e)`.
///
/// ```
/// #[derive(Debug, thiserror::Error)]
/// pub enum TakeError {
///     #[error("take {0}: at most 3")]
///     TooMany(u8),
///     #[error("the pile is empty")]
///     Empty,
/// }
/// game_core::error_kinds!(TakeError {
///     TakeError::TooMany(_) => "too-many",
///     TakeError::Empty => "empty-pile",
/// });
/// use game_core::GameError;
/// assert_eq!(TakeError::TooMany(4).kind(), "too-many");
/// ```
#[macro_export]
macro_rules! error_kinds {
    ($ty:ty { $($pat:pat => $kind:expr),+ $(,)? }) => {
        impl $crate::GameError for $ty {
            fn kind(&self) -> &'static str {
                match self {
                    $($pat => $kind),+
                }
            }
        }
    };
}

/// `serde::Serialize + serde::de::DeserializeOwned` with the `serde`
/// feature (on by default), nothing without it: the bound the [`Game`]
/// trait puts on its plain data types ([`Game::Move`], [`Game::Chance`],
/// [`Game::Setup`]), so that a bot built with `default-features = false`
/// carries no serde code. Implemented for every type that qualifies.
#[cfg(feature = "serde")]
pub trait MaybeSerde: serde::Serialize + serde::de::DeserializeOwned {}
#[cfg(feature = "serde")]
impl<T: serde::Serialize + serde::de::DeserializeOwned> MaybeSerde for T {}
/// `serde::Serialize + serde::de::DeserializeOwned` with the `serde`
/// feature (on by default), nothing without it (this build has it off): the
/// bound the [`Game`] trait puts on its plain data types. Implemented for
/// every type.
#[cfg(not(feature = "serde"))]
pub trait MaybeSerde {}
#[cfg(not(feature = "serde"))]
impl<T> MaybeSerde for T {}

/// The uninhabited chance type of a game without random events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum NoChance {}

/// Why a random playout stopped before the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayoutError {
    /// A player to act had no legal move although the game is not over.
    #[error("ply {ply}: the player to act has no legal move but the game is not over")]
    NoLegalMove {
        /// Decisions and chance steps played before.
        ply: u64,
    },
    /// A chance node refused its own sampled value.
    #[error("ply {ply}: the chance node could not be resolved")]
    ChanceFailed {
        /// Decisions and chance steps played before.
        ply: u64,
    },
    /// The game went on past its stated maximum length.
    #[error("the game exceeded its stated maximum of {max} plies")]
    TooLong {
        /// The stated maximum.
        max: u64,
    },
}

/// A game state: the rules of one game, written once, used by perft,
/// playouts, bots, the arena and the conformance kit.
///
/// # The model
/// * [`to_act`](Game::to_act) says who acts, and is asked again after every
///   move: one player ([`ToAct::Player`], possibly the same one again), a set
///   of players acting simultaneously ([`ToAct::Simultaneous`], each
///   submitting its moves with [`play`](Game::play)), a random event
///   ([`ToAct::Chance`]) or the end ([`ToAct::Over`]).
/// * A [`Move`](Game::Move) is the smallest decision (one Paper Soccer step,
///   one Parallel Football order). Games offer coarser helpers (whole turns,
///   whole team orders) on their own types.
/// * [`play`](Game::play) checks and either applies the move or returns an
///   error **leaving the state unchanged**; [`play_unchecked`](Game::play_unchecked)
///   trusts the caller (for search on generated moves).
/// * Randomness comes only from a caller-supplied [`RngCore`]:
///   [`sample_chance`](Game::sample_chance) draws a [`Chance`](Game::Chance)
///   value, [`apply_chance`](Game::apply_chance) applies it, so a record of
///   chance values replays without any generator.
/// * A state is rebuilt only through its validated [`Setup`](Game::Setup):
///   `Game::from_setup(state.to_setup()) == state`.
/// * States are values: equal states are the same position (`Eq`), and
///   hash alike (`Hash`), so a state can key a set or a table directly.
pub trait Game: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// The smallest decision a player makes.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + MaybeSerde + 'static;
    /// The value of a random event ([`NoChance`] for deterministic games).
    type Chance: Clone + PartialEq + Debug + Send + Sync + MaybeSerde + 'static;
    /// Why a move or chance value is refused.
    type Error: GameError + Clone + PartialEq;
    /// Plain, serialisable description of a position (configuration included).
    type Setup: Clone + PartialEq + Debug + Send + Sync + MaybeSerde + 'static;
    /// Why a setup is refused.
    type SetupError: GameError;

    /// The game's kebab-case name, as the arena spells it (`"yavalath"`).
    const NAME: &'static str;

    /// Number of seats (players or teams), including eliminated ones.
    fn players(&self) -> usize;

    /// Who acts now.
    fn to_act(&self) -> ToAct;

    /// Clears `out` and fills it with the legal moves of `player` now, each
    /// once (nothing when `player` is not to act). No allocation happens once
    /// `out` has grown to the game's largest move list.
    fn legal_moves(&self, player: PlayerId, out: &mut Vec<Self::Move>);

    /// One of `player`'s legal moves now, each with the same probability,
    /// drawn from `rng`; `None` exactly when `player` has no legal move.
    /// `buf` is scratch space the method may use (its contents afterwards
    /// are unspecified), so that no allocation happens once it has grown.
    ///
    /// The provided method lists the moves with
    /// [`legal_moves`](Game::legal_moves) and picks one with
    /// [`rng::below`](crate::rng::below). A game may override it with a
    /// faster sampler (rejection sampling from the move universe, a pick
    /// from a bitboard) as long as the draw stays exactly uniform over the
    /// legal moves; it may then consume `rng` differently, so a playout's
    /// moves for a given seed are the game's own, not the default's.
    /// [`random_playout`](crate::random_playout), the conformance kit and
    /// the arena's `random` bot all draw through it.
    #[inline]
    fn random_legal_move<R: RngCore + ?Sized>(
        &self,
        player: PlayerId,
        rng: &mut R,
        buf: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        self.legal_moves(player, buf);
        (!buf.is_empty()).then(|| buf[below(rng, buf.len())])
    }

    /// Plays on from this position to the end of the game, every decision
    /// uniform over the decider's legal moves (at a simultaneous node the
    /// lowest player still owing a move decides first) and chance values
    /// drawn with [`sample_chance`](Game::sample_chance); returns the plies
    /// played (decisions and chance steps). `buf` is scratch space, as for
    /// [`random_legal_move`](Game::random_legal_move).
    /// [`random_playout`](crate::random_playout),
    /// [`random_playouts`](crate::random_playouts) and `arena bench` play
    /// through it.
    ///
    /// The provided method is the loop any caller could write:
    /// [`to_act`](Game::to_act), [`random_legal_move`](Game::random_legal_move),
    /// [`play_unchecked`](Game::play_unchecked), checking the game's
    /// contract on the way. A game may override it with a specialised
    /// playout (random bits kept across moves, state the moves leave
    /// unchanged computed once, a hash brought up to date at the end), as
    /// long as every decision stays exactly uniform over the legal moves and
    /// the final state is the one playing those moves one by one gives; it
    /// may consume `rng` differently from the provided method. That is what
    /// makes the generic path as fast as a game's own loop.
    ///
    /// # Errors
    /// [`PlayoutError`] when the game breaks its own contract: a decider
    /// without a legal move in a game that is not over, a chance node that
    /// refuses its own value, or more plies than
    /// [`max_plies`](Game::max_plies).
    #[inline]
    fn play_out_randomly<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        buf: &mut Vec<Self::Move>,
    ) -> Result<u64, PlayoutError> {
        let max = self.max_plies();
        let mut ply = 0u64;
        loop {
            if let Some(max) = max {
                if ply > max {
                    return Err(PlayoutError::TooLong { max });
                }
            }
            match self.to_act() {
                ToAct::Over => return Ok(ply),
                ToAct::Chance => {
                    if self.resolve_chance(rng).is_none() {
                        return Err(PlayoutError::ChanceFailed { ply });
                    }
                }
                act => {
                    let Some(player) = act.next_decider() else {
                        return Err(PlayoutError::NoLegalMove { ply });
                    };
                    let Some(mv) = self.random_legal_move(player, rng, buf) else {
                        return Err(PlayoutError::NoLegalMove { ply });
                    };
                    self.play_unchecked(player, mv);
                }
            }
            ply += 1;
        }
    }

    /// Checks one move of `player` without playing it.
    ///
    /// # Errors
    /// The reason the move is illegal now (game over, not this player's turn,
    /// or a rule of the game).
    fn check_move(&self, player: PlayerId, mv: Self::Move) -> Result<(), Self::Error>;

    /// Whether `player` may play `mv` now.
    #[inline]
    fn is_legal(&self, player: PlayerId, mv: Self::Move) -> bool {
        self.check_move(player, mv).is_ok()
    }

    /// Plays `mv` for `player` without checking it. The move must be legal
    /// (for example generated by [`legal_moves`](Game::legal_moves)); an
    /// illegal one leaves the state unspecified but never causes undefined
    /// behaviour.
    fn play_unchecked(&mut self, player: PlayerId, mv: Self::Move);

    /// Checks and plays `mv` for `player`.
    ///
    /// # Errors
    /// The reason the move is illegal; the state is then unchanged.
    #[inline]
    fn play(&mut self, player: PlayerId, mv: Self::Move) -> Result<(), Self::Error> {
        self.check_move(player, mv)?;
        self.play_unchecked(player, mv);
        Ok(())
    }

    /// At a [`ToAct::Chance`] node, draws the random event from `rng`
    /// (without applying it); `None` elsewhere.
    fn sample_chance<R: RngCore + ?Sized>(&self, rng: &mut R) -> Option<Self::Chance>;

    /// Applies a chance value (drawn by [`sample_chance`](Game::sample_chance),
    /// read from a record, or chosen by a test).
    ///
    /// # Errors
    /// When the state is not at a chance node or the value does not fit it;
    /// the state is then unchanged.
    fn apply_chance(&mut self, chance: &Self::Chance) -> Result<(), Self::Error>;

    /// The result, once the game is over ([`ToAct::Over`]).
    fn outcome(&self) -> Option<Outcome>;

    /// Why the game ended, in kebab-case (`"goal"`, `"blocked"`,
    /// `"tick-limit"`, ...), once it is over.
    fn end_reason(&self) -> Option<&'static str>;

    /// The longest this game can last from its start, counted in
    /// [`play`](Game::play) and [`apply_chance`](Game::apply_chance) calls;
    /// `None` when unbounded (only for configurations without a limit).
    /// Playouts and the kit call it once per game: keep it cheap (a
    /// formula or a stored number, not a count over the board).
    fn max_plies(&self) -> Option<u64>;

    /// A plain description of this position.
    fn to_setup(&self) -> Self::Setup;

    /// Builds a position from a description, validating it.
    ///
    /// # Errors
    /// What is wrong with the setup.
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// Plays the whole of a chance step with `rng`: samples and applies.
    /// Returns the value applied, or `None` at a node that is not a chance
    /// node.
    fn resolve_chance<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> Option<Self::Chance> {
        let c = self.sample_chance(rng)?;
        self.apply_chance(&c).ok()?;
        Some(c)
    }

    /// Whether the game is over.
    #[inline]
    fn is_over(&self) -> bool {
        self.to_act() == ToAct::Over
    }

    /// A copy of the state with `mv` played for `player`.
    ///
    /// # Errors
    /// The reason the move is illegal.
    fn clone_and_play(&self, player: PlayerId, mv: Self::Move) -> Result<Self, Self::Error> {
        let mut next = self.clone();
        next.play(player, mv)?;
        Ok(next)
    }
}

/// Marker for two-player games where every move passes the turn to the other
/// player and there is no chance (Yavalath). Negamax-style code may rely on
/// it; Paper Soccer (a player moves again after a bounce) does not implement
/// it.
pub trait Alternating: Game {}

/// A game with an incrementally maintained 64-bit Zobrist hash.
pub trait Zobrist: Game {
    /// The incrementally maintained hash.
    fn zobrist(&self) -> u64;
    /// The hash recomputed from scratch; must equal [`zobrist`](Zobrist::zobrist).
    fn zobrist_from_scratch(&self) -> u64;
}

/// Text forms: moves written and read in the game's protocol notation.
pub trait MoveNotation: Game {
    /// Why a move text cannot be read.
    type ParseError: GameError;
    /// Writes `mv` in the notation.
    fn format_move(&self, mv: Self::Move) -> String;
    /// Reads a move in the notation (in the context of this state, for
    /// games whose notation depends on the configuration).
    ///
    /// # Errors
    /// What is wrong with the text.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseError>;
}
