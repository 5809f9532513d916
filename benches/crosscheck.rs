//! Cross-check throughput with one thread and with all cores, on a reduced default run (the
//! built-in positions to depth 1 and 1,000 seeded random positions) built by
//! `bench::builtin_run`, which `sargon-z80 bench` uses for the full default run.
//! Throughput is in positions per second. `cargo bench --bench crosscheck`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::bench::builtin_run;
use sargon_z80::crosscheck;
use sargon_z80::machine::default_image;

fn crosscheck(c: &mut Criterion) {
    let image = default_image();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut group = c.benchmark_group("crosscheck");
    group.sample_size(10);
    for threads in [1, cores] {
        let config = builtin_run(1, 1_000, 1, threads);
        let report = crosscheck::run(&image, &config, &|_, _| {}).expect("the built-in image runs");
        assert!(report.failures.is_empty(), "the built-in image agrees");
        group.throughput(Throughput::Elements(report.positions));
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| crosscheck::run(&image, &config, &|_, _| {}).expect("runs"))
        });
    }
    group.finish();
}

criterion_group!(benches, crosscheck);
criterion_main!(benches);
