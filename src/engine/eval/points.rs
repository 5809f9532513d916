//! POINTS (SARGON_EVAL.md section 8): development, board control of all 64 squares, exchange
//! estimates and material, and the final score byte VALM.

use super::attack::attack_with;
use super::exchange::xchng;
use super::rays::Rays;
use super::region::{BACT, Region, WACT};
use crate::position::{BISHOP, BLACK, BORDER, Board, CASTLED, KING, KNIGHT, MOVED, PAWN, WHITE};

/// What POINTS reads besides the board and the region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalInput {
    /// COLOR: the side that just moved (the side to move in the root call); bit 7 only.
    pub color: u8,
    /// MOVENO: below 7 moved rooks and queens are penalised.
    pub moveno: u8,
    /// BC0: the root's board control (0 in the root call).
    pub bc0: u8,
    /// MV0: the root's material (0 in the root call).
    pub mv0: u8,
    /// Byte +3 of the entry at MLPTRJ: the square PTSCK watches.
    pub to_square: u8,
}

/// What POINTS leaves: the score and the terms it was made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Terms {
    /// VALM: 0x80 level, below 0x80 good for COLOR.
    pub valm: u8,
    /// BRDC: board control including development, an 8-bit sum.
    pub brdc: u8,
    /// MTRL: material, white positive, an 8-bit sum.
    pub mtrl: u8,
    /// PTSL: the mover's largest expected loss.
    pub ptsl: u8,
    /// PTSW1: the largest expected gain (after the PTSCK shift of 8.5 step 1).
    pub ptsw1: u8,
    /// PTSW2: the second largest expected gain (after the PTSCK shift).
    pub ptsw2: u8,
    /// PTSCK: 0, or the to-square when the piece that just moved stands to be lost.
    pub ptsck: u8,
    /// NPINS as PINFND left it.
    pub npins: u8,
}

/// The running sums of the square loop.
#[derive(Default)]
struct Sums {
    brdc: u8,
    mtrl: u8,
    ptsl: u8,
    ptsw1: u8,
    ptsw2: u8,
    ptsck: u8,
}

/// POINTS over the board, with the pins PINFND just listed (`npins`).
pub fn points(board: &Board, region: &mut Region, npins: u8, input: &EvalInput) -> Terms {
    points_with(board, &Rays::new(board), region, npins, input)
}

/// [`points`] with the board's ray tables already built.
pub(super) fn points_with(
    board: &Board,
    rays: &Rays,
    region: &mut Region,
    npins: u8,
    input: &EvalInput,
) -> Terms {
    let mut sums = Sums::default();
    for square in 21..=98u8 {
        let piece = board.cells[square as usize];
        if piece == BORDER {
            continue;
        }
        sums.brdc = sums.brdc.wrapping_add(development(piece, input.moveno));
        region.clear_rows();
        attack_with(rays, region, npins, square);
        let control = region.read(WACT).wrapping_sub(region.read(BACT));
        sums.brdc = sums.brdc.wrapping_add(control);
        if piece != 0 {
            exchange_and_material(&mut sums, region, square, piece, input);
        }
    }
    score(sums, npins, input)
}

/// The development term of 8.2 for the byte on a square, white negative.
fn development(piece: u8, moveno: u8) -> u8 {
    let penalty = match piece & 7 {
        0 | PAWN => return 0,
        KNIGHT | BISHOP => piece & MOVED == 0,
        KING if piece & CASTLED != 0 => {
            return if piece & BLACK == WHITE {
                6
            } else {
                6u8.wrapping_neg()
            };
        }
        KING => piece & MOVED != 0,
        _ => moveno < 7 && piece & MOVED != 0,
    };
    match (penalty, piece & BLACK == WHITE) {
        (false, _) => 0,
        (true, true) => 2u8.wrapping_neg(),
        (true, false) => 2,
    }
}

/// 8.4: the exchange on an occupied square, the loss/gain bookkeeping and material.
fn exchange_and_material(
    sums: &mut Sums,
    region: &mut Region,
    square: u8,
    piece: u8,
    input: &EvalInput,
) {
    let exchange = xchng(region, piece);
    let lost = exchange.lost;
    let mut value = exchange.value;
    if lost != 0 {
        value -= 1;
        if piece & BLACK == input.color & BLACK {
            if lost >= sums.ptsl {
                sums.ptsl = lost;
                if square == input.to_square {
                    sums.ptsck = square;
                }
            }
        } else if lost >= sums.ptsw1 {
            sums.ptsw2 = sums.ptsw1;
            sums.ptsw1 = lost;
        } else if lost >= sums.ptsw2 {
            sums.ptsw2 = lost;
        }
    }
    sums.mtrl = if piece & BLACK == WHITE {
        sums.mtrl.wrapping_add(value)
    } else {
        sums.mtrl.wrapping_sub(value)
    };
}

/// 8.5: the score from the sums.
fn score(mut sums: Sums, npins: u8, input: &EvalInput) -> Terms {
    if sums.ptsck != 0 {
        sums.ptsw1 = sums.ptsw2;
        sums.ptsw2 = 0;
    }
    let lost = sums.ptsl.saturating_sub(1);
    let won = if sums.ptsw1 == 0 || sums.ptsw2 == 0 {
        0
    } else {
        (sums.ptsw2 - 1) / 2
    };
    let mut x = won.wrapping_sub(lost);
    if input.color & BLACK != 0 {
        x = x.wrapping_neg();
    }
    let m = limit(x.wrapping_add(sums.mtrl).wrapping_sub(input.mv0), 30);
    let mut c = sums.brdc.wrapping_sub(input.bc0);
    if sums.ptsck != 0 {
        c = 0;
    }
    let c = limit(c, 6);
    let s = 4 * m + c;
    let valm = if input.color & BLACK == WHITE {
        (0x80 - s) as u8
    } else {
        (0x80 + s) as u8
    };
    Terms {
        valm,
        brdc: sums.brdc,
        mtrl: sums.mtrl,
        ptsl: sums.ptsl,
        ptsw1: sums.ptsw1,
        ptsw2: sums.ptsw2,
        ptsck: sums.ptsck,
        npins,
    }
}

/// LIMIT: the byte read as signed, clamped to -k..=k.
pub fn limit(byte: u8, k: i8) -> i16 {
    i16::from((byte as i8).clamp(-k, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{QUEEN, ROOK};

    #[test]
    fn limit_reads_signed_bytes() {
        assert_eq!(limit(0x80, 30), -30);
        assert_eq!(limit(0xE2, 30), -30);
        assert_eq!(limit(0xE3, 30), -29);
        assert_eq!(limit(0x1D, 30), 29);
        assert_eq!(limit(0x1E, 30), 30);
        assert_eq!(limit(0x7F, 30), 30);
        assert_eq!(limit(0xFB, 6), -5);
    }

    #[test]
    fn development_terms_follow_the_table() {
        assert_eq!(development(KNIGHT, 2), 0xFE);
        assert_eq!(development(BLACK | BISHOP, 40), 2);
        assert_eq!(development(KNIGHT | MOVED, 2), 0);
        assert_eq!(development(KING | CASTLED | MOVED, 2), 6);
        assert_eq!(development(BLACK | KING | CASTLED, 2), 0xFA);
        assert_eq!(development(KING | MOVED, 2), 0xFE);
        assert_eq!(development(BLACK | KING, 2), 0);
        assert_eq!(development(ROOK | MOVED, 6), 0xFE);
        assert_eq!(development(BLACK | QUEEN | MOVED, 6), 2);
        assert_eq!(development(ROOK | MOVED, 7), 0);
        assert_eq!(development(QUEEN, 2), 0);
        assert_eq!(development(PAWN | MOVED, 2), 0);
        assert_eq!(development(7 | MOVED, 2), 0xFE);
    }
}
