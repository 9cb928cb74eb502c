//! The absolute result of a finished game, for any number of players.

// Seats are at most MAX_PLAYERS (8), so seat counts and ranks fit in `u8`;
// values in `0.0..=1.0` come from such small counts, exact in `f64`.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]

use crate::player::{MAX_PLAYERS, PlayerId};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why an [`Outcome`] could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OutcomeError {
    /// No players, or more than [`MAX_PLAYERS`].
    #[error("an outcome needs 1 to {MAX_PLAYERS} players, got {0}")]
    PlayerCount(usize),
    /// Ranks and scores do not have one entry per player.
    #[error("ranks ({ranks}) and scores ({scores}) must have one entry per player")]
    LengthMismatch {
        /// Number of ranks given.
        ranks: usize,
        /// Number of scores given.
        scores: usize,
    },
    /// A rank is not the number of players placed strictly better
    /// (competition ranking: `0, 0, 2, 3`, never `0, 0, 1, 2`).
    #[error("rank {rank} of player {player} is not the number of players ranked strictly better ({expected})")]
    BadRank {
        /// The player whose rank is wrong.
        player: usize,
        /// Its rank.
        rank: u8,
        /// The rank it must have.
        expected: u8,
    },
}

/// The absolute result of a finished game: a placement per player (0 is best,
/// equal placements are ties, competition ranking) and a score per player.
///
/// Two-player games score `1` for a win, `0` for a loss and a draw gives both
/// rank 0; Parallel Football scores are the teams' ball counts.
///
/// ```
/// use game_core::{Outcome, PlayerId};
/// let o = Outcome::win_for(2, PlayerId(1));
/// assert_eq!(o.winner(), Some(PlayerId(1)));
/// assert_eq!(o.value_for(PlayerId(1)), 1.0);
/// assert_eq!(o.value_for(PlayerId(0)), -1.0);
/// let shared = Outcome::from_scores(&[7, 7, 3, 0]).unwrap();
/// assert_eq!(shared.winners().collect::<Vec<_>>(), [PlayerId(0), PlayerId(1)]);
/// assert_eq!(shared.rank(PlayerId(2)), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "OutcomeRepr", into = "OutcomeRepr"))]
pub struct Outcome {
    players: u8,
    ranks: [u8; MAX_PLAYERS],
    scores: [i64; MAX_PLAYERS],
}

#[cfg(feature = "serde")]
#[derive(Serialize, Deserialize)]
struct OutcomeRepr {
    ranks: Vec<u8>,
    scores: Vec<i64>,
}

#[cfg(feature = "serde")]
impl From<Outcome> for OutcomeRepr {
    fn from(o: Outcome) -> Self {
        OutcomeRepr { ranks: o.ranks().to_vec(), scores: o.scores().to_vec() }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<OutcomeRepr> for Outcome {
    type Error = OutcomeError;
    fn try_from(r: OutcomeRepr) -> Result<Self, OutcomeError> {
        Outcome::new(&r.ranks, &r.scores)
    }
}

impl Outcome {
    /// An outcome from explicit ranks and scores, validated: one entry per
    /// player, and each rank equal to the number of players ranked strictly
    /// better.
    ///
    /// # Errors
    /// [`OutcomeError`] when the lengths or ranks are inconsistent.
    pub fn new(ranks: &[u8], scores: &[i64]) -> Result<Outcome, OutcomeError> {
        let n = ranks.len();
        if n == 0 || n > MAX_PLAYERS {
            return Err(OutcomeError::PlayerCount(n));
        }
        if scores.len() != n {
            return Err(OutcomeError::LengthMismatch { ranks: n, scores: scores.len() });
        }
        for (i, &r) in ranks.iter().enumerate() {
            let better = ranks.iter().filter(|&&q| q < r).count() as u8;
            if better != r {
                return Err(OutcomeError::BadRank { player: i, rank: r, expected: better });
            }
        }
        let mut o = Outcome { players: n as u8, ranks: [0; MAX_PLAYERS], scores: [0; MAX_PLAYERS] };
        o.ranks[..n].copy_from_slice(ranks);
        o.scores[..n].copy_from_slice(scores);
        Ok(o)
    }

    /// Ranks derived from scores, higher is better, equal scores share a rank.
    ///
    /// # Errors
    /// [`OutcomeError::PlayerCount`] for 0 or more than [`MAX_PLAYERS`] scores.
    pub fn from_scores(scores: &[i64]) -> Result<Outcome, OutcomeError> {
        let n = scores.len();
        if n == 0 || n > MAX_PLAYERS {
            return Err(OutcomeError::PlayerCount(n));
        }
        let mut ranks = [0u8; MAX_PLAYERS];
        for (i, &s) in scores.iter().enumerate() {
            ranks[i] = scores.iter().filter(|&&t| t > s).count() as u8;
        }
        Outcome::new(&ranks[..n], scores)
    }

    /// `winner` wins alone; every other player shares the last place.
    /// Scores: 1 for the winner, 0 for the others.
    ///
    /// # Panics
    /// When `players` is not in `1..=MAX_PLAYERS` or `winner` is not one of
    /// them.
    #[must_use]
    pub fn win_for(players: usize, winner: PlayerId) -> Outcome {
        Outcome::shared_win(players, std::iter::once(winner))
    }

    /// The given players share the win; every other player shares the next
    /// place. Scores: 1 for a winner, 0 for the others.
    ///
    /// # Panics
    /// When `players` is not in `1..=MAX_PLAYERS` or a winner is not one of
    /// them.
    pub fn shared_win(players: usize, winners: impl IntoIterator<Item = PlayerId>) -> Outcome {
        let n = checked_players(players);
        // Built directly (every finished playout makes one): what
        // `from_scores` gives for scores of 1 and 0, without its quadratic
        // ranking.
        let mut o = Outcome { players: n as u8, ranks: [0; MAX_PLAYERS], scores: [0; MAX_PLAYERS] };
        let mut won = 0u8;
        for w in winners {
            assert!(w.index() < n, "winner {w} of a {n}-player game");
            if o.scores[w.index()] == 0 {
                o.scores[w.index()] = 1;
                won += 1;
            }
        }
        // The others share the place after the winners (first, with no
        // winner: a draw).
        if won > 0 {
            for i in 0..n {
                if o.scores[i] == 0 {
                    o.ranks[i] = won;
                }
            }
        }
        o
    }

    /// `loser` loses alone (for example by an illegal move); every other
    /// player shares the first place.
    ///
    /// # Panics
    /// When `players` is not in `1..=MAX_PLAYERS` or `loser` is not one of
    /// them.
    #[must_use]
    pub fn loss_for(players: usize, loser: PlayerId) -> Outcome {
        let n = checked_players(players);
        let mut scores = [1i64; MAX_PLAYERS];
        assert!(loser.index() < n, "loser {loser} of a {n}-player game");
        scores[loser.index()] = 0;
        Outcome::from_scores(&scores[..n]).unwrap_or_else(|_| Outcome::draw(n))
    }

    /// Everybody shares the first place, with score 0.
    ///
    /// # Panics
    /// When `players` is not in `1..=MAX_PLAYERS`.
    #[must_use]
    pub fn draw(players: usize) -> Outcome {
        let n = checked_players(players);
        Outcome { players: n as u8, ranks: [0; MAX_PLAYERS], scores: [0; MAX_PLAYERS] }
    }

    /// Number of players.
    #[inline]
    #[must_use]
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Placements, one per player (0 is best).
    #[inline]
    #[must_use]
    pub fn ranks(&self) -> &[u8] {
        &self.ranks[..self.players()]
    }

    /// Scores, one per player.
    #[inline]
    #[must_use]
    pub fn scores(&self) -> &[i64] {
        &self.scores[..self.players()]
    }

    /// Placement of `p` (0 is best); players outside the game get the last
    /// possible placement.
    #[inline]
    #[must_use]
    pub fn rank(&self, p: PlayerId) -> u8 {
        self.ranks().get(p.index()).copied().unwrap_or(self.players)
    }

    /// Score of `p` (0 for players outside the game).
    #[inline]
    #[must_use]
    pub fn score(&self, p: PlayerId) -> i64 {
        self.scores().get(p.index()).copied().unwrap_or(0)
    }

    /// The players placed first.
    pub fn winners(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.ranks().iter().enumerate().filter(|(_, r)| **r == 0).map(|(i, _)| PlayerId(i as u8))
    }

    /// The single winner, if exactly one player is placed first.
    #[must_use]
    pub fn winner(&self) -> Option<PlayerId> {
        let mut w = self.winners();
        match (w.next(), w.next()) {
            (Some(p), None) if self.players > 1 => Some(p),
            _ => None,
        }
    }

    /// Whether every player shares the first place.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.ranks().iter().all(|&r| r == 0)
    }

    /// The value of the outcome for `p` in `[-1, 1]`: the number of players
    /// placed strictly worse minus the number placed strictly better, divided
    /// by `players - 1`. A two-player win is `1`, a loss `-1`, a draw `0`;
    /// values over all players sum to 0.
    #[must_use]
    pub fn value_for(&self, p: PlayerId) -> f64 {
        let n = self.players();
        if n < 2 || p.index() >= n {
            return 0.0;
        }
        let r = self.rank(p);
        let worse = self.ranks().iter().filter(|&&q| q > r).count() as f64;
        let better = self.ranks().iter().filter(|&&q| q < r).count() as f64;
        (worse - better) / (n - 1) as f64
    }
}

impl fmt::Debug for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outcome").field("ranks", &self.ranks()).field("scores", &self.scores()).finish()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(w) = self.winner() {
            write!(f, "player {w} wins")?;
        } else if self.is_draw() {
            write!(f, "draw")?;
        } else {
            write!(f, "winners")?;
            for w in self.winners() {
                write!(f, " {w}")?;
            }
        }
        write!(f, " (ranks {:?}, scores {:?})", self.ranks(), self.scores())
    }
}

/// `players`, which must be in `1..=MAX_PLAYERS`.
fn checked_players(players: usize) -> usize {
    assert!((1..=MAX_PLAYERS).contains(&players), "{players} players (1 to {MAX_PLAYERS} allowed)");
    players
}

#[cfg(test)]
mod seat_checks {
    use super::*;

    #[test]
    fn shared_win_is_what_from_scores_gives() {
        for n in 1..=MAX_PLAYERS {
            for set in 0u32..(1 << n) {
                let winners: Vec<PlayerId> = (0..n).filter(|i| set >> i & 1 == 1).map(|i| PlayerId(i as u8)).collect();
                let scores: Vec<i64> = (0..n).map(|i| i64::from(set >> i & 1)).collect();
                let expected = Outcome::from_scores(&scores).unwrap();
                assert_eq!(
                    Outcome::shared_win(n, winners.iter().copied()),
                    expected,
                    "{n} players, winners {winners:?}"
                );
                if let [w] = winners[..] {
                    assert_eq!(Outcome::win_for(n, w), expected);
                }
            }
        }
    }

    #[test]
    #[should_panic(expected = "winner 2 of a 2-player game")]
    fn a_winner_outside_the_game_is_refused_not_ignored() {
        let _ = Outcome::win_for(2, PlayerId(2));
    }

    #[test]
    #[should_panic(expected = "0 players")]
    fn a_game_of_no_players_is_refused_not_clamped() {
        let _ = Outcome::draw(0);
    }

    #[test]
    fn seats_inside_the_game_are_ranked() {
        assert_eq!(Outcome::loss_for(4, PlayerId(3)).ranks(), [0, 0, 0, 3]);
        assert_eq!(Outcome::win_for(2, PlayerId(1)).winner(), Some(PlayerId(1)));
    }
}
