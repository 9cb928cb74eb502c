//! The workspace's layout rules (see "How a game crate is laid out" in
//! `game-core`'s docs), checked on the sources: no source file over 700
//! lines, and no cycle among a crate's top-level modules (module `a` naming
//! `crate::b` while `b` names `crate::a`, directly or through others).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const CRATES: [&str; 12] = [
    "game-core",
    "paper-soccer",
    "yavalath",
    "quoridor",
    "parallel-football",
    "game-search",
    "match-stats",
    "bot-process",
    "codingame-bundle",
    "game-arena",
    "arena",
    "benches",
];
const MAX_LINES: usize = 700;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_source_file_is_longer_than_700_lines() {
    let mut long = Vec::new();
    for krate in CRATES {
        let mut files = Vec::new();
        for sub in ["src", "tests", "benches", "examples"] {
            rust_files(&root().join(krate).join(sub), &mut files);
        }
        for f in files {
            let n = std::fs::read_to_string(&f).unwrap().lines().count();
            if n > MAX_LINES {
                long.push(format!("{} ({n} lines)", f.display()));
            }
        }
    }
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// The top-level module a source file belongs to (`None` for the crate root).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_string_lossy().into_owned();
    let name = first.trim_end_matches(".rs").to_string();
    (!["lib", "main"].contains(&name.as_str())).then_some(name)
}

/// The top-level modules `text` names through `crate::`.
fn named_modules(text: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + 7..];
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if modules.contains(&name) {
            out.insert(name);
        }
        // `use crate::{a, b::c}`: every name in the braces.
        if rest.starts_with('{') {
            let inner = &rest[1..rest.find('}').unwrap_or(rest.len())];
            for part in inner.split(',') {
                let name: String = part.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if modules.contains(&name) {
                    out.insert(name);
                }
            }
        }
    }
    out
}

fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = stack.iter().position(|s| s == m).unwrap_or(0);
                    let mut cycle = stack[start..].to_vec();
                    cycle.push(m.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_crate_has_a_cycle_among_its_modules() {
    let mut cycles = Vec::new();
    for krate in CRATES {
        let src = root().join(krate).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(&src, f)).collect();
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for f in &files {
            let Some(m) = module_of(&src, f) else { continue };
            let text = std::fs::read_to_string(f).unwrap();
            // Unit tests may reach anywhere and docs may link anywhere; only
            // the module's own code counts.
            let code: String = text
                .split("#[cfg(test)]")
                .next()
                .unwrap_or("")
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            let code = code.as_str();
            let edges = graph.entry(m.clone()).or_default();
            edges.extend(named_modules(code, &modules).into_iter().filter(|n| *n != m));
        }
        if let Some(c) = find_cycle(&graph) {
            cycles.push(format!("{krate}: {}", c.join(" -> ")));
        }
    }
    assert!(cycles.is_empty(), "module cycles: {cycles:?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    g.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(find_cycle(&g).unwrap(), ["a", "b", "c", "a"]);
    g.insert("c".to_string(), BTreeSet::new());
    assert_eq!(find_cycle(&g), None);
    let mods = BTreeSet::from(["state".to_string(), "error".to_string()]);
    assert_eq!(named_modules("use crate::{state::X, error};", &mods), mods);
}
