//! Reading inputs with limits: a file larger than its kind can be, or a line longer than a
//! line can be, is refused with the file (and line) named, after reading at most one byte
//! past the limit.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::excerpt::{excerpt, path_text};

/// Why an input file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    /// The file could not be opened or read.
    #[error("cannot read {}: {message}", path_text(path))]
    Read {
        /// The file.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// The file is larger than anything of its kind can be.
    #[error("{}: {what} is at most {} and this file is larger", path_text(path), size(*limit))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// What the file was read as ("an image", "a symbol file").
        what: &'static str,
        /// The most bytes accepted.
        limit: u64,
    },
    /// A line longer than a line of this kind can be.
    #[error(
        "{}:{line}: line longer than {limit} bytes: {excerpt}",
        path_text(path)
    )]
    LineTooLong {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// The most bytes a line may have.
        limit: usize,
        /// The start of the line, quoted.
        excerpt: String,
    },
    /// Bytes that are not UTF-8 text.
    #[error("{}:{line}: not UTF-8 text: {excerpt}", path_text(path))]
    NotText {
        /// The file.
        path: PathBuf,
        /// 1-based line number of the first bad byte.
        line: usize,
        /// The line, quoted (bad bytes shown as U+FFFD).
        excerpt: String,
    },
}

/// `limit` bytes in the largest whole unit.
fn size(limit: u64) -> String {
    match limit {
        l if l >= 1 << 20 && l % (1 << 20) == 0 => format!("{} MiB", l >> 20),
        l if l >= 1 << 10 && l % (1 << 10) == 0 => format!("{} KiB", l >> 10),
        l => format!("{l} bytes"),
    }
}

/// The bytes of `path`, refusing a file of more than `limit` bytes (`what` names the kind of
/// file in the error, e.g. "an image"). Reads at most `limit + 1` bytes, so a device that
/// never ends (`/dev/zero`) costs no more than a file one byte too large.
pub fn read_limited(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, FileError> {
    let read_error = |e: std::io::Error| FileError::Read {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            what,
            limit,
        });
    }
    Ok(bytes)
}

/// The limits of one kind of text input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextLimits {
    /// What the file is read as, for errors ("a symbol file").
    pub what: &'static str,
    /// The most bytes the file may have.
    pub max_bytes: u64,
    /// The most bytes one line may have (its line ending not counted).
    pub max_line: usize,
}

/// The text of `path` within `limits`: UTF-8, no larger than `max_bytes`, no line longer than
/// `max_line`; errors name the file and the line.
pub fn read_text(path: &Path, limits: TextLimits) -> Result<String, FileError> {
    let bytes = read_limited(path, limits.max_bytes, limits.what)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = bytes[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| at + i);
        FileError::NotText {
            path: path.to_path_buf(),
            line: bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1,
            excerpt: excerpt(&String::from_utf8_lossy(&bytes[line_start..line_end])),
        }
    })?;
    if let Some((index, line)) = text
        .lines()
        .enumerate()
        .find(|(_, line)| line.len() > limits.max_line)
    {
        return Err(FileError::LineTooLong {
            path: path.to_path_buf(),
            line: index + 1,
            limit: limits.max_line,
            excerpt: excerpt(line),
        });
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: TextLimits = TextLimits {
        what: "a test file",
        max_bytes: 64,
        max_line: 8,
    };

    fn file(bytes: &[u8]) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut f, bytes).unwrap();
        f
    }

    #[test]
    fn sizes_read_as_units() {
        assert_eq!(size(65_536), "64 KiB");
        assert_eq!(size(4 << 20), "4 MiB");
        assert_eq!(size(1000), "1000 bytes");
    }

    #[test]
    fn a_file_at_the_limit_is_read_one_byte_more_is_refused() {
        let f = file(&[7u8; 64]);
        assert_eq!(
            read_limited(f.path(), 64, "an image").unwrap(),
            vec![7u8; 64]
        );
        let err = read_limited(f.path(), 63, "an image").unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "{}: an image is at most 63 bytes and this file is larger",
                f.path().display()
            )
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_device_is_refused() {
        let err = read_limited(Path::new("/dev/zero"), 65_536, "an image").unwrap_err();
        assert_eq!(
            err.to_string(),
            "/dev/zero: an image is at most 64 KiB and this file is larger"
        );
    }

    #[test]
    fn long_lines_and_bad_bytes_are_named_by_line() {
        let f = file(b"ok\nfine\n0123456789\n");
        let err = read_text(f.path(), LIMITS).unwrap_err();
        assert!(
            matches!(
                err,
                FileError::LineTooLong {
                    line: 3,
                    limit: 8,
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string()
                .ends_with(":3: line longer than 8 bytes: \"0123456789\"")
        );
        let f = file(b"ok\nab\xFFc\n");
        let err = read_text(f.path(), LIMITS).unwrap_err();
        assert!(
            err.to_string()
                .ends_with(":2: not UTF-8 text: \"ab\u{FFFD}c\""),
            "{err}"
        );
        let f = file(b"ok\r\nfine\n");
        assert_eq!(read_text(f.path(), LIMITS).unwrap(), "ok\r\nfine\n");
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = read_limited(Path::new("/nonexistent/x.bin"), 10, "an image").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /nonexistent/x.bin: "),
            "{err}"
        );
    }
}
