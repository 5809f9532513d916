//! Legality by MOVE, INCHK, UNMOVE (ABI section 7), and the legal moves of a position.

use super::generate::generate;
use super::make::{make, unmake};
use super::move_list::MoveList;
use super::moves::Move;
use super::rules::Rules;
use crate::position::{Board, in_check};

/// True when the move does not leave the mover's king attacked: MOVE, INCHK for the side that
/// moved, UNMOVE. The board is restored as UNMOVE restores it (POSQ drift included).
pub fn is_legal(board: &mut Board, mv: &Move) -> bool {
    let mover = board.color;
    let undo = make(board, mv);
    let legal = !in_check(board, mover);
    unmake(board, mv, undo);
    legal
}

/// The legal moves of the side to move in generation order, worked out on a copy of the board.
pub fn legal_moves(board: &Board, rules: Rules) -> MoveList {
    let mut scratch = *board;
    let mut list = MoveList::new();
    generate(&scratch, rules, &mut list);
    list.retain(|mv| is_legal(&mut scratch, mv));
    list
}
