//! The instruction mix: executed T-states and counts grouped by Z80 mnemonic.
//!
//! The mix is derived after the run from the per-address execution tallies and the opcode bytes
//! still in memory, so the per-instruction hot path never decodes anything.

use serde::Serialize;

macro_rules! mnemonics {
    ($($name:ident),* $(,)?) => {
        /// A Z80 mnemonic, without operands (`LD`, `JR`, `DJNZ`, ...), spelled as Zilog
        /// spells it.
        #[allow(clippy::upper_case_acronyms)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Mnemonic { $($name),* }

        impl Mnemonic {
            /// Every mnemonic, in declaration order (the index of `m` is `m as usize`).
            pub const ALL: &'static [Mnemonic] = &[$(Mnemonic::$name),*];

            /// The mnemonic as the assembler spells it.
            pub fn name(self) -> &'static str {
                match self { $(Mnemonic::$name => stringify!($name)),* }
            }
        }
    };
}

mnemonics!(
    ADC, ADD, AND, BIT, CALL, CCF, CP, CPD, CPDR, CPI, CPIR, CPL, DAA, DEC, DI, DJNZ, EI, EX, EXX,
    HALT, IM, IN, INC, IND, INDR, INI, INIR, JP, JR, LD, LDD, LDDR, LDI, LDIR, NEG, NOP, OR, OTDR,
    OTIR, OUT, OUTD, OUTI, POP, PUSH, RES, RET, RETI, RETN, RL, RLA, RLC, RLCA, RLD, RR, RRA, RRC,
    RRCA, RRD, RST, SBC, SCF, SET, SLA, SLL, SRA, SRL, SUB, XOR,
);

use Mnemonic::*;

const ALU: [Mnemonic; 8] = [ADD, ADC, SUB, SBC, AND, XOR, OR, CP];
const ROT: [Mnemonic; 8] = [RLC, RRC, RL, RR, SLA, SRA, SLL, SRL];
const ACC_OPS: [Mnemonic; 8] = [RLCA, RRCA, RLA, RRA, DAA, CPL, SCF, CCF];
const BLOCK: [[Mnemonic; 4]; 4] = [
    [LDI, CPI, INI, OUTI],
    [LDD, CPD, IND, OUTD],
    [LDIR, CPIR, INIR, OTIR],
    [LDDR, CPDR, INDR, OTDR],
];

/// The mnemonic of the instruction whose first bytes are `bytes` (at least 4 bytes are read
/// when the instruction has an index prefix and CB: `DD CB d op`).
pub fn mnemonic(bytes: [u8; 4]) -> Mnemonic {
    match bytes[0] {
        0xCB => cb(bytes[1]),
        0xED => ed(bytes[1]),
        0xDD | 0xFD => match bytes[1] {
            0xCB => cb(bytes[3]),
            // A prefix followed by another prefix acts alone, as a NOP.
            0xDD | 0xED | 0xFD => NOP,
            op => base(op),
        },
        op => base(op),
    }
}

fn base(op: u8) -> Mnemonic {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    let (p, q) = (y >> 1, y & 1);
    match (x, z) {
        (0, 0) => match y {
            0 => NOP,
            1 => EX,
            2 => DJNZ,
            _ => JR,
        },
        (0, 1) => [LD, ADD][q as usize],
        (0, 2) | (0, 6) => LD,
        (0, 3) => [INC, DEC][q as usize],
        (0, 4) => INC,
        (0, 5) => DEC,
        (0, 7) => ACC_OPS[y as usize],
        (1, _) if op == 0x76 => HALT,
        (1, _) => LD,
        (2, _) => ALU[y as usize],
        (_, 0) => RET,
        (_, 1) if q == 0 => POP,
        (_, 1) => [RET, EXX, JP, LD][p as usize],
        (_, 2) => JP,
        (_, 3) => [JP, NOP, OUT, IN, EX, EX, DI, EI][y as usize],
        (_, 4) => CALL,
        (_, 5) if q == 0 => PUSH,
        (_, 5) => CALL,
        (_, 6) => ALU[y as usize],
        _ => RST,
    }
}

fn cb(op: u8) -> Mnemonic {
    match op >> 6 {
        0 => ROT[((op >> 3) & 7) as usize],
        1 => BIT,
        2 => RES,
        _ => SET,
    }
}

fn ed(op: u8) -> Mnemonic {
    let (x, y, z) = (op >> 6, (op >> 3) & 7, op & 7);
    match (x, z) {
        (1, 0) => IN,
        (1, 1) => OUT,
        (1, 2) => [SBC, ADC][(y & 1) as usize],
        (1, 3) => LD,
        (1, 4) => NEG,
        (1, 5) if y == 1 => RETI,
        (1, 5) => RETN,
        (1, 6) => IM,
        (1, 7) => [LD, LD, LD, LD, RRD, RLD, NOP, NOP][y as usize],
        (2, 0..=3) if y >= 4 => BLOCK[(y - 4) as usize][z as usize],
        _ => NOP,
    }
}

/// One line of the instruction mix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MixEntry {
    /// The mnemonic.
    pub mnemonic: &'static str,
    /// Instructions executed with this mnemonic.
    pub count: u64,
    /// T-states spent in them.
    pub tstates: u64,
}

/// Groups per-address execution tallies by mnemonic, most T-states first (ties by name).
///
/// `executed` yields `(address, count, tstates)` for every address that ran; `fetch` returns the
/// opcode bytes at an address.
pub fn instruction_mix(
    executed: impl IntoIterator<Item = (u16, u64, u64)>,
    mut fetch: impl FnMut(u16) -> [u8; 4],
) -> Vec<MixEntry> {
    let mut sums = vec![(0u64, 0u64); Mnemonic::ALL.len()];
    for (addr, count, tstates) in executed {
        let slot = &mut sums[mnemonic(fetch(addr)) as usize];
        slot.0 += count;
        slot.1 += tstates;
    }
    let mut mix: Vec<MixEntry> = Mnemonic::ALL
        .iter()
        .zip(sums)
        .filter(|(_, (count, _))| *count > 0)
        .map(|(m, (count, tstates))| MixEntry {
            mnemonic: m.name(),
            count,
            tstates,
        })
        .collect();
    mix.sort_by(|a, b| b.tstates.cmp(&a.tstates).then(a.mnemonic.cmp(b.mnemonic)));
    mix
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(bytes: &[u8]) -> &'static str {
        let mut b = [0u8; 4];
        b[..bytes.len()].copy_from_slice(bytes);
        mnemonic(b).name()
    }

    #[test]
    fn unprefixed_opcodes() {
        let cases: &[(&[u8], &str)] = &[
            (&[0x00], "NOP"),
            (&[0x08], "EX"),
            (&[0x10, 0xFE], "DJNZ"),
            (&[0x18, 0x00], "JR"),
            (&[0x38, 0x00], "JR"),
            (&[0x21, 0, 0], "LD"),
            (&[0x29], "ADD"),
            (&[0x0A], "LD"),
            (&[0x23], "INC"),
            (&[0x2B], "DEC"),
            (&[0x34], "INC"),
            (&[0x35], "DEC"),
            (&[0x36, 0], "LD"),
            (&[0x07], "RLCA"),
            (&[0x2F], "CPL"),
            (&[0x3F], "CCF"),
            (&[0x76], "HALT"),
            (&[0x7E], "LD"),
            (&[0x86], "ADD"),
            (&[0x9F], "SBC"),
            (&[0xBE], "CP"),
            (&[0xC0], "RET"),
            (&[0xC1], "POP"),
            (&[0xC9], "RET"),
            (&[0xD9], "EXX"),
            (&[0xE9], "JP"),
            (&[0xF9], "LD"),
            (&[0xC2, 0, 0], "JP"),
            (&[0xC3, 0, 0], "JP"),
            (&[0xD3, 0], "OUT"),
            (&[0xDB, 0], "IN"),
            (&[0xE3], "EX"),
            (&[0xEB], "EX"),
            (&[0xF3], "DI"),
            (&[0xFB], "EI"),
            (&[0xC4, 0, 0], "CALL"),
            (&[0xC5], "PUSH"),
            (&[0xCD, 0, 0], "CALL"),
            (&[0xE6, 0x7F], "AND"),
            (&[0xFE, 0xFF], "CP"),
            (&[0xFF], "RST"),
        ];
        for (bytes, want) in cases {
            assert_eq!(m(bytes), *want, "opcode {bytes:02X?}");
        }
    }

    #[test]
    fn prefixed_opcodes() {
        let cases: &[(&[u8], &str)] = &[
            (&[0xCB, 0x07], "RLC"),
            (&[0xCB, 0x3F], "SRL"),
            (&[0xCB, 0x7E], "BIT"),
            (&[0xCB, 0x86], "RES"),
            (&[0xCB, 0xFE], "SET"),
            (&[0xED, 0x42], "SBC"),
            (&[0xED, 0x4A], "ADC"),
            (&[0xED, 0x43, 0, 0], "LD"),
            (&[0xED, 0x44], "NEG"),
            (&[0xED, 0x4D], "RETI"),
            (&[0xED, 0x45], "RETN"),
            (&[0xED, 0x56], "IM"),
            (&[0xED, 0x57], "LD"),
            (&[0xED, 0x67], "RRD"),
            (&[0xED, 0xB0], "LDIR"),
            (&[0xED, 0xB9], "CPDR"),
            (&[0xED, 0xA3], "OUTI"),
            (&[0xED, 0x00], "NOP"),
            (&[0xDD, 0x7E, 0x05], "LD"),
            (&[0xFD, 0x86, 0x05], "ADD"),
            (&[0xDD, 0xE9], "JP"),
            (&[0xDD, 0xE5], "PUSH"),
            (&[0xDD, 0xCB, 0x05, 0x7E], "BIT"),
            (&[0xFD, 0xCB, 0x05, 0x16], "RL"),
            (&[0xDD, 0xDD], "NOP"),
        ];
        for (bytes, want) in cases {
            assert_eq!(m(bytes), *want, "opcode {bytes:02X?}");
        }
    }

    #[test]
    fn mix_groups_by_mnemonic_most_tstates_first() {
        // 0: LD A,(HL) x3 at 7 T; 1: INC HL x3 at 6 T; 2: DJNZ 2x13 + 1x8; 4: RET once 10 T.
        let code = [0x7E, 0x23, 0x10, 0xFC, 0xC9, 0, 0, 0];
        let executed = [(0, 3, 21), (1, 3, 18), (2, 3, 34), (4, 1, 10)];
        let mix = instruction_mix(executed, |a| {
            let a = a as usize;
            [code[a], code[a + 1], code[a + 2], code[a + 3]]
        });
        let got: Vec<_> = mix
            .iter()
            .map(|e| (e.mnemonic, e.count, e.tstates))
            .collect();
        assert_eq!(
            got,
            [
                ("DJNZ", 3, 34),
                ("LD", 3, 21),
                ("INC", 3, 18),
                ("RET", 1, 10)
            ]
        );
    }
}
