//! Decoding by the opcode's fields: x = bits 7-6, y = bits 5-3, z = bits 2-0, p = y >> 1,
//! q = y & 1; the DD and FD prefixes replace HL by IX or IY, H and L by their halves and
//! (HL) by (IX+d), except that an instruction with (IX+d) keeps plain H and L.

use super::operands::{ACC, ALU, CC, R8, ROT, RP, RP2, byte, displacement, word};

/// A decoded instruction: its text and length in bytes.
pub struct Decoded {
    /// The instruction as the assembler reads it.
    pub text: String,
    /// Its length in bytes.
    pub len: usize,
}

impl Decoded {
    /// An instruction of `len` bytes.
    pub fn new(text: impl Into<String>, len: usize) -> Decoded {
        Decoded {
            text: text.into(),
            len,
        }
    }

    /// `DB` with `bytes`: the form that assembles to them whatever they are.
    pub fn data(bytes: &[u8]) -> Decoded {
        let list: Vec<String> = bytes.iter().map(|&b| byte(b)).collect();
        Decoded::new(format!("DB {}", list.join(", ")), bytes.len())
    }
}

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

/// One instruction being read: where its operands are, and whether the prefix changed it.
struct Reader<'a, F: Fn(u16) -> u8> {
    addr: u16,
    index: Index,
    byte: &'a F,
    /// Offset of the next operand byte.
    pos: u16,
    /// The memory operand, when the opcode has one.
    memory: Option<String>,
    /// Whether an operand named the index register (a prefix that changes nothing is data).
    indexed: bool,
}

impl<F: Fn(u16) -> u8> Reader<'_, F> {
    fn n(&mut self) -> String {
        let value = (self.byte)(self.pos);
        self.pos += 1;
        byte(value)
    }

    fn nn(&mut self) -> String {
        let value = u16::from_le_bytes([(self.byte)(self.pos), (self.byte)(self.pos + 1)]);
        self.pos += 2;
        word(value)
    }

    /// A relative jump's target (JR, DJNZ): after the displacement byte.
    fn target(&mut self) -> String {
        let d = (self.byte)(self.pos) as i8;
        self.pos += 1;
        word(self.addr.wrapping_add(self.pos).wrapping_add(d as u16))
    }

    fn pair(&mut self) -> &'static str {
        self.indexed |= self.index != Index::Hl;
        self.index.pair()
    }

    fn rp(&mut self, p: u8) -> &'static str {
        if p == 2 {
            self.pair()
        } else {
            RP[usize::from(p)]
        }
    }

    fn rp2(&mut self, p: u8) -> &'static str {
        if p == 2 {
            self.pair()
        } else {
            RP2[usize::from(p)]
        }
    }

    fn r(&mut self, code: u8) -> String {
        match (code, &self.memory) {
            (6, Some(memory)) => {
                self.indexed |= self.index != Index::Hl;
                memory.clone()
            }
            (4 | 5, None) if self.index != Index::Hl => {
                self.indexed = true;
                self.index.half(code == 5).to_string()
            }
            _ => R8[usize::from(code)].to_string(),
        }
    }
}

/// An unprefixed instruction, or one under DD/FD (`index`), whose opcode is at offset 0 or 1.
pub fn main<F: Fn(u16) -> u8>(addr: u16, index: Index, byte: F) -> Option<Decoded> {
    let at = u16::from(index != Index::Hl);
    let op = byte(at);
    let memory = uses_memory(op).then(|| match index {
        Index::Hl => "(HL)".to_string(),
        _ => format!("({}{})", index.pair(), displacement(byte(at + 1))),
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
    let text = match op >> 6 {
        0 => block0(&mut reader, op)?,
        1 if op == 0x76 => "HALT".to_string(),
        1 => {
            let (dst, src) = (reader.r((op >> 3) & 7), reader.r(op & 7));
            format!("LD {dst}, {src}")
        }
        2 => format!("{}{}", ALU[usize::from((op >> 3) & 7)], reader.r(op & 7)),
        _ => block3(&mut reader, op)?,
    };
    if index != Index::Hl && !reader.indexed {
        return None;
    }
    Some(Decoded::new(text, usize::from(reader.pos)))
}

/// x = 0: relative jumps, 16-bit loads and arithmetic, INC/DEC, LD r,n, accumulator ops.
fn block0<F: Fn(u16) -> u8>(r: &mut Reader<'_, F>, op: u8) -> Option<String> {
    let (y, z) = ((op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    Some(match z {
        0 => match y {
            0 => "NOP".to_string(),
            1 => "EX AF, AF'".to_string(),
            2 => format!("DJNZ {}", r.target()),
            3 => format!("JR {}", r.target()),
            _ => format!("JR {}, {}", CC[usize::from(y - 4)], r.target()),
        },
        1 if q == 0 => format!("LD {}, {}", r.rp(p), r.nn()),
        1 => format!("ADD {}, {}", r.pair(), r.rp(p)),
        2 => match (q, p) {
            (0, 0) => "LD (BC), A".to_string(),
            (0, 1) => "LD (DE), A".to_string(),
            (0, 2) => format!("LD ({}), {}", r.nn(), r.pair()),
            (0, _) => format!("LD ({}), A", r.nn()),
            (_, 0) => "LD A, (BC)".to_string(),
            (_, 1) => "LD A, (DE)".to_string(),
            (_, 2) => format!("LD {}, ({})", r.pair(), r.nn()),
            _ => format!("LD A, ({})", r.nn()),
        },
        3 => format!("{} {}", if q == 0 { "INC" } else { "DEC" }, r.rp(p)),
        4 => format!("INC {}", r.r(y)),
        5 => format!("DEC {}", r.r(y)),
        6 => {
            let dst = r.r(y);
            format!("LD {dst}, {}", r.n())
        }
        _ => ACC[usize::from(y)].to_string(),
    })
}

/// x = 3: returns, jumps, calls, stack, I/O, exchanges, ALU with a byte, RST. `None` for
/// the prefixes, which are not instructions here.
fn block3<F: Fn(u16) -> u8>(r: &mut Reader<'_, F>, op: u8) -> Option<String> {
    let (y, z) = ((op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    let cc = CC[usize::from(y)];
    Some(match z {
        0 => format!("RET {cc}"),
        1 if q == 0 => format!("POP {}", r.rp2(p)),
        1 => match p {
            0 => "RET".to_string(),
            1 => "EXX".to_string(),
            2 => format!("JP ({})", r.pair()),
            _ => format!("LD SP, {}", r.pair()),
        },
        2 => format!("JP {cc}, {}", r.nn()),
        3 => match y {
            0 => format!("JP {}", r.nn()),
            1 => return None,
            2 => format!("OUT ({}), A", r.n()),
            3 => format!("IN A, ({})", r.n()),
            4 => format!("EX (SP), {}", r.pair()),
            5 => "EX DE, HL".to_string(),
            6 => "DI".to_string(),
            _ => "EI".to_string(),
        },
        4 => format!("CALL {cc}, {}", r.nn()),
        5 if q == 0 => format!("PUSH {}", r.rp2(p)),
        5 if p == 0 => format!("CALL {}", r.nn()),
        5 => return None,
        6 => format!("{}{}", ALU[usize::from(y)], r.n()),
        _ => format!("RST {}", byte(y * 8)),
    })
}

/// The CB page: shifts and rotations, BIT, RES, SET on a register or (HL).
pub fn bits(op: u8) -> String {
    let (y, z) = ((op >> 3) & 7, usize::from(op & 7));
    match op >> 6 {
        0 => format!("{} {}", ROT[usize::from(y)], R8[z]),
        1 => format!("BIT {y}, {}", R8[z]),
        2 => format!("RES {y}, {}", R8[z]),
        _ => format!("SET {y}, {}", R8[z]),
    }
}

/// DD or FD: the main page with the index register, DD CB d op, or a prefix that changes
/// nothing (one byte of data; what follows is an instruction of its own).
pub fn indexed<F: Fn(u16) -> u8>(addr: u16, index: Index, byte: F) -> Decoded {
    match byte(1) {
        0xCB => indexed_bits(index, &byte),
        0xDD | 0xED | 0xFD => Decoded::data(&[byte(0)]),
        _ => main(addr, index, &byte).unwrap_or_else(|| Decoded::data(&[byte(0)])),
    }
}

/// DD CB d op: the memory forms only; the undocumented copies into a register are data.
fn indexed_bits<F: Fn(u16) -> u8>(index: Index, byte: &F) -> Decoded {
    let op = byte(3);
    if op & 7 != 6 {
        return Decoded::data(&[byte(0), byte(1), byte(2), byte(3)]);
    }
    let memory = format!("({}{})", index.pair(), displacement(byte(2)));
    let y = (op >> 3) & 7;
    let text = match op >> 6 {
        0 => format!("{} {memory}", ROT[usize::from(y)]),
        1 => format!("BIT {y}, {memory}"),
        2 => format!("RES {y}, {memory}"),
        _ => format!("SET {y}, {memory}"),
    };
    Decoded::new(text, 4)
}

/// The ED page; duplicates of other encodings and invalid opcodes are two bytes of data.
pub fn extended<F: Fn(u16) -> u8>(byte: F) -> Decoded {
    let op = byte(1);
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    let word_at = || word(u16::from_le_bytes([byte(2), byte(3)]));
    let text = match (x, z) {
        (1, 0) if y != 6 => format!("IN {}, (C)", R8[usize::from(y)]),
        (1, 1) if y != 6 => format!("OUT (C), {}", R8[usize::from(y)]),
        (1, 2) => format!(
            "{} HL, {}",
            if q == 0 { "SBC" } else { "ADC" },
            RP[usize::from(p)]
        ),
        (1, 3) if p != 2 && q == 0 => {
            return Decoded::new(format!("LD ({}), {}", word_at(), RP[usize::from(p)]), 4);
        }
        (1, 3) if p != 2 => {
            return Decoded::new(format!("LD {}, ({})", RP[usize::from(p)], word_at()), 4);
        }
        (1, 4) if y == 0 => "NEG".to_string(),
        (1, 5) if y < 2 => ["RETN", "RETI"][usize::from(y)].to_string(),
        (1, 6) if matches!(y, 0 | 2 | 3) => format!("IM {}", y.saturating_sub(1)),
        (1, 7) if y < 6 => {
            ["LD I, A", "LD R, A", "LD A, I", "LD A, R", "RRD", "RLD"][usize::from(y)].to_string()
        }
        (2, 0..=3) if y >= 4 => BLOCK[usize::from(y - 4)][usize::from(z)].to_string(),
        _ => return Decoded::data(&[0xED, op]),
    };
    Decoded::new(text, 2)
}

/// The block instructions by y - 4 and z.
const BLOCK: [[&str; 4]; 4] = [
    ["LDI", "CPI", "INI", "OUTI"],
    ["LDD", "CPD", "IND", "OUTD"],
    ["LDIR", "CPIR", "INIR", "OTIR"],
    ["LDDR", "CPDR", "INDR", "OTDR"],
];
