//! Precomputed geometry of a configuration: the kick disc and, on demand,
//! the fewest kicks from every cell to every home.

// Casts: kick offsets are within the kick range (at most 46) and team numbers 0..=3.
#![allow(clippy::cast_possible_truncation)]
// The Debug output names the configuration; the lazily computed route tables are derived data.
#![allow(clippy::missing_fields_in_debug)]

use crate::limits::TEAMS;
use crate::setup::Config;
use game_core::PlayerId;
use game_core::grid::Cell;
use std::sync::OnceLock;

/// The kick offsets of a configuration, computed once and shared (through an
/// `Arc`) by every [`Field`](crate::Field) of that configuration.
///
/// ```
/// use parallel_football::{Config, Geometry};
/// let g = Geometry::new(Config::standard(1, 1).unwrap());
/// assert_eq!(g.kick_offsets().len(), 4); // the four neighbours at distance 1
/// let g = Geometry::new(Config::standard(1, 2).unwrap());
/// assert_eq!(g.kick_offsets().len(), 12); // 3x3 minus the centre, plus (±2, 0), (0, ±2)
/// ```
pub struct Geometry {
    config: Config,
    offsets: Vec<(i8, i8)>,
    routes: OnceLock<Routes>,
}

/// Fewest-kicks tables (computed on first use).
struct Routes {
    /// `kicks[team][cell]`: fewest kicks from the cell to the team's home.
    kicks: [Vec<u16>; TEAMS],
    /// `next[team][cell]`: the kick offset that starts a shortest route (the
    /// target nearest to the home among those one kick closer).
    next: [Vec<(i8, i8)>; TEAMS],
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Geometry").field("config", &self.config).field("offsets", &self.offsets.len()).finish()
    }
}

impl Geometry {
    /// The geometry of `config`: every offset `(dx, dy) != (0, 0)` with
    /// `dx^2 + dy^2 <= k^2` that fits in the grid (`|dx| < width`,
    /// `|dy| < height`), nearest first (then by `dy`, then `dx`).
    ///
    /// # Panics
    /// When `config` is invalid ([`Config::validate`]); [`Field::new`](crate::Field::new)
    /// returns the error instead.
    #[must_use]
    pub fn new(config: Config) -> Geometry {
        if let Err(e) = config.validate() {
            panic!("Geometry::new: {e}");
        }
        let k = i32::from(config.kick_range);
        let (w, h) = (i32::from(config.width), i32::from(config.height));
        let mut offsets = Vec::new();
        for dy in -k..=k {
            for dx in -k..=k {
                if config.in_kick_range(dx, dy) && dx.abs() < w && dy.abs() < h {
                    offsets.push((dx as i8, dy as i8));
                }
            }
        }
        offsets.sort_by_key(|&(dx, dy)| (i32::from(dx).pow(2) + i32::from(dy).pow(2), dy, dx));
        Geometry { config, offsets, routes: OnceLock::new() }
    }

    /// The configuration.
    #[inline]
    pub fn config(&self) -> Config {
        self.config
    }

    /// Every kick offset of the configuration (see [`Geometry::new`]).
    #[inline]
    pub fn kick_offsets(&self) -> &[(i8, i8)] {
        &self.offsets
    }

    fn routes(&self) -> &Routes {
        self.routes.get_or_init(|| {
            let c = self.config;
            let n = c.cells();
            let mut kicks: [Vec<u16>; TEAMS] = Default::default();
            let mut next: [Vec<(i8, i8)>; TEAMS] = Default::default();
            let mut queue = Vec::with_capacity(n);
            for t in 0..TEAMS {
                // Breadth-first search from the home; the disc is symmetric,
                // so a kick from v to u exists when one from u to v does.
                let home = c.home(PlayerId(t as u8));
                let mut dist = vec![u16::MAX; n];
                dist[c.index(home)] = 0;
                queue.clear();
                queue.push(home);
                let mut head = 0;
                while head < queue.len() {
                    let u = queue[head];
                    head += 1;
                    let du = dist[c.index(u)];
                    for &(dx, dy) in &self.offsets {
                        if let Some(v) = u.offset(dx.into(), dy.into(), c.width, c.height) {
                            let vi = c.index(v);
                            if dist[vi] == u16::MAX {
                                dist[vi] = du + 1;
                                queue.push(v);
                            }
                        }
                    }
                }
                let mut best = vec![(0i8, 0i8); n];
                for (i, b) in best.iter_mut().enumerate() {
                    let from = c.cell(i);
                    if dist[i] == 0 {
                        continue;
                    }
                    let mut pick: Option<(u16, u32, (i8, i8))> = None;
                    for &(dx, dy) in &self.offsets {
                        if let Some(v) = from.offset(dx.into(), dy.into(), c.width, c.height) {
                            let key = (dist[c.index(v)], v.distance2(home));
                            if pick.is_none_or(|(d, e, _)| key < (d, e)) {
                                pick = Some((key.0, key.1, (dx, dy)));
                            }
                        }
                    }
                    *b = pick.map_or((0, 0), |p| p.2);
                }
                kicks[t] = dist;
                next[t] = best;
            }
            Routes { kicks, next }
        })
    }

    /// Fewest kicks that bring a ball from `cell` to `team`'s home (0 on the
    /// home itself). Computed for the whole grid and every team on first use
    /// (a breadth-first search costing cells x kick offsets per team: about
    /// a millisecond on 32 x 32 with k = 10, seconds on 255 x 255 with
    /// k = 46), then shared by every field of the configuration.
    ///
    /// `u16::MAX` off the grid, and for a seat above 3 (no team, no home).
    pub fn kicks_to_home(&self, cell: Cell, team: PlayerId) -> u16 {
        if !self.config.contains(cell) || team.index() >= TEAMS {
            return u16::MAX;
        }
        self.routes().kicks[team.index()][self.config.index(cell)]
    }

    /// [`Geometry::kicks_to_home`] for every cell (row-major), for `team`
    /// (empty for a seat above 3).
    pub fn kicks_table(&self, team: PlayerId) -> &[u16] {
        self.routes().kicks.get(team.index()).map_or(&[], Vec::as_slice)
    }

    /// The kick that starts a shortest multi-kick route from `cell` to
    /// `team`'s home (among the targets one kick closer, the one nearest the
    /// home; among equally near ones, the first in [`kick_offsets`]'
    /// order). `None` on the home itself, off the grid, or for a seat above 3.
    ///
    /// [`kick_offsets`]: Geometry::kick_offsets
    pub fn best_kick_toward_home(&self, cell: Cell, team: PlayerId) -> Option<(i8, i8)> {
        if team.index() >= TEAMS || !self.config.contains(cell) || cell == self.config.home(team) {
            return None;
        }
        Some(self.routes().next[team.index()][self.config.index(cell)])
    }
}
