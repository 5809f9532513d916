//! What an instruction does that iz80 does not model: its WZ rule and operand, whether it
//! writes F (Q then takes F; an instruction that leaves F alone clears Q), whether it is LD A,I
//! or LD A,R (P) or EI, and whether the machine runs it itself. Decoded from the bytes at an
//! address the way iz80 decodes them (a chain of DD/FD prefixes: the last one counts; DD/FD
//! before ED: ignored).

use super::wz::Wz;

/// The bits of [`Effects::bits`].
pub(crate) mod effect {
    /// It writes F: Q becomes F after it (else Q becomes 0).
    pub const SETS_Q: u8 = 1;
    /// LD A,I or LD A,R: P is set after it (cleared after any other).
    pub const LOADS_IR: u8 = 2;
    /// EI: the EI marker is set after it (cleared after any other).
    pub const EI: u8 = 4;
}

use effect::{EI, LOADS_IR, SETS_Q};

/// An instruction's effects beyond iz80's: see the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Effects {
    /// How it sets WZ.
    pub wz: Wz,
    /// The operand its WZ rule adds (see [`Wz`]), taken from its bytes.
    pub operand: u16,
    /// [`effect`] bits.
    pub bits: u8,
    /// True when the machine runs it rather than iz80: HALT, SCF, CCF, ADC HL,rr, SBC HL,rr,
    /// IN A,(n), IN r,(C), the undocumented DD CB / FD CB forms and the block I/O
    /// instructions.
    pub machine: bool,
}

impl Effects {
    const fn new(wz: Wz, operand: u16, bits: u8) -> Effects {
        Effects {
            wz,
            operand,
            bits,
            machine: false,
        }
    }

    /// The effects of an instruction that touches none of the hidden state but Q.
    const fn flags(sets_q: bool) -> Effects {
        Effects::new(Wz::Keep, 0, if sets_q { SETS_Q } else { 0 })
    }

    /// Run by the machine, which sets WZ itself.
    const fn machine(bits: u8) -> Effects {
        Effects {
            machine: true,
            ..Effects::new(Wz::Machine, 0, bits)
        }
    }

    /// The effects packed in one word, as `Ram::rules` keeps them per address: the operand
    /// in the low 16 bits, the WZ rule in the next 8, the effect bits in the top 8.
    pub(crate) fn rule(&self) -> u32 {
        u32::from(self.operand) | (self.wz as u32) << 16 | u32::from(self.bits) << 24
    }
}

/// The WZ rule, operand and effect bits of a rule word.
#[inline(always)]
pub(crate) fn unpack(rule: u32) -> (Wz, u16, u8) {
    (
        Wz::from_byte((rule >> 16) as u8),
        rule as u16,
        (rule >> 24) as u8,
    )
}

/// The effects of the instruction at `pc`.
pub(crate) fn effects(mem: &[u8; 0x10000], pc: u16) -> Effects {
    let at = |k: u16| mem[usize::from(pc.wrapping_add(k))];
    let mut k = 0u16;
    let mut index = None;
    while matches!(at(k), 0xDD | 0xFD) && k < 0xFFFF {
        index = Some(at(k) == 0xFD);
        k += 1;
    }
    let op = at(k);
    let word = |from: u16| u16::from_le_bytes([at(k + from), at(k + from + 1)]);
    match (op, index) {
        (0xCB, None) => bits(at(k + 1)),
        (0xCB, Some(iy)) => indexed_bits(iy, at(k + 1), at(k + 2)),
        (0xED, _) => extended(at(k + 1), word(2)),
        _ => {
            let target = pc.wrapping_add(k + 2).wrapping_add(at(k + 1) as i8 as u16);
            base(index, op, word(1), target)
        }
    }
}

/// True for the unprefixed opcodes that write F.
const fn sets_q(op: u8) -> bool {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        0 => matches!(z, 4 | 5 | 7) || (z == 1 && y & 1 == 1),
        2 => true,
        3 => z == 6,
        _ => false,
    }
}

/// An unprefixed opcode, or one after DD (`index` Some(false)) or FD (Some(true)); `nn` the
/// two bytes after the opcode, `target` where a relative jump goes.
fn base(index: Option<bool>, op: u8, nn: u16, target: u16) -> Effects {
    let (x, z, p) = (op >> 6, op & 7, u16::from((op >> 4) & 3));
    let q = sets_q(op);
    let pick = |hl: Wz, ix: Wz, iy: Wz| match index {
        None => hl,
        Some(false) => ix,
        Some(true) => iy,
    };
    if index.is_some() && super::timing::takes_displacement(op) {
        let displacement = nn as u8 as i8 as u16;
        return Effects::new(
            pick(Wz::Keep, Wz::IndexIx, Wz::IndexIy),
            displacement,
            q as u8,
        );
    }
    let (wz, operand) = match op {
        0x76 | 0x37 | 0x3F | 0xDB => return Effects::machine(q as u8),
        0x18 => (Wz::Operand, target),
        0x10 | 0x20 | 0x28 | 0x30 | 0x38 => (Wz::Taken, 0),
        0x02 => (Wz::AccBc, 0),
        0x12 => (Wz::AccDe, 0),
        0x0A => (Wz::PairBc, 1),
        0x1A => (Wz::PairDe, 1),
        0x22 | 0x2A | 0x3A => (Wz::Operand, nn.wrapping_add(1)),
        0x32 => (Wz::AccHigh, nn.wrapping_add(1) & 0xFF),
        0xD3 => (Wz::AccHigh, (nn.wrapping_add(1)) & 0xFF),
        0xC3 | 0xCD => (Wz::Operand, nn),
        0xC9 => (Wz::Next, 0),
        0xE3 => (pick(Wz::ExHl, Wz::ExIx, Wz::ExIy), 0),
        0xFB => return Effects::new(Wz::Keep, 0, EI),
        _ if x == 0 && z == 1 && op & 8 != 0 => (pick(Wz::AddHl, Wz::AddIx, Wz::AddIy), p),
        _ if x == 3 && (z == 2 || z == 4) => (Wz::Operand, nn),
        _ if x == 3 && z == 0 => (Wz::Taken, 0),
        _ if x == 3 && z == 7 => (Wz::Next, 0),
        _ => (Wz::Keep, 0),
    };
    Effects::new(wz, operand, q as u8)
}

/// After CB: rotates, shifts and BIT write F; RES and SET do not.
fn bits(op: u8) -> Effects {
    Effects::flags(op >> 6 <= 1)
}

/// DD CB d op / FD CB d op: WZ is IX+d; the forms with a register operand (low three bits not
/// 6, undocumented) are run by the machine.
fn indexed_bits(iy: bool, d: u8, op: u8) -> Effects {
    let q = if op >> 6 <= 1 { SETS_Q } else { 0 };
    if op & 7 != 6 {
        return Effects::machine(q);
    }
    let wz = if iy { Wz::IndexIy } else { Wz::IndexIx };
    Effects::new(wz, d as i8 as u16, q)
}

/// After ED (`nn` the two bytes after the opcode).
fn extended(op: u8, nn: u16) -> Effects {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match (x, z) {
        (1, 0) => Effects::machine(SETS_Q),
        (1, 1) => Effects::new(Wz::PairBc, 1, 0),
        (1, 2) => Effects::machine(SETS_Q),
        (1, 3) => Effects::new(Wz::Operand, nn.wrapping_add(1), 0),
        (1, 4) => Effects::flags(true),
        (1, 5) => Effects::new(Wz::Next, 0, 0),
        (1, 7) => match y {
            2 | 3 => Effects::new(Wz::Keep, 0, SETS_Q | LOADS_IR),
            4 | 5 => Effects::new(Wz::PairHl, 1, SETS_Q),
            _ => Effects::flags(false),
        },
        (2, 0..=3) if y >= 4 => block(y, z),
        _ => Effects::flags(false),
    }
}

/// The block instructions: LDI LDD LDIR LDDR (`z` 0), CPI CPD CPIR CPDR (1), and the block
/// I/O ones (2, 3), which the machine runs. All write F.
fn block(y: u8, z: u8) -> Effects {
    let step: u16 = if y & 1 == 0 { 1 } else { 0xFFFF };
    let repeats = y >= 6;
    match (z, repeats) {
        (0, false) => Effects::flags(true),
        (0, true) => Effects::new(Wz::BlockLd, 0, SETS_Q),
        (1, false) => Effects::new(Wz::Bump, step, SETS_Q),
        (1, true) => Effects::new(Wz::BlockCp, step, SETS_Q),
        _ => Effects::machine(SETS_Q),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(bytes: &[u8]) -> Effects {
        let mut mem = Box::new([0u8; 0x10000]);
        mem[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        effects(&mem, 0x100)
    }

    #[test]
    fn rules_of_some_instructions() {
        assert_eq!(at(&[0xC3, 0x34, 0x12]).operand, 0x1234);
        assert_eq!(at(&[0x18, 0xFE]).operand, 0x100, "JR $");
        assert_eq!(at(&[0xDD, 0x18, 0x02]).operand, 0x105);
        assert_eq!(at(&[0x3A, 0xFF, 0xFF]).operand, 0x0000);
        assert_eq!(at(&[0x32, 0xFF, 0x12]).operand, 0x00, "(nn + 1) & 0xFF");
        let ix = at(&[0xDD, 0x7E, 0xFE]);
        assert_eq!((ix.wz, ix.operand), (Wz::IndexIx, 0xFFFE));
        let iy = at(&[0xDD, 0xFD, 0x34, 0x05]);
        assert_eq!((iy.wz, iy.operand, iy.bits), (Wz::IndexIy, 5, SETS_Q));
        assert_eq!(at(&[0xFD, 0x29]).wz, Wz::AddIy);
        assert_eq!(at(&[0xFD, 0x29]).operand, 2);
        assert_eq!(at(&[0xED, 0x5F]).bits, SETS_Q | LOADS_IR);
        assert_eq!(at(&[0xDD, 0xFB]).bits, EI);
        assert_eq!(at(&[0xF1]).bits, 0, "POP AF leaves Q clear");
        assert_eq!(at(&[0x08]).bits, 0, "so does EX AF,AF'");
    }

    #[test]
    fn what_the_machine_runs() {
        let machine = |bytes: &[u8]| at(bytes).machine;
        for bytes in [
            &[0x76][..],
            &[0x37],
            &[0xFD, 0x3F],
            &[0xDB, 0x10],
            &[0xED, 0x6A],
            &[0xED, 0xB3],
            &[0xDD, 0xCB, 0x01, 0x00],
            &[0xFD, 0xCB, 0x01, 0x47],
            &[0xDD, 0xDD, 0x76],
        ] {
            assert!(machine(bytes), "{bytes:02X?}");
        }
        for bytes in [
            &[0x00][..],
            &[0xDD, 0xCB, 0x01, 0x46],
            &[0xED, 0xB0],
            &[0xCB, 0x46],
            &[0xED, 0x45],
        ] {
            assert!(!machine(bytes), "{bytes:02X?}");
        }
    }
}
