//! The listing: address, bytes, line number and source text of every line run.

use std::fmt::Write;
use std::rc::Rc;

/// Bytes shown per listing row.
const BYTES_PER_ROW: usize = 4;

/// One line as it was assembled.
#[derive(Debug, Clone)]
pub(crate) struct ListLine {
    /// Index of the source file.
    pub file: usize,
    /// 1-based line number in that file.
    pub line: usize,
    /// The text (after macro parameter substitution).
    pub text: Rc<str>,
    /// Whether the line comes from a macro expansion.
    pub expanded: bool,
    /// The address of the line, if it has one.
    pub addr: Option<u16>,
    /// The bytes it emitted (DS and INCBIN show only their first row).
    pub bytes: Vec<u8>,
    /// The value an EQU or DEFL gave.
    pub value: Option<i32>,
}

fn hex_row(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(3 * BYTES_PER_ROW);
    for b in bytes {
        let _ = write!(s, "{b:02X} ");
    }
    s
}

/// Replaces tabs by spaces up to the next multiple of 8 columns of the source text, so the
/// source keeps its layout after the listing's own columns.
fn expand_tabs(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut col = 0;
    for c in text.chars() {
        if c == '\t' {
            let n = 8 - col % 8;
            out.extend(std::iter::repeat_n(' ', n));
            col += n;
        } else {
            out.push(c);
            col += 1;
        }
    }
    out
}

/// Renders the listing; `names` are the files' listing names.
pub(crate) fn render(lines: &[ListLine], names: &[String]) -> String {
    let mut out = String::new();
    let mut current_file = None;
    for l in lines {
        if current_file != Some(l.file) {
            let _ = writeln!(out, "; file {}", names[l.file]);
            current_file = Some(l.file);
        }
        let mark = if l.expanded { '+' } else { ' ' };
        let addr = match (l.value, l.addr) {
            (Some(v), _) => format!("={:04X}", v as u16),
            (None, Some(a)) => format!("{a:04X} "),
            (None, None) => "     ".to_string(),
        };
        let mut rows = l.bytes.chunks(BYTES_PER_ROW);
        let first = rows.next().map(hex_row).unwrap_or_default();
        let row = format!(
            "{:>6}{mark} {addr} {first:<12} {}",
            l.line,
            expand_tabs(&l.text)
        );
        let _ = writeln!(out, "{}", row.trim_end());
        let mut a = l.addr.unwrap_or(0);
        for row in rows {
            a = a.wrapping_add(BYTES_PER_ROW as u16);
            let _ = writeln!(out, "{:>6}  {a:04X}  {}", "", hex_row(row).trim_end());
        }
    }
    out
}
