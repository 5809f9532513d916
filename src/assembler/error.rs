//! Assembly errors: where (file, line, column, source line) and what went wrong. Whatever an
//! error shows of the source or of a file name is escaped and cut short here: the assembler
//! stands alone, so it keeps these few lines of its own rather than the crate's `files` room,
//! and quotes the same way (at most 40 characters, control characters as `\u{1b}`).

use std::fmt;

/// The most characters of a token a message quotes.
const QUOTE_CHARS: usize = 40;

/// The most characters of a file name an error shows.
pub(crate) const NAME_CHARS: usize = 200;

/// The most characters of a message an error shows (every piece of the source in it is
/// quoted short already; this bounds what a message could still carry).
const MESSAGE_CHARS: usize = 400;

/// `text` in single quotes for a message: at most 40 characters, control characters escaped,
/// and for a longer text `...` and its length, so a 2 MB operand or an escape sequence never
/// reaches the terminal as it is.
pub(crate) fn quoted(text: &str) -> String {
    match escape_start(text, QUOTE_CHARS) {
        (shown, true) => format!("'{shown}'... ({} bytes)", text.len()),
        (shown, false) => format!("'{shown}'"),
    }
}

/// `text` with control characters escaped (`\u{1b}`, `\n`), cut after `max` characters
/// with `...`.
pub(crate) fn escaped(text: &str, max: usize) -> String {
    match escape_start(text, max) {
        (shown, true) => shown + "...",
        (shown, false) => shown,
    }
}

/// The first `max` characters of `text`, control characters escaped, and whether there was
/// more.
fn escape_start(text: &str, max: usize) -> (String, bool) {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            return (out, true);
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    (out, false)
}

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
        let file = escaped(&self.file, NAME_CHARS);
        let message = escaped(&self.message, MESSAGE_CHARS);
        if self.line == 0 {
            return write!(f, "{file}: error: {message}");
        }
        // An error about the whole source rather than one column of it is one line.
        if self.col == 0 {
            return write!(f, "{file}:{}: error: {message}", self.line);
        }
        writeln!(f, "{file}:{}:{}: error: {message}", self.line, self.col)?;
        let (line, pad) = shown_line(&self.source_line, self.col);
        writeln!(f, "    {line}")?;
        write!(f, "    {pad}^")
    }
}

/// Something legal but probably not meant, found on one line: the assembly goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmWarning {
    /// The file, as given on the command line or resolved from an INCLUDE.
    pub file: String,
    /// 1-based line number in `file`.
    pub line: usize,
    /// What was found.
    pub message: String,
}

impl fmt::Display for AsmWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: warning: {}", self.file, self.line, self.message)
    }
}

/// The most characters of a source line an error shows.
const SHOWN_CHARS: usize = 100;

/// A source line as an error shows it, and the padding that puts a caret under column `col`:
/// control characters other than tabs escaped (`\u{1b}`), so a source cannot send escape
/// sequences to the terminal, and a long line cut to a window around the column. Tabs are
/// kept, in the line and in the padding, so the caret lines up however they are displayed.
fn shown_line(line: &str, col: usize) -> (String, String) {
    let chars: Vec<char> = line.chars().collect();
    let at = col.saturating_sub(1).min(chars.len());
    let start = at
        .saturating_sub(SHOWN_CHARS / 2)
        .min(chars.len().saturating_sub(SHOWN_CHARS));
    let end = (start + SHOWN_CHARS).min(chars.len());
    let (mut shown, mut pad) = (String::new(), String::new());
    if start > 0 {
        shown.push_str("...");
        pad.push_str("   ");
    }
    for (i, &c) in chars[start..end].iter().enumerate() {
        let text: String = if c.is_control() && c != '\t' {
            c.escape_debug().collect()
        } else {
            c.to_string()
        };
        if start + i < at {
            let blank = if c == '\t' { "\t" } else { " " };
            pad.push_str(&blank.repeat(text.chars().count()));
        }
        shown.push_str(&text);
    }
    if end < chars.len() {
        shown.push_str("...");
    }
    (shown, pad)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str, col: usize) -> String {
        AsmError {
            file: "x.asm".into(),
            line: 3,
            col,
            source_line: line.into(),
            message: "bad".into(),
        }
        .to_string()
    }

    #[test]
    fn the_caret_points_at_the_column() {
        assert_eq!(
            error("\tjr far", 5),
            "x.asm:3:5: error: bad\n    \tjr far\n    \t   ^"
        );
    }

    #[test]
    fn control_characters_are_escaped_and_the_caret_follows() {
        assert_eq!(
            error("\u{1b}[2Jld a,x", 10),
            format!(
                "x.asm:3:10: error: bad\n    \\u{{1b}}[2Jld a,x\n    {}^",
                " ".repeat(14)
            )
        );
    }

    #[test]
    fn a_long_line_shows_a_window_around_the_column() {
        let line = format!("{}ZZ{}", "a".repeat(5_000_000), "b".repeat(1000));
        let text = error(&line, 5_000_001);
        let shown = format!("...{}ZZ{}...", "a".repeat(50), "b".repeat(48));
        assert_eq!(
            text,
            format!(
                "x.asm:3:5000001: error: bad\n    {shown}\n    {}^",
                " ".repeat(53)
            )
        );
    }
}
