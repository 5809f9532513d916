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

/// A problem found on the line with index `.0`.
pub(crate) type ScanError = (usize, Diag);

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
    let open = find_open(&chars, body_at, name).map_err(|(i, d)| (idx + i, d))?;
    let close = find_close(&chars, open, name, idx).map_err(|(i, d)| (idx + i, d))?;
    let after: String = chars[close.line][close.ch + 1..].iter().collect();
    let after = after.trim_start();
    if !after.is_empty() && !after.starts_with(';') {
        let col = close.ch + 2 + (chars[close.line].len() - close.ch - 1 - after.chars().count());
        return Err((
            idx + close.line,
            Diag::new(
                col,
                format!("unexpected text after the ']' that closes macro '{name}'"),
            ),
        ));
    }
    let texts = (open.line..=close.line)
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
    Ok(BodyScan {
        first: idx + open.line,
        end: idx + close.line + 1,
        texts,
    })
}

/// The `[` that opens the body: only blanks and comments may come before it.
fn find_open(chars: &[Vec<char>], body_at: usize, name: &str) -> Result<At, ScanError> {
    for (i, line) in chars.iter().enumerate() {
        let from = if i == 0 { body_at } else { 0 };
        for (j, &c) in line.iter().enumerate().skip(from) {
            match c {
                '[' => return Ok(At { line: i, ch: j }),
                ';' => break,
                c if c.is_whitespace() => {}
                '(' => {
                    return Err((
                        i,
                        Diag::new(
                            j + 1,
                            format!("the body of macro '{name}' opens with '(': expected '['"),
                        ),
                    ));
                }
                _ => {
                    return Err((
                        i,
                        Diag::new(
                            j + 1,
                            format!("the body of macro '{name}' must be in brackets: expected '['"),
                        ),
                    ));
                }
            }
        }
    }
    Err((
        0,
        Diag::new(
            body_at + 1,
            format!("macro '{name}' has no body: expected '[' after the '='"),
        ),
    ))
}

/// The `]` that closes the `[` at `open`.
fn find_close(chars: &[Vec<char>], open: At, name: &str, base: usize) -> Result<At, ScanError> {
    let mut depth = 1usize;
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
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(At { line: i, ch: j });
                    }
                }
                '(' => parens += 1,
                ')' if parens == 0 => {
                    return Err((
                        i,
                        Diag::new(
                            j + 1,
                            format!(
                                "the body of macro '{name}' (its '[' on line {}) closes with ')': expected ']'",
                                base + open.line + 1
                            ),
                        ),
                    ));
                }
                ')' => parens -= 1,
                _ => {}
            }
            j += 1;
        }
    }
    Err((
        open.line,
        Diag::new(
            open.ch + 1,
            format!("the body of macro '{name}' is never closed: no ']' for this '['"),
        ),
    ))
}
