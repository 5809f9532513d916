//! Reading one source line as text: where its comment starts, which word is its operation,
//! and its operands split at their commas. Enough of both dialects' syntax to find what a line
//! wrote, never an assembler: what is found is checked against the bytes it stands for.

/// The line up to its `;` comment (a `;` inside quotes does not count).
pub fn code(text: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            // `AF'` is a register, not the start of a text.
            None if c == '\'' && previous.is_ascii_alphanumeric() => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == ';' => return &text[..i],
            None => {}
        }
        previous = c;
    }
    text
}

/// The operation of the line when it is one of `words` (compared ignoring case), standing
/// first or after one label (`LOOP:`, or a name in the first column): the word as written and
/// the operands after it, split at the commas outside quotes and parentheses.
pub fn operation<'a>(text: &'a str, words: &[&str]) -> Option<(&'a str, Vec<&'a str>)> {
    let code = code(text);
    let mut rest = code;
    for place in 0..2 {
        let trimmed = rest.trim_start();
        let end = trimmed
            .find(|c: char| c.is_whitespace())
            .unwrap_or(trimmed.len());
        let word = &trimmed[..end];
        if word.is_empty() {
            return None;
        }
        if words.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            return Some((word, operands(&trimmed[end..])));
        }
        // Only a label may stand before the operation.
        let label = word.ends_with(':') || (place == 0 && !code.starts_with(char::is_whitespace));
        if !label {
            return None;
        }
        rest = &trimmed[end..];
        // `LABEL:LD A,1`: the operation may follow the colon without a blank.
        if let Some((_, after)) = word.split_once(':').filter(|(_, a)| !a.is_empty()) {
            let start = word.len() - after.len();
            rest = &trimmed[start..];
        }
    }
    None
}

/// `text` split at its top-level commas, each part trimmed; none for a blank text.
pub fn operands(text: &str) -> Vec<&str> {
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    let mut parts = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' && previous.is_ascii_alphanumeric() => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '(' || c == '[' => depth += 1,
            None if c == ')' || c == ']' => depth -= 1,
            None if c == ',' && depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            None => {}
        }
        previous = c;
    }
    parts.push(text[start..].trim());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_end_the_code_outside_quotes() {
        assert_eq!(code("  LD A,';' ; the semicolon"), "  LD A,';' ");
        assert_eq!(code("\tEX AF,AF' ; swap"), "\tEX AF,AF' ");
        assert_eq!(code("no comment"), "no comment");
    }

    #[test]
    fn the_operation_after_a_label() {
        let ld = &["LD"];
        assert_eq!(
            operation("RBP10:    LD      A,(IX +10)", ld),
            Some(("LD", vec!["A", "(IX +10)"]))
        );
        assert_eq!(
            operation("        ld  hl , ( PTR2 ) ; x", ld),
            Some(("ld", vec!["hl", "( PTR2 )"]))
        );
        assert_eq!(operation("LOOP LD B,C", ld), Some(("LD", vec!["B", "C"])));
        assert_eq!(operation("A:LD B,C", ld), Some(("LD", vec!["B", "C"])));
        assert_eq!(operation("LD B,C", ld), Some(("LD", vec!["B", "C"])));
        assert_eq!(operation("        CALL X", ld), None);
        assert_eq!(
            operation("        OR A LD", ld),
            None,
            "a label takes no indent"
        );
        assert_eq!(
            operation("PRT:\t.BYTE\t0B2H,1AH", &[".BYTE"]),
            Some((".BYTE", vec!["0B2H", "1AH"]))
        );
        assert_eq!(
            operation("\tCPI\t','", &["CPI"]),
            Some(("CPI", vec!["','"]))
        );
        assert_eq!(
            operation("\tMOV\tA,DISP(X)", &["MOV"]),
            Some(("MOV", vec!["A", "DISP(X)"]))
        );
    }
}
