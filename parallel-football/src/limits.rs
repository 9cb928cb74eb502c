//! The fixed numbers of the game: four teams, the largest team and kick
//! range, the defaults.

use game_core::PlayerId;

/// The four teams' seats, `PlayerId(0)` to `PlayerId(3)`.
pub const TEAM_IDS: [PlayerId; TEAMS] = [PlayerId(0), PlayerId(1), PlayerId(2), PlayerId(3)];

/// Number of teams; always four.
pub const TEAMS: usize = 4;

/// The most players a team may field (the course used up to 255).
pub const MAX_PLAYERS_PER_TEAM: u16 = 1024;

/// The largest kick range (`46 = ceil(32 * sqrt(2))`).
pub const MAX_KICK_RANGE: u8 = 46;

/// The default turn limit (the statement says only "a large number of moves").
pub const DEFAULT_MAX_TURNS: u32 = 20_000;

/// The default grid side, the only size the arena protocol uses.
pub const DEFAULT_SIDE: u8 = 32;
