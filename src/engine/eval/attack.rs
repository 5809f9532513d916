//! ATTACK in its counting mode (T1 = 7), with ATKSAV and the pin check PNCK (SARGON_EVAL.md
//! sections 5 and 6): every attacker of one square, of both colours, x-rays included, recorded as
//! nibbles in the attack rows.

use super::rays::{FAR, Rays};
use super::region::{BACT, PIN_DIRECTIONS, PLISTA, Region, WACT};
use super::tables::{DIRECT, FIRST_KNIGHT, PVALUE, QUEEN_SLOT};
use crate::position::{BLACK, Board, KING, QUEEN, WHITE};

/// Records every attacker of `square` into the rows, which the caller has cleared. `npins` is
/// the number of pins PINFND listed (0 switches the pin check off and the queen-slot rule to the
/// "behind a queen" flag, quirk Q4).
pub fn attack(board: &Board, region: &mut Region, npins: u8, square: u8) {
    attack_with(&Rays::new(board), region, npins, square);
}

/// [`attack`] with the board's ray tables already built: the lines whose first piece attacks,
/// in direction order, then the knight jumps.
#[inline]
pub(super) fn attack_with(rays: &Rays, region: &mut Region, npins: u8, square: u8) {
    let mut lines = rays.lines(square);
    while lines != 0 {
        let index = lines.trailing_zeros() as usize;
        lines &= lines - 1;
        scan_line(rays, region, npins, square, index);
    }
    let mut jumps = rays.knights(square);
    while jumps != 0 {
        let step = DIRECT[FIRST_KNIGHT + jumps.trailing_zeros() as usize];
        jumps &= jumps - 1;
        let at = square.wrapping_add(step as u8);
        record(region, npins, at, rays.cell(at), step, false);
    }
}

/// A line whose first piece attacks: that piece, then the pieces behind it of its colour as
/// long as each attacks along the line (x-ray), until a non-attacker, the other colour or the
/// border. Only the first piece can stand one step away, so only it can be a king (which ends
/// the line) or a pawn.
#[inline(always)]
fn scan_line(rays: &Rays, region: &mut Region, npins: u8, square: u8, index: usize) {
    let step = DIRECT[index];
    let first = rays.next(index, square);
    let piece = rays.cell(first);
    let mut behind_queen = piece & 7 == QUEEN;
    record(region, npins, first, piece, step, behind_queen);
    if piece & 7 == KING {
        return;
    }
    let color = piece & BLACK;
    let mut at = rays.next(index, first);
    loop {
        let piece = rays.cell(at);
        // A border byte has the colour bit set and type 7 (no attacker type), so the colour
        // test ends a white line at the border and the type test a black one.
        if piece & BLACK != color || FAR[index] & (1 << (piece & 7)) == 0 {
            return;
        }
        behind_queen |= piece & 7 == QUEEN;
        record(region, npins, at, piece, step, behind_queen);
        at = rays.next(index, at);
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
