//! Quoridor ([`quoridor`]) in the arena, for 2 or 4 players.
//!
//! * Protocol: at the start `N`, the player id, `M` and the start lines
//!   ([`quoridor::protocol::start_message`]); on its turn the tick, the pawns,
//!   and the walls in placement order ([`quoridor::protocol::turn_message`]);
//!   it answers `x y` or `x y v`; at the end, or as soon as it is removed
//!   (four players), it reads `-1` and is stopped.
//! * A failed answer (timeout, crash, unreadable or illegal) is replaced by
//!   a random legal pawn move drawn from the game's seeded generator (a
//!   random legal wall only when the pawn cannot move,
//!   [`quoridor::Quoridor::fallback_move`]); a bot that timed out or crashed
//!   is killed and every later turn of its seat is such a random move.
//! * Time: [`quoridor::protocol::TIME_CONTROL`], a clock of 1000 ms plus 30 ms per turn.
//! * Judge records: one move per line in contest (`4 1`, `3 2 1`) or
//!   algebraic (`e2`, `e3h`) notation; a line may hold several algebraic
//!   moves joined by `/`. Blank lines are skipped. An illegal move stops
//!   judging with the result "not over" (the contest does not end the game).

use super::{Adapter, AnswerError, Contest, FailurePolicy, ParsedAnswer, TimeControl, TurnLog, xml_escape};
use crate::bot::Bot;
use crate::error::{ConfigError, ServeError};
use game_core::rng::GameRng;
use game_core::{Game, PlayerId};
use quoridor::protocol::{self, History};
use quoridor::{Cell, Config, Move, Quoridor, notation};
use std::fmt::Write;
use std::io::{BufRead, Write as IoWrite};

/// Plies of random play after the tree before the `mcts` bot evaluates
/// (random Quoridor games wander for hundreds of plies).
pub const ROLLOUT: u32 = 0;

/// Quoridor on the contest's 9x9 board, validated configuration.
#[derive(Clone, Copy, Debug)]
pub struct QuoridorAdapter {
    start: Quoridor,
}

impl QuoridorAdapter {
    /// `players` (2 or 4) on 9x9 with the contest's 20 walls and a tick
    /// limit (`None`: no limit).
    ///
    /// # Errors
    /// [`ConfigError`] when the library refuses the configuration.
    pub fn new(players: u8, tick_limit: Option<u32>) -> Result<QuoridorAdapter, ConfigError> {
        Quoridor::new(Config { tick_limit, ..Config::new(9, players) })
            .map(|start| QuoridorAdapter { start })
            .map_err(|e| ConfigError::refused("quoridor", e))
    }
}

fn history_of(log: &[TurnLog<Move>]) -> History {
    let mut h = History::new();
    for t in log {
        for &m in &t.moves {
            h.record(t.player, m);
        }
    }
    h
}

impl Contest for QuoridorAdapter {
    type Game = Quoridor;

    fn start(&self) -> Quoridor {
        self.start
    }
    fn time_control(&self) -> TimeControl {
        protocol::TIME_CONTROL
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Substitute
    }
    fn format_move(&self, _state: &Quoridor, mv: Move) -> String {
        notation::format_contest(mv)
    }
    fn start_message(&self, state: &Quoridor, seat: PlayerId) -> String {
        protocol::start_message(state, seat)
    }
    fn turn_message(&self, state: &Quoridor, _seat: PlayerId, history: &[TurnLog<Move>], _first: bool) -> String {
        protocol::turn_message(state, &history_of(history))
    }
    fn parse_answer(
        &self,
        state: &Quoridor,
        _seat: PlayerId,
        lines: &[&[u8]],
    ) -> Result<ParsedAnswer<Move>, AnswerError> {
        let line = lines.first().copied().unwrap_or_default();
        let mv = protocol::parse_answer(state.size(), line).map_err(|e| AnswerError::from_game(&e))?;
        Ok(ParsedAnswer { moves: vec![mv], notes: Vec::new() })
    }
    fn end_message(&self, _state: &Quoridor, _seat: PlayerId) -> String {
        protocol::END_MESSAGE.to_string()
    }
    fn skips_line(&self, line: &[u8]) -> bool {
        protocol::skips_line(line)
    }
    fn timeout_keeps_bot(&self) -> bool {
        true
    }
    fn seat_done(&self, state: &Quoridor, seat: PlayerId) -> bool {
        state.is_removed(seat)
    }
    fn fallback_turn(&self, state: &Quoridor, seat: PlayerId, rng: &mut GameRng) -> Vec<Move> {
        if state.to_act().includes(seat) { state.fallback_move(rng).into_iter().collect() } else { Vec::new() }
    }
    fn judge_split(&self, text: &str) -> Vec<String> {
        text.lines()
            .flat_map(|l| {
                let l = l.trim();
                if l.contains('/') { l.split('/').map(|m| m.trim().to_string()).collect() } else { vec![l.to_string()] }
            })
            .filter(|l| !l.is_empty())
            .collect()
    }
    fn judge_line(&self, state: &Quoridor, _player: PlayerId, line: &str) -> Result<Vec<Move>, AnswerError> {
        notation::parse_any(line, state.size()).map(|m| vec![m]).map_err(|e| AnswerError::from_game(&e))
    }
}

impl Adapter for QuoridorAdapter {
    fn config(&self) -> serde_json::Value {
        serde_json::json!({"size": self.start.size(), "players": self.start.players(), "tick_limit": self.start.tick_limit()})
    }
    fn config_args(&self) -> Vec<String> {
        vec![
            "--players".into(),
            self.start.players().to_string(),
            "--max-ticks".into(),
            self.start.tick_limit().unwrap_or(0).to_string(),
        ]
    }
    /// MCTS over [`quoridor::evaluation::racing_moves`] with playouts of
    /// [`ROLLOUT`] plies scored by [`quoridor::evaluation::value`].
    fn mcts_bot(&self, cfg: crate::bot::MctsConfig, seed: u64) -> Box<dyn Bot<Quoridor>> {
        let cfg = super::game_rollout(cfg, ROLLOUT);
        Box::new(game_search::Mcts::with_policy(cfg, RacePolicy, seed))
    }
    fn builtin_bot(&self, spec: &str, seed: u64) -> Option<Box<dyn Bot<Quoridor>>> {
        (spec == "walker").then(|| Box::new(super::reference::Walker::new(seed)) as Box<dyn Bot<Quoridor>>)
    }
    fn display(&self, state: &Quoridor) -> String {
        state.to_string()
    }
    fn seat_colours(&self) -> Vec<&'static str> {
        COLOURS.to_vec()
    }
    fn svg(&self, state: &Quoridor) -> String {
        svg(state, &[])
    }
    fn svg_with_history(&self, _start: &Quoridor, moves: &[(PlayerId, Move)], state: &Quoridor) -> String {
        svg(state, moves)
    }
    fn serve(
        &self,
        bot: &mut dyn Bot<Quoridor>,
        input: &mut dyn BufRead,
        output: &mut dyn IoWrite,
    ) -> Result<(), ServeError> {
        // The protocol does not send the tick limit: the bot sees none.
        protocol::run_bot(input, output, |state: &Quoridor, me, left| {
            bot.set_time_left(left);
            bot.turn(state, me).first().copied().unwrap_or_else(|| {
                let mut moves = Vec::new();
                state.legal_moves(me, &mut moves);
                moves[0]
            })
        })
        .map_err(|e| ServeError::protocol(self.name(), e))
    }
}

/// The `mcts` bot's policy: tree moves narrowed to
/// [`quoridor::evaluation::racing_moves`], uniform playouts, leaves scored
/// by [`quoridor::evaluation::value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RacePolicy;

impl game_search::Policy<Quoridor> for RacePolicy {
    fn tree_moves(&mut self, state: &Quoridor, player: PlayerId, moves: &mut Vec<Move>) {
        quoridor::evaluation::racing_moves(state, player, moves);
    }
    fn evaluate(&mut self, state: &Quoridor, out: &mut [f64; game_core::MAX_PLAYERS]) {
        for (i, v) in out.iter_mut().enumerate().take(state.players()) {
            *v = quoridor::evaluation::value(state, PlayerId(i as u8));
        }
    }
}

const COLOURS: [&str; 4] = ["#d64541", "#2e86de", "#27ae60", "#f39c12"];

/// The board as SVG: cells, goal edges in the players' colours, walls (in
/// their owner's colour when `moves` tells), pawns, the last move ringed,
/// and walls left.
pub fn svg(q: &Quoridor, moves: &[(PlayerId, Move)]) -> String {
    let owner = |w: quoridor::Wall| {
        moves.iter().find(|(_, m)| *m == Move::Wall(w)).map(|(p, _)| COLOURS[p.index() % 4]).unwrap_or("#f5e6c8")
    };
    let m = i32::from(q.size());
    let cell = 48;
    let gap = 8;
    let margin = 40;
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
        let (x, y) = (i32::from(wall.x), i32::from(wall.y));
        let (rx, ry, rw, rh) = if wall.vertical {
            (margin + (x + 1) * cell - gap / 2, margin + y * cell + 2, gap, 2 * cell - 4)
        } else {
            (margin + x * cell + 2, margin + (y + 1) * cell - gap / 2, 2 * cell - 4, gap)
        };
        let _ = write!(
            s,
            "<rect x=\"{rx}\" y=\"{ry}\" width=\"{rw}\" height=\"{rh}\" rx=\"2\" fill=\"{}\" stroke=\"#f5e6c8\" stroke-width=\"1\"/>",
            owner(wall)
        );
    }
    if let Some(&(_, Move::Pawn(c))) = moves.last() {
        let _ = write!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
            margin + i32::from(c.x) * cell + cell / 2,
            margin + i32::from(c.y) * cell + cell / 2,
            cell / 3 + 5
        );
    }
    for p in 0..n {
        let pid = PlayerId(p as u8);
        if let Some(c) = q.pawn(pid) {
            let (cx, cy) = (margin + i32::from(c.x) * cell + cell / 2, margin + i32::from(c.y) * cell + cell / 2);
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
            xml_escape(&status)
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
        xml_escape(&caption)
    );
    s
}
