//! How a source file's bytes become its text: ASCII or UTF-8, lines ended by LF or CR LF. A
//! UTF-8 byte-order mark (which editors on Windows write) is read past, as a user expects;
//! UTF-16 and lines ended by CR alone are refused with an error that names them, where they
//! would otherwise turn into a first line of strange characters or one line holding the file.

use std::borrow::Cow;

/// Why a source's text cannot be read as lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// The 1-based line the problem is seen on.
    pub line: usize,
    /// What the text is, and what to do.
    pub message: String,
}

impl Refusal {
    fn at(line: usize, message: String) -> Self {
        Refusal { line, message }
    }
}

/// The UTF-8 encoding of the byte-order mark U+FEFF.
const UTF8_BOM: &[u8] = &[0xEF, 0xBB, 0xBF];

/// The text of a source file's `bytes`: UTF-16 (by its byte-order mark) refused, anything else
/// read as UTF-8 (a byte that is no UTF-8 becomes U+FFFD), then checked as [`text`] checks it.
pub(crate) fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, Refusal> {
    let order = match bytes {
        [0xFF, 0xFE, ..] => Some("little-endian, FF FEH"),
        [0xFE, 0xFF, ..] => Some("big-endian, FE FFH"),
        _ => None,
    };
    if let Some(order) = order {
        return Err(Refusal::at(
            1,
            format!(
                "this file is UTF-16 text (its byte-order mark: {order}); the assembler reads \
                 ASCII or UTF-8: convert it (iconv -f UTF-16 -t UTF-8)"
            ),
        ));
    }
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    let text = String::from_utf8_lossy(bytes);
    text_problem(&text).map_or(Ok(text), Err)
}

/// `text` without a leading byte-order mark, or why it cannot be read as lines: UTF-16
/// without a byte-order mark, lines ended by CR alone.
pub(crate) fn text(text: &str) -> Result<&str, Refusal> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text_problem(text).map_or(Ok(text), Err)
}

fn text_problem(text: &str) -> Option<Refusal> {
    if let Some(order) = utf16_order(text) {
        return Some(Refusal::at(
            1,
            format!(
                "this file looks like UTF-16 text without a byte-order mark (every other byte \
                 is 0); the assembler reads ASCII or UTF-8: convert it (iconv -f {order} -t UTF-8)"
            ),
        ));
    }
    let lone = text
        .char_indices()
        .find(|&(i, c)| c == '\r' && !text[i + 1..].starts_with('\n'))?;
    if !text.contains('\n') {
        return Some(Refusal::at(
            1,
            "the lines of this file end with CR alone (as classic Mac OS wrote them); the \
             assembler reads lines ended by LF or CR LF: convert it (tr '\\r' '\\n')"
                .to_string(),
        ));
    }
    let line = 1 + text[..lone.0].matches('\n').count();
    Some(Refusal::at(
        line,
        "a CR alone inside this line (a line end of classic Mac OS?); lines end with LF or \
         CR LF: remove it or make it a line end"
            .to_string(),
    ))
}

/// Which UTF-16 `text` is when it starts as ASCII text in UTF-16 does, a NUL beside every
/// character: after it (`UTF-16LE`) or before it (`UTF-16BE`).
fn utf16_order(text: &str) -> Option<&'static str> {
    let start: Vec<char> = text.chars().take(64).collect();
    if start.len() < 4 {
        return None;
    }
    let nul_at = |parity: usize| {
        start
            .iter()
            .enumerate()
            .all(|(i, &c)| (i % 2 == parity) == (c == '\0'))
    };
    if nul_at(1) {
        Some("UTF-16LE")
    } else if nul_at(0) {
        Some("UTF-16BE")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_utf8_byte_order_mark_is_read_past() {
        assert_eq!(decode(b"\xEF\xBB\xBF\tNOP\n").unwrap(), "\tNOP\n");
        assert_eq!(text("\u{feff}\tNOP\n").unwrap(), "\tNOP\n");
    }

    #[test]
    fn utf16_is_named_with_or_without_its_mark() {
        let le = decode(b"\xFF\xFE\t\0N\0O\0P\0\n\0").unwrap_err();
        assert_eq!(le.line, 1);
        assert!(
            le.message
                .starts_with("this file is UTF-16 text (its byte-order mark: little-endian"),
            "{}",
            le.message
        );
        let be = decode(b"\xFE\xFF\0\t\0N").unwrap_err();
        assert!(be.message.contains("big-endian, FE FFH"), "{}", be.message);
        let bare = decode(b"\t\0N\0O\0P\0\n\0").unwrap_err();
        assert!(
            bare.message
                .starts_with("this file looks like UTF-16 text without a byte-order mark"),
            "{}",
            bare.message
        );
        assert!(bare.message.ends_with("(iconv -f UTF-16LE -t UTF-8)"));
        let big = decode(b"\0\t\0N\0O\0P\0\n").unwrap_err();
        assert!(big.message.ends_with("(iconv -f UTF-16BE -t UTF-8)"));
        assert!(decode(b"\tDB 0\n\tNOP\n").is_ok());
    }

    #[test]
    fn lines_ended_by_cr_alone_are_named() {
        let mac = text("\tNOP\r\tNOP\r").unwrap_err();
        assert_eq!(mac.line, 1);
        assert!(mac.message.contains("end with CR alone"), "{}", mac.message);
        let stray = text("\tNOP\r\n\tNOP\n\tLD A,1\rNOP\n").unwrap_err();
        assert_eq!(stray.line, 3);
        assert!(stray.message.starts_with("a CR alone inside this line"));
        assert_eq!(text("\tNOP\r\n\tNOP\r\n").unwrap(), "\tNOP\r\n\tNOP\r\n");
        assert_eq!(text("\tNOP\r").unwrap_err().line, 1);
    }
}
