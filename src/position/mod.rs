//! Squares, piece bytes and the 120-byte board; FEN parsing, validation and display.
