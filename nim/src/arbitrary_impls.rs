//! `arbitrary::Arbitrary` for positions and setups (feature `arbitrary`): always valid (a
//! `max_take` of at least 1, player 0 or 1 to move).

use crate::setup::Setup;
use crate::state::Nim;
use arbitrary::{Arbitrary, Result, Unstructured};
use game_core::PlayerId;

impl<'a> Arbitrary<'a> for Nim {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Nim> {
        let pile = u8::arbitrary(u)?;
        let max_take = u8::arbitrary(u)?.max(1);
        let to_move = PlayerId(u8::from(bool::arbitrary(u)?));
        Ok(Nim { pile, max_take, to_move })
    }
}

impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        Nim::arbitrary(u).map(Setup::from)
    }
}
