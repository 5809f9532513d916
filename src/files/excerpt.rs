//! A short, printable quote of bad input for error messages.

/// Characters of the input an [`excerpt`] shows.
pub const EXCERPT_CHARS: usize = 40;

/// `text` quoted for an error message: at most [`EXCERPT_CHARS`] characters, control and
/// other non-printing characters escaped (`\u{1b}`, `\t`), and for a longer text its length,
/// so a 5 MB line or an escape sequence never reaches the terminal as it is.
///
/// ```
/// use sargon_z80::files::excerpt;
///
/// assert_eq!(excerpt("B EQU"), "\"B EQU\"");
/// assert_eq!(excerpt("\u{1b}[2J"), "\"\\u{1b}[2J\"");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("\"{}\"... (100 bytes)", "x".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    let (shown, cut) = escaped_start(text);
    if cut {
        format!("\"{shown}\"... ({} bytes)", text.len())
    } else {
        format!("\"{shown}\"")
    }
}

/// `text` for messages that quote it their own way (`` `D2 x` ``): the same escaping and
/// cut as [`excerpt`], with `...` for a cut and no quotes.
///
/// ```
/// use sargon_z80::files::clip;
///
/// assert_eq!(clip("D2 x"), "D2 x");
/// assert_eq!(clip(&"7".repeat(50)), format!("{}...", "7".repeat(40)));
/// ```
pub fn clip(text: &str) -> String {
    match escaped_start(text) {
        (shown, true) => shown + "...",
        (shown, false) => shown,
    }
}

/// Characters of a path [`path_text`] shows: more than an excerpt, as a path is named in
/// full wherever it can be.
const PATH_CHARS: usize = 200;

/// `path` for an error message: as given, but with control characters escaped (`\u{1b}`) so
/// an escape sequence in a file name never reaches the terminal as it is, and cut with `...`
/// past 200 characters.
///
/// ```
/// use std::path::Path;
/// use sargon_z80::files::path_text;
///
/// assert_eq!(path_text(Path::new("dir/x y.bin")), "dir/x y.bin");
/// assert_eq!(path_text(Path::new("a\u{1b}[2J.bin")), "a\\u{1b}[2J.bin");
/// ```
pub fn path_text(path: &std::path::Path) -> String {
    printable(&path.to_string_lossy(), PATH_CHARS)
}

/// `text` for a message that is ours but may carry what a user typed: control characters
/// escaped, quotes left as they are, cut after `max` characters with `...`.
///
/// ```
/// assert_eq!(sargon_z80::files::printable("a\u{1b}b \"c\"", 10), "a\\u{1b}b \"c\"");
/// assert_eq!(sargon_z80::files::printable("abcdef", 3), "abc...");
/// ```
pub fn printable(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// The first [`EXCERPT_CHARS`] characters escaped, and whether anything was left out.
fn escaped_start(text: &str) -> (String, bool) {
    let mut out = String::with_capacity(EXCERPT_CHARS + 8);
    let mut shown = 0;
    for c in text.chars().take(EXCERPT_CHARS) {
        out.extend(c.escape_debug());
        shown += c.len_utf8();
    }
    (out, shown < text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(excerpt(""), "\"\"");
        assert_eq!(excerpt("POSQ EQU 0FFFFh"), "\"POSQ EQU 0FFFFh\"");
        assert_eq!(excerpt("a\"b"), "\"a\\\"b\"");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(excerpt("\u{7}\r\0"), "\"\\u{7}\\r\\0\"");
        assert!(!excerpt("\u{1b}]0;title\u{7}").contains('\u{1b}'));
    }

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "é".repeat(1_000_000);
        let quoted = excerpt(&long);
        assert_eq!(quoted, format!("\"{}\"... (2000000 bytes)", "é".repeat(40)));
    }
}
