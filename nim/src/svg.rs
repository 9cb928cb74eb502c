//! The position as an SVG picture (feature `svg`): a row of stones and a caption, the
//! arena's renderer and replay viewer's frames.

use crate::state::Nim;
use game_core::Game;
use std::fmt::Write;

/// The position as an SVG document: one grey stone a stone on a cream background (100 pixels
/// high, 24 pixels a stone), and the caption `player N to move`, or the outcome once the game is
/// over. Ends with a newline.
///
/// ```
/// use nim::Nim;
/// let picture = nim::svg::svg(&Nim::new(3, 2));
/// assert_eq!(picture.matches("<circle").count(), 3);
/// assert!(picture.contains(">player 0 to move</text>"));
/// ```
#[must_use]
pub fn svg(state: &Nim) -> String {
    let w = 40 + 24 * u32::from(state.pile.max(1));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"100\" viewBox=\"0 0 {w} 100\">\
         <rect width=\"{w}\" height=\"100\" fill=\"#f4efe1\"/>"
    );
    for i in 0..u32::from(state.pile) {
        let _ = write!(s, "<circle cx=\"{}\" cy=\"40\" r=\"10\" fill=\"#555\"/>", 32 + 24 * i);
    }
    let caption = match state.outcome() {
        Some(o) => o.to_string(),
        None => format!("player {} to move", state.to_move),
    };
    let _ = writeln!(
        s,
        "<text x=\"20\" y=\"85\" font-family=\"sans-serif\" font-size=\"14\">{}</text></svg>",
        game_core::svg::escape(&caption)
    );
    s
}
