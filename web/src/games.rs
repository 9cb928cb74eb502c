//! The games of the pages: what a page needs of a game beyond what the
//! arena hosts it through (the game crate's `game_adapter::Adapter`: its
//! contest, configuration, pictures and bots, which the pages call): where
//! a click on the picture is a move.

use game_adapter::Adapter;
use game_core::referee::ContestError;
use game_core::{Game, PlayerId};
use serde::Serialize;

/// A place on the picture a click on which is a move: a circle of radius
/// `r` around (`x`, `y`) in the picture's coordinates, and the move's text
/// in the game's record notation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Target {
    /// The move as the record writes it (what `Contest::judge_line` reads).
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
    /// The kind of move, when a page shows one kind at a time (Quoridor's
    /// walls: `h` horizontal, `v` vertical); empty otherwise.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub kind: &'static str,
    /// The move's outline shown before the click (a wall's rectangle: x, y,
    /// width, height), if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<[f64; 4]>,
}

impl Target {
    /// A plain target: a click at (`x`, `y`) within `r` is the move `text`.
    #[must_use]
    pub fn new(text: String, (x, y): (f64, f64), r: f64, legal: bool) -> Target {
        Target { text, x, y, r, legal, kind: "", preview: None }
    }
}

/// A game a page plays: its adapter (the arena's view of it) plus what
/// the page adds.
pub trait WebGame: Adapter + Sized + 'static {
    /// The click targets of `seat`, to act in `state`.
    fn targets(&self, state: &Self::Game, seat: PlayerId) -> Vec<Target>;
    /// A line for the person to move, if the position calls for one (the
    /// steal offered, a bounce); `going_on`: the turn has moves already.
    fn hint(&self, state: &Self::Game, seat: PlayerId, going_on: bool) -> Option<String> {
        let _ = (state, seat, going_on);
        None
    }
    /// What else the page needs to take the person's turn in `state`
    /// (Parallel Football: the field's geometry, the footballers and each
    /// one's legal orders); null for most games.
    fn extra(&self, state: &Self::Game, seat: PlayerId) -> serde_json::Value {
        let _ = (state, seat);
        serde_json::Value::Null
    }
    /// One move of `seat`'s turn from its target's text (what a click
    /// sends). The default: the record's notation of a one-move turn.
    ///
    /// # Errors
    /// The contest's error for a text that is no move.
    fn parse_step(
        &self,
        state: &Self::Game,
        seat: PlayerId,
        text: &str,
    ) -> Result<<Self::Game as Game>::Move, ContestError> {
        match self.judge_line(state, seat, text)?.as_slice() {
            [m] => Ok(*m),
            _ => Err(ContestError::new("illegal-move", format!("{text:?} is not one move"))),
        }
    }
}

/// Yavalath: a click on a cell places a stone there (on the second move,
/// a click on the first stone steals it).
impl WebGame for yavalath::protocol::Referee {
    fn targets(&self, state: &yavalath::Yavalath, seat: PlayerId) -> Vec<Target> {
        let mut legal = Vec::new();
        state.legal_moves(seat, &mut legal);
        yavalath::Cell::all()
            .map(|c| {
                let (x, y) = yavalath::svg::centre(c);
                Target::new(c.to_string(), (x, y), 22.0, legal.contains(&c))
            })
            .collect()
    }
    fn hint(&self, state: &yavalath::Yavalath, seat: PlayerId, _going_on: bool) -> Option<String> {
        (state.can_steal() && state.next_player() == seat)
            .then(|| "the steal: click the first stone to make it yours, or play another cell".to_string())
    }
}

/// Paper Soccer: the eight points around the ball are the targets; a
/// click on one is a step in that direction (its digit, `0` north to `7`
/// north-west). A bounce leaves the turn to the same person, who clicks
/// again (or takes the turn's steps back).
impl WebGame for paper_soccer::protocol::Referee {
    fn targets(&self, state: &paper_soccer::PaperSoccer, seat: PlayerId) -> Vec<Target> {
        let mut legal = Vec::new();
        state.legal_moves(seat, &mut legal);
        let (bx, by) = paper_soccer::svg::centre(state.ball());
        paper_soccer::Dir::ALL
            .iter()
            .map(|&d| {
                let (dx, dy) = d.delta();
                let cell = f64::from(paper_soccer::svg::CELL);
                let at = (bx + f64::from(dx) * cell, by + f64::from(dy) * cell);
                Target::new(d.digit().to_string(), at, 12.0, legal.contains(&d))
            })
            .collect()
    }
    fn hint(&self, _state: &paper_soccer::PaperSoccer, _seat: PlayerId, going_on: bool) -> Option<String> {
        going_on.then(|| "the ball bounced: your turn goes on (or undo the turn)".to_string())
    }
    fn parse_step(
        &self,
        _state: &paper_soccer::PaperSoccer,
        _seat: PlayerId,
        text: &str,
    ) -> Result<paper_soccer::Dir, ContestError> {
        let mut chars = text.chars();
        match (chars.next().and_then(paper_soccer::Dir::from_digit), chars.next()) {
            (Some(d), None) => Ok(d),
            _ => Err(ContestError::new("illegal-move", format!("{text:?} is not a direction (0 to 7)"))),
        }
    }
}

/// Quoridor, 2 or 4 players: a click on a cell moves the pawn there (the
/// landing cell, jumps included); a click on a crossing of the gaps places
/// a wall there, horizontal or vertical as the page's switch says (its
/// outline previewed under the pointer). A wall that would cut a player
/// off its goal is refused with the crate's reason.
impl WebGame for quoridor::protocol::Referee {
    fn targets(&self, state: &quoridor::Quoridor, seat: PlayerId) -> Vec<Target> {
        let mut legal = Vec::new();
        state.legal_moves(seat, &mut legal);
        let n = state.size();
        let mut out = Vec::new();
        for y in 0..n {
            for x in 0..n {
                let c = quoridor::Cell { x, y };
                let (cx, cy) = quoridor::svg::centre(c);
                let mv = quoridor::Move::Pawn(c);
                out.push(Target::new(mv.to_string(), (f64::from(cx), f64::from(cy)), 20.0, legal.contains(&mv)));
            }
        }
        for y in 0..n.saturating_sub(1) {
            for x in 0..n.saturating_sub(1) {
                for vertical in [false, true] {
                    let wall = quoridor::Wall { x, y, vertical };
                    let (rx, ry, w, h) = quoridor::svg::wall_rect(wall);
                    let mv = quoridor::Move::Wall(wall);
                    let (rx, ry, w, h) = (f64::from(rx), f64::from(ry), f64::from(w), f64::from(h));
                    out.push(Target {
                        kind: if vertical { "v" } else { "h" },
                        preview: Some([rx, ry, w, h]),
                        ..Target::new(mv.to_string(), (rx + w / 2.0, ry + h / 2.0), 7.0, legal.contains(&mv))
                    });
                }
            }
        }
        out
    }
    fn hint(&self, state: &quoridor::Quoridor, seat: PlayerId, _going_on: bool) -> Option<String> {
        Some(format!("you have {} walls left", state.walls_left(seat)))
    }
}

/// The cell size and margin of `parallel_football::svg::svg`'s picture
/// (the crate keeps them private; a test checks them on its picture).
#[must_use]
pub fn football_layout(c: &parallel_football::Config) -> (f64, f64) {
    let side = c.width.max(c.height).max(1);
    (f64::from((640 / u32::from(side)).clamp(6, 40)), 20.0)
}

/// Parallel Football: the person's team of `p` footballers. In the
/// placement a click on a cell places the next footballer there (`x y`);
/// in a round the page gathers one order per footballer (select it, click
/// a cell: the same cell stays, a neighbour moves, a cell farther away
/// kicks; a neighbour kicked with the switch) and plays them as the
/// team's turn, unordered footballers staying.
impl WebGame for parallel_football::protocol::Referee {
    /// The placement's targets: every cell (a click places the next
    /// footballer). A round's clicks are the page's (see [`extra`](WebGame::extra)).
    fn targets(&self, state: &parallel_football::ParallelFootball, seat: PlayerId) -> Vec<Target> {
        if !state.in_placement() || !state.to_act().includes(seat) {
            return Vec::new();
        }
        let c = state.config();
        let (cell, margin) = football_layout(&c);
        (0..c.cells())
            .map(|i| {
                let at = c.cell(i);
                let centre = (margin + (f64::from(at.x) + 0.5) * cell, margin + (f64::from(at.y) + 0.5) * cell);
                Target::new(format!("{} {}", at.x, at.y), centre, cell / 2.0, true)
            })
            .collect()
    }
    fn extra(&self, state: &parallel_football::ParallelFootball, seat: PlayerId) -> serde_json::Value {
        use game_core::MoveNotation as _;
        use parallel_football::{FootballMove, Order};
        let c = state.config();
        let (cell, margin) = football_layout(&c);
        let p = usize::from(c.players);
        let mut footballers = Vec::new();
        if !state.in_placement() {
            let first = seat.index() * p;
            let mut at = state.clone();
            let mut legal = Vec::new();
            for (i, pos) in state.field().positions().iter().enumerate().skip(first).take(p) {
                at.legal_moves(seat, &mut legal);
                let orders: Vec<String> = legal.iter().map(|&m| state.format_move(m)).collect();
                footballers.push(serde_json::json!({"index": i - first, "x": pos.x, "y": pos.y, "legal": orders}));
                // The next footballer's orders: this one stays.
                at.play_unchecked(seat, FootballMove::Order(Order::Stay));
            }
        }
        serde_json::json!({
            "cell": cell,
            "margin": margin,
            "width": c.width,
            "height": c.height,
            "players": c.players,
            "kick_range": c.kick_range,
            "placement": state.in_placement(),
            "team": seat.0,
            "colour": parallel_football::svg::COLOURS[seat.index() % 4],
            "footballers": footballers,
        })
    }
    fn hint(&self, state: &parallel_football::ParallelFootball, _seat: PlayerId, _going_on: bool) -> Option<String> {
        Some(if state.in_placement() {
            "the placement: click a cell for each of your footballers".to_string()
        } else {
            format!(
                "turn {}: select a footballer, then click where it goes (or kicks); then play the round",
                state.field().turn() + 1
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's cells are the crate's picture's: its field of
    /// `width * cell` pixels at the margin.
    #[test]
    fn the_football_layout_is_the_pictures() {
        for side in [2u32, 10, 32, 100, 255] {
            let c = parallel_football::Config::new(side, side, 1, 1, 10).expect("a configuration");
            let picture = parallel_football::svg::svg(&parallel_football::ParallelFootball::new(c).expect("a game"));
            let (cell, margin) = football_layout(&c);
            let field = format!("<rect x=\"{margin}\" y=\"{margin}\" width=\"{}\"", f64::from(side) * cell);
            assert!(picture.contains(&field), "{side}: {field} not in the picture");
        }
    }
}
