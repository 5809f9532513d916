//! The board routines of asm/ (the default image) against the native reference, node by node
//! for every position of ../shared/perft/*.epd: GENMOV's entries byte for byte (links, from, to,
//! flags, value, hidden second halves), CKFLG, MOVE and UNMOVE on BOARDA/POSK/POSQ, INCHK after
//! every move, the legal move set and the perft count.

mod routines_support;
mod shared;

use routines_support::{checker, describe, shared_positions};

/// Checks every position of `file` node by node to `depth`; returns the nodes compared.
fn check_file(file: &str, depth: u32) -> u64 {
    let mut checker = checker();
    let positions = shared_positions(file);
    assert!(!positions.is_empty(), "{file} holds no position");
    for position in &positions {
        if let Err(failure) = checker.check(&position.board, depth, None) {
            panic!(
                "{} ({}): {}",
                position.origin.label(),
                position.fen,
                describe(&failure)
            );
        }
    }
    let tally = checker.tally();
    println!(
        "{file}: {} positions to depth {depth}: {} GENMOV lists, {} moves made and taken back",
        positions.len(),
        tally.nodes,
        tally.moves
    );
    tally.nodes
}

#[test]
fn cpw_positions_agree_node_by_node_to_depth_3() {
    assert_eq!(check_file("cpw.epd", 3), 6_726);
}

#[test]
fn perft_suite_positions_agree_node_by_node_to_depth_2() {
    assert_eq!(check_file("perftsuite.epd", 2), 1_474);
}
