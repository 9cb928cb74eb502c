//! Running cargo-equip (0.20, the current release) on a bot crate.
//!
//! cargo-equip reads the bot crate's `edition` and its workspace's
//! `resolver` itself, and knows only those of its time: on `edition =
//! "2024"`, what `cargo new` writes today, it panics, and on `resolver =
//! "3"` it stops. The bundle is compiled as edition 2021 whatever the crate
//! says (CodinGame runs `rustc --edition 2021`), so a crate that is its own
//! workspace is handed to cargo-equip as a copy whose manifest says 2021;
//! rustc then checks that the code is valid 2021 when the bundle is
//! compiled. A member of a larger workspace cannot be copied alone (it
//! inherits from the workspace), so the error says what to change.

use super::{BotCrate, BundleError, read, write};
use std::path::{Path, PathBuf};
use std::process::Command;
use toml_edit::{DocumentMut, Item, TableLike};

/// The editions cargo-equip reads.
const EDITIONS: [&str; 3] = ["2015", "2018", "2021"];

/// The workspace resolvers cargo-equip reads.
const RESOLVERS: [&str; 2] = ["1", "2"];

/// At most this many lines of a tool's error are kept.
const ERROR_LINES: usize = 8;

/// Runs `cargo equip` on the bot crate's binary `bin`, leaving out the
/// procedural-macro crates `exclude`, writing the bundle to `equipped`.
pub(super) fn equip(
    bot: &BotCrate,
    bin: &str,
    exclude: &[String],
    work: &Path,
    equipped: &Path,
) -> Result<(), BundleError> {
    let manifest = readable_manifest(bot, bin, work)?;
    let mut equip = Command::new("cargo");
    equip.arg("equip").arg("--manifest-path").arg(&manifest).args(["--bin", bin]);
    for name in exclude {
        equip.args(["--exclude", name]);
    }
    equip.args(["--remove", "docs", "--remove", "comments", "--minify", "libs", "--no-check", "-o"]).arg(equipped);
    // A copy builds into the bot's own target directory; a crash prints
    // its message without a backtrace.
    equip.env("CARGO_TARGET_DIR", &bot.target_dir).env("RUST_BACKTRACE", "0");
    let out = equip.output().map_err(|source| BundleError::Spawn { tool: "cargo equip".to_owned(), source })?;
    if out.status.success() { Ok(()) } else { Err(failure(&String::from_utf8_lossy(&out.stderr))) }
}

/// The manifest cargo-equip can read: the bot's own, or a copy of the
/// crate whose manifest says edition 2021 (and no resolver 3), checked to
/// compile so (cargo-equip's own check hides rustc's errors).
fn readable_manifest(bot: &BotCrate, bin: &str, work: &Path) -> Result<PathBuf, BundleError> {
    let root_manifest = bot.workspace_root.join("Cargo.toml");
    let resolver = resolver(&root_manifest)?;
    let edition_ok = EDITIONS.contains(&bot.edition.as_str());
    let resolver_ok = resolver.as_deref().is_none_or(|r| RESOLVERS.contains(&r));
    if edition_ok && resolver_ok {
        return Ok(bot.manifest.clone());
    }
    if bot.dir() != bot.workspace_root {
        return Err(if edition_ok {
            BundleError::WorkspaceResolver { manifest: root_manifest, resolver: resolver.unwrap_or_default() }
        } else {
            BundleError::MemberEdition { manifest: bot.manifest.clone(), edition: bot.edition.clone() }
        });
    }
    let copy = work.join("crate-2021");
    std::fs::create_dir_all(&copy).map_err(|source| BundleError::Io { path: copy.clone(), source })?;
    // The copy itself is left out of the copy, so a `work` inside the bot
    // crate does not copy itself forever.
    let skip = [bot.target_dir.clone(), std::fs::canonicalize(&copy).unwrap_or_else(|_| copy.clone())];
    copy_tree(bot.dir(), &copy, &skip)?;
    let mut doc = manifest(&bot.manifest)?;
    as_2021(&mut doc, bot.dir());
    let manifest = copy.join("Cargo.toml");
    write(&manifest, &doc.to_string())?;
    let mut check = Command::new("cargo");
    check.args(["check", "--quiet", "--bin", bin, "--manifest-path"]).arg(&manifest);
    let done = check
        .env("CARGO_TARGET_DIR", &bot.target_dir)
        .output()
        .map_err(|source| BundleError::Spawn { tool: "cargo check".to_owned(), source })?;
    if !done.status.success() {
        return Err(bot.compile_error(bot.dir(), &String::from_utf8_lossy(&done.stderr)));
    }
    Ok(manifest)
}

/// The `[workspace]` resolver a workspace's root manifest names, if any.
fn resolver(root_manifest: &Path) -> Result<Option<String>, BundleError> {
    let doc = manifest(root_manifest)?;
    Ok(doc.get("workspace").and_then(|w| w.get("resolver")).and_then(Item::as_str).map(str::to_owned))
}

/// The manifest at `path`, parsed.
pub(super) fn manifest(path: &Path) -> Result<DocumentMut, BundleError> {
    read(path)?.parse().map_err(|source| BundleError::Manifest { path: path.to_path_buf(), source })
}

/// Makes a crate's manifest, moved out of `dir`, say edition 2021 and be its
/// own workspace (no members, no resolver cargo-equip cannot read), every
/// relative `path` (dependencies, targets) now naming the original.
fn as_2021(doc: &mut DocumentMut, dir: &Path) {
    if let Some(package) = doc.get_mut("package").and_then(Item::as_table_like_mut) {
        package.insert("edition", toml_edit::value("2021"));
    }
    match doc.get_mut("workspace").and_then(Item::as_table_like_mut) {
        Some(workspace) => {
            for key in ["members", "default-members", "exclude"] {
                workspace.remove(key);
            }
            if workspace.get("resolver").and_then(Item::as_str).is_some_and(|r| !RESOLVERS.contains(&r)) {
                workspace.remove("resolver");
            }
        }
        None => {
            doc.insert("workspace", Item::Table(toml_edit::Table::new()));
        }
    }
    absolute_paths(doc.as_table_mut(), dir);
}

/// Every relative `path` value in `table` and the tables inside it made
/// absolute from `dir`.
fn absolute_paths(table: &mut dyn TableLike, dir: &Path) {
    for (key, item) in table.iter_mut() {
        if key.get() == "path" {
            if let Some(path) = item.as_str().map(Path::new).filter(|p| p.is_relative()) {
                *item = toml_edit::value(dir.join(path).to_string_lossy().into_owned());
            }
        } else if let Some(inner) = item.as_table_like_mut() {
            absolute_paths(inner, dir);
        } else if let Some(tables) = item.as_array_of_tables_mut() {
            for inner in tables.iter_mut() {
                absolute_paths(inner, dir);
            }
        }
    }
}

/// Copies the crate's files, leaving out the directories `skip` (its target
/// directory, the copy), any `target` and hidden entries (`.git`).
fn copy_tree(from: &Path, to: &Path, skip: &[PathBuf]) -> Result<(), BundleError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| BundleError::Io { path, source }
    };
    std::fs::create_dir_all(to).map_err(io(to))?;
    for entry in std::fs::read_dir(from).map_err(io(from))? {
        let entry = entry.map_err(io(from))?;
        let (path, name) = (entry.path(), entry.file_name());
        let skipped = || skip.iter().any(|s| *s == path || std::fs::canonicalize(&path).is_ok_and(|c| c == *s));
        if name == "target" || name.to_string_lossy().starts_with('.') || skipped() {
            continue;
        }
        if entry.file_type().map_err(io(&path))?.is_dir() {
            copy_tree(&path, &to.join(&name), skip)?;
        } else if path.is_file() {
            std::fs::copy(&path, to.join(&name)).map_err(io(&path))?;
        }
    }
    Ok(())
}

/// The error for a failed `cargo equip`, from what it printed: not
/// installed, a crash (its message, without the backtrace) or its error.
fn failure(stderr: &str) -> BundleError {
    if stderr.contains("no such command: `equip`") {
        return BundleError::EquipMissing;
    }
    let lines: Vec<&str> = stderr.lines().map(str::trim_end).collect();
    if let Some(at) = lines.iter().position(|l| l.starts_with("thread '") && l.contains("panicked at")) {
        // `thread 'main' panicked at src/x.rs:1:2:` then the message, or
        // (before Rust 1.73) `.. panicked at 'message', src/x.rs:1:2`.
        let (_, after) = lines[at].split_once("panicked at ").unwrap_or_default();
        let message: Vec<&str> = if after.ends_with(':') {
            lines[at + 1..]
                .iter()
                .copied()
                .take_while(|l| !l.is_empty() && !l.starts_with("stack backtrace:") && !l.starts_with("note: "))
                .take(ERROR_LINES)
                .collect()
        } else {
            vec![after]
        };
        return BundleError::EquipPanic { message: message.join(" ") };
    }
    // Its errors after its last status line (`   Running ..`, `  Checking ..`):
    // before, it may report tools it tried and did without.
    let is_status = |l: &&str| {
        let word = l.trim_start();
        l.starts_with(' ') && word.starts_with(|c: char| c.is_ascii_uppercase()) && word.contains(' ')
    };
    let after = lines.iter().rposition(is_status).map_or(0, |i| i + 1);
    let from = lines[after..].iter().position(|l| l.starts_with("error")).map_or(after, |i| after + i);
    let rest = &lines[from..];
    // Its error and the causes under `Caused by:` (what it lists between
    // them, every crate it bundles, is left out); or the error's block.
    let mut cause: Vec<&str> = rest.iter().take(1).copied().collect();
    let mut under_cause = false;
    for line in rest.iter().skip(1) {
        if *line == "Caused by:" {
            under_cause = true;
        } else if under_cause && !line.trim().is_empty() {
            cause.push(line.trim());
        }
    }
    if !under_cause {
        cause = rest.iter().copied().filter(|l| !l.trim().is_empty()).collect();
    }
    cause.truncate(ERROR_LINES);
    let cause = cause.join("\n");
    BundleError::Equip { cause: cause.strip_prefix("error: ").unwrap_or(&cause).to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_work_directory_inside_the_bot_crate_is_left_out_of_its_copy() {
        let dir = tempfile::tempdir().unwrap();
        let bot = dir.path().join("bot");
        std::fs::create_dir_all(bot.join("src")).unwrap();
        std::fs::write(bot.join("src/main.rs"), "fn main() {}").unwrap();
        std::fs::create_dir_all(bot.join("target/debug")).unwrap();
        let copy = bot.join("work/crate-2021");
        std::fs::create_dir_all(&copy).unwrap();
        let skip = [bot.join("target"), std::fs::canonicalize(&copy).unwrap()];
        copy_tree(&bot, &copy, &skip).unwrap();
        assert!(copy.join("src/main.rs").is_file());
        assert!(copy.join("work").is_dir(), "work's other files are the crate's");
        assert!(!copy.join("work/crate-2021").exists(), "the copy is not copied into itself");
        assert!(!copy.join("target").exists());
    }

    #[test]
    fn a_crash_of_cargo_equip_is_its_message_without_the_backtrace() {
        let stderr = "\nthread 'main' (14921) panicked at /r/cargo-equip-0.20.1/src/workspace.rs:695:30:\n\
                      `edition` modified invalidly: VariantNotFound\nstack backtrace:\n   0: __rustc::rust_begin_unwind\n\
                      note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.\n";
        let e = failure(stderr);
        assert!(
            matches!(&e, BundleError::EquipPanic { message } if message == "`edition` modified invalidly: VariantNotFound")
        );
        let old = failure("thread 'main' panicked at 'a bug', src/lib.rs:1:2\nnote: run with `RUST_BACKTRACE=1`\n");
        assert!(matches!(&old, BundleError::EquipPanic { message } if message == "'a bug', src/lib.rs:1:2"));
    }

    #[test]
    fn an_error_of_cargo_equip_keeps_its_cause_and_no_doubled_prefix() {
        let stderr = "error: no such command: `udeps`\n    Running `cargo check`\nerror: TOML parse error at line 3, column 10\n  |\n3 | resolver=\"3\"\n\n\
                      unknown variant `3`, expected `1` or `2`\n";
        let e = failure(stderr);
        assert_eq!(
            e.to_string(),
            "cargo-equip failed: TOML parse error at line 3, column 10\n  |\n3 | resolver=\"3\"\nunknown variant `3`, expected `1` or `2`"
        );
        assert!(matches!(failure("error: no such command: `equip`\n"), BundleError::EquipMissing));
        let chained = "    Bundling the code\nerror: could not bundle the code\n- `a` as `b`\n- `c` as `d`\n\nCaused by:\n  \
                       could not expand `x`\n\nCaused by:\n  one of [\"x/check.rs\"] does not exist\n";
        assert_eq!(
            failure(chained).to_string(),
            "cargo-equip failed: could not bundle the code\ncould not expand `x`\none of [\"x/check.rs\"] does not exist"
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_2021_copy_of_a_manifest_names_the_original_paths_and_is_its_own_workspace() {
        let mut doc: DocumentMut = "[package]\nname = \"b\"\nedition = \"2024\"\n\n[workspace]\nmembers = [\"x\"]\nresolver = \"3\"\n\n\
                                    [dependencies]\ny = { path = \"../y\", default-features = false }\nz = \"1\"\n\n\
                                    [target.'cfg(unix)'.dependencies.w]\npath = \"/abs/w\"\n\n[[bin]]\nname = \"b\"\npath = \"src/b.rs\"\n"
            .parse()
            .unwrap();
        as_2021(&mut doc, Path::new("/home/me/b"));
        assert_eq!(doc["package"]["edition"].as_str(), Some("2021"));
        assert!(doc["workspace"].get("members").is_none() && doc["workspace"].get("resolver").is_none());
        assert_eq!(doc["dependencies"]["y"]["path"].as_str(), Some("/home/me/b/../y"));
        assert_eq!(doc["dependencies"]["y"]["default-features"].as_bool(), Some(false));
        assert_eq!(doc["target"]["cfg(unix)"]["dependencies"]["w"]["path"].as_str(), Some("/abs/w"));
        assert_eq!(doc["bin"][0]["path"].as_str(), Some("/home/me/b/src/b.rs"));
        let mut bare: DocumentMut = "[package]\nname = \"b\"\nedition = \"2024\"\n".parse().unwrap();
        as_2021(&mut bare, Path::new("/b"));
        assert!(bare["workspace"].is_table());
    }
}
