//! The games of the pages: what a page needs of a game beyond its contest
//! (`game_core::referee::Contest`, the game crate's own): its bots as the
//! arena builds them, its picture (the crate's SVG) and where a click on
//! the picture is a move.

use crate::spec::{Bots, GAME_ROLLOUT};
use game_core::bot::Bot;
use game_core::referee::Contest;
use game_core::{Game, PlayerId};
use game_search::{AlphaBetaConfig, EvalCut, MctsConfig};
use serde::Serialize;

/// A place on the picture a click on which is a move: a circle of radius
/// `r` around (`x`, `y`) in the picture's coordinates, and the move's text
/// in the game's record notation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    /// The move as the record writes it (what [`Contest::judge_line`] reads).
    pub text: String,
    /// Centre, in the picture's coordinates.
    pub x: f64,
    /// Centre, in the picture's coordinates.
    pub y: f64,
    /// Radius of the clickable circle.
    pub r: f64,
    /// Whether the move is legal now (a page shows the legal ones; a click
    /// on another is judged and its error shown).
    pub legal: bool,
}

/// A game a page plays: its contest plus what the page adds.
pub trait WebGame: Contest + Bots<Self::Game> + Sized + 'static {
    /// The configuration, as the arena's record keeps it (`config`).
    fn config(&self) -> serde_json::Value;
    /// The position as the crate's SVG picture, knowing the moves played
    /// from the start (to mark the last one).
    fn svg(&self, state: &Self::Game, moves: &[(PlayerId, <Self::Game as Game>::Move)]) -> String;
    /// The position as text (the record's `final_position`).
    fn display(&self, state: &Self::Game) -> String;
    /// The click targets of `seat`, to act in `state`.
    fn targets(&self, state: &Self::Game, seat: PlayerId) -> Vec<Target>;
    /// A line for the person to move, if the position calls for one (the
    /// steal offered).
    fn hint(&self, state: &Self::Game, seat: PlayerId) -> Option<String> {
        let _ = (state, seat);
        None
    }
}

/// An MCTS bot whose playouts stop after `cfg.playout_limit` plies (the
/// game's `limit` when the spec left it to the game) scored by `value`: the
/// arena's `evaluated_mcts`.
fn evaluated_mcts<G: Game>(cfg: MctsConfig, limit: u32, seed: u64, value: fn(&G, PlayerId) -> f64) -> Box<dyn Bot<G>> {
    let cfg = if cfg.playout_limit == GAME_ROLLOUT { MctsConfig { playout_limit: limit, ..cfg } } else { cfg };
    let policy = EvalCut(move |g: &G, out: &mut [f64; game_core::MAX_PLAYERS]| {
        for (i, v) in out.iter_mut().enumerate().take(g.players()) {
            *v = value(g, PlayerId(u8::try_from(i).unwrap_or(u8::MAX)));
        }
    });
    Box::new(game_search::Mcts::with_policy(cfg, policy, seed))
}

/// Yavalath's bots, as the arena's adapter (`game-arena/src/games/yavalath.rs`).
impl Bots<yavalath::Yavalath> for yavalath::protocol::Referee {
    fn best(&self) -> &'static str {
        "alphabeta"
    }
    fn mcts(&self, cfg: MctsConfig, seed: u64) -> Box<dyn Bot<yavalath::Yavalath>> {
        evaluated_mcts(cfg, 4, seed, yavalath::evaluation::value)
    }
    fn alphabeta(&self, cfg: AlphaBetaConfig) -> Option<Box<dyn Bot<yavalath::Yavalath>>> {
        Some(Box::new(game_search::AlphaBeta::new(cfg, game_search::EvalFn(yavalath::evaluation::score))))
    }
}

/// Yavalath: a click on a cell places a stone there (on the second move,
/// a click on the first stone steals it).
impl WebGame for yavalath::protocol::Referee {
    fn config(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn svg(&self, state: &yavalath::Yavalath, moves: &[(PlayerId, yavalath::Cell)]) -> String {
        yavalath::svg::svg(state, moves.last().map(|m| m.1))
    }
    fn display(&self, state: &yavalath::Yavalath) -> String {
        state.to_string()
    }
    fn targets(&self, state: &yavalath::Yavalath, seat: PlayerId) -> Vec<Target> {
        let mut legal = Vec::new();
        state.legal_moves(seat, &mut legal);
        yavalath::Cell::all()
            .map(|c| {
                let (x, y) = yavalath::svg::centre(c);
                Target { text: c.to_string(), x, y, r: 22.0, legal: legal.contains(&c) }
            })
            .collect()
    }
    fn hint(&self, state: &yavalath::Yavalath, seat: PlayerId) -> Option<String> {
        (state.can_steal() && state.next_player() == seat)
            .then(|| "the steal: click the first stone to make it yours, or play another cell".to_string())
    }
}
