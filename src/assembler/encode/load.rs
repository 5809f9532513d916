//! LD, EX, PUSH and POP.

use super::emitter::Emitter;
use super::{R8, index_prefix, r8, reg, rr_code};
use crate::assembler::operand::{OpKind, Operand};
use crate::assembler::words::Reg;

/// LD in all its forms; false if the operands form no LD instruction.
pub(super) fn ld(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [dst, src] = ops else {
        return false;
    };
    ld8(dst, src, out) || ld_special(dst, src, out) || ld16(dst, src, out)
}

fn ld8(dst: &Operand, src: &Operand, out: &mut Emitter<'_>) -> bool {
    let Some(d) = r8(dst) else {
        return false;
    };
    if let OpKind::Imm(e) = &src.kind {
        match d {
            R8::Plain(c) => out.byte(0x06 | c << 3),
            R8::Half(p, c) => out.bytes(&[p, 0x06 | c << 3]),
            R8::HlInd => out.byte(0x36),
            R8::Idx(p, de, dcol) => {
                out.bytes(&[p, 0x36]);
                out.disp(de, dcol);
            }
        }
        out.imm8(e, src.col);
        return true;
    }
    let Some(s) = r8(src) else {
        return false;
    };
    match (d, s) {
        (R8::Plain(d), R8::Plain(s)) => out.byte(0x40 | d << 3 | s),
        (R8::Plain(d), R8::HlInd) => out.byte(0x46 | d << 3),
        (R8::HlInd, R8::Plain(s)) => out.byte(0x70 | s),
        (R8::Plain(d), R8::Idx(p, e, col)) => {
            out.bytes(&[p, 0x46 | d << 3]);
            out.disp(e, col);
        }
        (R8::Idx(p, e, col), R8::Plain(s)) => {
            out.bytes(&[p, 0x70 | s]);
            out.disp(e, col);
        }
        // Under a DD/FD prefix H and L mean the index halves, so they cannot be mixed with them.
        (R8::Half(p, d), R8::Plain(s)) if s != 4 && s != 5 => out.bytes(&[p, 0x40 | d << 3 | s]),
        (R8::Plain(d), R8::Half(p, s)) if d != 4 && d != 5 => out.bytes(&[p, 0x40 | d << 3 | s]),
        (R8::Half(p, d), R8::Half(q, s)) if p == q => out.bytes(&[p, 0x40 | d << 3 | s]),
        _ => return false,
    }
    true
}

/// LD forms through A and the I and R registers.
fn ld_special(dst: &Operand, src: &Operand, out: &mut Emitter<'_>) -> bool {
    match (&dst.kind, &src.kind) {
        (OpKind::Reg(Reg::A), OpKind::Ind(Reg::Bc)) => out.byte(0x0A),
        (OpKind::Reg(Reg::A), OpKind::Ind(Reg::De)) => out.byte(0x1A),
        (OpKind::Reg(Reg::A), OpKind::Mem(e)) => {
            out.byte(0x3A);
            out.imm16(e, src.col);
        }
        (OpKind::Ind(Reg::Bc), OpKind::Reg(Reg::A)) => out.byte(0x02),
        (OpKind::Ind(Reg::De), OpKind::Reg(Reg::A)) => out.byte(0x12),
        (OpKind::Mem(e), OpKind::Reg(Reg::A)) => {
            out.byte(0x32);
            out.imm16(e, dst.col);
        }
        (OpKind::Reg(Reg::A), OpKind::Reg(Reg::I)) => out.bytes(&[0xED, 0x57]),
        (OpKind::Reg(Reg::A), OpKind::Reg(Reg::R)) => out.bytes(&[0xED, 0x5F]),
        (OpKind::Reg(Reg::I), OpKind::Reg(Reg::A)) => out.bytes(&[0xED, 0x47]),
        (OpKind::Reg(Reg::R), OpKind::Reg(Reg::A)) => out.bytes(&[0xED, 0x4F]),
        _ => return false,
    }
    true
}

/// 16-bit LD: immediate, memory, and SP from HL/IX/IY.
fn ld16(dst: &Operand, src: &Operand, out: &mut Emitter<'_>) -> bool {
    match (&dst.kind, &src.kind) {
        (OpKind::Reg(Reg::Sp), OpKind::Reg(Reg::Hl)) => out.byte(0xF9),
        (OpKind::Reg(Reg::Sp), OpKind::Reg(r)) => match index_prefix(*r) {
            Some(p) => out.bytes(&[p, 0xF9]),
            None => return false,
        },
        (OpKind::Reg(r), OpKind::Imm(e)) => {
            if let Some(p) = index_prefix(*r) {
                out.bytes(&[p, 0x21]);
            } else if let Some(c) = rr_code(*r) {
                out.byte(0x01 | c << 4);
            } else {
                return false;
            }
            out.imm16(e, src.col);
        }
        (OpKind::Reg(r), OpKind::Mem(e)) => {
            if let Some(p) = index_prefix(*r) {
                out.bytes(&[p, 0x2A]);
            } else if *r == Reg::Hl {
                out.byte(0x2A);
            } else if let Some(c) = rr_code(*r) {
                out.bytes(&[0xED, 0x4B | c << 4]);
            } else {
                return false;
            }
            out.imm16(e, src.col);
        }
        (OpKind::Mem(e), OpKind::Reg(r)) => {
            if let Some(p) = index_prefix(*r) {
                out.bytes(&[p, 0x22]);
            } else if *r == Reg::Hl {
                out.byte(0x22);
            } else if let Some(c) = rr_code(*r) {
                out.bytes(&[0xED, 0x43 | c << 4]);
            } else {
                return false;
            }
            out.imm16(e, dst.col);
        }
        _ => return false,
    }
    true
}

/// EX DE,HL / EX AF,AF' / EX (SP),HL / EX (SP),IX / EX (SP),IY.
pub(super) fn ex(ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [a, b] = ops else {
        return false;
    };
    match (&a.kind, &b.kind) {
        (OpKind::Reg(Reg::De), OpKind::Reg(Reg::Hl)) => out.byte(0xEB),
        (OpKind::Reg(Reg::Af), OpKind::Reg(Reg::AfAlt)) => out.byte(0x08),
        (OpKind::Ind(Reg::Sp), OpKind::Reg(Reg::Hl)) => out.byte(0xE3),
        (OpKind::Ind(Reg::Sp), OpKind::Reg(r)) => match index_prefix(*r) {
            Some(p) => out.bytes(&[p, 0xE3]),
            None => return false,
        },
        _ => return false,
    }
    true
}

/// PUSH (base C5) or POP (base C1) of BC, DE, HL, AF, IX, IY.
pub(super) fn push_pop(base: u8, ops: &[Operand], out: &mut Emitter<'_>) -> bool {
    let [op] = ops else {
        return false;
    };
    let Some(r) = reg(op) else {
        return false;
    };
    if r == Reg::Af {
        out.byte(base | 3 << 4);
    } else if let Some(p) = index_prefix(r) {
        out.bytes(&[p, base | 2 << 4]);
    } else if let Some(c) = rr_code(r).filter(|_| r != Reg::Sp) {
        out.byte(base | c << 4);
    } else {
        return false;
    }
    true
}
