//! The native 1978 search and evaluation: evaluations per second (PINFND + POINTS alone, on
//! the start position and Kiwipete), and whole searches of both positions at PLYMAX 4 and 5
//! with the 1978 move-list capacity, as `engine::speed` defines them for the `bench` command
//! too. Search throughput is in evaluations per second of the whole search.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::engine::eval::{EvalInput, Region, evaluate};
use sargon_z80::engine::speed::{SPEED_CASES, time_search};
use sargon_z80::engine::{Engine, SearchParams};
use std::hint::black_box;

fn evaluation(c: &mut Criterion) {
    let mut group = c.benchmark_group("evaluate");
    group.throughput(Throughput::Elements(1));
    for case in [SPEED_CASES[0], SPEED_CASES[2]] {
        let setup = case.setup();
        let mut board = setup.board;
        let mut region = Region::fresh(&board);
        let input = EvalInput {
            color: board.color,
            moveno: setup.moveno,
            bc0: 0,
            mv0: 0,
            to_square: 0,
        };
        group.bench_function(case.name, |b| {
            b.iter(|| evaluate(black_box(&mut board), &mut region, black_box(&input)))
        });
    }
    group.finish();
}

fn searches(c: &mut Criterion) {
    let mut engine = Engine::new();
    for case in SPEED_CASES {
        let sample = time_search(&mut engine, &case).expect("the speed cases fit the 1978 list");
        eprintln!(
            "{} PLYMAX {}: score 0x{:02X}, {} evaluations, {} nodes",
            case.name, case.plymax, sample.score, sample.evaluations, sample.nodes
        );
        let mut group = c.benchmark_group(format!("search {} PLYMAX {}", case.name, case.plymax));
        group.sample_size(10);
        group.throughput(Throughput::Elements(sample.evaluations));
        let setup = case.setup();
        let params = SearchParams::new(case.plymax);
        group.bench_function("native", |b| {
            b.iter(|| engine.run(black_box(&setup), &params).unwrap())
        });
        group.finish();
    }
}

criterion_group!(benches, evaluation, searches);
criterion_main!(benches);
