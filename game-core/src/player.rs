//! Players, sets of players and "who acts next".

// Seats and bit positions are below MAX_PLAYERS (8): they fit in `u8`.
#![allow(clippy::cast_possible_truncation)]

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players any game of this workspace seats (Quoridor and Parallel
/// Football have four; the kit allows a little headroom).
pub const MAX_PLAYERS: usize = 8;

/// A player (or team) of a game, numbered from 0 in the order of the rules
/// files: player 0 moves first unless the game is configured otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The player's index, for indexing per-player arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player of a two-player game (`0 <-> 1`).
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> PlayerId {
        PlayerId(self.0 ^ 1)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of players, as a bit mask (bit `i` is player `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct PlayerSet(pub u8);

crate::bit_set!(PlayerSet, u8, PlayerId, |p| p.0 as u32, |i| PlayerId(i as u8));

impl PlayerSet {
    /// The players `0..n` (`n` is at most [`MAX_PLAYERS`]).
    #[inline]
    #[must_use]
    pub const fn first(n: usize) -> PlayerSet {
        if n >= 8 { PlayerSet(u8::MAX) } else { PlayerSet(((1u16 << n) - 1) as u8) }
    }

    /// The lowest-numbered player of the set, if any.
    #[inline]
    #[must_use]
    pub const fn lowest(self) -> Option<PlayerId> {
        if self.0 == 0 { None } else { Some(PlayerId(self.0.trailing_zeros() as u8)) }
    }
}

/// Who must act in a state. Always ask the state: after every move the answer
/// may be the same player (a Paper Soccer bounce), the next player still in
/// the game (Quoridor skips removed players), every team at once (Parallel
/// Football), or nature (a random resolution step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToAct {
    /// One player must play one move.
    Player(PlayerId),
    /// Every player of the set owes moves, independently of each other, and
    /// none sees the others' choices (simultaneous play). Each player submits
    /// its moves with [`Game::play`](crate::Game::play); moves of different
    /// players commute. When the last one is in, the state moves on (usually
    /// to [`ToAct::Chance`]).
    Simultaneous(PlayerSet),
    /// A random event must be resolved with
    /// [`Game::sample_chance`](crate::Game::sample_chance) and
    /// [`Game::apply_chance`](crate::Game::apply_chance).
    Chance,
    /// The game is over; [`Game::outcome`](crate::Game::outcome) is `Some`.
    Over,
}

impl ToAct {
    /// Whether `p` may play a move now.
    #[inline]
    #[must_use]
    pub fn includes(self, p: PlayerId) -> bool {
        match self {
            ToAct::Player(q) => p == q,
            ToAct::Simultaneous(set) => set.contains(p),
            ToAct::Chance | ToAct::Over => false,
        }
    }

    /// The player a sequential tool (perft, playouts, the kit) should let act
    /// next: the player of a [`ToAct::Player`] node, or the lowest player of
    /// a [`ToAct::Simultaneous`] set.
    #[inline]
    #[must_use]
    pub fn next_decider(self) -> Option<PlayerId> {
        match self {
            ToAct::Player(p) => Some(p),
            ToAct::Simultaneous(set) => set.lowest(),
            ToAct::Chance | ToAct::Over => None,
        }
    }
}

/// Why a seat cannot play a move now, whatever the move: the refusals every
/// game shares. Each game's move error wraps it (as its `Seat` variant), so
/// the kinds and messages are written once, here.
///
/// ```
/// use game_core::{GameError, PlayerId, SeatError};
/// let e = SeatError::NotYourTurn { player: PlayerId(1), to_move: PlayerId(0) };
/// assert_eq!(e.kind(), "not-your-turn");
/// assert_eq!(e.to_string(), "it is player 0's turn, not player 1's");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SeatError {
    /// The seat does not exist in this game; checked before anything else.
    #[error("there is no player {player}: the game has {players} players")]
    NoSuchPlayer {
        /// The seat asked for.
        player: PlayerId,
        /// How many seats the game has.
        players: usize,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another player is to act.
    #[error("it is player {to_move}'s turn, not player {player}'s")]
    NotYourTurn {
        /// The seat that tried to act.
        player: PlayerId,
        /// The seat to act.
        to_move: PlayerId,
    },
}

crate::error_kinds!(SeatError {
    SeatError::NoSuchPlayer { .. } => "no-such-player",
    SeatError::GameOver => "game-over",
    SeatError::NotYourTurn { .. } => "not-your-turn",
});

impl SeatError {
    /// [`SeatError::NoSuchPlayer`] unless `player` is one of the first
    /// `players` seats.
    ///
    /// # Errors
    /// [`SeatError::NoSuchPlayer`].
    pub fn check_exists(player: PlayerId, players: usize) -> Result<(), SeatError> {
        if player.index() < players { Ok(()) } else { Err(SeatError::NoSuchPlayer { player, players }) }
    }
}
