//! One-instruction disassembly in the syntax the project's assembler accepts, so that any
//! listing the tool prints assembles back to the same bytes.
//!
//! Zilog mnemonics; numbers in hex with an `h` suffix and a leading 0 when they start with a
//! letter (`0FEh`, `1234h`, `0ABCDh`); index displacements in decimal (`(IX+5)`, `(IY-2)`);
//! relative jumps as their absolute target; the one-operand ALU forms without `A,` (`AND 10h`,
//! `CP B`) and the two-operand ones with it (`ADD A, B`, `SBC A, 05h`). The undocumented forms
//! the assembler takes (IXH/IXL/IYH/IYL, SLL) are named; everything else that has no
//! assembler form of its own (a duplicate ED opcode, an invalid one, a DD/FD prefix that
//! changes nothing, the DD CB forms that also copy to a register) is shown as `DB` with its
//! bytes.

mod decode;
mod operands;

use decode::{Decoded, Index};

/// The instruction at `addr` as text, and its length in bytes.
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
    let byte = |offset: u16| memory[usize::from(addr.wrapping_add(offset))];
    let decoded = match byte(0) {
        0xCB => Decoded::new(decode::bits(byte(1)), 2),
        0xED => decode::extended(byte),
        prefix @ (0xDD | 0xFD) => decode::indexed(addr, Index::of(prefix), byte),
        _ => decode::main(addr, Index::Hl, byte).unwrap_or_else(|| Decoded::data(&[byte(0)])),
    };
    (decoded.text, decoded.len)
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
