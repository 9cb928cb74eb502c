//! Players, sets of players and "who acts next".

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players any game of this workspace seats (Quoridor and Parallel
/// Football have four; the kit allows a little headroom).
pub const MAX_PLAYERS: usize = 8;

/// A player (or team) of a game, numbered from 0 in the order of the rules
/// files: player 0 moves first unless the game is configured otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The player's index, for indexing per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player of a two-player game (`0 <-> 1`).
    #[inline]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The players `0..n` (`n` is at most [`MAX_PLAYERS`]).
    #[inline]
    pub const fn first(n: usize) -> PlayerSet {
        if n >= 8 { PlayerSet(u8::MAX) } else { PlayerSet(((1u16 << n) - 1) as u8) }
    }

    /// Whether `p` is in the set.
    #[inline]
    pub const fn contains(self, p: PlayerId) -> bool {
        p.0 < 8 && self.0 & (1 << p.0) != 0
    }

    /// The set with `p` added.
    #[inline]
    pub const fn with(self, p: PlayerId) -> PlayerSet {
        if p.0 < 8 { PlayerSet(self.0 | (1 << p.0)) } else { self }
    }

    /// The set with `p` removed.
    #[inline]
    pub const fn without(self, p: PlayerId) -> PlayerSet {
        if p.0 < 8 { PlayerSet(self.0 & !(1 << p.0)) } else { self }
    }

    /// Number of players in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered player of the set, if any.
    #[inline]
    pub const fn lowest(self) -> Option<PlayerId> {
        if self.0 == 0 { None } else { Some(PlayerId(self.0.trailing_zeros() as u8)) }
    }

    /// The players of the set in increasing order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..8u8).filter(move |&i| self.0 & (1 << i) != 0).map(PlayerId)
    }
}

impl FromIterator<PlayerId> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(iter: I) -> Self {
        iter.into_iter().fold(PlayerSet::EMPTY, PlayerSet::with)
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
    pub fn next_decider(self) -> Option<PlayerId> {
        match self {
            ToAct::Player(p) => Some(p),
            ToAct::Simultaneous(set) => set.lowest(),
            ToAct::Chance | ToAct::Over => None,
        }
    }
}
