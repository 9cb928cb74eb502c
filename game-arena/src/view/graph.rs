//! The evaluation graph of an analysed game (`arena view --analysis`,
//! `arena analyze --html`): the analysis checked against the record, the
//! graph drawn as inline SVG, the blunder list, and the script that ties
//! them to the player.

use super::{Ply, Replay};
use crate::analysis::{Analysis, PlyAnalysis};
use crate::error::ViewError;
use crate::games::xml_escape;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write;
use std::path::Path;

/// Reads an analysis as `arena analyze --json` writes it.
///
/// # Errors
/// [`ViewError::File`] when the file cannot be read,
/// [`ViewError::NotAnAnalysis`] when it is another of the arena's files (a
/// record, a page...), [`ViewError::NotAnalysis`] when it is not such an
/// analysis.
pub fn read_analysis(path: &Path) -> Result<Analysis, ViewError> {
    use crate::files::FileKind;
    // A record, a page, an empty file...: said what it is.
    match crate::files::identify(path)? {
        FileKind::Analysis | FileKind::OtherJson | FileKind::Other => {}
        kind => return Err(ViewError::NotAnAnalysis { path: path.to_path_buf(), kind }),
    }
    let text = std::fs::read_to_string(path).map_err(|source| ViewError::Read { path: path.to_path_buf(), source })?;
    serde_json::from_str(&text).map_err(|source| ViewError::NotAnalysis { path: path.to_path_buf(), source })
}

/// The analysis of `game` (configured as `config`) by ply number, after
/// the checks that need no replay: the game, its configuration (when the
/// analysis names one), no ply twice, values in `0..=1`.
pub(super) fn by_ply<'x>(
    game: &'static str,
    config: &crate::registry::GameConfig,
    an: &'x Analysis,
) -> Result<HashMap<usize, &'x PlyAnalysis>, ViewError> {
    if an.game != game {
        return Err(ViewError::AnalysisGame { analysis: an.game.clone(), record: game });
    }
    if let Some(c) = an.config.as_ref().filter(|c| *c != config) {
        return Err(ViewError::AnalysisConfig { analysis: c.clone(), record: config.clone() });
    }
    let mut out = HashMap::with_capacity(an.plies.len());
    for p in &an.plies {
        for value in [p.value_before, p.value_after] {
            if !(0.0..=1.0).contains(&value) {
                return Err(ViewError::AnalysisValue { ply: p.ply, value });
            }
        }
        match out.entry(p.ply) {
            Entry::Occupied(_) => return Err(ViewError::AnalysisRepeated { ply: p.ply }),
            Entry::Vacant(e) => {
                e.insert(p);
            }
        }
    }
    Ok(out)
}

/// Checks the analysis against the replay move by move, in ply order:
/// every analysed ply is a ply of the replay, played by the seat the
/// analysis names, with the move it names (the first ply that differs is
/// the error).
pub(super) fn check_plies(an: &Analysis, plies: &[Ply]) -> Result<(), ViewError> {
    let last = plies.len().saturating_sub(1);
    let mut analysed: Vec<&PlyAnalysis> = an.plies.iter().collect();
    analysed.sort_by_key(|p| p.ply);
    for p in analysed {
        let Some((seat, q)) = plies.get(p.ply).filter(|_| p.ply > 0).and_then(|q| Some((q.seat?, q))) else {
            return Err(ViewError::AnalysisPly { ply: p.ply, last });
        };
        if seat != p.player {
            return Err(ViewError::AnalysisSeat { ply: p.ply, analysis: p.player, record: seat });
        }
        if q.text != p.played {
            return Err(ViewError::AnalysisMove { ply: p.ply, analysis: p.played.clone(), record: q.text.clone() });
        }
    }
    Ok(())
}

/// The graph's line of each seat as `(ply, value)` points: for every ply
/// `k` the seat played, its value before the move at `k - 1` and after it
/// at `k`; the line runs straight between its turns.
pub(super) fn series(r: &Replay) -> Vec<Vec<(usize, f64)>> {
    let seats = r.plies.iter().filter_map(|p| p.analysis.as_ref()).map(|a| a.player + 1).fold(r.bots.len(), usize::max);
    let mut out = vec![Vec::new(); seats];
    for (k, p) in r.plies.iter().enumerate() {
        if let Some(a) = &p.analysis {
            out[a.player].extend([(k.saturating_sub(1), a.value_before), (k, a.value_after)]);
        }
    }
    out
}

/// The graph's size and margin.
const W: f64 = 600.0;
const H: f64 = 160.0;
const PAD: f64 = 24.0;

/// The evaluation graph: a line per seat in its colour, a mark on each
/// blunder, a marker the script moves to the ply shown, and the switch of
/// the best move's drawing. Empty without an analysis.
pub(super) fn graph(r: &Replay) -> String {
    let Some(bot) = &r.analysed_by else { return String::new() };
    let n = r.plies.len().saturating_sub(1).max(1) as f64;
    let x = |k: usize| PAD + (W - 2.0 * PAD) * k as f64 / n;
    let y = |v: f64| H - PAD - (H - 2.0 * PAD) * v;
    let mut s = format!(
        "<div id=\"evaluation\"><svg id=\"evalgraph\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\">\
         <title>click to show a ply</title>\
         <rect width=\"{W}\" height=\"{H}\" fill=\"#fff\" stroke=\"#ccc\"/>\
         <text x=\"4\" y=\"14\" font-size=\"11\">expected score (analysis: {})</text>\
         <line x1=\"{PAD}\" x2=\"{}\" y1=\"{m}\" y2=\"{m}\" stroke=\"#ddd\"/>\
         <text x=\"4\" y=\"{}\" font-size=\"10\">1</text><text x=\"4\" y=\"{}\" font-size=\"10\">0</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">ply {n}</text>",
        xml_escape(bot),
        W - PAD,
        y(1.0) + 4.0,
        y(0.0) + 4.0,
        W - 4.0,
        H - 4.0,
        m = y(crate::analysis::even_value(&r.game, r.bots.len())),
    );
    for (seat, line) in series(r).iter().enumerate() {
        let colour = r.colours.get(seat % r.colours.len().max(1)).map_or("#888", String::as_str);
        let _ = write!(s, "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"", xml_escape(colour));
        for &(k, v) in line {
            let _ = write!(s, "{:.1},{:.1} ", x(k), y(v));
        }
        s.push_str("\"/>");
    }
    for (k, p) in r.plies.iter().enumerate() {
        if let Some(a) = p.analysis.as_ref().filter(|a| a.blunder) {
            let _ = write!(
                s,
                "<circle class=\"blunder\" data-ply=\"{k}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"4\" fill=\"#c0392b\" \
                 stroke=\"#fff\"><title>{}</title></circle>",
                x(k),
                y(a.value_after),
                xml_escape(&blunder_text(k, a))
            );
        }
    }
    let _ = write!(
        s,
        "<line id=\"evalmark\" x1=\"{PAD}\" x2=\"{PAD}\" y1=\"{PAD}\" y2=\"{}\" stroke=\"#333\" \
         stroke-dasharray=\"3 2\" data-x0=\"{PAD}\" data-w=\"{}\"/></svg>\
         <label><input type=\"checkbox\" id=\"showbest\" checked> best move on the board</label></div>",
        H - PAD,
        W - 2.0 * PAD
    );
    s
}

/// A blunder for people: the ply, the seat, the move played, the best move
/// and what the move cost.
fn blunder_text(k: usize, a: &PlyAnalysis) -> String {
    format!("ply {k}, seat {}: played {}, best {} (loss {:.2})", a.player, a.played, a.best, a.loss)
}

/// The list of blunders, each a link to its ply with the best move named.
/// Empty without an analysis.
pub(super) fn blunders(r: &Replay) -> String {
    let Some(bot) = &r.analysed_by else { return String::new() };
    let all: Vec<(usize, &PlyAnalysis)> = r
        .plies
        .iter()
        .enumerate()
        .filter_map(|(k, p)| p.analysis.as_ref().filter(|a| a.blunder).map(|a| (k, a)))
        .collect();
    if all.is_empty() {
        return format!("<p id=\"blunders\">No blunders (analysis: {}).</p>", xml_escape(bot));
    }
    let items: Vec<String> = all
        .iter()
        .take(30)
        .map(|&(k, a)| {
            format!(
                "<span class=\"blunder\"><a href=\"#ply={k}\">ply {k}</a>: seat {} played {}, best {} (loss {:.2})</span>",
                a.player,
                xml_escape(&a.played),
                xml_escape(&a.best),
                a.loss
            )
        })
        .collect();
    let more = if all.len() > 30 { " &#x2026;" } else { "" };
    format!("<p id=\"blunders\">Blunders ({}, analysis: {}): {}{more}</p>", all.len(), xml_escape(bot), items.join(" "))
}

/// The graph's style, added to the page's with an analysis.
pub(super) const STYLE: &str = "#evalgraph{display:block;cursor:pointer;margin-top:.6em}
#evalgraph .blunder.on{stroke:#000;stroke-width:2}
#blunders span{margin-right:.8em}
";

/// The graph's script, run after the page's own: it wraps `show` to move
/// the graph's marker, name the evaluation and the best move, and draw the
/// best move on the board; a click on the graph shows the ply under it.
/// `#press=graph:12` clicks the graph where ply 12 is (the browser test).
pub(super) const SCRIPT: &str = r#"
<script>
"use strict";
{
  const G = $("evalgraph"), M = $("evalmark"), box = G.viewBox.baseVal, n = Math.max(1, last);
  const px = (k) => +M.dataset.x0 + (+M.dataset.w) * k / n;
  const shown = show;
  show = function (f) {
    shown(f);
    const k = plyOf(frame), a = P[k].an;
    M.setAttribute("x1", px(k)); M.setAttribute("x2", px(k));
    for (const c of G.querySelectorAll(".blunder")) c.classList.toggle("on", +c.dataset.ply === k);
    if (!a) return;
    const dl = $("details"), cls = a.bl ? "err" : "", v = (x) => x.toFixed(2);
    row(dl, "evaluation", v(a.vb) + " \u2192 " + v(a.va) + " (loss " + v(a.l) + ")" + (a.bl ? ": a blunder" : ""), cls);
    row(dl, "best move (" + D.analysis.bot + ")", a.b, cls);
    if (a.svg && $("showbest").checked) {
      const html = partsOf(frame).join(""), at = html.lastIndexOf("</svg>");
      if (at >= 0) $("board").innerHTML = html.slice(0, at) + a.svg + html.slice(at);
    }
  };
  G.addEventListener("click", (e) => {
    const r = G.getBoundingClientRect(), x = (e.clientX - r.left) * box.width / r.width;
    const k = Math.max(0, Math.min(last, Math.round((x - M.dataset.x0) / M.dataset.w * n)));
    stop(); show(P[k].f1 - 1);
  });
  $("showbest").onchange = () => show(frame);
  function press() {
    for (const b of (new URLSearchParams(location.hash.slice(1)).get("press") || "").split(",")) {
      const m = /^graph:(\d+)$/.exec(b);
      if (!m) continue;
      const r = G.getBoundingClientRect(), x = r.left + px(+m[1]) * r.width / box.width;
      G.dispatchEvent(new MouseEvent("click", { clientX: x, clientY: r.top + r.height / 2 }));
    }
  }
  show(frame);
  press();
  window.addEventListener("hashchange", press);
}
</script>"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{page, page_data, replay};
    use ::nim::protocol::Referee as NimReferee;

    /// A recorded Nim game: 21 stones, seats 0 and 1 alternate, 12 plies.
    fn record() -> String {
        let turns: Vec<String> = [1, 2, 1, 3, 2, 1, 2, 2, 2, 1, 3, 1]
            .iter()
            .enumerate()
            .map(|(i, t)| format!(r#"{{"player": {}, "text": "{t}", "ms": 0.0}}"#, i % 2))
            .collect();
        format!(
            r#"{{"format": 2, "game": "nim", "config": {{"max_take": 3, "pile": 21}},
            "setup": {{"pile": 21, "max_take": 3, "to_move": 0}}, "bots": ["random", "random"], "turns": [{}],
            "result": {{"winner": 1, "ranks": [1, 0], "reason": "last-stone"}}, "errors": []}}"#,
            turns.join(",")
        )
    }

    /// An analysis of [`record`]: seat 0 blunders on ply 3, seat 1 on ply 6.
    fn analysis() -> Analysis {
        let plies = (1..=12)
            .map(|k| {
                let before = 0.3 + 0.05 * (k % 5) as f64;
                let blunder = k == 3 || k == 6;
                let after = if blunder { before - 0.25 } else { before };
                PlyAnalysis {
                    ply: k,
                    player: (k + 1) % 2,
                    played: ["1", "2", "1", "3", "2", "1", "2", "2", "2", "1", "3", "1"][k - 1].into(),
                    best: "1".into(),
                    value_before: before,
                    value_after: after,
                    loss: before - after,
                    blunder,
                }
            })
            .collect();
        Analysis { game: "nim".into(), config: None, bot: "mcts:iters=100".into(), plies }
    }

    fn nim() -> NimReferee {
        NimReferee { pile: 21, max_take: 3 }
    }

    fn refused(an: &Analysis) -> String {
        replay(&nim(), &record(), Some(an)).expect_err("refused").to_string()
    }

    #[test]
    fn an_analysis_of_another_game_is_refused() {
        let mut an = analysis();
        an.game = "yavalath".into();
        assert_eq!(refused(&an), "the analysis is of a yavalath game, the record of a nim game");
    }

    #[test]
    fn a_ply_the_record_does_not_have_is_refused() {
        let mut an = analysis();
        an.plies[11].ply = 13;
        assert_eq!(refused(&an), "the analysis has ply 13, which the record does not have (its plies are 1 to 12)");
        an.plies[11].ply = 0;
        assert_eq!(refused(&an), "the analysis has ply 0, which the record does not have (its plies are 1 to 12)");
    }

    #[test]
    fn a_ply_another_seat_played_is_refused() {
        let mut an = analysis();
        an.plies[4].player = 1;
        assert_eq!(refused(&an), "the analysis has ply 5 played by seat 1, the record by seat 0");
    }

    #[test]
    fn a_ply_analysed_twice_is_refused() {
        let mut an = analysis();
        an.plies[4].ply = 3;
        assert_eq!(refused(&an), "the analysis has ply 3 twice");
    }

    #[test]
    fn a_value_outside_0_to_1_is_refused() {
        let mut an = analysis();
        an.plies[7].value_after = 1.5;
        assert_eq!(refused(&an), "the analysis gives ply 8 the value 1.5, outside 0 to 1");
    }

    #[test]
    fn each_seat_line_runs_through_its_values_before_and_after_its_moves() {
        let r = replay(&nim(), &record(), Some(&analysis())).expect("replays");
        let lines = series(&r);
        assert_eq!(lines.len(), 2);
        let an = analysis();
        for (seat, line) in lines.iter().enumerate() {
            let mine: Vec<&PlyAnalysis> = an.plies.iter().filter(|p| p.player == seat).collect();
            assert_eq!(line.len(), 2 * mine.len(), "seat {seat}: two points per ply it played");
            for (pair, p) in line.chunks(2).zip(mine) {
                assert_eq!(pair, [(p.ply - 1, p.value_before), (p.ply, p.value_after)], "seat {seat}");
            }
        }
    }

    #[test]
    fn a_page_with_an_analysis_carries_each_ply_and_marks_the_blunders() {
        let mut r = replay(&nim(), &record(), Some(&analysis())).expect("replays");
        r.plies[6].best_svg = Some("<g class=\"best-move\"></g>".into());
        let html = page(&r);
        let data = page_data(&html).expect("page data");
        assert_eq!(data.analysis.expect("the analysis").bot, "mcts:iters=100");
        let plies = &data.plies;
        assert!(plies[0].analysis.is_none(), "the start is not analysed");
        assert!(!html.contains("\"an\":null"), "a ply without analysis has no \"an\"");
        for (k, p) in analysis().plies.iter().enumerate() {
            let an = plies[k + 1].analysis.as_ref().expect("analysed");
            assert_eq!((an.b.as_str(), an.bl), ("1", p.blunder), "ply {}", k + 1);
            assert_eq!((an.vb, an.va), (p.value_before, p.value_after));
        }
        let svg = plies[6].analysis.as_ref().and_then(|an| an.svg.as_deref());
        assert_eq!(svg, Some("<g class=\"best-move\"></g>"));
        assert_eq!(html.matches("<circle class=\"blunder\"").count(), 2, "a mark per blunder on the graph");
        assert!(html.contains("data-ply=\"3\"") && html.contains("data-ply=\"6\""));
        assert!(html.contains("<a href=\"#ply=6\">ply 6</a>: seat 1 played 1, best 1 (loss 0.25)"), "the list");
        assert!(html.contains("id=\"evalgraph\"") && html.contains("G.addEventListener(\"click\""));
    }

    #[test]
    fn a_page_without_an_analysis_has_no_graph() {
        let html = page(&replay(&nim(), &record(), None).expect("replays"));
        for part in ["evalgraph", "blunders", "showbest", "\"an\"", "\"analysis\"", "{{"] {
            assert!(!html.contains(part), "{part}");
        }
    }
}
