//! Moves as action numbers and the position as planes of floats (feature
//! `codec`): [`game_core::codec::ActionCodec`] and
//! [`game_core::codec::Observe`] for [`Quoridor`].
//!
//! # Actions
//! On an `M` x `M` board (`M = size()`), `M² + 2 (M-1)²` distinct actions
//! (209 on the contest's 9 x 9):
//! * `y * M + x`: the pawn to the cell `x y` (a step or a jump, written as
//!   its landing cell, as in the protocol);
//! * `M² + y * (M-1) + x`: the horizontal wall anchored at `x y`;
//! * `M² + (M-1)² + y * (M-1) + x`: the vertical wall anchored at `x y`.
//!
//! # Observation (version 1)
//! `[2N + 5, M, M]` for `N` players (`[9, 9, 9]` for two), row `y` and
//! column `x` for the cell `x y` (the board as the protocol numbers it,
//! not turned). Seats are listed from the observer on: the `k`-th seat is
//! `(observer + k) % N`, so plane 0 is always the observer's own pawn.
//!
//! | plane | what it holds |
//! |---|---|
//! | `k` for `k < N` | the pawn of the `k`-th seat from the observer (nothing once it is removed) |
//! | `N` | horizontal walls, 1 at their anchor `x y` (below the cells `x y` and `x+1 y`) |
//! | `N + 1` | vertical walls, 1 at their anchor `x y` (right of the cells `x y` and `x y+1`) |
//! | `N + 2 + k` | all: the walls the `k`-th seat has left, over the walls each player starts with |
//! | `2N + 2` | the observer's goal cells |
//! | `2N + 3` | all 1 when the observer is to act |
//! | `2N + 4` | all: turns played over the tick limit (0 without a limit) |
//!
//! ```
//! use quoridor::game_core::codec::{ActionCodec, Observe};
//! use quoridor::game_core::PlayerId;
//! use quoridor::{Cell, Move, Quoridor, Wall};
//!
//! let g = Quoridor::default();
//! assert_eq!(g.num_distinct_actions(), 209);
//! assert_eq!(g.decode_action(13), Some(Move::Pawn(Cell::new(4, 1))));
//! assert_eq!(g.encode_action(Move::Wall(Wall::vertical(0, 0))), Some(81 + 64));
//! assert_eq!(g.observation_shape(), [9, 9, 9]);
//! let mut obs = vec![0.0; g.observation_len()];
//! g.write_observation(PlayerId(1), &mut obs).unwrap();
//! // Player 1's own pawn starts at 4 8; player 0's at 4 0.
//! assert_eq!((obs[8 * 9 + 4], obs[81 + 4]), (1.0, 1.0));
//! ```

use crate::moves::{Move, Wall};
use crate::state::Quoridor;
use game_core::codec::{ActionCodec, ObservationError, Observe, fill, set};
use game_core::grid::Cell;
use game_core::{Game, PlayerId, ToAct};

impl ActionCodec for Quoridor {
    fn num_distinct_actions(&self) -> usize {
        let m = usize::from(self.m);
        m * m + 2 * (m - 1) * (m - 1)
    }

    fn encode_action(&self, mv: Move) -> Option<usize> {
        let m = usize::from(self.m);
        match mv {
            Move::Pawn(c) if c.x < self.m && c.y < self.m => Some(usize::from(c.y) * m + usize::from(c.x)),
            Move::Wall(w) if w.x < self.m - 1 && w.y < self.m - 1 => {
                let (x, y) = (usize::from(w.x), usize::from(w.y));
                Some(m * m + usize::from(w.vertical) * (m - 1) * (m - 1) + y * (m - 1) + x)
            }
            _ => None,
        }
    }

    fn decode_action(&self, action: usize) -> Option<Move> {
        let m = usize::from(self.m);
        let byte = |v: usize| u8::try_from(v).ok();
        if action < m * m {
            return Some(Move::Pawn(Cell::new(byte(action % m)?, byte(action / m)?)));
        }
        let rest = action - m * m;
        let n = (m - 1) * (m - 1);
        if rest >= 2 * n {
            return None;
        }
        let (vertical, i) = (rest >= n, rest % n);
        Some(Move::Wall(Wall { x: byte(i % (m - 1))?, y: byte(i / (m - 1))?, vertical }))
    }
}

impl Observe for Quoridor {
    const OBSERVATION_VERSION: u32 = 1;

    fn observation_shape(&self) -> [usize; 3] {
        let m = usize::from(self.m);
        [2 * usize::from(self.players) + 5, m, m]
    }

    // Ratios of small counts (walls, ticks) as floats: precision is no concern.
    #[allow(clippy::cast_precision_loss)]
    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), ObservationError> {
        self.check_observation(observer, out)?;
        out.fill(0.0);
        let shape = self.observation_shape();
        let n = usize::from(self.players);
        let per_player = f32::from(self.config().walls_per_player().max(1));
        for k in 0..n {
            let seat = PlayerId(u8::try_from((observer.index() + k) % n).unwrap_or(0));
            if let Some(c) = self.pawn(seat) {
                set(out, shape, k, usize::from(c.y), usize::from(c.x), 1.0);
            }
            fill(out, shape, n + 2 + k, f32::from(self.walls_left(seat)) / per_player);
        }
        for w in self.walls() {
            set(out, shape, n + usize::from(w.vertical), usize::from(w.y), usize::from(w.x), 1.0);
        }
        let goals = self.goal_mask(observer.index());
        for y in 0..self.m {
            for x in 0..self.m {
                if goals >> self.index(Cell::new(x, y)) & 1 != 0 {
                    set(out, shape, 2 * n + 2, usize::from(y), usize::from(x), 1.0);
                }
            }
        }
        if self.to_act() == ToAct::Player(observer) {
            fill(out, shape, 2 * n + 3, 1.0);
        }
        if let Some(limit) = self.tick_limit() {
            fill(out, shape, 2 * n + 4, self.tick() as f32 / limit as f32);
        }
        Ok(())
    }
}
