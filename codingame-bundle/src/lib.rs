//! Turns a Rust bot crate (any binary crate, with its dependencies) into
//! the one source file CodinGame takes: compiled with
//! `rustc --edition 2021` alone, no crates, at most [`CODINGAME_LIMIT`]
//! characters. The workspace's `arena bundle` command is this crate's
//! [`bundle`]; it needs `cargo`, `rustc` and
//! [cargo-equip](https://github.com/qryxip/cargo-equip)
//! (`cargo install cargo-equip --locked`) on the `PATH`.
//!
//! ```
//! use codingame_bundle::{BundleError, CODINGAME_LIMIT, bundle};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A `cargo new` bot crate, written out here so that the example stands alone.
//! let dir = tempfile::tempdir()?;
//! std::fs::create_dir(dir.path().join("src"))?;
//! std::fs::write(
//!     dir.path().join("Cargo.toml"),
//!     "[package]\nname = \"tiny-bot\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
//! )?;
//! std::fs::write(
//!     dir.path().join("src/main.rs"),
//!     "fn main() {\n    for line in std::io::stdin().lines() {\n        println!(\"{}\", line.unwrap());\n    }\n}\n",
//! )?;
//! let (work, out) = (tempfile::tempdir()?, dir.path().join("bot.rs"));
//! match bundle(&dir.path().join("Cargo.toml"), None, work.path(), &out) {
//!     Ok(report) => {
//!         assert!(report.chars <= CODINGAME_LIMIT);
//!         assert!(std::fs::read_to_string(&out)?.contains("fn main()"));
//!     }
//!     // Without cargo-equip the error says how to install it.
//!     Err(e @ BundleError::EquipMissing) => eprintln!("{e}"),
//!     Err(e) => return Err(e.into()),
//! }
//! # Ok(())
//! # }
//! ```
//!
//! `examples/bundle.rs` is a command line around [`bundle`].
//!
//! The bundling itself is `cargo-equip`'s (crates as modules, `#[cfg]`s
//! resolved, libraries minified). What it cannot do on current toolchains
//! is expand procedural macros (its rust-analyzer client speaks an older
//! proc-macro server protocol than the toolchain's), and the game crates'
//! errors derive `thiserror::Error`. So the bundle is made in these steps:
//!
//! 0. `cargo metadata` of the bot: a dependency that brings a crate
//!    cargo-equip cannot bundle (serde, rand_chacha, ppv-lite86, zerocopy:
//!    what a game crate's default features bring) is refused at once with
//!    the line to write instead
//!    (`yavalath = { path = "..", default-features = false }`), rather than
//!    failing deep in cargo-equip ([`BundleError::Unbundlable`]).
//! 1. `cargo build --release --message-format json` of the bot: the
//!    procedural-macro libraries and the build scripts' `OUT_DIR`s.
//! 2. `cargo equip`, told to leave the procedural-macro crates out (on
//!    a copy whose manifest says edition 2021 when the crate is 2024, which
//!    cargo-equip cannot read: see *Editions* below).
//! 3. Fix-ups on its output (`splice::prepare`): documentation dropped,
//!    `include!(concat!(env!("OUT_DIR"), ..))` replaced by the file, an
//!    extern crate's `pub use` made to name its module.
//! 4. `rustc -Zunpretty=expanded` (stable through `RUSTC_BOOTSTRAP=1`, as
//!    the fuzz crate does) expands the bundle with the procedural-macro
//!    libraries, and `splice::splice` copies back only the impls those
//!    macros made, in place of their derives; built-in derives stay as
//!    written (their expansion uses unstable internals).
//! 5. `rustc --edition 2021 --emit=metadata`: the bundle is type-checked
//!    as CodinGame compiles it.
//!
//! # Editions
//!
//! cargo-equip 0.20 reads editions up to 2021 (it panics on the 2024 that
//! `cargo new` writes) and resolvers up to 2. A bot crate that is its own
//! workspace is bundled from a temporary copy whose manifest says 2021, no
//! change needed: the bundle is compiled as 2021 anyway, and step 5 checks
//! that the code is valid 2021. A member of a larger workspace gets an error
//! saying what to change. Every failure of cargo-equip is summarised in a
//! few lines, without a backtrace.

mod deps;
mod equip;
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
    /// The bot crate has no binary target, or more than one and none named,
    /// or not the one named, or the manifest is not a package's.
    #[error("{0}")]
    Target(String),
    /// cargo-equip, which does the bundling, is not installed.
    #[error("cargo-equip is not installed; it does the bundling: `cargo install cargo-equip --locked`")]
    EquipMissing,
    /// cargo-equip stopped with an error.
    #[error("cargo-equip failed: {cause}")]
    Equip {
        /// Its error, in a few lines.
        cause: String,
    },
    /// cargo-equip crashed.
    #[error("cargo-equip crashed (a bug in cargo-equip; its backtrace is left out): {message}")]
    EquipPanic {
        /// The crash's message.
        message: String,
    },
    /// A member of a larger workspace is of an edition cargo-equip cannot
    /// read (the crate cannot be copied as 2021 apart from its workspace).
    #[error(
        "{}: edition {edition}, which cargo-equip (the bundler) cannot read: set `edition = \"2021\"` in its [package] \
         (the bundle is compiled as 2021 anyway; a crate that is its own workspace needs no change)",
        manifest.display()
    )]
    MemberEdition {
        /// The bot crate's manifest.
        manifest: PathBuf,
        /// Its edition.
        edition: String,
    },
    /// The bot crate's workspace names a resolver cargo-equip cannot read.
    #[error(
        "{}: `resolver = \"{resolver}\"`, which cargo-equip (the bundler) cannot read: set `resolver = \"2\"` in its [workspace] \
         (Cargo.lock keeps the versions)",
        manifest.display()
    )]
    WorkspaceResolver {
        /// The workspace's root manifest.
        manifest: PathBuf,
        /// The resolver it names.
        resolver: String,
    },
    /// A dependency of the bot brings crates cargo-equip cannot bundle
    /// (found before cargo-equip runs, which would fail deep in its work).
    #[error("{0}")]
    Unbundlable(Box<Unbundlable>),
    /// A manifest that does not parse as TOML.
    #[error("{}: {source}", path.display())]
    Manifest {
        /// The manifest.
        path: PathBuf,
        /// The parser's error.
        source: toml_edit::TomlError,
    },
    /// The bundle does not compile as `rustc --edition 2021` compiles it.
    #[error(
        "{} does not compile as edition 2021, as CodinGame compiles it{}:\n{errors}",
        path.display(),
        from_edition.as_ref().map(|e| format!(" (the crate is edition {e}: its code must be valid 2021 too)")).unwrap_or_default()
    )]
    Compile {
        /// The bundle.
        path: PathBuf,
        /// The crate's edition when it is not 2021.
        from_edition: Option<String>,
        /// rustc's first error.
        errors: String,
    },
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

/// What [`BundleError::Unbundlable`] says: a dependency of the bot crate
/// that brings crates cargo-equip cannot bundle, and the fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unbundlable {
    /// The bot crate's manifest.
    pub manifest: PathBuf,
    /// The dependency, as the manifest names it.
    pub dependency: String,
    /// The crates it brings that cargo-equip cannot bundle (without a
    /// `fix`: those it brings even with its default features off).
    pub crates: Vec<String>,
    /// Whether its default features are on.
    pub defaults_on: bool,
    /// The features the manifest asks of it that bring some of `crates`.
    pub features_off: Vec<String>,
    /// The line to write in `[dependencies]` instead (default features off,
    /// without `features_off`), when that leaves none of `crates`.
    pub fix: Option<String>,
}

impl std::fmt::Display for Unbundlable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |items: &[String]| match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        };
        let (manifest, dependency) = (self.manifest.display(), &self.dependency);
        if self.crates.iter().any(|c| c == dependency) {
            return write!(
                f,
                "{manifest}: the dependency `{dependency}` is a crate cargo-equip cannot bundle into one file \
                 (CodinGame takes no crates): remove it"
            );
        }
        let cannot = format!("{}, which cargo-equip cannot bundle into one file", list(&self.crates));
        let Some(fix) = &self.fix else {
            return write!(
                f,
                "{manifest}: `{dependency}` brings {cannot}, even with its default features off: a bundled bot cannot \
                 depend on it"
            );
        };
        let features = |names: &[String]| format!("feature{} {}", if names.len() == 1 { "" } else { "s" }, list(names));
        let with = match (self.defaults_on, self.features_off.as_slice()) {
            (true, []) => "its default features".to_owned(),
            (true, names) => format!("its default features and its {}", features(names)),
            (false, names) => format!("its {}", features(names)),
        };
        write!(f, "{manifest}: `{dependency}` with {with} brings {cannot}: write `{fix}` in [dependencies]")
    }
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

/// The bot crate, as `cargo metadata` describes it.
#[derive(Debug)]
struct BotCrate {
    /// Its package id in `cargo metadata`.
    id: String,
    /// Its manifest, canonical.
    manifest: PathBuf,
    /// Its `edition`.
    edition: String,
    /// Its binary targets.
    bins: Vec<String>,
    /// The root directory of its workspace (its own directory when the
    /// crate is its own workspace).
    workspace_root: PathBuf,
    /// The workspace's target directory.
    target_dir: PathBuf,
}

impl BotCrate {
    /// The crate's directory.
    fn dir(&self) -> &Path {
        self.manifest.parent().unwrap_or(Path::new("."))
    }

    /// The error for code of this crate, at `path`, that does not compile
    /// as edition 2021 (what rustc or cargo printed on `stderr`).
    fn compile_error(&self, path: &Path, stderr: &str) -> BundleError {
        BundleError::Compile {
            path: path.to_path_buf(),
            from_edition: (self.edition != "2021").then(|| self.edition.clone()),
            errors: first_error(stderr),
        }
    }

    /// The binary to bundle: `bin`, or the crate's only one.
    fn bin(&self, bin: Option<&str>) -> Result<String, BundleError> {
        let manifest = self.manifest.display();
        let all = self.bins.join(", ");
        match (bin, self.bins.as_slice()) {
            (Some(b), bins) if bins.iter().any(|x| x == b) => Ok(b.to_owned()),
            (Some(b), []) => Err(BundleError::Target(format!("{manifest} has no binary target (asked for {b})"))),
            (Some(b), _) => Err(BundleError::Target(format!("{manifest} has no binary {b} (its binaries: {all})"))),
            (None, [one]) => Ok(one.clone()),
            (None, []) => Err(BundleError::Target(format!("{manifest} has no binary target"))),
            (None, _) => {
                Err(BundleError::Target(format!("{manifest} has several binaries ({all}): name one with --bin")))
            }
        }
    }
}

/// Bundles the bot crate whose manifest is `manifest` (its binary `bin`,
/// or its only one) into `out`, using `work` for intermediate files
/// (created if missing, left for the caller to remove; it may be inside the
/// bot crate's directory: it is left out when the crate is copied).
///
/// # Errors
/// A [`BundleError`] when cargo, cargo-equip or rustc fail, or their
/// output is not what this module expects; [`BundleError::Compile`] (the
/// file written all the same) when the bundle does not compile as edition
/// 2021; [`BundleError::TooLarge`] (likewise) when it is over
/// [`CODINGAME_LIMIT`].
pub fn bundle(manifest: &Path, bin: Option<&str>, work: &Path, out: &Path) -> Result<BundleReport, BundleError> {
    std::fs::create_dir_all(work).map_err(|source| BundleError::Io { path: work.to_path_buf(), source })?;
    let meta = metadata(manifest)?;
    let bot = bot_crate(manifest, &meta)?;
    let bin = bot.bin(bin)?;
    deps::check(&bot, &meta, &equip::manifest(&bot.manifest)?)?;
    let facts = build_facts(manifest)?;
    let equipped = work.join("equipped.rs");
    let proc_macro_names: Vec<String> = facts.proc_macros.iter().map(|(n, _)| n.clone()).collect();
    equip::equip(&bot, &bin, &proc_macro_names, work, &equipped)?;

    let text = read(&equipped)?;
    let proc_macro_crates: Vec<String> = facts.proc_macros.iter().map(|(n, _)| n.replace('-', "_")).collect();
    let prepared = splice::prepare(&parse(&text, "cargo equip's output")?, &facts.out_dirs)?;
    let facades: Vec<(String, String)> = facts
        .proc_macros
        .iter()
        .filter_map(|(name, _)| facts.facade(name).map(|(f, _)| (f, name.replace('-', "_"))))
        .collect();
    // Written where the bundle goes, so that rustc's errors name a file
    // the user has.
    write(out, &prettyplease::unparse(&splice::aim_derives(&prepared, &facades)))?;

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
    rustc.arg("-o").arg(&expanded_path).arg(out);
    compile(&mut rustc, out, &bot)?;
    let expanded = parse(&read(&expanded_path)?, "the expanded bundle")?;

    let (file, spliced_impls) = splice::splice(prepared, &expanded, &proc_macro_crates);
    let text = splice::render(&file, &bin);
    write(out, &text)?;
    let mut check = Command::new("rustc");
    check
        .args(["--edition", "2021", "--crate-type", "bin", "--emit=metadata", "-o"])
        .arg(work.join("check.rmeta"))
        .arg(out);
    compile(&mut check, out, &bot)?;
    let chars = text.chars().count();
    if chars > CODINGAME_LIMIT {
        return Err(BundleError::TooLarge { chars });
    }
    Ok(BundleReport { chars, spliced_impls })
}

/// Runs rustc on the bundle `out` as edition 2021; its first error as a
/// [`BundleError::Compile`].
fn compile(rustc: &mut Command, out: &Path, bot: &BotCrate) -> Result<(), BundleError> {
    let done = rustc.output().map_err(|source| BundleError::Spawn { tool: "rustc".to_owned(), source })?;
    if done.status.success() {
        return Ok(());
    }
    Err(bot.compile_error(out, &String::from_utf8_lossy(&done.stderr)))
}

/// The first error in what rustc or cargo printed (all of it when no line
/// starts with `error`).
fn first_error(stderr: &str) -> String {
    let first: Vec<&str> = stderr
        .lines()
        .skip_while(|l| !l.starts_with("error"))
        .take_while(|l| !l.is_empty())
        .take(COMPILE_ERROR_LINES)
        .collect();
    if first.is_empty() { stderr.trim_end().to_owned() } else { first.join("\n") }
}

/// At most this many lines of rustc's first error are kept.
const COMPILE_ERROR_LINES: usize = 16;

/// `cargo metadata` of the crate whose manifest is `manifest`, its
/// dependencies resolved.
fn metadata(manifest: &Path) -> Result<Value, BundleError> {
    let mut cmd = Command::new("cargo");
    cmd.args(["metadata", "--format-version", "1", "--manifest-path"]).arg(manifest);
    serde_json::from_str(&run(&mut cmd, "cargo metadata")?)
        .map_err(|e| BundleError::Target(format!("cargo metadata: {e}")))
}

/// The bot crate whose manifest is `manifest`, from its `cargo metadata`.
fn bot_crate(manifest: &Path, meta: &Value) -> Result<BotCrate, BundleError> {
    let canonical =
        std::fs::canonicalize(manifest).map_err(|source| BundleError::Io { path: manifest.to_path_buf(), source })?;
    let path = |v: &Value| PathBuf::from(v.as_str().unwrap_or_default());
    let package = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| std::fs::canonicalize(path(&p["manifest_path"])).is_ok_and(|m| m == canonical))
        .ok_or_else(|| {
            BundleError::Target(format!(
                "{} is a workspace's manifest, not a bot crate's: give the bot crate's Cargo.toml",
                manifest.display()
            ))
        })?;
    let bins = package["targets"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "bin")))
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    Ok(BotCrate {
        id: package["id"].as_str().unwrap_or_default().to_owned(),
        manifest: canonical,
        edition: package["edition"].as_str().unwrap_or("2015").to_owned(),
        bins,
        workspace_root: std::fs::canonicalize(path(&meta["workspace_root"]))
            .unwrap_or_else(|_| path(&meta["workspace_root"])),
        target_dir: path(&meta["target_directory"]),
    })
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
    use super::{Unbundlable, package_name};

    #[test]
    fn an_unbundlable_dependency_says_what_it_brings_and_the_fix_in_each_case() {
        let u = |dependency: &str, crates: &[&str], defaults_on, features_off: &[&str], fix: Option<&str>| {
            let strings = |l: &[&str]| l.iter().map(|c| (*c).to_owned()).collect();
            Unbundlable {
                manifest: "bot/Cargo.toml".into(),
                dependency: dependency.to_owned(),
                crates: strings(crates),
                defaults_on,
                features_off: strings(features_off),
                fix: fix.map(str::to_owned),
            }
            .to_string()
        };
        let fix = Some("yavalath = { path = \"y\", default-features = false }");
        assert_eq!(
            u("yavalath", &["rand_chacha", "serde", "zerocopy"], true, &[], fix),
            "bot/Cargo.toml: `yavalath` with its default features brings rand_chacha, serde and zerocopy, which \
             cargo-equip cannot bundle into one file: write `yavalath = { path = \"y\", default-features = false }` in \
             [dependencies]"
        );
        assert!(
            u("yavalath", &["serde"], false, &["serde"], fix)
                .contains("`yavalath` with its feature serde brings serde,")
        );
        assert!(
            u("yavalath", &["serde"], true, &["serde", "testing"], fix)
                .contains("with its default features and its features serde and testing brings serde,")
        );
        assert_eq!(
            u("parallel-football", &["zerocopy"], false, &[], None),
            "bot/Cargo.toml: `parallel-football` brings zerocopy, which cargo-equip cannot bundle into one file, even \
             with its default features off: a bundled bot cannot depend on it"
        );
        assert_eq!(
            u("serde", &["serde"], true, &[], None),
            "bot/Cargo.toml: the dependency `serde` is a crate cargo-equip cannot bundle into one file (CodinGame takes \
             no crates): remove it"
        );
    }

    #[test]
    fn package_names_come_out_of_every_package_id_form() {
        assert_eq!(package_name("registry+https://github.com/rust-lang/crates.io-index#thiserror@2.0.21"), "thiserror");
        assert_eq!(package_name("path+file:///work/x/yavalath#0.1.0"), "yavalath");
        assert_eq!(package_name("path+file:///work/x/bot#my-bot@0.1.0"), "my-bot");
        assert_eq!(package_name("thiserror 2.0.21 (registry+https://x)"), "thiserror");
    }
}
