//! One-instruction disassembly (iz80's mnemonics, relative jumps shown as absolute targets).

use std::cell::RefCell;

use super::registers::layout;
use super::timing::timing_at;

/// Read-only view of memory for iz80's disassembler.
struct View<'a>(&'a [u8; 0x10000]);

impl iz80::Machine for View<'_> {
    fn peek(&mut self, address: u16) -> u8 {
        self.0[usize::from(address)]
    }
    fn poke(&mut self, _address: u16, _value: u8) {}
    fn port_in(&mut self, _address: u16) -> u8 {
        0xFF
    }
    fn port_out(&mut self, _address: u16, _value: u8) {}
}

thread_local! {
    /// A scratch CPU and its pristine state: building iz80's decoder tables is costly, and
    /// decoding leaves prefix state behind that must not leak into the next instruction.
    static SCRATCH: RefCell<(iz80::Cpu, Vec<u8>)> = RefCell::new({
        let cpu = iz80::Cpu::new_z80();
        let state = cpu.serialize();
        (cpu, state)
    });
}

/// The instruction at `addr` as text, and its length in bytes.
pub fn disassemble(memory: &[u8; 0x10000], addr: u16) -> (String, usize) {
    let len = usize::from(timing_at(memory, addr).len);
    let byte = |offset: u16| memory[usize::from(addr.wrapping_add(offset))];
    let relative = match byte(0) {
        0x10 => Some("DJNZ "),
        0x18 => Some("JR "),
        0x20 => Some("JR NZ, "),
        0x28 => Some("JR Z, "),
        0x30 => Some("JR NC, "),
        0x38 => Some("JR C, "),
        _ => None,
    };
    if let Some(mnemonic) = relative {
        let target = addr.wrapping_add(2).wrapping_add(byte(1) as i8 as u16);
        return (format!("{mnemonic}{target:04x}h"), len);
    }
    let text = SCRATCH.with(|scratch| {
        let (cpu, pristine) = &mut *scratch.borrow_mut();
        let mut state = pristine.clone();
        state[layout::PC..layout::PC + 2].copy_from_slice(&addr.to_le_bytes());
        cpu.deserialize(&state)
            .expect("a state serialized by this CPU deserializes");
        cpu.disasm_instruction(&mut View(memory))
    });
    // iz80 calls the sign-set condition N; Zilog's name is M (RET M, JP M, CALL M).
    let text = match byte(0) {
        0xF8 | 0xFA | 0xFC => text.replacen(" N", " M", 1),
        _ => text,
    };
    let op = byte(1);
    let index = match byte(0) {
        0xDD => "IX",
        0xFD => "IY",
        _ => return (text, len),
    };
    // iz80 names DD/FD instructions after their HL forms; only (HL) operands show the index.
    if matches!(op, 0xCB | 0xDD | 0xED | 0xFD | 0xEB | 0xD9) || text.contains(index) {
        return (text, len);
    }
    (rename_hl(&text, index), len)
}

/// Replaces the words HL, H and L by the index register and its halves.
fn rename_hl(text: &str, index: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match word.as_str() {
            "HL" => out.push_str(index),
            "H" | "L" => {
                out.push_str(index);
                out.push_str(word);
            }
            w => out.push_str(w),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
        // the prefix of the previous instruction must not leak into this one
        assert_eq!(dis(&[0x7E]), ("LD A, (HL)".into(), 1));
        assert_eq!(dis(&[0xDD, 0x7E, 0x05]), ("LD A, (IX+5)".into(), 3));
        assert_eq!(dis(&[0xFD, 0x66, 0xFE]), ("LD H, (IY-2)".into(), 3));
        assert_eq!(dis(&[0xFD, 0x26, 0x01]), ("LD IYH, 01h".into(), 3));
        assert_eq!(dis(&[0xDD, 0x29]), ("ADD IX, IX".into(), 2));
        assert_eq!(dis(&[0xDD, 0xE5]), ("PUSH IX".into(), 2));
        assert_eq!(dis(&[0xDD, 0xEB]), ("EX DE, HL".into(), 2));
    }

    #[test]
    fn sign_condition_is_m() {
        assert_eq!(dis(&[0xF8]), ("RET M".into(), 1));
        assert_eq!(dis(&[0xFA, 0x34, 0x12]), ("JP M, 1234h".into(), 3));
        assert_eq!(dis(&[0xFC, 0x34, 0x12]), ("CALL M, 1234h".into(), 3));
        assert_eq!(dis(&[0xF0]), ("RET P".into(), 1));
    }
}
