//! Square indices of the 10x12 board: a1 = 21, h1 = 28, a8 = 91, h8 = 98.

/// The board index of a square: 21 + file + 10 * rank, with file 0..7 = a..h and rank 0..7 = 1..8.
pub const fn square(file: u8, rank: u8) -> u8 {
    debug_assert!(file < 8 && rank < 8);
    21 + file + 10 * rank
}

/// True for the 64 playing squares, false for border cells and indices beyond the board.
pub const fn is_playing_square(index: u8) -> bool {
    index >= 21 && index <= 98 && index % 10 != 0 && index % 10 != 9
}

/// The algebraic name of a playing square ("e4"); border cells are named by their index ("#19").
pub fn square_name(index: u8) -> String {
    if is_playing_square(index) {
        let file = (b'a' + index % 10 - 1) as char;
        let rank = (b'1' + index / 10 - 2) as char;
        format!("{file}{rank}")
    } else {
        format!("#{index}")
    }
}

/// Parses an algebraic square name ("e4") into its board index; None for anything else.
pub fn parse_square(name: &str) -> Option<u8> {
    match name.as_bytes() {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(square(file - b'a', rank - b'1')),
        _ => None,
    }
}
