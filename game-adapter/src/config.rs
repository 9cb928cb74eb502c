//! A game's configuration as its records keep it ([`GameConfig`]): what
//! records, results, leagues and analyses compare to know they are of the
//! same game.

/// A game's configuration as its records keep it: each field of the
/// record's `config` (`tick_limit`) and its value, a whole number or `null`
/// (none, as a tick limit of none). Written with its fields in name order;
/// two configurations are the same game when they are equal.
///
/// ```
/// use game_adapter::GameConfig;
///
/// let c = GameConfig::new([("players", Some(4)), ("tick_limit", None)]);
/// assert_eq!(c.to_string(), r#"{"players":4,"tick_limit":null}"#);
/// assert_eq!(c.get("players"), Some(Some(4)));
/// assert_eq!(serde_json::from_str::<GameConfig>(&c.to_string()).unwrap(), c);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct GameConfig(std::collections::BTreeMap<String, Option<u64>>);

impl GameConfig {
    /// The configuration of these fields and values.
    pub fn new<'a>(fields: impl IntoIterator<Item = (&'a str, Option<u64>)>) -> GameConfig {
        GameConfig(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// The value of `field`: `None` when the configuration has no such
    /// field, `Some(None)` when it is `null`.
    #[must_use]
    pub fn get(&self, field: &str) -> Option<Option<u64>> {
        self.0.get(field).copied()
    }

    /// Whether it has no field (Yavalath's).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// As records write it, one line: `{"height":10,"width":8}`.
impl std::fmt::Display for GameConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&serde_json::to_string(&self.0).map_err(|_| std::fmt::Error)?)
    }
}
