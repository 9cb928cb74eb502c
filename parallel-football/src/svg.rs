//! The position as an SVG picture (feature `svg`): the field with its
//! balls, homes, footballers and scores ([`svg`]), and the replay viewer's
//! picture of a turn ([`view_svg`]: ball counts, contested cells, the
//! turn's kicks), with each team's score for a chart ([`view_scores`]), and
//! an analysis's best move drawn over either ([`best_move`]).
//!
//! ```
//! use parallel_football::{ParallelFootball, svg};
//!
//! let picture = svg::svg(&ParallelFootball::default());
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains("placement"));
//! ```

// Casts: team numbers 0..=3 and label rows.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
// Short names for picture arithmetic (g, f, c, s, w, h, x, y).
#![allow(clippy::many_single_char_names)]

use crate::order::FootballMove;
use crate::order::Order;
use crate::setup::Config;
use crate::state::ParallelFootball;
use game_core::svg::escape;
use game_core::{Game, PlayerId};
use std::fmt::Write;

/// The teams' colours (CSS), team 0 to 3.
pub const COLOURS: [&str; 4] = ["#e74c3c", "#3498db", "#f1c40f", "#9b59b6"];

/// The cell size and the margin of [`svg`]'s picture, in pixels.
fn layout(c: &Config) -> (i32, i32) {
    let (gw, gh) = (i32::from(c.width), i32::from(c.height));
    ((640 / gw.max(gh)).clamp(6, 40), 20)
}

/// The centre of the cell in column `x`, row `y` in [`svg`]'s picture (a
/// cell off the field has one too, for kicks drawn off it).
fn centre(c: &Config, x: i32, y: i32) -> (i32, i32) {
    let (cell, margin) = layout(c);
    (margin + x * cell + cell / 2, margin + y * cell + cell / 2)
}

/// The field as SVG: grass, balls (size by count), home cells, footballers
/// by team, scores.
#[must_use]
pub fn svg(g: &ParallelFootball) -> String {
    let f = g.field();
    let c = f.config();
    let (gw, gh) = (i32::from(c.width), i32::from(c.height));
    let (cell, margin) = layout(&c);
    let (w, h) = (gw * cell + 2 * margin + 190, gh * cell + 2 * margin);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#1e3d22\"/>\
         <rect x=\"{margin}\" y=\"{margin}\" width=\"{}\" height=\"{}\" fill=\"#3f8f3f\"/>",
        gw * cell,
        gh * cell
    );
    s.push_str("<g stroke=\"#4fa34f\" stroke-width=\"0.5\">");
    for i in 0..=gw {
        let x = margin + i * cell;
        let _ = write!(s, "<line x1=\"{x}\" y1=\"{margin}\" x2=\"{x}\" y2=\"{}\"/>", margin + gh * cell);
    }
    for j in 0..=gh {
        let y = margin + j * cell;
        let _ = write!(s, "<line x1=\"{margin}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>", margin + gw * cell);
    }
    s.push_str("</g>");
    for t in 0..4u8 {
        let home = c.home(PlayerId(t));
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"1.5\"/>",
            margin + i32::from(home.x) * cell,
            margin + i32::from(home.y) * cell,
            COLOURS[usize::from(t)]
        );
    }
    s.push_str("<g fill=\"#ffffff\" stroke=\"#222\" stroke-width=\"0.5\">");
    for (i, &b) in f.balls().iter().enumerate() {
        if b > 0 {
            let cl = c.cell(i);
            let r = (f64::from(cell) * (0.18 + 0.06 * f64::from(b.min(6)))).min(f64::from(cell) * 0.48);
            let _ = write!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r:.1}\"/>",
                margin + i32::from(cl.x) * cell + cell / 2,
                margin + i32::from(cl.y) * cell + cell / 2
            );
        }
    }
    s.push_str("</g>");
    if !g.in_placement() {
        for (i, pos) in f.positions().iter().enumerate() {
            let t = c.team_of(i).index();
            // Spread teams inside a cell so that shared cells stay readable.
            let (ox, oy) = [(-1, -1), (1, -1), (1, 1), (-1, 1)][t];
            let q = cell / 4;
            let _ = write!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{:.1}\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"1.2\"/>",
                margin + i32::from(pos.x) * cell + cell / 2 + ox * q,
                margin + i32::from(pos.y) * cell + cell / 2 + oy * q,
                f64::from(cell) * 0.3,
                COLOURS[t]
            );
        }
    }
    let scores = f.scores();
    let lx = margin + gw * cell + 20;
    for t in 0..4usize {
        let y = margin + 20 + 26 * t as i32;
        let _ = write!(
            s,
            "<rect x=\"{lx}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"14\" fill=\"#fff\">team {t}: {}</text>",
            y - 12,
            COLOURS[t],
            lx + 22,
            y,
            scores[t]
        );
    }
    let status = match g.end_reason() {
        Some(r) => format!("over: {r}"),
        None if g.in_placement() => "placement".to_string(),
        None => format!("turn {}", f.turn() + 1),
    };
    let _ = writeln!(
        s,
        "<text x=\"{lx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#ddd\">{} balls left</text>\
         <text x=\"{lx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"13\" fill=\"#ddd\">{}</text></svg>",
        margin + 130,
        f.balls_left(),
        margin + 150,
        escape(&status)
    );
    s
}

/// The viewer's picture after one ply: [`svg`], plus the number of balls on
/// every cell holding more than one, a yellow frame around contested cells
/// (footballers of more than one team), and the kicks of the turn so far as
/// arrows in the kicking team's colour: the orders given in this turn while
/// it waits for the other teams, and, on the ply that ends the turn, all the
/// turn's kicks from where they were kicked. `before` is the position
/// before the ply, `ply` its moves.
#[must_use]
pub fn view_svg(before: &ParallelFootball, ply: &[(PlayerId, FootballMove)], state: &ParallelFootball) -> String {
    let mut s = svg(state);
    let c = state.config();
    let (cell, margin) = layout(&c);
    let centre = |x: i32, y: i32| centre(&c, x, y);
    let mut over = String::new();
    let f = state.field();
    let font = (cell * 2 / 3).max(6);
    over.push_str("<g font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"#111\">");
    for (i, &b) in f.balls().iter().enumerate() {
        if b > 1 {
            let cl = c.cell(i);
            let (x, y) = centre(i32::from(cl.x), i32::from(cl.y));
            let _ = write!(over, "<text x=\"{x}\" y=\"{}\" font-size=\"{font}\">{b}</text>", y + font / 3);
        }
    }
    over.push_str("</g>");
    if !state.in_placement() {
        let mut seen = std::collections::BTreeSet::new();
        for &pos in f.positions() {
            if f.team_counts_at(pos).iter().filter(|&&n| n > 0).count() > 1 && seen.insert((pos.x, pos.y)) {
                let _ = write!(
                    over,
                    "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"none\" stroke=\"#ffeb3b\" stroke-width=\"2\"/>",
                    margin + i32::from(pos.x) * cell,
                    margin + i32::from(pos.y) * cell
                );
            }
        }
    }
    // The turn's orders: pending ones, or (when this ply resolved the turn)
    // those pending before it plus this ply's.
    let resolved = !before.in_placement() && before.field().turn() != f.turn();
    let (field, mut orders) = if resolved {
        (before.field(), before.pending_orders().to_vec())
    } else {
        (f, state.pending_orders().to_vec())
    };
    if resolved {
        let p = usize::from(c.players);
        let mut next = [0usize; 4];
        for &(team, mv) in ply {
            if let FootballMove::Order(o) = mv {
                let t = team.index() % 4;
                if let Some(slot) = orders.get_mut(t * p + next[t]) {
                    *slot = o;
                }
                next[t] += 1;
            }
        }
    }
    let mut arrows = String::new();
    for (i, o) in orders.iter().enumerate() {
        if let Order::Kick { dx, dy } = *o {
            let from = field.position(i);
            let (x1, y1) = centre(i32::from(from.x), i32::from(from.y));
            let (x2, y2) = centre(i32::from(from.x) + i32::from(dx), i32::from(from.y) + i32::from(dy));
            let t = c.team_of(i).index() % 4;
            let _ = write!(
                arrows,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{}\" marker-end=\"url(#kick{t})\"/>",
                COLOURS[t]
            );
        }
    }
    if !arrows.is_empty() {
        over.push_str("<defs>");
        for (t, colour) in COLOURS.iter().enumerate() {
            let _ = write!(
                over,
                "<marker id=\"kick{t}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"{colour}\"/></marker>"
            );
        }
        over.push_str("</defs><g stroke-width=\"2.5\" opacity=\"0.9\">");
        over.push_str(&arrows);
        over.push_str("</g>");
    }
    if let Some(end) = s.rfind("</svg>") {
        s.insert_str(end, &over);
    }
    s
}

/// Each team's score in `state` (its balls home), for the viewer's score
/// chart.
#[must_use]
pub fn view_scores(state: &ParallelFootball) -> Vec<f64> {
    state.field().scores().iter().map(|&s| f64::from(s)).collect()
}

/// A team's turn drawn over [`svg`]'s (or [`view_svg`]'s) picture of the
/// position `before` (an analysis's best move, beside the move played), in
/// a group of class `best-move` ([`game_core::svg::best_move_group`]) to
/// insert before the picture's closing `</svg>`, in the hint colour: each
/// footballer of `player`'s team a dashed arrow from its cell, to the
/// cell it walks to (a move) or where its ball lands, ringed (a kick);
/// nothing for one that stays. In the placement, a dashed ring on each
/// start cell.
///
/// ```
/// use parallel_football::game_core::PlayerId;
/// use parallel_football::{Cell, FootballMove, ParallelFootball, svg};
///
/// let overlay = svg::best_move(&ParallelFootball::default(), PlayerId(1), &[FootballMove::Place(Cell::new(3, 4))]);
/// assert!(overlay.starts_with("<g class=\"best-move\""));
/// ```
#[must_use]
pub fn best_move(before: &ParallelFootball, player: PlayerId, turn: &[FootballMove]) -> String {
    let c = before.config();
    let (cell, _) = layout(&c);
    let at = |x: i32, y: i32| {
        let (x, y) = centre(&c, x, y);
        (f64::from(x), f64::from(y))
    };
    let ring = |s: &mut String, (x, y): (f64, f64), r: f64| {
        let _ = write!(s, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\"/>");
    };
    let head = f64::from(cell) / 3.0;
    let first = player.index() % 4 * usize::from(c.players);
    let mut s = String::new();
    for (k, &mv) in turn.iter().enumerate() {
        let order = match mv {
            FootballMove::Place(to) => {
                ring(&mut s, at(i32::from(to.x), i32::from(to.y)), f64::from(cell) * 0.4);
                continue;
            }
            FootballMove::Order(order) => order,
        };
        let (Order::Move { dx, dy } | Order::Kick { dx, dy }) = order else { continue };
        let Some(from) = before.field().positions().get(first + k) else { break };
        let (x, y) = (i32::from(from.x), i32::from(from.y));
        let to = at(x + i32::from(dx), y + i32::from(dy));
        s.push_str(&game_core::svg::arrow(at(x, y), to, head));
        if matches!(order, Order::Kick { .. }) {
            ring(&mut s, to, f64::from(cell) * 0.25);
        }
    }
    game_core::svg::best_move_group(&s)
}
