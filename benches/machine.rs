//! The emulation step loop's speed: T-states and instructions per second with exact timing,
//! with access tracing on, with no tracing code (the untraced loop past the tracing switch:
//! what tracing off must match), with a watch that never hits, and on bare iz80 (its own
//! PlainMachine, no timing, no guards), on two workloads: the mixed loop of
//! `bench::mixed_loop_machine` and GENMOV on Kiwipete in the built-in image.
//! `cargo bench --bench machine`; `sargon-z80 bench` shows the same ratios in one table.
//!
//! Before criterion's own measurements it prints ratios to bare iz80 taken in turns: every
//! engine runs for 4 ms in each of 150 rounds, so a busy moment of a shared machine hurts them
//! alike; the median of the per-round ratios and the ratio of the 10th-percentile times are
//! printed (`MACHINE_BENCH_ROUNDS` changes the number of rounds).

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::abi::Driver;
use sargon_z80::bench::{
    BareIz80, GenmovWorkload, KIWIPETE_FEN, MIXED_LOOP_ORG, MIXED_LOOP_STEADY, mixed_loop_machine,
};
use sargon_z80::machine::{Machine, Watch, WatchView, default_image};
use sargon_z80::position::Board;

/// A watch on an address the workload never executes: what watching costs while it waits.
struct Never(u16);

impl Watch for Never {
    fn target(&self) -> u16 {
        self.0
    }

    fn hit(&mut self, _machine: &WatchView<'_>) -> ControlFlow<()> {
        panic!("the watched address is never executed");
    }
}

/// A machine on the mixed loop, past its first call (every later call costs the same).
fn warmed(tracing: bool) -> Machine {
    let mut machine = mixed_loop_machine();
    machine.call(MIXED_LOOP_ORG).expect("the loop returns");
    machine.set_tracing(tracing);
    machine
}

/// The mixed loop's operand byte after its first opcode: never an instruction address.
const MIXED_NEVER: u16 = MIXED_LOOP_ORG + 1;

/// GENMOV called through the image driver (which `GenmovWorkload` does not expose), so that a
/// watched call and a plain one run the same code.
struct DriverGenmov {
    driver: Driver,
    before: sargon_z80::abi::PlyState,
    genmov: u16,
}

impl DriverGenmov {
    fn new() -> DriverGenmov {
        let mut driver = Driver::new(&default_image()).expect("the built-in image follows the ABI");
        driver.set_root(&Board::from_fen(KIWIPETE_FEN).expect("a valid FEN"));
        let before = driver.ply_state();
        let genmov = driver.symbols().genmov;
        DriverGenmov {
            driver,
            before,
            genmov,
        }
    }

    fn machine(&mut self) -> &mut Machine {
        self.driver.restore(self.before);
        self.driver.begin_genmov();
        self.driver.machine_mut()
    }

    fn call(&mut self) -> u64 {
        let genmov = self.genmov;
        self.machine().call(genmov).expect("returns").instructions
    }

    /// Watches UNMOVE, which GENMOV never calls.
    fn call_watched(&mut self) -> u64 {
        let (genmov, unmake) = (self.genmov, self.driver.symbols().unmake);
        let mut never = Never(unmake);
        let machine = self.machine();
        machine
            .call_watched(genmov, &mut never)
            .expect("returns")
            .instructions
    }
}

/// One engine of the interleaved pass: a name and one call, returning instructions run.
type Engine<'a> = (&'static str, Box<dyn FnMut() -> u64 + 'a>);

/// Runs the engines in turns and prints each one's ratio to the first.
fn in_turns(workload: &str, engines: &mut [Engine<'_>]) {
    let rounds: usize = std::env::var("MACHINE_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let mut times = vec![Vec::with_capacity(rounds); engines.len()];
    for _ in 0..rounds {
        for (k, (_, call)) in engines.iter_mut().enumerate() {
            let (start, mut instructions) = (Instant::now(), 0u64);
            while start.elapsed() < Duration::from_millis(4) {
                instructions += call();
            }
            times[k].push(start.elapsed().as_nanos() as f64 / instructions as f64);
        }
    }
    let p10 = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 10]
    };
    println!("{workload}, {rounds} rounds in turns (ns per instruction, ratio to bare iz80):");
    for (k, (name, _)) in engines.iter().enumerate() {
        let mut ratios: Vec<f64> = times[k].iter().zip(&times[0]).map(|(a, b)| a / b).collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "  {name:32} p10 {:6.2} ns   median ratio {:.3}   p10 ratio {:.3}",
            p10(&times[k]),
            ratios[ratios.len() / 2],
            p10(&times[k]) / p10(&times[0]),
        );
    }
}

fn turns() {
    let mut bare = BareIz80::from_machine(&warmed(false));
    let (mut exact, mut traced, mut watched) = (warmed(false), warmed(true), warmed(false));
    let mut never = Never(MIXED_NEVER);
    in_turns(
        "mixed loop",
        &mut [
            ("bare iz80", Box::new(|| bare.call(MIXED_LOOP_ORG))),
            (
                "exact timing",
                Box::new(|| exact.call(MIXED_LOOP_ORG).unwrap().instructions),
            ),
            (
                "exact timing + tracing",
                Box::new(|| traced.call(MIXED_LOOP_ORG).unwrap().instructions),
            ),
            (
                "exact timing + watch never hit",
                Box::new(|| {
                    watched
                        .call_watched(MIXED_LOOP_ORG, &mut never)
                        .unwrap()
                        .instructions
                }),
            ),
        ],
    );
    let image = default_image();
    let board = Board::from_fen(KIWIPETE_FEN).expect("a valid FEN");
    let workload = || GenmovWorkload::new(&image, &board).expect("GENMOV repeats");
    let (mut bare, mut exact, mut traced) = (workload(), workload(), workload());
    traced.machine_mut().set_tracing(true);
    let (mut plain, mut watched) = (DriverGenmov::new(), DriverGenmov::new());
    in_turns(
        "GENMOV Kiwipete",
        &mut [
            ("bare iz80", Box::new(|| bare.call_bare())),
            ("exact timing", Box::new(|| exact.call().instructions)),
            (
                "exact timing + tracing",
                Box::new(|| traced.call().instructions),
            ),
            ("exact timing (driver)", Box::new(|| plain.call())),
            (
                "exact timing + watch (driver)",
                Box::new(|| watched.call_watched()),
            ),
        ],
    );
}

fn mixed_loop(c: &mut Criterion) {
    turns();
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
        let mut watched = warmed(false);
        let mut never = Never(MIXED_NEVER);
        group.bench_function("exact timing + watch never hit", |b| {
            b.iter(|| {
                watched
                    .call_watched(MIXED_LOOP_ORG, &mut never)
                    .expect("returns")
            })
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
    let mut plain = DriverGenmov::new();
    group.bench_function("exact timing (driver)", |b| b.iter(|| plain.call()));
    let mut watched = DriverGenmov::new();
    group.bench_function("exact timing + watch never hit (driver)", |b| {
        b.iter(|| watched.call_watched())
    });
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
