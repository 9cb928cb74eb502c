//! The registry of games: every game the arena plays, by name, with what
//! each declares once in its crate's `adapter` module ([`GameInfo`]: its title and
//! rules page, its options as command-line flags and the record fields they
//! set, its own built-in bots and their help, its board's legend), and the
//! one place where a game's name becomes its contest's type
//! ([`with_game!`](crate::with_game)). The command line, the records'
//! configurations, the help texts and the demonstration are derived from
//! it, so a program built on this crate names no game.
//!
//! ```
//! use game_arena::games::{Adapter, Contest};
//! use game_arena::registry::{GameName, GameOptions};
//!
//! let game: GameName = "quoridor".parse().unwrap();
//! let mut options = GameOptions::default();
//! options.set("players", 4);
//! let seats = game_arena::with_game!(game, &options, |contest| {
//!     Ok::<_, game_arena::error::ConfigError>(game_core::Game::players(&contest.start()))
//! });
//! assert_eq!(seats.unwrap(), 4);
//! // A record's configuration gives back the options that made it.
//! let config = game_arena::with_game!(game, &options, |c| Ok::<_, game_arena::error::ConfigError>(Adapter::config(&c)));
//! assert_eq!(game.recorded_options(&config.unwrap()).value::<u8>("players"), Some(4));
//! assert!("chess".parse::<GameName>().is_err());
//! ```
//!
//! Adding a game: its crate, with an `adapter` module (the contest's
//! [`Adapter`], an `INFO` and a `build`; the `game-adapter` crate), and
//! one line in the list below.

use crate::error::{ConfigError, OptionError, UnknownGameError};
use game_adapter::Adapter;
pub use game_adapter::GameConfig;
pub use game_adapter::{BotHelp, GameInfo, GameOption, GameOptions, Values};

/// Declares the games, each by its crate (which has an `adapter` module):
/// the [`GameName`] enum (one variant per line, in the order the command
/// line lists them), [`with_game!`](crate::with_game), and the re-exports
/// of the crates' adapters.
/// `$d` is a `$`, which the inner macro's own variables need.
macro_rules! registry {
    ($d:tt $($game:ident => $module:ident),* $(,)?) => {
        /// Each game crate's `adapter` module (its `INFO`, `build` and
        /// [`Adapter`]), by the crate's name; `game_arena::games`
        /// re-exports them (`game_arena::games::quoridor::build`).
        pub mod adapters {
            $(pub use ::$module::adapter as $module;)*
        }

        /// Every game of the arena: its name ([`FromStr`](std::str::FromStr),
        /// [`Display`](std::fmt::Display)) and its [`GameInfo`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameName {
            $(
                #[doc = concat!("The game of the `", stringify!($module), "` crate ([`adapters::", stringify!($module), "`]).")]
                $game,
            )*
        }

        impl GameName {
            /// Every game, in the order the command line lists them.
            pub const ALL: &'static [GameName] = &[$(GameName::$game),*];

            /// What the game declares.
            #[must_use]
            pub fn info(self) -> &'static GameInfo {
                match self {
                    $(GameName::$game => &adapters::$module::INFO,)*
                }
            }
        }

        /// Runs `$body` with `$a` bound to the contest of `$game` (a
        /// [`GameName`](crate::registry::GameName)) built from `$opts`
        /// (a [`&GameOptions`](crate::registry::GameOptions)): the one
        /// place where a game's name becomes its type, so `$body` is
        /// generic code over [`Adapter`](game_adapter::Adapter). It
        /// evaluates to `$body`, a `Result` whose error type takes a
        /// [`ConfigError`](crate::error::ConfigError) (`From`), which is
        /// returned when the game refuses the options.
        #[macro_export]
        macro_rules! with_game {
            ($d game:expr, $d opts:expr, |$d a:ident| $d body:expr) => {
                match $d game {
                    $(
                        $crate::registry::GameName::$game => {
                            match $crate::registry::GameName::$game
                                .checked($d opts)
                                .map_err($crate::error::ConfigError::from)
                                .and_then(|o| $crate::registry::adapters::$module::build(o).map_err($crate::error::ConfigError::from))
                            {
                                Ok($d a) => $d body,
                                Err(e) => Err(e.into()),
                            }
                        }
                    )*
                }
            };
        }
    };
}

// The games: one line each.
registry! { $
    PaperSoccer => paper_soccer,
    Yavalath => yavalath,
    Quoridor => quoridor,
    ParallelFootball => parallel_football,
    Nim => nim,
}

impl GameName {
    /// The game's name on the command line and in records (`paper-soccer`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.info().name
    }

    /// The one-line description the command line lists it with: its
    /// summary and rules page.
    #[must_use]
    pub fn describe(self) -> String {
        let info = self.info();
        match info.rules {
            Some(rules) => format!("{} (rules: {rules})", info.summary),
            None => info.summary.to_string(),
        }
    }

    /// The option that sets this game's number of seats, when one of its
    /// values is `seats` (Quoridor's `--players` for 2 or 4 bots): what a
    /// wrong number of bots is told to set.
    #[must_use]
    pub fn seat_option(self, seats: usize) -> Option<&'static GameOption> {
        let takes = |o: &&GameOption| match o.values {
            Values::OneOf { values, .. } => values.iter().any(|&v| usize::try_from(v) == Ok(seats)),
            Values::Whole { min, max } => {
                usize::try_from(min).is_ok_and(|m| m <= seats) && usize::try_from(max).map_or(true, |m| seats <= m)
            }
        };
        self.info().options.iter().filter(|o| o.seats).find(takes)
    }

    /// The options this game reads, as flags with their dashes (`--players`).
    #[must_use]
    pub fn flags(self) -> Vec<String> {
        self.info().options.iter().map(|o| format!("--{}", o.flag)).collect()
    }

    /// Refuses an option that the game does not read, or a value it does
    /// not take; otherwise `options`.
    ///
    /// # Errors
    /// [`OptionError::NotAnOption`] naming the game's options, or
    /// [`OptionError::Value`].
    pub fn checked(self, options: &GameOptions) -> Result<&GameOptions, OptionError> {
        let info = self.info();
        for (flag, value) in options.values() {
            match info.options.iter().find(|o| o.flag == flag) {
                Some(option) => option.check(value)?,
                None => return Err(OptionError::NotAnOption { flag, game: info.name, options: self.flags() }),
            }
        }
        Ok(options)
    }

    /// The options a record's `config` of this game stands for (its
    /// options' fields; a field missing or out of range is left unset, so
    /// it takes the game's default).
    #[must_use]
    pub fn recorded_options(self, config: &GameConfig) -> GameOptions {
        let mut options = GameOptions::default();
        for option in self.info().options {
            let value = match config.get(option.field) {
                Some(None) => option.null,
                Some(Some(v)) => Some(v).filter(|&v| option.check(v).is_ok()),
                None => None,
            };
            if let Some(v) = value {
                options.set(option.flag, v);
            }
        }
        options
    }

    /// The command-line flags that rebuild a record's `config` of this game
    /// (every option of the game, in its order), for a replay command.
    #[must_use]
    pub fn config_args(self, config: &GameConfig) -> Vec<String> {
        let options = self.recorded_options(config);
        let mut args = Vec::new();
        for option in self.info().options {
            if let Some(v) = options.value::<u64>(option.flag) {
                args.push(format!("--{}", option.flag));
                args.push(v.to_string());
            }
        }
        args
    }

    /// The spec `best` stands for in this game ([`Adapter::best_bot`]).
    #[must_use]
    pub fn best_bot(self) -> &'static str {
        let best: Result<&'static str, ConfigError> = with_game!(self, &GameOptions::default(), |a| Ok(a.best_bot()));
        best.unwrap_or("mcts")
    }
}

impl std::fmt::Display for GameName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for GameName {
    type Err = UnknownGameError;
    fn from_str(name: &str) -> Result<GameName, UnknownGameError> {
        GameName::ALL.iter().copied().find(|g| g.as_str() == name).ok_or_else(|| UnknownGameError {
            name: name.to_string(),
            games: GameName::ALL.iter().map(|g| g.as_str()).collect(),
        })
    }
}

/// The game [`Adapter`] `a` is (by its [`name`](game_core::referee::Contest::name)),
/// if it is one of the registry's.
pub fn game_of<A: Adapter + ?Sized>(a: &A) -> Option<GameName> {
    a.name().parse().ok()
}

/// The command-line flags that rebuild `a`'s configuration, for a replay
/// command ([`GameName::config_args`]); none for a game the registry does
/// not list.
pub fn config_args<A: Adapter + ?Sized>(a: &A) -> Vec<String> {
    game_of(a).map(|g| g.config_args(&a.config())).unwrap_or_default()
}

/// Every game's options once (a flag two games share, once, with both
/// games' help): the flag, its help and the option (the first game's).
#[must_use]
pub fn all_options() -> Vec<(String, &'static GameOption)> {
    let mut all: Vec<(String, &'static GameOption)> = Vec::new();
    for &game in GameName::ALL {
        let info = game.info();
        for option in info.options {
            let help = format!("{}: {}", info.title, option.help);
            match all.iter_mut().find(|(_, o)| o.flag == option.flag) {
                Some((text, _)) => {
                    text.push_str("; ");
                    text.push_str(&help);
                }
                None => all.push((help, option)),
            }
        }
    }
    all
}

/// The built-in bots' part of `--bot`'s help: every game's built-in bots,
/// the rules of their budgets, and what `best` is in each game.
#[must_use]
pub fn bot_help() -> String {
    let mut text = String::from(
        "Every game: random; mcts[:iters=N|ms=N][,c=X][,rollout=N]; best (the game's strongest built-in bot).\n",
    );
    // Games with the same own bots share a line.
    let mut groups: Vec<(Vec<&'static str>, &'static [BotHelp])> = Vec::new();
    for &game in GameName::ALL {
        let bots = game.info().bots;
        if bots.is_empty() {
            continue;
        }
        let same = |b: &&'static [BotHelp]| {
            b.len() == bots.len()
                && b.iter().zip(bots).all(|(x, y)| (x.name, x.options, x.about) == (y.name, y.options, y.about))
        };
        match groups.iter_mut().find(|(_, b)| same(b)) {
            Some((names, _)) => names.push(game.as_str()),
            None => groups.push((vec![game.as_str()], bots)),
        }
    }
    for (names, bots) in groups {
        let listed: Vec<String> = bots
            .iter()
            .map(|b| {
                let about = if b.about.is_empty() { String::new() } else { format!(" ({})", b.about) };
                format!("{}{}{about}", b.name, b.options)
            })
            .collect();
        text.push_str(&format!("{}: also {}.\n", names.join(" and "), listed.join("; ")));
    }
    text.push_str(BOT_RULES);
    let special: Vec<String> = GameName::ALL
        .iter()
        .filter(|g| g.best_bot() != "mcts")
        .map(|g| format!("{} in {}", g.best_bot(), g.as_str()))
        .collect();
    text.push_str(&format!("best is {}, and mcts in the other games.", special.join(", ")));
    text
}

/// What every built-in bot's budget follows (in [`bot_help`]).
const BOT_RULES: &str =
    "Without iters=, depth= or ms=, mcts, alphabeta and search spend each turn a share of the game's time
limits (scaled by --time-factor), and every built-in bot is held to those limits like a program.
ms=N is the time of each whole answer (every step of a Paper Soccer turn together). It must fit the
least time an answer may have less the arena's margin (an eighth plus 10 ms), so at most 165 in
paper-soccer and parallel-football, 77 in yavalath, 16 in quoridor (its bank gains 30 ms a turn),
times --time-factor; a larger one is refused before any game. iters=N and depth=N are not timed
(the same play for a seed), and a large one can lose on time.
An option given twice, or two that set the budget (iters= or depth= with ms=), is refused.
";

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::referee::Contest;

    #[test]
    fn every_game_is_found_by_its_name_and_only_by_it() {
        for &game in GameName::ALL {
            assert_eq!(game.as_str().parse::<GameName>(), Ok(game));
            assert_eq!(game.to_string(), game.as_str());
            let name: Result<&str, ConfigError> = with_game!(game, &GameOptions::default(), |a| Ok(a.name()));
            assert_eq!(name.unwrap(), game.as_str(), "the registry's name is the contest's");
        }
        let e = "chess".parse::<GameName>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game \"chess\" (the games: paper-soccer, yavalath, quoridor, parallel-football, nim)"
        );
    }

    #[test]
    fn an_option_of_another_game_is_an_error_naming_the_games_options() {
        let mut opts = GameOptions::default();
        opts.set("players", 4);
        opts.set("max-turns", 5);
        let e = GameName::Yavalath.checked(&opts).unwrap_err().to_string();
        assert_eq!(e, "--players is not an option of yavalath (its options: none)");
        let e = GameName::Quoridor.checked(&opts).unwrap_err().to_string();
        assert_eq!(e, "--max-turns is not an option of quoridor (its options: --players, --max-ticks)");
        let mut pf = GameOptions::default();
        pf.set("p", 3);
        pf.set("k", 2);
        assert!(GameName::ParallelFootball.checked(&pf).is_ok());
    }

    #[test]
    fn a_value_an_option_does_not_take_is_refused_before_the_game_is_built() {
        let mut opts = GameOptions::default();
        opts.set("players", 3);
        let built: Result<(), ConfigError> = with_game!(GameName::Quoridor, &opts, |_a| Ok(()));
        assert_eq!(built.unwrap_err().to_string(), "--players 3: Quoridor is played by 2 or 4 players");
        opts.set("players", 4);
        opts.set("max-ticks", 0);
        let built: Result<GameConfig, ConfigError> = with_game!(GameName::Quoridor, &opts, |a| Ok(Adapter::config(&a)));
        assert_eq!(built.unwrap().get("tick_limit"), Some(None), "--max-ticks 0 is no limit");
        let mut pile = GameOptions::default();
        pile.set("pile", 256);
        let built: Result<(), ConfigError> = with_game!(GameName::Nim, &pile, |_a| Ok(()));
        assert_eq!(built.unwrap_err().to_string(), "--pile 256: too large: at most 255");
    }

    #[test]
    fn the_seat_option_is_named_only_for_a_seat_count_it_takes() {
        let players = GameName::Quoridor.seat_option(4).map(|o| o.flag);
        assert_eq!(players, Some("players"));
        assert_eq!(GameName::Quoridor.seat_option(2).map(|o| o.flag), Some("players"));
        assert!(GameName::Quoridor.seat_option(3).is_none(), "3 is no value of --players");
        assert!(GameName::Yavalath.seat_option(3).is_none(), "a game without a seat option");
        assert!(GameName::ParallelFootball.seat_option(4).is_none(), "--p sets footballers, not seats");
    }

    #[test]
    fn a_records_config_gives_back_the_options_that_made_it() {
        let cases: [(GameName, &[(&'static str, u64)]); 6] = [
            (GameName::PaperSoccer, &[]),
            (GameName::Yavalath, &[]),
            (GameName::Quoridor, &[("players", 4), ("max-ticks", 0)]),
            (GameName::Quoridor, &[("players", 2), ("max-ticks", 37)]),
            (GameName::ParallelFootball, &[("p", 3), ("k", 7), ("max-turns", 40)]),
            (GameName::Nim, &[("pile", 9), ("max-take", 2)]),
        ];
        for (game, given) in cases {
            let mut opts = GameOptions::default();
            for &(flag, v) in given {
                opts.set(flag, v);
            }
            let config: Result<GameConfig, ConfigError> = with_game!(game, &opts, |a| Ok(Adapter::config(&a)));
            let config = config.unwrap();
            assert_eq!(game.recorded_options(&config), opts, "{game}: {config}");
            let args: Vec<String> = given.iter().flat_map(|&(f, v)| [format!("--{f}"), v.to_string()]).collect();
            assert_eq!(game.config_args(&config), args, "{game}: the replay's flags");
        }
    }

    #[test]
    fn defaults_are_the_options_written_out() {
        // Building with no option gives the same contest as building with
        // every option the record of that contest reads back.
        for &game in GameName::ALL {
            let config: Result<GameConfig, ConfigError> =
                with_game!(game, &GameOptions::default(), |a| Ok(Adapter::config(&a)));
            let config = config.unwrap();
            let again: Result<GameConfig, ConfigError> =
                with_game!(game, &game.recorded_options(&config), |a| Ok(Adapter::config(&a)));
            assert_eq!(again.unwrap(), config, "{game}");
            assert_eq!(game.recorded_options(&config).given().count(), game.info().options.len(), "{game}");
        }
    }

    #[test]
    fn bot_help_lists_exactly_the_built_in_bots_each_game_has() {
        let help = bot_help();
        for &game in GameName::ALL {
            let own: Vec<&str> = game.info().bots.iter().map(|b| b.name).collect();
            for name in ["alphabeta", "greedy", "walker", "search"] {
                let made: Result<bool, ConfigError> = with_game!(game, &GameOptions::default(), |a| Ok(
                    crate::play::check_specs(&a, &["random".into(), "mcts".into(), name.into()], 1.0).is_ok()
                ));
                assert_eq!(made.unwrap(), own.contains(&name), "{name} in {game}");
                let listed =
                    help.lines().any(|l| !l.starts_with("best is") && l.contains(game.as_str()) && l.contains(name));
                assert_eq!(listed, own.contains(&name), "--bot help on {name} in {game}");
            }
        }
        assert!(help.contains(&format!("(depth 1 to {})", crate::play::MAX_ALPHABETA_DEPTH)));
        assert!(
            help.contains("best is search in paper-soccer, alphabeta in yavalath, search in parallel-football, and mcts in the other games.")
        );
    }

    #[test]
    fn the_arena_guide_lists_every_game_and_its_options() {
        let guide = include_str!("../../docs/arena.md");
        let start = guide.find("## Games and their options").expect("the guide's section");
        let section = &guide[start..start + guide[start..].find("\n## Seats").expect("the next section")];
        for &game in GameName::ALL {
            let row =
                section.lines().find(|l| l.starts_with(&format!("| `{game}` |"))).unwrap_or_else(|| panic!("{game}"));
            if let Some(rules) = game.info().rules {
                assert!(row.contains(&format!("(../{rules})")), "{game}: {row}");
            }
            for flag in game.flags() {
                assert!(row.contains(&format!("`{flag}`")), "{game}: {flag} in {row}");
            }
            assert_eq!(row.contains("| none |"), game.flags().is_empty(), "{row}");
        }
        let rows = section.lines().filter(|l| l.starts_with("| `")).count();
        assert_eq!(rows, GameName::ALL.len(), "one row a game");
    }

    #[test]
    fn every_option_parses_what_it_says_it_takes() {
        for (help, option) in all_options() {
            assert!(help.contains(option.help), "{help}");
            match option.values {
                Values::Whole { min, max } => {
                    assert_eq!(option.parse(&min.to_string()).unwrap(), min);
                    assert_eq!(option.parse(&max.to_string()).unwrap(), max);
                    assert!(option.parse(&(max as u128 + 1).to_string()).is_err(), "{}", option.flag);
                    if min > 0 {
                        assert!(option.parse(&(min - 1).to_string()).is_err(), "{}", option.flag);
                    }
                }
                Values::OneOf { values, refusal } => {
                    for &v in values {
                        assert_eq!(option.parse(&v.to_string()).unwrap(), v);
                    }
                    let e = option.parse("1000").unwrap_err();
                    assert!(e.to_string().ends_with(refusal), "{e}");
                }
            }
            assert!(option.parse("-1").is_err() && option.parse("x").is_err());
        }
    }
}
