//! Source files: reading, INCLUDE/INCBIN search, and parsed lines kept across passes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::dialect::{Dialect, Options};
use super::encoding;
use super::error::{NAME_CHARS, escaped, quoted};
use super::parser::{Line, parse_line};
use super::tdl;

/// The most bytes a source file may have: far beyond any Z80 program (a 64 KiB image from
/// 16 MiB of text), small enough that a wrong file or an endless device is refused at once.
pub(crate) const MAX_SOURCE_BYTES: u64 = 16 << 20;

/// The most bytes an INCBIN file may have: all of the Z80's memory.
pub(crate) const MAX_INCBIN_BYTES: u64 = 0x1_0000;

/// The bytes of `path`, reading at most one byte past `limit`; a larger file is an error.
pub(crate) fn read_bounded(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "larger than {} KiB, the most this assembler reads",
            limit >> 10
        )));
    }
    Ok(bytes)
}

/// One loaded source file with its lines parsed once.
pub(crate) struct SourceFile {
    /// The name used in error messages: as given, or the path an INCLUDE resolved to, with
    /// control characters escaped.
    pub display: String,
    /// The name used in the listing: relative to the main source's folder, so that the
    /// listing does not depend on where the assembler was started.
    pub list_name: String,
    /// The folder INCLUDEs of this file are searched in first.
    pub dir: PathBuf,
    /// The raw text of each line.
    pub lines: Vec<Rc<str>>,
    /// Each line, parsed.
    pub parsed: Vec<Rc<Line>>,
    /// The words the file is written in.
    pub dialect: Dialect,
    /// The radix each line was parsed in: the `.RADIX` in force above it in the order of the
    /// text (always 10 in Zilog). The pass runs lines in another order when a macro's
    /// expansion holds a `.RADIX`, and parses a line again when its radix differs.
    radix: Vec<u32>,
    /// Where a ^Z (1AH, CP/M's end of text) ended the text early: the 1-based line it is on,
    /// and how many lines of code after it were cut off.
    pub eof_mark: Option<(usize, usize)>,
}

/// CP/M's end-of-text byte (^Z): CP/M keeps files in 128-byte records, and a text file ends
/// at its first ^Z, the rest of the record padded with more of them.
const EOF_MARK: char = '\u{1a}';

/// `text` up to its first ^Z; and, if there is one, its 1-based line and the lines of code
/// (neither blank nor comment nor padding) after it.
fn cut_at_eof_mark(text: &str) -> (&str, Option<(usize, usize)>) {
    let Some(at) = text.find(EOF_MARK) else {
        return (text, None);
    };
    let (kept, rest) = text.split_at(at);
    let line = 1 + kept.matches('\n').count();
    let code = rest
        .lines()
        .skip(1)
        .filter(|l| {
            let t = l.trim_matches(|c: char| c.is_whitespace() || c == EOF_MARK);
            !t.is_empty() && !t.starts_with(';')
        })
        .count();
    let on_its_line = rest.lines().next().unwrap_or_default();
    let tail = on_its_line.trim_matches(|c: char| c.is_whitespace() || c == EOF_MARK);
    let code = code + usize::from(!tail.is_empty() && !tail.starts_with(';'));
    (kept, Some((line, code)))
}

impl SourceFile {
    /// A file from its text, in `dialect`.
    pub fn new(
        display: String,
        list_name: String,
        dir: PathBuf,
        text: &str,
        dialect: Dialect,
    ) -> Self {
        let (text, eof_mark) = cut_at_eof_mark(text);
        let mut lines: Vec<Rc<str>> = text
            .split('\n')
            .map(|l| Rc::from(l.strip_suffix('\r').unwrap_or(l)))
            .collect();
        if text.ends_with('\n') {
            lines.pop();
        }
        let mut radix = Vec::with_capacity(lines.len());
        let mut parsed = Vec::with_capacity(lines.len());
        let mut current = 10;
        for l in &lines {
            radix.push(current);
            let line = match dialect {
                Dialect::Zilog => parse_line(l),
                Dialect::Tdl => {
                    let (line, next) = tdl::parse_line(l, current);
                    current = next;
                    line
                }
            };
            parsed.push(Rc::new(line));
        }
        SourceFile {
            display: escaped(&display, NAME_CHARS),
            list_name,
            dir,
            lines,
            parsed,
            dialect,
            radix,
            eof_mark,
        }
    }

    /// The radix this file's line `idx` was parsed in (the `.RADIX` in force above it in the
    /// order of the text; always 10 in Zilog).
    pub fn radix_at(&self, idx: usize) -> u32 {
        self.radix.get(idx).copied().unwrap_or(10)
    }

    /// Parses `text` (a line of this file, or a macro body line with its parameters replaced)
    /// in the file's dialect, bare numbers in `radix` (TDL's; Zilog has none).
    pub fn parse(&self, text: &str, radix: u32) -> Line {
        match self.dialect {
            Dialect::Zilog => parse_line(text),
            Dialect::Tdl => tdl::parse_line(text, radix).0,
        }
    }
}

/// A file found by an INCLUDE or INCBIN search.
struct Found {
    path: PathBuf,
    list_name: String,
}

/// All files of a run, loaded on first use.
pub(crate) struct Sources {
    /// The source files; index 0 is the main file.
    pub files: Vec<SourceFile>,
    by_path: HashMap<PathBuf, usize>,
    binaries: HashMap<PathBuf, Rc<[u8]>>,
    include_dirs: Vec<PathBuf>,
    /// The run's options (the dialect of every file).
    pub options: Options,
}

/// Why an INCLUDE or INCBIN file could not be used.
pub(crate) enum LoadError {
    /// No candidate exists; the folders searched.
    NotFound(Vec<PathBuf>),
    /// A candidate exists but is not a regular file: where, and what it is ("a folder").
    NotAFile(PathBuf, &'static str),
    /// The file exists but cannot be read.
    Unreadable(PathBuf, std::io::Error),
    /// The file's text cannot be read as lines (UTF-16, lines ended by CR alone).
    NotText(PathBuf, encoding::Refusal),
}

impl LoadError {
    /// A message naming the file and what was tried.
    pub fn message(&self, what: &str, name: &str) -> String {
        let name = quoted(name);
        let path = |p: &Path| escaped(&p.display().to_string(), NAME_CHARS);
        match self {
            LoadError::NotFound(dirs) if dirs.is_empty() => {
                format!("{what} file {name} not found")
            }
            LoadError::NotFound(dirs) => {
                let dirs: Vec<String> = dirs
                    .iter()
                    .map(|d| match path(d) {
                        s if s.is_empty() => ".".to_string(),
                        s => s,
                    })
                    .collect();
                format!(
                    "{what} file {name} not found (searched: {})",
                    dirs.join(", ")
                )
            }
            LoadError::NotAFile(at, kind) => {
                let shown = path(at);
                let found = if quoted(&shown) == name {
                    String::new()
                } else {
                    format!(" ({shown})")
                };
                format!("{what} file {name} is {kind}, not a file{found}")
            }
            LoadError::NotText(at, refusal) => {
                format!(
                    "cannot read {what} file {} (line {}): {}",
                    quoted(&at.display().to_string()),
                    refusal.line,
                    refusal.message
                )
            }
            LoadError::Unreadable(at, err) => {
                format!(
                    "cannot read {what} file {}: {err}",
                    quoted(&at.display().to_string())
                )
            }
        }
    }
}

/// What a path that exists is, when it is not a regular file (None for a file or nothing).
fn not_a_file(path: &Path) -> Option<&'static str> {
    let kind = std::fs::metadata(path).ok()?.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Why a candidate that is not a file cannot be used: what it is, or why the system cannot
/// tell (a loop of symbolic links); None when nothing is there.
fn refusal(path: &Path) -> Option<LoadError> {
    if let Some(kind) = not_a_file(path) {
        return Some(LoadError::NotAFile(path.to_path_buf(), kind));
    }
    let link = std::fs::symlink_metadata(path).ok()?;
    let err = std::fs::metadata(path).err()?;
    let looping = link.file_type().is_symlink() && err.kind() != std::io::ErrorKind::NotFound;
    looping.then(|| LoadError::Unreadable(path.to_path_buf(), err))
}

/// Joins a file's list name folder with an included name.
fn list_join(parent_list_name: &str, name: &str) -> String {
    match Path::new(parent_list_name).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(name).display().to_string(),
        _ => name.to_string(),
    }
}

impl Sources {
    /// Sources whose main file is `main`.
    pub fn new(main: SourceFile, include_dirs: &[PathBuf], options: Options) -> Self {
        Sources {
            files: vec![main],
            by_path: HashMap::new(),
            binaries: HashMap::new(),
            include_dirs: include_dirs.to_vec(),
            options,
        }
    }

    /// Searches `name` next to file `from`, then in the include folders. A candidate that
    /// exists but is no file (a folder, a device) is passed over; when no file is found, the
    /// first such candidate is named for what it is, and a link that leads nowhere readable
    /// (a loop) for why.
    fn find(&self, from: usize, name: &str) -> Result<Found, LoadError> {
        let parent = &self.files[from];
        let mut candidates = Vec::new();
        if Path::new(name).is_absolute() {
            candidates.push((PathBuf::from(name), name.to_string()));
        } else {
            let list_name = list_join(&parent.list_name, name);
            candidates.push((parent.dir.join(name), list_name));
            for dir in &self.include_dirs {
                candidates.push((dir.join(name), name.to_string()));
            }
        }
        let mut passed_over = None;
        for (path, list_name) in &candidates {
            if path.is_file() {
                return Ok(Found {
                    path: path.clone(),
                    list_name: list_name.clone(),
                });
            }
            if passed_over.is_none() {
                passed_over = refusal(path);
            }
        }
        if let Some(refused) = passed_over {
            return Err(refused);
        }
        let searched = match Path::new(name).is_absolute() {
            true => Vec::new(),
            false => std::iter::once(parent.dir.clone())
                .chain(self.include_dirs.iter().cloned())
                .collect(),
        };
        Err(LoadError::NotFound(searched))
    }

    /// Loads (once) the source file `name` included from file `from`; returns its index.
    pub fn include(&mut self, from: usize, name: &str) -> Result<usize, LoadError> {
        let found = self.find(from, name)?;
        if let Some(&id) = self.by_path.get(&found.path) {
            return Ok(id);
        }
        let bytes = read_bounded(&found.path, MAX_SOURCE_BYTES)
            .map_err(|e| LoadError::Unreadable(found.path.clone(), e))?;
        let text =
            encoding::decode(&bytes).map_err(|r| LoadError::NotText(found.path.clone(), r))?;
        let dir = found
            .path
            .parent()
            .map_or_else(PathBuf::new, Path::to_path_buf);
        let file = SourceFile::new(
            found.path.display().to_string(),
            found.list_name,
            dir,
            &text,
            self.options.dialect,
        );
        self.files.push(file);
        let id = self.files.len() - 1;
        self.by_path.insert(found.path, id);
        Ok(id)
    }

    /// Loads (once) the binary file `name` used by INCBIN in file `from`.
    pub fn binary(&mut self, from: usize, name: &str) -> Result<Rc<[u8]>, LoadError> {
        let found = self.find(from, name)?;
        if let Some(bytes) = self.binaries.get(&found.path) {
            return Ok(bytes.clone());
        }
        let bytes: Rc<[u8]> = read_bounded(&found.path, MAX_INCBIN_BYTES)
            .map_err(|e| LoadError::Unreadable(found.path.clone(), e))?
            .into();
        self.binaries.insert(found.path, bytes.clone());
        Ok(bytes)
    }

    /// Every INCLUDE and INCBIN file read, sorted (the main file is not among them).
    pub fn read_paths(&self) -> Vec<PathBuf> {
        let mut paths: Vec<PathBuf> = self
            .by_path
            .keys()
            .chain(self.binaries.keys())
            .cloned()
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }
}
