//! What a TDL error adds for a reader who writes Zilog: the forms a mnemonic takes, TDL's
//! words for the conditional jumps, calls and returns, and TDL's equate.

use super::operand::TdlOperand;
use crate::assembler::error::Diag;
use crate::assembler::expr::Expr;
use crate::assembler::tdl_forms::split_form;
use crate::assembler::words::Reg;

/// The conditions, as Zilog writes them after a comma and TDL inside its mnemonics.
const CONDITIONS: [&str; 8] = ["NZ", "Z", "NC", "C", "PO", "PE", "P", "M"];

/// The error for operands `ops` that fit none of `takes`, the forms of TDL mnemonic `name`
/// (upper-cased) written at column `col`.
pub(super) fn no_form(
    name: &str,
    col: usize,
    ops: &[(TdlOperand, usize)],
    takes: &[&'static str],
) -> Diag {
    let written: Vec<&str> = ops
        .iter()
        .map(|(op, _)| match op {
            TdlOperand::Name(n) => n,
            TdlOperand::Indexed(Reg::Iy, _) => "d(Y)",
            TdlOperand::Indexed(..) => "d(X)",
            TdlOperand::Value(e) => condition(e).unwrap_or("n"),
        })
        .collect();
    let at = ops.first().map_or(col, |(_, c)| *c);
    let shape = if written.is_empty() {
        name.to_string()
    } else {
        format!("{name} {}", written.join(","))
    };
    let mut msg = format!(
        "invalid operands for {name}: {shape}; TDL's forms are {}",
        takes.join(", ")
    );
    let has_r = takes.iter().any(|form| {
        split_form(form)
            .1
            .iter()
            .any(|op| matches!(*op, "r" | "r'"))
    });
    if has_r {
        msg.push_str(" (r is A, B, C, D, E, H or L)");
    }
    if let Some(hint) = conditional(name, &written) {
        msg.push_str(&format!("; {hint}"));
    } else if name == "JP" {
        msg.push_str("; in TDL, JP nn is the jump if plus (Zilog's JP P,nn) and JMP nn the unconditional jump");
    }
    Diag::new(at, msg)
}

/// The condition named by a written operand: a bare name such as `NZ` (`C` and `M` are read
/// as registers and arrive as names).
fn condition(e: &Expr) -> Option<&'static str> {
    match e {
        Expr::Sym { name, .. } => CONDITIONS
            .iter()
            .find(|c| c.eq_ignore_ascii_case(name))
            .copied(),
        _ => None,
    }
}

/// For a Zilog conditional (`JP NZ,nn`, `CALL Z,nn`, `RET C`, `JMPR NC,e`) written with a TDL
/// mnemonic: TDL's word for it.
fn conditional(name: &str, written: &[&str]) -> Option<String> {
    let (cc, operand) = match written {
        [cc, "n"] => (*cc, true),
        [cc] => (*cc, false),
        _ => return None,
    };
    if !CONDITIONS.contains(&cc) {
        return None;
    }
    Some(match (name, operand) {
        ("JP", true) => format!(
            "TDL writes the conditional jump as J{cc} nn (in TDL, JP nn is the jump if plus, Zilog's JP P,nn)"
        ),
        ("CALL", true) => format!("TDL writes the conditional call as C{cc} nn"),
        ("RET", false) => format!("TDL writes the conditional return as R{cc}"),
        ("JMPR", true) if matches!(cc, "NZ" | "Z" | "NC" | "C") => {
            format!("TDL writes the conditional relative jump as JR{cc} e")
        }
        _ => return None,
    })
}

/// For a line that uses Zilog's `EQU` in TDL (`X1 EQU 5`, `X1: EQU 5`): TDL's form of it,
/// `X1 = 5`; None for any other line.
pub(crate) fn equate_hint(text: &str) -> Option<String> {
    let code = text.split(';').next().unwrap_or_default();
    let mut words = code.split_whitespace();
    let first = words.next()?;
    let (name, equ) = match first.strip_suffix(':') {
        Some(name) => (name, words.next()?),
        None => match first.split_once(':') {
            Some((name, rest)) if !rest.is_empty() => (name, rest),
            _ => (first, words.next()?),
        },
    };
    if !equ.eq_ignore_ascii_case("EQU") || name.is_empty() {
        return None;
    }
    let value = words.collect::<Vec<_>>().join(" ");
    let value = if value.is_empty() { "value" } else { &value };
    Some(format!("TDL writes an equate as {name} = {value}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_equ_line_gets_tdls_equate() {
        let hint = |t: &str| equate_hint(t);
        assert_eq!(
            hint("X1 EQU 5").as_deref(),
            Some("TDL writes an equate as X1 = 5")
        );
        assert_eq!(
            hint("X1:\tequ\tBASE+2 ; two on"),
            Some("TDL writes an equate as X1 = BASE+2".to_string())
        );
        assert_eq!(
            hint("X1:EQU 5").as_deref(),
            Some("TDL writes an equate as X1 = 5")
        );
        assert_eq!(
            hint("X1 EQU").as_deref(),
            Some("TDL writes an equate as X1 = value")
        );
        assert_eq!(hint("\tFROB\tEQUATE"), None);
        assert_eq!(hint("\tMVI\tA,5"), None);
    }
}
