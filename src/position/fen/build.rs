//! A board from parsed FEN fields: the moved bits a FEN cannot carry, POSK, POSQ and the
//! previous-move entry of an en passant square.

use super::parse::ParsedFen;
use crate::position::board::Board;
use crate::position::castling::CastlingRight;
use crate::position::entry::{Entry, FIRST_MOVE};
use crate::position::piece::{
    BISHOP, EMPTY, KING, KNIGHT, MOVED, PAWN, QUEEN, ROOK, WHITE, color_index, piece_color,
    piece_type,
};

/// Places the pieces with their moved bits, sets POSK, POSQ, COLOR and the previous entry.
pub(super) fn build(parsed: &ParsedFen) -> Board {
    let mut board = Board::empty();
    let start = Board::startpos();
    for index in 0..120u8 {
        let piece = parsed.pieces[index as usize];
        if piece == EMPTY {
            continue;
        }
        let unmoved = is_unmoved(parsed, &start, piece, index);
        board.cells[index as usize] = if unmoved { piece } else { piece | MOVED };
        let side = color_index(piece_color(piece));
        match piece_type(piece) {
            KING => board.posk[side] = index,
            QUEEN if board.posq[side] == 0 => board.posq[side] = index,
            _ => {}
        }
    }
    board.color = parsed.color;
    if let Some(target) = parsed.en_passant {
        board.prev = if parsed.color == WHITE {
            Entry::new(target + 10, target - 10, FIRST_MOVE)
        } else {
            Entry::new(target - 10, target + 10, FIRST_MOVE)
        };
    }
    board
}

/// The moved-bit rules of [`Board::from_fen`]: kings and rooks by the castling rights, the
/// other pieces by the start position `start`.
fn is_unmoved(parsed: &ParsedFen, start: &Board, piece: u8, index: u8) -> bool {
    let color = piece_color(piece);
    let given = |home: fn(CastlingRight) -> u8| {
        parsed
            .castling
            .iter()
            .any(|right| right.color() == color && home(right) == index)
    };
    match piece_type(piece) {
        KING => given(CastlingRight::king_home),
        ROOK => given(CastlingRight::rook_corner),
        PAWN | KNIGHT | BISHOP | QUEEN => start.cells[index as usize] == piece,
        _ => false,
    }
}
