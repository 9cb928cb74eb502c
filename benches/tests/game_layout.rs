//! One layout, literally: the four game crates use the same module names
//! for the same concepts (the table "How a game crate is laid out" in
//! `game-core`'s docs), and the same names for the same items. This test
//! fails when a crate strays.

use std::path::{Path, PathBuf};

/// The game crates and their state types.
const GAMES: [(&str, &str); 4] = [
    ("paper-soccer", "PaperSoccer"),
    ("yavalath", "Yavalath"),
    ("quoridor", "Quoridor"),
    ("parallel-football", "ParallelFootball"),
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
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").join(krate).join("src")
}

fn read(krate: &str, file: &str) -> String {
    std::fs::read_to_string(src(krate).join(file)).unwrap_or_default()
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
