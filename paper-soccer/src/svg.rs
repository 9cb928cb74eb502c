//! The position as an SVG picture (feature `svg`), as `chess.svg` draws a
//! chess position: squared paper, the pre-drawn borders and goals, the
//! drawn lines, the ball and the state of play. The rules' pictures
//! ([`rules`](crate::rules)) and the arena's renderer and replay viewer are
//! drawn with it; [`best_move`] draws an analysis's suggested turn over it.
//!
//! ```
//! use paper_soccer::{PaperSoccer, svg};
//!
//! let picture = svg::svg(&PaperSoccer::default());
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("player 0 (red) to move, attacks the top goal"));
//! ```

// Pitch sizes are validated (`Pitch::new`: at most 256 slots), so every
// coordinate fits an `i8`. The drawing names its coordinates as a picture
// does (`w`, `h`, `x`, `y`, a board `b`).
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap, clippy::many_single_char_names)]

use crate::dir::{Dir, Point};
use crate::state::PaperSoccer;
use game_core::svg::escape;
use game_core::{Game, PlayerId};
use std::fmt::Write;

/// The side of a paper square, in pixels.
pub const CELL: i32 = 40;
/// The picture's margin around the pitch (goals included), in pixels.
const MARGIN: i32 = 30;

/// Where point `p` is in the picture.
fn px(p: Point) -> (i32, i32) {
    (MARGIN + i32::from(p.x) * CELL, MARGIN + (i32::from(p.y) + 1) * CELL)
}

/// Where point `p` is in [`svg`]'s picture, in its coordinates (the
/// browser page's click targets).
#[must_use]
pub fn centre(p: Point) -> (f64, f64) {
    let (x, y) = px(p);
    (f64::from(x), f64::from(y))
}

/// The position with every drawn line in one colour.
#[must_use]
pub fn svg(state: &PaperSoccer) -> String {
    draw(state, &[])
}

/// The position reached by the steps `moves` from `start`, each drawn line
/// coloured by the player who drew it and the last turn's lines thicker
/// (the steps are replayed to learn who drew what; the replay stops at the
/// first illegal step).
///
/// ```
/// use paper_soccer::{Dir, PaperSoccer, svg};
/// use paper_soccer::game_core::{Game, PlayerId};
///
/// let start = PaperSoccer::default();
/// let mut state = start;
/// state.play(PlayerId(0), Dir::N).unwrap();
/// let picture = svg::svg_with_history(&start, &[(PlayerId(0), Dir::N)], &state);
/// assert!(picture.contains("stroke=\"#c0392b\"")); // player 0's line, in red
/// ```
#[must_use]
pub fn svg_with_history(start: &PaperSoccer, moves: &[(PlayerId, Dir)], state: &PaperSoccer) -> String {
    // Replay to learn who drew each line.
    let mut b = *start;
    let mut segments = Vec::with_capacity(moves.len());
    for &(p, d) in moves {
        let from = b.ball();
        if b.play(p, d).is_err() {
            break;
        }
        segments.push((p, from, b.ball()));
    }
    draw(state, &segments)
}

/// The pitch as SVG: paper squares, pre-drawn borders and goals, drawn
/// lines, the ball, and the state of play. `segments` (who drew which line,
/// in order) colours the lines by player and marks the last turn; without
/// it every drawn line has one colour.
fn draw(b: &PaperSoccer, segments: &[(PlayerId, Point, Point)]) -> String {
    let pitch = b.pitch();
    let (w, h) = (i32::from(pitch.width), i32::from(pitch.height));
    let (cell, margin) = (CELL, MARGIN);
    let (cw, ch) = (w * cell + 2 * margin, (h + 2) * cell + 2 * margin + 40);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{cw}\" height=\"{ch}\" viewBox=\"0 0 {cw} {ch}\">\
         <rect width=\"{cw}\" height=\"{ch}\" fill=\"#fbfaf4\"/>"
    );
    // Squared paper.
    s.push_str("<g stroke=\"#c9d8ea\" stroke-width=\"1\">");
    for x in 0..=w {
        let (x0, _) = px(Point::new(x as i8, -1));
        let _ = write!(s, "<line x1=\"{x0}\" y1=\"{}\" x2=\"{x0}\" y2=\"{}\"/>", margin, margin + (h + 2) * cell);
    }
    for y in -1..=h + 1 {
        let (_, y0) = px(Point::new(0, y as i8));
        let _ = write!(s, "<line x1=\"{margin}\" y1=\"{y0}\" x2=\"{}\" y2=\"{y0}\"/>", margin + w * cell);
    }
    s.push_str("</g>");
    // Goals, shaded by their defender's colour.
    let colours = ["#c0392b", "#2c6fbb"];
    for (gy, defender) in [(-1i8, 1usize), (h as i8 + 1, 0usize)] {
        let (x0, y0) = px(Point::new((w / 2 - 1) as i8, gy.min(0)));
        let _ = write!(
            s,
            "<rect x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{cell}\" fill=\"{}\" fill-opacity=\"0.12\"/>",
            2 * cell,
            colours[defender]
        );
    }
    // Pre-drawn lines (borders, goal walls) and drawn lines.
    let mut pre = String::new();
    let mut drawn = String::new();
    for (p, d, predrawn) in pitch.links() {
        if b.is_line_drawn(p, d) != Some(true) {
            continue;
        }
        let Some(q) = p.step(d) else { continue };
        let ((x1, y1), (x2, y2)) = (px(p), px(q));
        let line = format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>");
        if predrawn {
            pre.push_str(&line);
        } else if segments.is_empty() {
            drawn.push_str(&line);
        }
    }
    let _ = write!(s, "<g stroke=\"#1d2b36\" stroke-width=\"4\" stroke-linecap=\"round\">{pre}</g>");
    let _ = write!(s, "<g stroke=\"#34495e\" stroke-width=\"2.5\" stroke-linecap=\"round\">{drawn}</g>");
    // Lines by player; the last turn thicker.
    let last_turn_from =
        segments.iter().rposition(|&(p, _, _)| Some(p) != segments.last().map(|l| l.0)).map_or(0, |i| i + 1);
    for (i, &(p, from, to)) in segments.iter().enumerate() {
        let ((x1, y1), (x2, y2)) = (px(from), px(to));
        let width = if i >= last_turn_from { 4.5 } else { 2.5 };
        let _ = write!(
            s,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{}\" stroke-width=\"{width}\" stroke-linecap=\"round\"/>",
            colours[p.index() % 2]
        );
    }
    // Points.
    s.push_str("<g fill=\"#34495e\">");
    for p in pitch.points() {
        let (x, y) = px(p);
        let _ = write!(s, "<circle cx=\"{x}\" cy=\"{y}\" r=\"2.5\"/>");
    }
    s.push_str("</g>");
    let (bx, by) = px(b.ball());
    let _ = write!(
        s,
        "<circle cx=\"{bx}\" cy=\"{by}\" r=\"9\" fill=\"#ffffff\" stroke=\"#111\" stroke-width=\"2.5\"/>\
         <circle cx=\"{bx}\" cy=\"{by}\" r=\"3.5\" fill=\"#111\"/>"
    );
    let caption = match (b.outcome(), b.end_reason()) {
        (Some(o), Some(r)) => format!(
            "{} ({r})",
            o.winner().map_or("draw".into(), |p| format!("player {p} ({}) wins", ["red", "blue"][p.index() % 2]))
        ),
        _ => b.to_move().map_or_else(String::new, |p| {
            format!(
                "player {p} ({}) to move, attacks the {} goal",
                ["red", "blue"][p.index() % 2],
                ["top", "bottom"][p.index() % 2]
            )
        }),
    };
    let _ = writeln!(
        s,
        "<text x=\"{margin}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#1d2b36\">{}</text>\
         <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"11\" fill=\"{}\" text-anchor=\"middle\">player 1's goal</text>\
         <text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"11\" fill=\"{}\" text-anchor=\"middle\">player 0's goal</text></svg>",
        ch - 14,
        escape(&caption),
        margin + w * cell / 2,
        margin - 8,
        colours[1],
        margin + w * cell / 2,
        margin + (h + 2) * cell + 16,
        colours[0],
    );
    s
}

/// A turn drawn over the picture of the position `before` (an analysis's
/// best move, beside the move played): the path of its steps from the
/// ball, one dashed line per step in the hint colour, an arrowhead on the
/// last step and a dashed ring where the ball would stop, in a group of
/// class `best-move` ([`game_core::svg::best_move_group`]) to insert before
/// the picture's closing `</svg>`. The path stops at a step that leaves
/// the board's coordinates; `player` (whose turn it is) does not change
/// the drawing, which every game's `best_move` takes.
///
/// ```
/// use paper_soccer::game_core::PlayerId;
/// use paper_soccer::{Dir, PaperSoccer, svg};
///
/// let overlay = svg::best_move(&PaperSoccer::default(), PlayerId(0), &[Dir::N]);
/// assert!(overlay.starts_with("<g class=\"best-move\""));
/// ```
#[must_use]
pub fn best_move(before: &PaperSoccer, player: PlayerId, turn: &[Dir]) -> String {
    let _ = player;
    let mut path = String::new();
    let mut at = before.ball();
    for (i, &d) in turn.iter().enumerate() {
        let Some(next) = at.step(d) else { break };
        let ((x1, y1), (x2, y2)) = (px(at), px(next));
        if i + 1 == turn.len() {
            let head = f64::from(CELL) / 4.0;
            path.push_str(&game_core::svg::arrow((f64::from(x1), f64::from(y1)), (f64::from(x2), f64::from(y2)), head));
        } else {
            let _ = write!(path, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>");
        }
        at = next;
    }
    let (bx, by) = px(at);
    let _ = write!(path, "<circle cx=\"{bx}\" cy=\"{by}\" r=\"11\"/>");
    game_core::svg::best_move_group(&path)
}
