//! ATTACK in its counting mode (T1 = 7), with ATKSAV and the pin check PNCK (SARGON_EVAL.md
//! sections 5 and 6): every attacker of one square, of both colours, x-rays included, recorded as
//! nibbles in the attack rows.

use super::region::{BACT, PIN_DIRECTIONS, PLISTA, Region, WACT};
use super::tables::{DIRECT, FIRST_KNIGHT, FIRST_ORTHOGONAL, PVALUE, QUEEN_SLOT};
use crate::position::{
    BISHOP, BLACK, BORDER, Board, EMPTY, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE,
};

/// Records every attacker of `square` into the rows, which the caller has cleared. `npins` is
/// the number of pins PINFND listed (0 switches the pin check off and the queen-slot rule to the
/// "behind a queen" flag, quirk Q4).
pub fn attack(board: &Board, region: &mut Region, npins: u8, square: u8) {
    for (index, &step) in DIRECT.iter().enumerate() {
        if index >= FIRST_KNIGHT {
            let at = square.wrapping_add(step as u8);
            let piece = board.cells[at as usize];
            // A border byte has type 7, so the type test alone finds knights of both colours.
            if piece & 7 == KNIGHT {
                record(region, npins, at, piece, step, false);
            }
        } else {
            scan_line(board, region, npins, square, index, step);
        }
    }
}

/// One of the 8 lines: pieces of the first piece's colour only, each an attacker along the line
/// (x-ray), until a non-attacker, a king, the other colour or the border.
fn scan_line(board: &Board, region: &mut Region, npins: u8, square: u8, index: usize, step: i8) {
    let mut at = square;
    let mut distance = 0u8;
    let mut line_color = None;
    let mut behind_queen = false;
    loop {
        at = at.wrapping_add(step as u8);
        distance += 1;
        let piece = board.cells[at as usize];
        if piece == EMPTY {
            continue;
        }
        if piece == BORDER {
            return;
        }
        let color = piece & BLACK;
        match line_color {
            None => line_color = Some(color),
            Some(first) if first != color => return,
            Some(_) => {}
        }
        let kind = piece & 7;
        let attacks = match kind {
            QUEEN => {
                behind_queen = true;
                true
            }
            KING => distance == 1,
            ROOK => index >= FIRST_ORTHOGONAL,
            BISHOP => index < FIRST_ORTHOGONAL,
            PAWN => distance == 1 && pawn_attacks_along(color, index),
            _ => false,
        };
        if !attacks {
            return;
        }
        record(region, npins, at, piece, step, behind_queen);
        if kind == KING {
            return;
        }
    }
}

/// A pawn one diagonal step away attacks when it captures toward the square: a black pawn from
/// +9/+11 (indices 0, 1), a white one from -11/-9 (indices 2, 3).
fn pawn_attacks_along(color: u8, index: usize) -> bool {
    if color == WHITE {
        index == 2 || index == 3
    } else {
        index < 2
    }
}

/// ATKSAV: the pin check, the slot choice and the nibble write for the attacker on `at`.
fn record(region: &mut Region, npins: u8, at: u8, piece: u8, step: i8, behind_queen: bool) {
    let queen_slot = if npins == 0 {
        behind_queen
    } else {
        if !passes_pin_check(region, npins, at, step) {
            return;
        }
        step < 0
    };
    let kind = (piece & 7) as usize;
    let row = if piece & BLACK == WHITE { WACT } else { BACT };
    let slot = row + if queen_slot { QUEEN_SLOT } else { kind };
    save(region, row, slot, PVALUE[kind]);
}

/// PNCK: an attacker listed once in the pin list passes only along its pin line (either way);
/// listed twice it never passes.
fn passes_pin_check(region: &mut Region, npins: u8, at: u8, step: i8) -> bool {
    let step = step as u8;
    let mut matched = false;
    for index in 0..npins as usize {
        if region.read(PLISTA + index) != at {
            continue;
        }
        if matched {
            return false;
        }
        let direction = region.read(PIN_DIRECTIONS + index);
        if direction != step && direction.wrapping_neg() != step {
            return false;
        }
        matched = true;
    }
    true
}

/// Counts the attacker in its row and puts its value in the slot: low nibble first, then high,
/// then (slot full, quirk Q5) shifted into the next byte, whose old high nibble is lost.
fn save(region: &mut Region, row: usize, slot: usize, value: u8) {
    let count = region.read(row);
    region.write(row, count.wrapping_add(1));
    let byte = region.read(slot);
    if byte & 0x0F == 0 {
        region.write(slot, value);
    } else if byte & 0xF0 == 0 {
        region.write(slot, (value << 4) | byte);
    } else {
        let next = region.read(slot + 1);
        region.write(slot + 1, (next << 4) | value);
    }
}
