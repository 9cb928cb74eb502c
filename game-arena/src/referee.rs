//! The one judging core, game-core's [`game_core::referee::judge`]:
//! [`TurnJudge::turn`] decides every turn of `arena play` (the bots' live
//! answers) and `arena judge` (a record's answers or moves), and of
//! game-core's in-memory test host, so none of them can decide a turn
//! differently. Re-exported here, where the arena's modules use it.

pub use game_core::referee::judge::*;
