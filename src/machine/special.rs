//! The instructions the machine runs itself instead of iz80, because iz80 is not the chip there
//! or because their WZ or flags need the registers from before them: HALT (a no-op when
//! stepping raw; a call refuses it before it runs), SCF and CCF (bits 5 and 3 from Q),
//! ADC HL,rr, SBC HL,rr, IN A,(n) and IN r,(C) (WZ from HL, A or BC before them), the
//! undocumented DD CB / FD CB forms and the block I/O instructions. Every byte, memory access and port access goes
//! through the bus, so an observer sees them as it sees iz80's.

use iz80::{Reg8, Reg16, Registers};

use super::block_io;
use super::flag_bits::{even, f, sz53};
use super::index_bits;
use super::memory::Bus;
use super::timing::Timing;

/// The instruction's bytes after its DD/FD prefixes (at most four), whether the last prefix
/// was FD (None without one), read through the bus: the fetches an observer expects.
fn fetch<B: Bus>(bus: &mut B, pc: u16, len: u8) -> ([u8; 4], Option<bool>) {
    let mut tail = [0u8; 4];
    let (mut index, mut k, mut prefixes) = (None, 0usize, true);
    for i in 0..u16::from(len) {
        let byte = bus.peek(pc.wrapping_add(i));
        if prefixes && matches!(byte, 0xDD | 0xFD) {
            index = Some(byte == 0xFD);
            continue;
        }
        prefixes = false;
        if k < tail.len() {
            tail[k] = byte;
            k += 1;
        }
    }
    (tail, index)
}

/// Runs the instruction at `pc` (timing `e`), one the effects mark as the machine's: its
/// T-states. PC, the registers, memory, ports and WZ are left as the chip leaves them; Q, P
/// and EI are settled by the caller, as after any instruction.
pub(crate) fn run<B: Bus>(cpu: &mut iz80::Cpu, bus: &mut B, pc: u16, e: &Timing) -> u32 {
    let (tail, index) = fetch(bus, pc, e.len);
    let next = pc.wrapping_add(u16::from(e.len));
    cpu.registers().set_pc(next);
    match (tail[0], index) {
        (0x37, _) | (0x3F, _) => {
            let q = bus.ram().hidden.q;
            carry_flag(cpu.registers(), tail[0] == 0x3F, q);
        }
        (0xDB, _) => {
            let regs = cpu.registers();
            let port = u16::from_be_bytes([regs.a(), tail[1]]);
            let value = bus.port_in(port);
            cpu.registers().set_a(value);
            bus.ram().hidden.wz = port.wrapping_add(1);
        }
        (0xED, _) if tail[1] & 0xC7 == 0x40 => {
            let bc = cpu.immutable_registers().get16(Reg16::BC);
            let value = bus.port_in(bc);
            input(cpu.registers(), (tail[1] >> 3) & 7, value);
            bus.ram().hidden.wz = bc.wrapping_add(1);
        }
        (0xED, _) if tail[1] & 0xC7 == 0x42 => {
            let wz = add_hl(cpu.registers(), tail[1]);
            bus.ram().hidden.wz = wz;
        }
        (0xED, _) => return block_io::run(cpu, bus, (pc, e), tail[1]),
        (0xCB, Some(iy)) => index_bits::run(cpu, bus, iy, tail[1], tail[2]),
        _ => {} // HALT: a no-op here (a call refuses it before it runs)
    }
    u32::from(e.t)
}

/// IN r,(C) (`r` the opcode's register field; 6 only sets F) read `value`: S, Z, 5, 3 and
/// parity from it, H and N clear, C kept.
fn input(regs: &mut Registers, r: u8, value: u8) {
    const TO: [Reg8; 8] = [
        Reg8::B,
        Reg8::C,
        Reg8::D,
        Reg8::E,
        Reg8::H,
        Reg8::L,
        Reg8::F,
        Reg8::A,
    ];
    let parity = if even(value) { f::PV } else { 0 };
    let flags = (regs.get8(Reg8::F) & f::C) | sz53(value) | parity;
    if r != 6 {
        regs.set8(TO[usize::from(r)], value);
    }
    regs.set8(Reg8::F, flags);
}

/// SCF (`complement` false) or CCF after an instruction that left Q: bits 5 and 3 are those of
/// (Q xor F) or A, so A's when the instruction before wrote F and F's or A's when it did not.
fn carry_flag(regs: &mut Registers, complement: bool, q: u8) {
    let old = regs.get8(Reg8::F);
    let xy = ((q ^ old) | regs.a()) & (f::Y | f::X);
    let kept = old & (f::S | f::Z | f::PV);
    let carry = old & f::C != 0;
    let flags = if complement {
        (if carry { f::H } else { f::C }) | kept
    } else {
        f::C | kept
    };
    regs.set8(Reg8::F, flags | xy);
}

/// ADC HL,rr or SBC HL,rr (`op` the byte after ED: bit 3 set for ADC, bits 5-4 the pair): the
/// sum or difference with carry, its flags (S, Z, 5 and 3 from the high byte, H from bit 11,
/// P/V overflow, N for SBC, C); returns WZ, HL before plus one.
fn add_hl(regs: &mut Registers, op: u8) -> u16 {
    let hl = regs.get16(Reg16::HL);
    let v = regs.get16([Reg16::BC, Reg16::DE, Reg16::HL, Reg16::SP][usize::from((op >> 4) & 3)]);
    let carry = u32::from(regs.get8(Reg8::F) & f::C);
    let add = op & 0x08 != 0;
    let (a, b) = (u32::from(hl), u32::from(v));
    let wide = if add {
        a + b + carry
    } else {
        a.wrapping_sub(b).wrapping_sub(carry)
    };
    let result = wide as u16;
    let half = (a ^ b ^ wide) & 0x1000 != 0;
    let same_signs = (hl ^ v) & 0x8000 == 0;
    let overflow = (same_signs == add) && (hl ^ result) & 0x8000 != 0;
    let mut flags = sz53((result >> 8) as u8) & !f::Z;
    flags |= if result == 0 { f::Z } else { 0 };
    flags |= if half { f::H } else { 0 };
    flags |= if overflow { f::PV } else { 0 };
    flags |= if add { 0 } else { f::N };
    flags |= if wide & 0x10000 != 0 { f::C } else { 0 };
    regs.set16(Reg16::HL, result);
    regs.set8(Reg8::F, flags);
    hl.wrapping_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regs(a: u8, f: u8) -> iz80::Cpu {
        let mut cpu = iz80::Cpu::new_z80();
        cpu.registers().set_a(a);
        cpu.registers().set8(Reg8::F, f);
        cpu
    }

    #[test]
    fn scf_and_ccf_take_bits_5_and_3_from_q() {
        let mut cpu = regs(0x00, 0x28);
        carry_flag(cpu.registers(), false, 0x28);
        assert_eq!(cpu.registers().get8(Reg8::F), 0x01, "Q = F: A's bits");
        let mut cpu = regs(0x00, 0x28);
        carry_flag(cpu.registers(), false, 0x00);
        assert_eq!(cpu.registers().get8(Reg8::F), 0x29, "Q = 0: F's or A's");
        let mut cpu = regs(0x20, 0xC5);
        carry_flag(cpu.registers(), true, 0xC5);
        assert_eq!(
            cpu.registers().get8(Reg8::F),
            0xF4,
            "CCF: H = old C, C flipped"
        );
    }

    #[test]
    fn sixteen_bit_arithmetic_with_carry() {
        let mut cpu = regs(0, 0x01);
        cpu.registers().set16(Reg16::HL, 0x7FFF);
        cpu.registers().set16(Reg16::DE, 0x0000);
        assert_eq!(add_hl(cpu.registers(), 0x5A), 0x8000, "ADC HL,DE: WZ");
        assert_eq!(cpu.registers().get16(Reg16::HL), 0x8000);
        assert_eq!(cpu.registers().get8(Reg8::F), 0x94, "S, H, overflow");
        let mut cpu = regs(0, 0x00);
        cpu.registers().set16(Reg16::HL, 0x0000);
        cpu.registers().set16(Reg16::BC, 0x0001);
        add_hl(cpu.registers(), 0x42);
        assert_eq!(cpu.registers().get16(Reg16::HL), 0xFFFF);
        assert_eq!(cpu.registers().get8(Reg8::F), 0xBB, "SBC: S 5 H 3 N C");
    }
}
