//! `arena view`: a game record as one self-contained HTML page that steps
//! through the game ply by ply (and `play --record DIR --html`: one page per
//! game plus a series index).
//!
//! * [`replay`] replays a JSON record through the judging core, numbering
//!   plies as `arena judge` does (one per seat turn of `turns`, chance
//!   values right after a turn included in it), and draws the position after every ply with the
//!   game's own pictures ([`Adapter::view_svg`]); Paper Soccer draws every
//!   step of a turn as an extra frame of the same ply.
//! * [`page`] writes the page: the frames, the plies (answer as received,
//!   think time, error, substitution) and the result as JSON in one inline
//!   script, with a small player (slider, first/previous/play/next/last,
//!   arrow keys). The page loads nothing: no network, no fonts, no scripts.
//!   Its address may pick the ply shown at load (`#ply=12`, `#ply=last`)
//!   and press buttons (`#press=next,last`), which is how the browser test
//!   drives it.
//! * Frames are stored as deltas: each picture is cut before every `<`
//!   into parts, and a frame is the operations that turn the previous
//!   frame's parts into its own (a count to keep, a negative count to drop,
//!   a string to insert); every [`KEYFRAME`]th frame is whole. The page
//!   rebuilds a frame on demand; [`decode_frames`] does the same in Rust.
//! * With an [`Analysis`] of the game (`arena view --analysis A.json`,
//!   `arena analyze --html`; [`read_analysis`] reads one, [`replay`] checks
//!   it against the record move by move: same game and configuration,
//!   every ply a ply of the record played by the seat it names with the
//!   move it names, values in `0..=1`), the page adds an evaluation
//!   graph under the details: x is the ply, y the expected score from 0 to
//!   1, one line per seat in the seat's colour. A seat's line is drawn from
//!   its own evaluations only: for each ply *k* it played, its value before
//!   the move at *k − 1* and after it at *k*, straight between its turns
//!   (a blunder is a drop within one ply; with two seats the lines are not
//!   mirrored from each other, so a jump between a seat's turns shows
//!   where the search changed its mind). Blunders are marked on the graph
//!   and listed under the controls with the move played and the best move;
//!   the details of an analysed ply give its values and best move; the
//!   best move is drawn on each frame of the ply
//!   ([`Adapter::best_move_svg`]'s fragment inserted before the frame's
//!   closing `</svg>` when shown, so the frames' deltas do not change); a
//!   dashed marker shows the current ply and a click on the graph shows
//!   the ply under it (`#press=graph:12` clicks it where ply 12 is).
//!   Without an analysis the page is exactly the page without it.

mod graph;
mod page;

pub use graph::read_analysis;
pub use page::{AnalysedBy, PageData, PagePly, PagePlyAnalysis, index_page, page, page_data};

use crate::analysis::{Analysis, PlyAnalysis};
use crate::error::ViewError;
use crate::games::{Adapter, ContestError};
use crate::judge::{JudgeError, Sink};
use crate::play::{AnswerEntry, ErrorEntry, Record, ResultEntry, TurnEntry};
use crate::referee::{RawAnswer, RawLine, TurnJudge, Verdict};
use game_core::{Game, PlayerId};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Every this many frames, a frame is stored whole rather than as a delta.
pub const KEYFRAME: usize = 256;

/// One ply of a replay (ply 0 is the start position).
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    /// The seat that played it (`None` for the start position).
    pub seat: Option<usize>,
    /// The turn as played, in protocol notation (after any substitution).
    pub text: String,
    /// The bot's raw answer, escaped for reading (external bots only):
    /// each line quoted as a Rust string literal, then the cut-off if any.
    pub answer: Option<String>,
    /// Think time in milliseconds.
    pub ms: Option<f64>,
    /// The error kind of this turn (`timeout`, `illegal-move`, ...).
    pub error: Option<String>,
    /// The record's error messages for this turn.
    pub messages: Vec<String>,
    /// Whether the turn played is a substitute.
    pub substituted: bool,
    /// The frames of this ply: `frames.start..frames.end`, the last one the
    /// position after the ply.
    pub frames: std::ops::Range<usize>,
    /// Each seat's score after the ply, for games with a score chart.
    pub scores: Option<Vec<f64>>,
    /// The analysis of this ply, when the page has one (see the [module docs](crate::view)).
    pub analysis: Option<PlyAnalysis>,
    /// The analysis's best move drawn by [`Adapter::best_move_svg`], as an
    /// SVG group (`<g class="best-move">`) that the page inserts before the
    /// closing `</svg>` of each frame of the ply.
    pub best_svg: Option<String>,
}

/// A replayed game, ready to be written as a page.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The game's name.
    pub game: String,
    /// The bot in each seat.
    pub bots: Vec<String>,
    /// Each seat's colour.
    pub colours: Vec<String>,
    /// The result and its reason, for people.
    pub result: String,
    /// The plies, the start position first.
    pub plies: Vec<Ply>,
    /// Every frame as a whole SVG picture.
    pub frames: Vec<String>,
    /// The search that analysed the game (`None`: no analysis; the page
    /// has no evaluation graph).
    pub analysed_by: Option<String>,
}

/// Follows a record's judging and draws every ply.
struct Drawing<'x, A: Adapter> {
    /// The analysis of each analysed ply, by ply number.
    analysis: HashMap<usize, &'x PlyAnalysis>,
    errors: Vec<ErrorEntry>,
    start: Option<A::Game>,
    /// The position now, and before the last ply (with its moves).
    now: Option<A::Game>,
    before: Option<A::Game>,
    ply_moves: Vec<(PlayerId, <A::Game as Game>::Move)>,
    moves: Vec<(PlayerId, <A::Game as Game>::Move)>,
    plies: Vec<Ply>,
    frames: Vec<String>,
}

impl<A: Adapter> Sink<A> for Drawing<'_, A> {
    fn start(&mut self, a: &A, r: &TurnJudge<'_, A>) -> Result<(), JudgeError> {
        let state = r.state();
        self.frames.push(a.view_svg(state, &[], state, &[], state));
        self.plies.push(Ply {
            seat: None,
            text: "start".into(),
            answer: None,
            ms: None,
            error: None,
            messages: Vec::new(),
            substituted: false,
            frames: 0..1,
            scores: a.view_scores(state),
            analysis: None,
            best_svg: None,
        });
        self.start = Some(state.clone());
        self.now = Some(state.clone());
        Ok(())
    }
    fn chance(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        _index: usize,
        _refused: Option<&ContestError>,
    ) -> Result<(), JudgeError> {
        // A chance value belongs to the ply before it: redraw its last frame.
        let (Some(start), Some(before)) = (&self.start, &self.before) else { return Ok(()) };
        if self.plies.len() > 1 {
            if let (Some(frame), Some(ply)) = (self.frames.last_mut(), self.plies.last_mut()) {
                *frame = a.view_svg(before, &self.ply_moves, start, &self.moves, r.state());
                ply.scores = a.view_scores(r.state());
            }
        }
        self.now = Some(r.state().clone());
        Ok(())
    }
    fn turn(
        &mut self,
        a: &A,
        r: &TurnJudge<'_, A>,
        v: &Verdict<<A::Game as Game>::Move>,
        t: &TurnEntry,
    ) -> Result<(), JudgeError> {
        let (Some(start), Some(now)) = (&self.start, &self.now) else { return Ok(()) };
        // The position before this ply: after the previous one (and its chance values).
        let before = now.clone();
        let first = self.frames.len();
        let prev = self.plies.len();
        let mut step = before.clone();
        self.ply_moves.clear();
        for (i, &m) in v.played.iter().enumerate() {
            self.moves.push((v.player, m));
            self.ply_moves.push((v.player, m));
            step.play_unchecked(v.player, m);
            if a.view_steps() && i + 1 < v.played.len() {
                self.frames.push(a.view_svg(&before, &self.ply_moves, start, &self.moves, &step));
            }
        }
        self.frames.push(a.view_svg(&before, &self.ply_moves, start, &self.moves, r.state()));
        let seat = usize::from(v.player.0);
        let analysis = self.analysis.get(&prev).filter(|p| p.player == seat).copied();
        let best_svg = analysis
            .and_then(|p| a.best_move_svg(&before, v.player, &p.best))
            .map(|f| format!("<g class=\"best-move\">{f}</g>"));
        self.now = Some(r.state().clone());
        self.before = Some(before);
        let messages = self
            .errors
            .iter()
            .filter(|e| e.turn == prev && usize::from(e.seat) == seat)
            .map(|e| format!("{}: {}", e.kind, e.message))
            .collect();
        let answer = t.answer.as_ref().map(|ans| match ans {
            AnswerEntry::Raw(raw) => answer_text(raw),
            AnswerEntry::AsPlayed(_) => {
                let lines = t.text.as_deref().map(|x| a.answer_of_turn(x)).unwrap_or_default();
                let lines = lines.into_iter().map(|l| RawLine(l.into_bytes())).collect();
                answer_text(&RawAnswer { lines, more_skipped: 0, cutoff: None })
            }
        });
        self.plies.push(Ply {
            seat: Some(seat),
            text: crate::judge::turn_text(v),
            answer,
            ms: Some(t.ms),
            error: t.error.clone().or_else(|| v.error.as_ref().map(|e| e.kind.to_string())),
            messages,
            substituted: t.substituted,
            frames: first..self.frames.len(),
            scores: a.view_scores(r.state()),
            analysis: analysis.cloned(),
            best_svg,
        });
        Ok(())
    }
}

/// Replays the JSON record `record` (its text, as written by `play --record`) through the
/// judging core ([`crate::judge::replay`]) and draws every ply; with an
/// `analysis` of the game (as `arena analyze` writes it), every analysed
/// ply carries its evaluation and its best move drawn, for the page's
/// evaluation graph (see the [module docs](crate::view)).
///
/// # Errors
/// [`ViewError`] when the record does not fit the game or does not judge,
/// or the analysis does not fit the record: another game
/// ([`ViewError::AnalysisGame`]), a ply the record does not have
/// ([`ViewError::AnalysisPly`]), that another seat played
/// ([`ViewError::AnalysisSeat`]) or that the record shows another move played
/// ([`ViewError::AnalysisMove`]), another configuration
/// ([`ViewError::AnalysisConfig`]), a ply twice
/// ([`ViewError::AnalysisRepeated`]), a value outside `0..=1`
/// ([`ViewError::AnalysisValue`]).
pub fn replay<A: Adapter>(a: &A, record: &str, analysis: Option<&Analysis>) -> Result<Replay, ViewError> {
    let judge_error = |e| ViewError::Judge { game: a.name(), source: Box::new(e) };
    let by_ply = match analysis {
        Some(an) => graph::by_ply(a.name(), &a.config(), an)?,
        None => HashMap::new(),
    };
    let mut d = Drawing::<A> {
        analysis: by_ply,
        errors: Vec::new(),
        start: None,
        now: None,
        before: None,
        ply_moves: Vec::new(),
        moves: Vec::new(),
        plies: Vec::new(),
        frames: Vec::new(),
    };
    // The record's summary (its turns skipped), then its turns judged.
    let summary: Record = serde_json::from_str(record)
        .map_err(|e| judge_error(JudgeError::Unreadable(format!("not a game record: {e}"))))?;
    d.errors = summary.errors;
    crate::judge::replay(a, record, &mut d).map_err(judge_error)?;
    if let Some(an) = analysis {
        graph::check_plies(an, &d.plies)?;
    }
    let bots = summary.bots;
    Ok(Replay {
        game: a.name().to_string(),
        result: result_text(summary.result.as_ref(), &bots),
        bots,
        colours: a.seat_colours().into_iter().map(str::to_string).collect(),
        plies: d.plies,
        frames: d.frames,
        analysed_by: analysis.map(|an| an.bot.clone()),
    })
}

/// A recorded answer for reading: each line quoted as a Rust string
/// literal, so that spaces, tabs and stray characters show (a line that is
/// not UTF-8 as `bytes "..."`, its invalid bytes replaced), then the
/// cut-off if any.
fn answer_text(a: &RawAnswer) -> String {
    let line = |l: &RawLine| match std::str::from_utf8(&l.0) {
        Ok(s) => format!("{s:?}"),
        Err(_) => format!("bytes {:?}", String::from_utf8_lossy(&l.0)),
    };
    let mut parts: Vec<String> = a.lines.iter().map(line).collect();
    if let Some(c) = a.cutoff {
        parts.push(format!("(cut off: {})", c.kind()));
    }
    if parts.is_empty() { "(nothing)".into() } else { parts.join(" ") }
}

/// The record's `result` for people: the winner (or a draw), the ranks and
/// the reason.
fn result_text(r: Option<&ResultEntry>, bots: &[String]) -> String {
    let Some(r) = r else { return "no result recorded".into() };
    let seat = |s: u8| match bots.get(usize::from(s)) {
        Some(b) => format!("seat {s} ({b})"),
        None => format!("seat {s}"),
    };
    let who = match r.winner {
        Some(w) => format!("{} wins", seat(w)),
        None => "no winner".into(),
    };
    let ranks: Vec<String> = r.ranks.iter().map(u8::to_string).collect();
    format!("{who} by {}, ranks {}", r.reason, ranks.join(", "))
}

/// Cuts a picture before every `<`.
fn parts(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    for (i, _) in s.match_indices('<') {
        if i > from {
            out.push(&s[from..i]);
        }
        from = i;
    }
    if from < s.len() {
        out.push(&s[from..]);
    }
    out
}

/// The operations that turn `old` into `new`: keep `n` parts, drop `n`
/// parts (as `-n`), insert a part (a string). Greedy: a part is kept when
/// both sides agree, inserted when `old` has no more of it, dropped
/// otherwise.
fn delta(old: &[&str], new: &[&str]) -> Vec<FrameOp> {
    let mut rem_old: HashMap<&str, usize> = HashMap::new();
    let mut rem_new: HashMap<&str, usize> = HashMap::new();
    for p in old {
        *rem_old.entry(p).or_default() += 1;
    }
    for p in new {
        *rem_new.entry(p).or_default() += 1;
    }
    let mut ops: Vec<FrameOp> = Vec::new();
    let mut run: i64 = 0; // > 0 keeping, < 0 dropping
    let flush = |ops: &mut Vec<FrameOp>, run: &mut i64| {
        if *run != 0 {
            ops.push(FrameOp::Count(*run));
            *run = 0;
        }
    };
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let take = |m: &mut HashMap<&str, usize>, p: &str| {
            if let Some(n) = m.get_mut(p) {
                *n -= 1;
            }
        };
        if i < old.len() && j < new.len() && old[i] == new[j] {
            if run < 0 {
                flush(&mut ops, &mut run);
            }
            run += 1;
            take(&mut rem_old, old[i]);
            take(&mut rem_new, new[j]);
            i += 1;
            j += 1;
        } else if j < new.len() && (i == old.len() || rem_old.get(new[j]).copied().unwrap_or(0) == 0) {
            flush(&mut ops, &mut run);
            ops.push(FrameOp::Part(new[j].to_string()));
            take(&mut rem_new, new[j]);
            j += 1;
        } else {
            if run > 0 {
                flush(&mut ops, &mut run);
            }
            run -= 1;
            take(&mut rem_old, old[i]);
            i += 1;
        }
    }
    flush(&mut ops, &mut run);
    ops
}

/// The frames as the page stores them: one list of operations per frame
/// (see the [module docs](self)).
pub fn encode_frames(frames: &[String]) -> Vec<Vec<FrameOp>> {
    let mut out = Vec::with_capacity(frames.len());
    let mut prev: Vec<&str> = Vec::new();
    for (k, f) in frames.iter().enumerate() {
        let cur = parts(f);
        out.push(if k % KEYFRAME == 0 { delta(&[], &cur) } else { delta(&prev, &cur) });
        prev = cur;
    }
    out
}

/// One operation of a frame on the previous frame's parts (see the
/// [module docs](self)): a count of parts to keep (positive) or drop
/// (negative), or a part to insert.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FrameOp {
    /// Keep this many parts (`n > 0`) or drop `-n` (`n < 0`).
    Count(i64),
    /// Insert this part.
    Part(String),
}

/// Rebuilds every frame from the page's data (the `frames` and `keyframe`
/// fields of [`page_data`]), as the page's script does.
///
/// # Errors
/// [`ViewError::NotAPage`] when the data does not decode.
pub fn decode_frames(data: &PageData) -> Result<Vec<String>, ViewError> {
    let bad = |what| ViewError::NotAPage { what };
    let every = data.keyframe.max(1);
    let mut out = Vec::with_capacity(data.frames.len());
    let mut prev: Vec<String> = Vec::new();
    for (k, ops) in data.frames.iter().enumerate() {
        let old = if k % every == 0 { Vec::new() } else { std::mem::take(&mut prev) };
        let mut cur = Vec::new();
        let mut i = 0usize;
        for op in ops {
            match op {
                FrameOp::Part(s) => cur.push(s.clone()),
                &FrameOp::Count(n) => {
                    let count = usize::try_from(n.unsigned_abs()).map_err(|_| bad("bad count"))?;
                    if n > 0 {
                        cur.extend(old.get(i..i + count).ok_or(bad("keeps past the previous frame"))?.iter().cloned());
                    }
                    i += count;
                }
            }
        }
        out.push(cur.concat());
        prev = cur;
    }
    Ok(out)
}

/// Reads the record at `path` and writes its page to `out`, with the
/// evaluation graph of `analysis` if given (`arena view --analysis`,
/// `arena analyze --html`). Returns the page's size in bytes.
///
/// # Errors
/// [`ViewError`] when the record cannot be read or replayed, the analysis
/// does not fit it (see [`replay`]), or the page cannot be written.
pub fn write_page<A: Adapter>(a: &A, path: &Path, analysis: Option<&Analysis>, out: &Path) -> Result<usize, ViewError> {
    let text = std::fs::read_to_string(path).map_err(|source| ViewError::Read { path: path.to_path_buf(), source })?;
    serde_json::from_str::<serde::de::IgnoredAny>(&text)
        .map_err(|source| ViewError::NotJson { path: path.to_path_buf(), source })?;
    let html = page(&replay(a, &text, analysis)?);
    std::fs::write(out, &html).map_err(|source| ViewError::Write { path: out.to_path_buf(), source })?;
    Ok(html.len())
}

/// One game of a series for its index page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesGame {
    /// The game's index in the series.
    pub index: u64,
    /// Its bots, in seat order.
    pub bots: Vec<String>,
    /// The result, for people.
    pub result: String,
}

/// Writes `DIR/<game>-<index>.html` next to each record of `games` in
/// `dir`, and `DIR/index.html` with `summary` (the results table as `play`
/// prints it) and links to the pages. Returns the index page's path.
///
/// # Errors
/// [`ViewError`] when a record cannot be read or replayed or a page cannot
/// be written.
pub fn write_series<A: Adapter>(a: &A, dir: &Path, games: &[SeriesGame], summary: &str) -> Result<PathBuf, ViewError> {
    let mut links = Vec::with_capacity(games.len());
    for g in games {
        let stem = format!("{}-{:05}", a.name(), g.index);
        write_page(a, &dir.join(format!("{stem}.json")), None, &dir.join(format!("{stem}.html")))?;
        links.push((format!("{stem}.html"), format!("game {}: {}", g.index, g.bots.join(" vs ")), g.result.clone()));
    }
    let out = dir.join("index.html");
    std::fs::write(&out, index_page(a.name(), summary, &links))
        .map_err(|source| ViewError::Write { path: out.clone(), source })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_rebuild_every_frame() {
        let frames: Vec<String> = [
            "<svg><g><c a/><c b/></g><t>1</t></svg>",
            "<svg><g><c b/><c d/></g><t>2</t></svg>",
            "<svg><g><c b/><c d/></g><t>2</t></svg>",
            "<svg></g><g><c x/></g></g><t>3</t></svg>",
            "x<y",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let data = PageData {
            analysis: None,
            bots: Vec::new(),
            chart_plies: 0,
            colours: Vec::new(),
            frames: encode_frames(&frames),
            game: "nim".into(),
            keyframe: KEYFRAME,
            plies: Vec::new(),
            result: String::new(),
        };
        assert_eq!(decode_frames(&data).unwrap(), frames);
        assert_eq!(encode_frames(&frames)[2], [FrameOp::Count(8)], "an unchanged frame keeps all its parts");
        let ops = serde_json::to_string(&[FrameOp::Count(-1), FrameOp::Part("<g>".into())]).unwrap();
        assert_eq!(ops, r#"[-1,"<g>"]"#, "a count is a number, a part a string");
    }
}
