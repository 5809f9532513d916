//! Legality by MOVE, INCHK, UNMOVE (ABI section 7), and the legal moves of a position.

use super::attack::in_check;
use super::generate::generate;
use super::make::{make, unmake};
use super::move_list::MoveList;
use super::moves::Move;
use super::rules::Rules;
use crate::position::{
    BISHOP, BLACK, BORDER, Board, COLOR_MASK, EMPTY, KING, QUEEN, ROOK, TYPE_MASK, color_index,
    offset,
};

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

/// Called right after [`make`]: the same answer as "INCHK for the mover returns 0", computed
/// with less work. When the mover was not in check and moved neither its king nor by en passant,
/// the only line that can newly reach its king is the one through the vacated from-square.
#[inline(always)]
pub(crate) fn king_safe_after(board: &Board, mv: &Move, mover: u8, was_in_check: bool) -> bool {
    let moved = board.cells[mv.entry.to as usize];
    if was_in_check || mv.second.is_some() || moved & TYPE_MASK == KING {
        return !in_check(board, mover);
    }
    let king = board.posk[color_index(mover)];
    match line_direction(king, mv.entry.from) {
        Some(direction) => !slider_on_line(board, king, direction, mover ^ BLACK),
        None => true,
    }
}

/// The direction of a line, indexed by `square - king + 77`. A square on a rank, file or diagonal
/// with the king lies k steps (k <= 7) along exactly one direction, so its difference is k·1,
/// k·9, k·10 or k·11 and these four sets do not overlap. Some squares on no line share such a
/// difference (7 is also one rank up and three files left); scanning their "line" is harmless,
/// because a line that the move did not open held no attacker while the king was not in check.
const LINES: [i8; 155] = lines();

const fn lines() -> [i8; 155] {
    let mut table = [0i8; 155];
    let mut k: isize = 1;
    while k <= 7 {
        let mut index = 0;
        let directions = [1i8, 9, 10, 11];
        while index < 4 {
            let step = directions[index];
            table[(77 + k * step as isize) as usize] = step;
            table[(77 - k * step as isize) as usize] = -step;
            index += 1;
        }
        k += 1;
    }
    table
}

/// The line direction from the king to `square`, if [`LINES`] has one.
fn line_direction(king: u8, square: u8) -> Option<i8> {
    let direction = LINES[(square as usize + 77) - king as usize];
    (direction != 0).then_some(direction)
}

/// True when the first piece from `square` along `direction` is a slider of `by` that moves
/// along that line (rook or queen on ranks and files, bishop or queen on diagonals).
fn slider_on_line(board: &Board, square: u8, direction: i8, by: u8) -> bool {
    let mut index = offset(square, direction);
    while board.cells[index as usize] == EMPTY {
        index = offset(index, direction);
    }
    let piece = board.cells[index as usize];
    let line_slider = if matches!(direction, 1 | -1 | 10 | -10) {
        ROOK
    } else {
        BISHOP
    };
    let kind = piece & TYPE_MASK;
    piece != BORDER && piece & COLOR_MASK == by && (kind == line_slider || kind == QUEEN)
}
