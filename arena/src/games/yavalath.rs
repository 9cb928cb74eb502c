//! Yavalath ([`yavalath`]) in the arena.
//!
//! * Protocol: per turn the bot reads its id (first turn only), `9`, the 9
//!   rows from its point of view and the opponent's last move
//!   ([`yavalath::protocol::turn_message`]); it answers `x y` plus an optional
//!   message, read with the referee's strict rules
//!   ([`yavalath::protocol::parse_answer`]).
//! * Any failed answer (crash, timeout, unreadable or illegal) loses.
//! * Time: [`yavalath::protocol::TIME_CONTROL`] (the first answer's limit,
//!   then the later one).
//! * Player 0 is the rules' first player (protocol id `1`).
//! * Judge records: one `x y` per line; blank lines are skipped (the crate's
//!   record rule).

use super::{Adapter, AnswerError, Contest, FailurePolicy, ParsedAnswer, TimeControl, TurnLog, xml_escape};
use crate::bot::Bot;
use crate::error::ServeError;
use game_core::{Game, PlayerId};
use std::fmt::Write;
use std::io::{BufRead, Write as IoWrite};
use yavalath::{Cell, Yavalath, protocol};

/// Plies of random play after the tree before the `mcts` bot evaluates.
pub const ROLLOUT: u32 = 4;

/// The standard game.
#[derive(Clone, Copy, Debug, Default)]
pub struct YavalathAdapter;

impl Contest for YavalathAdapter {
    type Game = Yavalath;
    fn start(&self) -> Yavalath {
        Yavalath::new()
    }
    fn time_control(&self) -> TimeControl {
        protocol::TIME_CONTROL
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Loss
    }
    fn format_move(&self, _state: &Yavalath, mv: Cell) -> String {
        mv.to_string()
    }
    fn turn_message(&self, state: &Yavalath, seat: PlayerId, history: &[TurnLog<Cell>], _first: bool) -> String {
        let last = history.iter().rev().find(|t| t.player != seat).and_then(|t| t.moves.first().copied());
        protocol::turn_message(state, last).unwrap_or_default()
    }
    fn parse_answer(
        &self,
        _state: &Yavalath,
        _seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<Cell>, AnswerError> {
        let line = lines.first().copied().unwrap_or_default();
        let a = protocol::parse_answer(line).map_err(|e| AnswerError::from_game(&e))?;
        Ok(ParsedAnswer { moves: vec![a.cell], notes: Vec::new() })
    }
    fn judge_split(&self, text: &str) -> Vec<String> {
        text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect()
    }
    fn judge_line(&self, _state: &Yavalath, _player: PlayerId, line: &str) -> Result<Vec<Cell>, AnswerError> {
        protocol::parse_move_text(line).map(|c| vec![c]).map_err(|e| AnswerError::from_game(&e))
    }
}

impl Adapter for YavalathAdapter {
    /// Alpha-beta with [`yavalath::evaluation::score`] at the leaves.
    /// Alpha-beta with the game's evaluation: it beats `mcts` at the
    /// game's clock (`docs/bots.md`).
    fn best_bot(&self) -> &'static str {
        "alphabeta"
    }
    fn alphabeta_bot(&self, cfg: crate::bot::AlphaBetaConfig) -> Option<Box<dyn crate::bot::Bot<Yavalath>>> {
        let eval = game_search::EvalFn(yavalath::evaluation::score);
        Some(Box::new(game_search::AlphaBeta::new(cfg, eval)))
    }
    /// MCTS with playouts of [`ROLLOUT`] plies scored by
    /// [`yavalath::evaluation::value`].
    fn mcts_bot(&self, cfg: crate::bot::MctsConfig, seed: u64) -> Box<dyn Bot<Yavalath>> {
        super::evaluated_mcts(super::game_rollout(cfg, ROLLOUT), seed, yavalath::evaluation::value)
    }
    fn config(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn config_args(&self) -> Vec<String> {
        Vec::new()
    }
    fn display(&self, state: &Yavalath) -> String {
        state.to_string()
    }
    fn svg(&self, state: &Yavalath) -> String {
        svg(state, None)
    }
    fn svg_with_history(&self, _start: &Yavalath, moves: &[(PlayerId, Cell)], state: &Yavalath) -> String {
        svg(state, moves.last().map(|m| m.1))
    }
    fn serve(
        &self,
        bot: &mut dyn Bot<Yavalath>,
        input: &mut dyn BufRead,
        output: &mut dyn IoWrite,
    ) -> Result<(), ServeError> {
        // The crate's own bot loop, so bot mode and the crate's protocol cannot drift apart. A
        // position handed to the bot is never over, so it always has a move.
        protocol::run_bot(input, output, |state, me, left| {
            bot.set_time_left(left);
            let cell = bot.turn(state, me).first().copied().or_else(|| state.legal().first());
            protocol::Answer::new(cell.unwrap_or(Cell::CENTER))
        })
        .map_err(|e| ServeError::protocol(self.name(), e))
    }
}

/// The hex board as SVG: 61 hexagons, stones, coordinates, the last move
/// (ringed) and the result.
pub fn svg(g: &Yavalath, last: Option<Cell>) -> String {
    let r = 26.0f64; // hexagon circumradius
    let dx = r * 3f64.sqrt();
    let dy = r * 1.5;
    let (w, h) = (9.0 * dx + 60.0, 8.0 * dy + 2.0 * r + 100.0);
    let centre = |c: Cell| {
        let y = f64::from(c.y());
        let len = 9.0 - (y - 4.0).abs();
        (w / 2.0 + (f64::from(c.x()) - (len - 1.0) / 2.0) * dx, 40.0 + r + y * dy)
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">\
         <rect width=\"{w:.0}\" height=\"{h:.0}\" fill=\"#f3ead8\"/>"
    );
    for c in Cell::all() {
        let (cx, cy) = centre(c);
        let pts: Vec<String> = (0..6)
            .map(|i| {
                let a = std::f64::consts::PI / 180.0 * (60.0 * f64::from(i) - 30.0);
                format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        let _ = write!(
            s,
            "<polygon points=\"{}\" fill=\"#d9b77e\" stroke=\"#7a5a2b\" stroke-width=\"1.5\"/>",
            pts.join(" ")
        );
        match g.stone_at(c) {
            Some(p) => {
                let (fill, stroke) = if p.0 == 0 { ("#fdfdfd", "#555") } else { ("#1b1b1b", "#000") };
                let _ = write!(
                    s,
                    "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
                    r * 0.68
                );
                if last == Some(c) {
                    let _ = write!(
                        s,
                        "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d63031\" stroke-width=\"3\"/>",
                        r * 0.8
                    );
                }
            }
            None => {
                let _ = write!(
                    s,
                    "<text x=\"{cx:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"9\" fill=\"#7a5a2b\" text-anchor=\"middle\">{} {}</text>",
                    cy + 3.0,
                    c.x(),
                    c.y()
                );
            }
        }
    }
    let caption = match (g.outcome(), g.end_reason()) {
        (Some(o), Some(reason)) => match o.winner() {
            Some(p) => format!("player {p} ({}) wins: {reason}", ["white", "black"][p.index()]),
            None => format!("draw: {reason}"),
        },
        _ => format!(
            "player {} ({}) to move, ply {}",
            g.next_player(),
            ["white", "black"][g.next_player().index()],
            g.plies()
        ),
    };
    let _ = writeln!(
        s,
        "<text x=\"30\" y=\"{:.0}\" font-family=\"sans-serif\" font-size=\"16\" fill=\"#3a2a10\">{}</text></svg>",
        h - 20.0,
        xml_escape(&caption)
    );
    s
}
