//! Score bytes and what they mean in pawns.
//!
//! Every score of the 1978 search is an unsigned byte with 0x80 = level (SARGON_SEARCH.md 2.2).
//! POINTS builds it as `VALM = 0x80 ± (4 * m + c)` (SARGON_EVAL.md 8.5), where `m` is the
//! material change in MTRL units, which count every piece twice (pawn 2, knight 6, queen 18), so
//! one unit is half a pawn, clamped to ±30; and `c` is the board-control change (attackers
//! counted over all squares plus development terms), clamped to ±6. So four score units are half
//! a pawn: **one unit is 1/8 pawn, 12.5 centipawns**, and an evaluation spans ±126 units
//! (±15.75 pawns), of which at most ±6 (75 cp) are positional.
//!
//! SCORE+1, the search's answer, is NEG of a backed-up VALM, so it is in the same units from the
//! side to move's point of view: above 0x80 is good for it. Three bytes are not evaluations:
//! 0xFF (the side to move forces mate within the horizon), 0x01 (it is mated in every line) and
//! 0x00 (the move came from the opening book, no search ran).
//!
//! SCORE+1 is a *change*: POINTS measures material and board control against the root position
//! (MV0, BC0), so a side a queen up scores about 0x80 like a level position. What a chess GUI
//! wants is an evaluation, so the UCI engine and `think` report [`evaluation`]: the root's
//! material balance in Sargon's own piece values ([`material`]) plus the change.

/// The level score.
pub const EQUAL: u8 = 0x80;
/// As a move result: the side to move there is checkmated. As SCORE+1: the root side mates.
pub const MATE: u8 = 0xFF;
/// SCORE+1 when the root side is mated in every line (NEG of [`MATE`]).
pub const MATED: u8 = 0x01;
/// SCORE+1 after BOOK.
pub const BOOK: u8 = 0x00;
/// Centipawns per score unit, times two (12.5 cp, kept in integers).
const HALF_CENTIPAWNS_PER_UNIT: i32 = 25;

/// Centipawns of each piece type in Sargon's piece values (PVALUE: pawn 1, knight 3, bishop 3,
/// rook 5, queen 9); kings are not counted.
const PIECE_CENTIPAWNS: [i32; 8] = [0, 100, 300, 300, 500, 900, 0, 0];

/// The material balance of `board` for `color` (0x00 white, 0x80 black) in centipawns, in
/// Sargon's piece values: the pieces on the board, no exchange or en-prise deduction.
///
/// ```
/// use sargon_z80::engine::score::material;
/// use sargon_z80::position::{BLACK, Board, WHITE};
///
/// let board = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// assert_eq!((material(&board, WHITE), material(&board, BLACK)), (900, -900));
/// ```
pub fn material(board: &crate::position::Board, color: u8) -> i32 {
    use crate::position::{COLOR_MASK, is_piece, piece_type};
    board
        .cells
        .iter()
        .filter(|&&byte| is_piece(byte))
        .map(|&byte| {
            let value = PIECE_CENTIPAWNS[usize::from(piece_type(byte))];
            if byte & COLOR_MASK == color & COLOR_MASK {
                value
            } else {
                -value
            }
        })
        .sum()
}

/// What a search's answer says about the root position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// Centipawns: the root's material balance plus Sargon's change.
    Centipawns(i32),
    /// The side to move mates within the horizon.
    Mates,
    /// The side to move is mated in every line.
    Mated,
}

/// The evaluation of a search that answered SCORE+1 `score` in a root position whose material
/// balance for the side to move is `material` centipawns (see [`material`]). A book move has no
/// change of its own: the balance alone. The sign is the side to move's at every PLYMAX.
///
/// ```
/// use sargon_z80::engine::score::{Evaluation, evaluation};
///
/// assert_eq!(evaluation(0x86, 900), Evaluation::Centipawns(975));
/// assert_eq!(evaluation(0x7A, -100), Evaluation::Centipawns(-175));
/// assert_eq!(evaluation(0xFF, -900), Evaluation::Mates);
/// ```
pub const fn evaluation(score: u8, material: i32) -> Evaluation {
    match verdict(score) {
        Verdict::Centipawns(change) => Evaluation::Centipawns(material + change),
        Verdict::Book => Evaluation::Centipawns(material),
        Verdict::Mates => Evaluation::Mates,
        Verdict::Mated => Evaluation::Mated,
    }
}

/// NEG as the Z80 computes it: `(256 - v) mod 256`, which mirrors a score about 0x80.
pub const fn neg(value: u8) -> u8 {
    value.wrapping_neg()
}

/// What a SCORE+1 byte says, for the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// An evaluation: centipawns, 12.5 per unit above 0x80, truncated toward zero.
    Centipawns(i32),
    /// 0xFF: the side to move mates within the horizon.
    Mates,
    /// 0x01: the side to move is mated in every line (or is checkmated now).
    Mated,
    /// 0x00: a book move, no score.
    Book,
}

/// Reads a SCORE+1 byte.
pub const fn verdict(score: u8) -> Verdict {
    match score {
        BOOK => Verdict::Book,
        MATED => Verdict::Mated,
        MATE => Verdict::Mates,
        units => Verdict::Centipawns((units as i32 - EQUAL as i32) * HALF_CENTIPAWNS_PER_UNIT / 2),
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Centipawns(cp) => write!(f, "{cp:+} cp"),
            Verdict::Mates => f.write_str("mates within the horizon"),
            Verdict::Mated => f.write_str("mated in every line"),
            Verdict::Book => f.write_str("book move, no score"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neg_mirrors_about_0x80() {
        assert_eq!(neg(0x80), 0x80);
        assert_eq!(neg(0xFF), 0x01);
        assert_eq!(neg(0x00), 0x00);
        assert_eq!(neg(0x7A), 0x86);
    }

    #[test]
    fn verdicts_of_score_bytes() {
        assert_eq!(verdict(0x86), Verdict::Centipawns(75));
        assert_eq!(verdict(0x80), Verdict::Centipawns(0));
        assert_eq!(verdict(0x7F), Verdict::Centipawns(-12));
        assert_eq!(verdict(0x88), Verdict::Centipawns(100));
        assert_eq!(verdict(0xFE), Verdict::Centipawns(1575));
        assert_eq!(verdict(0x02), Verdict::Centipawns(-1575));
        assert_eq!(verdict(0xFF), Verdict::Mates);
        assert_eq!(verdict(0x01), Verdict::Mated);
        assert_eq!(verdict(0x00), Verdict::Book);
        assert_eq!(verdict(0x86).to_string(), "+75 cp");
        assert_eq!(verdict(0x7F).to_string(), "-12 cp");
    }
}
