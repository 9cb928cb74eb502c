//! Cells as action numbers and the position as planes of floats (feature
//! `codec`): [`game_core::codec::ActionCodec`] and
//! [`game_core::codec::Observe`] for [`Yavalath`].
//!
//! # Actions
//! An action is a cell's reading index ([`Cell::index`]: row by row from
//! the top, left to right), 61 distinct actions. The steal is the action of
//! the first stone's cell, as in the [`Game`](game_core::Game) model.
//!
//! # Observation (version 1)
//! `[5, 9, 9]`: the hexagon on a 9 x 9 grid of axial columns, row `y` and
//! column `x + max(y - 4, 0)` for the cell `x y` (the protocol's
//! coordinates), so that the six hex directions are the grid's
//! `(±1, 0)`, `(0, ±1)` and `(1, 1)`, `(-1, -1)`. The 20 grid squares that
//! are not cells are 0 in every plane but 3 and 4.
//!
//! | plane | what it holds |
//! |---|---|
//! | 0 | the observer's stones |
//! | 1 | the opponent's stones |
//! | 2 | the cell exists (61 ones) |
//! | 3 | all 1 when the player to act may steal now |
//! | 4 | all 1 when the observer is to act |
//!
//! ```
//! use yavalath::game_core::codec::{ActionCodec, Observe};
//! use yavalath::game_core::{Game, PlayerId};
//! use yavalath::{Cell, Yavalath};
//!
//! let mut g = Yavalath::new();
//! assert_eq!(g.num_distinct_actions(), 61);
//! g.play(PlayerId(0), g.decode_action(30).unwrap()).unwrap();
//! assert_eq!(g.decode_action(30), Some(Cell::CENTER));
//! let mut obs = vec![0.0; g.observation_len()];
//! g.write_observation(PlayerId(1), &mut obs).unwrap();
//! // The centre (row 4, column 4) holds the opponent's stone for player 1.
//! assert_eq!(obs[81 + 4 * 9 + 4], 1.0);
//! ```

use crate::cell::{CELLS, Cell, ROWS};
use crate::state::Yavalath;
use game_core::codec::{ActionCodec, ObservationError, Observe, fill, set};
use game_core::{Game, PlayerId, ToAct};

/// The grid square `(row, column)` of a cell in the observation.
#[must_use]
pub fn square(cell: Cell) -> (usize, usize) {
    let y = usize::from(cell.y());
    (y, usize::from(cell.x()) + y.saturating_sub(4))
}

impl ActionCodec for Yavalath {
    fn num_distinct_actions(&self) -> usize {
        CELLS
    }

    fn encode_action(&self, mv: Cell) -> Option<usize> {
        Some(mv.index())
    }

    fn decode_action(&self, action: usize) -> Option<Cell> {
        Cell::from_index(action)
    }
}

impl Observe for Yavalath {
    const OBSERVATION_VERSION: u32 = 1;

    fn observation_shape(&self) -> [usize; 3] {
        [5, ROWS, ROWS]
    }

    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), ObservationError> {
        self.check_observation(observer, out)?;
        out.fill(0.0);
        let shape = self.observation_shape();
        for cell in Cell::all() {
            let (r, c) = square(cell);
            set(out, shape, 2, r, c, 1.0);
            if let Some(owner) = self.stone_at(cell) {
                set(out, shape, usize::from(owner != observer), r, c, 1.0);
            }
        }
        if self.can_steal() {
            fill(out, shape, 3, 1.0);
        }
        if self.to_act() == ToAct::Player(observer) {
            fill(out, shape, 4, 1.0);
        }
        Ok(())
    }
}
