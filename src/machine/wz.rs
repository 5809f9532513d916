//! WZ (MEMPTR), the chip's internal address register, after an instruction iz80 ran: which
//! rule of the MEMPTR research an instruction follows, and the rule applied to the registers
//! after it. iz80 does not model WZ; the chip shows it in the flags' bits 5 and 3 after
//! BIT n,(HL), which is why the machine keeps it exactly.

use iz80::{Reg8, Reg16, Registers};

/// How an instruction sets WZ, given the registers after it, its precomputed operand, the next
/// PC and whether it jumped (or repeated). One byte, so that a table of rules per address packs
/// it beside the operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Wz {
    /// The operand: JP nn, JP cc,nn, CALL nn, CALL cc,nn (nn either way), JR e (its target),
    /// LD A,(nn), LD rr,(nn) and LD (nn),rr (nn + 1).
    Operand,
    /// IX + d, the operand: every (IX+d) instruction.
    IndexIx,
    /// IY + d.
    IndexIy,
    /// BC + operand: LD A,(BC), OUT (C),r (operand 1).
    PairBc,
    /// DE + operand: LD A,(DE).
    PairDe,
    /// HL + operand: RLD, RRD.
    PairHl,
    /// A in the high byte, the operand in the low one: LD (nn),A and OUT (n),A (operand
    /// (n + 1) & 0xFF).
    AccHigh,
    /// A in the high byte, (BC + 1) & 0xFF in the low one: LD (BC),A.
    AccBc,
    /// The same with DE: LD (DE),A.
    AccDe,
    /// HL before ADD HL,rr, plus one (the operand is the opcode's register pair field).
    AddHl,
    /// IX before ADD IX,rr, plus one.
    AddIx,
    /// IY before ADD IY,rr, plus one.
    AddIy,
    /// The new HL of EX (SP),HL.
    ExHl,
    /// The new IX of EX (SP),IX.
    ExIx,
    /// The new IY of EX (SP),IY.
    ExIy,
    /// WZ plus the operand (1 or -1): CPI, CPD.
    Bump,
    /// WZ is left as it was.
    Keep,
    /// The next PC: RET, RST, RETN, RETI.
    Next,
    /// The next PC when it jumped, else kept: JR cc, DJNZ, RET cc.
    Taken,
    /// LDIR, LDDR: the instruction's address plus one while it repeats, else kept.
    BlockLd,
    /// CPIR, CPDR: the instruction's address plus one while it repeats, else WZ plus the
    /// operand.
    BlockCp,
    /// Set by the machine, which runs the instruction itself.
    Machine,
}

impl Wz {
    /// The rule in a rule word's byte (see `Rule`).
    #[inline(always)]
    pub(crate) fn from_byte(byte: u8) -> Wz {
        ALL.get(usize::from(byte)).copied().unwrap_or(Wz::Keep)
    }
}

/// Every rule, in the order of their bytes.
const ALL: [Wz; 22] = [
    Wz::Operand,
    Wz::IndexIx,
    Wz::IndexIy,
    Wz::PairBc,
    Wz::PairDe,
    Wz::PairHl,
    Wz::AccHigh,
    Wz::AccBc,
    Wz::AccDe,
    Wz::AddHl,
    Wz::AddIx,
    Wz::AddIy,
    Wz::ExHl,
    Wz::ExIx,
    Wz::ExIy,
    Wz::Bump,
    Wz::Keep,
    Wz::Next,
    Wz::Taken,
    Wz::BlockLd,
    Wz::BlockCp,
    Wz::Machine,
];

/// WZ after any instruction iz80 ran, from its rule word (`Effects::rule`), the registers
/// after it, the next PC and whether it jumped or repeated (`taken`); `old` the WZ before it.
pub(crate) fn after(rule: u32, regs: &Registers, (next, taken): (u16, bool), old: u16) -> u16 {
    let operand = rule as u16;
    match Wz::from_byte((rule >> 16) as u8) {
        Wz::Next => next,
        Wz::Taken if taken => next,
        Wz::BlockLd | Wz::BlockCp if taken => next.wrapping_add(1),
        Wz::BlockCp => old.wrapping_add(operand),
        Wz::Taken | Wz::BlockLd => old,
        _ => {
            let mut wz = old;
            plain(rule, regs, &mut wz);
            wz
        }
    }
}

/// WZ after an instruction whose rule does not depend on where it went (the step loop's
/// plain instructions), from its rule word (`Effects::rule`); other rules leave it. The
/// plain rules are the first sixteen: the commonest (an operand) is tested first, the rest go
/// through a table of sixteen.
#[inline(always)]
pub(crate) fn plain(rule: u32, regs: &Registers, wz: &mut u16) {
    let operand = rule as u16;
    let kind = (rule >> 16) as u8;
    if kind == Wz::Operand as u8 {
        *wz = operand;
        return;
    }
    if kind >= Wz::Keep as u8 {
        return;
    }
    let acc = || u16::from(regs.get8(Reg8::A)) << 8;
    let low_next = |rr: Reg16| regs.get16(rr).wrapping_add(1) & 0xFF;
    *wz = match kind & 15 {
        1 => regs.get16(Reg16::IX).wrapping_add(operand),
        2 => regs.get16(Reg16::IY).wrapping_add(operand),
        3 => regs.get16(Reg16::BC).wrapping_add(operand),
        4 => regs.get16(Reg16::DE).wrapping_add(operand),
        5 => regs.get16(Reg16::HL).wrapping_add(operand),
        6 => acc() | operand,
        7 => acc() | low_next(Reg16::BC),
        8 => acc() | low_next(Reg16::DE),
        9 => added(regs, Reg16::HL, operand),
        10 => added(regs, Reg16::IX, operand),
        11 => added(regs, Reg16::IY, operand),
        12 => regs.get16(Reg16::HL),
        13 => regs.get16(Reg16::IX),
        14 => regs.get16(Reg16::IY),
        15 => wz.wrapping_add(operand),
        _ => operand,
    };
}

/// One more than `x` before ADD x,rr (`pair` the opcode's register pair field: BC, DE, x
/// itself, SP), worked back from the registers after it: x minus rr, or for ADD x,x the sum
/// halved with the carry as its top bit.
#[cold]
fn added(regs: &Registers, x: Reg16, pair: u16) -> u16 {
    let sum = regs.get16(x);
    let before = match pair {
        0 => sum.wrapping_sub(regs.get16(Reg16::BC)),
        1 => sum.wrapping_sub(regs.get16(Reg16::DE)),
        2 => (sum >> 1) | (u16::from(regs.get8(Reg8::F) & 1) << 15),
        _ => sum.wrapping_sub(regs.get16(Reg16::SP)),
    };
    before.wrapping_add(1)
}

/// F with bits 5 and 3 taken from bits 13 and 11 of `addr`: after a repeating iteration of
/// LDIR, LDDR, CPIR or CPDR (`addr` the instruction's ED byte, where PC is back), and after
/// BIT n,(HL) (`addr` WZ).
#[inline(always)]
pub(crate) fn high_xy(f: u8, addr: u16) -> u8 {
    (f & !0x28) | ((addr >> 8) as u8 & 0x28)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_name_the_rules_in_order() {
        for (i, rule) in ALL.iter().enumerate() {
            assert_eq!(*rule as usize, i);
            assert_eq!(Wz::from_byte(i as u8), *rule);
        }
        assert_eq!(Wz::from_byte(200), Wz::Keep);
        assert_eq!(
            Wz::Keep as u8,
            16,
            "the plain rules come first, sixteen of them"
        );
    }

    #[test]
    fn plain_rules() {
        let mut cpu = iz80::Cpu::new_z80();
        let regs = cpu.registers();
        regs.set16(Reg16::IX, 0x1000);
        regs.set16(Reg16::BC, 0x12FF);
        regs.set_a(0xAB);
        let word = |rule: Wz, operand: u16| u32::from(operand) | (rule as u32) << 16;
        let regs = cpu.immutable_registers();
        let run = |rule: Wz, operand: u16| {
            let mut wz = 0x4444;
            plain(word(rule, operand), regs, &mut wz);
            wz
        };
        assert_eq!(run(Wz::Operand, 0x1234), 0x1234);
        assert_eq!(run(Wz::IndexIx, 0xFFFE), 0x0FFE);
        assert_eq!(run(Wz::PairBc, 1), 0x1300);
        assert_eq!(run(Wz::AccBc, 0), 0xAB00);
        assert_eq!(run(Wz::AccHigh, 0x35), 0xAB35);
        assert_eq!(run(Wz::Bump, 0xFFFF), 0x4443);
        assert_eq!(run(Wz::Keep, 0x1234), 0x4444);
        assert_eq!(run(Wz::Next, 0x1234), 0x4444, "not a plain rule");
    }

    #[test]
    fn high_xy_take_bits_13_and_11() {
        assert_eq!(high_xy(0xFF, 0x0000), 0xD7);
        assert_eq!(high_xy(0x00, 0x2800), 0x28);
        assert_eq!(high_xy(0x00, 0xD7FF), 0x00);
    }
}
