//! Parses one TDL line into the statement the Zilog front end would make of its Zilog form.

use super::directives;
use super::rewrite;
use crate::assembler::dialect::Dialect;
use crate::assembler::error::Diag;
use crate::assembler::lexer::{self, Numbers};
use crate::assembler::operand::split_commas;
use crate::assembler::parser::{Body, Cursor, Label, Line, Val, split_raw_args};
use crate::assembler::words;

/// Parses one TDL line under `.RADIX radix`; returns the line and the radix in force after it.
pub(crate) fn parse_line(text: &str, radix: u32) -> (Line, u32) {
    let chars: Vec<char> = text.chars().collect();
    let mut cur = Cursor {
        chars: &chars,
        pos: 0,
    };
    let first_col = 1 + chars.iter().take_while(|c| c.is_whitespace()).count();
    let line = |label, op_col, body| Line {
        label,
        directive: None,
        op_col,
        body,
    };
    let (label, op) = match label_and_op(&mut cur) {
        Ok(found) => found,
        Err((label, diag)) => return (line(label, first_col, Err(diag)), radix),
    };
    let Some(op) = op else {
        return (line(label, first_col, Ok(Body::Empty)), radix);
    };
    let numbers = Numbers::tdl(radix);
    let (body, radix, op_col) = match op {
        Op::Equate(col) => (equate(&chars, cur.pos, numbers), radix, col),
        Op::Word(word, col) => {
            let (body, radix) = statement(&word, col, &chars, cur.pos, numbers);
            (body, radix, col)
        }
    };
    (line(label, op_col, body), radix)
}

/// What follows a line's label.
enum Op {
    /// `= expr`: the column of the `=`.
    Equate(usize),
    /// A mnemonic, directive or macro name and its column.
    Word(String, usize),
}

/// A label that failed, with the label found so far (if any) and the error.
type LabelError = (Option<Label>, Diag);

/// The line's label (`NAME:` or the name of `NAME = expr`) and what follows it.
fn label_and_op(cur: &mut Cursor) -> Result<(Option<Label>, Option<Op>), LabelError> {
    cur.skip_blanks();
    if cur.at_end() {
        return Ok((None, None));
    }
    let Some((word, col)) = cur.word() else {
        let diag = Diag::new(
            cur.pos + 1,
            "expected a label, mnemonic, directive or macro name",
        );
        return Err((None, diag));
    };
    if cur.colon() || is_equate(cur) {
        let label = Some(label_at(word, col).map_err(|d| (None, d))?);
        cur.skip_blanks();
        if is_equate(cur) {
            let eq = cur.pos + 1;
            cur.pos += 1;
            return Ok((label, Some(Op::Equate(eq))));
        }
        if cur.at_end() {
            return Ok((label, None));
        }
        return match cur.word() {
            Some((word, col)) => Ok((label, Some(Op::Word(word, col)))),
            None => {
                let diag = Diag::new(cur.pos + 1, "expected a mnemonic, directive or macro name");
                Err((label, diag))
            }
        };
    }
    Ok((None, Some(Op::Word(word, col))))
}

/// Whether the cursor (after blanks) is on the `=` of an equate.
fn is_equate(cur: &Cursor) -> bool {
    let mut i = cur.pos;
    while cur.chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    cur.chars.get(i) == Some(&'=') && cur.chars.get(i + 1) != Some(&'=')
}

fn label_at(name: String, col: usize) -> Result<Label, Diag> {
    if words::is_tdl_keyword(&name) {
        return Err(Diag::new(
            col,
            format!("reserved word '{name}' cannot be used as a label"),
        ));
    }
    Ok(Label { name, col })
}

/// `NAME = expr`: the expression after the `=`.
fn equate(chars: &[char], rest: usize, numbers: Numbers) -> Result<Body, Diag> {
    let tokens = lexer::lex_in(chars, rest, numbers)?;
    if tokens.is_empty() {
        return Err(Diag::new(chars.len() + 1, "'=' needs a value: NAME = expr"));
    }
    let end = chars.len() + 1;
    let expr = crate::assembler::expr::parse_in(&tokens, end, Dialect::Tdl)?;
    Ok(Body::Equ(Val {
        expr,
        col: tokens[0].col,
    }))
}

/// A directive, an instruction or a macro use; returns the radix in force after it.
fn statement(
    word: &str,
    col: usize,
    chars: &[char],
    rest: usize,
    numbers: Numbers,
) -> (Result<Body, Diag>, u32) {
    if word.starts_with('.') {
        return directives::directive(word, col, chars, rest, numbers);
    }
    let body = if rewrite::is_mnemonic(word) {
        instruction(word, col, chars, rest, numbers)
    } else {
        split_raw_args(chars, rest).map(|args| Body::Call {
            name: word.to_string(),
            col,
            args,
        })
    };
    (body, numbers.radix)
}

/// A TDL instruction, rewritten to its Zilog form.
fn instruction(
    word: &str,
    col: usize,
    chars: &[char],
    rest: usize,
    numbers: Numbers,
) -> Result<Body, Diag> {
    let tokens = lexer::lex_in(chars, rest, numbers)?;
    let end_col = chars.len() + 1;
    let mut ops = Vec::new();
    if !tokens.is_empty() {
        let parts = split_commas(&tokens);
        for (i, part) in parts.iter().enumerate() {
            let end = parts
                .get(i + 1)
                .and_then(|p| p.first())
                .map_or(end_col, |t| t.col - 1);
            ops.push(rewrite::operand(part, end)?);
        }
    }
    let (mnemonic, operands) = rewrite::rewrite(word, col, &ops)?;
    Ok(Body::Instr {
        mnemonic,
        col,
        operands,
    })
}
