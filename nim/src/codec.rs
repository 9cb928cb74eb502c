//! `game_core::codec` for Nim (feature `codec`): the takes `1..=max_take` as actions
//! `0..max_take`, and observation version 1, `[2, 1, 1]`: plane 0 the stones left, plane 1
//! 1 when the observer is to act.

use crate::state::Nim;
use game_core::PlayerId;
use game_core::codec::{ActionCodec, ObservationError, Observe};

/// The takes `1..=max_take` as actions `0..max_take`.
impl ActionCodec for Nim {
    fn num_distinct_actions(&self) -> usize {
        usize::from(self.max_take)
    }
    fn encode_action(&self, take: u8) -> Option<usize> {
        (1..=self.max_take).contains(&take).then(|| usize::from(take - 1))
    }
    fn decode_action(&self, action: usize) -> Option<u8> {
        u8::try_from(action).ok().filter(|&a| a < self.max_take).map(|a| a + 1)
    }
}

/// Observation version 1, `[2, 1, 1]`: plane 0 the stones left, plane 1
/// 1 when the observer is to act.
impl Observe for Nim {
    const OBSERVATION_VERSION: u32 = 1;
    fn observation_shape(&self) -> [usize; 3] {
        [2, 1, 1]
    }
    fn write_observation(&self, observer: PlayerId, out: &mut [f32]) -> Result<(), ObservationError> {
        Observe::check_observation(self, observer, out)?;
        out[0] = f32::from(self.pile);
        out[1] = if self.pile > 0 && self.to_move == observer { 1.0 } else { 0.0 };
        Ok(())
    }
}
