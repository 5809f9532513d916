//! The CB group: rotates and shifts, BIT, RES, SET.

use super::emitter::Emitter;
use super::{R8, r8};
use crate::assembler::error::Diag;
use crate::assembler::operand::{OpKind, Operand};

/// Emits a CB-prefixed operation `code` (whose low 3 bits are the register) on `op`.
fn cb(code: u8, op: &Operand, out: &mut Emitter<'_>) -> bool {
    match r8(op) {
        Some(R8::Plain(c)) => out.bytes(&[0xCB, code | c]),
        Some(R8::HlInd) => out.bytes(&[0xCB, code | 6]),
        Some(R8::Idx(p, e, col)) => {
            out.bytes(&[p, 0xCB]);
            out.disp(e, col);
            out.byte(code | 6);
        }
        _ => return false,
    }
    true
}

/// RLC 0, RRC 1, RL 2, RR 3, SLA 4, SRA 5, SLL 6, SRL 7.
pub(super) fn rotate(op: u8, ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    match ops {
        [x] => cb(op << 3, x, out),
        _ => false,
    }
}

/// BIT (40), RES (80), SET (C0) b,x.
pub(super) fn bit(base: u8, ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [n, x] = ops else {
        return false;
    };
    let OpKind::Imm(e) = &n.kind else {
        return false;
    };
    if r8(x).is_none_or(|k| matches!(k, R8::Half(..))) {
        return false;
    }
    let b = out.value(e);
    if !(0..=7).contains(&b) {
        out.diags.push(Diag::new(
            n.col,
            format!("bit number {b} out of range (0..7)"),
        ));
    }
    cb(base | ((b & 7) as u8) << 3, x, out)
}
