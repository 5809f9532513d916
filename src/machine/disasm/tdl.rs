//! Spelling a decoded instruction in TDL: the first row of [`TDL_SPELLINGS`] whose Zilog form
//! the instruction fits, its TDL form with the operands filled in; `.BYTE` when none fits.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::operands::{tdl_byte, tdl_word};
use super::spellings::TDL_SPELLINGS;
use super::{Instruction, Operand, Use};

/// One operand of a row's Zilog form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pattern {
    /// `r` or `r'`: A, B, C, D, E, H or L, captured under that name.
    Reg8(&'static str),
    /// `(IX+d)` / `(IY+d)`, captured as TDL's `d(X)` / `d(Y)`.
    Indexed(&'static str, &'static str),
    /// `(nn)`: memory, captured as `nn`.
    Address,
    /// `(n)`: a port, captured as `n`.
    Port,
    /// `n`, `nn`, `e`, `b`.
    Value(&'static str),
    /// `8*p`: a restart address, captured as its number `p`.
    Restart,
    /// An operand written as it stands (`A`, `(HL)`, `AF'`, `NZ`, `0`).
    Fixed(&'static str),
}

/// A row ready to match.
struct Row {
    patterns: Vec<Pattern>,
    tdl: &'static str,
}

/// A form's mnemonic and its operand patterns.
pub fn split(form: &'static str) -> (&'static str, Vec<&'static str>) {
    match form.split_once(' ') {
        Some((name, ops)) => (name, ops.split(',').collect()),
        None => (form, Vec::new()),
    }
}

/// The rows by Zilog mnemonic, in table order.
fn rows() -> &'static HashMap<&'static str, Vec<Row>> {
    static ROWS: OnceLock<HashMap<&'static str, Vec<Row>>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let mut map: HashMap<&'static str, Vec<Row>> = HashMap::new();
        for &(zilog, tdl) in TDL_SPELLINGS {
            let (name, ops) = split(zilog);
            let patterns = ops
                .into_iter()
                .map(|op| match op {
                    "r" | "r'" => Pattern::Reg8(op),
                    "(IX+d)" => Pattern::Indexed("IX", "d(X)"),
                    "(IY+d)" => Pattern::Indexed("IY", "d(Y)"),
                    "(nn)" => Pattern::Address,
                    "(n)" => Pattern::Port,
                    "n" | "nn" | "e" | "b" => Pattern::Value(op),
                    "8*p" => Pattern::Restart,
                    fixed => Pattern::Fixed(fixed),
                })
                .collect();
            map.entry(name).or_default().push(Row { patterns, tdl });
        }
        map
    })
}

/// The operand text each placeholder of a row's TDL form stands for.
type Captures = Vec<(&'static str, String)>;

fn capture(
    pattern: Pattern,
    op: &Operand,
    names: &dyn Fn(u16, Use) -> Option<String>,
) -> Option<(&'static str, String)> {
    let named = |v: u16, u: Use| names(v, u).unwrap_or_else(|| tdl_word(v));
    Some(match (pattern, op) {
        (Pattern::Reg8(key), Operand::Reg(r))
            if matches!(*r, "A" | "B" | "C" | "D" | "E" | "H" | "L") =>
        {
            (key, r.to_string())
        }
        (Pattern::Indexed(want, key), Operand::Indexed(r, d)) if want == *r => {
            let d = names(*d as i16 as u16, Use::Displacement).unwrap_or_else(|| d.to_string());
            (key, format!("{d}({})", &r[1..]))
        }
        (Pattern::Address, Operand::Address(a)) => ("nn", named(*a, Use::Address)),
        (Pattern::Port, Operand::Port(n)) => (
            "n",
            names(u16::from(*n), Use::Port).unwrap_or_else(|| tdl_byte(*n)),
        ),
        (Pattern::Value("n"), Operand::Byte(n)) => (
            "n",
            names(u16::from(*n), Use::Byte).unwrap_or_else(|| tdl_byte(*n)),
        ),
        (Pattern::Value("nn"), Operand::Word(v)) => ("nn", named(*v, Use::Word)),
        (Pattern::Value("e"), Operand::Target(v)) => ("e", named(*v, Use::Target)),
        (Pattern::Value("b"), Operand::Number(n)) => ("b", n.to_string()),
        (Pattern::Restart, Operand::Restart(a)) => ("p", (a / 8).to_string()),
        (Pattern::Fixed(text), op) if op.zilog(&|_, _| None) == text => ("", String::new()),
        _ => return None,
    })
}

fn captures(
    row: &Row,
    ins: &Instruction,
    names: &dyn Fn(u16, Use) -> Option<String>,
) -> Option<Captures> {
    if row.patterns.len() != ins.operands.len() {
        return None;
    }
    row.patterns
        .iter()
        .zip(&ins.operands)
        .map(|(&p, op)| capture(p, op, names))
        .collect()
}

/// The TDL form (`MOV r,d(X)`, `LIXD nn`) that spells `ins`, if TDL has one.
pub fn form(ins: &Instruction) -> Option<&'static str> {
    let numbers: &dyn Fn(u16, Use) -> Option<String> = &|_, _| None;
    rows()
        .get(ins.mnemonic)?
        .iter()
        .find(|row| captures(row, ins, numbers).is_some())
        .map(|row| row.tdl)
}

/// The TDL text of `ins`.
pub fn spell(ins: &Instruction, names: &dyn Fn(u16, Use) -> Option<String>) -> String {
    let found = rows().get(ins.mnemonic).and_then(|rows| {
        rows.iter()
            .find_map(|row| captures(row, ins, names).map(|c| (row.tdl, c)))
    });
    let Some((tdl, captured)) = found else {
        let bytes: Vec<String> = ins.bytes().iter().map(|&b| tdl_byte(b)).collect();
        return format!(".BYTE {}", bytes.join(","));
    };
    let (name, ops) = split(tdl);
    let ops: Vec<String> = ops
        .iter()
        .map(|op| {
            captured
                .iter()
                .find(|(key, _)| key == op)
                .map_or_else(|| op.to_string(), |(_, text)| text.clone())
        })
        .collect();
    if ops.is_empty() {
        name.to_string()
    } else {
        format!("{name} {}", ops.join(","))
    }
}
