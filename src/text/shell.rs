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

/// A command after `label` in lines at most `width` wide, for a report that must fit a
/// terminal: the words break between options (an option stays with its value), each line but
/// the last ends in ` \\` and the next goes on indented under the command, so the lines paste
/// back into a shell as the one command. A word longer than the width stays whole.
pub fn shell_lines(label: &str, words: &[String], width: usize) -> String {
    let mut groups: Vec<String> = Vec::new();
    let mut rest = words.iter().peekable();
    while let Some(word) = rest.next() {
        let mut group = shell_quote(word);
        if word.starts_with("--") {
            if let Some(value) = rest.next_if(|next| !next.starts_with("--")) {
                group.push(' ');
                group.push_str(&shell_quote(value));
            }
        }
        groups.push(group);
    }
    let indent = label.chars().count() + 2;
    let mut out = String::new();
    let mut line = label.to_string();
    let mut empty = true;
    for group in groups {
        // Room for the ` \` a broken line ends in.
        if !empty && line.chars().count() + 1 + group.chars().count() + 2 > width {
            out.push_str(&line);
            out.push_str(" \\\n");
            line = " ".repeat(indent);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(&group);
        empty = false;
    }
    out.push_str(&line);
    out
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

    #[test]
    fn a_long_command_goes_on_over_lines_that_paste_back() {
        let words: Vec<String> = [
            "sargon-z80",
            "jupiter",
            "--rom",
            "/a/long/path/to/the/program.bin",
            "--sym",
            "/a/long/path/to/the/program.sym",
            "--keys",
            "",
            "--max-tstates",
            "3000",
            "--pace",
            "--seed",
            "1",
        ]
        .map(String::from)
        .to_vec();
        let text = shell_lines("replay: ", &words, 60);
        assert_eq!(
            text,
            "replay: sargon-z80 jupiter \\\n          \
             --rom /a/long/path/to/the/program.bin \\\n          \
             --sym /a/long/path/to/the/program.sym --keys '' \\\n          \
             --max-tstates 3000 --pace --seed 1"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 60), "{text}");
        let joined = text.strip_prefix("replay: ").unwrap().replace(" \\\n", " ");
        let words_back: Vec<&str> = joined.split_whitespace().collect();
        assert_eq!(words_back.join(" "), shell_command(&words));
        assert_eq!(
            shell_lines("replay: ", &words[..4], 100),
            "replay: sargon-z80 jupiter --rom /a/long/path/to/the/program.bin"
        );
    }
}
