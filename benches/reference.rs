//! Native reference perft against cozy-chess perft, both without bulk counting (every leaf move
//! is made), on the start position and Kiwipete. Throughput is in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sargon_z80::position::Board;
use sargon_z80::reference::{Rules, perft};
use std::hint::black_box;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions, depths and published standard node counts (sargon counts come from a first run).
const CASES: [(&str, &str, u32, u64); 2] = [
    ("start", START, 5, 4_865_609),
    ("kiwipete", KIWIPETE, 4, 4_085_603),
];

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

fn perft_benches(c: &mut Criterion) {
    for (name, fen, depth, expected) in CASES {
        let mut group = c.benchmark_group(format!("perft {name} D{depth}"));
        group.sample_size(10);
        let board = Board::from_fen(fen).expect("bench FEN");
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
