//! FEN to board and back. One way through: [`parse`] reads the fields (syntax only),
//! [`validate`] checks the parsed fields for legality, [`build`] places the pieces with their
//! moved bits, [`write`] turns a board back into text; every problem is a [`FenError`].

mod build;
mod error;
mod parse;
mod validate;
mod write;

pub use error::FenError;

use super::board::Board;

impl Board {
    /// Parses and validates a FEN string (4 to 6 fields; the two clocks are checked for syntax
    /// and then dropped, since the board keeps neither).
    ///
    /// Validation, in this order: syntax of every field; exactly one king per side; no pawn on
    /// the first or last rank; at most 8 pawns and no more promoted pieces than missing pawns;
    /// each castling right has its king and rook on their home squares; an en passant square
    /// lies behind a pawn of the side that just moved, on the right rank, with the square itself
    /// and the pawn's start square empty; the side not to move is not in check.
    ///
    /// Moved bits (bit 3), since a FEN has no such field:
    /// - a king is unmoved on its home square (e1, e8) when its side has a castling right;
    /// - a rook is unmoved on its corner when that corner's castling right is given;
    /// - a pawn is unmoved on its start rank (2 for white, 7 for black);
    /// - a knight, bishop or queen is unmoved on one of its start-position squares;
    /// - every other piece has moved. Castled bits (bit 4) are never set.
    ///
    /// POSQ holds the lowest-index queen of each colour (0 when none). An en passant square
    /// becomes the previous-move entry of the double step: from = the pawn's start square,
    /// to = the square where it now stands, flags = 0x10 (ABI section 5).
    ///
    /// ```
    /// use sargon_z80::position::{Board, Entry, MOVED, ROOK, WHITE};
    ///
    /// let board = Board::from_fen("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1").unwrap();
    /// assert_eq!(board.cells[21], WHITE | ROOK); // a1: unmoved, its right is given
    /// assert_eq!(board.cells[65] & MOVED, MOVED); // e5: a pawn off its start rank has moved
    /// assert_eq!(board.prev, Entry::new(84, 64, 0x10)); // the double step d7-d5
    /// assert_eq!(board.posk, [25, 95]);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let parsed = parse::parse(fen)?;
        validate::kings(&parsed)?;
        validate::pawns_and_promotions(&parsed)?;
        validate::castling(&parsed)?;
        validate::en_passant(&parsed)?;
        let board = build::build(&parsed);
        validate::opponent_not_in_check(&board)?;
        Ok(board)
    }

    /// Parses a FEN string for an unusual position the board can still represent: checks the
    /// syntax and exactly one king per side (POSK needs it) and skips every other check of
    /// [`Board::from_fen`]. A castling right whose king or rook is missing then leaves the
    /// pieces that are there as [`Board::from_fen`] would; an en passant square becomes the
    /// previous-move entry whatever stands around it.
    pub fn from_fen_unchecked(fen: &str) -> Result<Board, FenError> {
        let parsed = parse::parse(fen)?;
        validate::kings(&parsed)?;
        Ok(build::build(&parsed))
    }

    /// The FEN of this board. Castling rights come from unmoved kings and rooks on their home
    /// squares, the en passant square from a previous entry that is a pawn's double step, and the
    /// clocks are written as "0 1" because the board keeps none.
    pub fn to_fen(&self) -> String {
        write::fen(self)
    }

    /// The square behind a pawn that just made its double step, read from the previous entry.
    pub fn en_passant_square(&self) -> Option<u8> {
        write::en_passant_square(self)
    }
}
