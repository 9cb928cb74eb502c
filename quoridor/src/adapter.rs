//! Quoridor in the arena (feature `adapter`), for 2 or 4 players.
//!
//! * Protocol: at the start `N`, the player id, `M` and the start lines
//!   ([`start_message`](crate::protocol::start_message)); on its turn the tick, the pawns,
//!   and the walls in placement order ([`turn_message`](crate::protocol::turn_message));
//!   it answers `x y` or `x y v`; at the end, or as soon as it is removed
//!   (four players), it reads `-1` and is stopped.
//! * A failed answer (timeout, crash, unreadable or illegal) is replaced by
//!   a random legal pawn move drawn from the game's seeded generator (a
//!   random legal wall only when the pawn cannot move,
//!   [`Quoridor::fallback_move`]); a bot that crashed is stopped
//!   and every later turn of its seat is such a random move, while one that
//!   timed out stays in the game (its late answer is read as its next one).
//! * The contest itself is [`Referee`]; this module adds
//!   what is the arena's: its bots, configuration flags and pictures (an
//!   analysis's best move drawn as an arrow to its square or a wall's
//!   outline).
//! * Time: [`TIME_CONTROL`](crate::protocol::TIME_CONTROL), a clock of 1000 ms plus 30 ms per turn.
//! * Judge records: one move per line in contest (`4 1`, `3 2 1`) or
//!   algebraic (`e2`, `e3h`) notation; a line may hold several algebraic
//!   moves joined by `/`. Blank lines are skipped. An illegal move stops
//!   judging with the result "not over" (the contest does not end the game).

use crate::protocol::Referee;
use crate::{Config, Move, Quoridor};
use game_adapter::{Adapter, BotHelp, GameConfig, GameInfo, GameOption, GameOptions, RefusedError, ServeError, Values};
use game_core::bot::Bot;
use game_core::referee::Contest;
use game_core::{Game, PlayerId};

/// Plies of random play after the tree before the `mcts` bot evaluates
/// (random Quoridor games wander for hundreds of plies).
pub const ROLLOUT: u32 = 0;

/// The contest for `players` (2 or 4) on 9x9 with the contest's 20 walls
/// and a tick limit (`None`: no limit).
///
/// # Errors
/// [`RefusedError`] when the library refuses the configuration.
pub fn referee(players: u8, tick_limit: Option<u32>) -> Result<Referee, RefusedError> {
    Config::new(9, players)
        .and_then(|config| Referee::new(Config { tick_limit, ..config }))
        .map_err(|e| RefusedError::new("quoridor", e))
}

/// The contest `options` ask for: `players` (default 2) and `max-ticks`
/// (default the rules' limit for the player count, `0` for none).
///
/// # Errors
/// As [`referee`].
pub fn build(options: &GameOptions) -> Result<Referee, RefusedError> {
    let players = options.value::<u8>("players").unwrap_or(2);
    let tick_limit = match options.value::<u32>("max-ticks") {
        None => Config::default_tick_limit(players),
        Some(0) => None,
        Some(t) => Some(t),
    };
    referee(players, tick_limit)
}

/// The registry's entry.
pub const INFO: GameInfo = GameInfo {
    name: "quoridor",
    title: "Quoridor",
    summary: "Quoridor, 2 or 4 players",
    rules: Some("quoridor/doc/rules.md"),
    options: &[
        GameOption {
            flag: "players",
            help: "number of players, 2 or 4 (default 2)",
            values: Values::OneOf { values: &[2, 4], refusal: "Quoridor is played by 2 or 4 players" },
            field: "players",
            null: None,
            seats: true,
        },
        GameOption {
            flag: "max-ticks",
            help: "tick limit, 0 for none (default 100 with 2 players, 200 with 4; the protocol does not send it)",
            values: Values::Whole { min: 0, max: u32::MAX as u64 },
            field: "tick_limit",
            null: Some(0),
            seats: false,
        },
    ],
    bots: &[BotHelp { name: "walker", options: "", about: "steps along a shortest path, never places a wall" }],
    legend: "legend: 0 1 the pawns of players 0 and 1 (player 0 starts at the top and must reach the bottom row, \
             player 1 the reverse); | and --- walls inside the frame; . an empty cell",
    demo: true,
};

impl Adapter for Referee {
    type Session = crate::protocol::Session;
    /// The bot side, its session told the contest's tick limit, which the
    /// protocol does not send ([`Session::with_tick_limit`](crate::protocol::Session::with_tick_limit)).
    fn serve(
        &self,
        bot: &mut dyn Bot<Quoridor>,
        input: &mut dyn std::io::BufRead,
        output: &mut dyn std::io::Write,
    ) -> Result<(), ServeError> {
        let limit = self.start().tick_limit();
        game_core::session::serve_from(bot, input, output, |first| {
            crate::protocol::Session::new(first).map(|s| s.with_tick_limit(limit))
        })
        .map_err(|e| ServeError::protocol(self.name(), e))
    }
    fn config(&self) -> GameConfig {
        let s = self.start();
        GameConfig::new([
            ("size", Some(u64::from(s.size()))),
            ("players", Some(s.players() as u64)),
            ("tick_limit", s.tick_limit().map(u64::from)),
        ])
    }
    /// MCTS over [`crate::evaluation::racing_moves`] with playouts of
    /// [`ROLLOUT`] plies scored by [`crate::evaluation::value`].
    fn mcts_bot(&self, cfg: game_search::MctsConfig, seed: u64) -> Box<dyn Bot<Quoridor>> {
        let cfg = game_adapter::game_rollout(cfg, ROLLOUT);
        Box::new(game_search::Mcts::with_policy(cfg, RacePolicy, seed))
    }
    fn builtin_names(&self) -> &'static [&'static str] {
        &["walker"]
    }
    fn builtin_bot(&self, name: &str, seed: u64) -> Option<Box<dyn Bot<Quoridor>>> {
        (name == "walker").then(|| Box::new(crate::opponents::Walker::new(seed)) as Box<dyn Bot<Quoridor>>)
    }
    fn display(&self, state: &Quoridor) -> String {
        state.to_string()
    }
    fn seat_colours(&self) -> Vec<&'static str> {
        crate::svg::COLOURS.to_vec()
    }
    fn svg(&self, state: &Quoridor) -> String {
        crate::svg::svg(state, &[])
    }
    fn svg_with_history(&self, _start: &Quoridor, moves: &[(PlayerId, Move)], state: &Quoridor) -> String {
        crate::svg::svg(state, moves)
    }
    /// An arrow to the target square, or the wall's outline
    /// ([`crate::svg::best_move`]).
    fn best_move_svg(&self, before: &Quoridor, player: PlayerId, best: &str) -> Option<String> {
        let turn = game_adapter::legal_turn(self, before, player, best)?;
        Some(crate::svg::best_move(before, player, &turn))
    }
}

/// The `mcts` bot's policy: tree moves narrowed to
/// [`crate::evaluation::racing_moves`], uniform playouts, leaves scored
/// by [`crate::evaluation::value`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RacePolicy;

impl game_search::Policy<Quoridor> for RacePolicy {
    fn tree_moves(&mut self, state: &Quoridor, player: PlayerId, moves: &mut Vec<Move>) {
        crate::evaluation::racing_moves(state, player, moves);
    }
    fn evaluate(&mut self, state: &Quoridor, out: &mut [f64; game_core::MAX_PLAYERS]) {
        for (i, v) in out.iter_mut().enumerate().take(state.players()) {
            *v = crate::evaluation::value(state, PlayerId(i as u8));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the bot of `arena bot quoridor` sees as the tick limit of its
    /// first position, for the contest `referee` serves.
    fn limit_seen(referee: &Referee) -> Option<u32> {
        let start = referee.start();
        let input = format!(
            "{}{}-1\n",
            referee.start_message(&start, PlayerId(0)),
            referee.turn_message(&start, PlayerId(0), &[], true)
        );
        let mut seen = None;
        let mut bot = |state: &Quoridor, me: PlayerId| {
            seen = Some(state.tick_limit());
            let mut moves = Vec::new();
            state.legal_moves(me, &mut moves);
            moves.first().copied()
        };
        referee.serve(&mut bot, &mut input.as_bytes(), &mut Vec::new()).unwrap();
        seen.expect("the bot was asked")
    }

    #[test]
    fn bot_mode_assumes_the_contests_tick_limit_which_the_protocol_does_not_send() {
        assert_eq!(limit_seen(&referee(2, Some(37)).unwrap()), Some(37));
        assert_eq!(limit_seen(&referee(4, Some(150)).unwrap()), Some(150));
        assert_eq!(limit_seen(&referee(2, None).unwrap()), None);
    }
}
