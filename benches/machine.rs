//! The emulation step loop's speed: T-states and instructions per second with exact timing,
//! with access tracing on, with no tracing code (the untraced loop past the tracing switch:
//! what tracing off must match),
//! and on bare iz80 (its own PlainMachine, no timing, no guards), on two workloads: the mixed
//! loop of `bench::mixed_loop_machine` and GENMOV on Kiwipete in the built-in image.
//! `cargo bench --bench machine`; `sargon-z80 bench` shows the same ratios in one table.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::bench::{
    BareIz80, GenmovWorkload, KIWIPETE_FEN, MIXED_LOOP_ORG, MIXED_LOOP_STEADY, mixed_loop_machine,
};
use sargon_z80::machine::{Machine, default_image};
use sargon_z80::position::Board;

/// A machine on the mixed loop, past its first call (every later call costs the same).
fn warmed(tracing: bool) -> Machine {
    let mut machine = mixed_loop_machine();
    machine.call(MIXED_LOOP_ORG).expect("the loop returns");
    machine.set_tracing(tracing);
    machine
}

fn mixed_loop(c: &mut Criterion) {
    let (tstates, instructions) = MIXED_LOOP_STEADY;
    let mut bare = BareIz80::from_machine(&warmed(false));
    assert_eq!(
        bare.call(MIXED_LOOP_ORG),
        instructions,
        "same work on bare iz80"
    );
    for (unit, amount) in [("tstates", tstates), ("instructions", instructions)] {
        let mut group = c.benchmark_group(format!("mixed loop/{unit}"));
        group.throughput(Throughput::Elements(amount));
        group.bench_function("bare iz80", |b| b.iter(|| bare.call(MIXED_LOOP_ORG)));
        let mut exact = warmed(false);
        group.bench_function("exact timing", |b| {
            b.iter(|| exact.call(MIXED_LOOP_ORG).expect("returns"))
        });
        let mut untraced = warmed(false);
        group.bench_function("no tracing code", |b| {
            b.iter(|| untraced.call_untraced(MIXED_LOOP_ORG).expect("returns"))
        });
        let mut traced = warmed(true);
        group.bench_function("exact timing + tracing", |b| {
            b.iter(|| traced.call(MIXED_LOOP_ORG).expect("returns"))
        });
        group.finish();
    }
}

fn genmov(c: &mut Criterion) {
    let image = default_image();
    let board = Board::from_fen(KIWIPETE_FEN).expect("a valid FEN");
    let workload = || GenmovWorkload::new(&image, &board).expect("GENMOV repeats");
    let cost = workload().cost();
    let mut group = c.benchmark_group("GENMOV kiwipete/tstates");
    group.throughput(Throughput::Elements(cost.tstates));
    let mut bare = workload();
    group.bench_function("bare iz80", |b| b.iter(|| bare.call_bare()));
    let mut exact = workload();
    group.bench_function("exact timing", |b| b.iter(|| exact.call()));
    let mut untraced = workload();
    group.bench_function("no tracing code", |b| b.iter(|| untraced.call_untraced()));
    let mut traced = workload();
    traced.machine_mut().set_tracing(true);
    group.bench_function("exact timing + tracing", |b| b.iter(|| traced.call()));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = mixed_loop, genmov
}
criterion_main!(benches);
