//! Assembling a generated 10,000-line source (labels, forward references, IX/IY forms, data,
//! EQUs, a macro, IF blocks): the whole run, all passes, symbols and listing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::assembler;
use std::fmt::Write;
use std::hint::black_box;

const LINES: usize = 10_000;

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

/// A deterministic 10,000-line source.
fn source() -> String {
    let mut s = String::from(
        "OFS\tEQU\t-6\npair\tMACRO\thi,lo,v\n\tld\thi,HIGH(v)\n\tld\tlo,LOW(v)\n\tENDM\n\tORG\t100h\n",
    );
    // Every fourth instruction line has a label; IF blocks take 5 lines in 55.
    let labels = LINES / 5;
    let mut state: u32 = 12345;
    let mut next = || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (state >> 8) as usize
    };
    let mut written = s.lines().count();
    let mut i = 0;
    while written < LINES {
        if i % 50 == 0 {
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

fn bench(c: &mut Criterion) {
    let src = source();
    assert_eq!(src.lines().count(), LINES);
    let asm = assembler::assemble_str("bench.asm", &src, &[])
        .unwrap_or_else(|e| panic!("generated source does not assemble:\n{e}"));
    println!(
        "{LINES} lines -> {} bytes, {} symbols",
        asm.bytes.len(),
        asm.symbols().len()
    );
    let mut group = c.benchmark_group("assembler");
    group.throughput(Throughput::Elements(LINES as u64));
    group.bench_function("assemble 10000 lines", |b| {
        b.iter(|| assembler::assemble_str("bench.asm", black_box(&src), &[]))
    });
    group.bench_function("assemble 10000 lines + sym + lst", |b| {
        b.iter(|| {
            let asm = assembler::assemble_str("bench.asm", black_box(&src), &[])
                .unwrap_or_else(|e| panic!("{e}"));
            (asm.sym_text(), asm.lst_text())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
