//! The body of a TDL macro: the text between the `[` after `.DEFINE NAME[P1,P2]=` and its `]`,
//! over as many lines as it takes.

use std::rc::Rc;

use crate::assembler::error::Diag;

/// Where a macro body lies.
#[derive(Debug)]
pub(crate) struct BodyScan {
    /// Index of the line holding the `[`.
    pub first: usize,
    /// Index one past the line holding the `]`.
    pub end: usize,
    /// The body's text on each line from `first` to `end` (without the brackets).
    pub texts: Vec<Rc<str>>,
}

/// A body that cannot be read as written.
#[derive(Debug)]
pub(crate) struct ScanError {
    /// Index of the line at fault.
    pub line: usize,
    /// What is wrong there.
    pub diag: Diag,
    /// Index one past the body's last line when the fault shows where the body ends (a `)`
    /// in place of its `]`, text after its `]`); None when nothing does.
    pub end: Option<usize>,
    /// Whether no `[` opens a body where one should start.
    pub unopened: bool,
}

impl ScanError {
    fn at(line: usize, diag: Diag, end: Option<usize>, unopened: bool) -> Self {
        ScanError {
            line,
            diag,
            end,
            unopened,
        }
    }
}

/// A character position: line index and character index.
#[derive(Debug, Clone, Copy)]
struct At {
    line: usize,
    ch: usize,
}

/// Reads the body of macro `name` defined on line `idx`, whose text after the `=` starts at
/// character `body_at`: a `[`, then everything up to the `]` that closes it. Brackets nest;
/// strings and comments are skipped; a `)` that closes no `(` on its line is the wrong bracket.
pub(crate) fn scan_body(
    lines: &[Rc<str>],
    idx: usize,
    body_at: usize,
    name: &str,
) -> Result<BodyScan, ScanError> {
    let chars: Vec<Vec<char>> = lines[idx..].iter().map(|l| l.chars().collect()).collect();
    let shift = |mut e: ScanError| {
        e.line += idx;
        e.end = e.end.map(|end| end + idx);
        e
    };
    let open = find_open(&chars, body_at, name).map_err(shift)?;
    let close = find_close(&chars, open, name, idx).map_err(shift)?;
    let after: String = chars[close.line][close.ch + 1..].iter().collect();
    let after = after.trim_start();
    if !after.is_empty() && !after.starts_with(';') {
        let col = close.ch + 2 + (chars[close.line].len() - close.ch - 1 - after.chars().count());
        let msg = format!("unexpected text after the ']' that closes macro '{name}'");
        let end = Some(close.line + 1);
        return Err(shift(ScanError::at(
            close.line,
            Diag::new(col, msg),
            end,
            false,
        )));
    }
    let texts: Vec<Rc<str>> = (open.line..=close.line)
        .map(|i| {
            let from = if i == open.line { open.ch + 1 } else { 0 };
            let to = if i == close.line {
                close.ch
            } else {
                chars[i].len()
            };
            Rc::from(chars[i][from..to].iter().collect::<String>())
        })
        .collect();
    if let Some((line, col)) = nested_define(&texts) {
        let line = open.line + line;
        let col = col + if line == open.line { open.ch + 1 } else { 0 };
        let msg = format!(
            "a .DEFINE inside the body of macro '{name}': a macro is defined on lines of its own, not in another macro's body (define this one before '{name}')"
        );
        let end = Some(close.line + 1);
        return Err(shift(ScanError::at(
            line,
            Diag::new(col + 1, msg),
            end,
            false,
        )));
    }
    Ok(BodyScan {
        first: idx + open.line,
        end: idx + close.line + 1,
        texts,
    })
}

/// The first statement among a body's `texts` that is a `.DEFINE`: its line (0 is the text
/// after the `[`) and its character index in that text.
fn nested_define(texts: &[Rc<str>]) -> Option<(usize, usize)> {
    texts.iter().enumerate().find_map(|(i, text)| {
        let chars: Vec<char> = text.chars().collect();
        let mut at = chars.iter().take_while(|c| c.is_whitespace()).count();
        let word = |from: usize| {
            let len = chars[from..]
                .iter()
                .take_while(|&&c| c == '.' || crate::assembler::lexer::is_ident_char(c))
                .count();
            chars[from..from + len].iter().collect::<String>()
        };
        let first = word(at);
        if chars.get(at + first.chars().count()) == Some(&':') {
            at += first.chars().count() + 1;
            at += chars[at..].iter().take_while(|c| c.is_whitespace()).count();
        }
        word(at).eq_ignore_ascii_case(".DEFINE").then_some((i, at))
    })
}

/// The `[` that opens the body: only blanks and comments may come before it.
fn find_open(chars: &[Vec<char>], body_at: usize, name: &str) -> Result<At, ScanError> {
    for (i, line) in chars.iter().enumerate() {
        let from = if i == 0 { body_at } else { 0 };
        for (j, &c) in line.iter().enumerate().skip(from) {
            let msg = match c {
                '[' => return Ok(At { line: i, ch: j }),
                ';' => break,
                c if c.is_whitespace() => continue,
                '(' => format!("the body of macro '{name}' opens with '(': expected '['"),
                _ => format!("the body of macro '{name}' must be in brackets: expected '['"),
            };
            return Err(ScanError::at(i, Diag::new(j + 1, msg), None, true));
        }
    }
    let msg = format!("macro '{name}' has no body: expected '[' after the '='");
    Err(ScanError::at(0, Diag::new(body_at + 1, msg), None, true))
}

/// The `]` that closes the `[` at `open`. A `)` that closes no `(` on its line is taken for
/// the `]` it should be: the error names the first one, and the body ends where the brackets
/// so read close.
fn find_close(chars: &[Vec<char>], open: At, name: &str, base: usize) -> Result<At, ScanError> {
    let mut depth = 1usize;
    let mut wrong: Option<ScanError> = None;
    for (i, line) in chars.iter().enumerate().skip(open.line) {
        let mut parens = 0usize;
        let mut j = if i == open.line { open.ch + 1 } else { 0 };
        while j < line.len() {
            match line[j] {
                ';' => break,
                q @ ('"' | '\'') => {
                    j += line[j + 1..]
                        .iter()
                        .position(|&c| c == q)
                        .map_or(line.len(), |n| n + 1);
                }
                '[' => depth += 1,
                c @ (']' | ')') if c == ']' || parens == 0 => {
                    if c == ')' && wrong.is_none() {
                        let msg = wrong_close(name, depth, base + open.line + 1);
                        wrong = Some(ScanError::at(i, Diag::new(j + 1, msg), None, false));
                    }
                    depth -= 1;
                    if depth == 0 {
                        return match wrong {
                            Some(e) => Err(ScanError {
                                end: Some(i + 1),
                                ..e
                            }),
                            None => Ok(At { line: i, ch: j }),
                        };
                    }
                }
                '(' => parens += 1,
                ')' => parens -= 1,
                _ => {}
            }
            j += 1;
        }
    }
    Err(wrong.unwrap_or_else(|| {
        let msg = format!("the body of macro '{name}' is never closed: no ']' for this '['");
        ScanError::at(open.line, Diag::new(open.ch + 1, msg), None, false)
    }))
}

/// The error for a `)` where the `]` of the body of macro `name` (opened on line `line`)
/// belongs, or the `]` of a bracket inside it (`depth` above 1).
fn wrong_close(name: &str, depth: usize, line: usize) -> String {
    if depth == 1 {
        format!("the body of macro '{name}' (its '[' on line {line}) closes with ')': expected ']'")
    } else {
        format!("a '[' in the body of macro '{name}' closes with ')': expected ']'")
    }
}
