//! Exact Zilog T-states and instruction lengths, from static per-prefix-group tables.
//!
//! iz80's own cycle counter charges DD/FD instructions as if unprefixed and gets several
//! conditional and undefined opcodes wrong, so the machine counts T-states here instead. The
//! tables are built at compile time; looking one up is a byte read, a table index and (for the
//! few conditional instructions) one flag test.

/// What, beyond the flags, an instruction's T-states depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Kind {
    /// `t`, plus `extra` when the flag condition holds (unconditional instructions have no extra).
    Plain,
    /// DJNZ: `t`, plus `extra` when B is not 1 beforehand (the jump is taken).
    Djnz,
    /// LDIR and friends: `t`, plus `extra` when the instruction repeats (PC comes back to it).
    Block,
    /// HALT: the machine stops here.
    Halt,
    /// A prefix byte in the unprefixed table: look further.
    Prefix,
}

/// T-states and length of one instruction: eight bytes, read with one load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct Timing {
    /// T-states when no condition adds any.
    pub t: u8,
    /// T-states added when the condition holds.
    pub extra: u8,
    /// Length in bytes, prefixes included.
    pub len: u8,
    /// Flags tested by a conditional jump, call or return...
    pub mask: u8,
    /// ...and the value they must have (`F & mask == want`) for `extra` to apply. Unconditional
    /// instructions have mask 0, want 0 and extra 0; special kinds have mask 0, want 1 (never).
    pub want: u8,
    /// The non-flag dependency, if any.
    pub kind: Kind,
}

impl Timing {
    /// T-states given the flags before the instruction (exact except for the special kinds).
    #[inline(always)]
    pub(crate) fn with_flags(self, f: u8) -> u32 {
        // Branch-free: the outcome of a conditional jump is hard to predict.
        let holds = u8::from(f & self.mask == self.want);
        u32::from(self.t) + u32::from(self.extra & holds.wrapping_neg())
    }
}

const fn timing(t: u8, len: u8) -> Timing {
    Timing {
        t,
        extra: 0,
        len,
        mask: 0,
        want: 0,
        kind: Kind::Plain,
    }
}

/// A conditional jump, call or return on condition code `cc` (0..=7: NZ Z NC C PO PE P M).
const fn when(cc: u8, t: u8, extra: u8, len: u8) -> Timing {
    let mask = [0x40, 0x01, 0x04, 0x80][(cc as usize >> 1) & 3];
    Timing {
        t,
        extra,
        len,
        mask,
        want: if cc & 1 == 1 { mask } else { 0 },
        kind: Kind::Plain,
    }
}

/// An instruction whose `extra` depends on something other than the flags.
const fn special(t: u8, extra: u8, len: u8, kind: Kind) -> Timing {
    Timing {
        t,
        extra,
        len,
        mask: 0,
        want: 1,
        kind,
    }
}

/// Unprefixed opcodes.
const fn base(op: u8) -> Timing {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    match x {
        0 => match z {
            0 => match y {
                0 | 1 => timing(4, 1),
                2 => special(8, 5, 2, Kind::Djnz),
                3 => timing(12, 2),
                _ => when(y - 4, 7, 5, 2),
            },
            1 => {
                if q == 0 {
                    timing(10, 3)
                } else {
                    timing(11, 1)
                }
            }
            2 => match p {
                0 | 1 => timing(7, 1),
                2 => timing(16, 3),
                _ => timing(13, 3),
            },
            3 => timing(6, 1),
            4 | 5 => timing(if y == 6 { 11 } else { 4 }, 1),
            6 => timing(if y == 6 { 10 } else { 7 }, 2),
            _ => timing(4, 1),
        },
        1 => {
            if y == 6 && z == 6 {
                special(4, 0, 1, Kind::Halt)
            } else if y == 6 || z == 6 {
                timing(7, 1)
            } else {
                timing(4, 1)
            }
        }
        2 => timing(if z == 6 { 7 } else { 4 }, 1),
        _ => match z {
            0 => when(y, 5, 6, 1),
            1 => match (q, p) {
                (0, _) | (1, 0) => timing(10, 1),
                (1, 3) => timing(6, 1),
                _ => timing(4, 1),
            },
            2 => timing(10, 3),
            3 => match y {
                0 => timing(10, 3),
                1 => special(0, 0, 1, Kind::Prefix),
                2 | 3 => timing(11, 2),
                4 => timing(19, 1),
                _ => timing(4, 1),
            },
            4 => when(y, 10, 7, 3),
            5 => match (q, p) {
                (0, _) => timing(11, 1),
                (1, 0) => timing(17, 3),
                _ => special(0, 0, 1, Kind::Prefix),
            },
            6 => timing(7, 2),
            _ => timing(11, 1),
        },
    }
}

/// True for the opcodes whose (HL) operand becomes (IX+d) / (IY+d) after a DD / FD prefix.
const fn takes_displacement(op: u8) -> bool {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        0 => op == 0x34 || op == 0x35 || op == 0x36,
        1 => (y == 6) != (z == 6),
        2 => z == 6,
        _ => false,
    }
}

/// Opcodes after one DD or FD prefix: the prefix costs 4, and an (HL) operand turned into
/// (IX+d) costs 8 more (5 for LD (IX+d),n, whose address arithmetic overlaps the operand fetch).
const fn indexed(op: u8) -> Timing {
    let b = base(op);
    if takes_displacement(op) {
        let more = if op == 0x36 { 5 } else { 8 };
        Timing {
            t: b.t + 4 + more,
            len: b.len + 2,
            ..b
        }
    } else {
        Timing {
            t: b.t + 4,
            len: b.len + 1,
            ..b
        }
    }
}

/// Opcodes after CB.
const fn bits(op: u8) -> Timing {
    let t = if op & 7 != 6 {
        8
    } else if op >> 6 == 1 {
        12
    } else {
        15
    };
    timing(t, 2)
}

/// Opcodes after DD CB d or FD CB d.
const fn indexed_bits(op: u8) -> Timing {
    timing(if op >> 6 == 1 { 20 } else { 23 }, 4)
}

/// Opcodes after ED; undefined ones are 8 T-state no-ops.
const fn extended(op: u8) -> Timing {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        1 => match z {
            0 | 1 => timing(12, 2),
            2 => timing(15, 2),
            3 => timing(20, 4),
            5 => timing(14, 2),
            7 => match y {
                0..=3 => timing(9, 2),
                4 | 5 => timing(18, 2),
                _ => timing(8, 2),
            },
            _ => timing(8, 2),
        },
        2 if z <= 3 && y >= 4 => {
            if y >= 6 {
                special(16, 5, 2, Kind::Block)
            } else {
                timing(16, 2)
            }
        }
        _ => timing(8, 2),
    }
}

/// The 256 entries of a prefix group, computed at compile time.
macro_rules! table {
    ($f:ident) => {{
        let mut out = [timing(0, 0); 256];
        let mut op = 0;
        while op < 256 {
            out[op] = $f(op as u8);
            op += 1;
        }
        out
    }};
}

static BASE: [Timing; 256] = table!(base);
static INDEXED: [Timing; 256] = table!(indexed);
static BITS: [Timing; 256] = table!(bits);
static INDEXED_BITS: [Timing; 256] = table!(indexed_bits);
static EXTENDED: [Timing; 256] = table!(extended);

/// The timing of the instruction at `pc`, decoded the way iz80 executes it.
#[inline(always)]
pub(crate) fn timing_at(mem: &[u8; 0x10000], pc: u16) -> Timing {
    let e = BASE[usize::from(mem[usize::from(pc)])];
    if e.kind != Kind::Prefix {
        return e;
    }
    prefixed(mem, pc)
}

#[inline]
fn prefixed(mem: &[u8; 0x10000], pc: u16) -> Timing {
    let at = |offset: u16| usize::from(mem[usize::from(pc.wrapping_add(offset))]);
    match mem[usize::from(pc)] {
        0xCB => BITS[at(1)],
        0xED => EXTENDED[at(1)],
        _ => match at(1) {
            0xCB => INDEXED_BITS[at(3)],
            0xDD | 0xED | 0xFD => prefix_chain(mem, pc),
            op => INDEXED[op],
        },
    }
}

/// Several DD/FD prefixes in a row (iz80 runs them as one instruction, the last prefix
/// winning; each extra one costs 4 T-states and a byte), or DD/FD before ED (the prefix is
/// a 4 T-state no-op).
#[cold]
fn prefix_chain(mem: &[u8; 0x10000], pc: u16) -> Timing {
    let mut extra: u16 = 0;
    let mut at = pc.wrapping_add(1);
    while matches!(mem[usize::from(at)], 0xDD | 0xFD) {
        extra += 1;
        at = at.wrapping_add(1);
    }
    let after = |offset: u16| usize::from(mem[usize::from(at.wrapping_add(offset))]);
    let inner = match mem[usize::from(at)] {
        0xED => {
            let e = EXTENDED[after(1)];
            Timing {
                t: e.t + 4,
                len: e.len + 1,
                ..e
            }
        }
        0xCB => INDEXED_BITS[after(2)],
        op => INDEXED[usize::from(op)],
    };
    let extra = extra.min(60) as u8;
    Timing {
        t: inner.t.saturating_add(4 * extra),
        len: inner.len.saturating_add(extra),
        ..inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(bytes: &[u8]) -> Timing {
        let mut mem = Box::new([0u8; 0x10000]);
        mem[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        timing_at(&mem, 0x100)
    }

    #[test]
    fn documented_examples() {
        assert_eq!(
            (at(&[0xDD, 0x21, 0, 0]).t, at(&[0xDD, 0x21, 0, 0]).len),
            (14, 4)
        );
        assert_eq!(at(&[0xDD, 0x7E, 5]).t, 19);
        assert_eq!((at(&[0xDD, 0x34, 1]).t, at(&[0xDD, 0x34, 1]).len), (23, 3));
        assert_eq!(
            (at(&[0xDD, 0x36, 1, 2]).t, at(&[0xDD, 0x36, 1, 2]).len),
            (19, 4)
        );
        assert_eq!(at(&[0xFD, 0xE5]).t, 15);
        assert_eq!(at(&[0x20, 0]), when(0, 7, 5, 2));
        assert_eq!(at(&[0xC2, 0, 0]), timing(10, 3));
        assert_eq!(at(&[0xC9]), timing(10, 1));
        assert_eq!(at(&[0xED, 0x00]), timing(8, 2));
        assert_eq!(at(&[0xED, 0xB0]), special(16, 5, 2, Kind::Block));
        assert_eq!(at(&[0xED, 0x43, 0, 0]), timing(20, 4));
        assert_eq!(at(&[0xDD, 0xCB, 5, 0x46]), timing(20, 4));
        assert_eq!(at(&[0xFD, 0xCB, 5, 0xC6]), timing(23, 4));
        assert_eq!(at(&[0xCB, 0x46]), timing(12, 2));
        assert_eq!(at(&[0x76]).kind, Kind::Halt);
    }

    #[test]
    fn prefix_chains() {
        assert_eq!(at(&[0xDD, 0xFD, 0x21, 0, 0]), timing(18, 5));
        assert_eq!(at(&[0xDD, 0xED, 0xB0]), special(20, 5, 3, Kind::Block));
        assert_eq!(at(&[0xDD, 0xDD, 0xCB, 1, 0x06]), timing(27, 5));
    }

    #[test]
    fn conditions() {
        let jr_nz = at(&[0x20, 0]);
        assert_eq!((jr_nz.with_flags(0x00), jr_nz.with_flags(0x40)), (12, 7));
        let call_c = at(&[0xDC, 0, 0]);
        assert_eq!((call_c.with_flags(0x01), call_c.with_flags(0xFE)), (17, 10));
        let ret_pe = at(&[0xE8]);
        assert_eq!((ret_pe.with_flags(0x04), ret_pe.with_flags(0x00)), (11, 5));
        let jp_m = at(&[0xFA, 0, 0]);
        assert_eq!((jp_m.with_flags(0x80), jp_m.with_flags(0x00)), (10, 10));
        assert_eq!(
            at(&[0x10, 0]).with_flags(0xFF),
            8,
            "DJNZ is not a flag condition"
        );
        assert_eq!(at(&[0x00]).with_flags(0xFF), 4);
        assert_eq!(std::mem::size_of::<Timing>(), 8);
    }
}
