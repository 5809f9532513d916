//! The assembler's section: the source its speed is measured on (shared with
//! `benches/assembler.rs`: a deterministic generated listing with labels, forward references,
//! IX/IY forms, data, EQUs, a macro and IF blocks), its timing and its table.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use serde::Serialize;

use crate::assembler::{AsmErrors, assemble_str};
use crate::text::{Quantity, TextTable, grouped};

use super::stats::{Spread, Timed, interleaved, time_for};

/// Instruction templates; `{L}` is a label (often a forward reference), `{B}` a nearby label.
const FORMS: &[&str] = &[
    "ld a,(ix+OFS)",
    "ld (iy-3),c",
    "ld hl,{L}",
    "jp nz,{L}",
    "call {L}",
    "add a,b",
    "djnz {B}",
    "jr z,{B}",
    "inc hl",
    "db 1,2,'abc',LOW({L})",
    "dw {L},{L}+1",
    "bit 3,(hl)",
    "set 7,(ix+5)",
    "ex de,hl",
    "push bc",
    "pop bc",
    "sbc hl,de",
    "ld a,HIGH({L}) & 0Fh",
    "out (0FEh),a",
    "pair d,e,{L}",
];

/// The size the assembler's goal is stated for.
pub const TARGET_LINES: usize = 10_000;

/// A deterministic source of exactly `lines` lines (at least 100, so that every label it
/// references is defined).
pub fn generated_source(lines: usize) -> String {
    let lines = lines.max(100);
    let mut s = String::from(
        "OFS\tEQU\t-6\npair\tMACRO\thi,lo,v\n\tld\thi,HIGH(v)\n\tld\tlo,LOW(v)\n\tENDM\n\tORG\t100h\n",
    );
    // Every fourth instruction line has a label; an IF block of 5 lines comes every 50.
    let labels = lines / 5;
    let mut state: u32 = 12345;
    let mut next = || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (state >> 8) as usize
    };
    let mut written = s.lines().count();
    let mut i = 0;
    while written < lines {
        if i % 50 == 0 && written + 5 < lines {
            s.push_str("\tIF OFS < 0\n\tnop\n\tELSE\n\thalt\n\tENDIF\n");
            written += 5;
        }
        let form = FORMS[next() % FORMS.len()]
            .replace("{L}", &format!("L{}", next() % labels))
            .replace("{B}", &format!("L{}", i / 4));
        if i % 4 == 0 {
            let _ = writeln!(s, "L{}:\t{form}", i / 4);
        } else {
            let _ = writeln!(s, "\t{form}");
        }
        written += 1;
        i += 1;
    }
    s
}

/// Assembling a generated source.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AssemblerRow {
    /// Source lines.
    pub lines: usize,
    /// Seconds per full assembly (all passes, binary, symbols, listing).
    pub seconds: Spread,
    /// Lines per second.
    pub lines_per_second: Spread,
}

/// `reps` timed full assemblies of a generated source of `lines` lines: all passes, the
/// symbol file and the listing.
pub(super) fn measure(reps: usize, lines: usize) -> Result<AssemblerRow, AsmErrors> {
    let source = generated_source(lines);
    assemble_str("bench.asm", &source, &[])?;
    let samples = interleaved(reps, 1, 1, |_| {
        time_for(Duration::ZERO, || {
            let asm = assemble_str("bench.asm", black_box(&source), &[]).expect("assembled above");
            (asm.sym_text(), asm.lst_text())
        })
    });
    Ok(AssemblerRow {
        lines,
        seconds: Timed::seconds(&samples[0]),
        lines_per_second: Timed::rates(&samples[0]).scaled(lines as f64),
    })
}

impl AssemblerRow {
    /// The table: the source, time per assembly, lines per second.
    pub(super) fn write_text(&self, s: &mut String) {
        let mut table = TextTable::new(&["source", "time per assembly", "lines/s"]).right(&[1, 2]);
        table.row(vec![
            format!("{} generated lines", grouped(self.lines as u64)),
            self.seconds.text(Quantity::Seconds),
            self.lines_per_second.text(Quantity::Rate("")),
        ]);
        let _ = write!(
            s,
            "\nAssembler: all passes, binary, symbol file and listing\n{}",
            table.render()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_sources_have_their_length_and_assemble() {
        for lines in [100, 1_000, TARGET_LINES] {
            let src = generated_source(lines);
            assert_eq!(src.lines().count(), lines);
            let asm = assemble_str("bench.asm", &src, &[]).unwrap();
            assert!(!asm.bytes.is_empty());
        }
        assert_eq!(generated_source(10), generated_source(100));
    }
}
