//! Decoding by the opcode's fields: x = bits 7-6, y = bits 5-3, z = bits 2-0, p = y >> 1,
//! q = y & 1; the DD and FD prefixes replace HL by IX or IY, H and L by their halves and
//! (HL) by (IX+d), except that an instruction with (IX+d) keeps plain H and L.

use super::operands::{ACC, ALU, CC, R8, ROT, RP, RP2};
use super::{Instruction, Operand};

/// The register HL stands for under the instruction's prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Index {
    /// No prefix.
    Hl,
    /// DD.
    Ix,
    /// FD.
    Iy,
}

impl Index {
    /// The index register a DD or FD prefix selects.
    pub fn of(prefix: u8) -> Index {
        if prefix == 0xDD { Index::Ix } else { Index::Iy }
    }

    fn pair(self) -> &'static str {
        match self {
            Index::Hl => "HL",
            Index::Ix => "IX",
            Index::Iy => "IY",
        }
    }

    fn half(self, low: bool) -> &'static str {
        match (self, low) {
            (Index::Hl, false) => "H",
            (Index::Hl, true) => "L",
            (Index::Ix, false) => "IXH",
            (Index::Ix, true) => "IXL",
            (Index::Iy, false) => "IYH",
            (Index::Iy, true) => "IYL",
        }
    }
}

/// True when the unprefixed opcode has a (HL) operand.
fn uses_memory(op: u8) -> bool {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        0 => matches!(z, 4..=6) && y == 6,
        1 => (y == 6) != (z == 6),
        2 => z == 6,
        _ => false,
    }
}

/// An instruction of fixed text `mnemonic` and `operands`.
fn ins(mnemonic: &'static str, operands: Vec<Operand>) -> (&'static str, Vec<Operand>) {
    (mnemonic, operands)
}

use Operand::{Ind, Reg};

/// One instruction being read: where its operands are, and whether the prefix changed it.
struct Reader<'a, F: Fn(u16) -> u8> {
    addr: u16,
    index: Index,
    byte: &'a F,
    /// Offset of the next operand byte.
    pos: u16,
    /// The memory operand, when the opcode has one.
    memory: Option<Operand>,
    /// Whether an operand named the index register (a prefix that changes nothing is data).
    indexed: bool,
}

impl<F: Fn(u16) -> u8> Reader<'_, F> {
    fn n(&mut self) -> u8 {
        let value = (self.byte)(self.pos);
        self.pos += 1;
        value
    }

    fn nn(&mut self) -> u16 {
        let value = u16::from_le_bytes([(self.byte)(self.pos), (self.byte)(self.pos + 1)]);
        self.pos += 2;
        value
    }

    /// A relative jump's target (JR, DJNZ): after the displacement byte.
    fn target(&mut self) -> Operand {
        let d = (self.byte)(self.pos) as i8;
        self.pos += 1;
        Operand::Target(self.addr.wrapping_add(self.pos).wrapping_add(d as u16))
    }

    fn pair(&mut self) -> &'static str {
        self.indexed |= self.index != Index::Hl;
        self.index.pair()
    }

    fn rp(&mut self, p: u8) -> Operand {
        Reg(if p == 2 {
            self.pair()
        } else {
            RP[usize::from(p)]
        })
    }

    fn rp2(&mut self, p: u8) -> Operand {
        Reg(if p == 2 {
            self.pair()
        } else {
            RP2[usize::from(p)]
        })
    }

    fn r(&mut self, code: u8) -> Operand {
        match (code, &self.memory) {
            (6, Some(memory)) => {
                self.indexed |= self.index != Index::Hl;
                memory.clone()
            }
            (4 | 5, None) if self.index != Index::Hl => {
                self.indexed = true;
                Reg(self.index.half(code == 5))
            }
            _ => r8(code),
        }
    }
}

/// The 8-bit register of code `code` without prefix; 6 is (HL).
fn r8(code: u8) -> Operand {
    match code {
        6 => Ind("HL"),
        _ => Reg(R8[usize::from(code)]),
    }
}

/// An unprefixed instruction, or one under DD/FD (`index`), whose opcode is at offset 0 or 1.
pub fn main<F: Fn(u16) -> u8>(addr: u16, index: Index, byte: F) -> Option<Instruction> {
    let at = u16::from(index != Index::Hl);
    let op = byte(at);
    let memory = uses_memory(op).then(|| match index {
        Index::Hl => Ind("HL"),
        _ => Operand::Indexed(index.pair(), byte(at + 1) as i8),
    });
    let skip = u16::from(memory.is_some() && index != Index::Hl);
    let mut reader = Reader {
        addr,
        index,
        byte: &byte,
        pos: at + 1 + skip,
        memory,
        indexed: false,
    };
    let (mnemonic, operands) = match op >> 6 {
        0 => block0(&mut reader, op),
        1 if op == 0x76 => ins("HALT", vec![]),
        1 => {
            let dst = reader.r((op >> 3) & 7);
            let src = reader.r(op & 7);
            ins("LD", vec![dst, src])
        }
        2 => alu((op >> 3) & 7, reader.r(op & 7)),
        _ => block3(&mut reader, op)?,
    };
    if index != Index::Hl && !reader.indexed {
        return None;
    }
    let len = usize::from(reader.pos);
    Some(Instruction::new(mnemonic, operands, &byte, len))
}

/// The 8-bit ALU operation `y` on `src`: ADD, ADC and SBC name A, the others do not.
fn alu(y: u8, src: Operand) -> (&'static str, Vec<Operand>) {
    let (name, with_a) = ALU[usize::from(y)];
    if with_a {
        ins(name, vec![Reg("A"), src])
    } else {
        ins(name, vec![src])
    }
}

/// x = 0: relative jumps, 16-bit loads and arithmetic, INC/DEC, LD r,n, accumulator ops.
fn block0<F: Fn(u16) -> u8>(r: &mut Reader<'_, F>, op: u8) -> (&'static str, Vec<Operand>) {
    let (y, z) = ((op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    match z {
        0 => match y {
            0 => ins("NOP", vec![]),
            1 => ins("EX", vec![Reg("AF"), Reg("AF'")]),
            2 => ins("DJNZ", vec![r.target()]),
            3 => ins("JR", vec![r.target()]),
            _ => ins("JR", vec![Reg(CC[usize::from(y - 4)]), r.target()]),
        },
        1 if q == 0 => {
            let dst = r.rp(p);
            ins("LD", vec![dst, Operand::Word(r.nn())])
        }
        1 => {
            let dst = Reg(r.pair());
            ins("ADD", vec![dst, r.rp(p)])
        }
        2 => load_indirect(r, p, q),
        3 => ins(if q == 0 { "INC" } else { "DEC" }, vec![r.rp(p)]),
        4 => ins("INC", vec![r.r(y)]),
        5 => ins("DEC", vec![r.r(y)]),
        6 => {
            let dst = r.r(y);
            ins("LD", vec![dst, Operand::Byte(r.n())])
        }
        _ => ins(ACC[usize::from(y)], vec![]),
    }
}

/// x = 0, z = 2: the loads through (BC), (DE) and (nn).
fn load_indirect<F: Fn(u16) -> u8>(
    r: &mut Reader<'_, F>,
    p: u8,
    q: u8,
) -> (&'static str, Vec<Operand>) {
    let a = Reg("A");
    match (q, p) {
        (0, 0) => ins("LD", vec![Ind("BC"), a]),
        (0, 1) => ins("LD", vec![Ind("DE"), a]),
        (0, 2) => {
            let at = Operand::Address(r.nn());
            ins("LD", vec![at, Reg(r.pair())])
        }
        (0, _) => ins("LD", vec![Operand::Address(r.nn()), a]),
        (_, 0) => ins("LD", vec![a, Ind("BC")]),
        (_, 1) => ins("LD", vec![a, Ind("DE")]),
        (_, 2) => {
            let dst = Reg(r.pair());
            ins("LD", vec![dst, Operand::Address(r.nn())])
        }
        _ => ins("LD", vec![a, Operand::Address(r.nn())]),
    }
}

/// x = 3: returns, jumps, calls, stack, I/O, exchanges, ALU with a byte, RST. `None` for
/// the prefixes, which are not instructions here.
fn block3<F: Fn(u16) -> u8>(r: &mut Reader<'_, F>, op: u8) -> Option<(&'static str, Vec<Operand>)> {
    let (y, z) = ((op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    let cc = Reg(CC[usize::from(y)]);
    Some(match z {
        0 => ins("RET", vec![cc]),
        1 if q == 0 => ins("POP", vec![r.rp2(p)]),
        1 => match p {
            0 => ins("RET", vec![]),
            1 => ins("EXX", vec![]),
            2 => ins("JP", vec![Ind(r.pair())]),
            _ => ins("LD", vec![Reg("SP"), Reg(r.pair())]),
        },
        2 => ins("JP", vec![cc, Operand::Word(r.nn())]),
        3 => match y {
            0 => ins("JP", vec![Operand::Word(r.nn())]),
            1 => return None,
            2 => ins("OUT", vec![Operand::Port(r.n()), Reg("A")]),
            3 => ins("IN", vec![Reg("A"), Operand::Port(r.n())]),
            4 => ins("EX", vec![Ind("SP"), Reg(r.pair())]),
            5 => ins("EX", vec![Reg("DE"), Reg("HL")]),
            6 => ins("DI", vec![]),
            _ => ins("EI", vec![]),
        },
        4 => ins("CALL", vec![cc, Operand::Word(r.nn())]),
        5 if q == 0 => ins("PUSH", vec![r.rp2(p)]),
        5 if p == 0 => ins("CALL", vec![Operand::Word(r.nn())]),
        5 => return None,
        6 => alu(y, Operand::Byte(r.n())),
        _ => ins("RST", vec![Operand::Restart(y * 8)]),
    })
}

/// The CB page: shifts and rotations, BIT, RES, SET on a register or (HL).
pub fn bits(op: u8) -> Instruction {
    let (y, z) = ((op >> 3) & 7, op & 7);
    let (mnemonic, operands) = cb(op >> 6, y, r8(z));
    Instruction::new(
        mnemonic,
        operands,
        &|i| [0xCB, op][usize::from(i.min(1))],
        2,
    )
}

/// A CB-page operation of group `x` (rotation, BIT, RES, SET) and field `y` on `target`.
fn cb(x: u8, y: u8, target: Operand) -> (&'static str, Vec<Operand>) {
    match x {
        0 => ins(ROT[usize::from(y)], vec![target]),
        1 => ins("BIT", vec![Operand::Number(y), target]),
        2 => ins("RES", vec![Operand::Number(y), target]),
        _ => ins("SET", vec![Operand::Number(y), target]),
    }
}

/// DD or FD: the main page with the index register, DD CB d op, or a prefix that changes
/// nothing (one byte of data; what follows is an instruction of its own).
pub fn indexed<F: Fn(u16) -> u8>(addr: u16, index: Index, byte: F) -> Instruction {
    match byte(1) {
        0xCB => indexed_bits(index, &byte),
        0xDD | 0xED | 0xFD => Instruction::data(&[byte(0)]),
        _ => main(addr, index, &byte).unwrap_or_else(|| Instruction::data(&[byte(0)])),
    }
}

/// DD CB d op: the memory forms only; the undocumented copies into a register are data.
fn indexed_bits<F: Fn(u16) -> u8>(index: Index, byte: &F) -> Instruction {
    let op = byte(3);
    if op & 7 != 6 {
        return Instruction::data(&[byte(0), byte(1), byte(2), byte(3)]);
    }
    let memory = Operand::Indexed(index.pair(), byte(2) as i8);
    let (mnemonic, operands) = cb(op >> 6, (op >> 3) & 7, memory);
    Instruction::new(mnemonic, operands, byte, 4)
}

/// The ED page; duplicates of other encodings and invalid opcodes are two bytes of data.
pub fn extended<F: Fn(u16) -> u8>(byte: F) -> Instruction {
    let op = byte(1);
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    let word = || Operand::Address(u16::from_le_bytes([byte(2), byte(3)]));
    let (mnemonic, operands, len) = match (x, z) {
        (1, 0) if y != 6 => ("IN", vec![r8(y), Ind("C")], 2),
        (1, 1) if y != 6 => ("OUT", vec![Ind("C"), r8(y)], 2),
        (1, 2) => {
            let name = if q == 0 { "SBC" } else { "ADC" };
            (name, vec![Reg("HL"), Reg(RP[usize::from(p)])], 2)
        }
        (1, 3) if p != 2 && q == 0 => ("LD", vec![word(), Reg(RP[usize::from(p)])], 4),
        (1, 3) if p != 2 => ("LD", vec![Reg(RP[usize::from(p)]), word()], 4),
        (1, 4) if y == 0 => ("NEG", vec![], 2),
        (1, 5) if y < 2 => (["RETN", "RETI"][usize::from(y)], vec![], 2),
        (1, 6) if matches!(y, 0 | 2 | 3) => ("IM", vec![Operand::Number(y.saturating_sub(1))], 2),
        (1, 7) if y < 4 => {
            let (a, b) = [("I", "A"), ("R", "A"), ("A", "I"), ("A", "R")][usize::from(y)];
            ("LD", vec![Reg(a), Reg(b)], 2)
        }
        (1, 7) if y < 6 => (["RRD", "RLD"][usize::from(y - 4)], vec![], 2),
        (2, 0..=3) if y >= 4 => (BLOCK[usize::from(y - 4)][usize::from(z)], vec![], 2),
        _ => return Instruction::data(&[0xED, op]),
    };
    Instruction::new(mnemonic, operands, &byte, len)
}

/// The block instructions by y - 4 and z.
const BLOCK: [[&str; 4]; 4] = [
    ["LDI", "CPI", "INI", "OUTI"],
    ["LDD", "CPD", "IND", "OUTD"],
    ["LDIR", "CPIR", "INIR", "OTIR"],
    ["LDDR", "CPDR", "INDR", "OTDR"],
];
