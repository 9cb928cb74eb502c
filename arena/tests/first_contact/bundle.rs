//! First contact: `arena bundle` on an ordinary crate, the one `cargo new`
//! makes (edition 2024), what reaches the user when cargo-equip fails, and
//! the dependencies it cannot bundle, refused before it runs.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A Yavalath bot, `main` included, as a newcomer writes it in `src/main.rs`.
const BOT: &str = r#"use yavalath::game_core::PlayerId;
use yavalath::protocol::{Answer, run_bot};
use yavalath::{Cell, Yavalath};

fn bot(g: &Yavalath, me: PlayerId, _time_left: std::time::Duration) -> Answer {
    let legal = g.legal();
    let win = g.winning_cells(me) & legal;
    let safe = legal & !g.losing_cells(me);
    Answer::from(win.first().or(safe.first()).or(legal.first()).unwrap_or(Cell::CENTER))
}

fn main() {
    run_bot(std::io::stdin().lock(), std::io::stdout(), bot).unwrap()
}
"#;

/// What the referee sends the first player on its first turn, and the
/// bot's answer.
const FIRST_TURN: (&str, &str) =
    ("1\n9\n00000\n000000\n0000000\n00000000\n000000000\n00000000\n0000000\n000000\n00000\n-1 -1\n", "0 0\n");

/// What cargo-equip 0.20.1 printed when it crashed on `edition = "2024"`,
/// with `RUST_BACKTRACE=1` (its test fakes cargo-equip with a shell script).
#[cfg(unix)]
const EQUIP_CRASH: &str = "
thread 'main' (14921) panicked at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cargo-equip-0.20.1/src/workspace.rs:695:30:
`edition` modified invalidly: VariantNotFound
stack backtrace:
   0: __rustc::rust_begin_unwind
   1: core::panicking::panic_fmt
   2: core::result::unwrap_failed
   3: cargo_equip::run
   4: cargo_equip::main
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
";

/// The workspace's root directory.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the arena is in the workspace").to_path_buf()
}

/// Whether cargo-equip is installed; when it is not, says that the calling
/// test is skipped.
fn have_cargo_equip(test: &str) -> bool {
    let ok = Command::new("cargo").args(["equip", "--version"]).output().is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("{test}: skipped, cargo-equip is not installed (`cargo install cargo-equip --locked`)");
    }
    ok
}

/// `cargo new <dir>/<name>` as a newcomer runs it, depending on the game
/// crate `game` by path with its default features off (what a bundled bot
/// needs), `src/main.rs` being [`BOT`]. Returns its manifest.
fn cargo_new_bot(dir: &Path, name: &str, game: &str) -> PathBuf {
    cargo_new_bot_adding(dir, name, game, &["--no-default-features"])
}

/// [`cargo_new_bot`], the game crate added by `cargo add GAME --path ..`
/// with the options `add` (`[]`: its default features on).
fn cargo_new_bot_adding(dir: &Path, name: &str, game: &str, add: &[&str]) -> PathBuf {
    let krate = dir.join(name);
    let ok = Command::new("cargo").args(["new", "--quiet", "--vcs", "none"]).arg(&krate).status().expect("cargo runs");
    assert!(ok.success(), "cargo new {}", krate.display());
    // The workspace's versions of the game crate's dependencies, and no
    // registry look-up.
    std::fs::copy(root().join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
    let ok = Command::new("cargo")
        .args(["add", "--quiet", "--offline", game, "--path"])
        .arg(root().join(game))
        .args(add)
        .current_dir(&krate)
        .status()
        .expect("cargo runs");
    assert!(ok.success(), "cargo add {game}");
    std::fs::write(krate.join("src/main.rs"), BOT).unwrap();
    krate.join("Cargo.toml")
}

/// `arena bundle manifest -o out` with a target directory shared by the
/// tests (the game crate builds once) and backtraces asked for, as a
/// developer's shell may have them.
fn bundle(manifest: &Path, out: &Path, path: Option<&Path>) -> Output {
    let mut arena = common::arena();
    arena.arg("bundle").arg(manifest).arg("-o").arg(out);
    arena.env("CARGO_TARGET_DIR", root().join("target/bots")).env("RUST_BACKTRACE", "1");
    if let Some(dir) = path {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let paths = std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&path));
        arena.env("PATH", std::env::join_paths(paths).unwrap());
    }
    arena.output().expect("arena runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The arena's error: one `arena:` line (and what it quotes), no crash and
/// no backtrace of its own or of a tool, exit status 2.
fn assert_refused(o: &Output, lines: usize) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.starts_with("arena: ") && err.lines().count() <= lines, "{err}");
    for crash in ["panicked", "stack backtrace", "RUST_BACKTRACE", "core::panicking"] {
        assert!(!err.contains(crash), "{crash} reaches the user: {err}");
    }
    err
}

#[test]
fn a_cargo_new_crate_of_edition_2024_bundles_as_it_is() {
    if !have_cargo_equip("a_cargo_new_crate_of_edition_2024_bundles_as_it_is") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let manifest = cargo_new_bot(dir.path(), "my-bot", "yavalath");
    let written = std::fs::read_to_string(&manifest).unwrap();
    assert!(written.contains("edition = \"2024\""), "cargo new writes edition 2024: {written}");

    let out = dir.path().join("bot.rs");
    let o = bundle(&manifest, &out, None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(common::stdout(&o).contains("characters (CodinGame takes at most 100000)"), "{}", common::stdout(&o));
    assert_eq!(std::fs::read_to_string(&manifest).unwrap(), written, "the bot's manifest is left as it was");

    // What CodinGame does: rustc alone, edition 2021; then the first turn.
    let exe = dir.path().join("bot");
    let rustc = Command::new("rustc").args(["--edition", "2021"]).arg(&out).arg("-o").arg(&exe).output().unwrap();
    assert!(rustc.status.success(), "{}", stderr(&rustc));
    let mut bot =
        Command::new(&exe).stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).spawn().unwrap();
    std::io::Write::write_all(&mut bot.stdin.take().unwrap(), FIRST_TURN.0.as_bytes()).unwrap();
    let answer = bot.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&answer.stdout), FIRST_TURN.1);
}

#[test]
fn an_edition_2024_member_of_a_workspace_is_refused_saying_what_to_change() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("Cargo.toml"), "[workspace]\nmembers = [\"my-bot\"]\nresolver = \"2\"\n").unwrap();
    let manifest = cargo_new_bot(dir.path(), "my-bot", "yavalath");
    let o = bundle(&manifest, &dir.path().join("bot.rs"), None);
    let err = assert_refused(&o, 1);
    assert!(err.contains("my-bot/Cargo.toml: edition 2024"), "{err}");
    assert!(err.contains("set `edition = \"2021\"` in its [package]"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_crash_of_cargo_equip_reaches_the_user_as_its_message_without_a_backtrace() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = cargo_new_bot(dir.path(), "my-bot", "yavalath");
    // A cargo-equip ahead of the real one on PATH, crashing as the real
    // one did.
    let tools = dir.path().join("tools");
    std::fs::create_dir(&tools).unwrap();
    std::fs::write(tools.join("crash.txt"), EQUIP_CRASH).unwrap();
    fake_cargo_equip(&tools, &format!("cat '{}' >&2\nexit 101", tools.join("crash.txt").display()));
    let o = bundle(&manifest, &dir.path().join("bot.rs"), Some(&tools));
    let err = assert_refused(&o, 1);
    assert_eq!(
        err.trim_end(),
        "arena: cargo-equip crashed (a bug in cargo-equip; its backtrace is left out): `edition` modified invalidly: VariantNotFound"
    );
}

/// A `cargo-equip` in `tools` (to put ahead of the real one on PATH) that
/// runs the shell commands `script`.
#[cfg(unix)]
fn fake_cargo_equip(tools: &Path, script: &str) {
    let fake = tools.join("cargo-equip");
    std::fs::write(&fake, format!("#!/bin/sh\n{script}\n")).unwrap();
    let executable = <std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o755);
    std::fs::set_permissions(&fake, executable).unwrap();
}

/// `arena bundle` of the crate at `manifest` with a cargo-equip that
/// records that it ran: the refusal, and that it came before cargo-equip.
#[cfg(unix)]
fn refused_before_cargo_equip(dir: &Path, manifest: &Path) -> String {
    let tools = dir.join("tools");
    std::fs::create_dir(&tools).unwrap();
    let ran = tools.join("cargo-equip-ran");
    fake_cargo_equip(&tools, &format!("touch '{}'\nexit 1", ran.display()));
    let o = bundle(manifest, &dir.join("bot.rs"), Some(&tools));
    let err = assert_refused(&o, 1);
    assert!(!ran.exists(), "cargo-equip ran before the refusal: {err}");
    assert!(!dir.join("bot.rs").exists(), "a refused bundle writes no bot.rs");
    err
}

#[cfg(unix)]
#[test]
fn a_game_crate_added_with_its_default_features_is_refused_before_cargo_equip_with_the_line_to_write() {
    let dir = tempfile::tempdir().unwrap();
    // `cargo add yavalath --path ..`, the default features left on.
    let manifest = cargo_new_bot_adding(dir.path(), "my-bot", "yavalath", &[]);
    let written = std::fs::read_to_string(&manifest).unwrap();
    let declared = written.lines().find(|l| l.starts_with("yavalath = {")).expect("cargo add declares yavalath");
    let err = refused_before_cargo_equip(dir.path(), &manifest);
    assert!(
        err.contains("my-bot/Cargo.toml: `yavalath` with its default features brings ppv-lite86, rand_chacha, serde and zerocopy, which cargo-equip cannot bundle into one file: write `"),
        "{err}"
    );
    // The line as cargo add wrote it, default features off.
    let fix = format!("{}, default-features = false }}", declared.trim_end().trim_end_matches('}').trim_end());
    assert!(err.trim_end().ends_with(&format!("write `{fix}` in [dependencies]")), "{err}\nwant: {fix}");
}

#[cfg(unix)]
#[test]
fn a_parallel_football_bot_is_refused_before_cargo_equip_even_with_default_features_off() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = cargo_new_bot(dir.path(), "my-bot", "parallel-football");
    let err = refused_before_cargo_equip(dir.path(), &manifest);
    assert!(
        err.trim_end().ends_with(
            "my-bot/Cargo.toml: `parallel-football` brings ppv-lite86, rand_chacha and zerocopy, which cargo-equip cannot \
             bundle into one file, even with its default features off: a bundled bot cannot depend on it"
        ),
        "{err}"
    );
}
