//! Evaluation of a field for one team, as the rollout search
//! ([`FootballSearch`](crate::search::FootballSearch)) scores the futures
//! it samples.
//!
//! ```
//! use parallel_football::{Cell, Config, Field, evaluation::potential};
//! use parallel_football::game_core::PlayerId;
//!
//! let config = Config::new(8, 8, 1, 3, 100).unwrap();
//! let field = Field::new(config, &[Cell::new(4, 4); 4]).unwrap();
//! // Every ball counts, the nearest ones to a team's home the most.
//! assert!(potential(&field, PlayerId(0)) > 0.0);
//! assert_eq!(potential(&field, PlayerId(0)), potential(&field, PlayerId(2)));
//! ```

use crate::field::Field;
use game_core::PlayerId;

/// The balls' worth to `team` before they score: `2^-k` for a ball `k`
/// kicks from its home.
#[must_use]
pub fn potential(field: &Field, team: PlayerId) -> f64 {
    let kicks = field.geometry().kicks_table(team);
    field.balls().iter().zip(kicks).filter(|&(&b, _)| b > 0).map(|(&b, &k)| f64::from(b) * 0.5f64.powi(k.into())).sum()
}
