//! The workspace's layout rules (see "How a game crate is laid out" in
//! `game-core`'s docs), checked on the sources: no source file over 700
//! lines, no cycle among a crate's top-level modules (module `a` naming
//! `crate::b` while `b` names `crate::a`, directly or through others), and
//! one layout, literally: the game crates (the four contest games and Nim,
//! the toy game) use the same module names for the same concepts and the
//! same names for the same items.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const CRATES: [&str; 16] = [
    "game-core",
    "paper-soccer",
    "yavalath",
    "quoridor",
    "parallel-football",
    "nim",
    "game-search",
    "game-adapter",
    "match-stats",
    "bot-process",
    "codingame-bundle",
    "game-arena",
    "arena",
    "benches",
    "guides",
    "web",
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

/// Each crate's integration tests are one binary, `tests/suite/main.rs`,
/// which names every file beside it as a module: a test file put in
/// `tests/suite/` and not named there would never be compiled or run.
#[test]
fn every_file_of_a_test_suite_is_a_module_of_it() {
    let mut suites = 0;
    let mut missing = Vec::new();
    for krate in CRATES {
        let suite = root().join(krate).join("tests/suite");
        let Ok(main) = std::fs::read_to_string(suite.join("main.rs")) else { continue };
        suites += 1;
        for e in std::fs::read_dir(&suite).unwrap().flatten() {
            let p = e.path();
            let name = p.file_stem().and_then(|n| n.to_str()).unwrap_or_default().to_string();
            let module = if p.is_dir() { p.join("mod.rs").exists() } else { p.extension().is_some_and(|x| x == "rs") };
            if module && name != "main" && !main.lines().any(|l| l.trim() == format!("mod {name};")) {
                missing.push(format!("{}", p.display()));
            }
        }
    }
    assert!(suites >= 6, "the crates' tests/suite/main.rs are where this test looks ({suites} found)");
    assert!(missing.is_empty(), "not named by `mod` in their tests/suite/main.rs, so never run: {missing:?}");
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

/// The game crates and their state types. Nim, the toy game, has every
/// module of the layout too (its `setup` a plain struct, its `protocol` the
/// arena's made-up one), so every check here applies to it.
const GAMES: [(&str, &str); 5] = [
    ("paper-soccer", "PaperSoccer"),
    ("yavalath", "Yavalath"),
    ("quoridor", "Quoridor"),
    ("parallel-football", "ParallelFootball"),
    ("nim", "Nim"),
];

/// The modules every game crate has (files under `src/`).
const REQUIRED: [&str; 15] = [
    "lib.rs",
    "error.rs",
    "setup.rs",
    "state.rs",
    "game.rs",
    "movegen.rs",
    "notation.rs",
    "display.rs",
    "svg.rs",
    "rules.rs",
    "protocol/mod.rs",
    "protocol/message.rs",
    "protocol/bot.rs",
    "protocol/referee.rs",
    "testing/mod.rs",
];

fn src(krate: &str) -> PathBuf {
    root().join(krate).join("src")
}

fn read(krate: &str, file: &str) -> String {
    std::fs::read_to_string(src(krate).join(file)).unwrap_or_default()
}

/// The names of the public types a source text declares
/// (`pub struct Name`, `pub enum Name`).
fn public_types(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        for kw in ["pub struct ", "pub enum "] {
            if let Some(rest) = line.strip_prefix(kw) {
                out.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
            }
        }
    }
    out
}

/// The modules a game crate makes public: the rest are concepts whose
/// items the crate's root re-exports (`yavalath::Cell`, not
/// `yavalath::cell::Cell`), so a bot author learns one path per item.
const PUBLIC_MODULES: [&str; 9] =
    ["adapter", "codec", "evaluation", "opponents", "protocol", "rules", "search", "svg", "testing"];

#[test]
fn a_game_crate_makes_public_only_the_modules_every_crate_may() {
    let mut strays = Vec::new();
    for (krate, _) in GAMES {
        for line in read(krate, "lib.rs").lines() {
            if let Some(rest) = line.trim_start().strip_prefix("pub mod ") {
                let name = rest.trim_end_matches(';');
                if !PUBLIC_MODULES.contains(&name) {
                    strays.push(format!("{krate}: pub mod {name}"));
                }
            }
        }
    }
    assert!(strays.is_empty(), "public modules outside the common set (re-export their items instead): {strays:?}");
}

#[test]
fn every_game_crate_has_the_common_modules() {
    let mut missing = Vec::new();
    for (krate, _) in GAMES {
        for file in REQUIRED {
            if !src(krate).join(file).is_file() {
                missing.push(format!("{krate}/src/{file}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing modules of the common layout: {missing:?}");
}

#[test]
fn the_protocol_module_has_exactly_its_four_parts() {
    for (krate, _) in GAMES {
        assert!(!src(krate).join("protocol.rs").exists(), "{krate}: the protocol is a directory, protocol/");
        let mut files = Vec::new();
        rust_files(&src(krate).join("protocol"), &mut files);
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                ["mod.rs", "message.rs", "bot.rs", "referee.rs"].contains(&name.as_str()),
                "{krate}: protocol/{name} is not one of mod, message, bot, referee"
            );
        }
    }
}

#[test]
fn time_control_is_declared_in_protocol_mod_and_the_session_is_the_bot_side() {
    for (krate, _) in GAMES {
        let mod_rs = read(krate, "protocol/mod.rs");
        assert!(mod_rs.contains("pub const TIME_CONTROL: TimeControl"), "{krate}: TIME_CONTROL in protocol/mod.rs");
        for other in ["protocol/message.rs", "protocol/bot.rs", "protocol/referee.rs"] {
            assert!(
                !read(krate, other).contains("pub const TIME_CONTROL"),
                "{krate}: TIME_CONTROL declared in {other}"
            );
        }
        let bot = read(krate, "protocol/bot.rs");
        assert!(bot.contains("impl BotSession for Session"), "{krate}: protocol/bot.rs's Session is a BotSession");
        assert!(bot.contains("session::run_bot::<Session"), "{krate}: run_bot is game-core's loop with the Session");
    }
}

#[test]
fn every_error_type_lives_in_error_rs_and_parse_errors_are_named_parse_first() {
    for (krate, _) in GAMES {
        let mut files = Vec::new();
        rust_files(&src(krate), &mut files);
        for f in files {
            let rel = f.strip_prefix(src(krate)).unwrap().to_string_lossy().replace('\\', "/");
            if rel.starts_with("testing/") {
                continue;
            }
            for name in public_types(&std::fs::read_to_string(&f).unwrap()) {
                if name.ends_with("Error") {
                    assert_eq!(rel, "error.rs", "{krate}: {name} is declared in {rel}, not in error.rs");
                    assert!(
                        !name.ends_with("ParseError") || name.starts_with("Parse"),
                        "{krate}: {name}: parse errors are named Parse...Error (C-WORD-ORDER)"
                    );
                }
            }
        }
    }
}

#[test]
fn the_same_concepts_have_the_same_names_in_every_crate() {
    for (krate, state) in GAMES {
        let has = |file: &str, item: &str| read(krate, file).contains(item);
        assert!(
            has("state.rs", &format!("pub struct {state}")) || has("state.rs", &format!("pub type {state} ")),
            "{krate}: state.rs declares {state}"
        );
        assert!(has("setup.rs", "pub struct Setup"), "{krate}: setup.rs declares Setup");
        assert!(has("error.rs", "SeatError"), "{krate}: the move error wraps game_core::SeatError");
        assert!(has("protocol/bot.rs", "pub struct Session"), "{krate}: protocol/bot.rs declares Session");
        assert!(has("protocol/bot.rs", "pub fn run_bot"), "{krate}: protocol/bot.rs declares run_bot");
        assert!(has("protocol/referee.rs", "pub struct Referee"), "{krate}: protocol/referee.rs declares Referee");
        assert!(has("protocol/referee.rs", "Contest for Referee"), "{krate}: Referee implements Contest");
        assert!(
            has("protocol/referee.rs", "pub fn parse_answer"),
            "{krate}: protocol/referee.rs declares parse_answer"
        );
        assert!(has("game.rs", "impl") && has("game.rs", "Game for "), "{krate}: game.rs implements Game");
    }
}
