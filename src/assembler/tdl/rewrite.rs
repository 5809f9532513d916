//! Matching a TDL instruction against the forms and building the Zilog operands it stands for.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::hints;
use super::operand::TdlOperand;
use crate::assembler::dialect::Dialect;
use crate::assembler::error::Diag;
use crate::assembler::expr::{self, Expr};
use crate::assembler::lexer::{Punct, Token};
use crate::assembler::operand::{OpKind, Operand};
use crate::assembler::tdl_forms::{FORMS, split_form};
use crate::assembler::words::{self, Mnemonic, Reg};

/// What one operand of a form's TDL side takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// `r` or `r'`: A, B, C, D, E, H or L.
    Reg8,
    /// A register written as it stands (`M`, `B` for BC, `PSW`, `X`).
    Name(&'static str),
    /// `d(X)` or `d(Y)`.
    Indexed(Reg),
    /// `n`, `nn`, `e`, `b` or `p`.
    Value,
}

/// One operand of a form's Zilog side: taken from a TDL operand, or fixed.
#[derive(Debug, Clone)]
enum Part {
    /// The register of TDL operand `k`.
    Reg(usize),
    /// `(IX+d)` / `(IY+d)` from TDL operand `k`.
    Indexed(usize),
    /// `(nn)` / `(n)`: memory or a port at the value of TDL operand `k`.
    Mem(usize),
    /// `n`, `nn`, `e`, `b`: the value of TDL operand `k`.
    Imm(usize),
    /// `8*p`: the restart address of restart number `k`.
    Restart(usize),
    /// A fixed operand (`A`, `HL`, `(C)`, `AF'`, `NZ`, `0`).
    Fixed(OpKind),
}

/// A form ready to match: its text, what its operands take, and how to build the Zilog ones.
struct Form {
    tdl: &'static str,
    mnemonic: Mnemonic,
    slots: Vec<Slot>,
    parts: Vec<Part>,
}

/// The forms by upper-case TDL mnemonic, in table order.
fn forms() -> &'static HashMap<&'static str, Vec<Form>> {
    static FORMS_BY_NAME: OnceLock<HashMap<&'static str, Vec<Form>>> = OnceLock::new();
    FORMS_BY_NAME.get_or_init(|| {
        let mut map: HashMap<&'static str, Vec<Form>> = HashMap::new();
        for &(tdl, zilog) in FORMS {
            let (name, _) = split_form(tdl);
            map.entry(name).or_default().push(compile(tdl, zilog));
        }
        map
    })
}

/// Compiles one row of the table; the table is the program's own, so a row that does not
/// compile is a bug caught by the tests.
fn compile(tdl: &'static str, zilog: &'static str) -> Form {
    let (_, tdl_ops) = split_form(tdl);
    let (zilog_name, zilog_ops) = split_form(zilog);
    let slots = tdl_ops.iter().map(|op| slot(op)).collect();
    let find = |pattern: &str| {
        tdl_ops
            .iter()
            .position(|op| *op == pattern)
            .unwrap_or_else(|| panic!("form {tdl}: no operand {pattern} for {zilog}"))
    };
    let parts = zilog_ops
        .iter()
        .map(|op| match *op {
            "r" | "r'" => Part::Reg(find(op)),
            "(IX+d)" => Part::Indexed(find("d(X)")),
            "(IY+d)" => Part::Indexed(find("d(Y)")),
            "(nn)" => Part::Mem(find("nn")),
            "(n)" => Part::Mem(find("n")),
            "n" | "nn" | "e" | "b" => Part::Imm(find(op)),
            "8*p" => Part::Restart(find("p")),
            fixed => Part::Fixed(fixed_operand(fixed)),
        })
        .collect();
    Form {
        tdl,
        mnemonic: Mnemonic::parse(zilog_name)
            .unwrap_or_else(|| panic!("form {tdl}: no Zilog mnemonic {zilog_name}")),
        slots,
        parts,
    }
}

fn slot(op: &'static str) -> Slot {
    match op {
        "r" | "r'" => Slot::Reg8,
        "d(X)" => Slot::Indexed(Reg::Ix),
        "d(Y)" => Slot::Indexed(Reg::Iy),
        "n" | "nn" | "e" | "b" | "p" => Slot::Value,
        name => Slot::Name(name),
    }
}

/// A fixed Zilog operand of the table (`A`, `(HL)`, `AF'`, `0`).
fn fixed_operand(text: &str) -> OpKind {
    let chars: Vec<char> = text.chars().collect();
    let tokens = crate::assembler::lexer::lex_chars(&chars, 0)
        .unwrap_or_else(|e| panic!("fixed operand {text}: {}", e.msg));
    crate::assembler::operand::parse(&tokens, chars.len() + 1)
        .unwrap_or_else(|e| panic!("fixed operand {text}: {}", e.msg))
        .kind
}

/// Whether `word` is a TDL mnemonic.
pub(super) fn is_mnemonic(word: &str) -> bool {
    forms().contains_key(word.to_ascii_uppercase().as_str())
}

/// Reads one TDL operand from its tokens; `end_col` is the column just past them.
pub(super) fn operand(tokens: &[Token], end_col: usize) -> Result<(TdlOperand, usize), Diag> {
    let Some(first) = tokens.first() else {
        return Err(Diag::new(end_col, "operand expected"));
    };
    if let [only] = tokens {
        if let Some(name) = only.ident().and_then(words::tdl_register) {
            return Ok((TdlOperand::Name(name), first.col));
        }
    }
    if let [before @ .., open, reg, close] = tokens {
        let index = match reg.ident().and_then(words::tdl_register) {
            Some("X") => Some(Reg::Ix),
            Some("Y") => Some(Reg::Iy),
            _ => None,
        };
        if let (Some(index), true, true) = (index, open.is(Punct::LParen), close.is(Punct::RParen))
        {
            let d = if before.is_empty() {
                Expr::Num(0)
            } else {
                expr::parse_in(before, open.col, Dialect::Tdl)?
            };
            return Ok((TdlOperand::Indexed(index, d), first.col));
        }
    }
    let e = expr::parse_in(tokens, end_col, Dialect::Tdl)?;
    Ok((TdlOperand::Value(e), first.col))
}

/// The Zilog mnemonic and operands of TDL mnemonic `name` (at column `col`) with `ops`, or an
/// error listing the forms it takes.
pub(super) fn rewrite(
    name: &str,
    col: usize,
    ops: &[(TdlOperand, usize)],
) -> Result<(Mnemonic, Vec<Operand>), Diag> {
    let upper = name.to_ascii_uppercase();
    let candidates = forms().get(upper.as_str()).map_or(&[][..], Vec::as_slice);
    let Some(form) = candidates.iter().find(|f| matches(f, ops)) else {
        let takes: Vec<&'static str> = candidates.iter().map(|f| f.tdl).collect();
        return Err(hints::no_form(&upper, col, ops, &takes));
    };
    let operands = form
        .parts
        .iter()
        .map(|part| build(part, col, ops))
        .collect::<Result<_, _>>()?;
    Ok((form.mnemonic, operands))
}

fn matches(form: &Form, ops: &[(TdlOperand, usize)]) -> bool {
    form.slots.len() == ops.len()
        && form
            .slots
            .iter()
            .zip(ops)
            .all(|(slot, (op, _))| match (slot, op) {
                (Slot::Reg8, TdlOperand::Name(n)) => words::register(n).and_then(r8).is_some(),
                (Slot::Name(want), TdlOperand::Name(n)) => want == n,
                (Slot::Indexed(want), TdlOperand::Indexed(r, _)) => want == r,
                (Slot::Value, TdlOperand::Value(_)) => true,
                _ => false,
            })
}

/// A, B, C, D, E, H, L.
fn r8(r: Reg) -> Option<Reg> {
    matches!(
        r,
        Reg::A | Reg::B | Reg::C | Reg::D | Reg::E | Reg::H | Reg::L
    )
    .then_some(r)
}

fn build(part: &Part, col: usize, ops: &[(TdlOperand, usize)]) -> Result<Operand, Diag> {
    let at = |k: usize| ops[k].1;
    let value = |k: usize| match &ops[k].0 {
        TdlOperand::Value(e) | TdlOperand::Indexed(_, e) => e.clone(),
        TdlOperand::Name(_) => Expr::Num(0),
    };
    let (kind, col) = match part {
        Part::Reg(k) => match &ops[*k].0 {
            TdlOperand::Name(n) => (OpKind::Reg(words::register(n).unwrap_or(Reg::A)), at(*k)),
            _ => (OpKind::Reg(Reg::A), at(*k)),
        },
        Part::Indexed(k) => match &ops[*k].0 {
            TdlOperand::Indexed(r, d) => (OpKind::Indexed(*r, d.clone()), at(*k)),
            _ => (OpKind::Indexed(Reg::Ix, Expr::Num(0)), at(*k)),
        },
        Part::Mem(k) => (OpKind::Mem(value(*k)), at(*k)),
        Part::Imm(k) => (OpKind::Imm(value(*k)), at(*k)),
        Part::Restart(k) => (OpKind::Imm(restart(value(*k), at(*k))?), at(*k)),
        Part::Fixed(kind) => (kind.clone(), col),
    };
    Ok(Operand { kind, col })
}

/// `RST p`: TDL numbers the restarts 0..7; the Zilog form takes the address, 8 times that.
/// A number out of range is named as the restart number it is, wherever its value comes from.
fn restart(p: Expr, col: usize) -> Result<Expr, Diag> {
    if let Expr::Num(n) = p {
        if !(0..=7).contains(&n) {
            return Err(Diag::new(
                col,
                format!("restart number {n} out of range: TDL's RST takes 0..7 (RST 7 is RST 38H)"),
            ));
        }
    }
    Ok(Expr::Restart(col, Box::new(p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_compiles_and_names_a_zilog_mnemonic() {
        let count: usize = forms().values().map(Vec::len).sum();
        assert_eq!(count, FORMS.len());
    }
}
