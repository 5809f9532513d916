//! What watching costs: GENMOV on the start position on the built-in image, untraced (the path
//! `moves`, `perft` and `crosscheck` use), under the profiler's Collector, and under the
//! debugger's Watch. `cargo bench --bench profile`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sargon_z80::abi::Driver;
use sargon_z80::machine::default_image;
use sargon_z80::position::Board;
use sargon_z80::profile::Collector;
use sargon_z80::tui::Watch;

fn genmov(c: &mut Criterion) {
    let image = default_image();
    let mut driver = Driver::new(&image).expect("the built-in image follows the ABI");
    let board = Board::startpos();
    let mut list = Vec::with_capacity(64);
    let mut group = c.benchmark_group("genmov_start");
    group.bench_function("untraced", |b| {
        b.iter(|| {
            driver.set_root(&board);
            black_box(driver.genmov(&mut list).expect("GENMOV runs"))
        })
    });
    let mut collector = Collector::new();
    let entry = driver.symbols().genmov;
    group.bench_function("profiler", |b| {
        b.iter(|| {
            driver.set_root(&board);
            collector.begin(entry);
            let generated = driver.genmov_observed(&mut list, &mut collector);
            collector.end();
            black_box(generated.expect("GENMOV runs"))
        })
    });
    let symbols = driver.symbols().clone();
    let mut watch = Watch::new(symbols.boarda, symbols.mlist, symbols.mlend);
    group.bench_function("debugger", |b| {
        b.iter(|| {
            driver.set_root(&board);
            black_box(
                driver
                    .genmov_observed(&mut list, &mut watch)
                    .expect("GENMOV runs"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, genmov);
criterion_main!(benches);
