//! The chip's state that iz80 does not keep: WZ (MEMPTR), Q, and the P and EI markers.
//!
//! WZ is kept as the machine runs (the step loop applies each instruction's rule, see `wz`).
//! Q, P and EI depend only on the last instruction (Q is F when it wrote F, else 0; P is set
//! by LD A,I and LD A,R; EI by EI), so they are settled from that instruction's effect bits
//! whenever the step loop stops, before anyone can see them or SCF/CCF reads Q: the loop pays
//! nothing for them per instruction.

use super::effects::effect::{EI, LOADS_IR, SETS_Q};

/// WZ, Q, P and EI.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Hidden {
    /// WZ (MEMPTR).
    pub wz: u16,
    /// Q: F as the last instruction wrote it, or 0 when it left F alone.
    pub q: u8,
    /// P: the last instruction was LD A,I or LD A,R.
    pub p: bool,
    /// EI: the last instruction was EI.
    pub ei: bool,
}

impl Hidden {
    /// Q, P and EI after an instruction with effect bits `bits` left F as `f`.
    #[inline]
    pub fn settle(&mut self, bits: u8, f: u8) {
        self.q = if bits & SETS_Q != 0 { f } else { 0 };
        self.p = bits & LOADS_IR != 0;
        self.ei = bits & EI != 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_instruction_decides() {
        let mut h = Hidden {
            wz: 0x1234,
            q: 0x55,
            p: true,
            ei: true,
        };
        h.settle(SETS_Q, 0xA8);
        assert_eq!((h.wz, h.q, h.p, h.ei), (0x1234, 0xA8, false, false));
        h.settle(EI, 0xA8);
        assert_eq!((h.q, h.p, h.ei), (0, false, true));
        h.settle(SETS_Q | LOADS_IR, 0x00);
        assert_eq!((h.q, h.p, h.ei), (0, true, false));
    }
}
