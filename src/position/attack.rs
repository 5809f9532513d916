//! Square attacks and check (ABI section 7, the semantics of INCHK).

use super::board::Board;
use super::directions::{KNIGHT_DIRECTIONS, offset};
use super::piece::{
    BISHOP, BLACK, COLOR_MASK, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, color_index,
    is_piece, piece_color, piece_type,
};
use super::square::is_playing_square;

/// Diagonal lines from the attacked square, with the pawn colour that attacks one step along it.
const DIAGONALS: [(i8, u8); 4] = [(-9, WHITE), (-11, WHITE), (9, BLACK), (11, BLACK)];
/// Rank and file lines from the attacked square.
const STRAIGHTS: [i8; 4] = [10, -10, 1, -1];

/// True when a piece of colour `by` attacks `square`: scanning outward along the 8 lines and the
/// 8 knight jumps, the first piece met on a line is a `by` piece that attacks along it.
/// A square outside the 64 playing squares is never attacked.
pub fn is_attacked(board: &Board, square: u8, by: u8) -> bool {
    if !is_playing_square(square) {
        return false;
    }
    let by = by & COLOR_MASK;
    let is_enemy = |piece: u8, kind: u8| {
        is_piece(piece) && piece_color(piece) == by && piece_type(piece) == kind
    };

    for step in KNIGHT_DIRECTIONS {
        if is_enemy(board.cells[offset(square, step) as usize], KNIGHT) {
            return true;
        }
    }
    for (step, pawn_color) in DIAGONALS {
        if let Some((piece, distance)) = first_piece(board, square, step) {
            if piece_color(piece) == by {
                let kind = piece_type(piece);
                let near = distance == 1;
                if kind == BISHOP
                    || kind == QUEEN
                    || (near && kind == KING)
                    || (near && kind == PAWN && by == pawn_color)
                {
                    return true;
                }
            }
        }
    }
    for step in STRAIGHTS {
        if let Some((piece, distance)) = first_piece(board, square, step) {
            if piece_color(piece) == by {
                let kind = piece_type(piece);
                if kind == ROOK || kind == QUEEN || (distance == 1 && kind == KING) {
                    return true;
                }
            }
        }
    }
    false
}

/// True when the king of `color` (on `POSK[color]`) is attacked by the other colour: INCHK.
pub fn in_check(board: &Board, color: u8) -> bool {
    is_attacked(board, board.posk[color_index(color)], color ^ BLACK)
}

/// The first piece along a line from `square` and its distance in steps; None at the border.
fn first_piece(board: &Board, square: u8, step: i8) -> Option<(u8, u8)> {
    let mut index = offset(square, step);
    let mut distance = 1;
    loop {
        match board.cells[index as usize] {
            EMPTY => {
                index = offset(index, step);
                distance += 1;
            }
            piece if is_piece(piece) => return Some((piece, distance)),
            _ => return None,
        }
    }
}
