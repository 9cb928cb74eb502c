//! The league as one self-contained HTML page: the leaderboard, the cross
//! table as a heat map and each bot's rating with its interval as an
//! inline SVG chart. It loads nothing and runs no script.

use super::Standings;
use match_stats::estimate::fixed;
use std::fmt::Write;

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The heat map's colour for a score in `[0, 1]`: red (0) through white
/// (1/2) to green (1); grey when unknown.
fn heat(score: f64) -> String {
    if !score.is_finite() {
        return "#eeeeee".into();
    }
    let t = (score.clamp(0.0, 1.0) - 0.5) * 2.0;
    let (r, g, b) = if t < 0.0 {
        (255.0, 255.0 * (1.0 + t), 255.0 * (1.0 + t))
    } else {
        (255.0 * (1.0 - t), 255.0 - 55.0 * t, 255.0 * (1.0 - t))
    };
    format!("#{:02x}{:02x}{:02x}", r as u8, g as u8, b as u8)
}

/// The rating chart: one line per bot (its interval) and a dot (its
/// rating), on a shared Elo axis; infinite ends drawn to the edge.
fn chart(s: &Standings) -> String {
    let rows = &s.rows;
    let finite = |x: f64| x.is_finite().then_some(x);
    let values: Vec<f64> =
        rows.iter().flat_map(|r| [r.rating.low, r.rating.high, r.rating.value]).filter_map(finite).collect();
    let lo = values.iter().copied().fold(0.0f64, f64::min) - 20.0;
    let hi = values.iter().copied().fold(0.0f64, f64::max) + 20.0;
    let (left, width, row_h) = (140.0, 520.0, 28.0);
    let x = |v: f64| left + (v.clamp(lo, hi) - lo) / (hi - lo) * width;
    let height = row_h * rows.len() as f64 + 40.0;
    let mut svg = format!(
        "<svg id=\"ratings\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"13\">",
        left + width + 20.0
    );
    let _ = write!(
        svg,
        "<line x1=\"{0:.1}\" y1=\"10\" x2=\"{0:.1}\" y2=\"{1:.1}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>",
        x(0.0),
        height - 25.0
    );
    for (i, r) in rows.iter().enumerate() {
        let y = 20.0 + row_h * i as f64;
        let _ = write!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 8.0,
            y + 4.0,
            esc(&r.name)
        );
        if r.rating.value.is_nan() {
            continue;
        }
        let low = if r.rating.low.is_nan() { r.rating.value } else { r.rating.low };
        let high = if r.rating.high.is_nan() { r.rating.value } else { r.rating.high };
        let _ = write!(
            svg,
            "<line class=\"interval\" x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#36c\" stroke-width=\"3\"/>\
             <circle class=\"rating\" cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#123\"><title>{}: {}</title></circle>",
            x(low),
            x(high),
            x(r.rating.value),
            esc(&r.name),
            esc(&r.rating.text(1))
        );
    }
    let axis_y = height - 12.0;
    for v in [lo, 0.0, hi] {
        let _ = write!(svg, "<text x=\"{:.1}\" y=\"{axis_y:.1}\" text-anchor=\"middle\">{:+.0}</text>", x(v), v);
    }
    svg.push_str("</svg>");
    svg
}

/// The page of `s`.
pub fn page(s: &Standings) -> String {
    let mut h = String::new();
    let title = format!("League of {}", s.game);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>\
         body{{font-family:sans-serif;margin:1.5em}} table{{border-collapse:collapse;margin:0.8em 0}} \
         td,th{{border:1px solid #ccc;padding:0.25em 0.6em;text-align:right}} td.name,th.name{{text-align:left}}\
         </style></head><body><h1>{}</h1><p>{} games, seed {}. Rating: {} ({}).</p>",
        esc(&title),
        esc(&title),
        s.games,
        s.seed,
        esc(s.model),
        s.anchor.as_ref().map_or("mean 0".to_string(), |a| format!("{} = 0", esc(a)))
    );
    h.push_str(
        "<h2>Leaderboard</h2><table id=\"leaderboard\"><tr><th>#</th><th class=\"name\">bot</th><th>rating</th>\
         <th>95 % interval</th><th>games</th><th>score</th><th>timeouts</th><th>crashes</th><th>unreadable</th>\
         <th>illegal</th></tr>",
    );
    for r in &s.rows {
        let f = &r.failures;
        let interval = if r.rating.low.is_nan() {
            "n/a".to_string()
        } else {
            format!("[{}, {}]", fixed(r.rating.low, 1), fixed(r.rating.high, 1))
        };
        let _ = write!(
            h,
            "<tr class=\"bot\"><td>{}</td><td class=\"name\">{}{}</td><td>{}</td><td>{interval}</td><td>{}</td>\
             <td>{}%</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            r.rank,
            esc(&r.name),
            if r.removed { " (removed)" } else { "" },
            fixed(r.rating.value, 1),
            r.games,
            fixed(100.0 * r.score, 1),
            f.timeout,
            f.crash,
            f.unreadable,
            f.illegal
        );
    }
    h.push_str("</table><h2>Cross table</h2><p>Row against column: points/games (hover a cell for its wins, draws, losses and the Elo difference from the pair's own games).</p><table id=\"cross\"><tr><th></th>");
    for r in &s.rows {
        let _ = write!(h, "<th>{}</th>", esc(&r.name));
    }
    h.push_str("</tr>");
    for (r, cells) in s.rows.iter().zip(&s.cross) {
        let _ = write!(h, "<tr><th class=\"name\">{}</th>", esc(&r.name));
        for c in cells {
            match c {
                None => h.push_str("<td>&ndash;</td>"),
                Some(c) => {
                    let score = c.points / c.games as f64;
                    let _ = write!(
                        h,
                        "<td class=\"pair\" style=\"background:{}\" title=\"+{} ={} -{}, Elo {}\">{}/{}</td>",
                        heat(score),
                        c.wdl.wins,
                        c.wdl.draws,
                        c.wdl.losses,
                        esc(&c.elo.text(1)),
                        fixed(c.points, 1),
                        c.games
                    );
                }
            }
        }
        h.push_str("</tr>");
    }
    let _ = writeln!(h, "</table><h2>Ratings</h2>{}</body></html>", chart(s));
    h
}
