//! What the tests share: the wasm module, node, the arena.
#![allow(dead_code, reason = "each test file uses some")]

use std::path::{Path, PathBuf};
use std::process::Command;

/// This crate's directory.
pub fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the wasm module (release, as the page embeds it); its path.
pub fn wasm_module() -> PathBuf {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target = here().join("target/wasm-tests");
    let status = Command::new(cargo)
        .args(["build", "--release", "--lib", "--target", "wasm32-unknown-unknown", "--manifest-path"])
        .arg(here().join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the wasm build failed (rustup target add wasm32-unknown-unknown)");
    target.join("wasm32-unknown-unknown/release/bot_games_web.wasm")
}

/// node, or `None` (the test says it is skipped).
pub fn node() -> Option<PathBuf> {
    let ok = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !ok {
        println!("SKIPPED: no node");
    }
    ok.then(|| PathBuf::from("node"))
}

/// The workspace's arena (`target/debug/arena`), built if missing.
pub fn arena() -> PathBuf {
    let root = here().parent().expect("the workspace");
    let arena = std::env::var_os("ARENA").map_or_else(|| root.join("target/debug/arena"), PathBuf::from);
    if !arena.exists() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "-p", "arena", "--manifest-path"])
            .arg(root.join("Cargo.toml"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build -p arena failed");
    }
    arena
}
