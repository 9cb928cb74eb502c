//! The viewer's HTML: the page of one game, its score chart, and the index
//! page of a series.

use super::{FrameOp, KEYFRAME, Replay, encode_frames, graph};
use crate::error::ViewError;
use crate::games::xml_escape;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// What a page's script reads: the data [`page`] writes into the page as
/// JSON (its fields in name order, as the page has always had them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PageData {
    /// The search that analysed the game, when the page has an analysis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<AnalysedBy>,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// How many plies the score chart spans.
    #[serde(rename = "chartPlies")]
    pub chart_plies: usize,
    /// Each seat's colour.
    pub colours: Vec<String>,
    /// The frames, as operations on the previous frame's parts
    /// ([`decode_frames`](super::decode_frames)).
    pub frames: Vec<Vec<FrameOp>>,
    /// The game's name.
    pub game: String,
    /// Every this many frames, a frame is whole ([`KEYFRAME`]).
    pub keyframe: usize,
    /// The plies, the start position first.
    pub plies: Vec<PagePly>,
    /// The result, for people.
    pub result: String,
}

/// The search that analysed a page's game (`{"bot": ...}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysedBy {
    /// Its `--bot` spec.
    pub bot: String,
}

/// One ply as a page's script reads it (short names: a page of 20,000
/// plies carries them 20,000 times). See [`Ply`](super::Ply).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PagePly {
    /// The bot's raw answer, escaped for reading.
    #[serde(rename = "a")]
    pub answer: Option<String>,
    /// The ply's analysis, when the page has one.
    #[serde(rename = "an", default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<PagePlyAnalysis>,
    /// The error kind of the turn.
    #[serde(rename = "e")]
    pub error: Option<String>,
    /// Its first frame.
    pub f0: usize,
    /// One past its last frame.
    pub f1: usize,
    /// The record's error messages for the turn.
    #[serde(rename = "m")]
    pub messages: Vec<String>,
    /// Think time in milliseconds.
    pub ms: Option<f64>,
    /// The seat that played it (`null` for the start position).
    #[serde(rename = "s")]
    pub seat: Option<usize>,
    /// Whether the turn played is a substitute.
    pub sub: bool,
    /// The turn as played.
    #[serde(rename = "t")]
    pub text: String,
}

/// A ply's analysis as a page's script reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PagePlyAnalysis {
    /// The best move.
    pub b: String,
    /// Whether the move played is a blunder.
    pub bl: bool,
    /// The loss of the move played.
    pub l: f64,
    /// The best move drawn, an SVG group.
    pub svg: Option<String>,
    /// The value after the move played.
    pub va: f64,
    /// The value before it.
    pub vb: f64,
}

/// The marker around the page's data script.
const DATA_OPEN: &str = "<script type=\"application/json\" id=\"data\">";
const DATA_CLOSE: &str = "</script>";

/// The page of one game: a self-contained HTML document (inline style,
/// data and script; nothing loaded), with the evaluation graph when the
/// replay has an analysis (see the [module docs](super)).
pub fn page(r: &Replay) -> String {
    let plies = r
        .plies
        .iter()
        .map(|p| PagePly {
            answer: p.answer.clone(),
            analysis: p.analysis.as_ref().map(|a| PagePlyAnalysis {
                b: a.best.clone(),
                bl: a.blunder,
                l: a.loss,
                svg: p.best_svg.clone(),
                va: a.value_after,
                vb: a.value_before,
            }),
            error: p.error.clone(),
            f0: p.frames.start,
            f1: p.frames.end,
            messages: p.messages.clone(),
            ms: p.ms,
            seat: p.seat,
            sub: p.substituted,
            text: p.text.clone(),
        })
        .collect();
    let data = PageData {
        analysis: r.analysed_by.clone().map(|bot| AnalysedBy { bot }),
        bots: r.bots.clone(),
        chart_plies: r.plies.len().saturating_sub(1),
        colours: r.colours.clone(),
        frames: encode_frames(&r.frames),
        game: r.game.clone(),
        keyframe: KEYFRAME,
        plies,
        result: r.result.clone(),
    };
    // Inside a script element, `</` and `<!--` must not appear as such.
    let data = serde_json::to_string(&data).unwrap_or_default().replace("</", "<\\/").replace("<!--", "\\u003c!--");
    let title = format!("{}: {}", r.game, r.bots.join(" vs "));
    let seats: String = r
        .bots
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let colour = r.colours.get(i % r.colours.len().max(1)).map_or("#888", String::as_str);
            format!(
                "<span class=\"seat\"><i style=\"background:{}\"></i>seat {i}: {}</span>",
                xml_escape(colour),
                xml_escape(b)
            )
        })
        .collect();
    let errors: Vec<usize> =
        r.plies.iter().enumerate().filter(|(_, p)| p.error.is_some() || p.substituted).map(|(i, _)| i).collect();
    let errors = if errors.is_empty() {
        String::new()
    } else {
        let links: Vec<String> = errors.iter().take(30).map(|i| format!("<a href=\"#ply={i}\">{i}</a>")).collect();
        let more = if errors.len() > 30 { " &#x2026;" } else { "" };
        format!("<p class=\"errs\">Plies with errors or substitutes ({}): {}{more}</p>", errors.len(), links.join(" "))
    };
    let title = xml_escape(&title);
    let result = xml_escape(&r.result);
    let chart = chart(r);
    let (graph, blunders) = (graph::graph(r), graph::blunders(r));
    let (style, script) = if r.analysed_by.is_some() { (graph::STYLE, graph::SCRIPT) } else { ("", "") };
    fill(
        TEMPLATE,
        &[
            ("TITLE", &title),
            ("SEATS", &seats),
            ("RESULT", &result),
            ("CHART", &chart),
            ("GRAPH", &graph),
            ("ERRORS", &errors),
            ("BLUNDERS", &blunders),
            ("STYLE", style),
            ("SCRIPT", script),
            ("DATA", &data),
        ],
    )
}

/// `template` with each `{{NAME}}` replaced by its value (in one pass, so
/// that values are never read as markers).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(i) = rest.find("{{") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        match after.find("}}").and_then(|j| values.iter().find(|v| v.0 == &after[..j]).map(|v| (j, v.1))) {
            Some((j, value)) => {
                out.push_str(value);
                rest = &after[j + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The data of a page written by [`page`] (its frames decode with
/// [`decode_frames`](super::decode_frames)).
///
/// # Errors
/// [`ViewError::NotAPage`] when the page has no data script or it is not
/// JSON.
pub fn page_data(html: &str) -> Result<PageData, ViewError> {
    let start = html.find(DATA_OPEN).ok_or(ViewError::NotAPage { what: "no data script" })? + DATA_OPEN.len();
    let len = html[start..].find(DATA_CLOSE).ok_or(ViewError::NotAPage { what: "unterminated data script" })?;
    serde_json::from_str(&html[start..start + len]).map_err(|_| ViewError::NotAPage { what: "data is not JSON" })
}

/// The score chart (games with scores): one line per seat over the plies,
/// at most about 600 points each, and a marker the script moves to the ply
/// shown. Empty for games without scores.
fn chart(r: &Replay) -> String {
    let series: Vec<&Vec<f64>> = r.plies.iter().filter_map(|p| p.scores.as_ref()).collect();
    if series.len() != r.plies.len() || series.is_empty() {
        return String::new();
    }
    let (w, h, pad) = (600.0, 150.0, 24.0);
    let n = series.len().saturating_sub(1).max(1) as f64;
    let top = series.iter().flat_map(|s| s.iter().copied()).fold(1.0_f64, f64::max);
    let step = series.len().div_ceil(600).max(1);
    let seats = series.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut s = format!(
        "<svg id=\"chart\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\" stroke=\"#ccc\"/>\
         <text x=\"4\" y=\"14\" font-size=\"11\">score (max {top})</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">ply {n}</text>",
        w - 4.0,
        h - 4.0
    );
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / n;
    let y = |v: f64| h - pad - (h - 2.0 * pad) * v / top;
    for seat in 0..seats {
        let colour = r.colours.get(seat % r.colours.len().max(1)).map_or("#888", String::as_str);
        let _ = write!(s, "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" points=\"", xml_escape(colour));
        let mut i = 0;
        while i < series.len() {
            let _ = write!(s, "{:.1},{:.1} ", x(i), y(series[i].get(seat).copied().unwrap_or(0.0)));
            i = if i + 1 == series.len() { i + 1 } else { (i + step).min(series.len() - 1) };
        }
        s.push_str("\"/>");
    }
    let _ = write!(
        s,
        "<line id=\"mark\" x1=\"{pad}\" x2=\"{pad}\" y1=\"{pad}\" y2=\"{}\" stroke=\"#333\" stroke-dasharray=\"3 2\" \
         data-x0=\"{pad}\" data-w=\"{}\"/></svg>",
        h - pad,
        w - 2.0 * pad
    );
    s
}

/// The index page of a series: `summary` (the results table as `play`
/// prints it) and one link per game as `(href, label, result)`.
pub fn index_page(game: &str, summary: &str, links: &[(String, String, String)]) -> String {
    let mut items = String::new();
    for (href, label, result) in links {
        let _ = write!(
            items,
            "<li><a href=\"{}\">{}</a>: {}</li>",
            xml_escape(href),
            xml_escape(label),
            xml_escape(result)
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{g} series</title>\
         <style>body{{font-family:sans-serif;margin:1.5em}}pre{{background:#f4f4f4;padding:.8em;overflow-x:auto}}</style>\
         </head><body><h1>{g}: {n} games</h1><pre id=\"summary\">{}</pre><ol start=\"0\">{items}</ol></body></html>\n",
        xml_escape(summary),
        g = xml_escape(game),
        n = links.len()
    )
}

/// The page; `{{...}}` are filled by [`page`].
const TEMPLATE: &str = r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{TITLE}}</title>
<style>
body{font-family:sans-serif;margin:1em;background:#fafafa;color:#222}
h1{font-size:1.2em;margin:.2em 0}
.seat{margin-right:1.2em;white-space:nowrap}.seat i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:middle}
#controls{margin:.5em 0;display:flex;gap:.4em;align-items:center;flex-wrap:wrap}
#slider{width:22em}#ply{font-weight:bold;min-width:8em}
#main{display:flex;gap:1em;align-items:flex-start;flex-wrap:wrap}
#board svg{max-width:min(100%,620px);max-height:75vh;height:auto;width:auto}
#info{min-width:18em;max-width:34em}
#info dt{font-weight:bold;margin-top:.4em}#info dd{margin:0;font-family:monospace;white-space:pre-wrap;word-break:break-all}
.err{background:#fdd;border-left:4px solid #c0392b;padding:.2em .4em}
.sub{background:#fed;border-left:4px solid #e67e22;padding:.2em .4em}
#end{font-weight:bold;color:#1a5d1a;margin-top:.6em}
.errs a{margin-right:.3em}
{{STYLE}}</style></head><body>
<h1>{{TITLE}}</h1>
<div>{{SEATS}}</div>
<p>Result: <span id="result">{{RESULT}}</span></p>
<div id="controls">
<button id="first" title="first (Home)">|&#x25C0;</button>
<button id="prev" title="previous (&#x2190;)">&#x25C0;</button>
<button id="play" title="play/pause (space)">play</button>
<button id="next" title="next (&#x2192;)">&#x25B6;</button>
<button id="last" title="last (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" value="0" step="1">
<span id="ply"></span>
<select id="speed" title="plies per second"><option>1</option><option selected>4</option><option>16</option><option>64</option></select>/s
</div>
{{ERRORS}}{{BLUNDERS}}
<div id="main"><div id="board"></div>
<div id="info"><dl id="details"></dl><div id="end"></div>{{CHART}}{{GRAPH}}</div></div>
<noscript>The viewer needs JavaScript to step through the game.</noscript>
<script type="application/json" id="data">{{DATA}}</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const P = D.plies, F = D.frames, K = D.keyframe, last = P.length - 1;
const $ = (id) => document.getElementById(id);
let frame = 0, cacheAt = -1, cache = [], timer = null;
function apply(old, ops) {
  const out = []; let i = 0;
  for (const o of ops) {
    if (typeof o === "string") out.push(o);
    else if (o > 0) { for (let n = 0; n < o; n++) out.push(old[i++]); }
    else i -= o;
  }
  return out;
}
function partsOf(f) {
  if (f === cacheAt) return cache;
  let k = f - (f % K), parts;
  if (cacheAt >= k && cacheAt < f) { k = cacheAt; parts = cache; } else parts = apply([], F[k]);
  for (let i = k + 1; i <= f; i++) parts = apply(parts, F[i]);
  cacheAt = f; cache = parts;
  return parts;
}
function plyOf(f) {
  let lo = 0, hi = last;
  while (lo < hi) { const m = (lo + hi + 1) >> 1; if (P[m].f0 <= f) lo = m; else hi = m - 1; }
  return lo;
}
function row(dl, name, value, cls) {
  const dt = document.createElement("dt"), dd = document.createElement("dd");
  dt.textContent = name; dd.textContent = value; if (cls) dd.className = cls;
  dl.append(dt, dd);
}
function show(f) {
  frame = Math.max(0, Math.min(F.length - 1, f));
  const k = plyOf(frame), p = P[k];
  $("board").innerHTML = partsOf(frame).join("");
  $("slider").value = k;
  const steps = p.f1 - p.f0;
  $("ply").textContent = k + " / " + last + (steps > 1 ? " (step " + (frame - p.f0 + 1) + "/" + steps + ")" : "");
  const dl = $("details"); dl.textContent = "";
  if (p.s === null) row(dl, "position", "start");
  else {
    row(dl, "seat", p.s + (D.bots[p.s] !== undefined ? " (" + D.bots[p.s] + ")" : ""));
    row(dl, p.sub ? "played (substitute)" : "played", p.t, p.sub ? "sub" : "");
    if (p.a !== null) row(dl, "answer as received", p.a, p.e ? "err" : "");
    if (p.ms !== null) row(dl, "think time", p.ms.toFixed(3) + " ms");
    if (p.e) row(dl, "error", p.e + (p.m.length ? "\n" + p.m.join("\n") : ""), "err");
    else if (p.m.length) row(dl, "notes", p.m.join("\n"), "sub");
  }
  $("end").textContent = k === last ? "Game over: " + D.result : "";
  const mark = $("mark");
  if (mark) {
    const x = +mark.dataset.x0 + (+mark.dataset.w) * k / Math.max(1, D.chartPlies);
    mark.setAttribute("x1", x); mark.setAttribute("x2", x);
  }
}
function stop() { if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; } }
function play() {
  if (timer) { stop(); return; }
  if (frame >= F.length - 1) show(0);
  $("play").textContent = "pause";
  timer = setInterval(() => { if (frame >= F.length - 1) stop(); else show(frame + 1); }, 1000 / +$("speed").value);
}
$("slider").max = last;
$("first").onclick = () => { stop(); show(0); };
$("prev").onclick = () => { stop(); show(frame - 1); };
$("next").onclick = () => { stop(); show(frame + 1); };
$("last").onclick = () => { stop(); show(F.length - 1); };
$("play").onclick = play;
$("speed").onchange = () => { if (timer) { stop(); play(); } };
$("slider").oninput = () => { stop(); show(P[+$("slider").value].f1 - 1); };
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", " ": "play" };
  if (keys[e.key]) { e.preventDefault(); $(keys[e.key]).click(); }
});
function fromHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  const ply = h.get("ply");
  if (ply === "last") show(F.length - 1);
  else if (ply !== null && /^\d+$/.test(ply)) show(P[Math.min(last, +ply)].f1 - 1);
  for (const b of (h.get("press") || "").split(",")) if (["first", "prev", "next", "last"].includes(b)) $(b).click();
}
show(0);
fromHash();
window.addEventListener("hashchange", fromHash);
</script>{{SCRIPT}}
</body></html>
"#;
