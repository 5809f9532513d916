//! Words quoted for a POSIX shell, so that printed commands can be pasted.

/// Quotes a word for a POSIX shell when it needs it. A word with control characters is
/// quoted as `$'...'` with each of them escaped (`$'a\x1b[2J.bin'`), so a printed command
/// never sends them to the terminal and still pastes back to the same word.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else if word.chars().any(char::is_control) {
        ansi_c_quote(word)
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `$'...'` quoting: backslash and quote escaped, control characters as `\xHH` (`\uHHHH`
/// past ASCII).
fn ansi_c_quote(word: &str) -> String {
    let mut out = String::from("$'");
    for c in word.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() && (c as u32) < 0x80 => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Joins words into one shell command line, quoting where needed.
pub fn shell_command(words: &[String]) -> String {
    words
        .iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_for_the_shell() {
        assert_eq!(shell_quote("--depth"), "--depth");
        assert_eq!(shell_quote("8/8/8 w - -"), "'8/8/8 w - -'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
        let words = [
            "crosscheck".to_string(),
            "--fen".to_string(),
            "a b".to_string(),
        ];
        assert_eq!(shell_command(&words), "crosscheck --fen 'a b'");
        assert_eq!(
            shell_quote("a\u{1b}[2J\n'b'.bin"),
            r"$'a\x1b[2J\n\'b\'.bin'"
        );
        assert_eq!(shell_quote("x\u{9b}y\\"), r"$'x\u009by\\'");
    }
}
