//! INCHK's question (ABI section 7) answered with one table look-up per piece met: the same
//! answers as [`crate::position::is_attacked`], which follows the section's text literally and
//! stays the yardstick of the tests, at a fraction of the work. Every generation asks it once
//! for CKFLG and every king move of a perft once more, so it sits on the hottest path.

use crate::position::{
    BISHOP, BLACK, Board, COLOR_MASK, EMPTY, KING, KNIGHT, KNIGHT_DIRECTIONS, PAWN, QUEEN, ROOK,
    TYPE_MASK, color_index, is_playing_square, offset,
};

/// Attacks along a diagonal, at any distance (bishop, queen).
const DIAGONAL: u8 = 1;
/// Attacks along a rank or file, at any distance (rook, queen).
const STRAIGHT: u8 = 2;
/// Attacks the eight squares around it (king).
const NEAR: u8 = 4;
/// Attacks one step up-left or up-right of it (a white pawn).
const WHITE_PAWN: u8 = 8;
/// Attacks one step down-left or down-right of it (a black pawn).
const BLACK_PAWN: u8 = 16;
/// Attacks a knight's jump away.
const JUMP: u8 = 32;

/// What a board byte attacks, by the classes above: 0 for an empty square, the border (type 7)
/// and the unused type 0.
const CLASS: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        let black = byte as u8 & COLOR_MASK != 0;
        table[byte] = match byte as u8 & TYPE_MASK {
            PAWN if black => BLACK_PAWN,
            PAWN => WHITE_PAWN,
            KNIGHT => JUMP,
            BISHOP => DIAGONAL,
            ROOK => STRAIGHT,
            QUEEN => DIAGONAL | STRAIGHT,
            KING => NEAR,
            _ => 0,
        };
        byte += 1;
    }
    table
}

/// The diagonal directions looked along, each with the pawn class that attacks one step along
/// it: a white pawn one step below-left or below-right of the square attacks it.
const DIAGONALS: [(i8, u8); 4] = [
    (-9, WHITE_PAWN),
    (-11, WHITE_PAWN),
    (9, BLACK_PAWN),
    (11, BLACK_PAWN),
];
/// Ranks and files.
const STRAIGHTS: [i8; 4] = [10, -10, 1, -1];

/// True when a piece of colour `by` attacks `square`: exactly
/// [`crate::position::is_attacked`]'s answer (the first piece met on each of the eight lines,
/// the eight knight jumps; never for a square off the 64).
#[inline]
pub fn is_attacked(board: &Board, square: u8, by: u8) -> bool {
    if !is_playing_square(square) {
        return false;
    }
    let by = by & COLOR_MASK;
    let cells = &board.cells;
    // A byte attacks in `class` when it holds one of those classes and is of colour `by`; the
    // border's byte has type 7 and so no class at all.
    let hits = |byte: u8, class: u8| CLASS[byte as usize] & class != 0 && byte & COLOR_MASK == by;
    for jump in KNIGHT_DIRECTIONS {
        if hits(cells[offset(square, jump) as usize], JUMP) {
            return true;
        }
    }
    for (step, pawn) in DIAGONALS {
        if line_hits(cells, square, step, DIAGONAL | NEAR | pawn, DIAGONAL, &hits) {
            return true;
        }
    }
    for step in STRAIGHTS {
        if line_hits(cells, square, step, STRAIGHT | NEAR, STRAIGHT, &hits) {
            return true;
        }
    }
    false
}

/// The first piece along the line from `square` attacks it: with `near` when it stands next
/// to the square, with `far` when further away.
#[inline(always)]
fn line_hits(
    cells: &[u8; 120],
    square: u8,
    step: i8,
    near: u8,
    far: u8,
    hits: &impl Fn(u8, u8) -> bool,
) -> bool {
    let mut index = offset(square, step);
    let byte = cells[index as usize];
    if byte != EMPTY {
        return hits(byte, near);
    }
    loop {
        index = offset(index, step);
        let byte = cells[index as usize];
        if byte != EMPTY {
            return hits(byte, far);
        }
    }
}

/// True when the king of `color` (on POSK) is attacked by the other colour: INCHK, with
/// [`crate::position::in_check`]'s answers.
#[inline]
pub fn in_check(board: &Board, color: u8) -> bool {
    is_attacked(board, board.posk[color_index(color)], color ^ BLACK)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{self, is_playing_square};
    use crate::reference::{Rules, legal_moves, make, unmake};

    /// Every cell, both colours, on every board of the legal tree below `board` to `depth`.
    fn agree_below(board: &mut Board, depth: u32, boards: &mut u64) {
        for square in 0..120u8 {
            for by in [0x00, BLACK] {
                assert_eq!(
                    is_attacked(board, square, by),
                    position::is_attacked(board, square, by),
                    "square {square} by {by:#04x} in {}",
                    board.to_fen()
                );
            }
        }
        *boards += 1;
        if depth == 0 {
            return;
        }
        for mv in legal_moves(board, Rules::Standard).iter() {
            let undo = make(board, mv);
            agree_below(board, depth - 1, boards);
            unmake(board, mv, undo);
        }
    }

    #[test]
    fn answers_as_the_literal_scan_on_every_board_of_the_trees() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        let mut boards = 0;
        for fen in fens {
            agree_below(&mut Board::from_fen(fen).unwrap(), 2, &mut boards);
        }
        assert_eq!(
            boards,
            1 + 20 + 400 + 1 + 48 + 2_039 + 1 + 14 + 191 + 1 + 6 + 264
        );
    }

    #[test]
    fn odd_bytes_and_squares_off_the_board() {
        let mut board = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        // Type 0 and type 7 bytes of either colour attack nothing, as in the literal scan.
        for (square, byte) in [(44, 0x80), (46, 0x07), (55, 0x87), (64, 0x08)] {
            board.cells[square] = byte;
        }
        for square in 0..=255u8 {
            for by in [0x00, BLACK, 0x7F, 0xFF] {
                assert_eq!(
                    is_attacked(&board, square, by),
                    position::is_attacked(&board, square, by),
                    "square {square} by {by:#04x}"
                );
            }
            if !is_playing_square(square) {
                assert!(!is_attacked(&board, square, 0x00));
            }
        }
    }
}
