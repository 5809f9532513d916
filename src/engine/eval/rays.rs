//! Per-evaluation look-up tables that let ATTACK's scans jump from piece to piece. Built once
//! per PINFND + POINTS from the board as it stands:
//! - for each of the 8 king lines and every square, the first cell along the line that is not
//!   empty (a piece or the border);
//! - for every square, which lines start with a piece that attacks it (bit i for DIRECT[i]),
//!   so that a scan only looks at lines with an attacker;
//! - for every square, which knight jumps land on a knight (bit i for DIRECT[8 + i]).
//!
//! The scans then meet exactly the pieces the 1978 code's square-by-square stepping meets, in
//! the same order. Tables have 256 entries so that a byte index needs no bounds check.

use super::tables::{DIRECT, FIRST_KNIGHT, FIRST_ORTHOGONAL};
use crate::position::{BISHOP, BORDER, Board, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// The 64 playing squares in increasing index order.
const SQUARES: [u8; 64] = {
    let mut squares = [0u8; 64];
    let mut index = 0;
    while index < 64 {
        squares[index] = 21 + (index % 8) as u8 + 10 * (index / 8) as u8;
        index += 1;
    }
    squares
};

/// Piece types (bit = type) that attack along line `index` from two or more steps away: bishop
/// and queen on the diagonals, rook and queen on the orthogonals.
pub const FAR: [u8; 8] = {
    let mut masks = [0u8; 8];
    let mut index = 0;
    while index < 8 {
        masks[index] = if index < FIRST_ORTHOGONAL {
            (1 << BISHOP) | (1 << QUEEN)
        } else {
            (1 << ROOK) | (1 << QUEEN)
        };
        index += 1;
    }
    masks
};

/// Piece types that attack along line `index` from one step away, by colour (white, black):
/// the far attackers, the king, and a pawn capturing toward the square (a black pawn from +9
/// or +11, lines 0 and 1; a white one from -11 or -9, lines 2 and 3).
const NEAR: [[u8; 2]; 8] = {
    let mut masks = [[0u8; 2]; 8];
    let mut index = 0;
    while index < 8 {
        let base = FAR[index] | (1 << KING);
        let pawn = 1 << PAWN;
        masks[index] = match index {
            0 | 1 => [base, base | pawn],
            2 | 3 => [base | pawn, base],
            _ => [base, base],
        };
        index += 1;
    }
    masks
};

/// The tables for one board.
pub struct Rays {
    /// BOARDA, with border bytes beyond its 120 cells.
    cells: [u8; 256],
    /// `next[line][square]`: the first non-empty cell from `square` along DIRECT[line].
    next: [[u8; 256]; 8],
    /// Bit i set when the first piece along DIRECT[i] from the square attacks it.
    lines: [u8; 256],
    /// Bit i set when the square's knight jump DIRECT[8 + i] lands on a knight (either colour).
    knights: [u8; 256],
}

impl Rays {
    /// The tables of `board`.
    #[inline]
    pub fn new(board: &Board) -> Rays {
        let mut rays = Rays {
            cells: [BORDER; 256],
            next: [[BORDER; 256]; 8],
            lines: [0; 256],
            knights: [0; 256],
        };
        rays.cells[..120].copy_from_slice(&board.cells);
        rays.fill_line::<0>();
        rays.fill_line::<1>();
        rays.fill_line::<2>();
        rays.fill_line::<3>();
        rays.fill_line::<4>();
        rays.fill_line::<5>();
        rays.fill_line::<6>();
        rays.fill_line::<7>();
        for &square in &SQUARES {
            if rays.cells[square as usize] & 7 == KNIGHT {
                for (bit, &step) in DIRECT[FIRST_KNIGHT..].iter().enumerate() {
                    rays.knights[square.wrapping_sub(step as u8) as usize] |= 1 << bit;
                }
            }
        }
        rays
    }

    /// `next` and the `lines` bit of one line for all squares; the cell one step ahead is done
    /// before the square itself.
    fn fill_line<const LINE: usize>(&mut self) {
        if DIRECT[LINE] > 0 {
            SQUARES
                .iter()
                .rev()
                .for_each(|&square| self.fill::<LINE>(square));
        } else {
            SQUARES.iter().for_each(|&square| self.fill::<LINE>(square));
        }
    }

    #[inline(always)]
    fn fill<const LINE: usize>(&mut self, square: u8) {
        let ahead = square.wrapping_add(DIRECT[LINE] as u8);
        let first = if self.cells[ahead as usize] == EMPTY {
            self.next[LINE][ahead as usize]
        } else {
            ahead
        };
        self.next[LINE][square as usize] = first;
        let piece = self.cells[first as usize];
        let attackers = if first == ahead {
            NEAR[LINE][(piece >> 7) as usize]
        } else {
            FAR[LINE]
        };
        // A border byte is type 7, which no mask holds.
        if attackers & (1 << (piece & 7)) != 0 {
            self.lines[square as usize] |= 1 << LINE;
        }
    }

    /// The byte at a board index.
    #[inline(always)]
    pub fn cell(&self, index: u8) -> u8 {
        self.cells[index as usize]
    }

    /// The first non-empty cell from `square` (a playing square) along DIRECT[line].
    #[inline(always)]
    pub fn next(&self, line: usize, square: u8) -> u8 {
        self.next[line & 7][square as usize]
    }

    /// The lines (bit i = DIRECT[i]) whose first piece attacks `square`.
    #[inline(always)]
    pub fn lines(&self, square: u8) -> u8 {
        self.lines[square as usize]
    }

    /// The knight-jump directions (bit i = DIRECT[8 + i]) from `square` that reach a knight.
    #[inline(always)]
    pub fn knights(&self, square: u8) -> u8 {
        self.knights[square as usize]
    }
}
