//! EPD perft files: `FEN ;D1 n ;D2 n ...` per line, `#` comments, errors with file and line.

use std::path::Path;

use crate::files::{FileError, TextLimits, clip, read_text};

/// What an EPD file may be: 64 MiB (about half a million positions), lines of at most 4 KiB.
pub const EPD_LIMITS: TextLimits = TextLimits {
    what: "an EPD file",
    max_bytes: 64 << 20,
    max_line: 4096,
};

/// One EPD line: a FEN and the perft counts it claims (standard rules), with where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpdEntry {
    /// The position (4 or 6 FEN fields, as written in the file).
    pub fen: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
    /// The file name (or `built-in:<name>`) the line came from.
    pub source: String,
    /// 1-based line number in `source`.
    pub line: usize,
}

impl EpdEntry {
    /// The claimed node count at `depth`, if the line has one.
    pub fn count_at(&self, depth: u32) -> Option<u64> {
        self.counts
            .iter()
            .find(|&&(d, _)| d == depth)
            .map(|&(_, n)| n)
    }
}

/// A malformed EPD file or line.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EpdError {
    /// The file could not be read.
    #[error("{source_name}: cannot read: {message}")]
    Read {
        /// The file name.
        source_name: String,
        /// The I/O error text.
        message: String,
    },
    /// A file refused before parsing: larger than [`EPD_LIMITS`], a line too long, not text.
    #[error(transparent)]
    Input(FileError),
    /// A line that is not `FEN ;Dn count ...`.
    #[error("{source_name}:{line}: {message}")]
    Line {
        /// The file name.
        source_name: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
}

/// Parses EPD text; `source_name` is used in entries and error messages.
pub fn parse_epd(text: &str, source_name: &str) -> Result<Vec<EpdEntry>, EpdError> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fail = |message: String| EpdError::Line {
            source_name: source_name.to_string(),
            line,
            message,
        };
        let mut parts = trimmed.split(';');
        let fen = parts.next().unwrap_or("").trim();
        if fen.is_empty() {
            return Err(fail("missing FEN before ';'".to_string()));
        }
        let mut counts = Vec::new();
        for op in parts {
            let op = op.trim();
            if op.is_empty() {
                continue;
            }
            counts.push(parse_count(op).map_err(fail)?);
        }
        entries.push(EpdEntry {
            fen: fen.to_string(),
            counts,
            source: source_name.to_string(),
            line,
        });
    }
    Ok(entries)
}

/// Reads and parses an EPD file, within [`EPD_LIMITS`].
pub fn read_epd(path: &Path) -> Result<Vec<EpdEntry>, EpdError> {
    let name = crate::files::path_text(path);
    let text = read_text(path, EPD_LIMITS).map_err(|err| match err {
        FileError::Read { message, .. } => EpdError::Read {
            source_name: name.clone(),
            message,
        },
        other => EpdError::Input(other),
    })?;
    parse_epd(&text, &name)
}

fn parse_count(op: &str) -> Result<(u32, u64), String> {
    let mut words = op.split_whitespace();
    let tag = words.next().unwrap_or("");
    let value = words.next();
    if words.next().is_some() {
        return Err(format!("expected `Dn count`, found `{}`", clip(op)));
    }
    let depth = tag
        .strip_prefix('D')
        .and_then(|d| d.parse::<u32>().ok())
        .ok_or_else(|| format!("expected a depth tag like `D3`, found `{}`", clip(tag)))?;
    let nodes = value
        .ok_or_else(|| format!("`{}` has no node count", clip(tag)))?
        .parse::<u64>()
        .map_err(|_| format!("`{}`: node count is not a number", clip(op)))?;
    Ok((depth, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_counts_and_skips_comments() {
        let text = "# header\n\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9\n";
        let entries = parse_epd(text, "x.epd").unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(entries[0].counts, vec![(1, 3), (2, 9)]);
        assert_eq!(entries[0].line, 3);
        assert_eq!(entries[0].count_at(2), Some(9));
        assert_eq!(entries[0].count_at(3), None);
    }

    #[test]
    fn reports_file_and_line() {
        let text = "8/8/8/8/8/8/8/K6k w - - ;D1 3\n8/8/8/8/8/8/8/K6k w - - ;D2 x\n";
        let err = parse_epd(text, "bad.epd").unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad.epd:2: `D2 x`: node count is not a number"
        );
        let err = parse_epd(";D1 3\n", "bad.epd").unwrap_err();
        assert_eq!(err.to_string(), "bad.epd:1: missing FEN before ';'");
        let err = parse_epd("k7/8/8/8/8/8/8/K7 w - - ;X1 3\n", "b").unwrap_err();
        assert_eq!(
            err.to_string(),
            "b:1: expected a depth tag like `D3`, found `X1`"
        );
    }

    #[test]
    fn parses_the_built_in_files() {
        let cpw = parse_epd(include_str!("data/cpw.epd"), "cpw").unwrap();
        assert_eq!(cpw.len(), 7);
        assert_eq!(cpw[1].count_at(3), Some(97862));
        let suite = parse_epd(include_str!("data/perftsuite.epd"), "suite").unwrap();
        assert_eq!(suite.len(), 126);
    }
}
