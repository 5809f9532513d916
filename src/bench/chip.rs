//! What the chip costs beyond its timing: every kind of instruction whose WZ, flags or effects
//! the machine keeps or corrects beside iz80, each in a loop of nothing else, on bare iz80 and
//! on the machine in turns. The emulation section measures whole workloads; this shows the
//! price of exactness per instruction where it is paid (the instructions the machine runs
//! itself cost a stop of the step loop each).

use std::fmt::Write;

use serde::Serialize;

use crate::machine::{Image, Machine, SymbolTable};
use crate::text::{Quantity, TextTable, quantity};

use super::bare::BareIz80;
use super::plan::Plan;
use super::stats::{Spread, Timed, interleaved, time_for};

/// Where each loop is loaded and called.
const ORG: u16 = 0x8000;

/// Copies of the instruction in one pass of a loop, and passes per call.
const COPIES: usize = 16;
const PASSES: u8 = 8;

/// Turns each engine takes per repetition (fewer than the emulation section's: these loops
/// are many and short).
const TURNS: usize = 2;

/// One kind: the instruction as written, what the machine does for it, the bytes of one copy
/// (`SUB` stands for the low byte of the subroutine's address, which is a RET), and what each
/// pass does before its copies.
struct Kind {
    instruction: &'static str,
    what: &'static str,
    copy: &'static [u8],
    before: &'static [u8],
}

/// A placeholder in [`Kind::copy`] for the low byte of the subroutine's address.
const SUB: u8 = 0xEE;

/// The kinds, the first one the dashboard's: the WZ rules ordinary code meets most.
const KINDS: [Kind; 12] = [
    kind(
        "IX+d, (nn), CALL/RET, JR",
        "WZ, as board code sets it",
        &[
            0xDD, 0x7E, 0x01, 0x3A, 0x00, 0x90, 0xCD, SUB, 0x80, 0x20, 0x01, 0x00,
        ],
        &[],
    ),
    kind("LD A,(IX+1)", "WZ = IX+d", &[0xDD, 0x7E, 0x01], &[]),
    kind("LD A,(nn)", "WZ = nn+1", &[0x3A, 0x00, 0x90], &[]),
    kind("LD (BC),A", "WZ = A, BC+1", &[0x02], &[]),
    kind("ADD HL,DE", "WZ = HL before + 1", &[0x19], &[]),
    kind("CALL nn, RET", "WZ = the next PC", &[0xCD, SUB, 0x80], &[]),
    kind("BIT 0,(HL)", "F's bits 5, 3 from WZ", &[0xCB, 0x46], &[]),
    kind(
        "LD BC,16; LDIR",
        "WZ, F's 5, 3 repeating",
        &[0x01, 0x10, 0x00, 0xED, 0xB0],
        &[0x21, 0x00, 0x90, 0x11, 0x00, 0x91],
    ),
    kind("SCF", "machine runs it: Q", &[0x37], &[]),
    kind("SBC HL,DE", "machine runs it: WZ", &[0xED, 0x52], &[]),
    kind(
        "SET 0,(IX+1),B",
        "machine runs it: B too",
        &[0xDD, 0xCB, 0x01, 0xC0],
        &[],
    ),
    kind(
        "OUTI",
        "machine runs it: B first",
        &[0xED, 0xA3],
        &[0x21, 0x00, 0x90],
    ),
];

const fn kind(
    instruction: &'static str,
    what: &'static str,
    copy: &'static [u8],
    before: &'static [u8],
) -> Kind {
    Kind {
        instruction,
        what,
        copy,
        before,
    }
}

/// One kind's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChipKind {
    /// The instruction(s) of the loop.
    pub instruction: String,
    /// What the machine does for it beyond iz80.
    pub what: String,
    /// Emulated instructions per second on bare iz80.
    pub bare: Spread,
    /// Emulated instructions per second on the machine, tracing off.
    pub machine: Spread,
    /// The machine's time over bare iz80's, repetition by repetition.
    pub vs_bare: Spread,
}

/// The chip's own cost, kind by kind (the first the dashboard's row).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChipSection {
    /// In the order of the kinds.
    pub kinds: Vec<ChipKind>,
}

/// The loop of `kind`: registers set, then `PASSES` passes of its own set-up and `COPIES`
/// copies, counted in B' (no kind touches the alternate set), then RET; a RET after it is the
/// subroutine.
fn code(kind: &Kind) -> Vec<u8> {
    #[rustfmt::skip]
    let mut out = vec![
        0xDD, 0x21, 0x00, 0x90, // LD IX,9000h
        0x01, 0x00, 0x90,       // LD BC,9000h
        0x21, 0x00, 0x90,       // LD HL,9000h
        0x11, 0x01, 0x00,       // LD DE,1
        0x3E, 0x01, 0xB7,       // LD A,1; OR A (NZ, for JR NZ)
        0xD9, 0x06, PASSES, 0xD9, // EXX; LD B,PASSES; EXX
    ];
    let pass = ORG + out.len() as u16;
    out.extend_from_slice(kind.before);
    for _ in 0..COPIES {
        out.extend_from_slice(kind.copy);
    }
    let [low, high] = pass.to_le_bytes();
    out.extend_from_slice(&[0xD9, 0x05, 0xD9, 0xC2, low, high, 0xC9]);
    let sub = (ORG + out.len() as u16) as u8;
    out.push(0xC9);
    let copies = out.len() - 8 - COPIES * kind.copy.len();
    for byte in &mut out[copies..copies + COPIES * kind.copy.len()] {
        if *byte == SUB {
            *byte = sub;
        }
    }
    out
}

/// A machine loaded with `kind`'s loop, its stack at F000h, called once.
fn loaded(kind: &Kind) -> (Machine, u64) {
    let symbols = SymbolTable::parse("STACK EQU 0F000H").expect("a valid symbol line");
    let image = Image::new(code(kind), ORG, symbols).expect("the loop fits");
    let mut machine = Machine::new(&image);
    let cost = machine.call(ORG).expect("the loop returns");
    (machine, cost.instructions)
}

/// Every kind on bare iz80 and on the machine, in turns.
pub(super) fn measure(plan: &Plan) -> ChipSection {
    let kinds = KINDS
        .iter()
        .map(|kind| {
            let (mut machine, instructions) = loaded(kind);
            let mut bare = BareIz80::from_machine(&machine);
            let t = plan.slice;
            let samples = interleaved(plan.reps, TURNS, 2, |engine| match engine {
                0 => time_for(t, || bare.call(ORG)),
                _ => time_for(t, || machine.call(ORG).expect("the loop returns")),
            });
            let rate = |s: &[Timed]| Timed::rates(s).scaled(instructions as f64);
            ChipKind {
                instruction: kind.instruction.to_string(),
                what: kind.what.to_string(),
                bare: rate(&samples[0]),
                machine: rate(&samples[1]),
                vs_bare: Timed::paired_ratios(&samples[0], &samples[1]),
            }
        })
        .collect();
    ChipSection { kinds }
}

impl ChipSection {
    /// The kinds' table.
    pub(super) fn write_text(&self, s: &mut String) {
        let mut table =
            TextTable::new(&["loop of", "kept or corrected", "bare", "machine", "time"])
                .right(&[2, 3, 4]);
        for k in &self.kinds {
            table.row(vec![
                k.instruction.clone(),
                k.what.clone(),
                quantity(k.bare.median, Quantity::Rate("")),
                quantity(k.machine.median, Quantity::Rate("")),
                k.vs_bare.text(Quantity::Ratio),
            ]);
        }
        let _ = write!(
            s,
            "\nThe chip beyond its timing: each kind of instruction the machine keeps or corrects, \
             in a loop\nof nothing else (instructions per second, medians; time: the machine's \
             over bare iz80's)\n{}",
            table.render()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_loop_returns_and_runs_the_same_on_bare_iz80() {
        for kind in &KINDS {
            let (mut machine, instructions) = loaded(kind);
            let mut bare = BareIz80::from_machine(&machine);
            assert_eq!(bare.call(ORG), instructions, "{}", kind.instruction);
            let again = machine.call(ORG).unwrap();
            assert_eq!(again.instructions, instructions, "{}", kind.instruction);
        }
        // Nine instructions of set-up, then per pass 16 copies of five (CALL's RET included)
        // and four of the count, then RET.
        assert_eq!(
            loaded(&KINDS[0]).1,
            9 + u64::from(PASSES) * (16 * 5 + 4) + 1
        );
        assert_eq!(
            loaded(&KINDS[8]).1,
            9 + u64::from(PASSES) * (16 + 4) + 1,
            "SCF"
        );
    }
}
