//! A plain copy of the Z80 registers, read from and written to iz80's CPU state.

use std::fmt;

use serde::Serialize;

use super::hidden::Hidden;

/// All Z80 registers, including the alternate set and the interrupt state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Registers {
    /// Accumulator.
    pub a: u8,
    /// Flags (S Z 5 H 3 P/V N C from bit 7 down).
    pub f: u8,
    /// B.
    pub b: u8,
    /// C.
    pub c: u8,
    /// D.
    pub d: u8,
    /// E.
    pub e: u8,
    /// H.
    pub h: u8,
    /// L.
    pub l: u8,
    /// Alternate A.
    pub a_alt: u8,
    /// Alternate F.
    pub f_alt: u8,
    /// Alternate B.
    pub b_alt: u8,
    /// Alternate C.
    pub c_alt: u8,
    /// Alternate D.
    pub d_alt: u8,
    /// Alternate E.
    pub e_alt: u8,
    /// Alternate H.
    pub h_alt: u8,
    /// Alternate L.
    pub l_alt: u8,
    /// Index register IX.
    pub ix: u16,
    /// Index register IY.
    pub iy: u16,
    /// Stack pointer.
    pub sp: u16,
    /// Program counter.
    pub pc: u16,
    /// Interrupt vector register.
    pub i: u8,
    /// Refresh register.
    pub r: u8,
    /// Interrupt enable flip-flop 1.
    pub iff1: bool,
    /// Interrupt enable flip-flop 2.
    pub iff2: bool,
    /// Interrupt mode (0, 1 or 2).
    pub im: u8,
    /// WZ (MEMPTR), the chip's internal address register: set by jumps, calls, returns,
    /// (IX+d) and (nn) accesses and more; seen in F's bits 5 and 3 after BIT n,(HL).
    pub wz: u16,
    /// Q: F as the last instruction wrote it, 0 when it left F alone; SCF and CCF take bits 5
    /// and 3 from (Q xor F) or A.
    pub q: u8,
    /// P: the last instruction was LD A,I or LD A,R.
    pub p: bool,
    /// EI: the last instruction was EI.
    pub ei: bool,
}

/// The documented flags of F, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Flags {
    /// Sign.
    pub s: bool,
    /// Zero.
    pub z: bool,
    /// Half carry.
    pub h: bool,
    /// Parity / overflow.
    pub pv: bool,
    /// Add/subtract.
    pub n: bool,
    /// Carry.
    pub c: bool,
}

fn pair(high: u8, low: u8) -> u16 {
    u16::from_be_bytes([high, low])
}

/// Offsets in iz80's serialized CPU state (`Cpu::serialize`): 16 main register bytes in the
/// order A F B C D E H L I R IXH IXL IYH IYL SPH SPL, the same 16 for the alternate set, PC
/// little-endian, IFF1, IFF2, IM, then the cycle counter and the execution flags.
pub(crate) mod layout {
    pub const ALT: usize = 16;
    pub const PC: usize = 32;
    pub const IFF1: usize = 34;
    pub const IFF2: usize = 35;
    pub const IM: usize = 36;
    /// The CPU state's length: iz80 0.5.1's.
    #[cfg(test)]
    pub const LEN: usize = 53;
}

impl Registers {
    /// AF as a 16-bit pair.
    pub fn af(&self) -> u16 {
        pair(self.a, self.f)
    }

    /// BC as a 16-bit pair.
    pub fn bc(&self) -> u16 {
        pair(self.b, self.c)
    }

    /// DE as a 16-bit pair.
    pub fn de(&self) -> u16 {
        pair(self.d, self.e)
    }

    /// HL as a 16-bit pair.
    pub fn hl(&self) -> u16 {
        pair(self.h, self.l)
    }

    /// The documented flags of F.
    pub fn flags(&self) -> Flags {
        Flags {
            s: self.f & 0x80 != 0,
            z: self.f & 0x40 != 0,
            h: self.f & 0x10 != 0,
            pv: self.f & 0x04 != 0,
            n: self.f & 0x02 != 0,
            c: self.f & 0x01 != 0,
        }
    }

    /// The registers from iz80's serialized state and the machine's hidden state.
    pub(crate) fn from_state(s: &[u8], hidden: &Hidden) -> Registers {
        let m = |i: usize| s[i];
        let alt = |i: usize| s[layout::ALT + i];
        Registers {
            a: m(0),
            f: m(1),
            b: m(2),
            c: m(3),
            d: m(4),
            e: m(5),
            h: m(6),
            l: m(7),
            i: m(8),
            r: m(9),
            ix: pair(m(10), m(11)),
            iy: pair(m(12), m(13)),
            sp: pair(m(14), m(15)),
            a_alt: alt(0),
            f_alt: alt(1),
            b_alt: alt(2),
            c_alt: alt(3),
            d_alt: alt(4),
            e_alt: alt(5),
            h_alt: alt(6),
            l_alt: alt(7),
            pc: u16::from_le_bytes([s[layout::PC], s[layout::PC + 1]]),
            iff1: s[layout::IFF1] != 0,
            iff2: s[layout::IFF2] != 0,
            im: s[layout::IM],
            wz: hidden.wz,
            q: hidden.q,
            p: hidden.p,
            ei: hidden.ei,
        }
    }

    /// WZ, Q, P and EI.
    pub(crate) fn hidden(&self) -> Hidden {
        Hidden {
            wz: self.wz,
            q: self.q,
            p: self.p,
            ei: self.ei,
        }
    }

    pub(crate) fn write_state(&self, s: &mut [u8]) {
        let [ixh, ixl] = self.ix.to_be_bytes();
        let [iyh, iyl] = self.iy.to_be_bytes();
        let [sph, spl] = self.sp.to_be_bytes();
        s[..16].copy_from_slice(&[
            self.a, self.f, self.b, self.c, self.d, self.e, self.h, self.l, self.i, self.r, ixh,
            ixl, iyh, iyl, sph, spl,
        ]);
        s[layout::ALT..layout::ALT + 8].copy_from_slice(&[
            self.a_alt, self.f_alt, self.b_alt, self.c_alt, self.d_alt, self.e_alt, self.h_alt,
            self.l_alt,
        ]);
        s[layout::PC..layout::PC + 2].copy_from_slice(&self.pc.to_le_bytes());
        s[layout::IFF1] = u8::from(self.iff1);
        s[layout::IFF2] = u8::from(self.iff2);
        s[layout::IM] = self.im;
    }
}

impl fmt::Display for Flags {
    /// `SZHPNC` with `-` for each clear flag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bits = [
            (self.s, 'S'),
            (self.z, 'Z'),
            (self.h, 'H'),
            (self.pv, 'P'),
            (self.n, 'N'),
            (self.c, 'C'),
        ];
        for (set, letter) in bits {
            write!(f, "{}", if set { letter } else { '-' })?;
        }
        Ok(())
    }
}

impl fmt::Display for Registers {
    /// Two lines: the main set with IX IY SP PC, then the alternate set, I R IFF IM, WZ and Q.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "AF={:04X} BC={:04X} DE={:04X} HL={:04X} IX={:04X} IY={:04X} SP={:04X} PC={:04X} flags={}",
            self.af(),
            self.bc(),
            self.de(),
            self.hl(),
            self.ix,
            self.iy,
            self.sp,
            self.pc,
            self.flags()
        )?;
        write!(
            f,
            "AF'={:04X} BC'={:04X} DE'={:04X} HL'={:04X} I={:02X} R={:02X} IFF1={} IFF2={} IM={} \
             WZ={:04X} Q={:02X}",
            pair(self.a_alt, self.f_alt),
            pair(self.b_alt, self.c_alt),
            pair(self.d_alt, self.e_alt),
            pair(self.h_alt, self.l_alt),
            self.i,
            self.r,
            u8::from(self.iff1),
            u8::from(self.iff2),
            self.im,
            self.wz,
            self.q
        )
    }
}
