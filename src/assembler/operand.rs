//! Instruction operands: registers, indirections, indexed addressing and immediate values.

use super::error::Diag;
use super::expr::{self, Expr};
use super::lexer::{Punct, Token};
use super::words::{self, Reg};

/// The shape of one instruction operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OpKind {
    /// A register or condition name: `A`, `HL`, `AF'`, `NZ`, ...
    Reg(Reg),
    /// A register in parentheses: `(HL)`, `(BC)`, `(DE)`, `(SP)`, `(C)`, `(IX)`, `(IY)`.
    Ind(Reg),
    /// `(IX+d)`, `(IX-d)` and the IY forms; the expression is the signed displacement.
    Indexed(Reg, Expr),
    /// A memory address in parentheses: `(nn)`.
    Mem(Expr),
    /// A value: `nn`.
    Imm(Expr),
}

/// An operand and the column where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Operand {
    /// What the operand is.
    pub kind: OpKind,
    /// 1-based column of its first token.
    pub col: usize,
}

/// Index of the `)` that closes the `(` at `tokens[0]`, if any.
fn closing_paren(tokens: &[Token]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        if t.is(Punct::LParen) {
            depth += 1;
        } else if t.is(Punct::RParen) {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Parses one operand from its tokens; `end_col` is the column just past them.
pub(crate) fn parse(tokens: &[Token], end_col: usize) -> Result<Operand, Diag> {
    let Some(first) = tokens.first() else {
        return Err(Diag::new(end_col, "operand expected"));
    };
    let col = first.col;
    if let [only] = tokens {
        if let Some(r) = only.ident().and_then(words::register) {
            return Ok(Operand {
                kind: OpKind::Reg(r),
                col,
            });
        }
    }
    // A parenthesis that closes at the very end makes an indirection; `(1+2)*3` is a value.
    if first.is(Punct::LParen) && closing_paren(tokens) == Some(tokens.len() - 1) {
        let inner = &tokens[1..tokens.len() - 1];
        let close_col = tokens[tokens.len() - 1].col;
        let inner_reg = inner
            .first()
            .and_then(|t| t.ident())
            .and_then(words::register);
        let kind = match (inner_reg, inner.len()) {
            (Some(r), 1) => OpKind::Ind(r),
            (Some(r @ (Reg::Ix | Reg::Iy)), _)
                if inner[1].is(Punct::Plus) || inner[1].is(Punct::Minus) =>
            {
                OpKind::Indexed(r, expr::parse(&inner[1..], close_col)?)
            }
            (Some(r), _) => {
                return Err(Diag::new(
                    inner[1].col,
                    format!(
                        "unexpected {} after register {} in parentheses",
                        expr::describe(&inner[1]),
                        r.name()
                    ),
                ));
            }
            (None, _) => OpKind::Mem(expr::parse(inner, close_col)?),
        };
        return Ok(Operand { kind, col });
    }
    Ok(Operand {
        kind: OpKind::Imm(expr::parse(tokens, end_col)?),
        col,
    })
}

/// Splits `tokens` at commas outside parentheses.
pub(crate) fn split_commas(tokens: &[Token]) -> Vec<&[Token]> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        if t.is(Punct::LParen) {
            depth += 1;
        } else if t.is(Punct::RParen) {
            depth = depth.saturating_sub(1);
        } else if t.is(Punct::Comma) && depth == 0 {
            parts.push(&tokens[start..i]);
            start = i + 1;
        }
    }
    parts.push(&tokens[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assembler::lexer::lex;

    fn op(src: &str) -> OpKind {
        parse(&lex(src).unwrap(), src.len() + 1).unwrap().kind
    }

    #[test]
    fn shapes() {
        assert_eq!(op("hl"), OpKind::Reg(Reg::Hl));
        assert_eq!(op("(Hl)"), OpKind::Ind(Reg::Hl));
        assert_eq!(op("(ix)"), OpKind::Ind(Reg::Ix));
        assert!(matches!(op("(iy-3)"), OpKind::Indexed(Reg::Iy, _)));
        assert_eq!(op("(1234h)"), OpKind::Mem(Expr::Num(0x1234)));
        assert!(matches!(op("(1)+(2)"), OpKind::Imm(_)));
        assert!(matches!(op("5"), OpKind::Imm(_)));
    }
}
