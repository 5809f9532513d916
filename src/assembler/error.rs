//! Assembly errors: where (file, line, column, source line) and what went wrong.

use std::fmt;

/// A problem found at one column of a line, before the line's file is known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Diag {
    /// 1-based character column the caret points at.
    pub col: usize,
    /// What is wrong, naming the offending item.
    pub msg: String,
    /// Whether this is an undefined symbol, which early passes meet for every forward reference.
    pub undefined_symbol: bool,
}

impl Diag {
    /// A diagnostic at `col` with message `msg`.
    pub fn new(col: usize, msg: impl Into<String>) -> Self {
        Diag {
            col,
            msg: msg.into(),
            undefined_symbol: false,
        }
    }
}

/// One error of a run, located in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    /// The file, as given on the command line or resolved from an INCLUDE.
    pub file: String,
    /// 1-based line number in `file` (0 when the file itself could not be read).
    pub line: usize,
    /// 1-based character column (0 when the file itself could not be read).
    pub col: usize,
    /// The text of the offending line.
    pub source_line: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: error: {}", self.file, self.message);
        }
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.message
        )?;
        writeln!(f, "    {}", self.source_line)?;
        // Keep tabs so the caret lines up with the source line however tabs are displayed.
        let pad: String = self
            .source_line
            .chars()
            .take(self.col.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "    {pad}^")
    }
}

/// All errors of one assembly run, in source order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", render(.0))]
pub struct AsmErrors(pub Vec<AsmError>);

fn render(errors: &[AsmError]) -> String {
    let mut out = String::new();
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&e.to_string());
    }
    out
}

impl AsmErrors {
    /// The errors, in the order they were found.
    pub fn errors(&self) -> &[AsmError] {
        &self.0
    }
}
