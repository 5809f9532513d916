//! A board back to FEN text.

use crate::position::board::Board;
use crate::position::castling::CastlingRights;
use crate::position::entry::FIRST_MOVE;
use crate::position::piece::{PAWN, WHITE, is_piece, piece_char, piece_color, piece_type};
use crate::position::square::{square, square_name};

/// The FEN of `board` (see [`Board::to_fen`]).
pub(super) fn fen(board: &Board) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        placement_rank(board, rank, &mut fen);
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if board.color == WHITE { " w " } else { " b " });
    fen.push_str(&CastlingRights::of_board(board).to_string());
    fen.push(' ');
    match en_passant_square(board) {
        Some(index) => fen.push_str(&square_name(index)),
        None => fen.push('-'),
    }
    fen.push_str(" 0 1");
    fen
}

/// One rank of the placement field: piece letters and runs of empty squares as digits.
fn placement_rank(board: &Board, rank: u8, fen: &mut String) {
    let mut empty = 0;
    for file in 0..8 {
        let byte = board.cells[square(file, rank) as usize];
        match piece_char(byte).filter(|_| is_piece(byte)) {
            Some(letter) => {
                if empty > 0 {
                    fen.push(char::from(b'0' + empty));
                    empty = 0;
                }
                fen.push(letter);
            }
            None => empty += 1,
        }
    }
    if empty > 0 {
        fen.push(char::from(b'0' + empty));
    }
}

/// The square behind a pawn that just made its double step, read from the previous entry.
pub(super) fn en_passant_square(board: &Board) -> Option<u8> {
    let prev = board.prev;
    let pawn = board.at(prev.to);
    (prev.from.abs_diff(prev.to) == 20
        && prev.flags == FIRST_MOVE
        && is_piece(pawn)
        && piece_type(pawn) == PAWN
        && piece_color(pawn) != board.color)
        .then(|| prev.from.midpoint(prev.to))
}
