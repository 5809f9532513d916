//! BOOK (SARGON_SEARCH.md section 9): the one-move opening book FNDMOV runs instead of a search
//! when MOVENO = 1. It never looks at the board.

use crate::position::{Entry, FIRST_MOVE, WHITE};
use crate::reference::Move;

/// The four book records: from, to (flags are 0x10 for all).
const E2E4: (u8, u8) = (35, 55);
const D2D4: (u8, u8) = (34, 54);
const E7E5: (u8, u8) = (85, 65);
const D7D5: (u8, u8) = (84, 64);

/// The book's answer. White: bit 0 of the R register as it stands on entry to FNDMOV (clear
/// e2e4, set d2d4); the emulated machine models R, the native search takes it as an input, so
/// both choose alike from the same value. Black: by the from-square of the opponent's first move
/// (the previous-move entry): b1, g1, d2 or anything above e2 give d7d5, everything else
/// (e2, a2..c2, the all-zero dummy) e7e5.
pub fn book_move(kolor: u8, r_register: u8, previous: Entry) -> Move {
    let (from, to) = if kolor & 0x80 == WHITE {
        if r_register & 1 == 0 { E2E4 } else { D2D4 }
    } else {
        match previous.from {
            22 | 27 | 34 => D7D5,
            from if from > 35 => D7D5,
            _ => E7E5,
        }
    };
    Move {
        entry: Entry::new(from, to, FIRST_MOVE),
        second: None,
        promotion: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::BLACK;

    fn uci_after(from: u8) -> String {
        book_move(BLACK, 0, Entry::new(from, from + 20, FIRST_MOVE)).uci()
    }

    #[test]
    fn white_follows_bit_0_of_r() {
        for (r, expected) in [
            (0x00, "e2e4"),
            (0x01, "d2d4"),
            (0x7E, "e2e4"),
            (0x81, "d2d4"),
        ] {
            assert_eq!(
                book_move(WHITE, r, Entry::NONE).uci(),
                expected,
                "R = {r:#04x}"
            );
        }
        assert_eq!(book_move(WHITE, 0, Entry::NONE).entry.flags, 0x10);
    }

    #[test]
    fn black_answers_by_the_first_moves_from_square() {
        assert_eq!(uci_after(22), "d7d5");
        assert_eq!(uci_after(27), "d7d5");
        assert_eq!(uci_after(34), "d7d5");
        assert_eq!(uci_after(36), "d7d5");
        assert_eq!(uci_after(38), "d7d5");
        assert_eq!(uci_after(35), "e7e5");
        assert_eq!(uci_after(31), "e7e5");
        assert_eq!(uci_after(33), "e7e5");
        assert_eq!(uci_after(23), "e7e5");
        assert_eq!(book_move(BLACK, 1, Entry::NONE).uci(), "e7e5");
    }
}
