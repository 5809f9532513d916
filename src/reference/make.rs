//! MOVE and UNMOVE (ABI section 6), plus the side-to-move flip and the previous-move entry.

use super::moves::Move;
use crate::position::{
    BLACK, Board, CAPTURE_MASK, CASTLED, DOUBLE, EMPTY, Entry, FIRST_MOVE, KING, MOVED, PAWN,
    PROMOTION, QUEEN, TYPE_MASK, color_index,
};

/// What [`unmake`] needs besides the move: the previous-move entry that [`make`] replaced.
/// Everything else UNMOVE restores from the entry bytes alone, as the 1978 code does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// [`Board::prev`] before the move.
    pub prev: Entry,
}

/// MOVE: applies the entry and, for a double move, the second entry; then flips the side to
/// move and makes the entry the previous move. POSQ is not updated by a promotion and is
/// cleared when a queen is captured, exactly as in the 1978 code.
#[inline(always)]
pub fn make(board: &mut Board, mv: &Move) -> Undo {
    let undo = Undo { prev: board.prev };
    let double = mv.entry.flags & DOUBLE != 0;
    move_half(board, mv.entry, mv.promotion, double);
    if let Some(second) = mv.second {
        move_half(board, second, mv.promotion, true);
    }
    board.color ^= BLACK;
    board.prev = mv.entry;
    undo
}

/// UNMOVE: takes back what [`make`] did, half by half in the same order. After a promoted
/// queen (or a queen POSQ was not following) is captured or moved, POSQ ends up on that queen's
/// square instead of its old value: the documented POSQ drift of the 1978 code.
#[inline(always)]
pub fn unmake(board: &mut Board, mv: &Move, undo: Undo) {
    board.color ^= BLACK;
    unmove_half(board, mv.entry, mv.promotion);
    if let Some(second) = mv.second {
        unmove_half(board, second, mv.promotion);
    }
    board.prev = undo.prev;
}

#[inline]
fn move_half(board: &mut Board, entry: Entry, promotion: u8, double: bool) {
    let mut piece = board.cells[entry.from as usize];
    let side = color_index(piece);
    if entry.flags & PROMOTION != 0 {
        piece = promote(piece, promotion);
    } else {
        match piece & TYPE_MASK {
            QUEEN => board.posq[side] = entry.to,
            KING => {
                board.posk[side] = entry.to;
                if entry.flags & DOUBLE != 0 {
                    piece |= CASTLED;
                }
            }
            _ => {}
        }
    }
    board.cells[entry.to as usize] = piece | MOVED;
    board.cells[entry.from as usize] = EMPTY;
    if entry.flags & TYPE_MASK == QUEEN && !double {
        board.posq[color_index(entry.flags)] = 0;
    }
}

#[inline]
fn unmove_half(board: &mut Board, entry: Entry, promotion: u8) {
    let mut piece = board.cells[entry.to as usize];
    let side = color_index(piece);
    if entry.flags & PROMOTION != 0 {
        piece = demote(piece, promotion);
    } else {
        match piece & TYPE_MASK {
            QUEEN => board.posq[side] = entry.from,
            KING => {
                board.posk[side] = entry.from;
                if entry.flags & DOUBLE != 0 {
                    piece &= !CASTLED;
                }
            }
            _ => {}
        }
    }
    if entry.flags & FIRST_MOVE != 0 {
        piece &= !MOVED;
    }
    board.cells[entry.from as usize] = piece;
    board.cells[entry.to as usize] = entry.flags & CAPTURE_MASK;
    if entry.flags & TYPE_MASK == QUEEN {
        board.posq[color_index(entry.flags)] = entry.to;
    }
}

/// The promoted piece: the ABI's "set bit 2" for a queen (or an unspecified piece), the chosen
/// type otherwise.
fn promote(pawn: u8, promotion: u8) -> u8 {
    match promotion {
        0 | QUEEN => pawn | 0x04,
        kind => (pawn & !TYPE_MASK) | kind,
    }
}

/// The pawn back from a promoted piece: the ABI's "clear bit 2" for a queen.
fn demote(piece: u8, promotion: u8) -> u8 {
    match promotion {
        0 | QUEEN => piece & !0x04,
        _ => (piece & !TYPE_MASK) | PAWN,
    }
}
