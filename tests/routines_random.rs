//! 100,000 seeded random positions (random play from the start and from the built-in positions,
//! promotions, en passant, castling, checks, crowded boards), each checked against the native
//! reference: GENMOV's entries byte for byte, CKFLG, MOVE, INCHK and UNMOVE on every entry, the
//! legal move set. A failure prints the seed, the index and the FEN; `sargon-z80 crosscheck
//! --random N --seed S` replays the same stream.

mod routines_support;
mod shared;

use routines_support::{checker, describe};
use sargon_z80::crosscheck::suite::builtin_positions;
use sargon_z80::crosscheck::suite::random_position;
use sargon_z80::position::Board;

/// The seed of the stream; position i is `random_position(SEED, i, built-in boards)`.
const SEED: u64 = 0x5A26_0A78;
/// Positions per test function (the four run in parallel).
const PART: u64 = 25_000;

/// Checks positions `part * PART .. (part + 1) * PART` of the stream.
fn check_part(part: u64) {
    let suite: Vec<Board> = builtin_positions().into_iter().map(|p| p.board).collect();
    let mut checker = checker();
    let range = part * PART..(part + 1) * PART;
    println!("seed {SEED:#X}, positions {range:?}");
    for index in range {
        let position = random_position(SEED, index, &suite);
        if let Err(failure) = checker.check(&position.board, 1, None) {
            panic!(
                "seed {SEED:#X} index {index} ({}): FEN {}\n{}",
                position.kind.name(),
                position.board.to_fen(),
                describe(&failure)
            );
        }
    }
    let tally = checker.tally();
    assert_eq!(tally.nodes, PART);
    println!(
        "{} GENMOV lists, {} moves made and taken back",
        tally.nodes, tally.moves
    );
}

#[test]
fn random_positions_0_to_25000_agree() {
    check_part(0);
}

#[test]
fn random_positions_25000_to_50000_agree() {
    check_part(1);
}

#[test]
fn random_positions_50000_to_75000_agree() {
    check_part(2);
}

#[test]
fn random_positions_75000_to_100000_agree() {
    check_part(3);
}
