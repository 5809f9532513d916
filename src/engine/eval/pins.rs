//! PINFND: the pin list (SARGON_EVAL.md section 4), pins against kings and queens of both
//! colours, written into PLISTA without a limit check (quirk Q12).

use super::super::anomaly::Anomalies;
use super::attack::attack_with;
use super::rays::Rays;
use super::region::{BACT, PLISTA, POSK, Region, TERMINATOR, WACT};
use super::tables::{DIRECT, FIRST_ORTHOGONAL};
use crate::position::{BISHOP, BLACK, BORDER, Board, QUEEN, ROOK, is_playing_square};

/// Finds the pins around the four royal squares `POSK[0]`, `POSK[1]`, `POSQ[0]`, `POSQ[1]` as the region
/// holds them and returns NPINS. Whatever stands on a royal square counts as royal (a stale POSQ
/// included, quirk Q8); an empty square acts as a white one.
pub fn pinfnd(board: &Board, region: &mut Region) -> u8 {
    pinfnd_with(board, &Rays::new(board), region)
}

/// [`pinfnd`] with the board's ray tables already built.
pub(super) fn pinfnd_with(board: &Board, rays: &Rays, region: &mut Region) -> u8 {
    let mut npins = 0u8;
    for offset in POSK..TERMINATOR {
        let royal = region.read(offset);
        if royal == 0 {
            continue;
        }
        if !is_playing_square(royal) {
            region.mark(Anomalies::ROYAL_OFF_BOARD);
            continue;
        }
        for index in 0..FIRST_ORTHOGONAL * 2 {
            pin_on_line(board, rays, region, &mut npins, royal, index);
        }
    }
    if region.read(TERMINATOR) != 0xFF {
        // The Z80 would read on into SCORE for more royal squares.
        region.mark(Anomalies::TERMINATOR);
    }
    npins
}

/// Looks along one king line from the royal square: one own piece, then an enemy piece that
/// pins it along this line.
fn pin_on_line(
    board: &Board,
    rays: &Rays,
    region: &mut Region,
    npins: &mut u8,
    royal: u8,
    index: usize,
) {
    let step = DIRECT[index];
    let royal_piece = board.cells[royal as usize];
    let own = royal_piece & BLACK;
    let mut at = royal;
    let mut candidate = None;
    loop {
        at = rays.next(index, at);
        let piece = board.cells[at as usize];
        if piece == BORDER {
            return;
        }
        if piece & BLACK == own {
            if candidate.is_some() {
                return;
            }
            candidate = Some(at);
            continue;
        }
        let Some(pinned) = candidate else {
            return;
        };
        let pins = match piece & 7 {
            ROOK => index >= FIRST_ORTHOGONAL,
            BISHOP => index < FIRST_ORTHOGONAL,
            QUEEN if royal_piece & 7 != QUEEN => true,
            QUEEN => queen_outnumbered(rays, region, *npins, royal, own),
            _ => false,
        };
        if pins {
            *npins = npins.wrapping_add(1);
            let n = *npins as usize;
            region.write(PLISTA + 9 + n, step as u8);
            region.write(PLISTA + n - 1, pinned);
        }
        return;
    }
}

/// The queen-against-queen test: a full attack count on the royal queen's square with the pins
/// found so far; a pin only when own count - other count - 1 is negative as a signed byte.
fn queen_outnumbered(rays: &Rays, region: &mut Region, npins: u8, royal: u8, own: u8) -> bool {
    region.clear_rows();
    attack_with(rays, region, npins, royal);
    let (white, black) = (region.read(WACT), region.read(BACT));
    let (mine, theirs) = if own == BLACK {
        (black, white)
    } else {
        (white, black)
    };
    (mine.wrapping_sub(theirs).wrapping_sub(1) as i8) < 0
}
