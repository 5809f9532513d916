//! Brackets on one line of TDL: the `]` that closes a `[` (of `.ASCII [expr]` or a macro's
//! parameter list), or the error naming the bracket that closed it instead.

use crate::assembler::error::Diag;

/// The index of the `]` that closes the `[` at `open`, or the error naming what closed it.
pub(super) fn closing_bracket(chars: &[char], open: usize) -> Result<usize, Diag> {
    for (i, &c) in chars.iter().enumerate().skip(open + 1) {
        match c {
            ']' => return Ok(i),
            ')' => {
                return Err(Diag::new(
                    i + 1,
                    format!(
                        "the '[' at column {} closes with ')': expected ']'",
                        open + 1
                    ),
                ));
            }
            ';' => break,
            _ => {}
        }
    }
    Err(Diag::new(
        open + 1,
        "this '[' is not closed on its line: expected ']'",
    ))
}
