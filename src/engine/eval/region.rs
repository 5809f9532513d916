//! The evaluation's memory: WACT, BACT, PLISTA, POSK, POSQ and the 0xFF after them, back to back.
//!
//! On the Z80 these 39 bytes (0x012C..0x0152) are contiguous, and three quirks write or read past
//! one part into the next (SARGON_EVAL.md Q5, Q6, Q12): a full king slot spills into BACT or
//! PLISTA, an exchange take whose row lost nibbles reads on through the pin list into POSK and
//! POSQ and halves what it finds, more than 10 pins write their directions over POSK and POSQ.
//! So the model keeps the same bytes in the same order, and they persist from one evaluation to
//! the next within a search, stale pins included. POSK and POSQ here are copies of the board's
//! [`Board::posk`] and [`Board::posq`]: loaded before PINFND, stored back after POINTS, which is
//! the same as sharing them, since only the evaluation touches this copy and only MOVE/UNMOVE
//! touch the board's between evaluations.

use super::super::anomaly::Anomalies;
use crate::position::Board;

/// 1978 address of the first byte (WACT).
pub const REGION_ADDRESS: u16 = 0x012C;
/// Number of modelled bytes: WACT (7), BACT (7), PLISTA (20), POSK (2), POSQ (2), 0xFF (1).
pub const REGION_LEN: usize = 39;
/// Offset of WACT, the white attack row (count byte, then slots for types 1..6).
pub const WACT: usize = 0;
/// Offset of BACT, the black attack row.
pub const BACT: usize = 7;
/// Offset of PLISTA: pin squares at +0..+9.
pub const PLISTA: usize = 14;
/// Offset of the pin directions, PLISTA + 10.
pub const PIN_DIRECTIONS: usize = 24;
/// Offset of POSK (white, black).
pub const POSK: usize = 34;
/// Offset of POSQ (white, black).
pub const POSQ: usize = 36;
/// Offset of the 0xFF that ends PINFND's list of royal squares.
pub const TERMINATOR: usize = 38;

/// Room for writes past the region (flagged, never read back as if they were the Z80's):
/// pin 32, the most four royal squares can give, writes its direction at offset 55.
const SPILL: usize = 64;

/// The 39 bytes plus the anomaly marks of everything done to them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    bytes: [u8; SPILL],
    anomalies: Anomalies,
}

impl Region {
    /// The region as a freshly loaded 1978 image holds it before a search: rows and pin list
    /// zero, POSK and POSQ from the board, 0xFF after them.
    pub fn fresh(board: &Board) -> Region {
        let mut region = Region {
            bytes: [0; SPILL],
            anomalies: Anomalies::NONE,
        };
        region.bytes[TERMINATOR] = 0xFF;
        region.load_royals(board);
        region
    }

    /// A region with exactly these 39 bytes (for tests and for comparing with emulated memory).
    pub fn from_bytes(bytes: [u8; REGION_LEN]) -> Region {
        let mut region = Region {
            bytes: [0; SPILL],
            anomalies: Anomalies::NONE,
        };
        region.bytes[..REGION_LEN].copy_from_slice(&bytes);
        region
    }

    /// The 39 bytes 0x012C..0x0152.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes[..REGION_LEN]
    }

    /// WACT..BACT+6: the two attack rows.
    pub fn rows(&self) -> &[u8] {
        &self.bytes[WACT..PLISTA]
    }

    /// Pin squares PLISTA+0..+9.
    pub fn pin_squares(&self) -> &[u8] {
        &self.bytes[PLISTA..PIN_DIRECTIONS]
    }

    /// Pin directions PLISTA+10..+19 (signed steps as bytes).
    pub fn pin_directions(&self) -> &[u8] {
        &self.bytes[PIN_DIRECTIONS..POSK]
    }

    /// POSK as the region holds it.
    pub fn posk(&self) -> [u8; 2] {
        [self.bytes[POSK], self.bytes[POSK + 1]]
    }

    /// POSQ as the region holds it.
    pub fn posq(&self) -> [u8; 2] {
        [self.bytes[POSQ], self.bytes[POSQ + 1]]
    }

    /// Every anomaly met since the region was made.
    pub fn anomalies(&self) -> Anomalies {
        self.anomalies
    }

    /// Copies the board's POSK and POSQ in (before PINFND).
    pub fn load_royals(&mut self, board: &Board) {
        self.bytes[POSK..POSK + 2].copy_from_slice(&board.posk);
        self.bytes[POSQ..POSQ + 2].copy_from_slice(&board.posq);
    }

    /// Copies POSK and POSQ back to the board (after POINTS) and checks the end of the region.
    pub fn store_royals(&mut self, board: &mut Board) {
        if self.posk() != board.posk {
            self.anomalies.insert(Anomalies::KING_SQUARE);
        }
        board.posk = self.posk();
        board.posq = self.posq();
        if self.bytes[TERMINATOR] != 0xFF {
            self.anomalies.insert(Anomalies::TERMINATOR);
        }
        if self.bytes[REGION_LEN..].iter().any(|&byte| byte != 0) {
            self.anomalies.insert(Anomalies::OUTSIDE_REGION);
        }
    }

    /// Zeroes the 14 bytes WACT..BACT+6.
    pub fn clear_rows(&mut self) {
        self.bytes[WACT..PLISTA].fill(0);
    }

    /// The byte at `offset`; past the region it marks the anomaly (the model holds no SCORE).
    #[inline]
    pub(crate) fn read(&mut self, offset: usize) -> u8 {
        if offset >= REGION_LEN {
            self.anomalies.insert(Anomalies::OUTSIDE_REGION);
        }
        self.bytes.get(offset).copied().unwrap_or(0)
    }

    /// Writes the byte at `offset` (inside the region or its spill room).
    #[inline]
    pub(crate) fn write(&mut self, offset: usize, byte: u8) {
        match self.bytes.get_mut(offset) {
            Some(slot) => *slot = byte,
            None => self.anomalies.insert(Anomalies::OUTSIDE_REGION),
        }
    }

    /// Marks an anomaly met by a routine working on the region.
    pub(crate) fn mark(&mut self, anomaly: Anomalies) {
        self.anomalies.insert(anomaly);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_region_holds_the_royal_squares_and_the_terminator() {
        let region = Region::fresh(&Board::startpos());
        let mut expected = [0u8; REGION_LEN];
        expected[POSK..].copy_from_slice(&[25, 95, 24, 94, 0xFF]);
        assert_eq!(region.bytes(), &expected[..]);
        assert_eq!(REGION_ADDRESS as usize + TERMINATOR, 0x0152);
        assert_eq!(REGION_ADDRESS as usize + PLISTA, 0x013A);
        assert_eq!(REGION_ADDRESS as usize + POSK, 0x014E);
    }

    #[test]
    fn a_changed_terminator_and_king_square_are_marked() {
        let mut board = Board::startpos();
        let mut region = Region::fresh(&board);
        region.write(POSK, 1);
        region.write(TERMINATOR, 0x0F);
        region.store_royals(&mut board);
        assert_eq!(board.posk, [1, 95]);
        assert!(region.anomalies().contains(Anomalies::KING_SQUARE));
        assert!(region.anomalies().contains(Anomalies::TERMINATOR));
        assert!(!region.anomalies().contains(Anomalies::OUTSIDE_REGION));
        assert_eq!(region.read(40), 0);
        assert!(region.anomalies().contains(Anomalies::OUTSIDE_REGION));
    }
}
