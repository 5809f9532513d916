//! INI, IND, INIR, INDR, OUTI, OUTD, OTIR and OTDR, run by the machine. INI reads port BC
//! with B as it was, OUTI writes port BC with B already decremented (iz80 has the two the other
//! way round). The flags follow Sean Young's "The Undocumented Z80 Documented" (section 4.3:
//! S, Z, 5 and 3 from B after it, N from bit 7 of the byte moved, H and C from k = the byte plus
//! C+1, C-1 or L after it, P/V the parity of (k & 7) xor B); a repeating iteration changes
//! them further as the 2018 research into the repeating block instructions found (bits 5 and 3
//! from the instruction's address; H and P/V from B and the byte), and sets WZ to the
//! instruction's address plus one.

use iz80::{Reg8, Reg16};

use super::flag_bits::{even, f};
use super::memory::Bus;
use super::timing::Timing;

/// Runs the block I/O instruction `op` (the byte after ED) at `pc` with timing `e`: its
/// T-states (`e.taken` when it repeats: PC goes back to its ED byte).
pub(crate) fn run<B: Bus>(
    cpu: &mut iz80::Cpu,
    bus: &mut B,
    (pc, e): (u16, &Timing),
    op: u8,
) -> u32 {
    let step: u16 = if op & 0x08 == 0 { 1 } else { 0xFFFF };
    let regs = cpu.immutable_registers();
    let (bc, hl) = (regs.get16(Reg16::BC), regs.get16(Reg16::HL));
    let [b, c] = bc.to_be_bytes();
    let b = b.wrapping_sub(1);
    let (value, k, wz) = if op & 1 == 0 {
        let value = bus.port_in(bc);
        bus.poke(hl, value);
        let k = u16::from(value) + u16::from(c.wrapping_add(step as u8));
        (value, k, bc.wrapping_add(step))
    } else {
        let value = bus.peek(hl);
        let port = u16::from_be_bytes([b, c]);
        bus.port_out(port, value);
        let l = hl.wrapping_add(step) as u8;
        (
            value,
            u16::from(value) + u16::from(l),
            port.wrapping_add(step),
        )
    };
    let regs = cpu.registers();
    regs.set8(Reg8::B, b);
    regs.set16(Reg16::HL, hl.wrapping_add(step));
    let mut flags = transfer_flags(value, k, b);
    let repeats = op >= 0xB0 && b != 0;
    let ram = bus.ram();
    ram.hidden.wz = wz;
    if !repeats {
        cpu.registers().set8(Reg8::F, flags);
        return u32::from(e.t);
    }
    let at = pc.wrapping_add(u16::from(e.len) - 2);
    flags = repeat_flags(flags, at, value, k, b);
    ram.hidden.wz = at.wrapping_add(1);
    let regs = cpu.registers();
    regs.set8(Reg8::F, flags);
    regs.set_pc(at);
    u32::from(e.taken)
}

/// F after one transfer of `value` (`k` as the module says, `b` the decremented B).
fn transfer_flags(value: u8, k: u16, b: u8) -> u8 {
    let mut flags = (b & (f::S | f::Y | f::X)) | if b == 0 { f::Z } else { 0 };
    if value & 0x80 != 0 {
        flags |= f::N;
    }
    if k > 0xFF {
        flags |= f::H | f::C;
    }
    if even((k as u8 & 7) ^ b) {
        flags |= f::PV;
    }
    flags
}

/// F after a repeating iteration (`at` the instruction's ED byte): bits 5 and 3 from bits 13
/// and 11 of `at`; with a carry out of k, P/V flipped by the parity of (B - 1) & 7 when the
/// byte's bit 7 is set (H then tells B's low nibble was 0), else of (B + 1) & 7 (H: it was F);
/// without one, P/V flipped by the parity of B & 7. (A flip happens when that parity is odd.)
fn repeat_flags(flags: u8, at: u16, value: u8, k: u16, b: u8) -> u8 {
    let mut flags = (flags & !(f::Y | f::X)) | ((at >> 8) as u8 & (f::Y | f::X));
    let (bits, half) = if k <= 0xFF {
        (b & 7, None)
    } else if value & 0x80 != 0 {
        (b.wrapping_sub(1) & 7, Some(b & 0x0F == 0))
    } else {
        (b.wrapping_add(1) & 7, Some(b & 0x0F == 0x0F))
    };
    if !even(bits) {
        flags ^= f::PV;
    }
    if let Some(half) = half {
        flags = (flags & !f::H) | if half { f::H } else { 0 };
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_of_one_transfer() {
        assert_eq!(
            transfer_flags(0x80, 0x100, 0x00),
            0x57,
            "Z N H C, parity of 0"
        );
        assert_eq!(
            transfer_flags(0x01, 0x02, 0x28),
            0x28,
            "5 and 3 from B, parity odd"
        );
    }

    #[test]
    fn a_repeat_moves_p_v_and_h() {
        // k <= 255: P/V flips when B & 7 has odd parity.
        assert_eq!(repeat_flags(0x00, 0x0000, 0x00, 0x10, 0x01), 0x04);
        assert_eq!(repeat_flags(0x04, 0x2800, 0x00, 0x10, 0x03), 0x2C);
        // k > 255, bit 7 set: B - 1; H when B's low nibble is 0.
        assert_eq!(repeat_flags(0x11, 0x0000, 0x80, 0x100, 0x10), 0x15);
    }
}
