//! 8-bit arithmetic and logic, INC/DEC, and 16-bit ADD/ADC/SBC.

use super::emitter::Emitter;
use super::{R8, index_prefix, r8, reg, rr_code};
use crate::assembler::operand::{OpKind, Operand};
use crate::assembler::words::Reg;

/// The 8-bit ALU operation `op` (ADD 0, ADC 1, SUB 2, SBC 3, AND 4, XOR 5, OR 6, CP 7) on `src`.
fn alu8(op: u8, src: &Operand, out: &mut Emitter<'_>) -> bool {
    if let OpKind::Imm(e) = &src.kind {
        out.byte(0xC6 | op << 3);
        out.imm8(e, src.col);
        return true;
    }
    match r8(src) {
        Some(R8::Plain(c)) => out.byte(0x80 | op << 3 | c),
        Some(R8::Half(p, c)) => out.bytes(&[p, 0x80 | op << 3 | c]),
        Some(R8::HlInd) => out.byte(0x86 | op << 3),
        Some(R8::Idx(p, e, col)) => {
            out.bytes(&[p, 0x86 | op << 3]);
            out.disp(e, col);
        }
        None => return false,
    }
    true
}

/// SUB, AND, XOR, OR, CP: one operand.
pub(super) fn alu_single(op: u8, ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    match ops {
        [src] => alu8(op, src, out),
        _ => false,
    }
}

/// ADD A,s / ADD HL,ss / ADD IX,pp / ADD IY,rr.
pub(super) fn add(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [dst, src] = ops else {
        return false;
    };
    let (Some(d), Some(s)) = (reg(dst), reg(src)) else {
        return reg(dst) == Some(Reg::A) && alu8(0, src, out);
    };
    if d == Reg::A {
        return alu8(0, src, out);
    }
    let prefix = index_prefix(d);
    // Under a prefix the HL slot means the index register itself: ADD IX,IX but not ADD IX,HL.
    let code = match (prefix, s) {
        (None, Reg::Hl) => Some(2),
        (Some(_), Reg::Hl) => None,
        (Some(_), s) if s == d => Some(2),
        (_, s) => rr_code(s).filter(|_| s != Reg::Hl),
    };
    match (d, prefix, code) {
        (Reg::Hl, None, Some(c)) => out.byte(0x09 | c << 4),
        (_, Some(p), Some(c)) => out.bytes(&[p, 0x09 | c << 4]),
        _ => return false,
    }
    true
}

/// ADC (alu 1, ED 4A) and SBC (alu 3, ED 42): A,s or HL,ss.
pub(super) fn adc_sbc(op: u8, ed: u8, ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [dst, src] = ops else {
        return false;
    };
    match reg(dst) {
        Some(Reg::A) => alu8(op, src, out),
        Some(Reg::Hl) => match reg(src).and_then(rr_code) {
            Some(c) => {
                out.bytes(&[0xED, ed | c << 4]);
                true
            }
            None => false,
        },
        _ => false,
    }
}

/// INC (`dec` 0) or DEC (`dec` 1) of an 8-bit or 16-bit operand.
pub(super) fn inc_dec(dec: u8, ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [op] = ops else {
        return false;
    };
    match r8(op) {
        Some(R8::Plain(c)) => out.byte(0x04 | dec | c << 3),
        Some(R8::Half(p, c)) => out.bytes(&[p, 0x04 | dec | c << 3]),
        Some(R8::HlInd) => out.byte(0x34 | dec),
        Some(R8::Idx(p, e, col)) => {
            out.bytes(&[p, 0x34 | dec]);
            out.disp(e, col);
        }
        None => {
            let Some(r) = reg(op) else {
                return false;
            };
            if let Some(p) = index_prefix(r) {
                out.bytes(&[p, 0x23 | dec << 3]);
            } else if let Some(c) = rr_code(r) {
                out.byte(0x03 | dec << 3 | c << 4);
            } else {
                return false;
            }
        }
    }
    true
}
