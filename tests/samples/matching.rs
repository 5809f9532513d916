//! Output against a sample: line by line, trailing blanks ignored, `[..]` in a line for any
//! text (a timing, a speed), a line `...` for any number of lines (an elided part).

/// The pattern that matches any text within a line.
pub const ANY_TEXT: &str = "[..]";
/// The line that matches any number of lines.
pub const ANY_LINES: &str = "...";

/// True when `line` is `pattern`, each `[..]` standing for any text.
pub fn line_matches(pattern: &str, line: &str) -> bool {
    let (pattern, line) = (pattern.trim_end(), line.trim_end());
    let parts: Vec<&str> = pattern.split(ANY_TEXT).collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// True when `pattern` is found within `line` (`[..]` standing for any text).
pub fn line_contains(pattern: &str, line: &str) -> bool {
    line_matches(&format!("{ANY_TEXT}{}{ANY_TEXT}", pattern.trim_end()), line)
}

/// True when the output `lines` are the sample's `expected` lines.
pub fn matches(expected: &[String], lines: &[&str]) -> bool {
    let expected = trimmed(expected);
    let lines: Vec<&str> = {
        let mut l = lines.to_vec();
        while l.last().is_some_and(|x| x.trim().is_empty()) {
            l.pop();
        }
        l
    };
    // reach[j]: the expected lines so far can match the first j output lines.
    let mut reach = vec![false; lines.len() + 1];
    reach[0] = true;
    for pattern in expected {
        let mut next = vec![false; lines.len() + 1];
        if pattern.trim() == ANY_LINES {
            let mut seen = false;
            for j in 0..=lines.len() {
                seen |= reach[j];
                next[j] = seen;
            }
        } else {
            for j in 0..lines.len() {
                if reach[j] && line_matches(pattern, lines[j]) {
                    next[j + 1] = true;
                }
            }
        }
        reach = next;
    }
    reach[lines.len()]
}

/// The expected lines without trailing blank ones.
fn trimmed(expected: &[String]) -> &[String] {
    let mut end = expected.len();
    while end > 0 && expected[end - 1].trim().is_empty() {
        end -= 1;
    }
    &expected[..end]
}

/// True when every line of `excerpt` is found within a row of `screen`, in order.
pub fn excerpt_of(excerpt: &[String], screen: &[String]) -> bool {
    let mut rows = screen.iter();
    excerpt
        .iter()
        .all(|line| rows.any(|row| line_contains(line, row)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(String::from).collect()
    }

    #[test]
    fn wildcards_within_a_line() {
        assert!(line_matches("wall time  [..]", "wall time  1.52 s"));
        assert!(line_matches(
            "in [..] ([..] nodes/s)",
            "in 36 ms (5,476,584 nodes/s)"
        ));
        assert!(!line_matches(
            "in [..] ([..] nodes/s)",
            "in 36 ms, 5,476,584 nodes/s"
        ));
        assert!(line_matches("a[..]", "a"));
        assert!(!line_matches("ab[..]ba", "aba"));
        assert!(line_matches("exact  ", "exact"));
        assert!(!line_matches("exact", "exactly"));
    }

    #[test]
    fn elided_lines() {
        let out = ["one", "two", "three", "four"];
        assert!(matches(&lines("one\n...\nfour"), &out));
        assert!(matches(&lines("...\nthree\nfour\n"), &out));
        assert!(matches(&lines("one\ntwo\n...\nthree\nfour"), &out));
        assert!(matches(&lines("..."), &out));
        assert!(!matches(&lines("one\nthree\nfour"), &out));
        assert!(!matches(&lines("one\n...\nthree"), &out));
        assert!(!matches(&lines("one\ntwo\nthree\nfour\nfive"), &out));
    }

    #[test]
    fn excerpts_of_a_screen() {
        let screen = lines("┌Registers──┐┌FNDMOV\n│AF 0042  ││ 31A4\n│SP 8401  ││ 31AD");
        assert!(excerpt_of(
            &lines("┌Registers──┐\n│SP 8401[..]31AD"),
            &screen
        ));
        assert!(!excerpt_of(&lines("│SP 8401\n│AF 0042"), &screen));
    }
}
