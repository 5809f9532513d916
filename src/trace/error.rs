//! What can be wrong with a trace file, always naming the file and, for its content, the line.
//! Everything quoted from the file goes through the tool's one escaping helper: at most 40
//! characters of a line, control characters shown as `\u{1b}`, so a hostile file reaches the
//! terminal neither raw nor at length.

use thiserror::Error;

use super::limits::{MAX_READ_BYTES, MAX_TRACE_BYTES};
use crate::files::{EXCERPT_CHARS, printable};
use crate::text::grouped;

/// The most characters of a message an error shows (a message may carry what a JSON parser
/// quoted from the line).
const MESSAGE_CHARS: usize = 200;

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
    /// The trace needs more memory than a trace is given.
    #[error(
        "{file}:{line}: the trace is larger than {} MiB once read, the most a trace may take \
         ({} evaluations and {} GENMOV lists by this line; a PLYMAX 8 search with every list \
         and term takes 113 MiB)",
        MAX_TRACE_BYTES >> 20,
        grouped(*evaluations as u64),
        grouped(*lists as u64)
    )]
    TooLarge {
        /// The file as named.
        file: String,
        /// The line where it was refused.
        line: usize,
        /// Evaluations read by then.
        evaluations: usize,
        /// Lists read by then.
        lists: usize,
    },
    /// More of the file was read than any trace takes: input without end.
    #[error(
        "{file}:{line}: more than {} MiB read, the most a trace is read from (a PLYMAX 8 search \
         with every list and term is 224 MB); does the input end?",
        MAX_READ_BYTES >> 20
    )]
    TooLong {
        /// The file as named.
        file: String,
        /// The line being read when the limit was passed.
        line: usize,
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
    /// A malformed line, quoted short and escaped.
    pub fn malformed(
        file: &str,
        line: usize,
        text: &str,
        message: impl Into<String>,
    ) -> TraceError {
        TraceError::Malformed {
            file: file.to_string(),
            line,
            message: printable(&message.into(), MESSAGE_CHARS),
            excerpt: excerpt(text),
        }
    }
}

/// The start of a line as an error quotes it: at most 40 characters, control characters
/// escaped, `...` when cut.
pub fn excerpt(text: &str) -> String {
    printable(text.trim_end_matches(['\n', '\r']), EXCERPT_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("[1,2,3]\n"), "[1,2,3]");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long), format!("{}...", "é".repeat(40)));
        let error = TraceError::malformed("t.jsonl", 7, "[1,2]", "bad");
        assert_eq!(error.to_string(), "t.jsonl:7: bad\n  [1,2]");
        let error = TraceError::malformed("t.jsonl", 1, "\u{1b}]0;x\u{7}\0", "bad \u{1b}[2J");
        assert_eq!(
            error.to_string(),
            "t.jsonl:1: bad \\u{1b}[2J\n  \\u{1b}]0;x\\u{7}\\0"
        );
    }
}
