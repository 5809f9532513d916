//! Perft: leaf nodes of the legal move tree, every leaf move made (no bulk counting).

use super::generate::generate;
use super::legal::king_safe_after;
use super::make::{make, unmake};
use super::move_list::MoveList;
use super::moves::Move;
use super::rules::Rules;
use crate::position::Board;

/// The number of leaf nodes `depth` plies below the board; the board is left as UNMOVE leaves it
/// (identical bytes, POSQ drift included).
///
/// ```
/// use sargon_z80::{Board, Rules, perft};
///
/// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// let kiwipete = Board::from_fen(fen).unwrap();
/// assert_eq!(perft(&mut kiwipete.clone(), 3, Rules::Standard), 97_862);
///
/// // The Sargon rules promote to a queen only: b8=Q and 5 king moves, not 4 promotions.
/// let promotion = Board::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(perft(&mut promotion.clone(), 1, Rules::Standard), 9);
/// assert_eq!(perft(&mut promotion.clone(), 1, Rules::Sargon), 6);
/// ```
pub fn perft(board: &mut Board, depth: u32, rules: Rules) -> u64 {
    count(board, rules, &mut ply_lists(depth))
}

/// Perft split by legal root move, in generation order; `depth` counts the root move (depth 1
/// gives 1 per move).
pub fn divide(board: &mut Board, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
    let mut lists = ply_lists(depth.max(1));
    let (root, deeper) = lists.split_at_mut(1);
    let root = &mut root[0];
    generate(board, rules, root);
    let mover = board.color;
    let mut counts = Vec::with_capacity(root.len());
    for mv in root.iter() {
        let undo = make(board, mv);
        if king_safe_after(board, mv, mover, root.ckflg()) {
            counts.push((*mv, count(board, rules, deeper)));
        }
        unmake(board, mv, undo);
    }
    counts
}

/// One move list per ply, allocated once per perft call rather than once per node.
fn ply_lists(depth: u32) -> Vec<MoveList> {
    vec![MoveList::new(); depth as usize]
}

/// Perft below the board with one list per remaining ply.
fn count(board: &mut Board, rules: Rules, lists: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    generate(board, rules, list);
    let mover = board.color;
    let mut nodes = 0;
    if deeper.is_empty() {
        // The last ply: every leaf move is made and taken back, and counted when legal, with
        // no call below it (a third of all the work of a perft is this loop).
        for mv in list.iter() {
            let undo = make(board, mv);
            nodes += u64::from(king_safe_after(board, mv, mover, list.ckflg()));
            unmake(board, mv, undo);
        }
        return nodes;
    }
    for mv in list.iter() {
        let undo = make(board, mv);
        if king_safe_after(board, mv, mover, list.ckflg()) {
            nodes += count(board, rules, deeper);
        }
        unmake(board, mv, undo);
    }
    nodes
}
