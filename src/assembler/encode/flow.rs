//! Jumps, calls, returns, RST, IM, and the IN/OUT forms.

use super::emitter::Emitter;
use super::{cond_code, index_prefix, r8_code, reg};
use crate::assembler::error::Diag;
use crate::assembler::operand::{OpKind, Operand};
use crate::assembler::words::Reg;

/// JP nn / JP cc,nn / JP (HL) / JP (IX) / JP (IY).
pub(super) fn jp(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    match ops {
        [
            Operand {
                kind: OpKind::Imm(e),
                col,
            },
        ] => {
            out.byte(0xC3);
            out.imm16(e, *col);
        }
        [
            Operand {
                kind: OpKind::Ind(r),
                ..
            },
        ] => {
            if *r == Reg::Hl {
                out.byte(0xE9);
            } else if let Some(p) = index_prefix(*r) {
                out.bytes(&[p, 0xE9]);
            } else {
                return false;
            }
        }
        [
            cc,
            Operand {
                kind: OpKind::Imm(e),
                col,
            },
        ] => {
            let Some(c) = reg(cc).and_then(cond_code) else {
                return false;
            };
            out.byte(0xC2 | c << 3);
            out.imm16(e, *col);
        }
        _ => return false,
    }
    true
}

/// JR e / JR NZ|Z|NC|C,e.
pub(super) fn jr(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    match ops {
        [
            Operand {
                kind: OpKind::Imm(e),
                col,
            },
        ] => {
            out.byte(0x18);
            out.rel(e, *col);
        }
        [
            cc,
            Operand {
                kind: OpKind::Imm(e),
                col,
            },
        ] => {
            let c = match reg(cc).and_then(cond_code) {
                Some(c @ 0..=3) => c,
                _ => return false,
            };
            out.byte(0x20 | c << 3);
            out.rel(e, *col);
        }
        _ => return false,
    }
    true
}

/// DJNZ e.
pub(super) fn djnz(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [
        Operand {
            kind: OpKind::Imm(e),
            col,
        },
    ] = ops
    else {
        return false;
    };
    out.byte(0x10);
    out.rel(e, *col);
    true
}

/// CALL nn / CALL cc,nn.
pub(super) fn call(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    match ops {
        [
            Operand {
                kind: OpKind::Imm(e),
                col,
            },
        ] => {
            out.byte(0xCD);
            out.imm16(e, *col);
        }
        [
            cc,
            Operand {
                kind: OpKind::Imm(e),
                col,
            },
        ] => {
            let Some(c) = reg(cc).and_then(cond_code) else {
                return false;
            };
            out.byte(0xC4 | c << 3);
            out.imm16(e, *col);
        }
        _ => return false,
    }
    true
}

/// RET / RET cc.
pub(super) fn ret(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    match ops {
        [] => out.byte(0xC9),
        [cc] => {
            let Some(c) = reg(cc).and_then(cond_code) else {
                return false;
            };
            out.byte(0xC0 | c << 3);
        }
        _ => return false,
    }
    true
}

/// RST 0, 8, 10H, ..., 38H.
pub(super) fn rst(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [
        Operand {
            kind: OpKind::Imm(e),
            col,
        },
    ] = ops
    else {
        return false;
    };
    let v = out.value(e);
    if !(0..=0x38).contains(&v) || v % 8 != 0 {
        out.diags.push(Diag::new(
            *col,
            format!(
                "RST target {v} ({v:X}H) invalid: must be 0, 8, 10H, 18H, 20H, 28H, 30H or 38H"
            ),
        ));
    }
    out.byte(0xC7 | (v & 0x38) as u8);
    true
}

/// IM 0 / IM 1 / IM 2.
pub(super) fn im(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [
        Operand {
            kind: OpKind::Imm(e),
            col,
        },
    ] = ops
    else {
        return false;
    };
    let mode = out.value(e);
    let code = match mode {
        0 => 0x46,
        1 => 0x56,
        2 => 0x5E,
        _ => {
            out.diags.push(Diag::new(
                *col,
                format!("interrupt mode {mode} invalid: must be 0, 1 or 2"),
            ));
            0x46
        }
    };
    out.bytes(&[0xED, code]);
    true
}

/// IN A,(n) / IN r,(C).
pub(super) fn input(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [dst, src] = ops else {
        return false;
    };
    match (reg(dst), &src.kind) {
        (Some(Reg::A), OpKind::Mem(e)) => {
            out.byte(0xDB);
            out.imm8(e, src.col);
        }
        (Some(r), OpKind::Ind(Reg::C)) => match r8_code(r) {
            Some(c) => out.bytes(&[0xED, 0x40 | c << 3]),
            None => return false,
        },
        _ => return false,
    }
    true
}

/// OUT (n),A / OUT (C),r.
pub(super) fn output(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [dst, src] = ops else {
        return false;
    };
    match (&dst.kind, reg(src)) {
        (OpKind::Mem(e), Some(Reg::A)) => {
            out.byte(0xD3);
            out.imm8(e, dst.col);
        }
        (OpKind::Ind(Reg::C), Some(r)) => match r8_code(r) {
            Some(c) => out.bytes(&[0xED, 0x41 | c << 3]),
            None => return false,
        },
        _ => return false,
    }
    true
}
