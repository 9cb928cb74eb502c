//! The pre-flight check of a bot's program: resolved the way the system
//! will when the bot is started, before any game, so that a program that
//! cannot start is the user's set-up error (refused with its reason) rather
//! than a bot that crashes on its first turn.
//!
//! * A program written with a path separator (`./bot`, `target/release/bot`,
//!   `/usr/bin/python3`) is that file, relative to the working directory.
//! * A bare name (`python3`) is searched in the directories of `PATH`, in
//!   order (an empty entry is the working directory; without `PATH`,
//!   `/bin:/usr/bin`), as `execvp` does. On Windows also in the arena's own
//!   directory, as the system does, and each name also with every extension
//!   of `PATHEXT` (`.COM;.EXE;.BAT;.CMD` when unset).
//! * The file must be a file (not a directory) and, on Unix, have an
//!   execute permission bit.

use std::ffi::OsString;
use std::io;
use std::path::{Component, Path, PathBuf};

/// Why a bot's program cannot be started ([`check_program`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProgramError {
    /// A path to nothing.
    #[error("no such file or directory ({})", .path.display())]
    NotFound {
        /// The path, made absolute against the working directory.
        path: PathBuf,
    },
    /// A bare name that is in no directory of `PATH`.
    #[error(
        "no such program in any directory of PATH{}",
        if *.in_working_dir { format!(" (to run the file {name} in the working directory, write ./{name})") } else { String::new() }
    )]
    NotOnPath {
        /// The name.
        name: String,
        /// Whether a file of that name is in the working directory (which
        /// is not searched: `./NAME` runs it).
        in_working_dir: bool,
    },
    /// A directory, not a program.
    #[error("{} is a directory, not a program", .path.display())]
    Directory {
        /// The directory.
        path: PathBuf,
    },
    /// A file without execute permission.
    #[error("{} is not executable (make it so with chmod +x, or name its interpreter first: cmd:python3 bot.py)", .path.display())]
    NotExecutable {
        /// The file.
        path: PathBuf,
    },
    /// A path the system does not let the arena look at.
    #[error("cannot look at {}: {kind}", .path.display())]
    Inaccessible {
        /// The path.
        path: PathBuf,
        /// Why, as the system says.
        kind: io::ErrorKind,
    },
}

/// Resolves `program` (the first word of a `cmd:` command line) the way
/// the system will when it starts the bot (see the module docs) and
/// returns the file that will run.
///
/// # Errors
/// [`ProgramError`]: the reason the program cannot be started.
pub fn check_program(program: &str) -> Result<PathBuf, ProgramError> {
    let cwd = std::env::current_dir().unwrap_or_default();
    if has_separator(program) {
        // `./bot` shown as `/work/bot`, not `/work/./bot`.
        let path = cwd.join(Path::new(program).components().filter(|c| *c != Component::CurDir).collect::<PathBuf>());
        return match with_extensions(&path).into_iter().find(|p| p.exists()) {
            Some(found) => runnable(found),
            None if path.exists() => runnable(path),
            None => Err(match std::fs::metadata(&path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => ProgramError::Inaccessible { path, kind: e.kind() },
                _ => ProgramError::NotFound { path },
            }),
        };
    }
    let mut refused = None;
    for dir in search_dirs(&cwd) {
        for candidate in with_extensions(&dir.join(program)) {
            if !candidate.exists() {
                continue;
            }
            match runnable(candidate) {
                Ok(found) => return Ok(found),
                // `execvp` goes on searching past a file it may not run,
                // and reports it if nothing else is found.
                Err(e) => {
                    refused.get_or_insert(e);
                }
            }
        }
    }
    Err(refused.unwrap_or_else(|| ProgramError::NotOnPath {
        name: program.to_string(),
        in_working_dir: cwd.join(program).is_file(),
    }))
}

/// Whether `program` names a path rather than a name to search for.
fn has_separator(program: &str) -> bool {
    program.contains('/') || (cfg!(windows) && program.contains('\\'))
}

/// The directories a bare program name is searched in.
fn search_dirs(cwd: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    #[cfg(windows)]
    if let Some(own) = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf)) {
        dirs.push(own);
    }
    let path =
        std::env::var_os("PATH").unwrap_or_else(|| OsString::from(if cfg!(windows) { "" } else { "/bin:/usr/bin" }));
    dirs.extend(
        std::env::split_paths(&path).map(|d| if d.as_os_str().is_empty() { cwd.to_path_buf() } else { cwd.join(d) }),
    );
    dirs
}

/// `path` as the system tries it: as it is, then (Windows) with each
/// extension of `PATHEXT`.
fn with_extensions(path: &Path) -> Vec<PathBuf> {
    let mut all = vec![path.to_path_buf()];
    if cfg!(windows) {
        let exts = std::env::var("PATHEXT").unwrap_or_else(|_| ".COM;.EXE;.BAT;.CMD".into());
        all.extend(exts.split(';').filter(|e| !e.is_empty()).map(|e| {
            let mut p = path.as_os_str().to_os_string();
            p.push(e);
            PathBuf::from(p)
        }));
    }
    all
}

/// `path` (which exists) if the system can run it: a file, with an execute
/// bit on Unix.
fn runnable(path: PathBuf) -> Result<PathBuf, ProgramError> {
    let meta = match std::fs::metadata(&path) {
        Ok(m) => m,
        Err(e) => return Err(ProgramError::Inaccessible { path, kind: e.kind() }),
    };
    if meta.is_dir() {
        return Err(ProgramError::Directory { path });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Err(ProgramError::NotExecutable { path });
        }
    }
    Ok(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn programs_resolve_as_the_system_starts_them() {
        use std::os::unix::fs::PermissionsExt;
        assert!(check_program("sh").is_ok_and(|p| p.is_absolute() && p.ends_with("sh")));
        assert_eq!(
            check_program("no-such-program-for-sure"),
            Err(ProgramError::NotOnPath { name: "no-such-program-for-sure".into(), in_working_dir: false })
        );
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope/bot");
        assert_eq!(check_program(missing.to_str().unwrap()), Err(ProgramError::NotFound { path: missing }));
        let d = dir.path().to_str().unwrap().to_string() + "/";
        assert_eq!(check_program(&d), Err(ProgramError::Directory { path: dir.path().join("") }));
        let script = dir.path().join("bot.sh");
        std::fs::write(&script, "#!/bin/sh\n").unwrap();
        assert_eq!(check_program(script.to_str().unwrap()), Err(ProgramError::NotExecutable { path: script.clone() }));
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert_eq!(check_program(script.to_str().unwrap()), Ok(script));
    }
}
