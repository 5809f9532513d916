//! The class of an instruction: what the step loop needs of it, in one byte per address
//! (`Ram::classes`), so that most instructions cost one look-up whatever their prefixes. Its
//! WZ rule and operand, and its effect bits, go beside it in one word per address
//! (`Ram::rules`), read only by the instructions that need them.
//!
//! | classes | what | the step loop |
//! |---|---|---|
//! | 00-3F | plain: T-states, `PREFIXED` for a prefix fetch | counts |
//! | 40-4F | plain, WZ set to its operand (JP, JR e, LD A,(nn)...): `WZ` + a `SHAPES` index | counts, sets WZ |
//! | 50-5F | plain with another WZ rule (`Ram::rules` says which) | counts, applies the rule |
//! | 60-7F | plain, WZ a register plus its operand (IX+d, BC+1, A:n...) | counts, sets WZ |
//! | 80-BF | may move SP (PUSH, POP, LD SP) | counts, checks the stack |
//! | C0-DF | moves SP and sets WZ to the next PC (CALL nn, RET, RST) | counts, checks, sets WZ |
//! | E0-E5 | a branch PC tells taken (`BRANCHES`) | counts, sets WZ and the flags |
//! | FE | looked at closer (RET cc, HALT, LD A,R, BIT n,(HL), chains...) | decodes |

use iz80::Reg16;

use super::effects::{Effects, effects};
use super::timing::{Timing, chain_free, flag};
use super::wz::Wz;

/// Bit set for an instruction with one prefix fetch (two opcode fetches).
pub const PREFIXED: u8 = 0x20;
/// From here up to [`STACK`]: a plain instruction with a WZ rule: `WZ` + the index of its
/// T-states and prefix fetches in `SHAPES[0]` for the operand rule, ...
pub const WZ: u8 = 0x40;
/// ... `OTHER` + the index in `SHAPES[1]` for the rules `Ram::rules` names, ...
pub const OTHER: u8 = 0x50;
/// ... `REGISTER` + 4 * r + the index in `SHAPES[2 + r]` for a register [`WZ_REGISTERS`]`[r]`
/// plus the operand (A's high byte only, for A).
pub const REGISTER: u8 = 0x60;

/// The registers of the classes from [`REGISTER`] on, with the mask of each (A, with F, as
/// the high byte of AF); eight, the last two unused, so that an index needs no bounds check.
pub const WZ_REGISTERS: [(Reg16, u16); 8] = [
    (Reg16::IX, 0xFFFF),
    (Reg16::IY, 0xFFFF),
    (Reg16::BC, 0xFFFF),
    (Reg16::DE, 0xFFFF),
    (Reg16::HL, 0xFFFF),
    (Reg16::AF, 0xFF00),
    (Reg16::AF, 0),
    (Reg16::AF, 0),
];

/// From here up to [`BRANCH`]: an instruction that may move SP (the stack region is checked
/// after it).
pub const STACK: u8 = 0x80;
/// From here up to [`BRANCH`]: an unprefixed one that also sets WZ to the next PC.
pub const STACK_WZ: u8 = 0xC0;
/// The T-states of a class below [`BRANCH`] (no instruction outside a chain of prefixes takes
/// more than 23).
pub const T: u8 = 0x1F;
/// From here up to [`CLOSER`]: a branch whose target is not the next instruction, so that
/// PC tells whether it was taken, `BRANCH + kind` with `kind` an index into [`BRANCHES`].
pub const BRANCH: u8 = 0xE0;
/// An instruction the step loop looks at closer (RET cc, the rare ones, chains of prefixes, a
/// branch to the next instruction, the ones the machine runs itself).
pub const CLOSER: u8 = 0xFE;
/// Not classified yet.
pub const UNKNOWN: u8 = 0xFF;

/// A branch kind: T-states not taken, the extra ones when taken, length, prefix fetches,
/// whether it may move SP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Branch {
    pub t: u8,
    pub extra: u8,
    pub len: u8,
    pub prefixes: u8,
    pub stack: bool,
}

/// JR cc, DJNZ, LDIR/LDDR, CALL cc, CPIR, CPDR (a block instruction is "taken" when it
/// repeats: PC is back on it, not past it). The step loop knows CALL cc as [`CALL`]; the others
/// are two bytes long and cost 5 T-states more when taken.
pub const BRANCHES: [Branch; 8] = [
    branch(7, 5, 2, 0, false),
    branch(8, 5, 2, 0, false),
    branch(16, 5, 2, 1, false),
    branch(10, 7, 3, 0, true),
    branch(16, 5, 2, 1, false),
    branch(16, 5, 2, 1, false),
    branch(0, 0, 0, 0, false),
    branch(0, 0, 0, 0, false),
];

/// The class of CALL cc (to anywhere but the next instruction).
pub const CALL: u8 = BRANCH + 3;
/// The class of DJNZ (JR cc is [`BRANCH`], LDIR and LDDR `BRANCH + 2`).
pub const DJNZ: u8 = BRANCH + 1;
/// The classes of CPIR and CPDR.
pub const CPIR: u8 = BRANCH + 4;
pub const CPDR: u8 = BRANCH + 5;

const fn branch(t: u8, extra: u8, len: u8, prefixes: u8, stack: bool) -> Branch {
    Branch {
        t,
        extra,
        len,
        prefixes,
        stack,
    }
}

/// The T-states and prefix fetches of the plain instructions with a WZ rule, by group: the
/// operand rule, the other rules, then a register plus the operand for each of
/// [`WZ_REGISTERS`]. Their classes are the group's base plus the index here, and their
/// T-states are read from [`ADDS`].
pub const SHAPES: [&[(u8, u8)]; 8] = [
    &[
        (10, 0),
        (12, 0),
        (13, 0),
        (16, 0),
        (14, 1),
        (16, 1),
        (17, 1),
        (20, 1),
    ],
    &[(7, 0), (11, 0), (19, 0), (11, 1), (15, 1), (16, 1), (23, 1)],
    &[(19, 1), (20, 1), (23, 1)],
    &[(19, 1), (20, 1), (23, 1)],
    &[(7, 0), (11, 1), (12, 1)],
    &[(7, 0), (11, 1)],
    &[(18, 1)],
    &[(11, 0), (13, 0), (15, 1), (17, 1)],
];

/// Each group of [`SHAPES`]: its first class and how many classes it spans.
const GROUPS: [(u8, usize); 8] = [
    (WZ, 16),
    (OTHER, 16),
    (REGISTER, 4),
    (REGISTER + 4, 4),
    (REGISTER + 8, 4),
    (REGISTER + 12, 4),
    (REGISTER + 16, 4),
    (REGISTER + 20, 4),
];

/// The class of a plain instruction with WZ rule `rule` (one the loop applies), `t`
/// T-states and `prefixes` prefix fetches, when its shape is listed.
fn shaped(rule: Wz, t: u8, prefixes: u8) -> Option<u8> {
    let group = match rule {
        Wz::Operand => 0,
        Wz::IndexIx => 2,
        Wz::IndexIy => 3,
        Wz::PairBc => 4,
        Wz::PairDe => 5,
        Wz::PairHl => 6,
        Wz::AccHigh => 7,
        _ => 1,
    };
    let at = SHAPES[group]
        .iter()
        .position(|&shape| shape == (t, prefixes))?;
    Some(GROUPS[group].0 + at as u8)
}

/// One prefix fetch in the step loop's running sum of a slice ([`ADDS`]), above the T-states
/// (a slice of at most 65,536 instructions of at most 255 T-states each, the timing's bound,
/// stays below 2^24): a classified instruction has at most one, so the slice's fit in the 23
/// bits below [`INSTRUCTION`].
pub const PREFIX_FETCH: u64 = 1 << 24;

/// One instruction in the step loop's running sum of a slice ([`ADDS`]), in its top 17 bits:
/// the loop starts them at 2^17 minus the slice's length, so that the slice's last instruction
/// carries out of the sum, and the one addition that counts T-states and prefix fetches also
/// tests the budget.
pub const INSTRUCTION: u64 = 1 << 47;

/// What each class adds to the step loop's running sum: one [`INSTRUCTION`], its T-states (not
/// taken, for a branch) and its prefix fetches ([`PREFIX_FETCH`]); only the instruction for
/// [`CLOSER`] and [`UNKNOWN`], which the loop counts the long way.
pub const ADDS: [u64; 256] = {
    let mut out = [0; 256];
    let mut c = 0;
    while c < BRANCH as usize {
        let prefixes = if c as u8 & PREFIXED != 0 { 1 } else { 0 };
        out[c] = (c as u8 & T) as u64 + prefixes * PREFIX_FETCH;
        c += 1;
    }
    let mut group = 0;
    while group < GROUPS.len() {
        let (base, span) = GROUPS[group];
        let mut k = 0;
        while k < span {
            out[base as usize + k] = if k < SHAPES[group].len() {
                let (t, prefixes) = SHAPES[group][k];
                t as u64 + prefixes as u64 * PREFIX_FETCH
            } else {
                0
            };
            k += 1;
        }
        group += 1;
    }
    let mut k = 0;
    while k < BRANCHES.len() {
        let b = BRANCHES[k];
        out[BRANCH as usize + k] = b.t as u64 + b.prefixes as u64 * PREFIX_FETCH;
        k += 1;
    }
    let mut c = 0;
    while c < out.len() {
        out[c] += INSTRUCTION;
        c += 1;
    }
    out
};

/// What the classification of the instruction at an address found: its class, its length
/// (None for a chain of prefixes, whose length has no bound), and its effects.
pub(crate) struct Classified {
    pub class: u8,
    pub len: Option<u8>,
    pub effects: Effects,
}

/// The class of the instruction at `pc`, its length and its effects.
pub(crate) fn of(mem: &[u8; 0x10000], pc: u16) -> Classified {
    let fx = effects(mem, pc);
    let Some(e) = chain_free(mem, pc) else {
        return Classified {
            class: CLOSER,
            len: None,
            effects: fx,
        };
    };
    Classified {
        class: class(mem, pc, &e, &fx),
        len: Some(e.len),
        effects: fx,
    }
}

/// The class of the instruction `e` at `pc` with effects `fx`.
fn class(mem: &[u8; 0x10000], pc: u16, e: &Timing, fx: &Effects) -> u8 {
    let closer = flag::COND | flag::DJNZ | flag::BLOCK | flag::RARE;
    if fx.machine {
        return CLOSER;
    }
    if e.flags & closer != 0 {
        return branch_kind(mem, pc, e, fx).map_or(CLOSER, |k| BRANCH + k);
    }
    let prefixed = if e.m1 == 2 { PREFIXED } else { 0 };
    match (e.moves_sp(), fx.wz) {
        (false, Wz::Keep) => e.t | prefixed,
        (true, Wz::Keep) => STACK | prefixed | e.t,
        (true, Wz::Next | Wz::Operand) if prefixed == 0 => STACK_WZ | e.t,
        (false, rule) if plain(rule) => shaped(rule, e.t, e.m1 - 1).unwrap_or(CLOSER),
        _ => CLOSER,
    }
}

/// True for the WZ rules the step loop applies on its plain path.
fn plain(rule: Wz) -> bool {
    !matches!(
        rule,
        Wz::Keep | Wz::Next | Wz::Taken | Wz::BlockLd | Wz::BlockCp | Wz::Machine
    )
}

/// The index in [`BRANCHES`] of the instruction `e` at `pc` when PC after it tells whether it
/// was taken: its target (where a jump goes, or the instruction itself for a block
/// instruction that repeats) is not the instruction after it.
fn branch_kind(mem: &[u8; 0x10000], pc: u16, e: &Timing, fx: &Effects) -> Option<u8> {
    let at = |offset: u16| mem[usize::from(pc.wrapping_add(offset))];
    let relative = || {
        pc.wrapping_add(2)
            .wrapping_add_signed(i16::from(at(1) as i8))
    };
    let (kind, target) = match (e.flags, e.m1, e.len, fx.wz) {
        (flag::COND, 1, 2, _) => (0, relative()),
        (flag::DJNZ, 1, 2, _) => (1, relative()),
        (flag::BLOCK, 2, 2, Wz::BlockLd) => (2, pc),
        (flag::BLOCK, 2, 2, Wz::BlockCp) if fx.operand == 1 => (4, pc),
        (flag::BLOCK, 2, 2, Wz::BlockCp) => (5, pc),
        (f, 1, 3, _) if f == flag::COND | flag::STACK => (3, u16::from_le_bytes([at(1), at(2)])),
        _ => return None,
    };
    let b = BRANCHES[usize::from(kind)];
    let fits = (b.t, b.t + b.extra, b.len, b.prefixes + 1) == (e.t, e.taken, e.len, e.m1);
    (fits && target != pc.wrapping_add(u16::from(e.len))).then_some(kind)
}

#[cfg(test)]
mod tests {
    use super::super::timing::timing_at;
    use super::*;

    fn class_at(bytes: &[u8]) -> (u8, Option<u8>) {
        let mut mem = Box::new([0u8; 0x10000]);
        mem[0x100..0x100 + bytes.len()].copy_from_slice(bytes);
        let c = of(&mem, 0x100);
        (c.class, c.len)
    }

    #[test]
    fn classes() {
        let c = |bytes: &[u8]| class_at(bytes).0;
        assert_eq!(class_at(&[0x7E]), (7, Some(1)));
        assert_eq!(c(&[0xDD, 0x7E, 5]), REGISTER, "IX+d, 19 T-states");
        assert_eq!(
            c(&[0xFD, 0xCB, 5, 0xC6]),
            REGISTER + 4 + 2,
            "IY+d, 23 T-states"
        );
        assert_eq!(c(&[0x0A]), REGISTER + 8, "LD A,(BC)");
        assert_eq!(
            c(&[0x32, 0x34, 0x12]),
            REGISTER + 20 + 1,
            "LD (nn),A: A, 13 T-states"
        );
        assert_eq!(c(&[0x19]), OTHER + 1, "ADD HL,DE");
        assert_eq!(
            c(&[0xFD, 0xCB, 5, 0xC7]),
            CLOSER,
            "SET 0,(IY+5),A: the machine's"
        );
        assert_eq!(c(&[0xC5]), STACK | 11);
        assert_eq!(c(&[0xDD, 0xE5]), STACK | PREFIXED | 15);
        assert_eq!(c(&[0xCD, 0x34, 0x80]), STACK_WZ | 17);
        assert_eq!(c(&[0xC9]), STACK_WZ | 10);
        assert_eq!(c(&[0xDD, 0xC9]), CLOSER, "a prefixed RET");
        assert_eq!(c(&[0x3A, 0x34, 0x12]), WZ + 2, "an operand, 13 T-states");
        assert_eq!(c(&[0xC3, 0x34, 0x12]), WZ, "an operand, 10 T-states");
        assert_eq!(c(&[0x28, 0x02]), BRANCH);
        assert_eq!(c(&[0x10, 0xE7]), DJNZ);
        assert_eq!(c(&[0xDC, 0x34, 0x80]), CALL);
        assert_eq!(c(&[0xED, 0xB0]), BRANCH + 2);
        assert_eq!(c(&[0xED, 0xB1]), CPIR);
        assert_eq!(c(&[0xED, 0xB9]), CPDR);
        assert_eq!(c(&[0xED, 0xB2]), CLOSER, "INIR: the machine's");
        assert_eq!(c(&[0x28, 0x00]), CLOSER, "JR Z to the next one");
        assert_eq!(c(&[0xDC, 0x03, 0x01]), CLOSER, "CALL C to the next");
        assert_eq!(c(&[0x10, 0x00]), CLOSER, "DJNZ to the next one");
        assert_eq!(c(&[0xC8]), CLOSER, "RET Z");
        assert_eq!(c(&[0xDD, 0x28, 0x05]), CLOSER, "prefixed JR Z");
        assert_eq!(c(&[0x76]), CLOSER, "HALT");
        assert_eq!(c(&[0xED, 0x5F]), CLOSER, "LD A,R");
        assert_eq!(c(&[0xCB, 0x46]), CLOSER, "BIT 0,(HL)");
        assert_eq!(c(&[0xED, 0x4D]), CLOSER, "RETI");
        assert_eq!(
            class_at(&[0xDD, 0xDD, 0x21, 0, 0]),
            (CLOSER, None),
            "a chain"
        );
        let shapes: Vec<(u8, u8, bool)> = BRANCHES[..6]
            .iter()
            .map(|b| (b.len, b.extra, b.stack))
            .collect();
        let two = (2, 5, false);
        assert_eq!(
            shapes,
            vec![two, two, two, (3, 7, true), two, two],
            "what the step loop assumes"
        );
    }

    /// Every encoding of every prefix group, operand bytes 05 90 (no jump to the next one).
    fn all_instructions() -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for op in 0..=255u8 {
            if !matches!(op, 0xCB | 0xDD | 0xED | 0xFD) {
                out.push(vec![op, 0x05, 0x90]);
            }
            out.push(vec![0xCB, op]);
            out.push(vec![0xED, op, 0x05, 0x90]);
            for index in [0xDD, 0xFD] {
                if !matches!(op, 0xCB | 0xDD | 0xED | 0xFD) {
                    out.push(vec![index, op, 0x05, 0x90]);
                }
                out.push(vec![index, 0xCB, 0x05, op]);
            }
        }
        out
    }

    #[test]
    fn every_class_below_branch_holds_its_timing() {
        let mut kinds = [0usize; 8];
        let (mut wz, mut closer) = (0, 0);
        for bytes in all_instructions() {
            let mut mem = Box::new([0u8; 0x10000]);
            mem[0x100..0x100 + bytes.len()].copy_from_slice(&bytes);
            let e = timing_at(&mem, 0x100);
            let c = of(&mem, 0x100);
            assert_eq!(c.len, Some(e.len), "{bytes:02X?}");
            let c = c.class;
            if c < BRANCH {
                assert_eq!(e.flags & !flag::STACK, 0, "{bytes:02X?}");
                let add = INSTRUCTION + u64::from(e.t) + u64::from(e.m1 - 1) * PREFIX_FETCH;
                assert_eq!(ADDS[usize::from(c)], add, "{bytes:02X?}");
                assert_eq!(c >= STACK, e.moves_sp(), "{bytes:02X?}");
                let with_rule = (WZ..STACK).contains(&c);
                if !with_rule {
                    assert_eq!(c & T, e.t, "{bytes:02X?}");
                    assert_eq!(c & PREFIXED != 0, e.m1 == 2, "{bytes:02X?}");
                }
                wz += usize::from(with_rule);
            } else if c < CLOSER {
                kinds[usize::from(c - BRANCH)] += 1;
            } else {
                closer += 1;
            }
        }
        assert_eq!(
            kinds,
            [4, 1, 2, 8, 1, 1, 0, 0],
            "JR cc, DJNZ, LDIR LDDR, CALL cc (to 9005h), CPIR, CPDR"
        );
        // Closer: 448 undocumented DD CB / FD CB forms, 35 more the machine runs (SCF, CCF,
        // HALT, IN A,(n) three times each; IN r,(C), ADC/SBC HL, block I/O), 24 RET cc, 26
        // prefixed JR cc, DJNZ and CALL cc, 20 prefixed CALL nn, RET and RST, 8 RETN/RETI,
        // LD SP,(nn), 8 BIT n,(HL) and the loads of I and R.
        assert_eq!((wz, closer), (205, 574), "with a WZ rule, and closer");
    }
}
