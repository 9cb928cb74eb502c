//! Bot specs as written on the command line (`random`, `mcts:iters=N`,
//! `alphabeta:depth=N`, `cmd:PROGRAM ARGS`, a game's own bot name).

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

impl BotSpec {
    /// Reads a spec.
    ///
    /// # Errors
    /// [`SpecError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let spec = || text.to_string();
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
}
