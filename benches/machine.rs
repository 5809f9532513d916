//! The emulation step loop's speed: T-states and instructions per second of a long mixed loop
//! (indexed loads and INC (IX+d), BIT/SET, CALL/RET, PUSH/POP, DJNZ, JR/JP taken and not, LDIR)
//! with exact timing, with access tracing on, and on bare iz80 (its own PlainMachine, no timing,
//! no guards). `cargo bench --bench machine`; the ratios are in the README.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iz80::{Cpu, Machine as _, PlainMachine, Reg16};
use sargon_z80::machine::{Cost, Image, Machine, SymbolTable};

const ORG: u16 = 0x8000;
const STACK: u16 = 0xF000;

/// 40 x (16 x a mixed inner body with a CALL, then a 16-byte LDIR), then RET.
#[rustfmt::skip]
const MIXED_LOOP: &[u8] = &[
        0x06, 0x28, // 8000 LD B,40
        0xC5, // 8002 PUSH BC
        0xDD, 0x21, 0x00, 0x90, // 8003 LD IX,9000h
        0x21, 0x00, 0x91, // 8007 LD HL,9100h
        0x06, 0x10, // 800A LD B,16
        0xDD, 0x7E, 0x00, // 800C LD A,(IX+0)
        0x86, // 800F ADD A,(HL)
        0xDD, 0x77, 0x01, // 8010 LD (IX+1),A
        0xDD, 0x34, 0x02, // 8013 INC (IX+2)
        0xCB, 0x47, // 8016 BIT 0,A
        0x28, 0x02, // 8018 JR Z,SKIP
        0xCB, 0xCE, // 801A SET 1,(HL)
        0x07, // 801C RLCA
        0xCD, 0x34, 0x80, // 801D CALL SUB
        0x23, // 8020 INC HL
        0xDD, 0x23, // 8021 INC IX
        0x10, 0xE7, // 8023 DJNZ INNER
        0x21, 0x00, 0x90, // 8025 LD HL,9000h
        0x11, 0x00, 0x92, // 8028 LD DE,9200h
        0x01, 0x10, 0x00, // 802B LD BC,16
        0xED, 0xB0, // 802E LDIR
        0xC1, // 8030 POP BC
        0x10, 0xCF, // 8031 DJNZ OUTER
        0xC9, // 8033 RET
        0xE5, // 8034 PUSH HL
        0xEB, // 8035 EX DE,HL
        0x3A, 0x50, 0x90, // 8036 LD A,(9050h)
        0xFE, 0x05, // 8039 CP 5
        0xD2, 0x43, 0x80, // 803B JP NC,L2
        0x19, // 803E ADD HL,DE
        0x3C, // 803F INC A
        0x32, 0x50, 0x90, // 8040 LD (9050h),A
        0xAE, // 8043 XOR (HL)
        0xE1, // 8044 POP HL
        0xC9, // 8045 RET
];

fn machine() -> Machine {
    let symbols = SymbolTable::parse("STACK EQU 0F000H").expect("valid symbols");
    let image = Image::new(MIXED_LOOP.to_vec(), ORG, symbols).expect("fits");
    Machine::new(&image)
}

/// Runs the loop on bare iz80 until it returns to the sentinel; the instruction count.
fn bare(cpu: &mut Cpu, mem: &mut PlainMachine) -> u64 {
    let sentinel = ORG + MIXED_LOOP.len() as u16;
    mem.poke16(STACK - 2, sentinel);
    cpu.registers().set16(Reg16::SP, STACK - 2);
    cpu.registers().set_pc(ORG);
    let mut count = 0;
    while cpu.registers().pc() != sentinel {
        cpu.execute_instruction(mem);
        count += 1;
    }
    count
}

/// Best of many interleaved runs of each variant, and their ratios: on a shared machine the
/// minimum is far steadier than criterion's means.
fn ratios(cpu: &mut Cpu, mem: &mut PlainMachine, cost: Cost) {
    let (mut exact, mut traced) = (machine(), machine());
    traced.set_tracing(true);
    let mut best = [f64::MAX; 3];
    for _ in 0..300 {
        let start = Instant::now();
        black_box(bare(cpu, mem));
        best[0] = best[0].min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        black_box(exact.call(ORG).expect("returns"));
        best[1] = best[1].min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        black_box(traced.call(ORG).expect("returns"));
        best[2] = best[2].min(start.elapsed().as_secs_f64());
    }
    let per = |secs: f64| secs * 1e9 / cost.instructions as f64;
    eprintln!(
        "best of 300: bare iz80 {:.2} ns/instruction, exact timing {:.2}, exact timing + tracing \
         {:.2}; exact/bare {:.3}, tracing on/off {:.3}; exact timing {:.1} M T-states/s",
        per(best[0]),
        per(best[1]),
        per(best[2]),
        best[1] / best[0],
        best[2] / best[1],
        cost.tstates as f64 / best[1] / 1e6
    );
}

fn bench(c: &mut Criterion) {
    let cost: Cost = machine().call(ORG).expect("the loop returns");
    let (mut cpu, mut mem) = (Cpu::new_z80(), Box::new(PlainMachine::new()));
    for (i, &b) in MIXED_LOOP.iter().enumerate() {
        mem.poke(ORG + i as u16, b);
    }
    assert_eq!(
        bare(&mut cpu, &mut mem),
        cost.instructions,
        "same work on bare iz80"
    );
    eprintln!(
        "mixed loop: {} T-states, {} instructions per call",
        cost.tstates, cost.instructions
    );
    ratios(&mut cpu, &mut mem, cost);
    for (unit, amount) in [
        ("tstates", cost.tstates),
        ("instructions", cost.instructions),
    ] {
        let mut group = c.benchmark_group(format!("machine/{unit}"));
        group.throughput(Throughput::Elements(amount));
        group.bench_function("bare iz80", |b| b.iter(|| bare(&mut cpu, &mut mem)));
        let mut exact = machine();
        group.bench_function("exact timing", |b| {
            b.iter(|| exact.call(ORG).expect("returns"))
        });
        let mut traced = machine();
        traced.set_tracing(true);
        group.bench_function("exact timing + tracing", |b| {
            b.iter(|| traced.call(ORG).expect("returns"))
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
