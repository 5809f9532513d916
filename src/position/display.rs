//! Human views of a board: a Unicode diagram and the BOARDA hex dump.

use super::board::Board;
use super::piece::{is_piece, piece_symbol};
use super::square::square;

impl Board {
    /// An 8x8 diagram with Unicode pieces, '·' for empty squares, rank numbers on the left and
    /// file letters below; rank 8 on top.
    pub fn diagram(&self) -> String {
        let mut text = String::new();
        for rank in (0..8).rev() {
            text.push(char::from(b'1' + rank));
            for file in 0..8 {
                let byte = self.cells[square(file, rank) as usize];
                text.push(' ');
                text.push(if is_piece(byte) {
                    piece_symbol(byte)
                } else {
                    '·'
                });
            }
            text.push('\n');
        }
        text.push_str("  a b c d e f g h\n");
        text
    }

    /// BOARDA as 12 rows of 10 upper-case hex bytes, index 0 first, like the comment in the
    /// 1978 listing (`FFFFFFFFFFFFFFFFFFFF`, then `FF0402030506030204FF`, ...).
    pub fn boarda_dump(&self) -> String {
        let mut text = String::with_capacity(12 * 21);
        for row in self.cells.chunks(10) {
            for byte in row {
                text.push_str(&format!("{byte:02X}"));
            }
            text.push('\n');
        }
        text
    }
}
