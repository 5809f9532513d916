//! Exact Zilog T-states, instruction lengths and opcode fetches, from static per-prefix-group
//! tables.
//!
//! iz80's own cycle counter charges DD/FD instructions as if unprefixed and gets several
//! conditional and undefined opcodes wrong, so the machine counts T-states here instead. The
//! tables are built at compile time. An entry says, in one byte of flags, what else beyond
//! `t` the step loop must look at; for most instructions the answer is nothing.

/// The bits of [`Timing::flags`]: what, beyond `t`, an instruction's T-states and effects
/// depend on. No bit set: `t`, and SP stays where it is (most instructions).
pub(crate) mod flag {
    /// `taken` instead of `t` when `F & mask == want` (JR cc, CALL cc, RET cc).
    pub const COND: u8 = 1;
    /// The instruction may move SP (PUSH, POP, CALL, RET, RST, LD SP, INC/DEC SP, RETN/RETI):
    /// the only ones after which the step loop checks the stack region.
    pub const STACK: u8 = 2;
    /// DJNZ: `taken` when B is not 1 beforehand (the jump is taken).
    pub const DJNZ: u8 = 4;
    /// LDIR and friends: `taken` when the instruction repeats (PC comes back to it).
    pub const BLOCK: u8 = 8;
    /// HALT, LD A,I, LD A,R, LD R,A, BIT n,(HL), RETI: `next` names which
    /// ([`Rare`](super::Rare)).
    pub const RARE: u8 = 16;
    /// A prefix byte: `next` names the table of the byte after it.
    pub const PREFIX: u8 = 32;
}

/// The instructions the machine corrects after iz80 ran them (or stops at).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Rare {
    /// HALT: a call stops here.
    Halt,
    /// LD A,I: iz80 sets only P/V; the machine sets the other flags from I.
    LoadAI,
    /// LD A,R: iz80 does not model R; the machine loads A with R and sets the flags.
    LoadAR,
    /// LD R,A: R takes A after the instruction's own fetches.
    LoadRA,
    /// BIT n,(HL): bits 5 and 3 of F come from WZ's high byte.
    BitHl,
    /// RETI: IFF1 takes IFF2, as after RETN.
    Reti,
}

/// T-states, length and opcode fetches of one instruction: eight bytes, read with one load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(8))]
pub(crate) struct Timing {
    /// T-states (when a condition does not hold).
    pub t: u8,
    /// T-states when the condition holds (equal to `t` for unconditional instructions).
    pub taken: u8,
    /// Length in bytes, prefixes included.
    pub len: u8,
    /// Flags tested by a conditional jump, call or return...
    pub mask: u8,
    /// ...and the value they must have (`F & mask == want`) for `taken` to apply.
    pub want: u8,
    /// The [`flag`] bits.
    pub flags: u8,
    /// Opcode fetches (M1 cycles), each prefix included: what the refresh register R counts.
    pub m1: u8,
    /// For a prefix, the table of the byte after it (an index into the second-level tables);
    /// for a rare instruction, which one ([`Rare`]).
    pub next: u8,
}

impl Timing {
    /// True for the kinds that may move SP.
    #[inline(always)]
    pub(crate) fn moves_sp(&self) -> bool {
        self.flags & flag::STACK != 0
    }

    /// True for a prefix whose next byte needs another look-up.
    #[inline(always)]
    pub(crate) fn is_prefix(&self) -> bool {
        self.flags & flag::PREFIX != 0
    }

    /// The rare instruction this entry is, if it is one.
    pub(crate) fn rare(&self) -> Option<Rare> {
        if self.flags & flag::RARE == 0 {
            return None;
        }
        Some(match self.next {
            0 => Rare::Halt,
            1 => Rare::LoadAI,
            2 => Rare::LoadAR,
            3 => Rare::LoadRA,
            4 => Rare::BitHl,
            _ => Rare::Reti,
        })
    }

    /// True when the condition of a `COND` instruction holds, given the flags before it
    /// (which it leaves as they are, so the flags after it do as well).
    #[inline(always)]
    pub(crate) fn holds(&self, f: u8) -> bool {
        f & self.mask == self.want
    }
}

const fn timing(t: u8, len: u8) -> Timing {
    Timing {
        t,
        taken: t,
        len,
        mask: 0,
        want: 1,
        flags: 0,
        m1: 1,
        next: 0,
    }
}

/// `timing`, for an instruction that may move SP.
const fn stack(t: u8, len: u8) -> Timing {
    Timing {
        flags: flag::STACK,
        ..timing(t, len)
    }
}

/// A conditional jump, call or return on condition code `cc` (0..=7: NZ Z NC C PO PE P M).
const fn when(cc: u8, t: u8, extra: u8, len: u8) -> Timing {
    let mask = [0x40, 0x01, 0x04, 0x80][(cc as usize >> 1) & 3];
    Timing {
        taken: t + extra,
        mask,
        want: if cc & 1 == 1 { mask } else { 0 },
        flags: flag::COND,
        ..timing(t, len)
    }
}

/// A conditional call or return, which may move SP.
const fn on_stack(t: Timing) -> Timing {
    Timing {
        flags: t.flags | flag::STACK,
        ..t
    }
}

/// DJNZ or a repeating block instruction (`flags`), `extra` T-states when it jumps back.
const fn looping(t: u8, extra: u8, len: u8, flags: u8) -> Timing {
    Timing {
        taken: t + extra,
        flags,
        ..timing(t, len)
    }
}

/// A rare instruction.
const fn rare(t: u8, len: u8, which: Rare) -> Timing {
    Timing {
        flags: flag::RARE,
        next: which as u8,
        ..timing(t, len)
    }
}

/// A prefix byte whose next byte is looked up in second-level table `next`.
const fn prefix(next: u8) -> Timing {
    Timing {
        flags: flag::PREFIX,
        next,
        ..timing(0, 1)
    }
}

/// Second-level tables: after CB, after ED, after DD or FD.
const AFTER_CB: u8 = 0;
const AFTER_ED: u8 = 1;
const AFTER_INDEX: u8 = 2;

/// Unprefixed opcodes.
const fn base(op: u8) -> Timing {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        0 => base_low(y, z),
        1 => {
            if y == 6 && z == 6 {
                rare(4, 1, Rare::Halt)
            } else if y == 6 || z == 6 {
                timing(7, 1)
            } else {
                timing(4, 1)
            }
        }
        2 => timing(if z == 6 { 7 } else { 4 }, 1),
        _ => base_high(y, z),
    }
}

/// Unprefixed opcodes 00-3F (`y`, `z`: bits 5-3 and 2-0): relative jumps, 16-bit loads and
/// arithmetic, INC/DEC, 8-bit immediate loads, rotates of A.
const fn base_low(y: u8, z: u8) -> Timing {
    let (p, q) = (y >> 1, y & 1);
    match z {
        0 => match y {
            0 | 1 => timing(4, 1),
            2 => looping(8, 5, 2, flag::DJNZ),
            3 => timing(12, 2),
            _ => when(y - 4, 7, 5, 2),
        },
        1 => match (q, p) {
            (0, 3) => stack(10, 3),
            (0, _) => timing(10, 3),
            _ => timing(11, 1),
        },
        2 => match p {
            0 | 1 => timing(7, 1),
            2 => timing(16, 3),
            _ => timing(13, 3),
        },
        3 if p == 3 => stack(6, 1),
        3 => timing(6, 1),
        4 | 5 => timing(if y == 6 { 11 } else { 4 }, 1),
        6 => timing(if y == 6 { 10 } else { 7 }, 2),
        _ => timing(4, 1),
    }
}

/// Unprefixed opcodes C0-FF: returns, POP/PUSH, jumps, calls, the prefixes, immediate
/// arithmetic, RST.
const fn base_high(y: u8, z: u8) -> Timing {
    let (p, q) = (y >> 1, y & 1);
    match z {
        0 => on_stack(when(y, 5, 6, 1)),
        1 => match (q, p) {
            (0, _) | (1, 0) => stack(10, 1),
            (1, 3) => stack(6, 1),
            _ => timing(4, 1),
        },
        2 => timing(10, 3),
        3 => match y {
            0 => timing(10, 3),
            1 => prefix(AFTER_CB),
            2 | 3 => timing(11, 2),
            4 => timing(19, 1),
            _ => timing(4, 1),
        },
        4 => on_stack(when(y, 10, 7, 3)),
        5 => match (q, p) {
            (0, _) => stack(11, 1),
            (1, 0) => stack(17, 3),
            (1, 2) => prefix(AFTER_ED),
            _ => prefix(AFTER_INDEX),
        },
        6 => timing(7, 2),
        _ => stack(11, 1),
    }
}

/// True for the opcodes whose (HL) operand becomes (IX+d) / (IY+d) after a DD / FD prefix.
pub(crate) const fn takes_displacement(op: u8) -> bool {
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
            taken: b.taken + 4 + more,
            len: b.len + 2,
            m1: 2,
            ..b
        }
    } else {
        Timing {
            t: b.t + 4,
            taken: b.taken + 4,
            len: b.len + 1,
            m1: 2,
            ..b
        }
    }
}

/// Opcodes after CB.
const fn bits(op: u8) -> Timing {
    let t = if op & 7 != 6 {
        8
    } else if op >> 6 == 1 {
        return Timing {
            m1: 2,
            ..rare(12, 2, Rare::BitHl)
        };
    } else {
        15
    };
    Timing {
        m1: 2,
        ..timing(t, 2)
    }
}

/// Opcodes after DD CB d or FD CB d.
const fn indexed_bits(op: u8) -> Timing {
    Timing {
        m1: 2,
        ..timing(if op >> 6 == 1 { 20 } else { 23 }, 4)
    }
}

/// Opcodes after ED, two fetches each.
const fn extended(op: u8) -> Timing {
    Timing {
        m1: 2,
        ..extended_t(op)
    }
}

/// T-states and kinds after ED; undefined opcodes are 8 T-state no-ops.
const fn extended_t(op: u8) -> Timing {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match x {
        1 => match z {
            0 | 1 => timing(12, 2),
            2 => timing(15, 2),
            3 if y == 7 => stack(20, 4),
            3 => timing(20, 4),
            5 if y == 1 => Timing {
                flags: flag::STACK | flag::RARE,
                next: Rare::Reti as u8,
                ..timing(14, 2)
            },
            5 => stack(14, 2),
            7 => match y {
                1 => rare(9, 2, Rare::LoadRA),
                2 => rare(9, 2, Rare::LoadAI),
                3 => rare(9, 2, Rare::LoadAR),
                0 => timing(9, 2),
                4 | 5 => timing(18, 2),
                _ => timing(8, 2),
            },
            _ => timing(8, 2),
        },
        2 if z <= 3 && y >= 4 => {
            if y >= 6 {
                looping(16, 5, 2, flag::BLOCK)
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

/// Unprefixed opcodes; prefix bytes point into [`SECOND`].
static BASE: [Timing; 256] = table!(base);
/// After CB, after ED, after DD or FD (indexed by `Timing::next`; four tables, the last
/// unused, so that the index needs no bounds check). In the DD/FD table CB is a
/// `Prefix` pointing at the CB table (the op follows the displacement: [`INDEXED_BITS`]), and
/// DD, ED and FD are `Prefix` too ([`chain`]).
static SECOND: [[Timing; 256]; 4] = [
    table!(bits),
    table!(extended),
    table!(indexed),
    table!(indexed),
];
static INDEXED_BITS: [Timing; 256] = table!(indexed_bits);

/// For each first byte, `Timing::next` of a prefix (the group of the byte after it) or
/// `NOT_PREFIX`: with [`LENGTHS_AFTER`] an observer's second look, for prefixed instructions.
pub(crate) const GROUPS: [u8; 256] = {
    let mut out = [NOT_PREFIX; 256];
    let mut op = 0;
    while op < 256 {
        if BASE[op].flags & flag::PREFIX != 0 {
            out[op] = BASE[op].next;
        }
        op += 1;
    }
    out
};

/// [`GROUPS`] of a byte that is not a prefix.
pub(crate) const NOT_PREFIX: u8 = 0xFF;

/// Length of each instruction of a prefix group (`group * 256 + next byte`; DD CB d op
/// included), else 0 (a chain of prefixes).
pub(crate) const LENGTHS_AFTER: [u8; 1024] = {
    let mut out = [0; 1024];
    let mut i = 0;
    while i < 1024 {
        let e = SECOND[i / 256][i % 256];
        if e.flags & flag::PREFIX == 0 {
            out[i] = e.len;
        } else if e.next == AFTER_CB {
            out[i] = INDEXED_BITS[0].len;
        }
        i += 1;
    }
    out
};

/// Length of each unprefixed opcode, else 0: what an observer needs before an instruction runs
/// (to tell its operand fetches from data reads), one byte (from a copy in `Ram`).
pub(crate) const LENGTHS: [u8; 256] = {
    let mut out = [0; 256];
    let mut op = 0;
    while op < 256 {
        if BASE[op].flags & flag::PREFIX == 0 {
            out[op] = BASE[op].len;
        }
        op += 1;
    }
    out
};

/// The timing of the instruction at `pc` unless it is a chain of prefixes.
pub(crate) fn chain_free(mem: &[u8; 0x10000], pc: u16) -> Option<Timing> {
    let e = first(mem, pc);
    if !e.is_prefix() {
        return Some(*e);
    }
    let e = second(mem, pc, e);
    (!e.is_prefix()).then_some(*e)
}

/// The timing of the instruction at `pc`, decoded the way iz80 executes it.
#[inline(always)]
pub(crate) fn timing_at(mem: &[u8; 0x10000], pc: u16) -> Timing {
    let e = first(mem, pc);
    if !e.is_prefix() {
        return *e;
    }
    let e = second(mem, pc, e);
    if !e.is_prefix() {
        return *e;
    }
    chain(mem, pc)
}

/// The entry of the byte at `pc`: the instruction's timing, or a `Prefix` to pass to
/// [`second`]. A reference into the static table, so that the step loop reads just the fields
/// it needs.
#[inline(always)]
pub(crate) fn first(mem: &[u8; 0x10000], pc: u16) -> &'static Timing {
    &BASE[usize::from(mem[usize::from(pc)])]
}

/// The timing of the instruction at `pc` whose first byte has the `Prefix` entry `first`
/// (two fetches), or a `Prefix` again for a chain of prefixes (see [`chain`]).
#[inline(always)]
pub(crate) fn second(mem: &[u8; 0x10000], pc: u16, first: &Timing) -> &'static Timing {
    let at = |offset: u16| usize::from(mem[usize::from(pc.wrapping_add(offset))]);
    let e = &SECOND[usize::from(first.next & 3)][at(1)];
    if e.is_prefix() && e.next == AFTER_CB {
        return &INDEXED_BITS[at(3)];
    }
    e
}

/// Several DD/FD prefixes in a row (iz80 runs them as one instruction, the last prefix winning;
/// each extra one costs 4 T-states, a byte and a fetch), or DD/FD before ED (the prefix is a
/// 4 T-state no-op). Computed, not tabled: no real code does this.
#[cold]
#[inline(never)]
pub(crate) fn chain(mem: &[u8; 0x10000], pc: u16) -> Timing {
    let mut extra: u16 = 0;
    let mut at = pc.wrapping_add(1);
    while matches!(mem[usize::from(at)], 0xDD | 0xFD) {
        extra += 1;
        at = at.wrapping_add(1);
    }
    let after = |offset: u16| usize::from(mem[usize::from(at.wrapping_add(offset))]);
    let inner = match mem[usize::from(at)] {
        0xED => {
            let e = SECOND[usize::from(AFTER_ED)][after(1)];
            Timing {
                t: e.t + 4,
                taken: e.taken + 4,
                len: e.len + 1,
                m1: e.m1 + 1,
                ..e
            }
        }
        0xCB => INDEXED_BITS[after(2)],
        op => SECOND[usize::from(AFTER_INDEX)][usize::from(op)],
    };
    let extra = extra.min(60) as u8;
    Timing {
        t: inner.t.saturating_add(4 * extra),
        taken: inner.taken.saturating_add(4 * extra),
        len: inner.len.saturating_add(extra),
        m1: inner.m1.saturating_add(extra),
        ..inner
    }
}

#[cfg(test)]
mod tests {
    use iz80::{Machine as _, PlainMachine, Reg8, Reg16};

    use super::*;

    fn at(bytes: &[u8]) -> Timing {
        let mut mem = Box::new([0u8; 0x10000]);
        mem[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        timing_at(&mem, 0x100)
    }

    /// (t, taken, len, flags, m1) of the instruction `bytes`.
    fn summary(bytes: &[u8]) -> (u8, u8, u8, u8, u8) {
        let e = at(bytes);
        (e.t, e.taken, e.len, e.flags, e.m1)
    }

    #[test]
    fn documented_examples() {
        use flag::*;
        assert_eq!(summary(&[0xDD, 0x21, 0, 0]), (14, 14, 4, 0, 2));
        assert_eq!(summary(&[0xDD, 0x7E, 5]), (19, 19, 3, 0, 2));
        assert_eq!(summary(&[0xDD, 0x34, 1]), (23, 23, 3, 0, 2));
        assert_eq!(summary(&[0xDD, 0x36, 1, 2]), (19, 19, 4, 0, 2));
        assert_eq!(summary(&[0xFD, 0xE5]), (15, 15, 2, STACK, 2));
        assert_eq!(at(&[0x20, 0]), when(0, 7, 5, 2));
        assert_eq!(at(&[0xC2, 0, 0]), timing(10, 3));
        assert_eq!(at(&[0xC9]), stack(10, 1));
        assert_eq!(summary(&[0xED, 0x00]), (8, 8, 2, 0, 2));
        assert_eq!(summary(&[0xED, 0xB0]), (16, 21, 2, BLOCK, 2));
        assert_eq!(summary(&[0xED, 0x43, 0, 0]), (20, 20, 4, 0, 2));
        assert_eq!(summary(&[0xDD, 0xCB, 5, 0x46]), (20, 20, 4, 0, 2));
        assert_eq!(summary(&[0xFD, 0xCB, 5, 0xC6]), (23, 23, 4, 0, 2));
        assert_eq!(summary(&[0xCB, 0x46]), (12, 12, 2, RARE, 2));
        assert_eq!(at(&[0xCB, 0x46]).rare(), Some(Rare::BitHl));
        assert_eq!(summary(&[0xED, 0x4D]), (14, 14, 2, STACK | RARE, 2));
        assert_eq!(at(&[0xED, 0x4D]).rare(), Some(Rare::Reti));
        assert_eq!(summary(&[0x76]), (4, 4, 1, RARE, 1));
        assert_eq!(at(&[0x76]).rare(), Some(Rare::Halt));
        assert_eq!(summary(&[0x10, 0]), (8, 13, 2, DJNZ, 1));
        assert_eq!(summary(&[0xDD, 0xC0]), (9, 15, 2, COND | STACK, 2));
        assert_eq!(summary(&[0xFD, 0x38, 0]), (11, 16, 3, COND, 2));
        assert_eq!(
            summary(&[0xFD, 0xDA, 0, 0]),
            (14, 14, 4, 0, 2),
            "JP cc: 10 either way"
        );
    }

    #[test]
    fn refresh_register_instructions() {
        use flag::RARE;
        assert_eq!(summary(&[0xED, 0x57]), (9, 9, 2, RARE, 2));
        assert_eq!(summary(&[0xED, 0x5F]), (9, 9, 2, RARE, 2));
        assert_eq!(summary(&[0xED, 0x4F]), (9, 9, 2, RARE, 2));
        let rare = |bytes: &[u8]| at(bytes).rare();
        assert_eq!(rare(&[0xED, 0x57]), Some(Rare::LoadAI));
        assert_eq!(rare(&[0xED, 0x5F]), Some(Rare::LoadAR));
        assert_eq!(rare(&[0xED, 0x4F]), Some(Rare::LoadRA));
        assert_eq!(summary(&[0xED, 0x47]), (9, 9, 2, 0, 2), "LD I,A");
        assert_eq!(summary(&[0xDD, 0xED, 0x5F]), (13, 13, 3, RARE, 3));
        assert_eq!(rare(&[0xDD, 0xED, 0x5F]), Some(Rare::LoadAR));
    }

    #[test]
    fn prefix_chains() {
        use flag::*;
        assert_eq!(summary(&[0xDD, 0xFD, 0x21, 0, 0]), (18, 18, 5, 0, 3));
        assert_eq!(summary(&[0xDD, 0xED, 0xB0]), (20, 25, 3, BLOCK, 3));
        assert_eq!(summary(&[0xDD, 0xDD, 0xCB, 1, 0x06]), (27, 27, 5, 0, 3));
        assert_eq!(summary(&[0xFD, 0xDD, 0xFD, 0xE1]), (22, 22, 4, STACK, 4));
    }

    #[test]
    fn conditions() {
        let t = |bytes: &[u8], f: u8| {
            let e = at(bytes);
            if e.flags & flag::COND != 0 && e.holds(f) {
                e.taken
            } else {
                e.t
            }
        };
        assert_eq!((t(&[0x20, 0], 0x00), t(&[0x20, 0], 0x40)), (12, 7));
        assert_eq!((t(&[0xDC, 0, 0], 0x01), t(&[0xDC, 0, 0], 0xFE)), (17, 10));
        assert_eq!((t(&[0xE8], 0x04), t(&[0xE8], 0x00)), (11, 5));
        assert_eq!((t(&[0xFA, 0, 0], 0x80), t(&[0xFA, 0, 0], 0x00)), (10, 10));
        assert_eq!(t(&[0x10, 0], 0xFF), 8, "DJNZ is not a flag condition");
        assert_eq!(std::mem::size_of::<Timing>(), 8);
    }

    #[test]
    fn lengths_tables() {
        assert_eq!(
            (LENGTHS[0x00], LENGTHS[0x36], LENGTHS[0xCD], LENGTHS[0x10]),
            (1, 2, 3, 2)
        );
        let prefixes: Vec<usize> = (0..256).filter(|&op| LENGTHS[op] == 0).collect();
        assert_eq!(prefixes, vec![0xCB, 0xDD, 0xED, 0xFD]);
        let len = |bytes: [u8; 2]| {
            let group = usize::from(GROUPS[usize::from(bytes[0])]);
            LENGTHS_AFTER[group * 256 + usize::from(bytes[1])]
        };
        assert_eq!(
            (
                len([0xDD, 0x36]),
                len([0xFD, 0xCB]),
                len([0xED, 0x43]),
                len([0xCB, 0x00])
            ),
            (4, 4, 4, 2)
        );
        assert_eq!(
            (len([0xDD, 0xDD]), len([0xFD, 0xED]), len([0xDD, 0xE9])),
            (0, 0, 2)
        );
    }

    /// Every encoding of every prefix group, with operand bytes 00 90.
    fn all_instructions() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for op in 0..=255u8 {
            if !matches!(op, 0xCB | 0xDD | 0xED | 0xFD) {
                out.push(vec![op, 0x00, 0x90]);
            }
            out.push(vec![0xCB, op]);
            out.push(vec![0xED, op, 0x00, 0x90]);
            for index in [0xDD, 0xFD] {
                if !matches!(op, 0xCB | 0xDD | 0xED | 0xFD) {
                    out.push(vec![index, op, 0x00, 0x90]);
                }
                out.push(vec![index, 0xCB, 0x00, op]);
            }
        }
        out
    }

    /// Whether iz80 moves SP running `bytes` with F = `f`.
    fn moves_sp(bytes: &[u8], f: u8) -> bool {
        let mut mem = PlainMachine::new();
        for (i, &b) in bytes.iter().enumerate() {
            mem.poke(0x100 + i as u16, b);
        }
        let mut cpu = iz80::Cpu::new_z80();
        let regs = cpu.registers();
        regs.set_pc(0x100);
        regs.set16(Reg16::SP, 0x8000);
        regs.set16(Reg16::HL, 0x4000);
        regs.set16(Reg16::IX, 0x5000);
        regs.set16(Reg16::IY, 0x6000);
        regs.set8(Reg8::F, f);
        cpu.execute_instruction(&mut mem);
        cpu.immutable_registers().get16(Reg16::SP) != 0x8000
    }

    #[test]
    fn exactly_the_stack_kind_moves_sp() {
        let all = all_instructions();
        assert_eq!(all.len(), 252 + 256 + 256 + 2 * (252 + 256));
        let mut stack_kind = 0;
        for bytes in &all {
            let moves = moves_sp(bytes, 0x00) || moves_sp(bytes, 0xFF);
            let e = at(bytes);
            assert_eq!(moves, e.moves_sp(), "{bytes:02X?}: {e:?}");
            stack_kind += usize::from(moves);
        }
        assert_eq!(
            stack_kind,
            38 + 9 + 2 * 38,
            "38 unprefixed (RET, CALL, RST, PUSH, POP, LD SP, INC/DEC SP), 9 after ED \
             (LD SP,(nn), 8 RETN/RETI), the 38 again after DD and after FD"
        );
    }
}
