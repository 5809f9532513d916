//! The undocumented DD CB d op / FD CB d op forms whose low three bits name a register (not
//! 6), run by the machine: a rotate, shift, RES or SET of the byte at IX+d that writes the
//! result back and also copies it to the register (H and L included, where iz80 writes IXH and
//! IXL), and BIT n,(IX+d) under any register field (iz80 tests the register). Sean Young,
//! "The Undocumented Z80 Documented", section 4.4 and 4.1.

use iz80::{Reg8, Reg16, Registers};

use super::flag_bits::{even, f, sz53};
use super::memory::Bus;

/// The register of an opcode's low three bits (6, memory, is not one of these forms).
const REGISTERS: [Reg8; 8] = [
    Reg8::B,
    Reg8::C,
    Reg8::D,
    Reg8::E,
    Reg8::H,
    Reg8::L,
    Reg8::A,
    Reg8::A,
];

/// Runs DD CB d op (FD CB when `iy`): reads IX+d, works on it, writes it back and to the
/// register (BIT only sets F), and sets WZ to IX+d.
pub(crate) fn run<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B, iy: bool, d: u8, op: u8) {
    let index = if iy { Reg16::IY } else { Reg16::IX };
    let addr = cpu
        .immutable_registers()
        .get16(index)
        .wrapping_add(d as i8 as u16);
    let value = bus.peek(addr);
    let (x, y) = (op >> 6, (op >> 3) & 7);
    let regs = cpu.registers();
    if x == 1 {
        bit(regs, y, value, addr);
    } else {
        let result = match x {
            0 => shifted(regs, y, value),
            2 => value & !(1 << y),
            _ => value | (1 << y),
        };
        bus.poke(addr, result);
        cpu.registers().set8(REGISTERS[usize::from(op & 7)], result);
    }
    bus.ram().hidden.wz = addr;
}

/// BIT y of `value` read from `addr`: Z and P/V when the bit is clear, S for bit 7 set, H
/// set, N clear, C kept, bits 5 and 3 from the address's high byte (WZ).
fn bit(regs: &mut Registers, y: u8, value: u8, addr: u16) {
    let tested = value & (1 << y);
    let mut flags = (regs.get8(Reg8::F) & f::C) | f::H | ((addr >> 8) as u8 & (f::Y | f::X));
    if tested == 0 {
        flags |= f::Z | f::PV;
    }
    flags |= tested & f::S;
    regs.set8(Reg8::F, flags);
}

/// Rotate or shift `y` (RLC RRC RL RR SLA SRA SLL SRL) of `value`: the result, F set from it
/// (S, Z, 5, 3, parity, H and N clear, C the bit shifted out).
fn shifted(regs: &mut Registers, y: u8, value: u8) -> u8 {
    let carry_in = regs.get8(Reg8::F) & f::C;
    let (result, out) = match y {
        0 => (value.rotate_left(1), value >> 7),
        1 => (value.rotate_right(1), value & 1),
        2 => (value << 1 | carry_in, value >> 7),
        3 => (value >> 1 | carry_in << 7, value & 1),
        4 => (value << 1, value >> 7),
        5 => (value >> 1 | (value & 0x80), value & 1),
        6 => (value << 1 | 1, value >> 7),
        _ => (value >> 1, value & 1),
    };
    let parity = if even(result) { f::PV } else { 0 };
    regs.set8(Reg8::F, sz53(result) | parity | out);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_and_their_flags() {
        let mut cpu = iz80::Cpu::new_z80();
        let regs = cpu.registers();
        regs.set8(Reg8::F, 0x01);
        assert_eq!(shifted(regs, 2, 0x80), 0x01, "RL: carry in, bit 7 out");
        assert_eq!(regs.get8(Reg8::F), 0x01);
        assert_eq!(shifted(regs, 5, 0x81), 0xC0, "SRA keeps bit 7");
        assert_eq!(regs.get8(Reg8::F), 0x85);
        assert_eq!(shifted(regs, 6, 0x00), 0x01, "SLL shifts a one in");
        assert_eq!(regs.get8(Reg8::F), 0x00);
    }

    #[test]
    fn bit_takes_5_and_3_from_the_address() {
        let mut cpu = iz80::Cpu::new_z80();
        let regs = cpu.registers();
        regs.set8(Reg8::F, 0x01);
        bit(regs, 7, 0x80, 0x2800);
        assert_eq!(regs.get8(Reg8::F), 0xB9);
        bit(regs, 0, 0x80, 0x0000);
        assert_eq!(regs.get8(Reg8::F), 0x55);
    }
}
