//! The shape of the source: no function under `src/` runs over 60 lines (signature to closing
//! brace, as rustfmt lays it out), so each reads on one screen; a longer one is split by
//! meaning. Tests under `src/` count too.

use std::path::{Path, PathBuf};

/// The most lines a function may take.
const MAX_LINES: usize = 60;

/// Every `.rs` file under `dir`, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The name of the function a line starts (`pub(crate) const fn name(` and the like), with the
/// line's indentation.
fn function_start(line: &str) -> Option<(&str, &str)> {
    let body = line.trim_start();
    let indent = &line[..line.len() - body.len()];
    let mut rest = body;
    for word in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name_end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    (name_end > 0).then(|| (indent, &rest[..name_end]))
}

/// Each function of `text` with its first line (from 1) and its length in lines; `Err` names a
/// function whose end was not found where rustfmt puts it.
fn functions(text: &str) -> Result<Vec<(String, usize, usize)>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let Some((indent, name)) = function_start(line) else {
            continue;
        };
        // The signature ends at its `{` (a body), `;` (a declaration) or `}` (all on one line).
        let Some(open) = (at..lines.len()).find(|&i| {
            let l = lines[i].trim_end();
            l.ends_with('{') || l.ends_with(';') || l.ends_with('}')
        }) else {
            return Err(format!("line {}: fn {name} has no body", at + 1));
        };
        if !lines[open].trim_end().ends_with('{') {
            continue;
        }
        let close = format!("{indent}}}");
        let Some(end) = (open + 1..lines.len()).find(|&i| lines[i] == close) else {
            return Err(format!("line {}: fn {name} never closes", at + 1));
        };
        found.push((name.to_string(), at + 1, end - at + 1));
    }
    Ok(found)
}

#[test]
fn no_function_runs_over_60_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 100, "the sources were not found");
    let mut long = Vec::new();
    let mut counted = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let shown = path.strip_prefix(root).unwrap().display();
        let functions = functions(&text).unwrap_or_else(|e| panic!("{shown}: {e}"));
        counted += functions.len();
        for (name, line, length) in functions {
            if length > MAX_LINES {
                long.push(format!("{shown}:{line}: fn {name}, {length} lines"));
            }
        }
    }
    assert!(counted > 1000, "only {counted} functions found");
    assert!(
        long.is_empty(),
        "functions over {MAX_LINES} lines (split them by meaning):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_count_reads_rustfmt_layout() {
    let text = "\
pub(crate) fn short(a: u8) -> u8 {
    a
}

impl X {
    fn long(
        &self,
    ) -> u8 {
        let a = 1;
        a
    }
    fn declared(&self);
    fn inline(&self) -> u8 { 1 }
}
";
    assert_eq!(
        functions(text).unwrap(),
        [("short".to_string(), 1, 3), ("long".to_string(), 6, 6)]
    );
    assert!(functions("fn open() {\n    1\n").is_err());
}
