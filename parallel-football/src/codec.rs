//! Team decisions as action numbers and the field as planes of floats
//! (feature `codec`): [`game_core::codec::ActionCodec`] and
//! [`game_core::codec::Observe`] for [`ParallelFootball`].
//!
//! # Actions: one footballer at a time
//! A team's joint order (one order for each of its `p` footballers) is far
//! too many to number, so the codec numbers one footballer's decision, as
//! the [`Game`](game_core::Game) model already plays it ([`FootballMove`]):
//! each team acting in a round submits the decision of its **next**
//! footballer (the next to place, or the next to order), all teams at once,
//! `OpenSpiel`'s simultaneous move; a team's whole turn is `p` such rounds, in
//! footballer order, and the kick allocation (a chance node) follows the
//! last one. With `C = width * height` cells and `K` kick offsets in range:
//! * `0..C`: place the next footballer on the cell `index = y * width + x`
//!   (placement phase);
//! * `C`: `stay`; `C + 1 + k`: the `k`-th walk of [`Order::MOVES`];
//! * `C + 9 + j`: kick by the `j`-th offset of
//!   [`Geometry::kick_offsets`](crate::Geometry::kick_offsets).
//!
//! # Observation (version 1)
//! `[19, height, width]`, row `y`, column `x`, the field as the protocol
//! numbers it (not turned). Teams are listed from the observer on: the
//! `k`-th team is `(observer + k) % 4`. What a team does not know is left
//! out: during the placement, the other teams' footballers (their start
//! cells are answered at the same time), and the other teams' orders of
//! the round.
//!
//! | plane | what it holds |
//! |---|---|
//! | `k` for `k < 4` | the `k`-th team's footballers on the cell, over `p` |
//! | 4 | the balls on the cell (a count) |
//! | `5 + k` | the `k`-th team's home cell |
//! | 9 | the observer's footballer to order next (its cell) |
//! | 10 | the observer's footballers already ordered this round, over `p` |
//! | 11 | all 1 during the placement |
//! | 12 | all: turns played over the turn limit |
//! | `13 + k` | all: the `k`-th team's score over the balls at the start |
//! | 17 | all 1 when the observer owes a decision now |
//! | 18 | all: the observer's footballers decided this round, over `p` |
//!
//! ```
//! use parallel_football::game_core::codec::{ActionCodec, Observe};
//! use parallel_football::game_core::PlayerId;
//! use parallel_football::{Config, FootballMove, Order, ParallelFootball};
//!
//! let g = ParallelFootball::new(Config::new(6, 6, 2, 3, 12).unwrap()).unwrap();
//! assert_eq!(g.decode_action(36), Some(FootballMove::Order(Order::Stay)));
//! assert_eq!(g.observation_shape(), [19, 6, 6]);
//! let mut obs = vec![0.0; g.observation_len()];
//! g.write_observation(PlayerId(2), &mut obs).unwrap();
//! // Team 2's home is the corner 5 5.
//! assert_eq!(obs[5 * 36 + 5 * 6 + 5], 1.0);
//! ```

use crate::limits::TEAMS;
use crate::order::{FootballMove, Order};
use crate::state::ParallelFootball;
use game_core::codec::{ActionCodec, ObservationError, Observe, fill};
use game_core::{Game, PlayerId};

impl ActionCodec for ParallelFootball {
    fn num_distinct_actions(&self) -> usize {
        self.config().cells() + 1 + Order::MOVES.len() + self.field.geometry().kick_offsets().len()
    }

    fn encode_action(&self, mv: FootballMove) -> Option<usize> {
        let c = self.config();
        let cells = c.cells();
        match mv {
            FootballMove::Place(cell) => c.contains(cell).then(|| c.index(cell)),
            FootballMove::Order(Order::Stay) => Some(cells),
            FootballMove::Order(m @ Order::Move { .. }) => {
                Order::MOVES.iter().position(|&o| o == m).map(|k| cells + 1 + k)
            }
            FootballMove::Order(Order::Kick { dx, dy }) => {
                let offsets = self.field.geometry().kick_offsets();
                offsets.iter().position(|&o| o == (dx, dy)).map(|j| cells + 1 + Order::MOVES.len() + j)
            }
        }
    }

    fn decode_action(&self, action: usize) -> Option<FootballMove> {
        let c = self.config();
        let cells = c.cells();
        if action < cells {
            return Some(FootballMove::Place(c.cell(action)));
        }
        let rest = action - cells;
        if rest == 0 {
            return Some(FootballMove::Order(Order::Stay));
        }
        if let Some(&m) = Order::MOVES.get(rest - 1) {
            return Some(FootballMove::Order(m));
        }
        let offsets = self.field.geometry().kick_offsets();
        let &(dx, dy) = offsets.get(rest - 1 - Order::MOVES.len())?;
        Some(FootballMove::Order(Order::Kick { dx, dy }))
    }
}

impl Observe for ParallelFootball {
    const OBSERVATION_VERSION: u32 = 1;

    fn observation_shape(&self) -> [usize; 3] {
        let c = self.config();
        [19, usize::from(c.height), usize::from(c.width)]
    }

    // Ratios of counts (footballers, turns, balls) as floats: precision is no concern.
    #[allow(clippy::cast_precision_loss)]
    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), ObservationError> {
        self.check_observation(observer, out)?;
        out.fill(0.0);
        let shape = self.observation_shape();
        let c = self.config();
        let p = f32::from(c.players.max(1));
        let me = observer.index();
        let placing = self.in_placement();
        let mut add = |plane: usize, cell: game_core::grid::Cell, v: f32| {
            let i = (plane * usize::from(c.height) + usize::from(cell.y)) * usize::from(c.width) + usize::from(cell.x);
            if let Some(x) = out.get_mut(i) {
                *x += v;
            }
        };
        for k in 0..TEAMS {
            let team = (me + k) % TEAMS;
            let tid = PlayerId(u8::try_from(team).unwrap_or(0));
            let known = if placing && k != 0 { 0 } else { usize::from(self.placed[team]) };
            for &cell in &self.field.team_positions(tid)[..known.min(usize::from(c.players))] {
                add(k, cell, 1.0 / p);
            }
            add(5 + k, c.home(tid), 1.0);
        }
        for (i, &n) in self.field.balls().iter().enumerate() {
            if n > 0 {
                add(4, c.cell(i), f32::from(n));
            }
        }
        let given = if placing { 0 } else { self.given[me] };
        let mine = self.field.team_positions(observer);
        if !placing && !self.field.is_over() {
            if let Some(&cell) = mine.get(usize::from(given)) {
                add(9, cell, 1.0);
            }
        }
        for &cell in &mine[..usize::from(given).min(mine.len())] {
            add(10, cell, 1.0 / p);
        }
        if placing {
            fill(out, shape, 11, 1.0);
        }
        fill(out, shape, 12, self.field.turn() as f32 / c.max_turns.max(1) as f32);
        let scores = self.field.scores();
        let balls = c.start_balls().max(1) as f32;
        for k in 0..TEAMS {
            fill(out, shape, 13 + k, scores[(me + k) % TEAMS] as f32 / balls);
        }
        if self.to_act().includes(observer) {
            fill(out, shape, 17, 1.0);
        }
        let decided = if placing { self.placed[me] } else { self.given[me] };
        fill(out, shape, 18, f32::from(decided) / p);
        Ok(())
    }
}
