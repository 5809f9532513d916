//! Encodes Z80 instructions: operand shapes to opcode bytes.

mod arith;
mod bits;
pub(crate) mod emitter;
mod flow;
mod load;

use super::error::Diag;
use super::expr::Expr;
use super::operand::{OpKind, Operand};
use super::words::{Mnemonic, Reg};
use emitter::Emitter;

/// An 8-bit operand as the opcode tables see it.
pub(crate) enum R8<'a> {
    /// B, C, D, E, H, L or A with its 3-bit code.
    Plain(u8),
    /// IXH, IXL, IYH or IYL: prefix and the code of H or L.
    Half(u8, u8),
    /// `(HL)`.
    HlInd,
    /// `(IX+d)` / `(IY+d)`: prefix, displacement and its column.
    Idx(u8, &'a Expr, usize),
}

/// The 3-bit code of B, C, D, E, H, L, A.
pub(crate) fn r8_code(r: Reg) -> Option<u8> {
    Some(match r {
        Reg::B => 0,
        Reg::C => 1,
        Reg::D => 2,
        Reg::E => 3,
        Reg::H => 4,
        Reg::L => 5,
        Reg::A => 7,
        _ => return None,
    })
}

/// The prefix byte of IX (DD) or IY (FD).
pub(crate) fn index_prefix(r: Reg) -> Option<u8> {
    match r {
        Reg::Ix => Some(0xDD),
        Reg::Iy => Some(0xFD),
        _ => None,
    }
}

/// Classifies an operand as an 8-bit source or destination.
pub(crate) fn r8(op: &Operand) -> Option<R8<'_>> {
    static ZERO: Expr = Expr::Num(0);
    match &op.kind {
        OpKind::Reg(r) => r8_code(*r).map(R8::Plain).or(match r {
            Reg::Ixh => Some(R8::Half(0xDD, 4)),
            Reg::Ixl => Some(R8::Half(0xDD, 5)),
            Reg::Iyh => Some(R8::Half(0xFD, 4)),
            Reg::Iyl => Some(R8::Half(0xFD, 5)),
            _ => None,
        }),
        OpKind::Ind(Reg::Hl) => Some(R8::HlInd),
        OpKind::Ind(r) => index_prefix(*r).map(|p| R8::Idx(p, &ZERO, op.col)),
        OpKind::Indexed(r, e) => index_prefix(*r).map(|p| R8::Idx(p, e, op.col)),
        _ => None,
    }
}

/// The 2-bit code of BC, DE, HL, SP (HL's slot is taken by IX/IY under their prefix).
pub(crate) fn rr_code(r: Reg) -> Option<u8> {
    Some(match r {
        Reg::Bc => 0,
        Reg::De => 1,
        Reg::Hl => 2,
        Reg::Sp => 3,
        _ => return None,
    })
}

/// The 3-bit condition code of NZ, Z, NC, C, PO, PE, P, M.
pub(crate) fn cond_code(r: Reg) -> Option<u8> {
    Some(match r {
        Reg::Nz => 0,
        Reg::Z => 1,
        Reg::Nc => 2,
        Reg::C => 3,
        Reg::Po => 4,
        Reg::Pe => 5,
        Reg::P => 6,
        Reg::M => 7,
        _ => return None,
    })
}

/// The register of a `Reg` operand.
pub(crate) fn reg(op: &Operand) -> Option<Reg> {
    match op.kind {
        OpKind::Reg(r) => Some(r),
        _ => None,
    }
}

/// A short picture of an operand for messages: `A`, `(HL)`, `(IX+d)`, `(nn)`, `n`.
fn shape(op: &Operand) -> String {
    match &op.kind {
        OpKind::Reg(r) => r.name().to_string(),
        OpKind::Ind(r) => format!("({})", r.name()),
        OpKind::Indexed(r, _) => format!("({}+d)", r.name()),
        OpKind::Mem(_) => "(nn)".to_string(),
        OpKind::Imm(_) => "n".to_string(),
    }
}

/// The error for operands that do not form a valid instruction with `m`.
pub(crate) fn invalid(m: Mnemonic, ops: &[Operand], col: usize) -> Diag {
    let shapes: Vec<String> = ops.iter().map(shape).collect();
    if shapes.is_empty() {
        Diag::new(col, format!("{} needs operands", m.name()))
    } else {
        // `LD B,(5)` is a common slip for `LD B,5`; pasmo even reads it that way.
        let hint = match ops.last().map(|o| &o.kind) {
            Some(OpKind::Mem(_)) => {
                " ((nn) is memory at address nn; for the value nn drop the outer parentheses)"
            }
            _ => "",
        };
        Diag::new(
            ops[0].col,
            format!(
                "invalid operand combination for {}: {} {}{hint}",
                m.name(),
                m.name(),
                shapes.join(",")
            ),
        )
    }
}

/// Instructions without operands and their bytes.
fn fixed(m: Mnemonic) -> Option<&'static [u8]> {
    use Mnemonic::*;
    Some(match m {
        Nop => &[0x00],
        Rlca => &[0x07],
        Rrca => &[0x0F],
        Rla => &[0x17],
        Rra => &[0x1F],
        Daa => &[0x27],
        Cpl => &[0x2F],
        Scf => &[0x37],
        Ccf => &[0x3F],
        Halt => &[0x76],
        Exx => &[0xD9],
        Di => &[0xF3],
        Ei => &[0xFB],
        Neg => &[0xED, 0x44],
        Retn => &[0xED, 0x45],
        Reti => &[0xED, 0x4D],
        Rrd => &[0xED, 0x67],
        Rld => &[0xED, 0x6F],
        Ldi => &[0xED, 0xA0],
        Cpi => &[0xED, 0xA1],
        Ini => &[0xED, 0xA2],
        Outi => &[0xED, 0xA3],
        Ldd => &[0xED, 0xA8],
        Cpd => &[0xED, 0xA9],
        Ind => &[0xED, 0xAA],
        Outd => &[0xED, 0xAB],
        Ldir => &[0xED, 0xB0],
        Cpir => &[0xED, 0xB1],
        Inir => &[0xED, 0xB2],
        Otir => &[0xED, 0xB3],
        Lddr => &[0xED, 0xB8],
        Cpdr => &[0xED, 0xB9],
        Indr => &[0xED, 0xBA],
        Otdr => &[0xED, 0xBB],
        _ => return None,
    })
}

/// Encodes `m ops` into `out`; `col` is the mnemonic's column. Shape errors stop the
/// statement; value errors are recorded in `out` and encoding goes on.
pub(crate) fn encode(
    m: Mnemonic,
    ops: &[Operand],
    col: usize,
    out: &mut Emitter<'_>,
) -> Result<(), Diag> {
    use Mnemonic::*;
    if let Some(bytes) = fixed(m) {
        if let Some(extra) = ops.first() {
            return Err(Diag::new(
                extra.col,
                format!("{} takes no operands", m.name()),
            ));
        }
        out.bytes(bytes);
        return Ok(());
    }
    let ok = match m {
        Ld => load::ld(ops, out),
        Ex => load::ex(ops, out),
        Push => load::push_pop(0xC5, ops, out),
        Pop => load::push_pop(0xC1, ops, out),
        Add => arith::add(ops, out),
        Adc => arith::adc_sbc(1, 0x4A, ops, out),
        Sbc => arith::adc_sbc(3, 0x42, ops, out),
        Sub => arith::alu_single(2, ops, out),
        And => arith::alu_single(4, ops, out),
        Xor => arith::alu_single(5, ops, out),
        Or => arith::alu_single(6, ops, out),
        Cp => arith::alu_single(7, ops, out),
        Inc => arith::inc_dec(0, ops, out),
        Dec => arith::inc_dec(1, ops, out),
        Rlc => bits::rotate(0, ops, out),
        Rrc => bits::rotate(1, ops, out),
        Rl => bits::rotate(2, ops, out),
        Rr => bits::rotate(3, ops, out),
        Sla => bits::rotate(4, ops, out),
        Sra => bits::rotate(5, ops, out),
        Sll => bits::rotate(6, ops, out),
        Srl => bits::rotate(7, ops, out),
        Bit => bits::bit(0x40, ops, out),
        Res => bits::bit(0x80, ops, out),
        Set => bits::bit(0xC0, ops, out),
        Jp => flow::jp(ops, out),
        Jr => flow::jr(ops, out),
        Djnz => flow::djnz(ops, out),
        Call => flow::call(ops, out),
        Ret => flow::ret(ops, out),
        Rst => flow::rst(ops, out),
        Im => flow::im(ops, out),
        In => flow::input(ops, out),
        Out => flow::output(ops, out),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(invalid(m, ops, col))
    }
}
