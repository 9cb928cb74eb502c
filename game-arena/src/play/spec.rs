//! Bot specs as written on the command line (`random`, `mcts:iters=N`,
//! `alphabeta:depth=N`, `best`, `cmd:PROGRAM ARGS`, a game's own bot name),
//! each optionally named by a `name=NAME,` prefix.

use crate::bot::{AlphaBetaConfig, Budget, MctsConfig};
use crate::error::{NumberError, SpecError};
use crate::games::GAME_ROLLOUT;
use std::time::Duration;

/// A seat's bot, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `random`.
    Random,
    /// `mcts`, `mcts:iters=N`, `mcts:ms=N`, optionally `,c=X`, `,rollout=N`
    /// (`ms=N`: the time of each whole answer, every move of a turn).
    Mcts {
        /// The search's settings.
        cfg: MctsConfig,
        /// No `iters=` or `ms=`: each turn's budget comes from the game's
        /// clock ([`crate::bot::Timed`]).
        timed: bool,
    },
    /// `alphabeta`, `alphabeta:depth=N`, `alphabeta:ms=N` (alternating
    /// two-player games with a Zobrist hash).
    AlphaBeta {
        /// The search's settings.
        cfg: AlphaBetaConfig,
        /// No `depth=` or `ms=`: each turn's budget comes from the game's
        /// clock ([`crate::bot::Timed`]).
        timed: bool,
    },
    /// `search`, `search:ms=N`, optionally `,rollout=N`: the game's own
    /// rollout search ([`Adapter::search_bot`](crate::games::Adapter::search_bot),
    /// Parallel Football's).
    Search {
        /// `ms=N`: the time of each whole answer; `None`: each turn's budget
        /// comes from the game's clock ([`crate::bot::Timed`]).
        time: Option<Duration>,
        /// `rollout=N`: turns played after the searched one; `None`: the
        /// game's own.
        rollout: Option<u32>,
    },
    /// `best`: the strongest built-in bot of the game at its clock
    /// ([`Adapter::best_bot`](crate::games::Adapter::best_bot)).
    Best,
    /// `cmd:PROGRAM ARGS`.
    External(String),
    /// A game's own built-in bot (`greedy`), or a name no game has (which
    /// the game then refuses, listing its bots), as written: the name and
    /// any `:key=value` options.
    Builtin(String),
}

/// The name a seat shows in tables: `NAME` of a `name=NAME,SPEC` spec,
/// else the whole spec (never shortened, so two different specs never show
/// the same name unless both are named alike).
pub fn seat_name(spec: &str) -> &str {
    split_name(spec).0.unwrap_or(spec)
}

/// `name=NAME,SPEC` as `(Some(NAME), SPEC)`; any other spec as `(None, spec)`.
fn split_name(spec: &str) -> (Option<&str>, &str) {
    spec.strip_prefix("name=")
        .and_then(|rest| rest.split_once(','))
        .map_or((None, spec), |(name, rest)| (Some(name), rest))
}

impl BotSpec {
    /// Reads a spec (after its `name=NAME,` prefix, if any). An option
    /// given twice, or two options that each set the budget (`iters=` or
    /// `depth=` with `ms=`), are refused.
    ///
    /// # Errors
    /// [`SpecError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let spec = || text.to_string();
        let text = match split_name(text) {
            (Some(""), _) => return Err(SpecError::EmptyName { spec: spec() }),
            (_, rest) => rest,
        };
        if let Some(cmd) = text.strip_prefix("cmd:") {
            if bot_process::split_command(cmd).is_none() {
                return Err(SpecError::BadCommand { spec: spec() });
            }
            return Ok(BotSpec::External(cmd.to_string()));
        }
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        let bad = |key: &str, expected: String| SpecError::BadValue { spec: spec(), key: key.to_string(), expected };
        let whole = |key: &str, value: &str, min: u32| {
            parse_whole(value, min.into(), u32::MAX.into())
                .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
                .map_err(|e| bad(key, e.to_string()))
        };
        let millis = |key: &str, value: &str| {
            parse_whole(value, 1, u64::MAX).map(Duration::from_millis).map_err(|e| bad(key, e.to_string()))
        };
        let unknown = |key: &str, known| SpecError::UnknownOption { spec: spec(), key: key.to_string(), known };
        // The budget option given so far, if any: a second one conflicts.
        let mut budget_key: Option<String> = None;
        let mut set_budget = |key: &str| match budget_key.replace(key.to_string()) {
            Some(first) => Err(SpecError::ConflictingOptions { spec: spec(), first, second: key.to_string() }),
            None => Ok(()),
        };
        match name {
            "random" if params.is_empty() => Ok(BotSpec::Random),
            "best" if params.is_empty() => Ok(BotSpec::Best),
            "random" | "best" => Err(SpecError::NoOptions { spec: spec(), name: name.into() }),
            "mcts" => {
                let mut cfg = MctsConfig { playout_limit: GAME_ROLLOUT, ..MctsConfig::default() };
                for (k, v) in key_values(params, spec)? {
                    match k {
                        "iters" => {
                            set_budget(k)?;
                            cfg.budget = Budget::Iterations(whole(k, v, 1)?);
                        }
                        "ms" => {
                            set_budget(k)?;
                            cfg.budget = Budget::Time(millis(k, v)?);
                        }
                        "c" => {
                            cfg.exploration = v
                                .parse()
                                .ok()
                                .filter(|c: &f64| c.is_finite() && *c >= 0.0)
                                .ok_or_else(|| bad(k, "expected a number, 0 or more".into()))?;
                        }
                        "rollout" => {
                            cfg.playout_limit = parse_whole(v, 0, (GAME_ROLLOUT - 1).into())
                                .map(|n| u32::try_from(n).unwrap_or(0))
                                .map_err(|e| bad(k, e.to_string()))?;
                        }
                        _ => return Err(unknown(k, "iters, ms, c, rollout")),
                    }
                }
                Ok(BotSpec::Mcts { cfg, timed: budget_key.is_none() })
            }
            "alphabeta" => {
                let mut cfg = AlphaBetaConfig::default();
                for (k, v) in key_values(params, spec)? {
                    match k {
                        "depth" => {
                            set_budget(k)?;
                            let depth = parse_whole(v, 1, MAX_ALPHABETA_DEPTH.into()).map_err(|e| match e {
                                NumberError::TooLarge { .. } => bad(
                                    k,
                                    format!("{e} (a deeper search would not end a game; ms=N searches as deep as its time allows)"),
                                ),
                                _ => bad(k, e.to_string()),
                            })?;
                            cfg.budget = Budget::Iterations(u32::try_from(depth).unwrap_or(MAX_ALPHABETA_DEPTH));
                        }
                        "ms" => {
                            set_budget(k)?;
                            cfg.budget = Budget::Time(millis(k, v)?);
                        }
                        _ => return Err(unknown(k, "depth, ms")),
                    }
                }
                Ok(BotSpec::AlphaBeta { cfg, timed: budget_key.is_none() })
            }
            "search" => {
                let (mut time, mut rollout) = (None, None);
                for (k, v) in key_values(params, spec)? {
                    match k {
                        "ms" => time = Some(millis(k, v)?),
                        "rollout" => rollout = Some(whole(k, v, 0)?),
                        _ => return Err(unknown(k, "ms, rollout")),
                    }
                }
                Ok(BotSpec::Search { time, rollout })
            }
            _ if is_word(name) && (params.is_empty() || params.contains('=')) => Ok(BotSpec::Builtin(text.to_string())),
            _ => Err(SpecError::UnknownBot { spec: spec() }),
        }
    }

    /// The time budget of each whole answer the spec sets itself (`ms=N`),
    /// if it sets one.
    #[must_use]
    pub fn fixed_time(&self) -> Option<Duration> {
        match self {
            BotSpec::Mcts { cfg: MctsConfig { budget: Budget::Time(t), .. }, timed: false }
            | BotSpec::AlphaBeta { cfg: AlphaBetaConfig { budget: Budget::Time(t), .. }, timed: false }
            | BotSpec::Search { time: Some(t), .. } => Some(*t),
            _ => None,
        }
    }
}

/// A bot's name: letters, digits and `-`, not empty.
fn is_word(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The `key=value` pairs of a spec's parameters (`iters=5,c=1.4`); a key
/// given twice is refused.
fn key_values(params: &str, spec: impl Fn() -> String) -> Result<Vec<(&str, &str)>, SpecError> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for kv in params.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').ok_or_else(|| SpecError::ExpectedKeyValue { spec: spec() })?;
        if pairs.iter().any(|(seen, _)| *seen == k) {
            return Err(SpecError::RepeatedOption { spec: spec(), key: k.to_string() });
        }
        pairs.push((k, v));
    }
    Ok(pairs)
}

/// The deepest `alphabeta:depth=N`. Each ply multiplies the search's time
/// by the game's branching after pruning (about four in Yavalath): a depth
/// much above this would not end a game in any time worth waiting.
/// `alphabeta:ms=N` searches as deep as its time allows.
pub const MAX_ALPHABETA_DEPTH: u32 = 8;

pub use game_adapter::info::parse_whole;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_specs_parse() {
        assert_eq!(BotSpec::parse("random"), Ok(BotSpec::Random));
        assert!(
            matches!(BotSpec::parse("mcts:iters=5"), Ok(BotSpec::Mcts { cfg: c, timed: false }) if c.budget == Budget::Iterations(5))
        );
        assert!(
            matches!(BotSpec::parse("mcts:ms=20"), Ok(BotSpec::Mcts { cfg: c, timed: false }) if c.budget == Budget::Time(Duration::from_millis(20)))
        );
        assert!(
            matches!(BotSpec::parse("alphabeta:depth=3"), Ok(BotSpec::AlphaBeta { cfg: c, timed: false }) if c.budget == Budget::Iterations(3))
        );
        assert_eq!(BotSpec::parse("cmd:./bot -x"), Ok(BotSpec::External("./bot -x".into())));
        assert_eq!(
            BotSpec::parse("mcts:foo=1").map_err(|e| e.to_string()),
            Err("bot \"mcts:foo=1\": no option foo (its options: iters, ms, c, rollout)".into())
        );
        assert_eq!(
            BotSpec::parse("alphabeta:iters=1").map_err(|e| e.to_string()),
            Err("bot \"alphabeta:iters=1\": no option iters (its options: depth, ms)".into())
        );
        assert_eq!(
            BotSpec::parse("mcts:iters=x").map_err(|e| e.to_string()),
            Err("bot \"mcts:iters=x\": iters: expected a whole number from 1 to 4294967295".into())
        );
        assert!(BotSpec::parse("cmd:").is_err());
        assert!(BotSpec::parse("a b").is_err());
        assert_eq!(BotSpec::parse("greedy"), Ok(BotSpec::Builtin("greedy".into())));
        assert_eq!(BotSpec::parse("best"), Ok(BotSpec::Best));
        assert_eq!(
            BotSpec::parse("best:ms=5").map_err(|e| e.to_string()),
            Err("bot \"best:ms=5\": best takes no options".into())
        );
    }

    #[test]
    fn a_search_without_a_budget_of_its_own_plays_at_the_clock() {
        assert!(matches!(BotSpec::parse("mcts"), Ok(BotSpec::Mcts { timed: true, .. })));
        assert!(matches!(BotSpec::parse("mcts:c=0.5,rollout=9"), Ok(BotSpec::Mcts { timed: true, .. })));
        assert!(matches!(BotSpec::parse("alphabeta"), Ok(BotSpec::AlphaBeta { timed: true, .. })));
        for fixed in ["mcts:iters=9", "mcts:ms=9", "alphabeta:depth=2", "alphabeta:ms=9"] {
            let timed = match BotSpec::parse(fixed) {
                Ok(BotSpec::Mcts { timed, .. } | BotSpec::AlphaBeta { timed, .. }) => timed,
                other => panic!("{fixed}: {other:?}"),
            };
            assert!(!timed, "{fixed} keeps its own budget");
        }
    }

    #[test]
    fn search_numbers_out_of_their_range_are_refused_saying_the_range() {
        let refused = |spec: &str| BotSpec::parse(spec).map_err(|e| e.to_string()).unwrap_err();
        for spec in ["mcts:iters=0", "mcts:iters=-1", "mcts:ms=0", "mcts:c=-1", "mcts:c=inf", "alphabeta:depth=0"] {
            let e = refused(spec);
            assert!(e.contains("expected a"), "{spec}: {e}");
        }
        assert!(refused("mcts:iters=4294967296").ends_with("too large: at most 4294967295"));
        assert!(refused("alphabeta:depth=1000").contains("too large: at most 8"));
        assert!(refused("mcts:ms=0").ends_with("expected a whole number, 1 or more"));
        assert!(
            matches!(BotSpec::parse("mcts:rollout=0"), Ok(BotSpec::Mcts { cfg: c, timed: true }) if c.playout_limit == 0)
        );
        assert!(
            matches!(BotSpec::parse("mcts:rollout=1000"), Ok(BotSpec::Mcts { cfg: c, .. }) if c.playout_limit == 1000)
        );
        assert!(matches!(BotSpec::parse("mcts"), Ok(BotSpec::Mcts { cfg: c, .. }) if c.playout_limit == GAME_ROLLOUT));
        assert!(refused("mcts:rollout=4294967295").ends_with("too large: at most 4294967294"));
        let deepest = format!("alphabeta:depth={MAX_ALPHABETA_DEPTH}");
        assert!(
            matches!(BotSpec::parse(&deepest), Ok(BotSpec::AlphaBeta { cfg: c, timed: false }) if c.budget == Budget::Iterations(MAX_ALPHABETA_DEPTH))
        );
        assert_eq!(parse_whole("+7", 0, 9), Ok(7));
        assert_eq!(parse_whole("", 0, 9), Err(NumberError::NotWhole { min: 0, max: 9 }));
        assert_eq!(parse_whole("99999999999999999999", 0, u64::MAX), Err(NumberError::TooLarge { max: u64::MAX }));
    }

    #[test]
    fn an_option_given_twice_or_two_budgets_are_refused() {
        let refused = |spec: &str| BotSpec::parse(spec).map_err(|e| e.to_string()).unwrap_err();
        assert_eq!(
            refused("mcts:iters=5,ms=5"),
            "bot \"mcts:iters=5,ms=5\": iters and ms both set the budget: give one of them"
        );
        assert_eq!(
            refused("alphabeta:ms=5,depth=3"),
            "bot \"alphabeta:ms=5,depth=3\": ms and depth both set the budget: give one of them"
        );
        assert_eq!(refused("mcts:c=1,c=2"), "bot \"mcts:c=1,c=2\": c is given twice");
        assert_eq!(refused("mcts:ms=5,ms=5"), "bot \"mcts:ms=5,ms=5\": ms is given twice");
        assert_eq!(refused("search:rollout=1,rollout=1"), "bot \"search:rollout=1,rollout=1\": rollout is given twice");
        assert_eq!(refused("search:iters=5"), "bot \"search:iters=5\": no option iters (its options: ms, rollout)");
    }

    #[test]
    fn a_time_budget_is_the_specs_own_only_with_ms() {
        let ms = Duration::from_millis;
        let fixed = |spec: &str| BotSpec::parse(spec).unwrap().fixed_time();
        assert_eq!(fixed("mcts:ms=50"), Some(ms(50)));
        assert_eq!(fixed("alphabeta:ms=7"), Some(ms(7)));
        assert_eq!(fixed("search:ms=9,rollout=3"), Some(ms(9)));
        for none in ["mcts", "mcts:iters=5", "alphabeta:depth=2", "search", "best", "random", "greedy"] {
            assert_eq!(fixed(none), None, "{none}");
        }
    }

    #[test]
    fn a_name_prefix_names_the_seat_and_leaves_the_spec() {
        let s = "name=boss,cmd:java -cp dir Player";
        assert_eq!(BotSpec::parse(s), Ok(BotSpec::External("java -cp dir Player".into())));
        assert_eq!(seat_name(s), "boss");
        assert_eq!(seat_name("cmd:./bot --level=3,fast"), "cmd:./bot --level=3,fast");
        assert_eq!(BotSpec::parse("name=x,mcts:iters=5").map(|b| matches!(b, BotSpec::Mcts { .. })), Ok(true));
        assert_eq!(BotSpec::parse("name=,random"), Err(SpecError::EmptyName { spec: "name=,random".into() }));
        let long = format!("cmd:{}", "x".repeat(80));
        assert_eq!(seat_name(&long), long, "names are never cut");
    }
}
