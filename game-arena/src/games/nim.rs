//! The arena's test game: game-core's [`Nim`] with a tiny protocol.
//!
//! Protocol (made up for tests; not a contest game): on its first turn a bot
//! reads its id (`0` or `1`); each turn it reads `pile max_take` and answers
//! the number of stones it takes. Any failure loses, as in Paper Soccer.
//! Time: 1000 ms for the first answer, 200 ms later. The bot side is
//! [`NimSession`] (`arena bot nim`).

use super::{Contest, ContestError, FailurePolicy, ParsedAnswer, TimeControl, TurnLog, xml_escape};
use game_adapter::{Adapter, BotHelp, GameConfig, GameInfo, GameOption, GameOptions, RefusedError, Values};
use game_core::nim::Nim;
use game_core::{Game, PlayerId};
use std::time::Duration;

/// Time for a Nim bot's first answer.
pub const FIRST_ANSWER: Duration = Duration::from_millis(1000);
/// Time for every later answer.
pub const LATER_ANSWER: Duration = Duration::from_millis(200);

/// Nim with `pile` stones and takes of 1 to `max_take`.
#[derive(Clone, Copy, Debug)]
pub struct NimAdapter {
    /// Stones at the start.
    pub pile: u8,
    /// Most stones per move.
    pub max_take: u8,
}

/// The registry's entry.
pub const INFO: GameInfo = GameInfo {
    name: "nim",
    title: "Nim",
    summary: "The arena's test game (subtraction Nim, made-up protocol)",
    rules: None,
    options: &[
        GameOption {
            flag: "pile",
            help: "stones at the start, 1 to 255 (default 21)",
            values: Values::Whole { min: 1, max: 255 },
            field: "pile",
            null: None,
            seats: false,
        },
        GameOption {
            flag: "max-take",
            help: "most stones per move, 1 to 255 (default 3)",
            values: Values::Whole { min: 1, max: 255 },
            field: "max_take",
            null: None,
            seats: false,
        },
    ],
    bots: &[BotHelp { name: "alphabeta", options: "[:depth=N|ms=N]", about: "depth 1 to 8" }],
    legend: "legend: the stones left",
    demo: false,
};

/// The game `options` ask for: `pile` stones (default 21), takes of 1 to
/// `max-take` (default 3).
///
/// # Errors
/// None: every checked [`GameOptions`] makes a game.
pub fn build(options: &GameOptions) -> Result<NimAdapter, RefusedError> {
    Ok(NimAdapter { pile: options.value("pile").unwrap_or(21), max_take: options.value("max-take").unwrap_or(3) })
}

fn parse_take(text: &str) -> Result<u8, ContestError> {
    text.parse::<u8>().map_err(|_| ContestError {
        kind: "unreadable",
        message: "not a number of stones (the answer is one whole number)".into(),
    })
}

impl Contest for NimAdapter {
    type Game = Nim;
    fn start(&self) -> Nim {
        Nim::new(self.pile, self.max_take)
    }
    fn time_control(&self) -> TimeControl {
        TimeControl::PerAnswer { first: FIRST_ANSWER, later: LATER_ANSWER }
    }
    fn failure_policy(&self) -> FailurePolicy {
        FailurePolicy::Loss
    }
    fn format_move(&self, _state: &Nim, mv: u8) -> String {
        mv.to_string()
    }
    fn turn_message(&self, state: &Nim, seat: PlayerId, _history: &[TurnLog<u8>], first: bool) -> String {
        let mut s = String::new();
        if first {
            s.push_str(&format!("{seat}\n"));
        }
        s.push_str(&format!("{} {}\n", state.pile, state.max_take));
        s
    }
    fn parse_answer(&self, _state: &Nim, _seat: PlayerId, lines: &[&[u8]]) -> Result<ParsedAnswer<u8>, ContestError> {
        let line = &*String::from_utf8_lossy(lines.first().copied().unwrap_or_default());
        Ok(ParsedAnswer { moves: vec![parse_take(line)?], notes: Vec::new() })
    }
    fn judge_line(&self, _state: &Nim, _player: PlayerId, line: &str) -> Result<Vec<u8>, ContestError> {
        Ok(vec![parse_take(line)?])
    }
}

impl Adapter for NimAdapter {
    type Session = NimSession;
    fn alphabeta_bot(&self, cfg: crate::bot::AlphaBetaConfig) -> Option<Box<dyn crate::bot::Bot<Nim>>> {
        Some(Box::new(game_search::AlphaBeta::new(cfg, game_search::NoEvaluation)))
    }
    fn config(&self) -> GameConfig {
        GameConfig::new([("pile", Some(u64::from(self.pile))), ("max_take", Some(u64::from(self.max_take)))])
    }
    fn display(&self, state: &Nim) -> String {
        format!("pile {} (take 1..={}), player {} to move", state.pile, state.max_take, state.to_move)
    }
    fn svg(&self, state: &Nim) -> String {
        let w = 40 + 24 * u32::from(state.pile.max(1));
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"100\" viewBox=\"0 0 {w} 100\">\
             <rect width=\"{w}\" height=\"100\" fill=\"#f4efe1\"/>"
        );
        for i in 0..u32::from(state.pile) {
            s.push_str(&format!("<circle cx=\"{}\" cy=\"40\" r=\"10\" fill=\"#555\"/>", 32 + 24 * i));
        }
        let caption = match state.outcome() {
            Some(o) => o.to_string(),
            None => format!("player {} to move", state.to_move),
        };
        s.push_str(&format!(
            "<text x=\"20\" y=\"85\" font-family=\"sans-serif\" font-size=\"14\">{}</text></svg>\n",
            xml_escape(&caption)
        ));
        s
    }
}

/// Why a Nim bot's input does not follow the protocol.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NimProtocolError {
    /// The id line is not `0` or `1`.
    #[error("the id line is {0:?}, not 0 or 1")]
    BadId(String),
    /// A turn line is not `pile max_take` (two whole numbers, `max_take` at least 1).
    #[error("the turn line is {0:?}, not `pile max_take`")]
    BadTurn(String),
    /// A turn line that no game reaches from the one before: more stones
    /// than before, or another `max_take`.
    #[error("the turn line {now:?} does not follow {before:?} (stones only go, max_take stays)")]
    Unreachable {
        /// The previous turn's `pile max_take`.
        before: String,
        /// This turn's.
        now: String,
    },
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// A Nim bot's side of the protocol: its seat from the id line, the game
/// from each turn line.
#[derive(Clone, Debug)]
pub struct NimSession {
    state: Nim,
}

/// One line without its `\n` (and a `\r` before it); `None` at the end
/// of the input.
fn nim_line(input: &mut dyn std::io::BufRead) -> Result<Option<String>, NimProtocolError> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim_end_matches('\n').trim_end_matches('\r').to_string()))
}

impl game_core::session::BotSession for NimSession {
    type Game = Nim;
    type Start = PlayerId;
    type Turn = (u8, u8);
    type Error = NimProtocolError;
    type Reply = u8;
    const TIME_CONTROL: TimeControl = TimeControl::PerAnswer { first: FIRST_ANSWER, later: LATER_ANSWER };
    const START_ASKS: bool = false;

    fn read_start(input: &mut dyn std::io::BufRead) -> Result<Option<PlayerId>, NimProtocolError> {
        match nim_line(input)? {
            None => Ok(None),
            Some(l) if l == "0" => Ok(Some(PlayerId(0))),
            Some(l) if l == "1" => Ok(Some(PlayerId(1))),
            Some(l) => Err(NimProtocolError::BadId(l)),
        }
    }
    /// Before the first turn line the game is unknown (`max_take` 0).
    fn start(me: PlayerId) -> Result<NimSession, NimProtocolError> {
        Ok(NimSession { state: Nim { pile: 0, max_take: 0, to_move: me } })
    }
    fn read_turn(&self, input: &mut dyn std::io::BufRead) -> Result<Option<(u8, u8)>, NimProtocolError> {
        let Some(line) = nim_line(input)? else { return Ok(None) };
        let numbers: Vec<&str> = line.split(' ').collect();
        match numbers[..] {
            [pile, take] => match (pile.parse(), take.parse()) {
                (Ok(pile), Ok(take)) if take >= 1 => Ok(Some((pile, take))),
                _ => Err(NimProtocolError::BadTurn(line)),
            },
            _ => Err(NimProtocolError::BadTurn(line)),
        }
    }
    fn update(&mut self, &(pile, max_take): &(u8, u8)) -> Result<(), NimProtocolError> {
        let before = self.state;
        let first = before.max_take == 0;
        if !first && (pile > before.pile || max_take != before.max_take) {
            let (before, now) = (format!("{} {}", before.pile, before.max_take), format!("{pile} {max_take}"));
            return Err(NimProtocolError::Unreachable { before, now });
        }
        self.state = Nim { pile, max_take, to_move: before.to_move };
        Ok(())
    }
    fn state(&self) -> &Nim {
        &self.state
    }
    fn me(&self) -> PlayerId {
        self.state.to_move
    }
    /// The turn's take; one stone for a turn without a move.
    fn reply(_: &Nim, _: PlayerId, turn: Vec<u8>) -> u8 {
        turn.first().copied().unwrap_or(1)
    }
}

impl game_core::session::Answers<u8> for NimSession {
    fn write_answer(&self, output: &mut dyn std::io::Write, take: &u8) -> Result<(), NimProtocolError> {
        writeln!(output, "{take}")?;
        Ok(output.flush()?)
    }
}
