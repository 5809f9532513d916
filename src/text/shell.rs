//! Words quoted for a POSIX shell, so that printed commands can be pasted.

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
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
    }
}
