//! The board state the Z80 code works on: BOARDA, POSK, POSQ, COLOR and the previous move.

use super::entry::Entry;
use super::piece::{
    BISHOP, BLACK, BORDER, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, color_index, is_piece,
    piece_color, piece_type,
};
use super::square::{is_playing_square, square};

/// The pieces of the first rank, a to h, as INITBD places them.
const BACK_RANK: [u8; 8] = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];

/// The state GENMOV, MOVE and UNMOVE read and write (ABI sections 1, 2 and 5).
///
/// Invariant kept by every constructor: border cells hold 0xFF, POSK holds each king's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// BOARDA: 120 bytes, border cells 0xFF, playing squares 0x00 or a piece byte.
    pub cells: [u8; 120],
    /// Square of the white king, then of the black king.
    pub posk: [u8; 2],
    /// Square of one white queen, then one black queen; 0 = none.
    pub posq: [u8; 2],
    /// Side to move: 0x00 white, 0x80 black.
    pub color: u8,
    /// The previous-move entry GENMOV reads for en passant; [`Entry::NONE`] when there is none.
    pub prev: Entry,
}

impl Board {
    /// A board with border cells and empty playing squares only; POSK and POSQ are 0, white to move.
    /// It has no kings, so it is a starting point for building positions, not for generating moves.
    pub fn empty() -> Board {
        let mut cells = [BORDER; 120];
        for index in 0..120u8 {
            if is_playing_square(index) {
                cells[index as usize] = EMPTY;
            }
        }
        Board {
            cells,
            posk: [0, 0],
            posq: [0, 0],
            color: WHITE,
            prev: Entry::NONE,
        }
    }

    /// The start position with every moved bit clear, as the 1978 INITBD sets it up.
    pub fn startpos() -> Board {
        let mut board = Board::empty();
        for (file, &kind) in BACK_RANK.iter().enumerate() {
            let file = file as u8;
            board.cells[square(file, 0) as usize] = WHITE | kind;
            board.cells[square(file, 1) as usize] = WHITE | PAWN;
            board.cells[square(file, 6) as usize] = BLACK | PAWN;
            board.cells[square(file, 7) as usize] = BLACK | kind;
        }
        board.posk = [square(4, 0), square(4, 7)];
        board.posq = [square(3, 0), square(3, 7)];
        board
    }

    /// The byte at a board index (0xFF beyond the 120 cells).
    pub fn at(&self, index: u8) -> u8 {
        self.cells.get(index as usize).copied().unwrap_or(BORDER)
    }

    /// True when the board keeps the ABI's invariants: 0xFF on every border cell and nowhere
    /// else, only valid piece types on playing squares, and POSK on each side's king.
    /// Boards read back from emulated memory can be checked with this before generating moves.
    pub fn is_well_formed(&self) -> bool {
        let cells_ok = (0..120u8).all(|index| {
            let byte = self.cells[index as usize];
            if !is_playing_square(index) {
                byte == BORDER
            } else {
                byte == EMPTY || (is_piece(byte) && (PAWN..=KING).contains(&piece_type(byte)))
            }
        });
        let kings_ok = [WHITE, BLACK].iter().all(|&color| {
            let king = self.at(self.posk[color_index(color)]);
            is_playing_square(self.posk[color_index(color)])
                && piece_type(king) == KING
                && piece_color(king) == color
        });
        cells_ok && kings_ok
    }
}
