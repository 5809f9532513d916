//! The refresh register R, which iz80 does not model: its low seven bits count opcode fetches
//! (M1 cycles, every prefix included) and bit 7 only changes through LD R,A.
//!
//! While a call runs, iz80's R holds a base and the step loop counts fetches; R itself is the
//! base advanced by the count. So the loop pays nothing per unprefixed instruction (the count
//! is instructions plus prefixes, and only the prefix path adds), and R is settled into the
//! CPU whenever anyone can see it: at LD A,R, at a watch hit and when the call ends.

use iz80::{Reg8, Registers};

/// `r` after `m1` more fetches.
#[inline]
pub(crate) fn advanced(r: u8, m1: u64) -> u8 {
    (r & 0x80) | (r.wrapping_add(m1 as u8) & 0x7F)
}

/// The base that `m1` fetches turn into `r` (the inverse of [`advanced`]).
#[inline]
pub(crate) fn rewound(r: u8, m1: u64) -> u8 {
    (r & 0x80) | (r.wrapping_sub(m1 as u8) & 0x7F)
}

/// Turns the base in the CPU into R after `m1` fetches.
#[inline]
pub(crate) fn settle(regs: &mut Registers, m1: u64) {
    let r = regs.get8(Reg8::R);
    regs.set8(Reg8::R, advanced(r, m1));
}

/// Turns R, `m1` fetches into a run, back into the base (after a watch has seen it).
#[inline]
pub(crate) fn unsettle(regs: &mut Registers, m1: u64) {
    let r = regs.get8(Reg8::R);
    regs.set8(Reg8::R, rewound(r, m1));
}

/// After iz80 ran LD A,I or LD A,R (`m1` fetches into the run, this one's included): A gets
/// R as the chip has it after the instruction's two fetches, and F the documented flags, which
/// iz80 leaves but P/V: S and Z from the value, H and N clear, P/V = IFF2 (iz80 set that one),
/// C kept, bits 5 and 3 copied from the value.
pub(crate) fn load_a(regs: &mut Registers, from_r: bool, m1: u64) {
    if from_r {
        let r = advanced(regs.get8(Reg8::R), m1);
        regs.set_a(r);
    }
    let a = regs.a();
    let kept = regs.get8(Reg8::F) & 0x05;
    let zero = if a == 0 { 0x40 } else { 0 };
    regs.set8(Reg8::F, kept | (a & 0xA8) | zero);
}

/// After iz80 ran LD R,A (`m1` fetches into the run): R is A from here on, so the base is A
/// rewound by the fetches so far.
pub(crate) fn load_r(regs: &mut Registers, m1: u64) {
    let a = regs.a();
    regs.set8(Reg8::R, rewound(a, m1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_bits_count_and_bit_seven_stays() {
        assert_eq!(advanced(0x7E, 1), 0x7F);
        assert_eq!(advanced(0x7F, 1), 0x00);
        assert_eq!(advanced(0xFF, 2), 0x81);
        assert_eq!(advanced(0x80, 128), 0x80);
        assert_eq!(
            advanced(0x85, 1_000_000_000_003),
            0x88,
            "10^12 is a multiple of 128"
        );
        for r in [0x00, 0x45, 0x7F, 0x80, 0xC4, 0xFF] {
            for m1 in [0, 1, 2, 127, 128, 129, 10_000_000_001] {
                assert_eq!(advanced(rewound(r, m1), m1), r, "r {r:#04X} m1 {m1}");
            }
        }
    }
}
