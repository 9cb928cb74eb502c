//! The pages in headless Chromium (Debian's `chromium`), driven by
//! playwright-core (`tests/browser.cjs`; `NODE_PATH` names the
//! `node_modules` it is installed in, as `.ci/run` installs it): for each
//! game, whole games played by clicking as a person would, the bot seen
//! answering, an illegal click explained, nothing loaded from the network,
//! the downloaded records accepted by `arena judge`. Skipped, saying so,
//! without Chromium or playwright-core. `WEB_SHOTS=DIR` keeps screenshots
//! of each page there (docs/web/ has them).

mod common;

use bot_games_web::page::{MAX_PAGE_BYTES, PAGES, page};
use common::{arena, here, node, wasm_module};
use serde_json::Value;
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether the browser test can run here; says why not.
fn can_run() -> bool {
    if !std::path::Path::new(CHROMIUM).exists() {
        println!("SKIPPED: no {CHROMIUM} (Debian's chromium package)");
        return false;
    }
    let Some(node) = node() else { return false };
    let found = Command::new(node)
        .args(["-e", "require.resolve('playwright-core')"])
        .current_dir(here().join("tests"))
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        println!("SKIPPED: no playwright-core (npm install it and set NODE_PATH to its node_modules)");
    }
    found
}

#[test]
fn every_page_is_played_to_the_end_in_headless_chromium() {
    if !can_run() {
        return;
    }
    let wasm = std::fs::read(wasm_module()).expect("the module");
    let arena = arena();
    let dir = tempfile::tempdir().expect("a temporary directory");
    for g in PAGES {
        let html = page(g.name, &wasm).expect("the page");
        assert!(html.len() <= MAX_PAGE_BYTES);
        println!("{}: {} bytes", g.name, html.len());
        let file = dir.path().join(format!("{}.html", g.name));
        std::fs::write(&file, html).expect("written");
        let mut cmd = Command::new("node");
        cmd.arg(here().join("tests/browser.cjs")).arg(&file).arg(dir.path()).arg(g.name);
        if let Some(shots) = std::env::var_os("WEB_SHOTS") {
            cmd.arg(shots);
        }
        let out = cmd.output().expect("node runs");
        assert!(
            out.status.success(),
            "{}: {}{}",
            g.name,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let said: Value = serde_json::from_slice(&out.stdout).expect("the test's JSON line");
        println!("{}: {said}", g.name);
        let records = said["records"].as_array().expect("records");
        assert!(!records.is_empty());
        for r in records {
            let path = r["file"].as_str().expect("a record's file");
            let judged = Command::new(&arena).args(["judge", g.name, path]).output().expect("the arena runs");
            assert!(
                judged.status.success(),
                "{}: arena judge {path}: {}{}",
                g.name,
                String::from_utf8_lossy(&judged.stdout),
                String::from_utf8_lossy(&judged.stderr)
            );
        }
    }
}
