//! Bot specs as the arena writes them (`random`, `mcts:iters=N`,
//! `alphabeta:depth=N`, `best`, ...), read the arena's way
//! (`game-arena`'s `play::spec`, which does not build for wasm: it reads
//! external programs' specs too), and the bot a spec makes in a seat, built
//! as the arena builds it so that a seeded game plays the same moves.

use game_core::bot::{Bot, RandomBot};
use game_core::{Game, TimeControl};
use game_search::{AlphaBetaConfig, Budget, MctsConfig, TimeManager, Timed};
use std::fmt;
use std::time::Duration;

/// The playout length of an `mcts` spec without `rollout=N`: the game's
/// own (the arena's `GAME_ROLLOUT`).
pub const GAME_ROLLOUT: u32 = game_adapter::GAME_ROLLOUT;
/// The deepest `alphabeta:depth=N` (the arena's `MAX_ALPHABETA_DEPTH`).
pub const MAX_ALPHABETA_DEPTH: u32 = 8;

/// A seat's bot, as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// `random`.
    Random,
    /// `mcts`, `mcts:iters=N`, `mcts:ms=N`, optionally `,c=X`, `,rollout=N`.
    Mcts {
        /// The search's settings.
        cfg: MctsConfig,
        /// No `iters=` or `ms=`: each turn's budget comes from the game's clock.
        timed: bool,
    },
    /// `alphabeta`, `alphabeta:depth=N`, `alphabeta:ms=N`.
    AlphaBeta {
        /// The search's settings.
        cfg: AlphaBetaConfig,
        /// No `depth=` or `ms=`: each turn's budget comes from the game's clock.
        timed: bool,
    },
    /// `search`, `search:ms=N`, optionally `,rollout=N`: the game's own
    /// search (Paper Soccer's graph search).
    Search {
        /// `ms=N`: the time of each whole answer; `None`: the game's clock.
        time: Option<Duration>,
        /// `rollout=N`; `None`: the game's own.
        rollout: Option<u32>,
    },
    /// `best`: the game's strongest built-in bot at its clock.
    Best,
    /// A game's own bot by name (`greedy`).
    Builtin(String),
}

/// Why a spec makes no bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The spec as written.
    pub spec: String,
    /// What is wrong, in words.
    pub why: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bot {:?}: {}", self.spec, self.why)
    }
}

impl std::error::Error for SpecError {}

/// A whole number from `min` to `max` (an optional `+` first).
fn whole(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    let n = (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse::<u64>().ok())
        .flatten();
    match n {
        Some(n) if (min..=max).contains(&n) => Ok(n),
        Some(n) if n > max => Err(format!("too large: at most {max}")),
        _ => Err(format!("expected a whole number from {min} to {max}")),
    }
}

impl Spec {
    /// Reads a spec (a `name=NAME,` prefix is dropped).
    ///
    /// # Errors
    /// [`SpecError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        let err = |why: String| SpecError { spec: text.to_string(), why };
        let body = match text.strip_prefix("name=").and_then(|r| r.split_once(',')) {
            Some((_, rest)) => rest,
            None => text,
        };
        let (name, params) = body.split_once(':').unwrap_or((body, ""));
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for kv in params.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').ok_or_else(|| err("expected key=value options".into()))?;
            if pairs.iter().any(|(seen, _)| *seen == k) {
                return Err(err(format!("{k} is given twice")));
            }
            pairs.push((k, v));
        }
        let budget_keys = pairs.iter().filter(|(k, _)| matches!(*k, "iters" | "ms" | "depth")).count();
        if budget_keys > 1 {
            return Err(err("two options set the budget: give one of them".into()));
        }
        let bad = |k: &str, e: String| err(format!("{k}: {e}"));
        let u32_of = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        match name {
            "random" | "best" if !pairs.is_empty() => Err(err(format!("{name} takes no options"))),
            "random" => Ok(Spec::Random),
            "best" => Ok(Spec::Best),
            "mcts" => {
                let mut cfg = MctsConfig { playout_limit: GAME_ROLLOUT, ..MctsConfig::default() };
                for (k, v) in pairs {
                    match k {
                        "iters" => {
                            cfg.budget =
                                Budget::Iterations(u32_of(whole(v, 1, u32::MAX.into()).map_err(|e| bad(k, e))?))
                        }
                        "ms" => {
                            cfg.budget =
                                Budget::Time(Duration::from_millis(whole(v, 1, u64::MAX).map_err(|e| bad(k, e))?))
                        }
                        "c" => {
                            cfg.exploration = v
                                .parse()
                                .ok()
                                .filter(|c: &f64| c.is_finite() && *c >= 0.0)
                                .ok_or_else(|| bad(k, "expected a number, 0 or more".into()))?;
                        }
                        "rollout" => {
                            cfg.playout_limit = u32_of(whole(v, 0, (GAME_ROLLOUT - 1).into()).map_err(|e| bad(k, e))?)
                        }
                        _ => return Err(err(format!("no option {k} (its options: iters, ms, c, rollout)"))),
                    }
                }
                Ok(Spec::Mcts { cfg, timed: budget_keys == 0 })
            }
            "alphabeta" => {
                let mut cfg = AlphaBetaConfig::default();
                for (k, v) in pairs {
                    match k {
                        "depth" => {
                            cfg.budget = Budget::Iterations(u32_of(
                                whole(v, 1, MAX_ALPHABETA_DEPTH.into()).map_err(|e| bad(k, e))?,
                            ));
                        }
                        "ms" => {
                            cfg.budget =
                                Budget::Time(Duration::from_millis(whole(v, 1, u64::MAX).map_err(|e| bad(k, e))?))
                        }
                        _ => return Err(err(format!("no option {k} (its options: depth, ms)"))),
                    }
                }
                Ok(Spec::AlphaBeta { cfg, timed: budget_keys == 0 })
            }
            "search" => {
                let (mut time, mut rollout) = (None, None);
                for (k, v) in pairs {
                    match k {
                        "ms" => time = Some(Duration::from_millis(whole(v, 1, u64::MAX).map_err(|e| bad(k, e))?)),
                        "rollout" => rollout = Some(u32_of(whole(v, 0, u32::MAX.into()).map_err(|e| bad(k, e))?)),
                        _ => return Err(err(format!("no option {k} (its options: ms, rollout)"))),
                    }
                }
                Ok(Spec::Search { time, rollout })
            }
            _ if !name.is_empty()
                && params.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
            {
                Ok(Spec::Builtin(name.to_string()))
            }
            _ => Err(err("not a bot of the page (random, mcts, alphabeta, search, best, or a game's own)".into())),
        }
    }

    /// The time of each whole answer the spec sets itself (`ms=N`).
    #[must_use]
    pub fn fixed_time(&self) -> Option<Duration> {
        match self {
            Spec::Mcts { cfg: MctsConfig { budget: Budget::Time(t), .. }, timed: false }
            | Spec::AlphaBeta { cfg: AlphaBetaConfig { budget: Budget::Time(t), .. }, timed: false }
            | Spec::Search { time: Some(t), .. } => Some(*t),
            _ => None,
        }
    }

    /// Whether each turn's budget comes from the game's clock.
    #[must_use]
    pub fn timed(&self) -> bool {
        matches!(
            self,
            Spec::Mcts { timed: true, .. } | Spec::AlphaBeta { timed: true, .. } | Spec::Search { time: None, .. }
        )
    }
}

/// What a game gives the specs: its searches, which every game's adapter
/// (`game_adapter::Adapter`) gives (the impl below).
pub trait Bots<G: Game> {
    /// The game's name (`parallel-football`), as the arena's messages write it.
    fn game_name(&self) -> &'static str {
        "this game"
    }
    /// The names of the game's own bots (`greedy`).
    fn builtin_names(&self) -> &'static [&'static str] {
        &[]
    }
    /// The spec `best` stands for.
    fn best(&self) -> &'static str;
    /// The `mcts` bot.
    fn mcts(&self, cfg: MctsConfig, seed: u64) -> Box<dyn Bot<G>>;
    /// The `alphabeta` bot, if the game has one.
    fn alphabeta(&self, cfg: AlphaBetaConfig) -> Option<Box<dyn Bot<G>>> {
        let _ = cfg;
        None
    }
    /// The game's own search (`search`), rollouts of `rollout` (`None`:
    /// the game's own), if the game has one.
    fn search(&self, rollout: Option<u32>, seed: u64) -> Option<Box<dyn Bot<G>>> {
        let _ = (rollout, seed);
        None
    }
    /// A bot of the game's own by name (`greedy`), if it has one.
    fn builtin(&self, name: &str, seed: u64) -> Option<Box<dyn Bot<G>>> {
        let _ = (name, seed);
        None
    }
}

/// Every game's bots are its adapter's, as the arena builds them.
impl<A: game_adapter::Adapter> Bots<A::Game> for A {
    fn game_name(&self) -> &'static str {
        self.name()
    }
    fn builtin_names(&self) -> &'static [&'static str] {
        game_adapter::Adapter::builtin_names(self)
    }
    fn best(&self) -> &'static str {
        self.best_bot()
    }
    fn mcts(&self, cfg: MctsConfig, seed: u64) -> Box<dyn Bot<A::Game>> {
        self.mcts_bot(cfg, seed)
    }
    fn alphabeta(&self, cfg: AlphaBetaConfig) -> Option<Box<dyn Bot<A::Game>>> {
        self.alphabeta_bot(cfg)
    }
    fn search(&self, rollout: Option<u32>, seed: u64) -> Option<Box<dyn Bot<A::Game>>> {
        self.search_bot(rollout, seed)
    }
    fn builtin(&self, name: &str, seed: u64) -> Option<Box<dyn Bot<A::Game>>> {
        self.builtin_bot(name, seed)
    }
}

/// The bot `text` makes for a seat with `seed` on the clock `tc`, wrapped
/// as the arena wraps it: a search without a budget of its own takes each
/// turn's from the clock, one with `ms=N` gets `N` ms a whole answer.
///
/// # Errors
/// [`SpecError`] for a spec that does not read or names a bot the game
/// lacks.
pub fn make_bot<G: Game>(
    bots: &dyn Bots<G>,
    text: &str,
    seed: u64,
    tc: TimeControl,
) -> Result<Box<dyn Bot<G>>, SpecError> {
    let spec = match Spec::parse(text)? {
        Spec::Best => return make_bot(bots, bots.best(), seed, tc),
        spec => spec,
    };
    fits_clock(bots.game_name(), text, &spec, tc)?;
    let lacks = |name: &str| SpecError {
        spec: text.into(),
        why: format!("{} has no bot {name:?} (its bots: {})", bots.game_name(), bot_names(bots)),
    };
    let bot: Box<dyn Bot<G>> = match &spec {
        Spec::Random => Box::new(RandomBot::new(seed)),
        Spec::Mcts { cfg, .. } => bots.mcts(*cfg, seed),
        Spec::AlphaBeta { cfg, .. } => bots.alphabeta(*cfg).ok_or_else(|| lacks("alphabeta"))?,
        Spec::Search { rollout, .. } => bots.search(*rollout, seed).ok_or_else(|| lacks("search"))?,
        Spec::Builtin(name) => bots.builtin(name, seed).ok_or_else(|| lacks(name))?,
        Spec::Best => return Err(lacks("best")),
    };
    Ok(match spec.fixed_time() {
        Some(time) => Box::new(Timed::fixed(bot, time)),
        None if spec.timed() => Box::new(Timed::new(bot, tc)),
        None => bot,
    })
}

/// Milliseconds as the arena writes them (`200 ms`, `12.5 ms`).
fn millis(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms.fract() == 0.0 { format!("{ms} ms") } else { format!("{ms:.1} ms") }
}

/// A spec's own time (`ms=N`) refused, as `arena play` refuses it
/// (game-arena's `fits_clock`), when it does not fit the game's clock `tc`
/// with the arena's margin, in the game `game`'s words ([`TimeManager::most_fixed`]): every answer
/// would risk a time-out.
///
/// # Errors
/// [`SpecError`] naming the largest `ms=N` that fits.
pub fn fits_clock(game: &str, text: &str, spec: &Spec, tc: TimeControl) -> Result<(), SpecError> {
    let Some(time) = spec.fixed_time() else { return Ok(()) };
    let manager = TimeManager::new(tc);
    let most = manager.most_fixed();
    // `ms=N` is whole milliseconds: the largest that fits.
    let most = Duration::from_millis(u64::try_from(most.as_millis()).unwrap_or(u64::MAX));
    if time <= most {
        return Ok(());
    }
    let allows = tc.later_limit();
    let bank = if matches!(tc, TimeControl::Clock { .. }) { " (what its bank gains each turn)" } else { "" };
    Err(SpecError {
        spec: text.into(),
        why: format!(
            "{game} allows {} an answer{bank} and the arena keeps a margin of {}: at most ms={}",
            millis(allows),
            millis(manager.margin(allows)),
            most.as_millis()
        ),
    })
}

/// Every bot a spec on the page may name in the game, as specs are
/// written: `random, mcts, alphabeta, search, best` and the game's own
/// (the arena's list without `cmd:`, which a page cannot run).
pub fn bot_names<G: Game>(bots: &dyn Bots<G>) -> String {
    let mut names = vec!["random", "mcts"];
    if bots.alphabeta(AlphaBetaConfig::default()).is_some() {
        names.push("alphabeta");
    }
    if bots.search(None, 0).is_some() {
        names.push("search");
    }
    names.push("best");
    names.extend(bots.builtin_names());
    names.join(", ")
}

/// The specs a person may write on the game's page, for the bot field's
/// tooltip: the game's bots only, with their options.
pub fn bot_forms<G: Game>(bots: &dyn Bots<G>) -> String {
    let mut forms = vec!["random", "mcts", "mcts:iters=N", "mcts:ms=N"];
    if bots.alphabeta(AlphaBetaConfig::default()).is_some() {
        forms.extend(["alphabeta", "alphabeta:depth=N", "alphabeta:ms=N"]);
    }
    if bots.search(None, 0).is_some() {
        forms.extend(["search", "search:ms=N"]);
    }
    forms.push("best");
    forms.extend(bots.builtin_names());
    forms.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_as_the_arena_reads_them() {
        assert_eq!(Spec::parse("random"), Ok(Spec::Random));
        assert_eq!(Spec::parse("best"), Ok(Spec::Best));
        assert!(
            matches!(Spec::parse("mcts:iters=5"), Ok(Spec::Mcts { cfg, timed: false }) if cfg.budget == Budget::Iterations(5))
        );
        assert!(matches!(Spec::parse("alphabeta"), Ok(Spec::AlphaBeta { timed: true, .. })));
        assert!(matches!(Spec::parse("name=x,alphabeta:depth=3"), Ok(Spec::AlphaBeta { timed: false, .. })));
        assert_eq!(Spec::parse("alphabeta:ms=7").map(|s| s.fixed_time()), Ok(Some(Duration::from_millis(7))));
        for bad in [
            "best:ms=5",
            "mcts:iters=0",
            "mcts:iters=5,ms=5",
            "alphabeta:depth=9",
            "mcts:c=-1",
            "cmd:./bot",
            "x:y",
            "mcts:c=1,c=1",
        ] {
            assert!(Spec::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Spec::parse("mcts:foo=1").map_err(|e| e.to_string()),
            Err("bot \"mcts:foo=1\": no option foo (its options: iters, ms, c, rollout)".into())
        );
    }
}
