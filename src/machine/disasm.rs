//! One-instruction disassembly in the syntax the project's assembler accepts, so that any
//! listing the tool prints assembles back to the same bytes: in Zilog's mnemonics, or in
//! TDL's 8080-style ones (the 1978 book's), which the assembler reads with `--dialect tdl`.
//!
//! Zilog mnemonics; numbers in hex with an `h` suffix and a leading 0 when they start with a
//! letter (`0FEh`, `1234h`, `0ABCDh`); index displacements in decimal (`(IX+5)`, `(IY-2)`);
//! relative jumps as their absolute target; the one-operand ALU forms without `A,` (`AND 10h`,
//! `CP B`) and the two-operand ones with it (`ADD A, B`, `SBC A, 05h`). The undocumented forms
//! the assembler takes (IXH/IXL/IYH/IYL, SLL) are named; everything else that has no
//! assembler form of its own (a duplicate ED opcode, an invalid one, a DD/FD prefix that
//! changes nothing, the DD CB forms that also copy to a register) is shown as `DB` with its
//! bytes. In TDL the same instruction is spelled by [`TDL_SPELLINGS`] (`MOV A,M`, `JNZ 0102H`,
//! `MVI -2(Y),0FFH`: hex with the capital `H` of the book and TDL's manual), and what TDL has
//! no word for (the undocumented forms) is `.BYTE`.

mod decode;
mod monitor;
mod operands;
mod spellings;
mod tdl;
mod written;

use decode::Index;
use operands::{byte, displacement, word};

pub use monitor::{BlockPart, MonitorCall, RST_38H};
pub use spellings::TDL_SPELLINGS;
pub use written::Written;

/// The mnemonics a disassembly is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// Zilog's (`LD A, (HL)`).
    #[default]
    Zilog,
    /// TDL's, as the 1978 listing is printed (`MOV A,M`).
    Tdl,
}

/// What an operand is, for naming it: by a symbol (the 16-bit kinds), or by the expression a
/// source wrote for it (every kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// The address of a memory operand, `(nn)`.
    Address,
    /// A 16-bit value: an immediate, or the target of JP or CALL.
    Word,
    /// The target of a relative jump (JR, DJNZ).
    Target,
    /// An 8-bit immediate, `n`.
    Byte,
    /// A port number, `(n)` of IN and OUT.
    Port,
    /// An index displacement, `d` of `(IX+d)`; its value is passed sign-extended.
    Displacement,
}

impl Use {
    /// True for the 16-bit kinds a symbol can name.
    pub fn is_word(self) -> bool {
        matches!(self, Use::Address | Use::Word | Use::Target)
    }
}

/// One operand as decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operand {
    /// A register or condition: `A`, `HL`, `IXH`, `AF'`, `NZ`.
    Reg(&'static str),
    /// A register in parentheses: `(HL)`, `(BC)`, `(SP)`, `(C)`, `(IX)`.
    Ind(&'static str),
    /// `(IX+d)` / `(IY+d)`.
    Indexed(&'static str, i8),
    /// Memory at an address: `(nn)`.
    Address(u16),
    /// A port: `(n)`.
    Port(u8),
    /// A byte value.
    Byte(u8),
    /// A word value (also JP's and CALL's target).
    Word(u16),
    /// A relative jump's target address.
    Target(u16),
    /// A bit number or an interrupt mode.
    Number(u8),
    /// A restart address (RST).
    Restart(u8),
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    /// The Zilog mnemonic, or `DB` for bytes that are no instruction of their own.
    pub mnemonic: &'static str,
    /// The operands in Zilog's order.
    pub operands: Vec<Operand>,
    bytes: [u8; 4],
    len: usize,
}

impl Instruction {
    fn new(
        mnemonic: &'static str,
        operands: Vec<Operand>,
        byte: &impl Fn(u16) -> u8,
        len: usize,
    ) -> Instruction {
        let mut bytes = [0; 4];
        for (i, b) in bytes.iter_mut().enumerate().take(len) {
            *b = byte(i as u16);
        }
        Instruction {
            mnemonic,
            operands,
            bytes,
            len,
        }
    }

    /// `DB` with `bytes`: the form that assembles to them whatever they are.
    fn data(bytes: &[u8]) -> Instruction {
        let operands = bytes.iter().map(|&b| Operand::Byte(b)).collect();
        Instruction::new("DB", operands, &|i| bytes[usize::from(i)], bytes.len())
    }

    /// Its bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Its length in bytes.
    pub fn size(&self) -> usize {
        self.len
    }

    /// Whether it is bytes without an instruction of their own (`DB`).
    pub fn is_data(&self) -> bool {
        self.mnemonic == "DB"
    }

    /// The TDL form that spells it (`MOV r,d(X)`, `LIXD nn`), if TDL has one.
    pub fn tdl_form(&self) -> Option<&'static str> {
        tdl::form(self)
    }

    /// Its text in `dialect`, every value as a number.
    pub fn text(&self, dialect: Dialect) -> String {
        self.text_named(dialect, &|_, _| None)
    }

    /// Its text in `dialect`, with `names` asked for the text of each value operand (a value
    /// left as a number where it has none): the 16-bit ones by value, where a symbol may name
    /// them, and every kind by [`Use`], where a source wrote an expression for it. A
    /// displacement's text is placed as `(IX+text)` (`(IX-2)` when it starts with a minus) or
    /// `text(X)`; a `DB` line's bytes are never asked for.
    pub fn text_named(
        &self,
        dialect: Dialect,
        names: &dyn Fn(u16, Use) -> Option<String>,
    ) -> String {
        match dialect {
            Dialect::Zilog => self.zilog(names),
            Dialect::Tdl => tdl::spell(self, names),
        }
    }

    fn zilog(&self, names: &dyn Fn(u16, Use) -> Option<String>) -> String {
        let numbers: &dyn Fn(u16, Use) -> Option<String> = &|_, _| None;
        let names = if self.is_data() { numbers } else { names };
        let ops: Vec<String> = self.operands.iter().map(|op| op.zilog(names)).collect();
        if ops.is_empty() {
            self.mnemonic.to_string()
        } else {
            format!("{} {}", self.mnemonic, ops.join(", "))
        }
    }
}

impl Operand {
    /// The operand as Zilog writes it.
    fn zilog(&self, names: &dyn Fn(u16, Use) -> Option<String>) -> String {
        let named = |v: u16, u: Use| names(v, u).unwrap_or_else(|| word(v));
        match self {
            Operand::Reg(r) => r.to_string(),
            Operand::Ind(r) => format!("({r})"),
            Operand::Indexed(r, d) => match names(*d as i16 as u16, Use::Displacement) {
                Some(text) if text.starts_with('-') => format!("({r}{text})"),
                Some(text) => format!("({r}+{text})"),
                None => format!("({r}{})", displacement(*d)),
            },
            Operand::Address(a) => format!("({})", named(*a, Use::Address)),
            Operand::Port(n) => format!(
                "({})",
                names(u16::from(*n), Use::Port).unwrap_or_else(|| byte(*n))
            ),
            Operand::Byte(n) => names(u16::from(*n), Use::Byte).unwrap_or_else(|| byte(*n)),
            Operand::Restart(n) => byte(*n),
            Operand::Word(v) => named(*v, Use::Word),
            Operand::Target(v) => named(*v, Use::Target),
            Operand::Number(n) => n.to_string(),
        }
    }
}

/// The instruction at `addr`, decoded.
pub fn decode(memory: &[u8; 0x10000], addr: u16) -> Instruction {
    let byte = |offset: u16| memory[usize::from(addr.wrapping_add(offset))];
    match byte(0) {
        0xCB => decode::bits(byte(1)),
        0xED => decode::extended(byte),
        prefix @ (0xDD | 0xFD) => decode::indexed(addr, Index::of(prefix), byte),
        _ => decode::main(addr, Index::Hl, byte).unwrap_or_else(|| Instruction::data(&[byte(0)])),
    }
}

/// The instruction at `addr` as Zilog text, and its length in bytes.
///
/// ```
/// use sargon_z80::machine::disassemble;
///
/// let mut memory = Box::new([0u8; 0x10000]);
/// memory[0x100..0x104].copy_from_slice(&[0xE6, 0x10, 0x20, 0xFE]);
/// assert_eq!(disassemble(&memory, 0x100), ("AND 10h".to_string(), 2));
/// assert_eq!(disassemble(&memory, 0x102), ("JR NZ, 0102h".to_string(), 2));
/// ```
pub fn disassemble(memory: &[u8; 0x10000], addr: u16) -> (String, usize) {
    disassemble_in(memory, addr, Dialect::Zilog)
}

/// The instruction at `addr` as text in `dialect`, and its length in bytes.
///
/// ```
/// use sargon_z80::machine::{Dialect, disassemble_in};
///
/// let mut memory = Box::new([0u8; 0x10000]);
/// memory[0x100..0x105].copy_from_slice(&[0x7E, 0xDD, 0x36, 0xFE, 0x05]);
/// assert_eq!(disassemble_in(&memory, 0x100, Dialect::Tdl), ("MOV A,M".to_string(), 1));
/// assert_eq!(disassemble_in(&memory, 0x101, Dialect::Tdl), ("MVI -2(X),05H".to_string(), 4));
/// ```
pub fn disassemble_in(memory: &[u8; 0x10000], addr: u16, dialect: Dialect) -> (String, usize) {
    let instruction = decode(memory, addr);
    (instruction.text(dialect), instruction.size())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::timing::timing_at;

    fn dis(bytes: &[u8]) -> (String, usize) {
        let mut mem = Box::new([0u8; 0x10000]);
        mem[0x200..0x200 + bytes.len()].copy_from_slice(bytes);
        disassemble(&mem, 0x200)
    }

    fn tdl(bytes: &[u8]) -> String {
        let mut mem = Box::new([0u8; 0x10000]);
        mem[0x200..0x200 + bytes.len()].copy_from_slice(bytes);
        disassemble_in(&mem, 0x200, Dialect::Tdl).0
    }

    #[test]
    fn tdl_spellings() {
        assert_eq!(tdl(&[0x7E]), "MOV A,M");
        assert_eq!(tdl(&[0x77]), "MOV M,A");
        assert_eq!(tdl(&[0xDD, 0x7E, 0x98]), "MOV A,-104(X)");
        assert_eq!(tdl(&[0xFD, 0x70, 0x05]), "MOV 5(Y),B");
        assert_eq!(tdl(&[0x21, 0x34, 0x12]), "LXI H,1234H");
        assert_eq!(tdl(&[0xF2, 0x34, 0x12]), "JP 1234H");
        assert_eq!(tdl(&[0xC3, 0x34, 0x12]), "JMP 1234H");
        assert_eq!(tdl(&[0xFE, 0x05]), "CPI 05H");
        assert_eq!(tdl(&[0xED, 0xA1]), "CCI");
        assert_eq!(tdl(&[0xFF]), "RST 7");
        assert_eq!(tdl(&[0x07]), "RLC");
        assert_eq!(tdl(&[0xCB, 0x00]), "RLCR B");
        assert_eq!(tdl(&[0x20, 0xFE]), "JRNZ 0200H");
        assert_eq!(tdl(&[0xF5]), "PUSH PSW");
        assert_eq!(tdl(&[0xDD, 0xCB, 0x03, 0x46]), "BIT 0,3(X)");
        assert_eq!(tdl(&[0xED, 0x5F]), "LDAR");
        assert_eq!(tdl(&[0xED, 0x5E]), "IM2");
        assert_eq!(tdl(&[0xDB, 0xFE]), "IN 0FEH");
        assert_eq!(tdl(&[0xED, 0x4C]), ".BYTE 0EDH,4CH");
        assert_eq!(
            tdl(&[0xFD, 0x26, 0x01]),
            ".BYTE 0FDH,26H,01H",
            "LD IYH,1 has no TDL word"
        );
    }

    #[test]
    fn examples() {
        assert_eq!(dis(&[0xDD, 0x21, 0x34, 0x12]), ("LD IX, 1234h".into(), 4));
        assert_eq!(dis(&[0x20, 0xFE]), ("JR NZ, 0200h".into(), 2));
        assert_eq!(dis(&[0xC9]), ("RET".into(), 1));
        assert_eq!(dis(&[0x7E]), ("LD A, (HL)".into(), 1));
        assert_eq!(dis(&[0xDD, 0x7E, 0x05]), ("LD A, (IX+5)".into(), 3));
        assert_eq!(dis(&[0xFD, 0x66, 0xFE]), ("LD H, (IY-2)".into(), 3));
        assert_eq!(dis(&[0xFD, 0x26, 0x01]), ("LD IYH, 01h".into(), 3));
        assert_eq!(dis(&[0xDD, 0x29]), ("ADD IX, IX".into(), 2));
        assert_eq!(dis(&[0xDD, 0xE5]), ("PUSH IX".into(), 2));
        assert_eq!(
            dis(&[0xDD, 0x36, 0x80, 0xFF]),
            ("LD (IX-128), 0FFh".into(), 4)
        );
        assert_eq!(dis(&[0xDD, 0xCB, 0x03, 0x46]), ("BIT 0, (IX+3)".into(), 4));
        assert_eq!(dis(&[0xFD, 0xCB, 0xFF, 0x36]), ("SLL (IY-1)".into(), 4));
    }

    #[test]
    fn the_assemblers_syntax() {
        assert_eq!(dis(&[0xE6, 0x10]), ("AND 10h".into(), 2));
        assert_eq!(dis(&[0xFE, 0x5A]), ("CP 5Ah".into(), 2));
        assert_eq!(dis(&[0x3E, 0xFF]), ("LD A, 0FFh".into(), 2));
        assert_eq!(dis(&[0x21, 0xCD, 0xAB]), ("LD HL, 0ABCDh".into(), 3));
        assert_eq!(dis(&[0xCE, 0x0B]), ("ADC A, 0Bh".into(), 2));
        assert_eq!(dis(&[0x96]), ("SUB (HL)".into(), 1));
        assert_eq!(dis(&[0xFF]), ("RST 38h".into(), 1));
        assert_eq!(dis(&[0x08]), ("EX AF, AF'".into(), 1));
        assert_eq!(dis(&[0xDB, 0xFE]), ("IN A, (0FEh)".into(), 2));
        assert_eq!(dis(&[0xED, 0x5E]), ("IM 2".into(), 2));
    }

    #[test]
    fn bytes_without_an_instruction_of_their_own_are_data() {
        assert_eq!(
            dis(&[0xED, 0x4C]),
            ("DB 0EDh, 4Ch".into(), 2),
            "a second NEG"
        );
        assert_eq!(dis(&[0xED, 0x00]), ("DB 0EDh, 00h".into(), 2));
        assert_eq!(
            dis(&[0xDD, 0x00]),
            ("DB 0DDh".into(), 1),
            "a prefix that changes nothing"
        );
        assert_eq!(dis(&[0xDD, 0xDD, 0x21]), ("DB 0DDh".into(), 1));
        assert_eq!(
            dis(&[0xDD, 0xCB, 0x01, 0x00]),
            ("DB 0DDh, 0CBh, 01h, 00h".into(), 4),
            "RLC (IX+1) copied into B"
        );
    }

    #[test]
    fn sign_condition_is_m() {
        assert_eq!(dis(&[0xF8]), ("RET M".into(), 1));
        assert_eq!(dis(&[0xFA, 0x34, 0x12]), ("JP M, 1234h".into(), 3));
        assert_eq!(dis(&[0xFC, 0x34, 0x12]), ("CALL M, 1234h".into(), 3));
        assert_eq!(dis(&[0xF0]), ("RET P".into(), 1));
    }

    /// Where the disassembler names an instruction, its length is the one the machine
    /// executes; data lines are shorter (a lone prefix) or as long (ED).
    #[test]
    fn lengths_agree_with_the_machine() {
        let mut mem = Box::new([0u8; 0x10000]);
        for first in [None, Some(0xCB), Some(0xDD), Some(0xED), Some(0xFD)] {
            for op in 0..=255u8 {
                let bytes: Vec<u8> = first.into_iter().chain([op, 0x12, 0x34, 0x56]).collect();
                mem[..bytes.len()].copy_from_slice(&bytes);
                let (text, len) = disassemble(&mem, 0);
                let machine = usize::from(timing_at(&mem, 0).len);
                if text.starts_with("DB ") {
                    assert!(len <= machine, "{bytes:02X?}: {text} is {len} bytes");
                } else {
                    assert_eq!(len, machine, "{bytes:02X?}: {text}");
                }
            }
        }
    }
}
