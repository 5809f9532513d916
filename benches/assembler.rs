//! Assembling a generated 10,000-line source (labels, forward references, IX/IY forms, data,
//! EQUs, a macro, IF blocks; `bench::generated_source`, which `sargon-z80 bench` times too):
//! the whole run, all passes, symbols and listing.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::assembler;
use sargon_z80::bench::{TARGET_LINES, generated_source};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let src = generated_source(TARGET_LINES);
    let asm = assembler::assemble_str("bench.asm", &src, &[])
        .unwrap_or_else(|e| panic!("generated source does not assemble:\n{e}"));
    println!(
        "{TARGET_LINES} lines -> {} bytes, {} symbols",
        asm.bytes.len(),
        asm.symbols().len()
    );
    let mut group = c.benchmark_group("assembler");
    group.throughput(Throughput::Elements(TARGET_LINES as u64));
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
