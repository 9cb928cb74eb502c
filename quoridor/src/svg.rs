//! The position as an SVG picture ([`svg`]), what `arena render`, `arena
//! view` and the pictures of [`rules`](crate::rules) show, and an
//! analysis's best move drawn over it ([`best_move`]). Behind the feature
//! `svg`.

// Pixel arithmetic on a board of at most 11 x 11 cells and 4 players: the
// casts are exact. The drawing is one function of short coordinate names,
// moved as is from the arena; its one `expect` cannot fail (a game with no
// outcome has a player to move).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::map_unwrap_or,
    clippy::missing_panics_doc,
    clippy::too_many_lines
)]

use crate::moves::{Move, Wall};
use crate::state::Quoridor;
use game_core::grid::Cell;
use game_core::svg::escape;
use game_core::{Game, PlayerId};
use std::fmt::Write;

/// The players' colours, by seat: red, blue, green, orange.
pub const COLOURS: [&str; 4] = ["#d64541", "#2e86de", "#27ae60", "#f39c12"];

/// The side of a cell in [`svg`]'s picture, in pixels.
const CELL: i32 = 48;
/// The gap between cells, where walls stand, in pixels.
const GAP: i32 = 8;
/// The margin around the board, in pixels.
const MARGIN: i32 = 40;

/// The centre of cell `c` in [`svg`]'s picture (also the browser page's
/// click targets).
#[must_use]
pub fn centre(c: Cell) -> (i32, i32) {
    (MARGIN + i32::from(c.x) * CELL + CELL / 2, MARGIN + i32::from(c.y) * CELL + CELL / 2)
}

/// The rectangle (x, y, width, height) of `wall` in [`svg`]'s picture
/// (also the browser page's preview of a wall).
#[must_use]
pub fn wall_rect(wall: Wall) -> (i32, i32, i32, i32) {
    let (x, y) = (i32::from(wall.x), i32::from(wall.y));
    if wall.vertical {
        (MARGIN + (x + 1) * CELL - GAP / 2, MARGIN + y * CELL + 2, GAP, 2 * CELL - 4)
    } else {
        (MARGIN + x * CELL + 2, MARGIN + (y + 1) * CELL - GAP / 2, 2 * CELL - 4, GAP)
    }
}

/// The board as SVG: cells, goal edges in the players' colours, walls (in
/// their owner's colour when `moves` tells), pawns, the last move ringed,
/// and walls left.
///
/// ```
/// use quoridor::Quoridor;
/// let picture = quoridor::svg::svg(&Quoridor::default(), &[]);
/// assert!(picture.starts_with("<svg"));
/// ```
#[must_use]
pub fn svg(q: &Quoridor, moves: &[(PlayerId, Move)]) -> String {
    let owner = |w: Wall| {
        moves.iter().find(|(_, m)| *m == Move::Wall(w)).map(|(p, _)| COLOURS[p.index() % 4]).unwrap_or("#f5e6c8")
    };
    let m = i32::from(q.size());
    let (cell, gap, margin) = (CELL, GAP, MARGIN);
    let side = m * cell;
    let (w, h) = (side + 2 * margin + 170, side + 2 * margin);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#3b2f2a\"/>"
    );
    let n = q.players();
    // Goal edges.
    for p in 0..n {
        let pid = PlayerId(p as u8);
        for i in 0..m {
            for (x, y) in [(i, 0), (i, m - 1), (0, i), (m - 1, i)] {
                if q.is_goal(pid, Cell::new(x as u8, y as u8)) {
                    let (cx, cy) = (margin + x * cell, margin + y * cell);
                    let _ = write!(
                        s,
                        "<rect x=\"{cx}\" y=\"{cy}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\" fill-opacity=\"0.35\"/>",
                        COLOURS[p % 4]
                    );
                }
            }
        }
    }
    for y in 0..m {
        for x in 0..m {
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"#c8a97e\" fill-opacity=\"0.85\"/>",
                margin + x * cell + gap / 2,
                margin + y * cell + gap / 2,
                cell - gap,
                cell - gap
            );
        }
    }
    for wall in q.walls() {
        let (rx, ry, rw, rh) = wall_rect(wall);
        let _ = write!(
            s,
            "<rect x=\"{rx}\" y=\"{ry}\" width=\"{rw}\" height=\"{rh}\" rx=\"2\" fill=\"{}\" stroke=\"#f5e6c8\" stroke-width=\"1\"/>",
            owner(wall)
        );
    }
    if let Some(&(_, Move::Pawn(c))) = moves.last() {
        let (cx, cy) = centre(c);
        let _ = write!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
            cell / 3 + 5
        );
    }
    for p in 0..n {
        let pid = PlayerId(p as u8);
        if let Some(c) = q.pawn(pid) {
            let (cx, cy) = centre(c);
            let _ = write!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{}\" stroke=\"#111\" stroke-width=\"2\"/>\
                 <text x=\"{cx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" font-weight=\"bold\" fill=\"#fff\" text-anchor=\"middle\">{p}</text>",
                cell / 3,
                COLOURS[p % 4],
                cy + 5
            );
        }
        let lx = margin + side + 20;
        let ly = margin + 20 + 28 * p as i32;
        let status = if q.is_removed(pid) {
            "removed".to_string()
        } else {
            format!(
                "{} walls, {} to go",
                q.walls_left(pid),
                q.distance_to_goal(pid).map_or("?".into(), |d| d.to_string())
            )
        };
        let _ = write!(
            s,
            "<circle cx=\"{lx}\" cy=\"{}\" r=\"8\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#f5e6c8\">P{p}: {}</text>",
            ly - 4,
            COLOURS[p % 4],
            lx + 14,
            ly,
            escape(&status)
        );
    }
    let caption = match (q.outcome(), q.end_reason()) {
        (Some(o), Some(r)) => {
            let winners: Vec<String> = o.winners().map(|p| p.to_string()).collect();
            format!("over ({r}): winner {}", winners.join(", "))
        }
        _ => format!("tick {}, player {} to move", q.tick() + 1, q.to_move().expect("no outcome yet")),
    };
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#f5e6c8\">{}</text></svg>",
        margin + side + 20,
        margin + 20 + 28 * n as i32 + 10,
        escape(&caption)
    );
    s
}

/// A turn drawn over [`svg`]'s picture of the position `before` (an
/// analysis's best move, beside the move played), in a group of class
/// `best-move` ([`game_core::svg::best_move_group`]) to insert before the
/// picture's closing `</svg>`: a pawn move as an arrow from `player`'s
/// pawn to a dashed ring on the target square, a wall as a dashed outline
/// where the wall would stand, in the hint colour.
///
/// ```
/// use quoridor::game_core::PlayerId;
/// use quoridor::game_core::grid::Cell;
/// use quoridor::{Move, Quoridor, svg};
///
/// let overlay = svg::best_move(&Quoridor::default(), PlayerId(0), &[Move::Pawn(Cell::new(4, 7))]);
/// assert!(overlay.starts_with("<g class=\"best-move\""));
/// ```
#[must_use]
pub fn best_move(before: &Quoridor, player: PlayerId, turn: &[Move]) -> String {
    let mut s = String::new();
    for &mv in turn {
        match mv {
            Move::Pawn(c) => {
                let (cx, cy) = centre(c);
                let ring = CELL / 3 + 5;
                if let Some(from) = before.pawn(player).filter(|&from| from != c) {
                    // The arrow stops at the ring.
                    let (fx, fy) = centre(from);
                    let (dx, dy) = (f64::from(cx - fx), f64::from(cy - fy));
                    let shorten = f64::from(ring) / dx.hypot(dy);
                    let tip = (f64::from(cx) - dx * shorten, f64::from(cy) - dy * shorten);
                    s.push_str(&game_core::svg::arrow((f64::from(fx), f64::from(fy)), tip, f64::from(CELL) / 4.0));
                }
                let _ = write!(s, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{ring}\"/>");
            }
            Move::Wall(w) => {
                let (x, y, w, h) = wall_rect(w);
                let _ = write!(s, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"2\"/>");
            }
        }
    }
    game_core::svg::best_move_group(&s)
}
