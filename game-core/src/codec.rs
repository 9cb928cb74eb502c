//! Moves as dense action numbers and positions as tensors, for learning
//! code (feature `codec`): what `OpenSpiel` calls a game's distinct actions
//! and its observation tensor.
//!
//! * [`ActionCodec`]: every move that can ever be legal in a game of a
//!   given configuration (the conformance kit's move universe) numbered
//!   `0..num_distinct_actions()`, both ways.
//! * [`Observe`]: a position written into a caller's `&mut [f32]` as
//!   planes of a board (`[planes, height, width]`, row-major), as one
//!   player sees it. Each game crate documents its planes in its `codec`
//!   module and numbers its layout with [`Observe::OBSERVATION_VERSION`]:
//!   a changed encoding gets a new version, so a network trained on one
//!   layout can refuse another instead of reading it wrongly.
//!
//! Neither allocates: [`legal_actions`] fills a reused buffer, and the
//! observation is written into the caller's slice.
//!
//! ```
//! use game_core::codec::{ActionCodec, legal_actions};
//! use nim::Nim;
//! use game_core::{Game, PlayerId};
//!
//! let g = Nim::new(5, 3);
//! assert_eq!(g.num_distinct_actions(), 3);
//! let (mut moves, mut actions) = (Vec::new(), Vec::new());
//! legal_actions(&g, PlayerId(0), &mut moves, &mut actions);
//! assert_eq!(actions, [0, 1, 2]);
//! assert_eq!(g.decode_action(2), Some(3));
//! assert_eq!(g.encode_action(3), Some(2));
//! assert_eq!(g.decode_action(3), None);
//! ```

use crate::game::Game;
use crate::player::PlayerId;

/// Every move of a game's move universe numbered densely.
///
/// The numbering depends on the configuration only (a board size, a player
/// count), never on the position: the same move has the same number in
/// every position of a game. `decode_action(encode_action(m)) == Some(m)`
/// for every move `m` that can ever be legal, and
/// `encode_action(decode_action(a)) == Some(a)` for every
/// `a < num_distinct_actions()`.
pub trait ActionCodec: Game {
    /// How many distinct actions the configuration has (`OpenSpiel`'s
    /// `num_distinct_actions`).
    fn num_distinct_actions(&self) -> usize;

    /// The number of `mv`; `None` when `mv` can never be legal in a game of
    /// this configuration (off the board, say).
    fn encode_action(&self, mv: Self::Move) -> Option<usize>;

    /// The move numbered `action`; `None` when `action >=
    /// num_distinct_actions()`.
    fn decode_action(&self, action: usize) -> Option<Self::Move>;
}

/// Why an observation cannot be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ObservationError {
    /// The output slice does not have [`Observe::observation_len`] floats.
    #[error("the observation has {expected} floats, the buffer {got}")]
    WrongLength {
        /// The observation's length.
        expected: usize,
        /// The buffer's length.
        got: usize,
    },
    /// The observer is not a seat of the game.
    #[error("no seat {0} in this game")]
    NoSuchPlayer(PlayerId),
}

crate::error_kinds!(ObservationError {
    ObservationError::WrongLength { .. } => "wrong-length",
    ObservationError::NoSuchPlayer(_) => "no-such-player",
});

/// A position as planes of floats, as one player sees it.
pub trait Observe: Game {
    /// The version of the plane layout (see the module docs): raised
    /// whenever the meaning of any float changes.
    const OBSERVATION_VERSION: u32;

    /// `[planes, height, width]` for this configuration.
    fn observation_shape(&self) -> [usize; 3];

    /// Number of floats of an observation: the product of the shape.
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// Writes the position as `observer` sees it into `out`, every float of
    /// it (nothing is left from an earlier observation). Any state,
    /// finished ones included, can be observed by any seat.
    ///
    /// # Errors
    /// [`ObservationError`] when `out` has the wrong length or `observer`
    /// is not a seat; `out` is then untouched.
    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), ObservationError>;

    /// Checks `observer` and the length of `out`: the common first lines of
    /// [`write_observation`](Observe::write_observation).
    ///
    /// # Errors
    /// As [`write_observation`](Observe::write_observation).
    fn check_observation(&self, observer: PlayerId, out: &[f32]) -> Result<(), ObservationError> {
        if observer.index() >= self.players() {
            return Err(ObservationError::NoSuchPlayer(observer));
        }
        let expected = self.observation_len();
        if out.len() == expected { Ok(()) } else { Err(ObservationError::WrongLength { expected, got: out.len() }) }
    }
}

/// Fills `actions` with the numbers of `player`'s legal moves now, in the
/// order [`Game::legal_moves`] lists them (`moves` is scratch space for
/// that list). No allocation once both buffers have grown.
pub fn legal_actions<G: ActionCodec>(g: &G, player: PlayerId, moves: &mut Vec<G::Move>, actions: &mut Vec<usize>) {
    g.legal_moves(player, moves);
    actions.clear();
    actions.extend(moves.iter().filter_map(|&m| g.encode_action(m)));
}

/// Writes a plane of the observation: `out[plane][y][x] = value` in a
/// `[_, height, width]` tensor; nothing when out of range.
#[inline]
pub fn set(out: &mut [f32], shape: [usize; 3], plane: usize, y: usize, x: usize, value: f32) {
    let [planes, h, w] = shape;
    if plane < planes && y < h && x < w {
        if let Some(v) = out.get_mut((plane * h + y) * w + x) {
            *v = value;
        }
    }
}

/// Fills a whole plane of the observation with `value` (a constant plane:
/// whose turn it is, a fraction of the game gone).
#[inline]
pub fn fill(out: &mut [f32], shape: [usize; 3], plane: usize, value: f32) {
    let [_, h, w] = shape;
    if let Some(p) = out.get_mut(plane * h * w..(plane + 1) * h * w) {
        p.fill(value);
    }
}
