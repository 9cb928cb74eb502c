//! Bot specs as written on the command line (`random`, `mcts:iters=N`,
//! `alphabeta:depth=N`, `cmd:PROGRAM ARGS`, a game's own bot name), each
//! optionally named by a `name=NAME,` prefix.

use crate::bot::{AlphaBetaConfig, Budget, MctsConfig};
use crate::error::SpecError;
use std::time::Duration;

/// A seat's bot, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `random`.
    Random,
    /// `mcts`, `mcts:iters=N`, `mcts:ms=N`, optionally `,c=X`, `,rollout=N`.
    Mcts(MctsConfig),
    /// `alphabeta`, `alphabeta:depth=N`, `alphabeta:ms=N` (alternating
    /// two-player games with a Zobrist hash).
    AlphaBeta(AlphaBetaConfig),
    /// `cmd:PROGRAM ARGS`.
    External(String),
    /// A game's own built-in bot (`greedy`).
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
    /// Reads a spec (after its `name=NAME,` prefix, if any).
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
            if crate::external::split_command(cmd).is_none() {
                return Err(SpecError::BadCommand { spec: spec() });
            }
            return Ok(BotSpec::External(cmd.to_string()));
        }
        let (name, params) = text.split_once(':').unwrap_or((text, ""));
        match name {
            "random" if params.is_empty() => Ok(BotSpec::Random),
            "mcts" => {
                let mut cfg = MctsConfig::default();
                for kv in params.split(',').filter(|s| !s.is_empty()) {
                    let (k, v) = kv.split_once('=').ok_or_else(|| SpecError::ExpectedKeyValue { spec: spec() })?;
                    let bad = || SpecError::BadValue { spec: spec(), key: k.to_string() };
                    match k {
                        "iters" => cfg.budget = Budget::Iterations(v.parse().map_err(|_| bad())?),
                        "ms" => cfg.budget = Budget::Time(Duration::from_millis(v.parse().map_err(|_| bad())?)),
                        "c" => cfg.exploration = v.parse().map_err(|_| bad())?,
                        "rollout" => cfg.playout_limit = v.parse().map_err(|_| bad())?,
                        _ => return Err(SpecError::UnknownOption { spec: spec(), key: k.to_string() }),
                    }
                }
                Ok(BotSpec::Mcts(cfg))
            }
            "alphabeta" => {
                let mut cfg =
                    AlphaBetaConfig { budget: Budget::Time(Duration::from_millis(500)), ..Default::default() };
                for kv in params.split(',').filter(|s| !s.is_empty()) {
                    let (k, v) = kv.split_once('=').ok_or_else(|| SpecError::ExpectedKeyValue { spec: spec() })?;
                    let bad = || SpecError::BadValue { spec: spec(), key: k.to_string() };
                    match k {
                        "depth" => cfg.budget = Budget::Iterations(v.parse().map_err(|_| bad())?),
                        "ms" => cfg.budget = Budget::Time(Duration::from_millis(v.parse().map_err(|_| bad())?)),
                        _ => return Err(SpecError::UnknownOption { spec: spec(), key: k.to_string() }),
                    }
                }
                Ok(BotSpec::AlphaBeta(cfg))
            }
            _ if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !text.is_empty() => {
                Ok(BotSpec::Builtin(text.to_string()))
            }
            _ => Err(SpecError::UnknownBot { spec: spec() }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_specs_parse() {
        assert_eq!(BotSpec::parse("random"), Ok(BotSpec::Random));
        assert!(matches!(BotSpec::parse("mcts:iters=5"), Ok(BotSpec::Mcts(c)) if c.budget == Budget::Iterations(5)));
        assert!(
            matches!(BotSpec::parse("mcts:ms=20"), Ok(BotSpec::Mcts(c)) if c.budget == Budget::Time(Duration::from_millis(20)))
        );
        assert!(
            matches!(BotSpec::parse("alphabeta:depth=3"), Ok(BotSpec::AlphaBeta(c)) if c.budget == Budget::Iterations(3))
        );
        assert_eq!(BotSpec::parse("cmd:./bot -x"), Ok(BotSpec::External("./bot -x".into())));
        assert_eq!(
            BotSpec::parse("mcts:foo=1"),
            Err(SpecError::UnknownOption { spec: "mcts:foo=1".into(), key: "foo".into() })
        );
        assert_eq!(
            BotSpec::parse("mcts:iters=x").map_err(|e| e.to_string()),
            Err("bot \"mcts:iters=x\": bad value for iters".into())
        );
        assert!(BotSpec::parse("cmd:").is_err());
        assert!(BotSpec::parse("a b").is_err());
        assert_eq!(BotSpec::parse("greedy"), Ok(BotSpec::Builtin("greedy".into())));
    }

    #[test]
    fn a_name_prefix_names_the_seat_and_leaves_the_spec() {
        let s = "name=boss,cmd:java -cp dir Player";
        assert_eq!(BotSpec::parse(s), Ok(BotSpec::External("java -cp dir Player".into())));
        assert_eq!(seat_name(s), "boss");
        assert_eq!(seat_name("cmd:./bot --level=3,fast"), "cmd:./bot --level=3,fast");
        assert_eq!(BotSpec::parse("name=x,mcts:iters=5").map(|b| matches!(b, BotSpec::Mcts(_))), Ok(true));
        assert_eq!(BotSpec::parse("name=,random"), Err(SpecError::EmptyName { spec: "name=,random".into() }));
        let long = format!("cmd:{}", "x".repeat(80));
        assert_eq!(seat_name(&long), long, "names are never cut");
    }
}
