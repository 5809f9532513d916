//! XCHNG and NEXTAD (SARGON_EVAL.md section 7): the exchange estimate on an occupied square,
//! taking attackers from the rows as ATTACK left them, lost nibbles and all (quirk Q6).

use super::region::{BACT, REGION_LEN, Region, WACT};
use super::tables::PVALUE;
use crate::position::BLACK;

/// XCHNG's result for the piece on the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// L: what the owner of the piece loses, a byte (0..=D with rows as ATTACK builds them).
    pub lost: u8,
    /// D: twice the piece's value.
    pub value: u8,
}

/// The takes from the two rows: strict alternation, attacking row first.
struct Takes {
    /// Cursor per row (offset of the byte before the next one looked at): attacking, defending.
    cursor: [usize; 2],
    /// Attackers left per row, from the count bytes.
    remaining: [u8; 2],
    /// The row the next take reads: 0 attacking, 1 defending.
    turn: usize,
}

impl Takes {
    /// NEXTAD: the next value (doubled) from the row whose turn it is; None when the row is
    /// exhausted or the nibble read is 0. Reads on past the row while it finds zero bytes.
    fn take(&mut self, region: &mut Region) -> Option<u8> {
        let row = self.turn;
        self.turn ^= 1;
        if self.remaining[row] == 0 {
            return None;
        }
        self.remaining[row] -= 1;
        let mut at = self.cursor[row] + 1;
        while region.read(at) == 0 {
            if at >= REGION_LEN {
                return None; // marked by the read: the Z80 would go on into SCORE
            }
            at += 1;
        }
        let byte = region.read(at);
        region.write(at, byte >> 4);
        self.cursor[row] = at - 1;
        let nibble = byte & 0x0F;
        (nibble != 0).then_some(nibble * 2)
    }
}

/// XCHNG for `piece` (the byte on the square) with the rows in the region.
pub fn xchng(region: &mut Region, piece: u8) -> Exchange {
    let value = 2 * PVALUE[(piece & 7) as usize];
    let (attacking, defending) = if piece & BLACK == 0 {
        (BACT, WACT)
    } else {
        (WACT, BACT)
    };
    let mut takes = Takes {
        cursor: [attacking, defending],
        remaining: [region.read(attacking), region.read(defending)],
        turn: 0,
    };
    Exchange {
        lost: exchange(region, &mut takes, value),
        value,
    }
}

/// The exchange loop: X is the value of the piece now standing on the square, C the next
/// capturer; "+" when C comes from the attacking row, "-" from the defending one.
fn exchange(region: &mut Region, takes: &mut Takes, value: u8) -> u8 {
    let mut lost = 0u8;
    let mut x = value;
    let Some(mut c) = takes.take(region) else {
        return 0;
    };
    let mut c_attacks = true;
    loop {
        let signed = |lost: u8, x: u8| {
            if c_attacks {
                lost.wrapping_add(x)
            } else {
                lost.wrapping_sub(x)
            }
        };
        let Some(r) = takes.take(region) else {
            return signed(lost, x);
        };
        if x >= c {
            lost = signed(lost, x);
            x = c;
            c = r;
            c_attacks = !c_attacks;
            continue;
        }
        return give_up_or_free(region, takes, c, r, signed(lost, x), lost);
    }
}

/// The "X < C" branch: skips attacker/defender pairs, never compares X again, and either gives
/// up (L unchanged) or ends with the last capturer taking X for free (quirk Q15).
fn give_up_or_free(
    region: &mut Region,
    takes: &mut Takes,
    mut c: u8,
    mut y: u8,
    with_capture: u8,
    without: u8,
) -> u8 {
    loop {
        if y < c {
            return without;
        }
        let Some(next) = takes.take(region) else {
            return without;
        };
        c = next;
        let Some(next) = takes.take(region) else {
            return with_capture;
        };
        y = next;
    }
}
