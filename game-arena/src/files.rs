//! What the arena's files are: the one classification of a file
//! ([`identify`]) and of a folder of records ([`Folder::read`]) that every
//! command reading records uses (`merge`, `play --resume`, `league`,
//! `analyze`, `view`, `render`, `judge`), so that a folder's other files
//! (analyses, pages, `bots.txt`, unfinished writes) never stop them and a
//! file that is not a record is named with what it is.
//!
//! A file is known by its name first (`.NAME.part`: an unfinished write,
//! renamed into place once whole; `*.html`: a page; `bots.txt`: a league's
//! bots; `*.analysis.json`: an analysis), then, for another `*.json`, by
//! its first keys: a record starts with `format` (and has `turns`), an
//! analysis (`arena analyze --json`) has `bot` and `plies`, a series'
//! summary (`play --json`, `merge --json`) has `planned` and
//! `end_reasons`, a league's table (`league --json`) has `rows` and
//! `cross`. Only the first keys are read: a large record costs a few bytes.

use serde::de::{Deserializer, Error as _, IgnoredAny, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a file is, as the arena knows its files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum FileKind {
    /// A game record of `play --record` (whole or not: see [`FileError`]).
    Record,
    /// A temporary file still being written, or left by an interrupted run
    /// (`.NAME.part`).
    Unfinished,
    /// An analysis of `arena analyze --json`.
    Analysis,
    /// A series' summary of `play --json` or `merge --json`.
    Summary,
    /// A league's table of `league --json`.
    Standings,
    /// An HTML page (a replay page, a series' `index.html`, a league page).
    Page,
    /// An SVG picture (`arena render`).
    Picture,
    /// A league's list of bots (`bots.txt`).
    Bots,
    /// A bot as one source file (`arena bundle -o`), known by its first
    /// line.
    Bundle,
    /// A folder.
    Folder,
    /// An empty file.
    Empty,
    /// JSON that is none of the above.
    OtherJson,
    /// Anything else.
    Other,
}

impl FileKind {
    /// The kind in words, for `count` files of it (`2 analyses`, `a page`).
    pub fn count(self, count: usize) -> String {
        let (one, many) = match self {
            FileKind::Record => ("record", "records"),
            FileKind::Unfinished => ("unfinished record", "unfinished records"),
            FileKind::Analysis => ("analysis", "analyses"),
            FileKind::Summary => ("series summary", "series summaries"),
            FileKind::Standings => ("league table", "league tables"),
            FileKind::Page => ("page", "pages"),
            FileKind::Picture => ("picture", "pictures"),
            FileKind::Bots => ("bot list", "bot lists"),
            FileKind::Bundle => ("bundled bot", "bundled bots"),
            FileKind::Folder => ("folder", "folders"),
            FileKind::Empty => ("empty file", "empty files"),
            FileKind::OtherJson => ("other JSON file", "other JSON files"),
            FileKind::Other => ("other file", "other files"),
        };
        if count == 1 { format!("1 {one}") } else { format!("{count} {many}") }
    }

    /// The kind with its article, for a sentence (`an analysis`).
    pub fn a(self) -> String {
        let word = self.count(1);
        let word = word.trim_start_matches("1 ");
        let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
        format!("{article} {word}")
    }
}

/// The file of a league's bots in its folder.
pub const BOTS_FILE: &str = "bots.txt";

/// What a file is by its name alone, when the name says it (`None`: a
/// `*.json` file, known by its content).
fn by_name(name: &str) -> Option<FileKind> {
    if name.ends_with(".part") {
        Some(FileKind::Unfinished)
    } else if name.ends_with(".analysis.json") {
        Some(FileKind::Analysis)
    } else if name.ends_with(".html") || name.ends_with(".htm") {
        Some(FileKind::Page)
    } else if name.ends_with(".svg") {
        Some(FileKind::Picture)
    } else if name == BOTS_FILE {
        Some(FileKind::Bots)
    } else if name.ends_with(".json") || name.ends_with(".rs") {
        None
    } else {
        Some(FileKind::Other)
    }
}

/// What the file at `path` is: by its name, then (a `*.json` file) by its
/// first keys, or (a `*.rs` file) by its first line.
///
/// # Errors
/// [`FileError::Read`] when it cannot be read.
pub fn identify(path: &Path) -> Result<FileKind, FileError> {
    let read = |source| FileError::Read { path: path.to_path_buf(), source };
    let meta = std::fs::metadata(path).map_err(read)?;
    if meta.is_dir() {
        return Ok(FileKind::Folder);
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if let Some(kind) = by_name(&name) {
        return Ok(kind);
    }
    if meta.len() == 0 {
        return Ok(FileKind::Empty);
    }
    let file = std::fs::File::open(path).map_err(read)?;
    let mut input = std::io::BufReader::with_capacity(4096, file);
    if name.ends_with(".rs") {
        let mut first = String::new();
        let _ = std::io::BufRead::read_line(&mut input, &mut first);
        let bundle = first.starts_with("// ") && first.contains("made by `arena bundle`");
        return Ok(if bundle { FileKind::Bundle } else { FileKind::Other });
    }
    Ok(by_content(input))
}

/// A JSON file's kind from its first keys.
fn by_content(input: impl std::io::Read) -> FileKind {
    let mut found = None;
    let _ = serde_json::Deserializer::from_reader(input).deserialize_map(KeysVisitor(&mut found));
    found.unwrap_or(FileKind::OtherJson)
}

/// Reads a JSON object's keys until one says what the file is.
struct KeysVisitor<'o>(&'o mut Option<FileKind>);

impl<'de> Visitor<'de> for KeysVisitor<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
        while let Some(key) = map.next_key::<String>()? {
            let kind = match key.as_str() {
                "format" | "turns" | "setup" => Some(FileKind::Record),
                "plies" | "bot" => Some(FileKind::Analysis),
                "planned" | "end_reasons" | "ending" => Some(FileKind::Summary),
                "rows" | "cross" | "model" => Some(FileKind::Standings),
                _ => None,
            };
            if kind.is_some() {
                *self.0 = kind;
                // Decided: stop reading.
                return Err(M::Error::custom("decided"));
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// Checks that `path` can be a record before it is read as one, naming
/// what it is otherwise: a folder, an empty file, an unfinished write, an
/// analysis, a page, ...
///
/// # Errors
/// [`FileError::Read`], or [`FileError::NotARecord`] saying what the file
/// is.
pub fn check_record(path: &Path) -> Result<(), FileError> {
    match identify(path)? {
        FileKind::Record | FileKind::OtherJson | FileKind::Other => Ok(()),
        kind => Err(FileError::NotARecord { path: path.to_path_buf(), kind }),
    }
}

/// Checks, before anything runs, that an output file the user named
/// (`--json`, `--html`, `--svg`, `-o`) may be written: a file that is not
/// there, an earlier output of the same kind (`writes`: rerunning a command
/// updates its page or summary) or an empty file is replaced; any other
/// file (a record, an analysis, an unfinished record, a page, a league's
/// bots, a folder, a file the arena did not write: the user's own), the
/// command's own input included, is not.
///
/// # Errors
/// [`FileError::WouldReplace`] naming the file, what it is and `what`
/// was to be written (`the page`); [`FileError::IsAFolder`];
/// [`FileError::Read`].
pub fn check_output(path: &Path, writes: FileKind, what: &'static str) -> Result<(), FileError> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(());
    }
    match identify(path)? {
        kind if kind == writes => Ok(()),
        FileKind::Folder => Err(FileError::IsAFolder { path: path.to_path_buf(), what }),
        FileKind::Empty => Ok(()),
        kind => Err(FileError::WouldReplace { path: path.to_path_buf(), kind, what }),
    }
}

/// Checks that the folder an output file goes into is there (a file named
/// without a folder goes into the working directory).
///
/// # Errors
/// [`FileError::NoFolder`] naming the file and its folder.
pub fn check_output_folder(path: &Path) -> Result<(), FileError> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
            Err(FileError::NoFolder { path: path.to_path_buf(), dir: dir.to_path_buf() })
        }
        _ => Ok(()),
    }
}

/// A folder of records: its records, and the other files it holds, by
/// kind (skipped by the tools that read records, with [`Folder::note`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Folder {
    /// The folder.
    pub dir: PathBuf,
    /// Its records, sorted by name.
    pub records: Vec<PathBuf>,
    /// Its other files, by kind, each sorted by name.
    pub skipped: BTreeMap<FileKind, Vec<PathBuf>>,
}

impl Folder {
    /// Reads and classifies the files of `dir` ([`identify`]; files whose
    /// name starts with a dot other than unfinished writes are left out).
    ///
    /// # Errors
    /// [`FileError::Read`] when the folder or one of its files cannot be
    /// read, [`FileError::NotAFolder`] for a file.
    pub fn read(dir: &Path) -> Result<Folder, FileError> {
        let read = |source| FileError::Read { path: dir.to_path_buf(), source };
        match identify(dir)? {
            FileKind::Folder => {}
            kind => return Err(FileError::NotAFolder { path: dir.to_path_buf(), kind }),
        }
        let mut folder = Folder { dir: dir.to_path_buf(), ..Folder::default() };
        let mut paths = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(read)? {
            let entry = entry.map_err(read)?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') && !name.ends_with(".part") {
                continue;
            }
            paths.push(entry.path());
        }
        paths.sort();
        for path in paths {
            match identify(&path) {
                Ok(FileKind::Record) => folder.records.push(path),
                Ok(kind) => folder.skipped.entry(kind).or_default().push(path),
                // Gone since the listing: an unfinished record renamed into
                // place (listed again under its name) or removed.
                Err(FileError::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        Ok(folder)
    }

    /// A folder that does not exist yet reads as empty.
    ///
    /// # Errors
    /// As [`Folder::read`].
    pub fn read_if_there(dir: &Path) -> Result<Folder, FileError> {
        if std::fs::symlink_metadata(dir).is_err() {
            return Ok(Folder { dir: dir.to_path_buf(), ..Folder::default() });
        }
        Folder::read(dir)
    }

    /// The one line that says which files were skipped as not records
    /// (`None`: none were): `out: skipped 1 analysis, 2 pages (not records)`.
    pub fn note(&self) -> Option<String> {
        if self.skipped.is_empty() {
            return None;
        }
        let kinds: Vec<String> = self.skipped.iter().map(|(k, files)| k.count(files.len())).collect();
        Some(format!("{}: skipped {} (not records)", self.dir.display(), kinds.join(", ")))
    }
}

/// What is wrong with a file or a folder of records as the arena reads it
/// ([`crate::files`]): each names the file and says what it is.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// A file or folder that cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file given as a record that is something else.
    #[error("{}", not_a_record(path, *kind))]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// A JSON file that ends before its end: a copy or a write cut short.
    #[error("{} is cut short (it ends at line {line}, column {column}): not a whole record", path.display())]
    CutShort {
        /// The file.
        path: PathBuf,
        /// Where it ends.
        line: usize,
        /// Where it ends.
        column: usize,
    },
    /// A folder to record a series into that holds records this run would
    /// replace or that are of another series.
    #[error(
        "{} holds {} of {}: pass --resume to continue {}, or another folder",
        dir.display(),
        FileKind::Record.count(*records),
        if *same { format!("this series ({series})") } else { format!("another series ({series})") },
        if *same { "it" } else { "that series with its options" }
    )]
    HoldsRecords {
        /// The folder.
        dir: PathBuf,
        /// How many records it holds.
        records: usize,
        /// The series of its records, in words (`yavalath random vs random, seed 7`).
        series: String,
        /// Whether they are of the series asked for (whose games this run
        /// would play again) rather than another.
        same: bool,
    },
    /// A file where a folder of records goes.
    #[error("{} is {}, not a folder: pass the folder of records{}", path.display(), kind.a(), if *kind == FileKind::Record { " that holds it" } else { "" })]
    NotAFolder {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// An output file whose folder is not there.
    #[error("{}: there is no folder {} to write it in", path.display(), dir.display())]
    NoFolder {
        /// The file.
        path: PathBuf,
        /// Its folder.
        dir: PathBuf,
    },
    /// A folder where an output file goes.
    #[error("{} is a folder: pass a file to write {what} to", path.display())]
    IsAFolder {
        /// The folder.
        path: PathBuf,
        /// What was to be written (`the page`).
        what: &'static str,
    },
    /// An output file that would replace a file of another kind (a record,
    /// an analysis) or the command's own input.
    #[error("{} is {}: {what} would replace it; pass another file", path.display(), mine(*kind))]
    WouldReplace {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
        /// What was to be written (`the page`).
        what: &'static str,
    },
}

/// What a file is, for the user who has it: a kind of the arena's with
/// its article, or a file the arena did not write.
fn mine(kind: FileKind) -> String {
    match kind {
        FileKind::Other | FileKind::OtherJson => "a file the arena did not write (yours?)".into(),
        kind => kind.a(),
    }
}

/// A file that is not a record, in the user's words.
fn not_a_record(path: &std::path::Path, kind: FileKind) -> String {
    use FileKind as K;
    let p = path.display();
    match kind {
        K::Analysis => format!("{p} is an analysis, not a record: pass the record it analyses"),
        K::Unfinished => format!(
            "{p} is an unfinished record (the series was interrupted, or is still being written): \
             the finished records are the .json files beside it"
        ),
        K::Empty => format!("{p} is empty: not a record"),
        K::Folder => format!("{p} is a folder, not a record: pass one of its records"),
        K::Page => format!("{p} is a page, not a record: pass the record it shows (its .json)"),
        K::Summary => format!("{p} is a series summary (play --json), not a record"),
        K::Standings => format!("{p} is a league table (league --json), not a record"),
        K::Bots => format!("{p} is a league's list of bots, not a record"),
        K::Bundle => format!("{p} is a bundled bot (arena bundle), not a record"),
        K::Picture => format!("{p} is a picture, not a record: pass the record it draws"),
        K::Record | K::OtherJson | K::Other => format!("{p} is not a record of `arena play --record`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_known_by_name_then_by_their_first_keys() {
        let dir = tempfile::tempdir().unwrap();
        let put = |name: &str, text: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let kind = |p: PathBuf| identify(&p).unwrap();
        assert_eq!(kind(put("nim-00000.json", "{\"format\":2,\"game\":\"nim\",\"turns\":[")), FileKind::Record);
        assert_eq!(kind(put("a.json", "{\"game\":\"nim\",\"bot\":\"mcts\",\"plies\":[]}")), FileKind::Analysis);
        assert_eq!(kind(put("s.json", "{\"game\":\"nim\",\"config\":{},\"planned\":2}")), FileKind::Summary);
        assert_eq!(
            kind(put("t.json", "{\"game\":\"nim\",\"seed\":1,\"seats\":2,\"model\":\"x\"}")),
            FileKind::Standings
        );
        assert_eq!(kind(put("x.analysis.json", "")), FileKind::Analysis);
        assert_eq!(kind(put(".nim-00001.json.part", "{\"format\":2")), FileKind::Unfinished);
        assert_eq!(kind(put("e.json", "")), FileKind::Empty);
        assert_eq!(kind(put("o.json", "[1, 2]")), FileKind::OtherJson);
        assert_eq!(kind(put("index.html", "<!DOCTYPE html>")), FileKind::Page);
        assert_eq!(kind(put(BOTS_FILE, "name=a,random\n")), FileKind::Bots);
        assert_eq!(kind(dir.path().to_path_buf()), FileKind::Folder);
        let folder = Folder::read(dir.path()).unwrap();
        assert_eq!(folder.records, [dir.path().join("nim-00000.json")]);
        let note = folder.note().unwrap();
        assert!(note.ends_with("skipped 1 unfinished record, 2 analyses, 1 series summary, 1 league table, 1 page, 1 bot list, 1 empty file, 1 other JSON file (not records)"), "{note}");
        assert_eq!(FileKind::Analysis.a(), "an analysis");
        let record = dir.path().join("nim-00000.json");
        assert!(check_output(&dir.path().join("new.html"), FileKind::Page, "the page").is_ok());
        assert!(check_output(&dir.path().join("index.html"), FileKind::Page, "the page").is_ok());
        assert!(check_output(&dir.path().join("e.json"), FileKind::Analysis, "the analysis").is_ok());
        let e = check_output(&record, FileKind::Page, "the page").unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{} is a record: the page would replace it; pass another file", record.display())
        );
    }
}
