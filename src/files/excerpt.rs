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
