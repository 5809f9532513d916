//! Squares, piece bytes and the 120-byte board; FEN parsing, validation and display.
//!
//! Everything here follows the Sargon board ABI (`../shared/SARGON_ABI.md`, sections 1-3): the
//! board is the very byte array BOARDA that the Z80 code reads, so a [`Board`] can be written into
//! emulated memory as it is and read back from it.

mod attack;
mod board;
mod castling;
mod directions;
mod display;
mod entry;
mod fen;
mod piece;
mod square;

pub use attack::{in_check, is_attacked};
pub use board::Board;
pub use castling::{CastlingRight, CastlingRights};
pub(crate) use directions::offset;
pub use directions::{
    BISHOP_DIRECTIONS, KING_DIRECTIONS, KNIGHT_DIRECTIONS, QUEEN_DIRECTIONS, ROOK_DIRECTIONS,
};
pub use entry::{CAPTURE_MASK, DOUBLE, Entry, FIRST_MOVE, PROMOTION};
pub use fen::FenError;
pub use piece::{
    BISHOP, BLACK, BORDER, CASTLED, COLOR_MASK, EMPTY, KING, KNIGHT, MOVED, PAWN, QUEEN, ROOK,
    TYPE_MASK, WHITE, color_index, color_name, is_piece, piece_char, piece_color, piece_from_char,
    piece_symbol, piece_type,
};
pub use square::{is_playing_square, parse_square, square, square_name};
