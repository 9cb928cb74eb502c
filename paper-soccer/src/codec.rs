//! Steps as action numbers and the position as planes of floats (feature
//! `codec`): [`game_core::codec::ActionCodec`] and
//! [`game_core::codec::Observe`] for every [`Board`].
//!
//! # Actions
//! An action is one step, [`Dir::index`] (0 = N, 1 = NE, ... 7 = NW, the
//! protocol's digits): 8 distinct actions. A turn goes on after a bounce,
//! so the player to act after an action may be the same one again: ask
//! `to_act` after every step, as the [`Game`](game_core::Game) model says.
//!
//! # Observation (version 1)
//! `[12, height + 3, width + 1]` (`[12, 13, 9]` on the standard pitch): one
//! cell per point, rows `-1..=height+1` and columns `0..=width`, turned so
//! that **the observer attacks upwards**: for player 0 row `r` is `y = r -
//! 1`, column `c` is `x = c`; for player 1 the pitch is turned by 180
//! degrees (`y = height + 1 - r`, `x = width - c`) and directions with it
//! (the observer's north is player 1's south).
//!
//! | plane | what it holds |
//! |---|---|
//! | 0 | the ball: 1 at its point |
//! | 1 to 8 | a free line from the point in direction 0 (N) to 7 (NW) as the observer sees it: the link exists and is not drawn yet |
//! | 9 | the point exists (the pitch and the two goals' points) |
//! | 10 | the ball arriving at the point would bounce (a drawn line touches it, or it is a goal point) |
//! | 11 | all 1 when the observer is to act |
//!
//! ```
//! use paper_soccer::game_core::codec::{ActionCodec, Observe};
//! use paper_soccer::game_core::PlayerId;
//! use paper_soccer::{Dir, PaperSoccer};
//!
//! let g = PaperSoccer::default();
//! assert_eq!(g.num_distinct_actions(), 8);
//! assert_eq!(g.decode_action(4), Some(Dir::S));
//! let mut obs = vec![0.0; g.observation_len()];
//! g.write_observation(PlayerId(0), &mut obs).unwrap();
//! assert_eq!(g.observation_shape(), [12, 13, 9]);
//! // The ball at the centre, (4, 5): row 6, column 4.
//! assert_eq!(obs[6 * 9 + 4], 1.0);
//! ```

// Slots of a board (at most MAX_SLOTS, 256) are kept in a byte, so the
// cast cannot truncate; `p`, `x`, `y`, `w`, `h`, `r`, `c` are the rules'
// and the tensor's names.
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names)]

use crate::dir::{Dir, DirSet, Point};
use crate::pitch::Pitch;
use crate::state::Board;
use game_core::codec::{ActionCodec, ObservationError, Observe, fill, set};
use game_core::{Game, PlayerId, ToAct};
use std::sync::OnceLock;

/// The links at each slot of the standard pitch, computed once.
static STANDARD_LINKS: OnceLock<Vec<u8>> = OnceLock::new();

/// The links that exist at each slot of `pitch` ([`Pitch::links_at`]; 0 off the pitch).
fn link_masks(pitch: Pitch) -> Vec<u8> {
    (0..pitch.slots()).map(|i| pitch.links_at(pitch.point_of_slot(i)).0).collect()
}

impl<const N: usize> ActionCodec for Board<N> {
    fn num_distinct_actions(&self) -> usize {
        Dir::ALL.len()
    }

    fn encode_action(&self, mv: Dir) -> Option<usize> {
        Some(usize::from(mv.index()))
    }

    fn decode_action(&self, action: usize) -> Option<Dir> {
        Dir::ALL.get(action).copied()
    }
}

impl<const N: usize> Observe for Board<N> {
    const OBSERVATION_VERSION: u32 = 1;

    fn observation_shape(&self) -> [usize; 3] {
        let p = self.pitch();
        [12, usize::from(p.height) + 3, usize::from(p.width) + 1]
    }

    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), ObservationError> {
        self.check_observation(observer, out)?;
        out.fill(0.0);
        let shape = self.observation_shape();
        let pitch = self.pitch();
        let turned = observer.0 == 1;
        let (w, h) = (i16::from(pitch.width), i16::from(pitch.height));
        // The observer's row and column of a point (inside the tensor).
        let at = |p: Point| -> (usize, usize) {
            let (x, y) = (i16::from(p.x), i16::from(p.y));
            let (c, r) = if turned { (w - x, h + 1 - y) } else { (x, y + 1) };
            (usize::try_from(r).unwrap_or(usize::MAX), usize::try_from(c).unwrap_or(usize::MAX))
        };
        let seen = |d: Dir| if turned { d.opposite() } else { d };
        let standard;
        let other;
        let links: &[u8] = if pitch == Pitch::STANDARD {
            standard = STANDARD_LINKS.get_or_init(|| link_masks(Pitch::STANDARD));
            standard
        } else {
            other = link_masks(pitch);
            &other
        };
        for (i, &links) in links.iter().enumerate().take(N) {
            let p = pitch.point_of_slot(i);
            if !pitch.contains(p) {
                continue;
            }
            let (r, c) = at(p);
            set(out, shape, 9, r, c, 1.0);
            // As `is_bounce_point`: a goal point, or a line at the point is drawn.
            let free = self.free_mask(i as u8);
            if pitch.goal_at(p).is_some() || free != links {
                set(out, shape, 10, r, c, 1.0);
            }
            for d in DirSet(free) {
                set(out, shape, 1 + usize::from(seen(d).index()), r, c, 1.0);
            }
        }
        let (r, c) = at(self.ball());
        set(out, shape, 0, r, c, 1.0);
        if self.to_act() == ToAct::Player(observer) {
            fill(out, shape, 11, 1.0);
        }
        Ok(())
    }
}
