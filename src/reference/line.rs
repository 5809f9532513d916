//! Lines of moves: how far a line is playable from a position.

use super::legal::legal_moves;
use super::make::make;
use super::moves::Move;
use super::rules::Rules;
use crate::position::Board;

/// The longest start of `line` whose every move is legal where it is played.
///
/// ```
/// use sargon_z80::Board;
/// use sargon_z80::reference::{Rules, find_move, legal_prefix};
///
/// let board = Board::startpos();
/// let e4 = find_move(&board, "e2e4", Rules::Sargon).unwrap();
/// assert_eq!(legal_prefix(&board, &[e4, e4], Rules::Sargon), 1);
/// ```
pub fn legal_prefix(board: &Board, line: &[Move], rules: Rules) -> usize {
    let mut board = *board;
    for (index, mv) in line.iter().enumerate() {
        if !legal_moves(&board, rules).iter().any(|legal| legal == mv) {
            return index;
        }
        make(&mut board, mv);
    }
    line.len()
}

/// A line read back from a Sargon move list (each move its entry and, for a double move, the
/// hidden second half), cut at the first move that is not legal where it is played.
pub fn sargon_line(
    board: &Board,
    entries: impl IntoIterator<Item = (crate::position::Entry, Option<crate::position::Entry>)>,
) -> Vec<Move> {
    let mut line: Vec<Move> = entries
        .into_iter()
        .map(|(entry, second)| Move::sargon(entry, second))
        .collect();
    line.truncate(legal_prefix(board, &line, Rules::Sargon));
    line
}
