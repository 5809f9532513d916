//! What can be wrong with a trace file, always naming the file and, for its content, the line.

use thiserror::Error;

/// The most characters of a line an error quotes.
const EXCERPT_CHARS: usize = 72;

/// A trace that could not be read.
#[derive(Debug, Error)]
pub enum TraceError {
    /// The file could not be opened or read.
    #[error("cannot read {file}: {cause}")]
    Io {
        /// The file as named.
        file: String,
        /// Why.
        cause: std::io::Error,
    },
    /// A line is not what the format allows.
    #[error("{file}:{line}: {message}\n  {excerpt}")]
    Malformed {
        /// The file as named.
        file: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
        /// The start of the line.
        excerpt: String,
    },
    /// The file has no search at all, several without a choice, or not the one chosen.
    #[error("{file}: {message}")]
    Selection {
        /// The file as named.
        file: String,
        /// What to choose and how.
        message: String,
    },
}

impl TraceError {
    /// A malformed line, quoted.
    pub fn malformed(
        file: &str,
        line: usize,
        text: &str,
        message: impl Into<String>,
    ) -> TraceError {
        TraceError::Malformed {
            file: file.to_string(),
            line,
            message: message.into(),
            excerpt: excerpt(text),
        }
    }
}

/// The start of a line, cut at a character boundary, with an ellipsis when cut.
pub fn excerpt(text: &str) -> String {
    let text = text.trim_end_matches(['\n', '\r']);
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}...", &text[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_cut_on_characters() {
        assert_eq!(excerpt("[1,2,3]\n"), "[1,2,3]");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long), format!("{}...", "é".repeat(72)));
        let error = TraceError::malformed("t.jsonl", 7, "[1,2]", "bad");
        assert_eq!(error.to_string(), "t.jsonl:7: bad\n  [1,2]");
    }
}
