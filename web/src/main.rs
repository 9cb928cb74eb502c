//! `web-page GAME [-o FILE] [--wasm MODULE]`: writes the page of a game
//! (default `GAME.html`), building the wasm module first
//! (`cargo build --release --lib --target wasm32-unknown-unknown` on this
//! crate) unless `--wasm` names one already built.

use bot_games_web::page;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Builds the module; its path.
fn build_wasm() -> Result<PathBuf, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "--lib", "--target", "wasm32-unknown-unknown", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo could not build the wasm module ({status}); the target is added by \
             `rustup target add wasm32-unknown-unknown`"
        ));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| dir.join("target"), PathBuf::from);
    Ok(target.join("wasm32-unknown-unknown/release/bot_games_web.wasm"))
}

fn run(args: &[String]) -> Result<String, String> {
    let usage = "usage: web-page GAME [-o FILE (default GAME.html)] [--wasm MODULE (default: built with cargo)]";
    let (mut game, mut out, mut wasm) = (None, None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-o" | "--output" => out = Some(it.next().ok_or(format!("{a} needs a file name; {usage}"))?.clone()),
            "--wasm" => wasm = Some(PathBuf::from(it.next().ok_or(format!("--wasm needs a module's path; {usage}"))?)),
            "-h" | "--help" => return Err(usage.into()),
            g if game.is_none() && !g.starts_with('-') => game = Some(g.to_string()),
            _ => return Err(usage.into()),
        }
    }
    let game = game.ok_or(usage)?;
    // Before the (minutes long) first build of the module.
    if !page::PAGES.iter().any(|p| p.name == game) {
        return Err(page::PageError::UnknownGame(game).to_string());
    }
    let wasm = match wasm {
        Some(w) => w,
        None => build_wasm()?,
    };
    let bytes = std::fs::read(&wasm).map_err(|e| format!("cannot read {}: {e}", wasm.display()))?;
    let html = page::page(&game, &bytes).map_err(|e| e.to_string())?;
    let out = out.unwrap_or_else(|| format!("{game}.html"));
    std::fs::write(&out, &html).map_err(|e| format!("cannot write {out}: {e}"))?;
    Ok(format!("{out}: the {game} page ({} bytes)", html.len()))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("web-page: {e}");
            ExitCode::FAILURE
        }
    }
}
