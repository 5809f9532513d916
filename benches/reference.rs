//! Native reference perft against cozy-chess perft, both without bulk counting (every leaf move
//! is made), on the start position and Kiwipete. Throughput is in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::bench::{DEEP_PERFT_CASES, PERFT_CASES, PerftCase};
use sargon_z80::reference::{Rules, perft};
use std::hint::black_box;

/// cozy-chess perft that plays every move down to the leaves, like ours.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// The cases measured: start D5 and Kiwipete D4, or with `PERFT_DEEP=1` in the environment the
/// depths of the goal against cozy-chess (start D6, Kiwipete D5; minutes per run).
fn cases() -> [PerftCase; 2] {
    if std::env::var_os("PERFT_DEEP").is_some() {
        DEEP_PERFT_CASES
    } else {
        PERFT_CASES
    }
}

fn perft_benches(c: &mut Criterion) {
    for case in cases() {
        let PerftCase {
            name, fen, depth, ..
        } = case;
        let expected = case.standard_nodes;
        let mut group = c.benchmark_group(format!("perft {name} D{depth}"));
        group.sample_size(10);
        let board = case.board();
        let cozy: cozy_chess::Board = fen.parse().expect("bench FEN for cozy-chess");
        for rules in [Rules::Standard, Rules::Sargon] {
            let nodes = perft(&mut { board }, depth, rules);
            if rules == Rules::Standard {
                assert_eq!(nodes, expected, "native perft {name}");
            }
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("native {rules}"), |b| {
                b.iter(|| {
                    let mut board = board;
                    perft(black_box(&mut board), depth, rules)
                })
            });
        }
        assert_eq!(
            cozy_perft(&cozy, depth),
            expected,
            "cozy-chess perft {name}"
        );
        group.throughput(Throughput::Elements(expected));
        group.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(black_box(&cozy), depth))
        });
        group.finish();
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
