//! Perft: leaf nodes of the legal move tree, every leaf move made (no bulk counting).

use super::generate::generate;
use super::make::{make, unmake};
use super::move_list::MoveList;
use super::moves::Move;
use super::rules::Rules;
use crate::position::{Board, in_check};

/// The number of leaf nodes `depth` plies below the board; the board is left as UNMOVE leaves it
/// (identical bytes, POSQ drift included).
pub fn perft(board: &mut Board, depth: u32, rules: Rules) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    generate(board, rules, &mut list);
    let mover = board.color;
    let mut nodes = 0;
    for mv in &list {
        let undo = make(board, mv);
        if !in_check(board, mover) {
            nodes += perft(board, depth - 1, rules);
        }
        unmake(board, mv, undo);
    }
    nodes
}

/// Perft split by legal root move, in generation order; `depth` counts the root move (depth 1
/// gives 1 per move).
pub fn divide(board: &mut Board, depth: u32, rules: Rules) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    generate(board, rules, &mut list);
    let mover = board.color;
    let mut counts = Vec::with_capacity(list.len());
    for mv in &list {
        let undo = make(board, mv);
        if !in_check(board, mover) {
            counts.push((*mv, perft(board, depth.saturating_sub(1), rules)));
        }
        unmake(board, mv, undo);
    }
    counts
}
