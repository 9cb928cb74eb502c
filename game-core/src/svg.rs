//! What the game crates' SVG pictures share (each crate draws its own
//! position in its `svg` module, behind its `svg` feature): escaping, and
//! the style of the best-move overlay each crate's `svg::best_move` draws
//! over its picture (an analysis's suggested turn in the replay page).

use std::fmt::Write;

/// Escapes text for SVG and HTML: `<`, `>`, `&`, `"` and `'`.
///
/// ```
/// assert_eq!(game_core::svg::escape("a<b & 'c'"), "a&lt;b &amp; &apos;c&apos;");
/// ```
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The colour of a best-move overlay (cyan): none of the games' player
/// colours, so a suggested move never reads as a played one.
pub const HINT: &str = "#00b8d4";

/// Wraps the elements of a best-move overlay in the group every game's
/// overlay uses: `class="best-move"` (for the replay page and tests), no
/// fill, a dashed stroke in the [`HINT`] colour, semi-transparent. Each
/// game crate's `svg::best_move` draws its elements inside it.
///
/// ```
/// let group = game_core::svg::best_move_group("<circle cx=\"1\" cy=\"2\" r=\"3\"/>");
/// assert!(group.starts_with("<g class=\"best-move\""));
/// assert!(group.ends_with("<circle cx=\"1\" cy=\"2\" r=\"3\"/></g>"));
/// ```
#[must_use]
pub fn best_move_group(elements: &str) -> String {
    format!(
        "<g class=\"best-move\" fill=\"none\" stroke=\"{HINT}\" stroke-width=\"3\" stroke-dasharray=\"6 4\" \
         stroke-linecap=\"round\" opacity=\"0.8\">{elements}</g>"
    )
}

/// An arrow from `(x1, y1)` to `(x2, y2)`: a line and a solid head of
/// length `head` at the far end (a line alone when the ends coincide),
/// stroked and filled in the [`HINT`] colour, for overlays inside
/// [`best_move_group`]. Coordinates are written with one decimal.
///
/// ```
/// let arrow = game_core::svg::arrow((0.0, 0.0), (10.0, 0.0), 4.0);
/// assert!(arrow.starts_with("<line x1=\"0.0\" y1=\"0.0\" x2=\"10.0\" y2=\"0.0\"/>"));
/// assert!(arrow.contains("<polygon points=\"10.0,0.0 6.0,2.0 6.0,-2.0\""));
/// ```
#[must_use]
pub fn arrow((x1, y1): (f64, f64), (x2, y2): (f64, f64), head: f64) -> String {
    let mut s = format!("<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>");
    let len = (x2 - x1).hypot(y2 - y1);
    if len > 0.0 {
        let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
        let (bx, by) = (x2 - head * ux, y2 - head * uy);
        let (px, py) = (-uy * head / 2.0, ux * head / 2.0);
        let _ = write!(
            s,
            "<polygon points=\"{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"{HINT}\" stroke-dasharray=\"none\"/>",
            bx + px,
            by + py,
            bx - px,
            by - py
        );
    }
    s
}
