//! The bot crate's dependencies that cargo-equip cannot bundle, found
//! before it runs.
//!
//! cargo-equip turns each crate of the bot's dependency graph into a module
//! of one file. Some crates it cannot turn: zerocopy (its `r#ref.rs`
//! module file) stops it deep in its work, and serde (its derive's crate
//! name) crashes it, with errors that name neither the bot's dependency
//! that brought them nor the fix. Those crates come in
//! through the game crates' default features (serde; game-core's ChaCha
//! generator: rand_chacha, ppv-lite86, zerocopy), which a bundled bot turns
//! off. So the bot's dependency graph (`cargo metadata`'s resolve) is read
//! first, and a dependency that brings one of them is refused with the line
//! to write instead.

use super::{BotCrate, BundleError, Unbundlable};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use toml_edit::{DocumentMut, InlineTable, Item};

/// The crates cargo-equip cannot bundle: serde and zerocopy, and
/// rand_chacha and ppv-lite86, which bring zerocopy.
const UNBUNDLABLE: [&str; 4] = ["serde", "rand_chacha", "ppv-lite86", "zerocopy"];

/// Refuses the bot crate when a dependency of it brings a crate of
/// [`UNBUNDLABLE`] into its build; `meta` is `cargo metadata`'s output
/// with the resolve.
pub(super) fn check(bot: &BotCrate, meta: &Value, manifest: &DocumentMut) -> Result<(), BundleError> {
    let graph = Graph::new(meta);
    let Some(root) = graph.packages.get(bot.id.as_str()) else { return Ok(()) };
    for dep in normal_dependencies(root) {
        let Some(id) = graph.dependency_id(root, dep) else { continue };
        let brought = graph.unbundlable_under(id);
        if brought.is_empty() {
            continue;
        }
        let name = dep["name"].as_str().unwrap_or_default().to_owned();
        let key = dep["rename"].as_str().unwrap_or(&name).to_owned();
        let defaults_on = dep["uses_default_features"].as_bool().unwrap_or(true);
        let declared = string_set(&dep["features"]);
        // The fix: default features off, and only the features asked of it
        // that bring nothing unbundlable; none when even that brings some.
        let kept: BTreeSet<String> = declared
            .iter()
            .filter(|f| graph.brings(id, &BTreeSet::from([(*f).clone()]), false).is_empty())
            .cloned()
            .collect();
        let left = graph.brings(id, &kept, false);
        let fixable = !UNBUNDLABLE.contains(&name.as_str()) && left.is_empty();
        return Err(BundleError::Unbundlable(Box::new(Unbundlable {
            manifest: bot.manifest.clone(),
            dependency: key.clone(),
            crates: if fixable || left.is_empty() { brought } else { left }.into_iter().collect(),
            defaults_on,
            features_off: declared.difference(&kept).cloned().collect(),
            fix: fixable.then(|| without_defaults(manifest, &key, &kept)),
        })));
    }
    Ok(())
}

/// The bot's `[dependencies]` (not dev- or build-dependencies), as `cargo
/// metadata` lists them.
fn normal_dependencies(package: &Value) -> impl Iterator<Item = &Value> {
    package["dependencies"].as_array().into_iter().flatten().filter(|d| d["kind"].is_null())
}

/// The line that declares `key` in the bot's `[dependencies]` with
/// `default-features = false` and the features `kept` (every other key as
/// written).
fn without_defaults(manifest: &DocumentMut, key: &str, kept: &BTreeSet<String>) -> String {
    let mut table = match manifest.get("dependencies").and_then(|d| d.get(key)) {
        Some(Item::Value(toml_edit::Value::InlineTable(t))) => t.clone(),
        Some(Item::Table(t)) => t.clone().into_inline_table(),
        Some(Item::Value(v)) if v.as_str().is_some() => {
            let mut t = InlineTable::new();
            t.insert("version", v.clone());
            t
        }
        _ => InlineTable::new(),
    };
    table.remove("default_features");
    table.insert("default-features", false.into());
    table.remove("features");
    if !kept.is_empty() {
        table.insert("features", kept.iter().collect::<toml_edit::Array>().into());
    }
    table.fmt();
    format!("{key} = {}", table.to_string().trim())
}

/// The strings of a JSON array.
fn string_set(v: &Value) -> BTreeSet<String> {
    v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect()
}

/// `cargo metadata`'s packages and resolve, by package id.
struct Graph<'a> {
    packages: BTreeMap<&'a str, &'a Value>,
    nodes: BTreeMap<&'a str, &'a Value>,
}

impl<'a> Graph<'a> {
    fn new(meta: &'a Value) -> Self {
        let by_id = |list: &'a Value| -> BTreeMap<&'a str, &'a Value> {
            list.as_array().into_iter().flatten().filter_map(|p| Some((p["id"].as_str()?, p))).collect()
        };
        Graph { packages: by_id(&meta["packages"]), nodes: by_id(&meta["resolve"]["nodes"]) }
    }

    /// The package id that the dependency `dep` of `package` resolved to.
    fn dependency_id(&self, package: &Value, dep: &Value) -> Option<&'a str> {
        let node = self.nodes.get(package["id"].as_str()?)?;
        node["deps"]
            .as_array()?
            .iter()
            .filter_map(|d| d["pkg"].as_str())
            .find(|id| self.name(id) == dep["name"].as_str())
    }

    fn name(&self, id: &str) -> Option<&'a str> {
        self.packages.get(id).and_then(|p| p["name"].as_str())
    }

    /// The crates of [`UNBUNDLABLE`] in the resolved graph under `id` (it
    /// included), through normal dependencies.
    fn unbundlable_under(&self, id: &'a str) -> BTreeSet<String> {
        let mut seen = BTreeSet::from([id]);
        let mut todo = vec![id];
        while let Some(id) = todo.pop() {
            let deps = self.nodes.get(id).and_then(|n| n["deps"].as_array()).into_iter().flatten();
            for d in deps.filter(|d| is_normal(d)) {
                if let Some(child) = d["pkg"].as_str().filter(|c| seen.insert(c)) {
                    todo.push(child);
                }
            }
        }
        seen.into_iter().filter_map(|id| self.name(id)).filter(|n| UNBUNDLABLE.contains(n)).map(str::to_owned).collect()
    }

    /// The crates of [`UNBUNDLABLE`] that the package `id` brings when it is
    /// asked for `features` (and its default ones if `defaults`), from the
    /// packages' feature tables: what its graph would hold were it the only
    /// one asking.
    fn brings(&self, id: &'a str, features: &BTreeSet<String>, defaults: bool) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut todo = vec![(id, features.clone(), defaults)];
        while let Some((id, asked, defaults)) = todo.pop() {
            if !seen.insert((id, asked.clone(), defaults)) {
                continue;
            }
            let (Some(package), Some(name)) = (self.packages.get(id), self.name(id)) else { continue };
            if UNBUNDLABLE.contains(&name) {
                found.insert(name.to_owned());
            }
            let (on, pushed) = enabled(package, asked, defaults);
            for dep in normal_dependencies(package) {
                let key = dep["rename"].as_str().or(dep["name"].as_str()).unwrap_or_default();
                if dep["optional"].as_bool() == Some(true) && !on.contains(key) {
                    continue;
                }
                let Some(child) = self.dependency_id(package, dep) else { continue };
                let mut asked = string_set(&dep["features"]);
                asked.extend(pushed.get(key).into_iter().flatten().cloned());
                todo.push((child, asked, dep["uses_default_features"].as_bool().unwrap_or(true)));
            }
        }
        found
    }
}

/// What asking `package` for the features `asked` (and `default` when
/// `defaults`) turns on, from its feature table: the optional dependencies
/// (by the name the package gives them), and the features asked of each
/// dependency (`dep/feature`).
fn enabled(
    package: &Value,
    asked: BTreeSet<String>,
    defaults: bool,
) -> (BTreeSet<String>, BTreeMap<String, Vec<String>>) {
    let table = &package["features"];
    let mut todo: Vec<String> = asked.into_iter().collect();
    if defaults {
        todo.push("default".to_owned());
    }
    let (mut features, mut deps, mut pushed) =
        (BTreeSet::new(), BTreeSet::new(), BTreeMap::<String, Vec<String>>::new());
    while let Some(feature) = todo.pop() {
        if !features.insert(feature.clone()) {
            continue;
        }
        let Some(items) = table[&feature].as_array() else {
            // A feature not in the table is an optional dependency's own.
            deps.insert(feature);
            continue;
        };
        for item in items.iter().filter_map(Value::as_str) {
            if let Some(dep) = item.strip_prefix("dep:") {
                deps.insert(dep.to_owned());
            } else if let Some((dep, feature)) = item.split_once('/') {
                let weak = dep.ends_with('?');
                let dep = dep.trim_end_matches('?');
                if !weak {
                    deps.insert(dep.to_owned());
                }
                pushed.entry(dep.to_owned()).or_default().push(feature.to_owned());
            } else {
                todo.push(item.to_owned());
            }
        }
    }
    (deps, pushed)
}

/// Whether a resolved dependency edge is a normal one (not dev- or
/// build-only).
fn is_normal(dep: &Value) -> bool {
    dep["dep_kinds"].as_array().into_iter().flatten().any(|k| k["kind"].is_null())
}

#[cfg(test)]
mod tests {
    use super::without_defaults;
    use std::collections::BTreeSet;

    fn fix(manifest: &str, kept: &[&str]) -> String {
        let kept: BTreeSet<String> = kept.iter().map(|f| (*f).to_owned()).collect();
        without_defaults(&manifest.parse().unwrap(), "yavalath", &kept)
    }

    #[test]
    fn the_fix_line_keeps_the_declaration_and_turns_default_features_off_in_every_form() {
        let inline = "[dependencies]\nyavalath = { version = \"0.1.0\", path = \"../bg/yavalath\" }\n";
        assert_eq!(
            fix(inline, &[]),
            "yavalath = { version = \"0.1.0\", path = \"../bg/yavalath\", default-features = false }"
        );
        let table = "[dependencies.yavalath]\npath = \"../bg/yavalath\"\nfeatures = [\"serde\", \"svg\"]\n";
        assert_eq!(
            fix(table, &["svg"]),
            "yavalath = { path = \"../bg/yavalath\", default-features = false, features = [\"svg\"] }"
        );
        assert_eq!(
            fix("[dependencies]\nyavalath = \"0.1\"\n", &[]),
            "yavalath = { version = \"0.1\", default-features = false }"
        );
        let underscore = "[dependencies]\nyavalath = { path = \"y\", default_features = true }\n";
        assert_eq!(fix(underscore, &[]), "yavalath = { path = \"y\", default-features = false }");
    }
}
