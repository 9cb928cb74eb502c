//! The errors of bot specs: [`SpecError`] (re-exported by [`crate::error`]),
//! and game-adapter's [`NumberError`] for the numbers in them.

pub use game_adapter::NumberError;

/// A bot spec that does not make a bot ([`BotSpec::parse`](crate::play::BotSpec::parse),
/// [`check_specs`](crate::play::check_specs), [`builtin_bot`](crate::play::builtin_bot)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// `cmd:` with an empty or badly quoted command line.
    #[error("bot {spec:?}: empty or badly quoted command")]
    BadCommand {
        /// The spec as given.
        spec: String,
    },
    /// A search option without `=`.
    #[error("bot {spec:?}: expected key=value")]
    ExpectedKeyValue {
        /// The spec as given.
        spec: String,
    },
    /// A search option whose value is refused.
    #[error("bot {spec:?}: {key}: {expected}")]
    BadValue {
        /// The spec as given.
        spec: String,
        /// The option.
        key: String,
        /// What the option takes.
        expected: String,
    },
    /// A search option that the bot does not have.
    #[error("bot {spec:?}: no option {key} (its options: {known})")]
    UnknownOption {
        /// The spec as given.
        spec: String,
        /// The option.
        key: String,
        /// The bot's options.
        known: &'static str,
    },
    /// An option given twice (`mcts:c=1,c=2`).
    #[error("bot {spec:?}: {key} is given twice")]
    RepeatedOption {
        /// The spec as given.
        spec: String,
        /// The option.
        key: String,
    },
    /// Two options that each set the search's budget (`mcts:iters=5,ms=5`,
    /// `alphabeta:depth=3,ms=5`).
    #[error("bot {spec:?}: {first} and {second} both set the budget: give one of them")]
    ConflictingOptions {
        /// The spec as given.
        spec: String,
        /// The option given first.
        first: String,
        /// The option that conflicts with it.
        second: String,
    },
    /// Options given to a game's own bot that takes none (`greedy:x=1`).
    #[error("bot {spec:?}: {name} takes no options")]
    NoOptions {
        /// The spec as given.
        spec: String,
        /// The bot's name.
        name: String,
    },
    /// A time budget (`ms=N`) that the game's clock does not leave, with
    /// the arena's safety margin ([`game_search::TimeManager::most_fixed`]):
    /// refused before any game, as every answer would risk a time-out.
    #[error(
        "bot {spec:?}: {game} allows {} an answer{} and the arena keeps a margin of {}: at most ms={}",
        millis(*.allows), if *.bank { " (what its bank gains each turn)" } else { "" }, millis(*.margin), .most.as_millis()
    )]
    BudgetTooLarge {
        /// The spec as given.
        spec: String,
        /// The game.
        game: &'static str,
        /// The least time an answer may have on the game's clock (scaled
        /// by `--time-factor`): the limit of later answers, or a bank's
        /// increment.
        allows: std::time::Duration,
        /// Whether the clock is a bank (Quoridor) and `allows` its increment.
        bank: bool,
        /// The margin the arena keeps from it.
        margin: std::time::Duration,
        /// The largest budget that fits.
        most: std::time::Duration,
    },
    /// Not a spec at all.
    #[error("unknown bot {spec:?} (random, mcts[:iters=N|ms=N], best, cmd:PROGRAM ARGS, or a game's own)")]
    UnknownBot {
        /// The spec as given.
        spec: String,
    },
    /// A `name=,SPEC` prefix with an empty name.
    #[error("bot {spec:?}: the name after name= is empty")]
    EmptyName {
        /// The spec as written.
        spec: String,
    },
    /// A name that looks like a game's own bot, which this game lacks.
    #[error("{game} has no bot {name:?} (its bots: {known})")]
    NoSuchBuiltin {
        /// The game.
        game: &'static str,
        /// The bot's name.
        name: String,
        /// The bots the game has, as specs are written
        /// (`random`, `mcts`, ..., `cmd:PROGRAM ARGS`).
        known: String,
    },
    /// A `cmd:` program that cannot be started (missing, not executable, a
    /// directory): refused before any game
    /// ([`check_specs`](crate::play::check_specs)).
    #[error("bot {spec:?}: cannot start {program}: {reason}")]
    CannotStart {
        /// The spec as given.
        spec: String,
        /// The program, as written in the command line.
        program: String,
        /// Why the system could not start it.
        reason: bot_process::ProgramError,
    },
    /// An external program where a built-in bot is needed (`arena bot`).
    #[error("bot mode needs a built-in bot, not a program")]
    NotBuiltin {
        /// The program's command line.
        command: String,
    },
}

/// `77.5 ms` or `100 ms`: a duration in milliseconds, a fraction only
/// when it has one.
fn millis(d: std::time::Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms.fract() == 0.0 { format!("{ms} ms") } else { format!("{ms:.1} ms") }
}
