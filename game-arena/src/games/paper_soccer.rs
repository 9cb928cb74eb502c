//! Paper Soccer ([`paper_soccer`]) in the arena.
//!
//! * Protocol: the bot's id once at the start, then per turn the length and
//!   the text of the opponent's last turn (`1` / `-` on player 0's first
//!   turn); it answers one line of step digits, judged exactly as the
//!   referee does ([`paper_soccer::protocol::parse_answer`]).
//! * Any failed answer (crash, timeout, unreadable or illegal turn) loses.
//! * Time: [`protocol::TIME_CONTROL`]: the first answer's limit, then
//!   the later one.
//! * Moves are single steps ([`Dir`]); a turn is the steps while the same
//!   player is to act, written as one digit string.

use super::{Adapter, AnswerError, Contest, FailurePolicy, ParsedAnswer, TimeControl, TurnLog, xml_escape};
use crate::bot::Bot;
use crate::error::ServeError;
use game_core::{Game, PlayerId};
use paper_soccer::{Dir, PaperSoccer, Point, Turn, TurnError, protocol};
use std::fmt::Write;
use std::io::BufRead;
use std::io::Write as IoWrite;

/// Steps of random play after the tree before the `mcts` bot evaluates.
pub const ROLLOUT: u32 = 0;

/// The standard 8x10 game.
#[derive(Clone, Copy, Debug, Default)]
pub struct PaperSoccerAdapter;

fn digits(text: &str) -> Vec<Dir> {
    text.chars().filter_map(Dir::from_digit).collect()
}

impl Contest for PaperSoccerAdapter {
    type Game = PaperSoccer;

    fn start(&self) -> PaperSoccer {
        PaperSoccer::default()
    }
    fn time_control(&self) -> TimeControl {
        protocol::TIME_CONTROL
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Loss
    }
    fn format_move(&self, _state: &PaperSoccer, mv: Dir) -> String {
        mv.digit().to_string()
    }
    fn format_turn(&self, _before: &PaperSoccer, _player: PlayerId, moves: &[Dir]) -> String {
        moves.iter().map(|d| d.digit()).collect()
    }
    fn start_message(&self, _state: &PaperSoccer, seat: PlayerId) -> String {
        protocol::start_message(seat)
    }
    fn turn_message(&self, _state: &PaperSoccer, seat: PlayerId, history: &[TurnLog<Dir>], _first: bool) -> String {
        let last = history.iter().rev().find(|t| t.player != seat).map(|t| t.moves.as_slice());
        protocol::turn_message(last)
    }
    fn parse_answer(
        &self,
        state: &PaperSoccer,
        _seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<Dir>, AnswerError> {
        let line = lines.first().copied().unwrap_or_default();
        let turn = protocol::parse_answer(state, line).map_err(|e| AnswerError::from_game(&e))?;
        Ok(ParsedAnswer { moves: turn.steps().to_vec(), notes: Vec::new() })
    }
    fn judge_split(&self, text: &str) -> Vec<String> {
        protocol::record_lines(text).map(str::to_string).collect()
    }
    /// A turn is checked by the crate's turn checker, whether it came as an
    /// answer line, a text record's line or a record's step events, so all
    /// three get the referee's checks in its order and the same errors.
    fn apply_turn(&self, state: &mut PaperSoccer, _seat: PlayerId, moves: &[Dir]) -> Result<(), AnswerError> {
        let turn = Turn::new(moves.to_vec()).ok_or_else(|| AnswerError::from_game(&TurnError::Empty))?;
        state.play_turn_steps(&turn).map_err(|e| AnswerError::from_game(&e))
    }
    fn judge_line(&self, state: &PaperSoccer, _player: PlayerId, line: &str) -> Result<Vec<Dir>, AnswerError> {
        state.after_turn(line).map_err(|e| AnswerError::from_game(&e))?;
        Ok(digits(line))
    }
}

impl Adapter for PaperSoccerAdapter {
    fn config(&self) -> serde_json::Value {
        serde_json::json!({"width": 8, "height": 10})
    }
    fn config_args(&self) -> Vec<String> {
        Vec::new()
    }
    /// MCTS with playouts of [`ROLLOUT`] steps scored by
    /// [`paper_soccer::evaluation::value`].
    fn mcts_bot(&self, cfg: crate::bot::MctsConfig, seed: u64) -> Box<dyn Bot<PaperSoccer>> {
        super::evaluated_mcts(super::game_rollout(cfg, ROLLOUT), seed, paper_soccer::evaluation::value)
    }
    fn builtin_bot(&self, spec: &str, seed: u64) -> Option<Box<dyn Bot<PaperSoccer>>> {
        (spec == "greedy").then(|| Box::new(super::reference::GreedySoccer::new(seed)) as Box<dyn Bot<PaperSoccer>>)
    }
    fn display(&self, state: &PaperSoccer) -> String {
        state.to_string()
    }
    fn svg(&self, state: &PaperSoccer) -> String {
        svg(state, &[])
    }
    fn view_steps(&self) -> bool {
        true
    }
    fn svg_with_history(&self, start: &PaperSoccer, moves: &[(PlayerId, Dir)], state: &PaperSoccer) -> String {
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
        svg(state, &segments)
    }
    fn serve(
        &self,
        bot: &mut dyn Bot<PaperSoccer>,
        input: &mut dyn BufRead,
        output: &mut dyn IoWrite,
    ) -> Result<(), ServeError> {
        protocol::run_bot(input, output, |state: &PaperSoccer, me, left| {
            bot.set_time_left(left);
            bot.turn(state, me)
        })
        .map_err(|e| ServeError::protocol(self.name(), e))
    }
}

/// The pitch as SVG: paper squares, pre-drawn borders and goals, drawn
/// lines, the ball, and the state of play. `segments` (who drew which line,
/// in order) colours the lines by player and marks the last turn; without
/// it every drawn line has one colour.
pub fn svg(b: &PaperSoccer, segments: &[(PlayerId, Point, Point)]) -> String {
    let pitch = b.pitch();
    let (w, h) = (i32::from(pitch.width), i32::from(pitch.height));
    let cell = 40;
    let margin = 30;
    let (cw, ch) = (w * cell + 2 * margin, (h + 2) * cell + 2 * margin + 40);
    let px = |p: Point| (margin + i32::from(p.x) * cell, margin + (i32::from(p.y) + 1) * cell);
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
        xml_escape(&caption),
        margin + w * cell / 2,
        margin - 8,
        colours[1],
        margin + w * cell / 2,
        margin + (h + 2) * cell + 16,
        colours[0],
    );
    s
}
