//! The position as an SVG picture (feature `svg`), as `chess.svg` draws a chess position: the
//! pictures of the [`rules`](crate::rules) and of the `arena`'s renderer and replay viewer, and
//! an analysis's best move drawn over the picture ([`best_move`]).
//!
//! ```
//! use yavalath::Yavalath;
//! let picture = yavalath::svg::svg(&Yavalath::new(), None);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("player 0 (white) to move, ply 0"));
//! ```

// Drawing code: `r`, `w`, `h` (radius, width, height) and the like are the geometry's own names.
#![allow(clippy::many_single_char_names)]

use crate::cell::Cell;
use crate::state::Yavalath;
use game_core::svg::escape;
use game_core::{Game, PlayerId};
use std::fmt::Write;

/// The hexagons' circumradius in [`svg`]'s picture, in pixels.
const R: f64 = 26.0;

/// The width and height of [`svg`]'s picture.
fn size() -> (f64, f64) {
    let (dx, dy) = (R * 3f64.sqrt(), R * 1.5);
    (9.0 * dx + 60.0, 8.0 * dy + 2.0 * R + 100.0)
}

/// The centre of cell `c` in [`svg`]'s picture, in its coordinates (the
/// browser page's click targets).
#[must_use]
pub fn centre(c: Cell) -> (f64, f64) {
    let (dx, dy) = (R * 3f64.sqrt(), R * 1.5);
    let y = f64::from(c.y());
    let len = 9.0 - (y - 4.0).abs();
    (size().0 / 2.0 + (f64::from(c.x()) - (len - 1.0) / 2.0) * dx, 40.0 + R + y * dy)
}

/// The hex board as SVG: 61 hexagons, stones, coordinates, the last move
/// (ringed) and the result.
#[must_use]
pub fn svg(g: &Yavalath, last: Option<Cell>) -> String {
    let r = R;
    let (w, h) = size();
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">\
         <rect width=\"{w:.0}\" height=\"{h:.0}\" fill=\"#f3ead8\"/>"
    );
    for c in Cell::all() {
        let (cx, cy) = centre(c);
        let pts: Vec<String> = (0..6)
            .map(|i| {
                let a = std::f64::consts::PI / 180.0 * (60.0 * f64::from(i) - 30.0);
                format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        let _ = write!(
            s,
            "<polygon points=\"{}\" fill=\"#d9b77e\" stroke=\"#7a5a2b\" stroke-width=\"1.5\"/>",
            pts.join(" ")
        );
        match g.stone_at(c) {
            Some(p) => {
                let (fill, stroke) = if p.0 == 0 { ("#fdfdfd", "#555") } else { ("#1b1b1b", "#000") };
                let _ = write!(
                    s,
                    "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
                    r * 0.68
                );
                if last == Some(c) {
                    let _ = write!(
                        s,
                        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d63031\" stroke-width=\"3\"/>",
                        r * 0.8
                    );
                }
            }
            None => {
                let _ = write!(
                    s,
                    "<text x=\"{cx:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"9\" fill=\"#7a5a2b\" text-anchor=\"middle\">{} {}</text>",
                    cy + 3.0,
                    c.x(),
                    c.y()
                );
            }
        }
    }
    let caption = match (g.outcome(), g.end_reason()) {
        (Some(o), Some(reason)) => match o.winner() {
            Some(p) => format!("player {p} ({}) wins: {reason}", ["white", "black"][p.index()]),
            None => format!("draw: {reason}"),
        },
        _ => format!(
            "player {} ({}) to move, ply {}",
            g.next_player(),
            ["white", "black"][g.next_player().index()],
            g.plies()
        ),
    };
    let _ = writeln!(
        s,
        "<text x=\"30\" y=\"{:.0}\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#3a2a10\">{}</text></svg>",
        h - 20.0,
        escape(&caption)
    );
    s
}

/// A turn drawn over [`svg`]'s picture of the position `before` (an
/// analysis's best move, beside the move played): a dashed ring in the
/// hint colour around the cell, in a group of class `best-move`
/// ([`game_core::svg::best_move_group`]), to insert before the picture's
/// closing `</svg>`. A Yavalath turn is one cell; the ring does not
/// depend on `before` or `player`, which every game's `best_move` takes.
///
/// ```
/// use yavalath::game_core::PlayerId;
/// use yavalath::{Cell, Yavalath, svg};
///
/// let overlay = svg::best_move(&Yavalath::new(), PlayerId(0), &[Cell::CENTER]);
/// assert!(overlay.starts_with("<g class=\"best-move\""));
/// ```
#[must_use]
pub fn best_move(before: &Yavalath, player: PlayerId, turn: &[Cell]) -> String {
    let _ = (before, player);
    let mut rings = String::new();
    for &c in turn {
        let (cx, cy) = centre(c);
        let _ = write!(rings, "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\"/>", R * 0.85);
    }
    game_core::svg::best_move_group(&rings)
}
