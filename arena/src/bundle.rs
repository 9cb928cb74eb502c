//! `arena bundle`: turns a bot crate into the one source file CodinGame
//! takes (compiled with `rustc --edition 2021` alone, no crates).
//!
//! The bundling itself is `cargo-equip`'s (crates as modules, `#[cfg]`s
//! resolved, libraries minified). What it cannot do on current toolchains
//! is expand procedural macros (its rust-analyzer client speaks an older
//! proc-macro server protocol than the toolchain's), and the game crates'
//! errors derive `thiserror::Error`. So the bundle is made in four steps:
//!
//! 1. `cargo build --release --message-format json` of the bot: the
//!    procedural-macro libraries and the build scripts' `OUT_DIR`s.
//! 2. `cargo equip`, told to leave the procedural-macro crates out.
//! 3. Fix-ups on its output (`splice::prepare`): documentation dropped,
//!    `include!(concat!(env!("OUT_DIR"), ..))` replaced by the file, an
//!    extern crate's `pub use` made to name its module.
//! 4. `rustc -Zunpretty=expanded` (stable through `RUSTC_BOOTSTRAP=1`, as
//!    the fuzz crate does) expands the bundle with the procedural-macro
//!    libraries, and `splice::splice` copies back only the impls those
//!    macros made, in place of their derives; built-in derives stay as
//!    written (their expansion uses unstable internals).

mod splice;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// CodinGame's limit on a submission, in characters.
pub const CODINGAME_LIMIT: usize = 100_000;

/// Why a bundle could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BundleError {
    /// A tool could not be started.
    #[error("cannot run {tool}: {source}")]
    Spawn {
        /// The program.
        tool: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// A tool ran and failed.
    #[error("{tool} failed:\n{stderr}")]
    Tool {
        /// The program and what it was doing.
        tool: String,
        /// What it printed on stderr (the end of it).
        stderr: String,
    },
    /// The bot crate has no binary target, or more than one and none named.
    #[error("{0}")]
    Target(String),
    /// Source that does not parse as Rust.
    #[error("{what} does not parse: {source}")]
    Parse {
        /// Which text.
        what: String,
        /// The parser's error.
        source: syn::Error,
    },
    /// The bundle was written but is longer than CodinGame takes.
    #[error("the bundle has {chars} characters, over CodinGame's {CODINGAME_LIMIT}")]
    TooLarge {
        /// Its length in characters.
        chars: usize,
    },
    /// Reading or writing a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
}

/// What was bundled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundleReport {
    /// The bundle's length in characters.
    pub chars: usize,
    /// Impls copied in from procedural-macro expansion.
    pub spliced_impls: usize,
}

/// What the release build of the bot says about its dependencies.
#[derive(Debug, Default)]
struct BuildFacts {
    /// Procedural-macro crates: package name and library file.
    proc_macros: Vec<(String, PathBuf)>,
    /// Build scripts' output directories by package name.
    out_dirs: BTreeMap<String, PathBuf>,
    /// Library files (`.rlib`) by package name.
    libs: BTreeMap<String, PathBuf>,
}

impl BuildFacts {
    /// The facade crate of a procedural-macro crate (`thiserror` for
    /// `thiserror-impl`), whose paths (`::thiserror::__private..`) its
    /// expansions use, with its library, when the bot's build has one.
    fn facade(&self, proc_macro: &str) -> Option<(String, &PathBuf)> {
        ["-impl", "-derive", "_derive", "-macros", "_macros"]
            .iter()
            .find_map(|suffix| proc_macro.strip_suffix(suffix))
            .and_then(|name| self.libs.get(name).map(|lib| (name.replace('-', "_"), lib)))
    }
}

/// Bundles the bot crate whose manifest is `manifest` (its binary `bin`,
/// or its only one) into `out`, using `work` for intermediate files.
///
/// # Errors
/// A [`BundleError`] when cargo, cargo-equip or rustc fail, or their
/// output is not what this module expects; [`BundleError::TooLarge`] (the
/// file written all the same) when it is over [`CODINGAME_LIMIT`].
pub fn bundle(manifest: &Path, bin: Option<&str>, work: &Path, out: &Path) -> Result<BundleReport, BundleError> {
    std::fs::create_dir_all(work).map_err(|source| BundleError::Io { path: work.to_path_buf(), source })?;
    let bin = match bin {
        Some(b) => b.to_owned(),
        None => only_bin(manifest)?,
    };
    let facts = build_facts(manifest)?;
    let equipped = work.join("equipped.rs");
    let mut equip = Command::new("cargo");
    equip.arg("equip").arg("--manifest-path").arg(manifest).args(["--bin", &bin]);
    for (name, _) in &facts.proc_macros {
        equip.args(["--exclude", name]);
    }
    equip.args(["--remove", "docs", "--remove", "comments", "--minify", "libs", "--no-check", "-o"]).arg(&equipped);
    run(&mut equip, "cargo equip")?;

    let text = read(&equipped)?;
    let proc_macro_crates: Vec<String> = facts.proc_macros.iter().map(|(n, _)| n.replace('-', "_")).collect();
    let prepared = splice::prepare(&parse(&text, "cargo equip's output")?, &facts.out_dirs)?;
    let facades: Vec<(String, String)> = facts
        .proc_macros
        .iter()
        .filter_map(|(name, _)| facts.facade(name).map(|(f, _)| (f, name.replace('-', "_"))))
        .collect();
    let prepared_path = work.join("prepared.rs");
    write(&prepared_path, &prettyplease::unparse(&splice::aim_derives(&prepared, &facades)))?;

    let expanded_path = work.join("expanded.rs");
    let mut rustc = Command::new("rustc");
    rustc.env("RUSTC_BOOTSTRAP", "1").args(["--edition", "2021", "-Zunpretty=expanded"]);
    for (name, lib) in &facts.proc_macros {
        rustc.arg("--extern").arg(format!("{}={}", name.replace('-', "_"), lib.display()));
        // The expansion names the facade crate by absolute path; linking
        // it lets rustc resolve the expanded bundle without an error.
        if let Some((facade, rlib)) = facts.facade(name) {
            rustc.arg("--extern").arg(format!("{facade}={}", rlib.display()));
            if let Some(dir) = rlib.parent() {
                rustc.arg("-L").arg(format!("dependency={}", dir.display()));
            }
        }
    }
    rustc.arg("-o").arg(&expanded_path).arg(&prepared_path);
    run(&mut rustc, "rustc -Zunpretty=expanded")?;
    let expanded = parse(&read(&expanded_path)?, "the expanded bundle")?;

    let (file, spliced_impls) = splice::splice(prepared, &expanded, &proc_macro_crates);
    let text = splice::render(&file, &bin);
    write(out, &text)?;
    let chars = text.chars().count();
    if chars > CODINGAME_LIMIT {
        return Err(BundleError::TooLarge { chars });
    }
    Ok(BundleReport { chars, spliced_impls })
}

/// The name of the bot crate's only binary target.
fn only_bin(manifest: &Path) -> Result<String, BundleError> {
    let mut cmd = Command::new("cargo");
    cmd.args(["metadata", "--no-deps", "--format-version", "1", "--manifest-path"]).arg(manifest);
    let meta: Value = serde_json::from_str(&run(&mut cmd, "cargo metadata")?)
        .map_err(|e| BundleError::Target(format!("cargo metadata: {e}")))?;
    let bins: Vec<String> = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["targets"].as_array().into_iter().flatten())
        .filter(|t| t["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "bin")))
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    match bins.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(BundleError::Target(format!("{} has no binary target", manifest.display()))),
        _ => Err(BundleError::Target(format!(
            "{} has several binaries ({}): name one with --bin",
            manifest.display(),
            bins.join(", ")
        ))),
    }
}

/// Builds the bot (release) and reads cargo's messages.
fn build_facts(manifest: &Path) -> Result<BuildFacts, BundleError> {
    let mut cmd = Command::new("cargo");
    cmd.args(["build", "--release", "--message-format", "json", "--manifest-path"]).arg(manifest);
    let stdout = run(&mut cmd, "cargo build")?;
    let mut facts = BuildFacts::default();
    for msg in stdout.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
        let name = package_name(msg["package_id"].as_str().unwrap_or_default());
        match msg["reason"].as_str() {
            Some("compiler-artifact")
                if msg["target"]["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "proc-macro")) =>
            {
                if let Some(lib) = msg["filenames"].as_array().and_then(|f| f.first()).and_then(Value::as_str) {
                    facts.proc_macros.push((name, PathBuf::from(lib)));
                }
            }
            Some("compiler-artifact") => {
                let files = msg["filenames"].as_array().into_iter().flatten().filter_map(Value::as_str);
                if let Some(rlib) = files.into_iter().find(|f| f.ends_with(".rlib")) {
                    facts.libs.insert(name, PathBuf::from(rlib));
                }
            }
            Some("build-script-executed") => {
                if let Some(dir) = msg["out_dir"].as_str() {
                    facts.out_dirs.insert(name, PathBuf::from(dir));
                }
            }
            _ => {}
        }
    }
    Ok(facts)
}

/// The package name in a package id (`registry+https://..#thiserror@2.0.21`,
/// `path+file:///../yavalath#0.1.0`, or the older `name version (source)`).
fn package_name(id: &str) -> String {
    if let Some((url, frag)) = id.rsplit_once('#') {
        match frag.split_once('@') {
            Some((name, _)) => name.to_owned(),
            None => url.rsplit('/').next().unwrap_or(url).to_owned(),
        }
    } else {
        id.split(' ').next().unwrap_or(id).to_owned()
    }
}

/// Runs `cmd`, returning its stdout, or its stderr as the error.
fn run(cmd: &mut Command, tool: &str) -> Result<String, BundleError> {
    let out = cmd.output().map_err(|source| BundleError::Spawn { tool: tool.to_owned(), source })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(BundleError::Tool { tool: tool.to_owned(), stderr: tail.join("\n") });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn read(path: &Path) -> Result<String, BundleError> {
    std::fs::read_to_string(path).map_err(|source| BundleError::Io { path: path.to_path_buf(), source })
}

fn write(path: &Path, text: &str) -> Result<(), BundleError> {
    std::fs::write(path, text).map_err(|source| BundleError::Io { path: path.to_path_buf(), source })
}

fn parse(text: &str, what: &str) -> Result<syn::File, BundleError> {
    syn::parse_file(text).map_err(|source| BundleError::Parse { what: what.to_owned(), source })
}

#[cfg(test)]
mod tests {
    use super::package_name;

    #[test]
    fn package_names_come_out_of_every_package_id_form() {
        assert_eq!(package_name("registry+https://github.com/rust-lang/crates.io-index#thiserror@2.0.21"), "thiserror");
        assert_eq!(package_name("path+file:///work/x/yavalath#0.1.0"), "yavalath");
        assert_eq!(package_name("path+file:///work/x/bot#my-bot@0.1.0"), "my-bot");
        assert_eq!(package_name("thiserror 2.0.21 (registry+https://x)"), "thiserror");
    }
}
